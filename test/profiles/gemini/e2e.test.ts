/**
 * The `gemini` profile through the real executable: `--profile gemini --set NAME=VALUE --json`,
 * with Gemini's settings and trusted folders read from a temporary home.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { Evidence } from '../../../src/resolver';
import { TempDirs, baseEnv, build, json, run, writeTree } from '../../helpers/cli';

describe('gemini profile: the real executable', function () {
  this.timeout(60000);
  const tmp = new TempDirs();
  let home = '';

  before(function () {
    this.timeout(180000);
    build();
    home = tmp.make('holaryn-e2e-home-');
  });
  after(() => tmp.cleanup());

  it('--profile gemini --set context.fileName=["AGENTS.md"] --json: AGENTS.md and GEMINI.md, sorted by absolute path, framed as Gemini does', () => {
    const base = tmp.make();
    writeTree(base, { '.git': { dir: true }, 'AGENTS.md': 'agents', 'GEMINI.md': 'gemini', 'src/GEMINI.md': 'src' });
    writeTree(home, { '.gemini/trustedFolders.json': JSON.stringify({ [base]: 'TRUST_FOLDER' }) });
    const env = { ...baseEnv(home), GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(home, 'none.json') };
    const r = run(['instructions', base, '--profile', 'gemini', '--set', 'context.fileName=["AGENTS.md"]', '--json'], { cwd: base, env });
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout.slice(0, 1000)}\n${r.stderr.slice(0, 1000)}`);
    const ev = json(r) as unknown as Evidence;
    assert.equal(ev.profile, 'gemini');
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.status]),
      [
        ['AGENTS.md', 'included'],
        ['GEMINI.md', 'included'],
      ],
    );
    assert.equal(
      ev.context,
      `<loaded_context>\n<project_context>\n--- Context from: ${base}/AGENTS.md ---\nagents\n--- End of Context from: ${base}/AGENTS.md ---\n\n` +
        `--- Context from: ${base}/GEMINI.md ---\ngemini\n--- End of Context from: ${base}/GEMINI.md ---\n</project_context>\n</loaded_context>`,
    );
    assert.ok(ev.configFiles?.includes('~/.gemini/trustedFolders.json'));
  });

  it('--set with a name Gemini does not have: a usage error listing the known ones (exit 2)', () => {
    const base = tmp.make();
    const r = run(['instructions', base, '--profile', 'gemini', '--set', 'contextFileName=X.md', '--json'], {
      cwd: base,
      env: baseEnv(home),
    });
    assert.equal(r.status, 2);
    assert.match(r.stdout + r.stderr, /context\.fileName/);
  });
});
