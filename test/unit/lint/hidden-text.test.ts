// A `---` block holding no Holaryn key (a Markdown rule around a note, YAML of no use to Holaryn)
// is still frontmatter: its lines never reach the model, and the finding says so.
import { strict as assert } from 'node:assert';
import { parseInstructions } from '../../../src/resolver';
import { lintFile } from '../../../src/lint';

describe('lint: text hidden in a frontmatter block without a Holaryn key', () => {
  it('a note between two rules parses as unknown keys: their message says lines 2-3 do not reach the model', () => {
    const text = '---\nNote: run the tests first\nOwner: platform team\n---\n# Rules\n';
    assert.equal(parseInstructions(text).content, '# Rules\n');
    const findings = lintFile('AGENTS.md', text);
    assert.deepEqual(
      findings.map((f) => `${f.line} ${f.code}`),
      ['2 unknown-key', '3 unknown-key'],
    );
    for (const f of findings) {
      assert.match(f.message, /^unknown key "(Note|Owner)" ignored; /);
      assert.match(f.message, /lines 2-3 .*do not reach the model/);
      assert.match(f.message, /\*\*\*/);
    }
  });

  it('a block of YAML comments only (a heading between rules): a warning on the opening fence', () => {
    const text = '---\n# Project rules\n\n---\nUse pnpm.\n';
    assert.equal(parseInstructions(text).content, 'Use pnpm.\n');
    const findings = lintFile('AGENTS.md', text);
    assert.deepEqual(
      findings.map((f) => `${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.severity} ${f.code}`),
      ['1:1-1:4 warning frontmatter-hides-text'],
    );
    assert.match(findings[0].message, /lines 2-3 .*do not reach the model/);
  });

  it("no finding for an empty block, a block with a Holaryn key, or another tool's frontmatter", () => {
    assert.deepEqual(lintFile('AGENTS.md', '---\n---\nx\n'), []);
    assert.deepEqual(lintFile('AGENTS.md', '---\n\n  \n---\nx\n'), []);
    assert.deepEqual(
      lintFile('AGENTS.md', '---\npriority: 1\nowner: x\n---\nx\n').map((f) => f.message),
      ['unknown key "owner" ignored'],
    );
    const copilot = lintFile('AGENTS.md', '---\napplyTo: "**/*.ts"\n---\nx\n');
    assert.deepEqual(
      copilot.map((f) => f.code),
      ['foreign-key'],
    );
  });

  it('prose between rules that is not a mapping stays content (malformed frontmatter says so already)', () => {
    const text = '---\nRemember to run the tests\n---\n';
    assert.equal(parseInstructions(text).content, text);
    const [f] = lintFile('AGENTS.md', text);
    assert.equal(f.code, 'malformed-frontmatter');
    assert.match(f.message, /whole file is used as content/);
  });
});
