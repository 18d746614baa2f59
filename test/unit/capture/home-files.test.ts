// What `holaryn capture` copies from the user's home is what the agent's profile reads there
// (Profile.homeFiles, found by the profile's own code), not a list a driver restates.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DRIVERS } from '../../../src/capture/agents';
import { copyHomeFiles, homeFilesOf } from '../../../src/capture/session';
import { resolveInstructions } from '../../../src/resolver';

describe('capture: the home files copied are the ones the profile reads', () => {
  let home = '';
  let repo = '';
  let copy = '';
  beforeEach(() => {
    home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-home-')));
    repo = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-repo-')));
    copy = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-copy-')));
    fs.mkdirSync(path.join(repo, '.git'));
  });
  afterEach(() => {
    for (const d of [home, repo, copy]) fs.rmSync(d, { recursive: true, force: true });
  });

  it('every driver’s profile names its home files', () => {
    for (const driver of DRIVERS) assert.ok(homeFilesOf(driver, home, repo, {}).length > 0, driver.name);
  });

  it('Gemini: a user whose settings name AGENTS.md has ~/.gemini/AGENTS.md copied, and the profile reads it from the copy', () => {
    const gemini = DRIVERS.find((d) => d.name === 'gemini')!;
    fs.mkdirSync(path.join(home, '.gemini'));
    fs.writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ context: { fileName: 'AGENTS.md' } }));
    fs.writeFileSync(path.join(home, '.gemini', 'AGENTS.md'), 'global rules\n');
    fs.writeFileSync(path.join(home, '.gemini', 'unrelated.md'), 'not read\n');
    assert.deepEqual(homeFilesOf(gemini, home, repo, {}), [
      '.gemini/settings.json',
      '.gemini/trustedFolders.json',
      '.gemini/AGENTS.md',
      '.gemini/GEMINI.md',
    ]);
    assert.deepEqual(copyHomeFiles(gemini, { realHome: home, cwd: repo, env: {} }, copy), ['.gemini/settings.json', '.gemini/AGENTS.md']);
    assert.ok(!fs.existsSync(path.join(copy, '.gemini', 'unrelated.md')));
    const ev = resolveInstructions(repo, [], { profile: 'gemini', env: { HOME: copy, GEMINI_CLI_TRUST_WORKSPACE: 'true' }, homedir: copy });
    assert.deepEqual(
      ev.sources.filter((s) => s.status === 'included').map((s) => s.path),
      ['~/.gemini/AGENTS.md'],
    );
  });

  it('a file the profile reads outside the home (an agent folder moved elsewhere) is not copied', () => {
    const codex = DRIVERS.find((d) => d.name === 'codex')!;
    assert.deepEqual(homeFilesOf(codex, home, repo, { CODEX_HOME: repo }), []);
  });
});
