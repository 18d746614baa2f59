/**
 * The copilot-cli driver's reading of `copilot instruction list --json` (output recorded from
 * 1.0.102 in the oracle's runs), and the files-only comparison it declares.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { COPILOT_CLI_DRIVER, customInstructionDirs, parseListing, repositoryRoot } from '../../../src/capture/agents/copilot-cli';
import { comparesOf } from '../../../src/capture/agents/types';
import { agrees } from '../../../src/capture/capture';
import { differences } from '../../../src/capture/report';

function tree(files: Record<string, string>): string {
  const T = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-copilot-cli-extract-')));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(T, rel)), { recursive: true });
    fs.writeFileSync(path.join(T, rel), text);
  }
  return T;
}

const source = (location: string, type: string, sourcePath: string) => ({
  id: sourcePath,
  label: sourcePath,
  location,
  type,
  sourcePath,
  defaultDisabled: false,
});

describe('copilot-cli driver', () => {
  const made: string[] = [];
  after(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('compares files only and ends when the listing exits', () => {
    assert.equal(comparesOf(COPILOT_CLI_DRIVER), 'files');
    assert.equal(COPILOT_CLI_DRIVER.ends, 'exit');
    const launch = COPILOT_CLI_DRIVER.launch({
      executable: '/x/copilot',
      node: '/x/node',
      cwd: '/w',
      top: '/w',
      home: '/h',
      state: '/s',
      port: 8787,
      prompt: 'p',
      files: new Map(),
    });
    assert.deepEqual(launch.args, ['instruction', 'list', '--json']);
    // Offline, no update, the endpoint on loopback, the bundle's cache out of the home.
    assert.equal(launch.env.COPILOT_OFFLINE, 'true');
    assert.equal(launch.env.COPILOT_AUTO_UPDATE, 'false');
    assert.equal(launch.env.COPILOT_PROVIDER_BASE_URL, 'http://127.0.0.1:8787/v1');
    assert.equal(launch.env.COPILOT_CACHE_HOME, '/s/cache');
  });

  it('reads the listing; says when it is not JSON', () => {
    assert.deepEqual(parseListing('No instruction sources found.\n'), []);
    assert.match(String(parseListing('Error: nope')), /not JSON/);
    assert.match(String(parseListing('{}')), /not a JSON array/);
    assert.match(String(parseListing('[{"id":"x"}]')), /no sourcePath/);
  });

  it('resolves paths from the git root, a working-directory rule from the working directory, and a nested-agents source to the folders of the variable', () => {
    const T = tree({
      '.git/HEAD': 'ref\n',
      'AGENTS.md': 'a\n',
      'pkg/CLAUDE.md': 'c\n',
      'pkg/.github/instructions/p.instructions.md': 'p\n',
      'one/AGENTS.md': 'one\n',
      'agents-lower/x': '',
    });
    made.push(T);
    const cwd = path.join(T, 'pkg');
    assert.equal(repositoryRoot(cwd), T);
    const stdout = JSON.stringify([
      source('repository', 'model', 'AGENTS.md + CLAUDE.md'),
      source('working-directory', 'model', 'pkg/CLAUDE.md'),
      source('working-directory', 'vscode', '.github/instructions/p.instructions.md'),
      { ...source('working-directory', 'nested-agents', 'nested AGENTS.md') },
    ]);
    const x = COPILOT_CLI_DRIVER.extract({
      requests: [],
      files: new Map(),
      cwd,
      home: '/nowhere',
      stdout,
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: `${T}/one, ${T}/two` },
    });
    assert.deepEqual(x.problems, []);
    assert.deepEqual(x.files, [
      path.join(T, 'AGENTS.md'),
      path.join(T, 'pkg/CLAUDE.md'),
      path.join(T, 'pkg/.github/instructions/p.instructions.md'),
      path.join(T, 'one/AGENTS.md'),
    ]);
  });

  it('finds a root file listed by its canonical name under the name it has on disk', () => {
    const T = tree({ 'agents.md': 'lower\n' });
    made.push(T);
    const x = COPILOT_CLI_DRIVER.extract({
      requests: [],
      files: new Map(),
      cwd: T,
      home: '/nowhere',
      stdout: JSON.stringify([source('repository', 'model', 'AGENTS.md')]),
    });
    assert.deepEqual(x.files, [path.join(T, 'agents.md')]);
  });

  it('splits COPILOT_CUSTOM_INSTRUCTIONS_DIRS at commas only, a relative folder from the working directory', () => {
    assert.deepEqual(customInstructionDirs('/a, b ,,/c:/d', '/w'), ['/a', '/w/b', '/c:/d']);
  });

  it('a files-only run agrees on its files alone, and its text differences are not reported', () => {
    const agent = { files: ['/r/AGENTS.md'], parts: [] };
    const profile = { files: ['/r/AGENTS.md'], parts: [{ place: 'system-prompt', text: 'x' }] };
    assert.equal(agrees({ compares: 'files', filesAgree: true, textAgrees: false }), true);
    assert.equal(agrees({ compares: 'files-and-text', filesAgree: true, textAgrees: false }), false);
    assert.deepEqual(differences(agent, profile, undefined, 'files'), []);
    assert.notDeepEqual(differences(agent, profile), []);
  });
});
