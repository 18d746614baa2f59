// joinUnder: P.join(base, ...rel.split('/')), joined as text when both are plain.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { isInside, joinUnder, toRelative } from '../../../src/resolver/paths';

describe('joinUnder', () => {
  const cases: [string, string][] = [
    ['/w', 'AGENTS.md'],
    ['/w', 'src/app/AGENTS.md'],
    ['/w', '.holaryn/instructions.md'],
    ['/w', ''],
    ['/', 'AGENTS.md'],
    ['/', ''],
    ['/w/', 'a'],
    ['/w//x', 'a'],
    ['/w/./x', 'a'],
    ['/w/../x', 'a'],
    ['/w/..', 'a'],
    ['/w', 'a/../b'],
    ['/w', './a'],
    ['/w', 'a//b'],
    ['/w', 'a/'],
    ['/w', '..'],
    ['/w', '.'],
    ['/w', '..a/b..'],
    ['/w', '.hidden/.x'],
    ['relative', 'a'],
  ];
  for (const [base, rel] of cases) {
    it(`${JSON.stringify(base)} + ${JSON.stringify(rel)} is what path.join gives`, () => {
      assert.equal(joinUnder(path.posix, base, rel), path.posix.join(base, ...rel.split('/')));
    });
  }
  it('a Windows path API always normalises', () => {
    assert.equal(joinUnder(path.win32, 'C:\\w', 'src/AGENTS.md'), 'C:\\w\\src\\AGENTS.md');
  });
});

// toRelative and isInside cut plain absolute paths as text: the same answers as path.relative.
describe('toRelative and isInside on plain and other paths', () => {
  const reference = {
    toRelative: (root: string, child: string) => path.posix.relative(root, child),
    isInside: (root: string, child: string) => {
      const rel = path.posix.relative(root, child);
      return rel === '' || !(rel === '..' || rel.startsWith('../') || path.posix.isAbsolute(rel));
    },
  };
  const names = ['a', 'b', 'ab', 'a.b', '.x', '.', '..', ''];
  // A fixed pseudo-random walk over absolute paths of up to four names (deterministic).
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const anyPath = () => '/' + Array.from({ length: next(5) }, () => names[next(names.length)]).join('/');
  it('agree with path.relative on 5,000 pairs', () => {
    for (let i = 0; i < 5000; i++) {
      const root = anyPath();
      const child = next(2) === 0 ? anyPath() : `${root}/${anyPath().slice(1)}`;
      const inside = isInside(path.posix, root, child);
      assert.equal(inside, reference.isInside(root, child), `isInside(${root}, ${child})`);
      if (inside) assert.equal(toRelative(path.posix, root, child), reference.toRelative(root, child), `toRelative(${root}, ${child})`);
    }
  });
  it('a Windows path API goes through path.relative', () => {
    assert.equal(toRelative(path.win32, 'C:\\w', 'C:\\w\\src\\a.ts'), 'src/a.ts');
    assert.equal(isInside(path.win32, 'C:\\w', 'c:\\W\\src'), true);
  });
});
