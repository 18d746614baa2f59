/**
 * `npm run bench` on bad input (issue 6: "the same comparison will be rerun on another tree"):
 * every mistake in its options or in the tree it is pointed at is one clear line and exit 2,
 * before any tree is built or anything is timed — never a stack trace.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const RUN = path.resolve(__dirname, '..', '..', 'scripts', 'bench', 'run.mjs');

function bench(...args: string[]) {
  const r = spawnSync(process.execPath, [RUN, ...args], { encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

describe('bench: bad input', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'holaryn-bench-input-'));
    writeFileSync(path.join(dir, 'targets.txt'), 'a.ts\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const cases: [string, () => string[], RegExp][] = [
    ['an unknown option', () => ['--bogus'], /^bench: Unknown option '--bogus'/],
    ['a count that is not a whole number', () => ['--rounds', 'x'], /^bench: --rounds takes a whole number of at least 1, not "x"/],
    ['a count of 0', () => ['--samples', '0'], /^bench: --samples takes a whole number of at least 1/],
    ['--root without --targets', () => ['--root', dir], /^bench: --root and --targets go together/],
    ['a root that is not a directory', () => ['--root', path.join(dir, 'nope'), '--targets', path.join(dir, 'targets.txt')], /^bench: --root ".*nope" is not a directory/],
    ['a target list that is not a file', () => ['--root', dir, '--targets', path.join(dir, 'missing.txt')], /^bench: --targets ".*missing\.txt" is not a readable file/],
  ];
  for (const [what, args, message] of cases) {
    it(`refuses ${what} with one line and exit 2`, () => {
      const r = bench(...args());
      assert.equal(r.status, 2, r.stderr);
      assert.match(r.stderr, message);
      assert.match(r.stderr, /\nusage: npm run bench -- /);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
    });
  }
});
