/**
 * The `copilot` and `claude-code` profiles through the real executable: `--profile NAME --set
 * NAME=VALUE --json`, with the agent's home in a temporary HOME.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { Evidence } from '../../../src/resolver';
import { TempDirs, baseEnv, build, json, run, writeTree } from '../../helpers/cli';

describe('copilot and claude-code profiles: the real executable', function () {
  this.timeout(60000);
  const tmp = new TempDirs();

  before(function () {
    this.timeout(180000);
    build();
  });
  after(() => tmp.cleanup());

  it('--profile copilot --set chat.useClaudeMdFile=false --json: AGENTS.md and the applying instruction file, CLAUDE.md off', () => {
    const ws = tmp.make();
    const home = tmp.make('holaryn-e2e-home-');
    writeTree(ws, {
      'AGENTS.md': 'agents\n',
      'CLAUDE.md': 'claude\n',
      '.github/instructions/ts.instructions.md': "---\napplyTo: 'src/**/*.ts'\n---\nts rules\n",
      'app/src/x.ts': 'x',
    });
    writeTree(home, { '.copilot/copilot-instructions.md': 'mine\n' });
    const r = run(['instructions', ws, 'app/src/x.ts', '--profile', 'copilot', '--set', 'chat.useClaudeMdFile=false', '--json'], {
      cwd: ws,
      env: baseEnv(home),
    });
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout.slice(0, 1000)}\n${r.stderr.slice(0, 1000)}`);
    const ev = json(r) as unknown as Evidence;
    assert.equal(ev.profile, 'copilot');
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.status]),
      [
        ['.github/instructions/ts.instructions.md', 'included'],
        ['~/.copilot/copilot-instructions.md', 'included'],
        ['AGENTS.md', 'included'],
        ['CLAUDE.md', 'not-loaded'],
      ],
    );
    assert.ok(ev.context.includes(`<attachment filePath=${JSON.stringify(path.join(ws, 'AGENTS.md'))}>\nagents\n</attachment>`));
    assert.match(ev.sources[0].reason!, /\*\*\/ in front/);
  });

  it('--profile claude-code: the user file from HOME, AGENTS.md skipped beside CLAUDE.md, the rule loaded on reading a matching file', () => {
    const base = tmp.make();
    const home = tmp.make('holaryn-e2e-home-');
    writeTree(base, {
      'CLAUDE.md': 'main\n',
      'AGENTS.md': 'agents\n',
      '.claude/rules/api.md': '---\npaths:\n  - "src/api/**"\n---\napi\n',
      'src/api/h.ts': 'x',
    });
    writeTree(home, { '.claude/CLAUDE.md': 'mine\n', '.claude/settings.json': '{"claudeMdExcludes": []}' });
    const env = { ...baseEnv(home), HOLARYN_CLAUDE_MANAGED_DIR: path.join(home, 'managed') };
    const r = run(['instructions', base, 'src/api/h.ts', '--profile', 'claude-code', '--json'], { cwd: base, env });
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout.slice(0, 1000)}\n${r.stderr.slice(0, 1000)}`);
    const ev = json(r) as unknown as Evidence;
    const mine = ev.sources.filter((s) => !s.path.startsWith('../'));
    assert.deepEqual(
      mine.map((s) => [s.path, s.status, s.delivery]),
      [
        ['~/.claude/CLAUDE.md', 'included', 'baseline'],
        ['CLAUDE.md', 'included', 'baseline'],
        ['.claude/rules/api.md', 'included', 'on-touch'],
        ['AGENTS.md', 'not-loaded', 'baseline'],
      ],
    );
    assert.deepEqual(ev.configFiles, ['~/.claude/settings.json']);
    assert.equal(ev.profileVersion, '2.1.328');
    assert.ok(
      ev.context.endsWith(`<system-reminder>\nContents of ${path.join(base, '.claude/rules/api.md')}:\n\napi\n\n</system-reminder>`),
    );
    assert.deepEqual(
      ev.contextParts.map((p) => p.place),
      ['first-user-message', 'tool-result'],
    );
  });

  it('an unknown setting is a usage error naming the known ones (exit 2)', () => {
    const ws = tmp.make();
    const r = run(['instructions', ws, '--profile', 'copilot', '--set', 'chat.nothing=1', '--json'], { cwd: ws, env: baseEnv(ws) });
    assert.equal(r.status, 2);
    assert.match((json(r) as { error: { message: string } }).error.message, /chat\.useAgentsMdFile/);
  });
});
