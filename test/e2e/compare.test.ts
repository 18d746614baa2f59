/**
 * `holaryn compare` through the real executable (docs/profiles.md §6): the JSON shape, the
 * table's rows, columns and cells, each profile's own budget and unit, and `--budget` refused.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Evidence } from '../../src/resolver';
import { profileNames } from '../../src/resolver/profiles';
import { RunResult, TempDirs, baseEnv, build, json, run, writeTree } from '../helpers/cli';

interface CompareJson {
  schema: string;
  targets: Evidence['targets'];
  profiles: Record<string, Evidence>;
}

describe('holaryn compare (real process)', function () {
  this.timeout(60000);
  const tmp = new TempDirs();
  let env: Record<string, string> = {};
  let holarynHome = '';

  before(function () {
    this.timeout(180000);
    build();
    const home = tmp.make('holaryn-compare-home-');
    holarynHome = path.join(home, 'hh');
    fs.mkdirSync(holarynHome);
    env = { ...baseEnv(home), HOLARYN_HOME: holarynHome };
  });
  after(() => tmp.cleanup());

  function compare(args: string[], cwd: string, input?: string): RunResult {
    return run(['compare', ...args], { cwd, env, input });
  }

  function compareJson(args: string[], cwd: string): CompareJson {
    const r = compare([...args, '--json'], cwd);
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout.slice(0, 2000)}\n${r.stderr}`);
    return json(r) as unknown as CompareJson;
  }

  /** A repository with both AGENTS.md and CLAUDE.md at its git root, a nested AGENTS.md and a config. */
  function repo(): string {
    const dir = path.join(tmp.make(), 'repo');
    writeTree(dir, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'AGENTS.md': 'root agents\n',
      'CLAUDE.md': 'root claude\n',
      'docs/PROJECT_RULES.md': 'rules\n',
      '.narya/config.toml': 'instruction_files = ["notes/extra.md"]\n',
      'notes/extra.md': 'extra\n',
      'src/AGENTS.md': 'src agents\n',
      'src/app.ts': 'x\n',
    });
    return dir;
  }

  it('--json: {"schema":"holaryn.compare/v1","targets":…,"profiles":{name: evidence}}, every registered profile by default', () => {
    const dir = repo();
    const out = compareJson(['.', 'src/app.ts', '--no-global'], dir);
    assert.equal(out.schema, 'holaryn.compare/v1');
    assert.deepEqual(out.targets, [{ path: 'src/app.ts', kind: 'file' }]);
    assert.deepEqual(Object.keys(out.profiles), profileNames());
    for (const [name, ev] of Object.entries(out.profiles)) {
      assert.equal(ev.schema, 'holaryn.instructions/v1');
      assert.equal(ev.profile, name);
      assert.deepEqual(ev.targets, out.targets);
    }
  });

  it('--profiles picks and orders the columns; an unknown name is a usage error listing the known ones', () => {
    const dir = repo();
    assert.deepEqual(Object.keys(compareJson(['.', 'src/app.ts', '--profiles', 'narya,holaryn'], dir).profiles), ['narya', 'holaryn']);
    const bad = compare(['.', 'src/app.ts', '--profiles', 'holaryn,nope', '--json'], dir);
    assert.equal(bad.status, 2);
    const error = json(bad).error as { code: string; message: string };
    assert.equal(error.code, 'usage');
    assert.ok(error.message.includes('holaryn') && error.message.includes('narya'), error.message);
  });

  it('each profile keeps its own budget and unit; --budget is refused', () => {
    const dir = repo();
    const out = compareJson(['.', 'src/app.ts', '--profiles', 'holaryn,narya'], dir);
    assert.equal(out.profiles.holaryn.truncation.budget, 24000);
    assert.equal(out.profiles.narya.truncation.unit, 'code-points');
    const r = compare(['.', 'src/app.ts', '--budget', '10', '--json'], dir);
    assert.equal(r.status, 2);
    assert.equal((json(r).error as { code: string }).code, 'usage');
  });

  it('the table: rows by the first profile that has the file, a column per profile, cells in words', () => {
    const dir = repo();
    const r = compare(['.', 'src/app.ts', '--profiles', 'holaryn,narya', '--no-global'], dir);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.split('\n');
    const header = lines.findIndex((l) => /^file\s+holaryn\s+narya$/.test(l));
    assert.ok(header >= 0, r.stdout);
    const rows = lines.slice(header + 1, lines.indexOf('', header)).map((l) => l.split(/\s{2,}/));
    assert.deepEqual(rows, [
      // holaryn's precedence order first…
      ['AGENTS.md', 'included', 'untrusted'],
      ['CLAUDE.md', 'included', 'shadowed'],
      ['src/AGENTS.md', 'included', 'not loaded'],
      // …then what only narya considers, in its order.
      ['docs/PROJECT_RULES.md', '—', 'untrusted'],
      ['notes/extra.md', '—', 'untrusted'],
    ]);
    assert.match(r.stdout, /holaryn\s+\d+ characters \(budget 24000\)\s+sha256:[0-9a-f]{64}/);
    assert.match(r.stdout, /narya\s+0 characters \(budget 24000\)\s+sha256:[0-9a-f]{64}/);
    assert.ok(r.stdout.includes(`holaryn trust ${dir} --set trusted`), 'the narya notice is shown');
  });

  it('profile settings pass through: --trust-store makes narya trust the repository', () => {
    const dir = repo();
    const store = path.join(path.dirname(dir), 'store.json');
    fs.writeFileSync(store, JSON.stringify({ version: 1, decisions: { [dir]: 'trusted' } }));
    const out = compareJson(['.', 'src/app.ts', '--profiles', 'narya', '--trust-store', store], dir);
    const statuses = Object.fromEntries(out.profiles.narya.sources.map((s) => [s.path, s.status]));
    assert.deepEqual(statuses, {
      'AGENTS.md': 'included',
      'CLAUDE.md': 'shadowed',
      'docs/PROJECT_RULES.md': 'included',
      'notes/extra.md': 'included',
      'src/AGENTS.md': 'not-loaded',
    });
    assert.equal(out.profiles.narya.notice, undefined);
  });

  it('a cut file shows kept/total in the profile’s unit', () => {
    const dir = path.join(tmp.make(), 'big');
    writeTree(dir, { 'AGENTS.md': 'é'.repeat(30000) + '\n', 'a.ts': '' });
    const r = compare(['.', 'a.ts', '--profiles', 'holaryn', '--no-global'], dir);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /AGENTS\.md\s+cut \d+\/30001 chars/);
  });

  it('control characters in paths are escaped in the table', () => {
    const dir = path.join(tmp.make(), 'esc');
    writeTree(dir, { 'a\u001b[31m/AGENTS.md': 'x\n', 'a\u001b[31m/f.ts': '' });
    const r = compare(['.', 'a\u001b[31m/f.ts', '--profiles', 'holaryn', '--no-global'], dir);
    assert.equal(r.status, 0, r.stderr);
    assert.ok(!r.stdout.includes('\u001b'), JSON.stringify(r.stdout));
    assert.ok(r.stdout.includes('a\\u001b[31m/AGENTS.md'));
  });

  it('a missing target is a usage error; a target outside the root is target-outside-root', () => {
    const dir = repo();
    assert.equal(compare(['.', '--json'], dir).status, 2);
    const out = compare(['.', '../x', '--json'], dir);
    assert.equal(out.status, 2);
    assert.equal((json(out).error as { code: string }).code, 'target-outside-root');
  });

  it("--targets-from takes git's lists: -0 for NUL-separated, a C-quoted line unquoted with a git-quoted-path note", () => {
    const dir = repo();
    writeTree(dir, { 'src/café.ts': 'x\n', 'src/a b.ts': 'x\n' });
    const zero = compare(['.', '--targets-from', '-', '-0', '--json', '--profiles', 'holaryn,codex'], dir, 'src/a b.ts\0src/café.ts\0');
    assert.equal(zero.status, 0, zero.stderr);
    const z = json(zero) as unknown as CompareJson;
    assert.deepEqual(
      z.targets.map((t) => t.path),
      ['src/a b.ts', 'src/café.ts'],
    );
    const quoted = compare(['.', '--targets-from', '-', '--json', '--profiles', 'holaryn,codex'], dir, '"src/caf\\303\\251.ts"\n');
    assert.equal(quoted.status, 0, quoted.stderr);
    const q = json(quoted) as unknown as CompareJson;
    assert.deepEqual(
      q.targets.map((t) => t.path),
      ['src/café.ts'],
    );
    for (const name of ['holaryn', 'codex'])
      assert.ok(
        q.profiles[name].diagnostics.some((d) => d.code === 'git-quoted-path'),
        name,
      );
    const text = compare(['.', '--targets-from', '-', '--profiles', 'holaryn'], dir, '"src/caf\\303\\251.ts"\n');
    assert.match(text.stdout, /quoted/);
    assert.equal(compare(['.', 'src/app.ts', '-0'], dir).status, 2, '-0 without --targets-from is a usage error');
  });
});
