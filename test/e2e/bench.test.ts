/**
 * `npm run bench` itself (docs/speed.md, "another tree"): every
 * mistake in its options or in the tree it is pointed at is one clear line and exit 2, never a
 * stack trace; a target list holding lines the CLI refuses (outside the root, a symlink loop)
 * still gives a comparison, with those lines left out for every contender and reported; and the
 * bench leaves none of its own files behind. Times are printed, never asserted.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TempDirs, build, writeTree } from '../helpers/cli';
import { REPO_DIR } from '../helpers/tree';

const RUN = path.join(REPO_DIR, 'scripts', 'bench', 'run.mjs');

describe('bench (scripts/bench/run.mjs)', function () {
  this.timeout(120_000);
  const temp = new TempDirs();
  let work: string;
  let benchDir: string;
  const bench = (...args: string[]) => {
    const r = spawnSync(process.execPath, [RUN, ...args], { encoding: 'utf8', env: { ...process.env, HOLARYN_BENCH_DIR: benchDir } });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  before(() => {
    build();
    work = temp.make('holaryn-bench-');
    benchDir = temp.make('holaryn-bench-dir-');
    writeTree(work, {
      'tree/AGENTS.md': '---\napplies_to: "**/*.ts"\n---\nrules\n',
      'tree/.editorconfig': 'root = true\n[*.ts]\nindent_style = space\n',
      'tree/src/a.ts': '',
      'tree/src/b.ts': '',
      'tree/out': { symlink: '/etc' },
      'tree/loop1': { symlink: 'loop2' },
      'tree/loop2': { symlink: 'loop1' },
      'targets.txt': 'a.ts\n',
      'refused.txt': 'src/a.ts\nout/hostname\r\n\nloop1/x\nsrc/b.ts\n../elsewhere\n',
      'none.txt': '\n\r\n',
    });
  });
  after(() => temp.cleanup());

  const refusals: [string, () => string[], RegExp][] = [
    ['an unknown option', () => ['--bogus'], /^bench: Unknown option '--bogus'/],
    ['a count that is not a whole number', () => ['--rounds', 'x'], /^bench: --rounds takes a whole number of at least 1, not "x"/],
    ['a count of 0', () => ['--samples', '0'], /^bench: --samples takes a whole number of at least 1/],
    ['--root without --targets', () => ['--root', work], /^bench: --root and --targets go together/],
    [
      'a root that is not a directory',
      () => ['--root', path.join(work, 'nope'), '--targets', path.join(work, 'targets.txt')],
      /^bench: --root ".*nope" is not a directory/,
    ],
    [
      'a target list that is not a file',
      () => ['--root', work, '--targets', path.join(work, 'missing.txt')],
      /^bench: --targets ".*missing\.txt" is not a readable file/,
    ],
    [
      'a target list without a target',
      () => ['--root', work, '--targets', path.join(work, 'none.txt')],
      /^bench: --targets ".*none\.txt" lists no target/,
    ],
  ];
  for (const [what, args, message] of refusals) {
    it(`refuses ${what} with one line and exit 2`, () => {
      const r = bench(...args());
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, message);
      assert.match(r.stderr, /\nusage: npm run bench -- /);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    });
  }

  it('on another tree, leaves out for every contender the lines the CLI refuses, says so, and compares the rest', () => {
    const tree = path.join(work, 'tree');
    const r = bench('--root', tree, '--targets', path.join(work, 'refused.txt'), '--no-scale', '--rounds', '1', '--samples', '2');
    assert.equal(r.status, 0, r.stderr);
    const said = r.stderr
      .split('\n')
      .find((l) => l.startsWith('bench: 3 target lines left out for every contender: the CLI refuses them ('));
    assert.ok(said, r.stderr);
    for (const line of ['"out/hostname"', '"../elsewhere"', '"loop1/x"']) assert.ok(said.includes(line), `${line} in ${said}`);
    assert.match(
      r.stdout,
      new RegExp(`^Tree: ${tree.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — 2 targets \\(3 more lines left out for every contender`, 'm'),
    );
    const rows = r.stdout.split('\n').filter((l) => l.startsWith('| '));
    for (const label of [
      'Holaryn CLI',
      'I/O floor (',
      'editorconfig-core-js',
      '(reference) I/O floor, a directory holding targets listed',
      '(reference) Node start alone',
      'Holaryn ÷ I/O floor',
      'Holaryn ÷ editorconfig',
    ]) {
      const row = rows.find((l) => l.includes(label));
      assert.ok(row && /\| \**[0-9.,]+( ms|×)\** \|/.test(row), `a measured row for ${label}:\n${r.stdout}`);
    }
    assert.deepEqual(fs.readdirSync(benchDir), [], 'the bench removed its bundle and its target list');
  });

  it('the floor finds and hashes the same files whether it lstats candidates, also lstats targets, or lists target directories', () => {
    writeTree(work, {
      'floor/AGENTS.md': 'a\n',
      'floor/src/CLAUDE.md': 'b\n',
      'floor/src/.holaryn/instructions.md': 'c\n',
      'floor/src/x.ts': '',
      'floor/src/y.ts': '',
      'floor/src/deep/AGENTS.md': { symlink: '../CLAUDE.md' },
      'floor/src/deep/z.ts': '',
      'floor/lib/AGENTS.md/x': '',
      'floor-targets.txt': 'src/x.ts\nsrc/y.ts\nsrc/deep/z.ts\nlib/k.ts\nmissing/dir/m.ts\n',
    });
    const floor = (...flag: string[]) => {
      const r = spawnSync(
        process.execPath,
        [path.join(REPO_DIR, 'scripts', 'bench', 'floor.cjs'), path.join(work, 'floor'), path.join(work, 'floor-targets.txt'), ...flag],
        { encoding: 'utf8' },
      );
      assert.equal(r.status, 0, r.stderr);
      const { files, dirs, digest } = JSON.parse(r.stdout);
      return { files, dirs, digest };
    };
    const plain = floor();
    // AGENTS.md, src/CLAUDE.md, src/.holaryn/instructions.md: not the symlink, not a directory named AGENTS.md
    assert.equal(plain.files, 3);
    assert.deepEqual(floor('--stat-targets'), plain);
    assert.deepEqual(floor('--list-targets'), plain);
  });

  it('a list every line of which the CLI refuses is one line and exit 2', () => {
    fs.writeFileSync(path.join(work, 'outside.txt'), '/etc/passwd\n');
    const r = bench('--root', path.join(work, 'tree'), '--targets', path.join(work, 'outside.txt'), '--no-scale');
    assert.equal(r.status, 2, r.stderr);
    assert.match(
      r.stderr,
      /^bench: .*\nbench: the CLI refuses every target line of .*outside\.txt \("\/etc\/passwd"\): outside the root or unresolvable\n/,
    );
    assert.deepEqual(fs.readdirSync(benchDir), []);
  });
});
