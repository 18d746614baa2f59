/**
 * Codex's own behaviour, case by case: each case was read in Codex's source and tests (the
 * `from` field names the test or rule) and is checked here against the `codex` profile on a real
 * temporary tree with a temporary home (`~home/NAME` is `$CODEX_HOME/NAME`, here `~/.codex`).
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { TempDirs } from '../../helpers/cli';
import { AgentCase, assertLoadedInOrder, expand, loadCases, runCase } from '../agent/cases';

const CASES = loadCases(path.join(__dirname, 'cases.json'));

/** `~home/NAME` as the evidence shows a file of the default Codex home. */
function evidencePath(p: string): string {
  return p.startsWith('~home/') ? `~/.codex/${p.slice('~home/'.length)}` : p;
}

describe('codex profile: cases from Codex source and tests', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('has every case of the research notes', () => {
    assert.equal(CASES.length, 28);
  });

  for (const c of CASES) {
    it(`${c.name} (${c.from})`, () => {
      const run = runCase(c as AgentCase, 'codex', '.codex', temp);
      const expected = Object.fromEntries(c.expect.loaded.map((l) => [evidencePath(l.path), l.status]));
      assertLoadedInOrder(run, c, expected);
      assert.equal(run.ev.context, expand(c.expect.context ?? '', run));
    });
  }
});
