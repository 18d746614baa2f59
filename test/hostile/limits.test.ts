/**
 * Every bound, at its boundary (just below, just above), for the limits the contract
 * suite (test/contract/s4-frontmatter.test.ts) does not already cover (docs/contract.md §4, SECURITY.md): anchors, aliases and tags one by one, nesting depth,
 * the per-key alternatives total, diagnostics per file, patterns minimatch cannot compile, and a
 * streamed hash whose memory does not grow with the file.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { Evidence, FileReader, FsStat, MAX_CONTENT_BYTES, ResolverFs, SourceEvidence, resolveInstructions } from '../../src/resolver';
import {
  MAX_ALTERNATIVES_PER_KEY,
  MAX_DIAGNOSTICS_PER_FILE,
  MAX_PATTERNS_PER_KEY,
  MAX_YAML_DEPTH,
  READ_CHUNK_BYTES,
} from '../../src/resolver/limits';
import { MemoryFs } from '../../src/resolver/memory-fs';
import { READ_BYTES, boundedDigest } from '../../src/resolver/read';
import { excessiveNesting } from '../../src/resolver/frontmatter';
import { DEFAULT_METADATA, diags, fm, resolve } from '../helpers/tree';

function one(text: string | Uint8Array, target = 'a.ts'): { ev: Evidence; s: SourceEvidence | undefined } {
  const { ev } = resolve({ 'AGENTS.md': text }, [target]);
  return { ev, s: ev.sources.find((x) => x.path === 'AGENTS.md') };
}

function expectMalformed(text: string, why?: RegExp): void {
  const { ev, s } = one(text);
  assert.ok(s, 'the file is still a source');
  assert.equal(s.metadata, null, `expected malformed frontmatter: ${JSON.stringify(ev.diagnostics).slice(0, 300)}`);
  assert.equal(s.content, text, 'the whole file, fences included, is content');
  const d = diags(ev, 'malformed-frontmatter', 'AGENTS.md');
  assert.equal(d.length, 1);
  if (why) assert.match(d[0].message, why);
}

function expectValid(text: string, metadata: object): void {
  const { ev, s } = one(text);
  assert.ok(s);
  assert.deepEqual(diags(ev, 'malformed-frontmatter'), [], JSON.stringify(ev.diagnostics).slice(0, 300));
  assert.deepEqual(s.metadata, { ...DEFAULT_METADATA, ...metadata });
}

describe('hostile limits at their boundaries', () => {
  describe('YAML anchors, aliases and tags: none is allowed, each on its own is malformed', () => {
    // [case, YAML, malformed?]
    const cases: [string, string, boolean][] = [
      ['no anchor, alias or tag (just below)', 'priority: 3\nmode: replace', false],
      ['an ampersand inside a quoted string is no anchor', 'applies_to: "&a"\npriority: 3', false],
      ['an asterisk glob in quotes is no alias', 'applies_to: "*.ts"\npriority: 3', false],
      ['an exclamation mark inside a quoted string is no tag', 'applies_to: "!x"\npriority: 3', false],
      ['one anchor, never used', 'priority: &p 3', true],
      ['one alias of an anchor', 'a: &x 1\npriority: *x', true],
      ['an anchor on a list', 'applies_to: &l ["*.ts"]', true],
      ['a standard tag !!str', 'mode: !!str append', true],
      ['a standard tag !!int', 'priority: !!int "3"', true],
      ['a local tag', 'mode: !custom append', true],
      ['a verbatim tag', 'mode: !<tag:yaml.org,2002:str> append', true],
      ['a JS-function tag (js-yaml style)', 'applies_to: !!js/function "function () { return 1 }"', true],
      ['a Python object tag', 'required_validation: !!python/object/apply:os.system ["echo pwned"]', true],
      ['an anchor on a key', '&k priority: 3', true],
      ['a merge key with an alias', 'base: &b {priority: 3}\n<<: *b', true],
    ];
    for (const [name, yaml, malformed] of cases) {
      it(`${name}: ${malformed ? 'malformed' : 'valid'}`, () => {
        const text = fm(yaml);
        if (malformed) expectMalformed(text, /YAML (anchor|alias|tag)|does not parse/);
        else {
          const { ev, s } = one(text);
          assert.ok(s?.metadata, JSON.stringify(ev.diagnostics));
          assert.deepEqual(diags(ev, 'malformed-frontmatter'), []);
        }
      });
    }
  });

  describe(`nesting deeper than MAX_YAML_DEPTH (${MAX_YAML_DEPTH}) levels is malformed, found without recursion`, () => {
    const flow = (n: number) => `x: ${'['.repeat(n)}${']'.repeat(n)}\npriority: 2`;
    const flowMap = (n: number) => `x: ${'{a: '.repeat(n)}1${'}'.repeat(n)}\npriority: 2`;
    const compact = (n: number) => `x:\n  ${'- '.repeat(n)}v\npriority: 2`;
    const keys = (n: number) => `${'? '.repeat(n)}v\npriority: 2`;
    // [case, YAML, malformed?]
    const cases: [string, string, boolean][] = [
      [`flow lists nested ${MAX_YAML_DEPTH} deep (just below)`, flow(MAX_YAML_DEPTH), false],
      [`flow lists nested ${MAX_YAML_DEPTH + 1} deep`, flow(MAX_YAML_DEPTH + 1), true],
      [`flow mappings nested ${MAX_YAML_DEPTH} deep`, flowMap(MAX_YAML_DEPTH), false],
      [`flow mappings nested ${MAX_YAML_DEPTH + 1} deep`, flowMap(MAX_YAML_DEPTH + 1), true],
      [`compact block lists "- - -" ${MAX_YAML_DEPTH} deep`, compact(MAX_YAML_DEPTH - 1), false],
      [`compact block lists "- - -" ${MAX_YAML_DEPTH + 1} deep`, compact(MAX_YAML_DEPTH + 1), true],
      [`explicit keys "? ? ?" ${MAX_YAML_DEPTH + 1} deep`, keys(MAX_YAML_DEPTH + 1), true],
      ['30,000 flow levels in 60 KB', flow(30000), true],
      ['brackets inside quoted strings do not count', `x: "${'['.repeat(500)}"\ny: '${'{'.repeat(500)}'\npriority: 2`, false],
      ['brackets inside comments do not count', `# ${'['.repeat(500)}\npriority: 2`, false],
      ['brackets inside a block scalar do not count', `x: |\n  ${'['.repeat(500)}\n  "\npriority: 2`, false],
    ];
    for (const [name, yaml, malformed] of cases) {
      it(`${name}: ${malformed ? 'malformed' : 'parsed'}`, () => {
        const text = fm(yaml);
        if (malformed) expectMalformed(text);
        else {
          const { ev, s } = one(text);
          assert.ok(s);
          assert.ok(!diags(ev, 'malformed-frontmatter').some((d) => /nests deeper/.test(d.message)), JSON.stringify(ev.diagnostics));
        }
      });
    }

    it('a quote cannot hide brackets the YAML parser sees (a quote inside a block scalar, then deep flow)', () => {
      const yaml = `x: |\n  "\ny: ${'['.repeat(MAX_YAML_DEPTH + 1)}${']'.repeat(MAX_YAML_DEPTH + 1)}`;
      assert.ok(excessiveNesting(yaml) >= 0);
      expectMalformed(fm(yaml), /nests deeper/);
    });

    it('the diagnostic points at the line where the nesting goes too deep', () => {
      const { ev } = one(fm(`priority: 1\nmode: append\nx: ${'['.repeat(100)}`));
      assert.equal(diags(ev, 'malformed-frontmatter')[0].line, 4);
    });
  });

  describe(`brace alternatives of one key together: at most MAX_ALTERNATIVES_PER_KEY (${MAX_ALTERNATIVES_PER_KEY})`, () => {
    const patterns = (n: number, each: number) => JSON.stringify(Array.from({ length: n }, (_, i) => `d${i}/{1..${each}}`));
    // [case, key, value, valid?]
    const cases: [string, string, string, boolean][] = [
      ['10 patterns of 1,000 alternatives (exactly the total)', 'applies_to', patterns(10, 1000), true],
      ['10 patterns of 1,000 and one more pattern', 'applies_to', JSON.stringify([...JSON.parse(patterns(10, 1000)), 'x']), false],
      ['11 patterns of 1,000 alternatives', 'excludes', patterns(11, 1000), false],
      ['1,000 patterns of 10 alternatives (exactly the total)', 'excludes', patterns(1000, 10), true],
      ['1,000 patterns of 11 alternatives', 'applies_to', patterns(1000, 11), false],
      [`${MAX_PATTERNS_PER_KEY} plain patterns`, 'applies_to', patterns(MAX_PATTERNS_PER_KEY, 1), true],
    ];
    for (const [name, key, value, ok] of cases) {
      it(`${name}: ${ok ? 'valid' : 'an invalid-value'}`, () => {
        const { ev, s } = one(fm(`${key}: ${value}\npriority: 4`));
        assert.ok(s);
        const d = diags(ev, 'invalid-value', 'AGENTS.md');
        if (ok) {
          assert.deepEqual(d, []);
          assert.equal((s.metadata as unknown as Record<string, string[]>)[key].length, JSON.parse(value).length);
        } else {
          assert.equal(d.length, 1, JSON.stringify(ev.diagnostics).slice(0, 300));
          assert.match(d[0].message, /alternatives in total/);
          assert.deepEqual(s.metadata, { ...DEFAULT_METADATA, priority: 4 });
        }
      });
    }

    it('a key of 1,000 patterns of 1,000 alternatives (15 KB) is refused without compiling a million globs', () => {
      const value = JSON.stringify(Array.from({ length: 1000 }, (_, i) => `p${i}{0..999}`));
      const started = process.hrtime.bigint();
      const { ev, s } = one(fm(`applies_to: ${value}`));
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      assert.equal(s?.metadata?.applies_to, null);
      assert.equal(diags(ev, 'invalid-value').length, 1);
      // Before the per-key total this took seconds (a million compiled alternatives).
      assert.ok(ms < 3000, `took ${ms} ms`);
    });
  });

  describe(`diagnostics of one file: at most MAX_DIAGNOSTICS_PER_FILE (${MAX_DIAGNOSTICS_PER_FILE})`, () => {
    const unknown = (n: number) => fm(Array.from({ length: n }, (_, i) => `k${i}: 1`).join('\n'));
    it(`${MAX_DIAGNOSTICS_PER_FILE} unknown keys: ${MAX_DIAGNOSTICS_PER_FILE} diagnostics, each its own`, () => {
      const { ev } = one(unknown(MAX_DIAGNOSTICS_PER_FILE));
      const d = diags(ev, 'unknown-key');
      assert.equal(d.length, MAX_DIAGNOSTICS_PER_FILE);
      assert.ok(d.every((x, i) => x.message === `unknown key "k${i}" ignored`));
    });
    it(`${MAX_DIAGNOSTICS_PER_FILE + 1} unknown keys: ${MAX_DIAGNOSTICS_PER_FILE} diagnostics, the last counting the rest`, () => {
      const { ev } = one(unknown(MAX_DIAGNOSTICS_PER_FILE + 1));
      const d = diags(ev, 'unknown-key');
      assert.equal(d.length, MAX_DIAGNOSTICS_PER_FILE);
      assert.match(d[MAX_DIAGNOSTICS_PER_FILE - 1].message, /^2 more problems/);
    });
    it('5,000 unknown keys: still 100 diagnostics, and the metadata of the known keys is kept', () => {
      const text = fm(`priority: 7\n${Array.from({ length: 5000 }, (_, i) => `k${i}: 1`).join('\n')}`);
      const { ev, s } = one(text);
      assert.equal(ev.diagnostics.length, MAX_DIAGNOSTICS_PER_FILE);
      assert.equal(s?.metadata?.priority, 7);
    });
  });

  describe('duplicate keys are found in linear time with the YAML package’s rule', () => {
    // [case, YAML, malformed?]
    const cases: [string, string, boolean][] = [
      ['distinct keys', 'a: 1\nb: 2\npriority: 1', false],
      ['a duplicate top-level key', 'priority: 1\npriority: 2', true],
      ['a duplicate key in a nested mapping', 'x: {a: 1, a: 2}\npriority: 1', true],
      ['a duplicate key in a nested block mapping', 'x:\n  a: 1\n  a: 2\npriority: 1', true],
      ['1 and "1" are different keys', 'x: {1: a, "1": b}\npriority: 1', false],
      ['true and "true" are different keys', 'x: {true: a, "true": b}\npriority: 1', false],
    ];
    for (const [name, yaml, malformed] of cases) {
      it(`${name}: ${malformed ? 'malformed' : 'valid'}`, () => {
        const text = fm(yaml);
        if (malformed) expectMalformed(text, /duplicate key/);
        else expectValid(text, { priority: 1 });
      });
    }
    it('the diagnostic is on the line of the second occurrence', () => {
      const { ev } = one(fm('mode: append\npriority: 1\nx: 2\npriority: 2'));
      assert.equal(diags(ev, 'malformed-frontmatter')[0].line, 5);
    });
    it('5,000 distinct keys and then a duplicate: found quickly', () => {
      const yaml = `${Array.from({ length: 5000 }, (_, i) => `k${i}: 1`).join('\n')}\nk17: 2`;
      const started = Date.now();
      expectMalformed(fm(yaml), /duplicate key/);
      assert.ok(Date.now() - started < 3000);
    });
  });

  describe('globs minimatch itself cannot compile are an invalid value, never a failure of the whole call', () => {
    // Before: `new Minimatch("[[:alpha:]]#")` threw "Invalid regular expression … Invalid escape"
    // inside resolveInstructions, and every front end failed (CLI exit 1, gate start-up crash).
    const bad = ['[[:alpha:]]#', '[[:alpha:]] x', '[[:digit:]]\tx', 'src/[[:upper:]]*#*.md'];
    for (const pattern of bad) {
      for (const key of ['applies_to', 'excludes']) {
        it(`${key}: ${JSON.stringify(pattern)}`, () => {
          const { ev, s } = one(fm(`${key}: ${JSON.stringify(pattern)}\npriority: 2`));
          assert.ok(s);
          const d = diags(ev, 'invalid-value', 'AGENTS.md');
          assert.equal(d.length, 1);
          assert.match(d[0].message, /cannot be compiled/);
          assert.deepEqual(s.metadata, { ...DEFAULT_METADATA, priority: 2 });
          assert.equal(s.status, 'included', 'the key behaves as absent');
        });
      }
    }
    it('a POSIX class without an escaped character still works', () => {
      const { ev, s } = one(fm('applies_to: "[[:alpha:]]*.ts"'), 'a.ts');
      assert.deepEqual(ev.diagnostics, []);
      assert.equal(s?.status, 'included');
    });
  });

  describe('required_validation holds at most MAX_PATTERNS_PER_KEY commands', () => {
    for (const [n, ok] of [
      [MAX_PATTERNS_PER_KEY, true],
      [MAX_PATTERNS_PER_KEY + 1, false],
    ] as const) {
      it(`${n} commands: ${ok ? 'valid' : 'an invalid-value'}`, () => {
        const value = JSON.stringify(Array.from({ length: n }, (_, i) => `make check-${i}`));
        const { ev, s } = one(fm(`required_validation: ${value}`));
        assert.equal(s?.metadata?.required_validation.length, ok ? n : 0);
        assert.equal(diags(ev, 'invalid-value').length, ok ? 0 : 1);
      });
    }
  });

  describe('the 1 MiB cap with a streamed hash: memory does not grow with the file', () => {
    /** A file of `size` bytes generated as it is read (never held whole), and a record of reads. */
    class HugeFileFs implements ResolverFs {
      readonly inner: MemoryFs;
      readonly path;
      biggestRead = 0;
      reads = 0;
      constructor(
        private readonly file: string,
        private readonly size: number,
        private readonly byte: (offset: number) => number,
      ) {
        this.inner = new MemoryFs({ '/repo/AGENTS.md': 'placeholder' });
        this.path = this.inner.path;
      }
      private fake(p: string, st: FsStat | undefined): FsStat | undefined {
        return p === this.file && st ? { ...st, size: this.size } : st;
      }
      lstat(p: string) {
        return this.fake(p, this.inner.lstat(p));
      }
      stat(p: string) {
        return this.fake(p, this.inner.stat(p));
      }
      readlink(p: string) {
        return this.inner.readlink(p);
      }
      open(p: string, expected: FsStat): FileReader {
        const st = this.inner.lstat(p)!;
        assert.equal(expected.ino, st.ino);
        let offset = 0;
        return {
          read: (buffer) => {
            this.reads++;
            this.biggestRead = Math.max(this.biggestRead, buffer.length);
            const n = Math.min(buffer.length, this.size - offset);
            for (let i = 0; i < n; i++) buffer[i] = this.byte(offset + i);
            offset += n;
            return n;
          },
          stat: () => ({ ...st, size: this.size }),
          close: () => undefined,
        };
      }
    }

    const byte = (i: number) => (i % 64 === 63 ? 0x0a : 0x61 + (i % 26));
    /** The whole file's hash within READ_BYTES; past it, the bytes read plus the size and mtime. */
    function expectedHash(size: number, st: FsStat): string {
      const hash = createHash('sha256');
      const read = Math.min(size, READ_BYTES);
      const chunk = Buffer.alloc(1 << 20);
      for (let off = 0; off < read; off += chunk.length) {
        const n = Math.min(chunk.length, read - off);
        for (let i = 0; i < n; i++) chunk[i] = byte(off + i);
        hash.update(chunk.subarray(0, n));
      }
      return size > READ_BYTES ? boundedDigest(hash, { ...st, size }) : hash.digest('hex');
    }

    for (const size of [MAX_CONTENT_BYTES - 1, MAX_CONTENT_BYTES, MAX_CONTENT_BYTES + 1, 64 * MAX_CONTENT_BYTES]) {
      it(`a ${size}-byte file: ${size > MAX_CONTENT_BYTES ? 'first 1 MiB read, hashed with the size and mtime, too-large' : 'read and hashed whole'}, read in chunks of at most READ_CHUNK_BYTES`, function () {
        this.timeout(120000);
        const fs = new HugeFileFs('/repo/AGENTS.md', size, byte);
        const before = process.memoryUsage();
        const ev = resolveInstructions('/repo', ['a.ts'], { fs, globalFile: null, budget: 100 });
        const after = process.memoryUsage();
        const s = ev.sources[0];
        assert.equal(s.bytes, size);
        assert.equal(s.sha256, expectedHash(size, fs.inner.lstat('/repo/AGENTS.md')!));
        assert.equal(s.chars, Math.min(size, MAX_CONTENT_BYTES));
        assert.equal(diags(ev, 'too-large').length, size > MAX_CONTENT_BYTES ? 1 : 0);
        assert.ok(fs.biggestRead <= READ_CHUNK_BYTES, `a read of ${fs.biggestRead} bytes`);
        if (size > 8 * MAX_CONTENT_BYTES) {
          // 64 MiB on disk: only what can reach the model is read, and memory holds that plus the evidence.
          const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);
          assert.ok(grown < 24 * MAX_CONTENT_BYTES, `memory grew by ${grown} bytes while reading ${size}`);
          assert.ok(fs.reads <= READ_BYTES / READ_CHUNK_BYTES + 2, `${fs.reads} reads`);
        }
      });
    }
  });
});
