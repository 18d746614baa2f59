/**
 * `holaryn capture` with each pinned agent of the oracle cache (--agent-bin) on the hostile tree
 * (hostile.ts), its trust given by the agent's own means from a stand-in real home whose own
 * settings also name hooks: no marker is written, the tree is byte-identical, the run counts.
 * With a stand-in agent: a run that writes into the repository fails loudly; and a machine
 * without `unshare` is refused with one line and its own exit code.
 * HOLARYN_ORACLE=skip skips these with the rest of the oracle suite.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { sandboxProblem } from '../../src/capture/sandbox';
import { changes, fingerprint } from '../../src/capture/tree';
import { cli } from '../../src/cli/cli';
import type { CaptureReport } from '../../src/cli/capture';
import { CAPTURE_EXIT } from '../../src/cli/capture';
import type { CliIo } from '../../src/cli/io';
import { HOSTILE } from './hostile';
import { ensureAgent, oracleStateRoot, readManifest, REPO } from './install';
import { expand, writeTree, type Places } from './tree';
import { markerCommand, markerJs, markersUnder } from './vectors/marker';

function io(env: Record<string, string>): CliIo & { out: string; err: string } {
  const o = {
    out: '',
    err: '',
    stdout: (t: string) => void (o.out += t),
    stderr: (t: string) => void (o.err += t),
    readStdin: () => Promise.resolve(''),
    isTTY: false,
    env,
    cwd: REPO,
  };
  return o;
}

const marker = (outside: string, name: string) => markerCommand(name).replace('{{outside}}', outside);

describe('holaryn capture', function () {
  this.timeout(300_000);
  let base: string;
  before(function () {
    if (process.env.HOLARYN_ORACLE === 'skip') this.skip();
    const problem = sandboxProblem();
    if (problem) throw new Error(`cannot run the agents in isolation: ${problem}`);
  });
  beforeEach(() => (base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-capture-test-')))));
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  for (const release of readManifest().agents) {
    it(`${release.name}: the hostile tree runs no repository or home command and stays byte-identical`, async () => {
      const got = await ensureAgent(release, () => {});
      assert.ok('executable' in got, 'problem' in got ? got.problem : '');
      const c = HOSTILE[release.name];
      const places: Places = { root: path.join(base, 'root'), home: path.join(base, 'real-home'), outside: path.join(base, 'outside') };
      for (const d of Object.values(places)) fs.mkdirSync(d);
      writeTree(places.root, c.tree, places);
      writeTree(places.home, c.home ?? {}, places);
      // The real home's own settings name hooks too: copied, they stay off.
      const hook = {
        hooks: { SessionStart: [{ matcher: '*', hooks: [{ type: 'command', command: marker(places.outside, 'home-hook') }] }] },
      };
      if (release.name === 'claude-code') writeTree(places.home, { '.claude/settings.json': JSON.stringify(hook) }, places);
      if (release.name === 'gemini') writeTree(places.home, { '.gemini/settings.json': JSON.stringify(hook) }, places);
      if (release.name === 'droid') writeTree(places.home, { '.factory/hooks.json': JSON.stringify(hook.hooks) }, places);
      // opencode has no hooks: the user's own configuration names an MCP server instead.
      if (release.name === 'opencode') {
        const mcp = {
          $schema: 'https://opencode.ai/config.json',
          mcp: { home: { type: 'local', command: ['/bin/sh', '-c', marker(places.outside, 'home-mcp')] } },
        };
        writeTree(places.home, { '.config/opencode/opencode.json': JSON.stringify(mcp) }, places);
      }
      // pi: the user's settings (copied: their skills entries change the list) name an extension in the copied skills folder.
      if (release.name === 'pi')
        writeTree(
          places.home,
          {
            '.pi/agent/settings.json': JSON.stringify({ extensions: ['./skills/evil.js'] }),
            '.pi/agent/skills/evil.js': `${markerJs('pi-home-settings-extension')}\nexport default function () {}\n`,
          },
          places,
        );
      const before = fingerprint(places.root);
      const homeBefore = fingerprint(places.home);
      const env = Object.entries(c.env ?? {}).flatMap(([k, v]) => ['--env', `${k}=${expand(v, places)}`]);
      const o = io({ HOME: places.home, XDG_CACHE_HOME: oracleStateRoot(), PATH: process.env.PATH ?? '' });
      const args = [
        'capture',
        release.name,
        places.root,
        ...(c.read ? [c.read] : []),
        '--agent-bin',
        got.executable,
        '--json',
        '--keep',
        // One run: the two-run proof has its own test below.
        '--no-proof',
        ...env,
      ];
      const code = await cli(args, o);
      const report = JSON.parse(o.out) as CaptureReport;
      // The run's own folder (home, temporary folder, the repository's layer) is kept: no marker anywhere in it.
      const kept = report.kept ? markersUnder(report.kept) : [];
      if (report.kept) fs.rmSync(report.kept, { recursive: true, force: true });
      assert.deepEqual(kept, [], 'a repository or home command ran inside the sandbox');
      assert.deepEqual(fs.readdirSync(places.outside), [], 'a repository or home command ran');
      assert.deepEqual(changes(before, fingerprint(places.root)), []);
      assert.deepEqual(changes(homeBefore, fingerprint(places.home)), [], 'the real home changed');
      assert.deepEqual(report.problems, []);
      assert.ok(code === 0 || code === CAPTURE_EXIT.differs, `exit ${code}`);
      assert.ok(report.agentSent && report.agentSent.files.length > 0, 'the agent sent no instruction file');
      assert.equal(report.installed.version, release.version);
    });
  }

  it('runs the two-run proof on the user’s repository without touching it, and not with --no-proof', async () => {
    const root = path.join(base, 'root');
    const places: Places = { root, home: path.join(base, 'home'), outside: path.join(base, 'outside') };
    for (const d of Object.values(places)) fs.mkdirSync(d);
    writeTree(
      root,
      {
        '.git': { dir: true },
        'CLAUDE.md': 'Be brief.\n',
        '.claude/skills/deploy/SKILL.md': '---\nname: deploy\ndescription: Ships the site.\n---\nSteps.\n',
        'src/app.ts': 'export {};\n',
      },
      places,
    );
    const got = await ensureAgent(
      readManifest().agents.find((a) => a.name === 'claude-code')!,
      () => {},
    );
    assert.ok('executable' in got, 'problem' in got ? got.problem : '');
    const before = fingerprint(root);
    const run = async (extra: string[]) => {
      const o = io({ HOME: places.home, XDG_CACHE_HOME: oracleStateRoot(), PATH: process.env.PATH ?? '' });
      const code = await cli(['capture', 'claude-code', root, 'src/app.ts', '--agent-bin', got.executable, '--json', ...extra], o);
      return { code, report: JSON.parse(o.out) as CaptureReport };
    };
    const proved = await run([]);
    assert.equal(proved.code, 0, JSON.stringify(proved.report.problems));
    assert.deepEqual(proved.report.proof?.removed, ['.claude/skills/deploy/SKILL.md', 'CLAUDE.md']);
    assert.deepEqual(proved.report.proof?.unattributed, []);
    assert.deepEqual(proved.report.repositoryWrites, [], 'the files left out are not the agent’s writes');
    assert.deepEqual(changes(before, fingerprint(root)), [], 'the repository is untouched');
    const once = await run(['--no-proof']);
    assert.equal(once.code, 0);
    assert.equal(once.report.proof, null);
  });

  it('keeps what the agent writes into the repository in the throwaway layer and names it (a stand-in agent)', async () => {
    const root = path.join(base, 'root');
    writeTree(root, { '.git': { dir: true }, 'AGENTS.md': 'Be brief.\n', 'sub/AGENTS.md': 'Sub.\n' }, { root, home: base, outside: base });
    const agent = path.join(base, 'agent.js');
    fs.writeFileSync(
      agent,
      `#!${process.execPath}\nrequire('node:fs').writeFileSync('written-by-agent', 'x');\nrequire('node:fs').mkdirSync('../.git/state');\n` +
        `fetch('http://127.0.0.1:8787/v1/responses', { method: 'POST', body: '{"input":[]}', headers: { 'content-type': 'application/json' } }).then(() => setInterval(() => {}, 1000));\n`,
      { mode: 0o755 },
    );
    fs.mkdirSync(path.join(base, 'home'));
    const before = fingerprint(root);
    const o = io({ HOME: path.join(base, 'home'), XDG_CACHE_HOME: oracleStateRoot(), PATH: process.env.PATH ?? '' });
    const code = await cli(['capture', 'codex', root, '--cwd', 'sub', '--agent-bin', agent, '--json'], o);
    const report = JSON.parse(o.out) as CaptureReport;
    assert.deepEqual(report.problems, [], o.out + o.err);
    assert.ok(code === 0 || code === CAPTURE_EXIT.differs, `exit ${code}`);
    assert.equal(report.cwd, path.join(root, 'sub'));
    assert.equal(report.top, root);
    assert.deepEqual(report.repositoryWrites, [
      { path: '.git/state', change: 'folder' },
      { path: 'sub/written-by-agent', change: 'added' },
    ]);
    assert.deepEqual(changes(before, fingerprint(root)), []);
  });

  it('refuses an agent executable inside the repository, and a repository whose git configuration runs commands, with exit 4', async () => {
    const root = path.join(base, 'root');
    writeTree(
      root,
      { '.git/config': '[filter "x"]\n\tclean = touch /tmp/holaryn-marker-filter\n', 'AGENTS.md': 'Be brief.\n' },
      { root, home: base, outside: base },
    );
    const inside = path.join(root, 'bin', 'codex');
    fs.mkdirSync(path.dirname(inside));
    fs.writeFileSync(inside, `#!${process.execPath}\n`, { mode: 0o755 });
    const outsideAgent = path.join(base, 'agent.js');
    fs.writeFileSync(outsideAgent, `#!${process.execPath}\n`, { mode: 0o755 });
    fs.mkdirSync(path.join(base, 'home'));
    const env = { HOME: path.join(base, 'home'), XDG_CACHE_HOME: oracleStateRoot(), PATH: process.env.PATH ?? '' };
    const a = io(env);
    assert.equal(await cli(['capture', 'codex', root, '--agent-bin', inside], a), CAPTURE_EXIT.failed, a.out + a.err);
    assert.match(a.out, /problem: refused: the agent's executable .*bin\/codex is inside the repository/);
    const b = io(env);
    assert.equal(await cli(['capture', 'codex', root, '--agent-bin', outsideAgent, '--json'], b), CAPTURE_EXIT.failed, b.out + b.err);
    const report = JSON.parse(b.out) as CaptureReport;
    assert.match(report.refused ?? '', /filter\.x\.clean = "touch \/tmp\/holaryn-marker-filter" would run a command/);
  });

  it('a home below a folder others may write (/tmp): Gemini CLI is refused with one line (its hooks-off settings would be skipped), another agent runs', async () => {
    const root = path.join(base, 'root');
    writeTree(root, { 'AGENTS.md': 'Be brief.\n', 'GEMINI.md': 'Be kind.\n' }, { root, home: base, outside: base });
    const home = path.join(base, 'home');
    fs.mkdirSync(home);
    const manifest = readManifest();
    const exe = async (name: string) => {
      const got = await ensureAgent(
        manifest.agents.find((a) => a.name === name)!,
        () => {},
      );
      assert.ok('executable' in got, 'problem' in got ? got.problem : '');
      return got.executable;
    };
    // No XDG_CACHE_HOME: the state would go to $HOME/.cache, below the temporary folder.
    const g = io({ HOME: home, PATH: process.env.PATH ?? '' });
    const gemini = await cli(
      ['capture', 'gemini', root, '--agent-bin', await exe('gemini'), '--env', 'GEMINI_CLI_TRUST_WORKSPACE=true'],
      g,
    );
    assert.equal(gemini, CAPTURE_EXIT.cannotIsolate, g.out + g.err);
    assert.match(
      g.err,
      /^holaryn: refusing to run gemini: no folder for the agent's state that Gemini CLI would trust \(.*\); set XDG_CACHE_HOME to a folder only you can write\n$/,
    );
    const c = io({ HOME: home, PATH: process.env.PATH ?? '' });
    const codex = await cli(['capture', 'codex', root, '--agent-bin', await exe('codex'), '--json'], c);
    assert.equal(codex, 0, c.out + c.err);
    assert.deepEqual((JSON.parse(c.out) as CaptureReport).agentSent?.files, [path.join(fs.realpathSync(root), 'AGENTS.md')]);
  });

  it('refuses with one line and its own exit code where it cannot isolate (no bubblewrap)', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'src/cli/main.ts'), 'capture', 'codex', REPO, '--agent-bin', process.execPath],
      {
        cwd: REPO,
        env: { PATH: path.join(base, 'no-bwrap-here'), HOME: base },
        encoding: 'utf8',
      },
    );
    assert.equal(r.status, CAPTURE_EXIT.cannotIsolate, r.stderr);
    assert.equal(r.stdout, '');
    assert.match(
      r.stderr,
      /^holaryn: refusing to run codex: bubblewrap is not installed \(bwrap not on PATH\); install it, e\.g\. `apt-get install bubblewrap`\n$/,
    );
  });
});
