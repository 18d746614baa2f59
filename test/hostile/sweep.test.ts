/**
 * Hostile input at scale (docs/decisions.md, SECURITY.md): each case
 * used to crash, exhaust memory or run for minutes, and each is now bounded. Cases that could hang
 * run in a child process with a hang guard; times are never asserted.
 */
import { strict as assert } from 'node:assert';
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseBudget } from '../../src/cli/args';
import { printable, printableText } from '../../src/cli/io';
import { lintWorkspace } from '../../src/lint';
import { noInstructionsText } from '../../src/gate/tool';
import { FsStat, ResolveError, ResolverFs, clipped, explicitGlobalFile, resolveInstructions } from '../../src/resolver';
import { MemoryFs } from '../../src/resolver/memory-fs';
import { MAX_DESCRIPTION, PREVIEW_SAMPLE, TreeNode, buildTree, previewNode } from '../../src/vscode/model';
import { MAX_BUDGET, MAX_NEGATED_EXTGLOBS_PER_SEGMENT, MAX_TARGET_CHARS } from '../../src/resolver/limits';
import { HANG_GUARD_MS, inChild } from '../helpers/child';
import { fm } from '../helpers/tree';

/** A MemoryFs that records every lstat. */
function counted(files: Record<string, string>): { fs: ResolverFs; lstats: string[] } {
  const base = new MemoryFs(files);
  const lstats: string[] = [];
  const fs: ResolverFs = Object.assign(Object.create(base) as ResolverFs, {
    lstat(p: string): FsStat | undefined {
      lstats.push(p);
      return base.lstat(p);
    },
  });
  return { fs, lstats };
}

describe('hostile input at scale', function () {
  this.timeout(HANG_GUARD_MS * 2);

  describe('a not-applicable reason names its glob list once, not once per target', () => {
    const globs = Array.from({ length: 1000 }, (_, i) => `docs/section-${i}/**/*.md`);
    const files = { '/repo/AGENTS.md': fm(`applies_to: ${JSON.stringify(globs)}\nexcludes: ["**/gen/**"]`, 'rules\n') };

    it('one target: the reason reads as before', () => {
      const ev = resolveInstructions('/repo', ['src/a.ts'], { fs: new MemoryFs(files), globalFile: null });
      assert.equal(ev.sources[0].reason, `applies_to ${JSON.stringify(globs)} does not match "src/a.ts"`);
    });

    it('2,000 targets: one clause per key and pattern, naming the targets; bounded by the list plus the targets', () => {
      const targets = Array.from({ length: 2000 }, (_, i) => (i % 4 === 0 ? `docs/section-${i % 1000}/gen/f${i}.md` : `src/f${i}.ts`));
      const ev = resolveInstructions('/repo', targets, { fs: new MemoryFs(files), globalFile: null });
      const s = ev.sources[0];
      assert.equal(s.status, 'not-applicable');
      assert.equal(s.notApplicable.length, 2000);
      const reason = s.reason!;
      const quoted = [...ev.targets].map((t) => JSON.stringify(t.path).length + 2).reduce((a, b) => a + b, 0);
      assert.ok(reason.length < JSON.stringify(globs).length + quoted + 200, `reason of ${reason.length} characters`);
      // Clauses in the order of their first target (targets are sorted: docs/ before src/).
      const clauses = reason.split('; ');
      assert.equal(clauses.length, 2);
      assert.ok(clauses[0].startsWith('excludes "**/gen/**" matches "docs/section-'), clauses[0].slice(0, 200));
      assert.ok(clauses[1].startsWith(`applies_to ${JSON.stringify(globs)} does not match "src/`), clauses[1].slice(0, 200));
      for (const n of s.notApplicable) assert.ok(reason.includes(JSON.stringify(n.target)), n.target);
    });
  });

  describe('targets in missing directories, and very long targets', () => {
    it('no candidate is looked up in a directory the targets showed missing', () => {
      const { fs, lstats } = counted({ '/repo/AGENTS.md': 'root\n', '/repo/src/a.ts': '' });
      const ev = resolveInstructions('/repo', ['src/a.ts', 'new/deeper/still/x.ts', 'new/deeper/y.ts'], { fs, globalFile: null });
      assert.deepEqual(
        ev.targets.map((t) => [t.path, t.kind]),
        [
          ['new/deeper/still/x.ts', 'missing'],
          ['new/deeper/y.ts', 'missing'],
          ['src/a.ts', 'file'],
        ],
      );
      assert.deepEqual(
        ev.sources.map((s) => [s.path, s.appliesTo.length]),
        [['AGENTS.md', 3]],
      );
      assert.ok(lstats.includes('/repo/new'), 'the first missing directory is looked up once');
      assert.deepEqual(
        lstats.filter((p) => p.startsWith('/repo/new/')),
        [],
        'nothing below the missing /repo/new is looked up',
      );
    });

    it('200 missing targets 2,043 directories deep (near the longest allowed): no skipped candidates, one evidence line each', () => {
      const { out } = inChild(`
        const fs = new R.MemoryFs({ '/repo/AGENTS.md': 'root\\n' });
        const targets = Array.from({ length: 200 }, (_, i) => 'n' + (i % 10) + '/' + 'a/'.repeat(2042) + 'x' + i + '.ts');
        const ev = R.resolveInstructions('/repo', targets, { fs, globalFile: null });
        return { kinds: ev.targets.map((t) => t.kind), sources: ev.sources.map((s) => s.path), skipped: ev.skipped.length, diagnostics: ev.diagnostics.length };
      `);
      assert.deepEqual(out, { kinds: Array(200).fill('missing'), sources: ['AGENTS.md'], skipped: 0, diagnostics: 0 });
    });

    it(`a target longer than ${MAX_TARGET_CHARS} characters is a usage error, whatever else is asked`, () => {
      const long = 'a/'.repeat(MAX_TARGET_CHARS / 2) + 'x.ts';
      assert.throws(
        () => resolveInstructions('/repo', ['src/a.ts', long], { fs: new MemoryFs({ '/repo/AGENTS.md': 'root\n' }), globalFile: null }),
        (err: unknown) =>
          err instanceof ResolveError &&
          err.code === 'usage' &&
          err.message.includes(`is ${long.length} characters long; the limit is ${MAX_TARGET_CHARS}`) &&
          err.message.length < 300,
      );
      const justUnder = 'a/'.repeat(MAX_TARGET_CHARS / 2 - 3) + 'x.ts';
      const ev = resolveInstructions('/repo', [justUnder], { fs: new MemoryFs({ '/repo/AGENTS.md': 'root\n' }), globalFile: null });
      assert.equal(ev.targets[0].kind, 'missing');
    });
  });

  describe(`negated extglobs: at most ${MAX_NEGATED_EXTGLOBS_PER_SEGMENT} \`!(…)\` groups in one path segment`, () => {
    const resolve = (glob: string, target: string) =>
      resolveInstructions('/repo', [target], {
        fs: new MemoryFs({ '/repo/AGENTS.md': fm(`applies_to: ${JSON.stringify(glob)}`, 'rules\n') }),
        globalFile: null,
      });

    it(`${MAX_NEGATED_EXTGLOBS_PER_SEGMENT} groups compile and match`, () => {
      const glob = '!(a)'.repeat(MAX_NEGATED_EXTGLOBS_PER_SEGMENT) + '.ts';
      const ev = resolve(glob, 'b.ts');
      assert.deepEqual(ev.diagnostics, []);
      assert.equal(ev.sources[0].status, 'included');
    });

    it(`${MAX_NEGATED_EXTGLOBS_PER_SEGMENT + 1} groups are an invalid value (the key is ignored), as are 25 (which exhausted memory)`, () => {
      for (const n of [MAX_NEGATED_EXTGLOBS_PER_SEGMENT + 1, 25]) {
        const ev = resolve('!(a)'.repeat(n), 'a.ts');
        assert.deepEqual(
          ev.diagnostics.map((d) => d.code),
          ['invalid-value'],
        );
        assert.match(ev.diagnostics[0].message, new RegExp(`more than ${MAX_NEGATED_EXTGLOBS_PER_SEGMENT} negated extglob groups`));
        assert.equal(ev.sources[0].status, 'included', 'applies_to is ignored: the source applies');
      }
    });

    it('groups in different segments, and escaped `\\!(`, are not counted together', () => {
      assert.deepEqual(resolve(Array(10).fill('!(x)').join('/'), `${Array(9).fill('a').join('/')}/b`).diagnostics, []);
      assert.deepEqual(resolve(`${'\\!(a)'.repeat(10)}`, 'z.ts').diagnostics, []);
    });
  });

  describe(`the budget is at most ${MAX_BUDGET} code points: a larger context could not be one string`, () => {
    const fs = () => new MemoryFs({ '/repo/AGENTS.md': 'root\n' });
    it('the library refuses a larger budget as a usage error, and takes the largest', () => {
      for (const budget of [MAX_BUDGET + 1, Number.MAX_SAFE_INTEGER]) {
        assert.throws(
          () => resolveInstructions('/repo', ['a.ts'], { fs: fs(), globalFile: null, budget }),
          (err: unknown) => err instanceof ResolveError && err.code === 'usage' && err.message.includes(`from 0 to ${MAX_BUDGET}`),
        );
      }
      assert.equal(
        resolveInstructions('/repo', ['a.ts'], { fs: fs(), globalFile: null, budget: MAX_BUDGET }).truncation.budget,
        MAX_BUDGET,
      );
    });
    it('--budget says the range', () => {
      assert.equal(parseBudget(String(MAX_BUDGET)), MAX_BUDGET);
      assert.throws(() => parseBudget(String(MAX_BUDGET + 1)), /from 0 to 67108864/);
      assert.throws(() => parseBudget('9007199254740991'), /from 0 to 67108864/);
    });
  });

  describe('names on a terminal', () => {
    it('C1 controls (a lone CSI, U+009B), DEL and bidirectional overrides are escaped, as C0 controls were', () => {
      assert.equal(printable('a\u009b[31mb'), 'a\\u009b[31mb');
      assert.equal(printable('del\u007f'), 'del\\u007f');
      assert.equal(printable('evil\u202etxt.ts'), 'evil\\u202etxt.ts');
      assert.equal(printable('i\u2066so\u2069'), 'i\\u2066so\\u2069');
      assert.equal(printable('line\u2028sep'), 'line\\u2028sep');
      assert.equal(printable('ESC\u001b[0m "q"'), 'ESC\\u001b[0m \\"q\\"');
      assert.equal(printable('plain é 🚀'), 'plain é 🚀');
      assert.equal(printableText('line\n\tx\u202e\u009b'), 'line\n\tx\\u202e\\u009b');
    });
  });

  it('check reports a directory whose name is not valid UTF-8 (its instruction files cannot be read by name), never passes over it', () => {
    const root = nodeFs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-badname-'));
    try {
      nodeFs.mkdirSync(path.join(root, 'ok'));
      nodeFs.writeFileSync(path.join(root, 'ok', 'AGENTS.md'), 'fine\n');
      const bad = Buffer.concat([Buffer.from(`${root}/bad`), Buffer.from([0xff]), Buffer.from('dir')]);
      nodeFs.mkdirSync(bad);
      nodeFs.writeFileSync(Buffer.concat([bad, Buffer.from('/AGENTS.md')]), '---\npriority: 99999\n---\nhidden\n');
      const r = lintWorkspace(root);
      assert.deepEqual(r.files, ['ok/AGENTS.md']);
      assert.deepEqual(
        r.findings.map((f) => [f.file, f.severity, f.code]),
        [['bad\uFFFDdir', 'error', 'unreadable']],
      );
      assert.equal(r.listing.complete, false);
    } finally {
      nodeFs.rmSync(root, { recursive: true, force: true });
    }
  });

  describe('the view and the tools: unique ids, bounded text', () => {
    const ids = (nodes: TreeNode[], out: string[] = []): string[] => {
      for (const n of nodes) {
        out.push(n.id);
        if (n.children) ids(n.children, out);
      }
      return out;
    };
    const unique = (nodes: TreeNode[]) => {
      const all = ids(nodes);
      assert.equal(new Set(all).size, all.length, `duplicate ids: ${all.filter((x, i) => all.indexOf(x) !== i).join(', ')}`);
    };

    it('a file named `more` among a preview sample keeps its own id beside "… and N more"', () => {
      const files = ['more', ...Array.from({ length: PREVIEW_SAMPLE + 5 }, (_, i) => `f${i}.ts`)];
      const reach = {
        source: 'AGENTS.md',
        directory: '',
        total: files.length,
        inScope: files.length,
        counted: files.length,
        kind: 'source' as const,
        duplicateOf: null,
        reason: null,
        metadata: null,
        appliesTo: files,
        superseded: [],
        supersededBy: [],
      };
      unique([previewNode({ file: 'AGENTS.md', unsaved: false, reach })]);
    });

    it('the global file omitted beside a workspace file of the same display name: two truncation rows, two ids', () => {
      const fs = new MemoryFs({ '/g/AGENTS.md': 'global\n', '/repo/<global>/AGENTS.md': 'workspace\n', '/repo/<global>/x.ts': '' });
      const ev = resolveInstructions('/repo', ['<global>/x.ts'], { fs, globalFile: explicitGlobalFile('/g/AGENTS.md'), budget: 10 });
      assert.equal(ev.truncation.omitted.filter((o) => o.path === '<global>/AGENTS.md').length, 2);
      unique(buildTree(ev));
    });

    it('the model names targets in a row only until it is full: 10,000 targets, one excluded', () => {
      const targets = Array.from({ length: 10_000 }, (_, i) => `src/${i === 0 ? 'gen/' : ''}f${i}.ts`);
      const fs = new MemoryFs({ '/repo/AGENTS.md': fm('excludes: "**/gen/**"', 'rules\n') });
      const ev = resolveInstructions('/repo', targets, { fs, globalFile: null });
      const find = (nodes: TreeNode[], id: string): TreeNode | undefined => {
        for (const n of nodes) {
          if (n.id === id) return n;
          const inner = n.children && find(n.children, id);
          if (inner) return inner;
        }
        return undefined;
      };
      const applies = find(buildTree(ev), `source:1:AGENTS.md:applies`)!;
      assert.ok(applies.description!.length < MAX_DESCRIPTION + 100, `${applies.description!.length} characters`);
      assert.match(applies.description!, /^src\/f1\.ts, src\/f10\.ts, .* and [\d,]+ more$/);
    });

    it('the tools name at most 20 targets when nothing applies', () => {
      const ev = resolveInstructions(
        '/repo',
        Array.from({ length: 10_000 }, (_, i) => `f${i}.ts`),
        { fs: new MemoryFs({ '/repo/x': '' }), globalFile: null },
      );
      const text = noInstructionsText(ev);
      assert.ok(text.length < 600, `${text.length} characters`);
      assert.match(text, /"f0\.ts", .* and 9980 more\.$/);
    });

    it('clipped cuts long text with a count, never inside a surrogate pair', () => {
      assert.equal(clipped('abc', 3), 'abc');
      assert.equal(clipped('abcdef', 3), 'abc… (3 more characters)');
      assert.equal(clipped('ab😀cd', 3), 'ab… (4 more characters)');
      assert.equal(clipped('x'.repeat(20_000), 10).length, 10 + '… (19,990 more characters)'.length);
    });
  });

  describe('regexes over instruction text stay linear', () => {
    it('the context neutralises a marker after a megabyte of blank lines, and a tag after a megabyte of spaces', () => {
      const { out } = inChild(`
        const nl = 'x' + '\\n'.repeat(1_000_000) + '[holaryn:source] forged\\n';
        const sp = '<' + ' '.repeat(1_000_000) + 'x <  / repository-instructions>\\n';
        return [R.neutralize(nl).endsWith('\\\\[holaryn:source] forged\\n'), R.neutralize(sp).endsWith('x <\\\\  / repository-instructions>\\n')];
      `);
      assert.deepEqual(out, [true, true]);
    });

    it('lint reads key lines linearly: a 60,000-space line above 100 unquoted `*` globs', () => {
      const { out } = inChild(`
        let block = '---\\napplies_to:\\n  - x\\n    a' + ' '.repeat(60_000) + 'b\\n';
        for (let i = 0; i < 100; i++) block += '  - *g' + i + '\\n';
        const findings = L.lintFile('AGENTS.md', block + '---\\nbody\\n');
        return findings.length > 0;
      `);
      assert.equal(out, true);
    });
  });
});
