/**
 * Identical frontmatter blocks are parsed once per process (docs/speed.md). The cached result is shared,
 * so what each file gets must still be its own: offsets in its own text, objects it may change.
 */
import { strict as assert } from 'node:assert';
import { parseInstructions } from '../../../src/resolver/frontmatter';

describe('frontmatter: one parse per distinct block', () => {
  const block = 'applies_to: ["src/**"]\nexcludes: ["**/*.d.ts"]\nmode: replace\npriority: 2\nbogus: 1\n';

  it('places keys at their offsets in each file, whatever the opening fence looks like', () => {
    for (const fence of ['---', '---   ', '--- \r', '---\r']) {
      const text = `${fence}\n${block}---\nbody\n`;
      const parsed = parseInstructions(text);
      const fresh = parseInstructions(text);
      assert.deepEqual(parsed, fresh);
      assert.deepEqual(parsed.blockRange, [fence.length + 1, fence.length + 1 + block.length]);
      for (const k of parsed.keys) {
        assert.equal(text.slice(k.keyRange[0], k.keyRange[1]), k.key, `${JSON.stringify(fence)}: ${k.key}`);
      }
      const mode = parsed.keys.find((k) => k.key === 'mode')!;
      assert.equal(text.slice(mode.valueRange![0], mode.valueRange![1]), 'replace');
      assert.equal(mode.line, 4);
      assert.deepEqual(parsed.metadata, {
        applies_to: ['src/**'],
        excludes: ['**/*.d.ts'],
        priority: 2,
        mode: 'replace',
        required_validation: [],
      });
      assert.deepEqual(
        parsed.diagnostics.map((d) => [d.code, d.line]),
        [['unknown-key', 6]],
      );
      assert.equal(parsed.content, 'body\n');
    }
  });

  it('gives every file objects of its own', () => {
    const text = `---\n${block}---\nbody\n`;
    const a = parseInstructions(text);
    a.metadata!.excludes.push('x');
    a.metadata!.applies_to!.push('y');
    a.metadata!.priority = 99;
    a.diagnostics[0].message = 'changed';
    a.keys[0].keyRange[0] = -1;
    const b = parseInstructions(`---\n${block}---\nother body\n`);
    assert.deepEqual(b.metadata, {
      applies_to: ['src/**'],
      excludes: ['**/*.d.ts'],
      priority: 2,
      mode: 'replace',
      required_validation: [],
    });
    assert.equal(b.diagnostics[0].message, 'unknown key "bogus" ignored');
    assert.equal(b.keys[0].keyRange[0], 4);
    assert.equal(b.content, 'other body\n');
  });

  it('caches malformed blocks with their file lines too', () => {
    const bad = 'applies_to: [unclosed\n';
    for (const body of ['one\n', 'two\n']) {
      const parsed = parseInstructions(`---\n${bad}---\n${body}`);
      assert.equal(parsed.metadata, null);
      assert.equal(parsed.content, `---\n${bad}---\n${body}`);
      assert.equal(parsed.diagnostics[0].code, 'malformed-frontmatter');
      assert.ok(parsed.diagnostics[0].line! >= 2);
    }
  });
});
