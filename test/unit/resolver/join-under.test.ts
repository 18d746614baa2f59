// joinUnder: P.join(base, ...rel.split('/')), joined as text when both are plain.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { joinUnder } from '../../../src/resolver/paths';

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
