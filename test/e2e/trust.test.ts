/**
 * `holaryn trust` through the real executable (docs/profiles.md §5): the RepositoryTrust object,
 * inheritance, the filesystem root refused, a missing repository, a corrupt store left alone,
 * and eight processes writing at once losing nothing.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, RunResult, TempDirs, baseEnv, build, json, run, writeTree } from '../helpers/cli';

describe('holaryn trust (real process)', function () {
  this.timeout(60000);
  const tmp = new TempDirs();
  let env: Record<string, string> = {};
  let holarynHome = '';

  before(function () {
    this.timeout(180000);
    build();
  });
  beforeEach(() => {
    const home = tmp.make('holaryn-trust-home-');
    holarynHome = path.join(home, '.holaryn-home');
    env = { ...baseEnv(home), HOLARYN_HOME: holarynHome };
  });
  after(() => tmp.cleanup());

  const store = () => path.join(holarynHome, 'trust.json');

  function trust(args: string[], cwd = '/'): RunResult {
    return run(['trust', ...args], { cwd, env });
  }

  function trustJson(args: string[], cwd = '/'): Record<string, unknown> {
    const r = trust([...args, '--json'], cwd);
    assert.equal(r.status, 0, `exit ${r.status}\n${r.stdout}\n${r.stderr}`);
    return json(r);
  }

  /** A checkout with a component below it, as in Narya's monorepo example. */
  function monorepo(): { base: string; checkout: string; component: string } {
    const base = tmp.make();
    const checkout = path.join(base, 'midaz');
    writeTree(checkout, {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'AGENTS.md': 'agents\n',
      'CLAUDE.md': 'claude\n',
      'docs/PROJECT_RULES.md': 'rules\n',
      '.claude/commands/deploy.md': 'deploy\n',
      '.claude/settings.json': '{}',
      'components/ledger/.narya/config.toml': 'instruction_files = ["README.md"]\n',
      'components/ledger/README.md': 'readme\n',
    });
    return { base, checkout, component: path.join(checkout, 'components', 'ledger') };
  }

  it('prints the RepositoryTrust object: unknown, instructionRoot above, the four things it governs', () => {
    const { checkout, component } = monorepo();
    assert.deepEqual(trustJson([component]), {
      repository: component,
      instructionRoot: checkout,
      decision: 'unknown',
      parent: path.dirname(component),
      instructionFiles: ['AGENTS.md', 'docs/PROJECT_RULES.md'],
      resourceDirs: ['.claude/commands', '.claude/settings.json'],
      projectConfig: '.narya/config.toml',
    });
    assert.ok(!fs.existsSync(store()), 'reading creates no store');
  });

  it('the text form names instructionRoot, the files, the resource dirs, the config and the command', () => {
    const { checkout, component } = monorepo();
    const r = trust([component]);
    assert.equal(r.status, 0, r.stderr);
    for (const needle of [
      checkout,
      'AGENTS.md',
      'docs/PROJECT_RULES.md',
      '.claude/commands',
      '.claude/settings.json',
      '.narya/config.toml',
      `holaryn trust ${component} --set trusted`,
    ]) {
      assert.ok(r.stdout.includes(needle), `missing ${needle}:\n${r.stdout}`);
    }
  });

  it('--set records the decision under the canonical path; ancestors pass it on with inheritedFrom', () => {
    const { base, checkout, component } = monorepo();
    const link = path.join(base, 'link');
    fs.symlinkSync(checkout, link);
    const set = trustJson([link, '--set', 'trusted']);
    assert.equal(set.repository, checkout, 'symlinks resolved: the canonical path is the key');
    assert.equal(set.decision, 'trusted');
    assert.ok(!('inheritedFrom' in set));
    assert.deepEqual(JSON.parse(fs.readFileSync(store(), 'utf8')), { version: 1, decisions: { [checkout]: 'trusted' } });
    if (process.platform !== 'win32') assert.equal(fs.statSync(store()).mode & 0o777, 0o600);

    const inherited = trustJson(['midaz/components/ledger'], base);
    assert.equal(inherited.repository, component);
    assert.equal(inherited.decision, 'trusted');
    assert.equal(inherited.inheritedFrom, checkout);

    assert.equal(trustJson([component, '--set', 'refused']).decision, 'refused');
    assert.ok(!('inheritedFrom' in trustJson([component])));
    const removed = trustJson([component, '--set', 'unknown']);
    assert.equal(removed.decision, 'trusted');
    assert.equal(removed.inheritedFrom, checkout);
    assert.equal(trustJson([checkout, '--set', 'unknown']).decision, 'unknown');
    assert.deepEqual(JSON.parse(fs.readFileSync(store(), 'utf8')), { version: 1, decisions: {} });
  });

  it('--trust-store FILE overrides the default store', () => {
    const { base, checkout } = monorepo();
    const other = path.join(base, 'elsewhere', 'store.json');
    trustJson([checkout, '--set', 'refused', '--trust-store', other]);
    assert.deepEqual(JSON.parse(fs.readFileSync(other, 'utf8')), { version: 1, decisions: { [checkout]: 'refused' } });
    assert.ok(!fs.existsSync(store()));
    assert.equal(trustJson([checkout]).decision, 'unknown');
  });

  it('parent is absent for the filesystem root and for a directory right below it', () => {
    assert.ok(!('parent' in trustJson(['/'])));
    // The first segment of a canonical temporary directory is a real directory right below `/`.
    const top = tmp.make().split(path.sep)[1];
    assert.ok(!('parent' in trustJson([path.join('/', top)])));
  });

  it('setting any decision on the filesystem root is a usage error, and writes nothing', () => {
    for (const decision of ['trusted', 'refused', 'unknown']) {
      const r = trust(['/', '--set', decision, '--json']);
      assert.equal(r.status, 2);
      assert.equal((json(r).error as { code: string }).code, 'usage');
    }
    assert.ok(!fs.existsSync(store()));
  });

  it('a repository that does not exist is root-not-found; a bad --set value is a usage error', () => {
    const base = tmp.make();
    const missing = trust([path.join(base, 'nope'), '--json']);
    assert.equal(missing.status, 2);
    assert.equal((json(missing).error as { code: string }).code, 'root-not-found');
    const bad = trust([base, '--set', 'yes', '--json']);
    assert.equal(bad.status, 2);
    assert.equal((json(bad).error as { code: string }).code, 'usage');
    const none = trust(['--json']);
    assert.equal(none.status, 2);
  });

  it('a corrupt store is error trust-store, exit 2, naming the file; it is never overwritten', () => {
    const { checkout } = monorepo();
    fs.mkdirSync(holarynHome, { recursive: true });
    const text = '{"version": 1, "decisions": {"/x": "trusted",}}';
    fs.writeFileSync(store(), text);
    for (const args of [[checkout], [checkout, '--set', 'trusted'], [checkout, '--set', 'unknown']]) {
      const r = trust([...args, '--json']);
      assert.equal(r.status, 2, r.stdout);
      const error = json(r).error as { code: string; message: string; file: string };
      assert.equal(error.code, 'trust-store');
      assert.equal(error.file, store());
      assert.ok(error.message.includes(store()));
      const plain = trust(args);
      assert.equal(plain.status, 2);
      assert.ok(plain.stderr.includes(store()), plain.stderr);
    }
    assert.equal(fs.readFileSync(store(), 'utf8'), text);
    assert.deepEqual(fs.readdirSync(holarynHome), ['trust.json']);
  });

  it('eight processes setting eight repositories at once: every entry survives', async () => {
    const base = tmp.make();
    const repos = Array.from({ length: 8 }, (_, i) => path.join(base, `repo-${i}`));
    for (const r of repos) fs.mkdirSync(r);
    const children = repos.map(
      (repo, i) =>
        new Promise<number | null>((resolve, reject) => {
          const child = spawn(process.execPath, [CLI, 'trust', repo, '--set', i % 2 === 0 ? 'trusted' : 'refused', '--json'], {
            env,
            stdio: ['ignore', 'ignore', 'pipe'],
          });
          child.on('error', reject);
          child.on('exit', resolve);
        }),
    );
    assert.deepEqual(await Promise.all(children), Array(8).fill(0));
    const written = JSON.parse(fs.readFileSync(store(), 'utf8')) as { decisions: Record<string, string> };
    assert.deepEqual(written.decisions, Object.fromEntries(repos.map((r, i) => [r, i % 2 === 0 ? 'trusted' : 'refused'])));
    assert.deepEqual(fs.readdirSync(holarynHome), ['trust.json'], 'no lock or temporary file left behind');
  });

  it('a lock left by a process that is gone is broken', () => {
    const { checkout } = monorepo();
    fs.mkdirSync(holarynHome, { recursive: true });
    // A pid that is not running: the largest a Linux kernel hands out, beyond any real one.
    fs.writeFileSync(`${store()}.lock`, '4194304\n2020-01-01T00:00:00.000Z\n');
    assert.equal(trustJson([checkout, '--set', 'trusted']).decision, 'trusted');
    assert.ok(!fs.existsSync(`${store()}.lock`));
  });
});
