/**
 * The Gemini cases through the whole pipeline (`resolveInstructions(..., {profile: 'gemini'})`):
 * the same files, order and exact text as the engine gives, as evidence. Two translations from
 * the cases' own vocabulary: a path that is the same file (device+inode) as an earlier one is a
 * `duplicate` of it (the evidence's status for exactly that), and a directory named like a
 * context file is a skipped candidate (`skipped`, `unreadable`), not a source.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver';
import { TempDirs } from '../../helpers/cli';
import { loadCases, prepare, settingText } from './run-case';

const SAME_FILE = /^same file \(device\+inode\) as (.*)$/;

describe('gemini profile through the pipeline: the cases read from Gemini CLI, their text as 0.61.0 sent it', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  for (const c of loadCases()) {
    it(`${c.name}`, () => {
      const prep = prepare(c, temp);
      const settings = Object.fromEntries(Object.entries(c.settings).map(([k, v]) => [k, settingText(v)]));
      // No tool call yet: the working directory itself (docs/profiles.md §1).
      const ev = resolveInstructions(prep.cwd, c.targets.length > 0 ? c.targets : ['.'], {
        profile: 'gemini',
        settings,
        env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(prep.home, 'no-system-settings.json'), ...c.env },
        homedir: prep.home,
      });
      const expected: { path: string; status: string; delivery: string }[] = [];
      const skipped: string[] = [];
      for (const l of c.expect.loaded) {
        if (l.reason?.startsWith('a directory')) skipped.push(l.path);
        else expected.push({ path: l.path, status: SAME_FILE.test(l.reason ?? '') ? 'duplicate' : l.status, delivery: l.delivery });
      }
      assert.deepEqual(
        ev.sources.map((s) => ({ path: s.path, status: s.status, delivery: s.delivery })),
        expected,
      );
      for (const l of c.expect.loaded) {
        const m = SAME_FILE.exec(l.reason ?? '');
        if (m) assert.equal(ev.sources.find((s) => s.path === l.path)?.duplicateOf, m[1]);
      }
      assert.deepEqual(
        ev.skipped.map((s) => s.path),
        skipped,
      );
      assert.equal(ev.context, prep.expand(c.expect.context), c.note);
      assert.equal(ev.profile, 'gemini');
    });
  }
});
