/** Contract §4: frontmatter fences, keys and values, malformed blocks, limits, content and encoding. */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_BRACE_ALTERNATIVES, MAX_PATTERNS_PER_KEY, MAX_PATTERN_LENGTH } from '../../src/resolver/limits';
import { MAX_CONTENT_BYTES, MAX_FRONTMATTER_BYTES } from '../../src/resolver';
import { DEFAULT_METADATA, cps, diags, fm, maybeSource, resolve, source } from '../helpers/tree';
import { READ_BYTES, boundedDigest } from '../../src/resolver/read';

/** Resolves a root AGENTS.md with `text` for target `a.ts`. */
function one(text: string | Uint8Array, target = 'a.ts') {
  const { ev } = resolve({ 'AGENTS.md': text, 'CLAUDE.md': 'other\n' }, [target]);
  return { ev, s: maybeSource(ev, 'AGENTS.md') };
}

const MiB = 1024 * 1024;

describe('contract §4 Frontmatter', () => {
  describe('§4 a file may begin (after an optional BOM) with a line that is exactly ---, a YAML block, and the next line that is exactly --- (trailing spaces and \\r allowed)', () => {
    // [case, file text, content expected, priority expected (undefined: no frontmatter)]
    const fences: [string, string, string, number | undefined][] = [
      ['LF fences', '---\npriority: 2\n---\nBody\n', 'Body\n', 2],
      ['UTF-8 BOM before the opening fence', '\uFEFF---\npriority: 2\n---\nBody\n', 'Body\n', 2],
      ['CRLF line ends: fences with \\r, content keeps its CRLF', '---\r\npriority: 2\r\n---\r\nBody\r\nMore\r\n', 'Body\r\nMore\r\n', 2],
      ['BOM and CRLF together', '\uFEFF---\r\npriority: 2\r\n---\r\nBody\r\n', 'Body\r\n', 2],
      ['trailing spaces on the opening fence', '---   \npriority: 2\n---\nBody\n', 'Body\n', 2],
      ['trailing spaces on the closing fence', '---\npriority: 2\n---  \nBody\n', 'Body\n', 2],
      ['trailing spaces then \\r on both fences', '---  \r\npriority: 2\r\n--- \r\nBody\n', 'Body\n', 2],
      ['closing fence is the last line, no newline', '---\npriority: 2\n---', '', 2],
      [
        'content after the fence is exact (blank lines, indentation, trailing spaces)',
        '---\npriority: 2\n---\n\n  Body  \n\n\n',
        '\n  Body  \n\n\n',
        2,
      ],
      ['a later --- line is ordinary content', '---\npriority: 2\n---\nX\n---\nY\n', 'X\n---\nY\n', 2],
      // Not fences: the file has no frontmatter at all (no diagnostic, the whole file is content).
      ['leading space before ---: no frontmatter', ' ---\npriority: 2\n---\nBody\n', ' ---\npriority: 2\n---\nBody\n', undefined],
      ['---- is not a fence', '----\npriority: 2\n----\nBody\n', '----\npriority: 2\n----\nBody\n', undefined],
      ['--- followed by text is not a fence', '--- x\npriority: 2\n---\nBody\n', '--- x\npriority: 2\n---\nBody\n', undefined],
      [
        'a tab after the opening fence: no frontmatter (only spaces and \\r may trail)',
        '---\t\npriority: 2\n---\nBody\n',
        '---\t\npriority: 2\n---\nBody\n',
        undefined,
      ],
      ['a blank first line: no frontmatter', '\n---\npriority: 2\n---\nBody\n', '\n---\npriority: 2\n---\nBody\n', undefined],
      ['no frontmatter, BOM dropped', '\uFEFFPlain text\n', 'Plain text\n', undefined],
    ];
    for (const [name, text, content, priority] of fences) {
      it(`§4 fences: ${name}`, () => {
        const { ev, s } = one(text);
        assert.ok(s);
        assert.equal(s.content, content);
        if (priority === undefined) {
          assert.equal(s.metadata, null);
          assert.deepEqual(diags(ev, undefined, 'AGENTS.md'), []);
        } else {
          assert.deepEqual(s.metadata, { ...DEFAULT_METADATA, priority });
          assert.deepEqual(diags(ev, undefined, 'AGENTS.md'), []);
        }
      });
    }

    it('§4 an empty block is an empty mapping: valid, all defaults', () => {
      for (const text of ['---\n---\nBody\n', '---\r\n---\r\nBody\n', '---\n# only a comment\n---\nBody\n']) {
        const { ev, s } = one(text);
        assert.ok(s);
        assert.deepEqual(s.metadata, DEFAULT_METADATA, JSON.stringify(text));
        assert.equal(s.content, 'Body\n');
        assert.deepEqual(diags(ev, undefined, 'AGENTS.md'), []);
      }
    });
  });

  describe('§4 keys: applies_to, excludes, priority, mode, required_validation (valid values and defaults)', () => {
    it('§4 absent keys take their defaults (applies_to null, excludes [], priority 0, mode append, required_validation [])', () => {
      const { s } = one(fm('owner: x'));
      assert.deepEqual(s?.metadata, DEFAULT_METADATA);
    });

    // [yaml, expected effective metadata (partial)]
    const valid: [string, Record<string, unknown>][] = [
      ['applies_to: "*.ts"', { applies_to: ['*.ts'] }], // a single string means a one-item list
      ['applies_to: ["*.ts", "docs/**"]', { applies_to: ['*.ts', 'docs/**'] }], // flow array
      ['applies_to:\n  - "*.ts"\n  - docs/**', { applies_to: ['*.ts', 'docs/**'] }], // dash list
      ['applies_to: "*.{ts,tsx}"', { applies_to: ['*.{ts,tsx}'] }], // commas are never split
      ['applies_to: src/a.ts, src/b.ts', { applies_to: ['src/a.ts, src/b.ts'] }], // one plain string, commas kept
      ['applies_to: "..a/*"', { applies_to: ['..a/*'] }], // `..a` is not a `..` segment
      ['excludes: "generated/*"', { excludes: ['generated/*'] }],
      ['excludes: ["a", "b"]', { excludes: ['a', 'b'] }],
      ['excludes:\n  - a\n  - b', { excludes: ['a', 'b'] }],
      ['priority: 0', { priority: 0 }],
      ['priority: 7', { priority: 7 }],
      ['priority: -1000', { priority: -1000 }], // lower bound inclusive
      ['priority: 1000', { priority: 1000 }], // upper bound inclusive
      ['mode: append', { mode: 'append' }],
      ['mode: replace', { mode: 'replace' }],
      ['mode: "replace"', { mode: 'replace' }],
      ['required_validation: npm test', { required_validation: ['npm test'] }],
      ['required_validation: ["npm test", "npm run lint"]', { required_validation: ['npm test', 'npm run lint'] }],
      ['required_validation:\n  - npm test\n  - npm run lint', { required_validation: ['npm test', 'npm run lint'] }],
      [
        'applies_to: "**/*.ts"\nexcludes: "**/*.d.ts"\npriority: -3\nmode: replace\nrequired_validation: make check',
        { applies_to: ['**/*.ts'], excludes: ['**/*.d.ts'], priority: -3, mode: 'replace', required_validation: ['make check'] },
      ],
    ];
    for (const [yaml, expected] of valid) {
      it(`§4 valid: ${JSON.stringify(yaml)}`, () => {
        const { ev, s } = one(fm(yaml), 'src/a.ts');
        assert.deepEqual(s?.metadata, { ...DEFAULT_METADATA, ...expected });
        assert.deepEqual(diags(ev, undefined, 'AGENTS.md'), []);
      });
    }
  });

  describe('§4 an unknown key gets unknown-key and is ignored', () => {
    // Near misses are unknown keys too: names are exact.
    for (const yaml of ['owner: web', 'Priority: 5', 'applies-to: "*.ts"', 'appliesTo: "*.ts"', '"priority ": 5']) {
      it(`§4 unknown key: ${JSON.stringify(yaml)}`, () => {
        const { ev, s } = one(fm(`mode: replace\n${yaml}`));
        assert.deepEqual(s?.metadata, { ...DEFAULT_METADATA, mode: 'replace' });
        const d = diags(ev, 'unknown-key', 'AGENTS.md');
        assert.equal(d.length, 1, JSON.stringify(ev.diagnostics));
        assert.equal(d[0].severity, 'warning');
        assert.equal(d[0].line, 3);
        assert.equal(s?.status, 'included');
      });
    }
  });

  describe('§4 a known key with a wrong value gets invalid-value and behaves as if absent', () => {
    // [value line (always file line 2), key, why]
    const invalid: [string, string, string][] = [
      ['applies_to: 5', 'applies_to', 'wrong type: number'],
      ['applies_to: true', 'applies_to', 'wrong type: boolean'],
      ['applies_to: {a: 1}', 'applies_to', 'wrong type: mapping'],
      ['applies_to:', 'applies_to', 'no value (null)'],
      ['applies_to: []', 'applies_to', 'empty list'],
      ['applies_to: [["*.ts"]]', 'applies_to', 'nested list'],
      ['applies_to: ["*.ts", 5]', 'applies_to', 'one item of the wrong type'],
      ['applies_to: "../x.ts"', 'applies_to', 'leading `..` segment'],
      ['applies_to: "src/../x.ts"', 'applies_to', 'inner `..` segment'],
      ['applies_to: "src/.."', 'applies_to', 'trailing `..` segment'],
      ['applies_to: "./../x"', 'applies_to', '`..` segment once the leading ./ is dropped'],
      ['applies_to: ["ok/*", "a/../b"]', 'applies_to', 'one pattern of the list has a `..` segment'],
      ['applies_to: "{a,../b}"', 'applies_to', 'a brace alternative has a `..` segment'],
      ['excludes: 5', 'excludes', 'wrong type'],
      ['excludes: []', 'excludes', 'empty list'],
      ['excludes: "x/../y"', 'excludes', '`..` segment'],
      ['priority: 1001', 'priority', 'above range'],
      ['priority: -1001', 'priority', 'below range'],
      ['priority: 1.5', 'priority', 'not an integer'],
      ['priority: "5"', 'priority', 'a string, not an integer'],
      ['priority: true', 'priority', 'wrong type'],
      ['priority: [1]', 'priority', 'wrong type: list'],
      ['priority:', 'priority', 'no value'],
      ['mode: Replace', 'mode', 'case matters'],
      ['mode: prepend', 'mode', 'unknown mode'],
      ['mode: [replace]', 'mode', 'wrong type: list'],
      ['mode: true', 'mode', 'wrong type'],
      ['required_validation: []', 'required_validation', 'empty list'],
      ['required_validation: 5', 'required_validation', 'wrong type'],
      ['required_validation: ["npm test", 3]', 'required_validation', 'one item of the wrong type'],
      ['required_validation: {run: x}', 'required_validation', 'wrong type: mapping'],
    ];
    for (const [line, key, why] of invalid) {
      it(`§4 invalid-value: ${JSON.stringify(line)} (${why})`, () => {
        // A valid companion key on line 3 stays in effect.
        const companion = key === 'priority' ? 'mode: replace' : 'priority: 3';
        const { ev, s } = one(fm(`${line}\n${companion}`));
        assert.ok(s);
        const d = diags(ev, 'invalid-value', 'AGENTS.md');
        assert.equal(d.length, 1, JSON.stringify(ev.diagnostics));
        assert.equal(d[0].severity, 'error');
        assert.equal(d[0].line, 2);
        const expected = { ...DEFAULT_METADATA, ...(key === 'priority' ? { mode: 'replace' } : { priority: 3 }) };
        assert.deepEqual(s.metadata, expected);
        assert.equal(s.content, 'body\n');
      });
    }

    it('§4 an invalid applies_to behaves as if absent: the source applies to every target in scope', () => {
      const { s } = one(fm('applies_to: []'), 'docs/readme.md');
      assert.equal(s?.status, 'included');
    });

    it('§4 an invalid excludes behaves as if absent: nothing is excluded', () => {
      const { s } = one(fm('excludes: "../a.ts"'), 'a.ts');
      assert.equal(s?.status, 'included');
    });

    it('§4 an invalid mode behaves as append: nothing is superseded', () => {
      const { ev } = resolve({ 'AGENTS.md': 'a\n', 'CLAUDE.md': fm('mode: Replace') }, ['a.ts']);
      assert.equal(source(ev, 'AGENTS.md').status, 'included');
      assert.equal(source(ev, 'CLAUDE.md').status, 'included');
    });

    it('§4 an invalid priority behaves as 0 in precedence', () => {
      const { ev } = resolve({ 'AGENTS.md': fm('priority: 5000'), 'CLAUDE.md': fm('priority: -1') }, ['a.ts']);
      assert.deepEqual(
        ev.sources.map((s) => s.path),
        ['CLAUDE.md', 'AGENTS.md'],
      );
    });

    it('§4 the diagnostic line is that of the offending list item', () => {
      const { ev } = one('---\npriority: 1\napplies_to:\n  - "*.ts"\n  - "ok/**"\n  - 5\n---\nbody\n');
      const d = diags(ev, 'invalid-value', 'AGENTS.md');
      assert.equal(d.length, 1);
      assert.equal(d[0].line, 6);
    });
  });

  describe('§4 malformed frontmatter gets malformed-frontmatter; the whole file, fences included, is ordinary content with no metadata', () => {
    // [case, file text, expected diagnostic line or undefined when not asserted]
    const malformed: [string, string, number | undefined][] = [
      ['no closing fence', '---\npriority: 2\nBody\n', undefined],
      ['only an opening fence', '---', undefined],
      ['only an opening fence and a newline', '---\n', undefined],
      ['`...` does not close the block', '---\npriority: 2\n...\nBody\n', undefined],
      ['closing fence with leading space does not close', '---\npriority: 2\n ---\nBody\n', undefined],
      ['closing fence with a trailing tab does not close', '---\npriority: 2\n---\t\nBody\n', undefined],
      ['YAML that does not parse', '---\npriority: 2\nmode: a: b\n---\nBody\n', 3],
      // found at the end of the block: reported on its last line, not on the closing fence
      ['unterminated flow list', '---\napplies_to: ["a.ts"\n---\nBody\n', 2],
      ['unterminated flow list, blank lines after it', '---\napplies_to: ["a.ts"\n\n\n---\nBody\n', 2],
      ['top level is a list', '---\n- a\n- b\n---\nBody\n', undefined],
      ['top level is a scalar', '---\njust text\n---\nBody\n', undefined],
      ['duplicate keys', '---\npriority: 1\nmode: append\npriority: 2\n---\nBody\n', 4],
      ['duplicate keys, one quoted', '---\n"priority": 1\npriority: 2\n---\nBody\n', 3],
      ['a YAML anchor', '---\npriority: &p 1\n---\nBody\n', 2],
      ['a YAML anchor and alias', '---\nexcludes: &x "a"\napplies_to: *x\n---\nBody\n', undefined],
      // An unquoted glob starting with `*` is a YAML alias.
      ['an unquoted glob starting with * (an alias)', '---\nmode: append\napplies_to: *.ts\n---\nBody\n', 3],
      ['a standard YAML tag', '---\nmode: !!str replace\n---\nBody\n', 2],
      ['a custom YAML tag', '---\npriority: !custom 1\n---\nBody\n', 2],
      ['a tag on the whole block', '---\n!!map\npriority: 1\n---\nBody\n', undefined],
      ['two YAML documents', '---\npriority: 1\n--- x\npriority: 2\n---\nBody\n', undefined],
      ['BOM, CRLF and no closing fence', '\uFEFF---\r\npriority: 2\r\nBody\r\n', undefined],
    ];
    for (const [name, text, line] of malformed) {
      it(`§4 malformed: ${name}`, () => {
        const { ev, s } = one(text);
        assert.ok(s);
        assert.equal(s.metadata, null);
        assert.equal(s.content, text.replace(/^\uFEFF/, ''), 'the whole file (BOM dropped) is the content');
        assert.equal(s.status, 'included');
        const d = diags(ev, 'malformed-frontmatter', 'AGENTS.md');
        assert.equal(d.length, 1, JSON.stringify(ev.diagnostics));
        assert.equal(d[0].severity, 'error');
        if (line !== undefined) assert.equal(d[0].line, line);
        assert.deepEqual(diags(ev, 'invalid-value'), []);
        assert.deepEqual(diags(ev, 'unknown-key'), []);
        assert.ok(ev.context.includes(s.content.split('\n')[0]), 'the fences reach the context as ordinary content');
      });
    }
  });

  describe('§4 frontmatter is data only: no tags or custom types, nothing executed, bounded parsing', () => {
    it('§4 no value is ever executed (required_validation is shown, never run)', () => {
      const marker = path.join(os.tmpdir(), `holaryn-contract-never-run-${process.pid}-${Date.now()}`);
      const cmd = `node -e "require('fs').writeFileSync(${JSON.stringify(marker)}, 'ran')"`;
      const { ev } = one(fm(`required_validation: ${JSON.stringify(cmd)}\napplies_to: "*.ts"`));
      assert.deepEqual(ev.validation, [{ command: cmd, source: 'AGENTS.md' }]);
      assert.ok(!nodeFs.existsSync(marker), 'a required_validation command was executed');
    });

    it('§4 hostile input cannot hang or exhaust the parser: deep nesting within the size limit', () => {
      const deep = '['.repeat(20000) + ']'.repeat(20000);
      const { ev, s } = one(fm(`applies_to: ${deep}`));
      assert.ok(s, 'the file is still reported');
      assert.ok(
        diags(ev, 'malformed-frontmatter', 'AGENTS.md').length + diags(ev, 'invalid-value', 'AGENTS.md').length === 1,
        JSON.stringify(ev.diagnostics).slice(0, 500),
      );
      assert.equal(s.metadata?.applies_to ?? null, null);
    });

    it('§4 alias expansion ("billion laughs") is refused as malformed, not expanded', () => {
      let yaml = 'a0: &a0 ["x","x","x","x","x","x","x","x","x","x"]\n';
      for (let i = 1; i < 10; i++)
        yaml += `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(',')}]\n`;
      const { ev, s } = one(fm(yaml));
      assert.equal(s?.metadata, null);
      assert.equal(diags(ev, 'malformed-frontmatter', 'AGENTS.md').length, 1);
    });

    it('§4 the limits are named constants with the contract’s values', () => {
      assert.equal(MAX_FRONTMATTER_BYTES, 64 * 1024);
      assert.equal(MAX_PATTERNS_PER_KEY, 1000);
      assert.equal(MAX_PATTERN_LENGTH, 4096);
      assert.equal(MAX_BRACE_ALTERNATIVES, 1000);
      assert.equal(MAX_CONTENT_BYTES, MiB);
    });

    /** A file whose YAML block (the lines between the fences, line ends included) is `bytes` long. */
    function blockOf(bytes: number, filler = 'x'): string {
      const head = 'priority: 5\n#';
      const fillerBytes = Buffer.byteLength(filler);
      const room = bytes - Buffer.byteLength(head) - 1; // final "\n"
      const n = Math.floor(room / fillerBytes);
      const pad = 'y'.repeat(room - n * fillerBytes);
      const block = `${head}${filler.repeat(n)}${pad}\n`;
      assert.equal(Buffer.byteLength(block), bytes);
      return `---\n${block}---\nBody\n`;
    }

    // [case, block bytes, filler, malformed?]
    const sizes: [string, number, string, boolean][] = [
      ['a block of exactly 64 KiB is valid', 64 * 1024, 'x', false],
      ['a block just below 64 KiB is valid', 64 * 1024 - 1, 'x', false],
      ['a block of 64 KiB + 1 byte is malformed', 64 * 1024 + 1, 'x', true],
      ['a block of 64 KiB + 2 bytes is malformed', 64 * 1024 + 2, 'x', true],
      // Bytes, not characters: 2-byte characters reach the limit at half the character count.
      ['a block of 64 KiB + 2 bytes of 2-byte characters is malformed (fewer than 64 Ki characters)', 64 * 1024 + 2, 'é', true],
      ['a block of 64 KiB of 2-byte characters is valid', 64 * 1024, 'é', false],
    ];
    for (const [name, bytes, filler, isMalformed] of sizes) {
      it(`§4 limit: ${name}`, () => {
        const text = blockOf(bytes, filler);
        const { ev, s } = one(text);
        assert.ok(s);
        if (isMalformed) {
          assert.equal(s.metadata, null);
          assert.equal(s.content, text);
          assert.equal(diags(ev, 'malformed-frontmatter', 'AGENTS.md').length, 1);
        } else {
          assert.deepEqual(s.metadata, { ...DEFAULT_METADATA, priority: 5 });
          assert.equal(s.content, 'Body\n');
          assert.deepEqual(diags(ev, undefined, 'AGENTS.md'), []);
        }
      });
    }

    const list = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `p${i}/*`));
    // `{0,1,...,n-1}`: under the 4,096-character limit for n ≤ 1,001.
    const alternation = (n: number) => `{${Array.from({ length: n }, (_, i) => String(i)).join(',')}}`;
    // [case, key, YAML value, valid?]
    const limits: [string, string, string, boolean][] = [
      ['applies_to with 1,000 patterns', 'applies_to', list(1000), true],
      ['applies_to with 1,001 patterns', 'applies_to', list(1001), false],
      ['excludes with 1,000 patterns', 'excludes', list(1000), true],
      ['excludes with 1,001 patterns', 'excludes', list(1001), false],
      ['a pattern of 4,096 characters', 'applies_to', JSON.stringify('a'.repeat(4096)), true],
      ['a pattern of 4,097 characters', 'applies_to', JSON.stringify('a'.repeat(4097)), false],
      ['an excludes pattern of 4,097 characters', 'excludes', JSON.stringify('*'.repeat(4097)), false],
      ['a brace sequence of 1,000 alternatives {1..1000}', 'applies_to', '"{1..1000}"', true],
      ['a brace sequence of 1,001 alternatives {1..1001}', 'applies_to', '"{1..1001}"', false],
      ['a brace list of 1,000 alternatives', 'applies_to', JSON.stringify(alternation(1000)), true],
      ['a brace list of 1,001 alternatives', 'applies_to', JSON.stringify(alternation(1001)), false],
      // Adjacent groups multiply: 2 × 500 = 1,000; 2 × 501 = 1,002.
      ['a product of 1,000 alternatives {a,b}{1..500}', 'applies_to', '"{a,b}{1..500}"', true],
      ['a product of 1,002 alternatives {a,b}{1..501}', 'applies_to', '"{a,b}{1..501}"', false],
      // Nested: {a,{b,c}} is 3 alternatives; × 334 = 1,002.
      ['nested braces: 3 × 334 = 1,002 alternatives', 'excludes', '"{a,{b,c}}{1..334}"', false],
      ['a huge exponential brace pattern', 'applies_to', JSON.stringify('{a,b}'.repeat(40)), false],
    ];
    for (const [name, key, value, ok] of limits) {
      it(`§4 limit: ${name} is ${ok ? 'valid' : 'an invalid-value'}`, () => {
        const { ev, s } = one(fm(`${key}: ${value}\npriority: 4`));
        assert.ok(s);
        const d = diags(ev, 'invalid-value', 'AGENTS.md');
        if (ok) {
          assert.deepEqual(d, []);
          assert.equal(
            (s.metadata as unknown as Record<string, unknown[]>)[key].length,
            JSON.parse(value.startsWith('[') ? value : `[${value}]`).length,
          );
        } else {
          assert.equal(d.length, 1, JSON.stringify(ev.diagnostics).slice(0, 300));
          assert.deepEqual(s.metadata, { ...DEFAULT_METADATA, priority: 4 });
        }
      });
    }
  });

  describe('§4 the content is the text after the closing fence (the whole file without valid frontmatter), UTF-8, BOM dropped, nothing else changed', () => {
    it('§4 nothing but the BOM is changed: CRLF, lone \\r, tabs, trailing spaces, NFD, zero-width characters are kept', () => {
      const body = 'e\u0301 caf\u00e9\r\nline\rnext\t\u200b  \n\n';
      const { s } = one(`---\npriority: 1\n---\n${body}`);
      assert.equal(s?.content, body);
      const plain = one(`\uFEFF${body}`).s;
      assert.equal(plain?.content, body);
    });

    it('§4 a file without frontmatter contributes the whole file', () => {
      const text = '# Title\n\nSome rules.\n';
      assert.equal(one(text).s?.content, text);
    });

    // [case, bytes]
    const unreadable: [string, number[]][] = [
      ['an invalid continuation byte', [0x61, 0xc3, 0x28, 0x0a]],
      ['a lone 0xFF byte', [0x61, 0xff, 0x0a]],
      ['an overlong encoding of "/"', [0xc0, 0xaf]],
      ['an encoded UTF-16 surrogate', [0xed, 0xa0, 0x80]],
      ['a sequence truncated at the end of the file', [0x61, 0xe2, 0x82]],
      ['a NUL byte', [0x61, 0x00, 0x62]],
      ['a NUL byte after valid frontmatter', [...Buffer.from('---\npriority: 1\n---\nok'), 0x00]],
      ['UTF-16LE text (with its BOM)', [0xff, 0xfe, 0x61, 0x00]],
    ];
    for (const [name, bytes] of unreadable) {
      it(`§4 a file that is not valid UTF-8 or contains NUL bytes is skipped with unreadable: ${name}`, () => {
        const { ev, s } = one(Uint8Array.from(bytes));
        assert.equal(s, undefined);
        const d = diags(ev, 'unreadable', 'AGENTS.md');
        assert.equal(d.length, 1);
        assert.equal(d[0].severity, 'error');
        assert.equal(source(ev, 'CLAUDE.md').status, 'included');
      });
    }

    it('§4 a file of exactly 1 MiB contributes all of it, without too-large', () => {
      const { ev, s } = one('a'.repeat(MiB), 'a.ts');
      assert.equal(s?.bytes, MiB);
      assert.equal(s?.chars, MiB);
      assert.deepEqual(diags(ev, 'too-large'), []);
    });

    // Holaryn reads only the bytes that can reach the model (docs/contract.md §4, "Content"): the
    // contract's "hashed whole" is bounded, so a 20 GiB file costs what a 1 MiB one does.
    it('§4 a file over 1 MiB contributes only its first 1 MiB, with too-large; it is hashed as the bytes read plus its size and mtime', () => {
      const bytes = Buffer.from('a'.repeat(MiB + 1000));
      const { ev, fs } = resolve({ 'AGENTS.md': bytes, 'CLAUDE.md': 'other\n' }, ['a.ts']);
      const s = maybeSource(ev, 'AGENTS.md');
      assert.ok(s);
      assert.equal(s.bytes, MiB + 1000);
      const st = fs.stat('/repo/AGENTS.md')!;
      assert.equal(s.sha256, boundedDigest(createHash('sha256').update(bytes.subarray(0, READ_BYTES)), st));
      assert.notEqual(s.sha256, createHash('sha256').update(bytes).digest('hex'));
      assert.equal(s.content, 'a'.repeat(MiB));
      assert.equal(s.chars, MiB);
      const d = diags(ev, 'too-large', 'AGENTS.md');
      assert.equal(d.length, 1);
      assert.equal(d[0].severity, 'warning');
    });

    it('§4 the 1 MiB cut is at a code-point boundary', () => {
      // "€" is 3 bytes and straddles the 1 MiB boundary: it is left out whole.
      const text = 'a'.repeat(MiB - 1) + '€' + 'tail';
      const { s } = one(text);
      assert.equal(s?.content, 'a'.repeat(MiB - 1));
      const astral = 'a'.repeat(MiB - 2) + '😀' + 'tail'; // 4 bytes straddling the boundary
      assert.equal(one(astral).s?.content, 'a'.repeat(MiB - 2));
    });

    it('§4 a file over 1 MiB is judged by the bytes read: invalid UTF-8 within them is unreadable, past them it is never read', () => {
      const within = Buffer.concat([Buffer.from('a'.repeat(MiB - 10)), Buffer.from([0xff]), Buffer.from('a'.repeat(100))]);
      assert.equal(one(within).s, undefined);
      assert.equal(diags(one(within).ev, 'unreadable', 'AGENTS.md').length, 1);
      const past = Buffer.concat([Buffer.from('a'.repeat(MiB + 10)), Buffer.from([0xff])]);
      const { ev, s } = one(past);
      assert.equal(s?.content, 'a'.repeat(MiB));
      assert.deepEqual(diags(ev, 'unreadable', 'AGENTS.md'), []);
      assert.equal(diags(ev, 'too-large', 'AGENTS.md').length, 1);
    });

    // [content, code points]
    const chars: [string, number][] = [
      ['plain', 5],
      ['😀', 1], // one code point, two UTF-16 units, four bytes
      ['e\u0301', 2], // combining sequence: two code points
      ['ä€', 2],
      ['\r\n', 2],
      ['', 0],
    ];
    for (const [text, n] of chars) {
      it(`§4/§9 chars counts code points of the contributed content: ${JSON.stringify(text)} → ${n}`, () => {
        const { s } = one(`---\npriority: 1\n---\n${text}`);
        assert.equal(s?.content, text);
        assert.equal(s?.chars, n);
        assert.equal(cps(s?.content ?? ''), n);
      });
    }
  });
});
