/**
 * Claude Code's documented behaviour, case by case: each case re-expresses a statement of its
 * memory documentation (the `from` field quotes it), with what 2.1.328 does where a run showed it
 * differs (the `note` field says how), checked against the `claude-code` profile on a real
 * temporary tree with a temporary home and an empty managed policy folder.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver';
import { TempDirs, writeTree } from '../../helpers/cli';
import { AgentCase, loadCases, settingText } from '../agent/cases';
import { Expected, checkLoaded } from '../agent/expect';

const CASES = loadCases(path.join(__dirname, 'cases.json')) as (AgentCase & { expect: Expected })[];

describe('claude-code profile: cases from the memory documentation, as 2.1.328 behaves', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('has every case of the research notes', () => {
    assert.equal(CASES.length, 26);
  });

  for (const c of CASES) {
    it(`${c.name} (${c.from.slice(0, 120)})`, () => {
      const T = temp.make('holaryn-claude-');
      const home = temp.make('holaryn-home-');
      const managed = temp.make('holaryn-managed-');
      writeTree(T, c.tree as never);
      writeTree(home, c.home as never);
      const cwd = path.join(T, ...c.cwd.split('/'));
      fs.mkdirSync(cwd, { recursive: true });
      const settings = Object.fromEntries(Object.entries(c.settings).map(([k, v]) => [k, settingText(v)]));
      const ev = resolveInstructions(cwd, c.targets, {
        profile: 'claude-code',
        settings,
        env: { HOLARYN_CLAUDE_MANAGED_DIR: managed },
        homedir: home,
      });
      checkLoaded(ev, c.expect, c.cwd.split('/').length);
    });
  }
});
