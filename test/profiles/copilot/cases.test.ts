/**
 * Copilot's own behaviour, case by case: each case re-expresses a test of VS Code's
 * `computeAutomaticInstructions` suite or a rule read in its source (the `from` field names it),
 * checked against the `copilot` profile on a real temporary tree with a temporary home.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { TempDirs } from '../../helpers/cli';
import { AgentCase, expand, loadCases, runCase } from '../agent/cases';
import { Expected, checkLoaded } from '../agent/expect';

const CASES = loadCases(path.join(__dirname, 'cases.json')) as (AgentCase & { expect: Expected & { context?: string } })[];

describe('copilot profile: cases from VS Code source and tests', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('has every case of the research notes', () => {
    assert.equal(CASES.length, 30);
  });

  for (const c of CASES) {
    it(`${c.name} (${c.from})`, () => {
      const run = runCase(c, 'copilot', '.', temp);
      checkLoaded(run.ev, c.expect, c.cwd.split('/').length);
      if (c.expect.context !== undefined) assert.equal(run.ev.context, expand(c.expect.context, run));
    });
  }
});
