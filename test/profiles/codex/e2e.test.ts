/**
 * The `codex` profile through the real executable: `--profile codex --set NAME=VALUE --json`,
 * with the user's Codex configuration read from a temporary home.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Evidence } from '../../../src/resolver';
import { TempDirs, baseEnv, build, json, run, writeTree } from '../../helpers/cli';

describe('codex profile: the real executable', function () {
  this.timeout(60000);
  const tmp = new TempDirs();
  let home = '';

  before(function () {
    this.timeout(180000);
    build();
    home = tmp.make('holaryn-e2e-home-');
  });
  after(() => tmp.cleanup());

  it('--profile codex --set project_doc_max_bytes=7 --json: root file whole, the cwd file cut silently', () => {
    const base = tmp.make();
    writeTree(base, { '.git': 'gitdir: x\n', 'AGENTS.md': 'root', 'nested/AGENTS.md': 'abcdef' });
    writeTree(home, { '.codex/config.toml': 'project_doc_max_bytes = 100\n' });
    const cwd = path.join(base, 'nested');
    const r = run(['instructions', cwd, '--profile', 'codex', '--set', 'project_doc_max_bytes=7', '--json'], { cwd, env: baseEnv(home) });
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout.slice(0, 1000)}\n${r.stderr.slice(0, 1000)}`);
    const ev = json(r) as unknown as Evidence;
    assert.equal(ev.profile, 'codex');
    assert.deepEqual(
      ev.sources.filter((s) => !s.path.startsWith('../../')).map((s) => [s.path, s.status]),
      [
        ['../AGENTS.md', 'included'],
        ['AGENTS.md', 'truncated'],
      ],
    );
    assert.equal(ev.context, `# AGENTS.md instructions for ${cwd}\n\n<INSTRUCTIONS>\nroot\n\nabc\n</INSTRUCTIONS>`);
    assert.deepEqual(ev.configFiles, ['~/.codex/config.toml']);
    assert.equal(ev.truncation.budget, 7);
    assert.ok(typeof ev.profileVersion === 'string' && Array.isArray(ev.fidelity));
    assert.ok(fs.existsSync(path.join(home, '.codex', 'config.toml')));
  });

  it('--set with a name Codex does not have: a usage error listing the known ones (exit 2)', () => {
    const base = tmp.make();
    const r = run(['instructions', base, '--profile', 'codex', '--set', 'max_bytes=7', '--json'], { cwd: base, env: baseEnv(home) });
    assert.equal(r.status, 2);
    const err = json(r) as { error: { code: string; message: string } };
    assert.equal(err.error.code, 'usage');
    assert.match(err.error.message, /project_doc_max_bytes/);
  });
});
