/**
 * Directory listings (docs/speed.md): a batch of targets looks names up in a directory's listing
 * instead of one lstat each. A listing may only save calls: every result is the one the lstats
 * give, whatever the listing leaves out, and a directory that cannot be listed or is too large
 * for the names looked up in it is never listed.
 */
import { strict as assert } from 'node:assert';
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { Evidence, FsError, FsStat, ResolveError, ResolverFs, createNodeFs, resolveInstructions } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { ROOT, randomCase } from '../../helpers/random-tree';
import { fm } from '../../helpers/tree';

/** `fs` with some of its methods replaced; everything else (and `this`) is the original's. */
function variant<T extends ResolverFs>(fs: T, overrides: Partial<ResolverFs>): T {
  const v = Object.create(fs) as T;
  for (const [k, value] of Object.entries(overrides)) Object.defineProperty(v, k, { value, enumerable: true });
  return v;
}

const withoutListings = <T extends ResolverFs>(fs: T): T => variant(fs, { listKinds: undefined });

/** Counts the lstats per path and the listings per directory made through `fs`. */
function counting<T extends ResolverFs>(fs: T): { fs: T; lstats: string[]; listed: string[] } {
  const lstats: string[] = [];
  const listed: string[] = [];
  const counted = variant(fs, {
    lstat: (p: string) => {
      lstats.push(p);
      return fs.lstat(p);
    },
    listKinds: (dir: string) => {
      listed.push(dir);
      return fs.listKinds!(dir);
    },
  });
  return { fs: counted, lstats, listed };
}

type Outcome = { ev: Evidence } | { error: string; targets: unknown };

function outcome(fs: ResolverFs, targets: string[], root = ROOT): Outcome {
  try {
    return { ev: resolveInstructions(root, targets, { fs, globalFile: null, budget: 400 }) };
  } catch (err) {
    assert.ok(err instanceof ResolveError, String(err));
    return { error: err.code, targets: err.details.targets };
  }
}

function tree(files: Record<string, string>): MemoryFs {
  const fs = new MemoryFs({ [ROOT]: { dir: true } });
  for (const [p, text] of Object.entries(files)) fs.set(`${ROOT}/${p}`, text);
  return fs;
}

describe('directory listings for many targets', () => {
  it('give exactly the evidence of one lstat per name, on random trees with links, loops and odd spellings (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { fs, targets } = randomCase(seed);
        const listed = counting(fs);
        assert.deepEqual(outcome(listed.fs, targets), outcome(withoutListings(fs), targets), JSON.stringify(targets));
      }),
      { numRuns: 400 },
    );
  });

  it('replace the lstats of the targets and of the absent candidates in a listed directory', () => {
    const files: Record<string, string> = { 'src/AGENTS.md': fm('applies_to: "*.ts"', 'ts rules\n') };
    const targets: string[] = [];
    for (let i = 0; i < 20; i++) targets.push(`src/f${i}.ts`);
    for (const t of targets) files[t] = '';
    const fs = tree(files);
    const c = counting(fs);
    const ev = resolveInstructions(ROOT, targets, { fs: c.fs, globalFile: null });
    assert.deepEqual(ev, resolveInstructions(ROOT, targets, { fs: withoutListings(fs), globalFile: null }));
    assert.deepEqual(c.listed, [`${ROOT}/src`]);
    assert.deepEqual(
      c.lstats.filter((p) => p.startsWith(`${ROOT}/src/f`)),
      [],
      'no target is lstat-ed',
    );
    assert.deepEqual(
      c.lstats.filter((p) => p.startsWith(`${ROOT}/src/CLAUDE`) || p.startsWith(`${ROOT}/src/.holaryn`)),
      [],
      'absent candidates are not looked up',
    );
    assert.deepEqual(ev.sources[0].appliesTo, [...targets].sort());
  });

  it('look a name up with lstat when the listing does not show it (a case-folding directory, a file created meanwhile)', () => {
    const fs = tree({ 'src/a.ts': '', 'src/b.ts': '', 'src/AGENTS.md': 'rules\n' });
    const partial = variant(fs, {
      listKinds: (dir: string) => {
        const kinds = new Map(fs.listKinds(dir));
        kinds.delete('a.ts');
        return kinds;
      },
    });
    const ev = resolveInstructions(ROOT, ['src/a.ts', 'src/b.ts'], { fs: partial, globalFile: null });
    assert.deepEqual(ev.targets, [
      { path: 'src/a.ts', kind: 'file' },
      { path: 'src/b.ts', kind: 'file' },
    ]);
    assert.deepEqual(ev.sources[0].appliesTo, ['src/a.ts', 'src/b.ts']);
  });

  it('fall back to lstat when a directory cannot be listed', () => {
    const fs = tree({ 'src/a.ts': '', 'src/b.ts': '', 'src/AGENTS.md': 'rules\n', 'AGENTS.md': 'root\n' });
    const refusing = variant(fs, {
      listKinds: (dir: string) => {
        throw new FsError('EACCES', `permission denied: ${dir}`);
      },
    });
    const targets = ['src/a.ts', 'src/b.ts', 'src/missing.ts'];
    assert.deepEqual(outcome(refusing, targets), outcome(withoutListings(fs), targets));
  });

  it('never list a directory that is large next to the names looked up in it', () => {
    const fs = tree({ 'big/a.ts': '', 'big/b.ts': '', 'small/a.ts': '', 'small/b.ts': '' });
    const sized = variant(fs, {
      lstat: (p: string): FsStat | undefined => {
        const st = fs.lstat(p);
        // 50,000 entries' worth of directory for `big`.
        return st && p === `${ROOT}/big` ? { ...st, size: 2_000_000 } : st;
      },
    });
    const c = counting(sized);
    resolveInstructions(ROOT, ['big/a.ts', 'big/b.ts', 'small/a.ts', 'small/b.ts'], { fs: c.fs, globalFile: null });
    assert.ok(!c.listed.includes(`${ROOT}/big`), `listed: ${c.listed.join(', ')}`);
    assert.ok(c.listed.includes(`${ROOT}/small`), `listed: ${c.listed.join(', ')}`);
  });

  it("list a directory known only from its parent's listing, and after one such listing turns out large, check sizes first", () => {
    const files: Record<string, string> = { 'a.ts': '', 'b.ts': '', 'big1/a.ts': '', 'big1/b.ts': '', 'big2/a.ts': '', 'big2/b.ts': '' };
    const targets = Object.keys(files);
    const run = (big1Entries: number) => {
      const all = { ...files };
      for (let i = 0; i < big1Entries; i++) all[`big1/pad${i}.txt`] = '';
      for (let i = 0; i < 300; i++) all[`big2/pad${i}.txt`] = '';
      const fs = tree(all);
      const sized = variant(fs, {
        lstat: (p: string): FsStat | undefined => {
          const st = fs.lstat(p);
          return st && p === `${ROOT}/big2` ? { ...st, size: 2_000_000 } : st;
        },
      });
      const c = counting(sized);
      assert.deepEqual(outcome(c.fs, targets), outcome(withoutListings(fs), targets));
      return c;
    };
    // The root holds two targets: listed; big1 and big2 are known from it, without an lstat.
    const small = run(10);
    assert.deepEqual(small.listed, [ROOT, `${ROOT}/big1`, `${ROOT}/big2`]);
    assert.ok(!small.lstats.includes(`${ROOT}/big2`), 'big2 was lstat-ed');
    // big1 turns out large for the five names looked up in it: big2's size is checked, and it is
    // too large to list.
    const large = run(400);
    assert.deepEqual(large.listed, [ROOT, `${ROOT}/big1`]);
    assert.ok(large.lstats.includes(`${ROOT}/big2`), 'big2 was not lstat-ed');
  });

  it('do not vouch for a name holding U+FFFD: on disk it may be another file whose name is not UTF-8', function () {
    if (process.platform !== 'linux') this.skip(); // the only platform here that stores any bytes as a name
    const base = nodeFs.realpathSync(nodeFs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-listings-')));
    try {
      // `a<FF>.ts` lists as `a\uFFFD.ts`; the target `a\uFFFD.ts` (UTF-8 EF BF BD) does not exist.
      nodeFs.writeFileSync(Buffer.concat([Buffer.from(`${base}/a`), Buffer.from([0xff]), Buffer.from('.ts')]), '');
      nodeFs.writeFileSync(path.join(base, 'b.ts'), '');
      nodeFs.writeFileSync(path.join(base, 'c.ts'), '');
      const disk = createNodeFs();
      const c = counting(disk);
      const targets = ['a\uFFFD.ts', 'b.ts', 'c.ts'];
      const listed = outcome(c.fs, targets, base);
      assert.deepEqual(c.listed, [base]);
      assert.deepEqual(listed, outcome(withoutListings(disk), targets, base));
      assert.ok('ev' in listed);
      assert.deepEqual(listed.ev.targets[0], { path: 'a\uFFFD.ts', kind: 'missing' });
    } finally {
      nodeFs.rmSync(base, { recursive: true, force: true });
    }
  });

  it('agree with lstat on a real disk: files, directories, symlinks inside and out, dangling links, missing names', () => {
    const base = nodeFs.realpathSync(nodeFs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-listings-')));
    try {
      const root = path.join(base, 'repo');
      const w = (rel: string, text: string) => {
        nodeFs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        nodeFs.writeFileSync(path.join(root, rel), text);
      };
      w('AGENTS.md', fm('excludes: "**/gen/**"', 'root rules\n'));
      w('pkg/CLAUDE.md', 'pkg rules\n');
      w('pkg/.holaryn/instructions.md', fm('applies_to: "**/*.ts"', 'ts only\n'));
      for (let i = 0; i < 6; i++) w(`pkg/src/f${i}.ts`, '');
      w('pkg/src/gen/g.ts', '');
      w('pkg/src/readme.md', '');
      w('outside.ts', '');
      nodeFs.symlinkSync('f0.ts', path.join(root, 'pkg/src/link.ts'));
      nodeFs.symlinkSync('gen', path.join(root, 'pkg/src/link-dir'));
      nodeFs.symlinkSync('nowhere.ts', path.join(root, 'pkg/src/dangling.ts'));
      nodeFs.symlinkSync('../../CLAUDE.md', path.join(root, 'pkg/src/AGENTS.md'));
      const targets = [
        ...[0, 1, 2, 3, 4, 5].map((i) => `pkg/src/f${i}.ts`),
        'pkg/src/gen/g.ts',
        'pkg/src/readme.md',
        'pkg/src/link.ts',
        'pkg/src/link-dir/g.ts',
        'pkg/src/dangling.ts',
        'pkg/src/new.ts',
        'pkg/src/gen',
        'pkg',
      ];
      const disk = createNodeFs();
      const c = counting(disk);
      const listed = outcome(c.fs, targets, root);
      assert.ok(c.listed.includes(path.join(root, 'pkg/src')), `listed: ${c.listed.join(', ')}`);
      assert.deepEqual(listed, outcome(withoutListings(disk), targets, root));
      assert.ok('ev' in listed);
      assert.deepEqual(
        listed.ev.targets.find((t) => t.path === 'pkg/src/new.ts'),
        { path: 'pkg/src/new.ts', kind: 'missing' },
      );
    } finally {
      nodeFs.rmSync(base, { recursive: true, force: true });
    }
  });
});
