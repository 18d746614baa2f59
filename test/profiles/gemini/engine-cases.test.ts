import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { createNodeFs } from '../../../src/resolver/fs';
import { resolveGemini } from '../../../src/resolver/profiles/gemini/discover';
import { TempDirs } from '../../helpers/cli';
import { loadCases, prepare, settingText } from './run-case';

describe('gemini engine: the files of the cases read from Gemini CLI (its tests and rules)', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  for (const c of loadCases()) {
    it(`${c.name} (${c.from})`, () => {
      const prep = prepare(c, temp);
      const overrides = Object.fromEntries(Object.entries(c.settings).map(([k, v]) => [k, settingText(v)]));
      const result = resolveGemini({
        fs: createNodeFs(),
        // No system settings file of this machine may change the answer.
        env: { GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(prep.home, 'no-system-settings.json'), ...c.env },
        homedir: prep.home,
        overrides,
        root: prep.cwd,
        targets: c.targets,
        platform: 'linux',
      });
      const loaded = result.sources.map((s) => ({
        path: s.path,
        status: s.status,
        delivery: s.delivery,
        ...(s.status === 'not-loaded' ? { reason: s.reason ?? '' } : {}),
      }));
      assert.deepEqual(loaded, c.expect.loaded, c.note);
    });
  }
});
