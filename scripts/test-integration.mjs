#!/usr/bin/env node
// Runs the integration suites inside a real VS Code (code-server, offline) on fresh copies of
// the demo workspace and a two-folder workspace, so tests may edit files freely.
// Installs the tools on first use (see scripts/vscode/ensure-tools.mjs). Expects `npm run build`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureTools, log, ROOT, TOOLS_DIR } from './vscode/ensure-tools.mjs';
import { ensureDemoMarker } from './demo-marker.mjs';

await ensureTools();
// Real paths: the tools folder may be a link (a worktree sharing one install), and the
// extension host reports workspace folders by their real path.
const work = path.join(fs.realpathSync(TOOLS_DIR), 'workspaces');
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

// Single folder: the demo workspace (symlinks kept as symlinks).
const demo = path.join(work, 'demo');
fs.cpSync(path.join(ROOT, 'examples', 'demo-workspace'), demo, { recursive: true, verbatimSymlinks: true });
// A Git repository with one commit on a branch named `base`, for the Source Control command.
const git = (...args) => {
  const r = spawnSync('git', args, { cwd: demo, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} in ${demo} failed: ${r.error?.message ?? r.stderr}`);
};
// The copied `.git` marker file (scripts/demo-marker.mjs) gives way to a real repository.
if (fs.lstatSync(path.join(demo, '.git'), { throwIfNoEntry: false })?.isFile()) fs.rmSync(path.join(demo, '.git'));
git('init', '-q', '-b', 'base');
git('add', '-A');
git(
  '-c',
  'user.name=Holaryn tests',
  '-c',
  'user.email=tests@holaryn.invalid',
  '-c',
  'commit.gpgsign=false',
  'commit',
  '-q',
  '-m',
  'demo workspace',
);

// Two folders that must never see each other's instruction files.
const multi = path.join(work, 'multi');
const files = {
  'one/AGENTS.md': 'Rules of folder one.\n',
  'one/pkg/AGENTS.md': 'Package rules of folder one.\n',
  'one/pkg/a.ts': 'export const a = 1;\n',
  'two/CLAUDE.md': 'Rules of folder two.\n',
  'two/b.ts': 'export const b = 2;\n',
};
for (const [rel, text] of Object.entries(files)) {
  fs.mkdirSync(path.dirname(path.join(multi, rel)), { recursive: true });
  fs.writeFileSync(path.join(multi, rel), text);
}
const workspaceFile = path.join(multi, 'multi.code-workspace');
fs.writeFileSync(workspaceFile, JSON.stringify({ folders: [{ path: 'one' }, { path: 'two' }] }, null, 2));

// Profiles: the demo as a repository of its own (a `.git` marker, so profiles that walk up to a
// git root stop there) and a trust store of its own, so the consent test never touches the
// machine's `~/.holaryn/trust.json`.
const profilesDemo = path.join(work, 'profiles-demo');
fs.cpSync(path.join(ROOT, 'examples', 'demo-workspace'), profilesDemo, { recursive: true, verbatimSymlinks: true });
ensureDemoMarker(profilesDemo);
const holarynHome = path.join(work, 'holaryn-home');
fs.mkdirSync(holarynHome, { recursive: true });

// The first screen: an empty folder the suite itself fills (test/integration/first-screen.test.ts),
// so nothing about it was seen before the workbench opened it.
const unseen = path.join(work, 'unseen');
fs.mkdirSync(unseen, { recursive: true });

// The profiles suite runs the pinned Codex through `holaryn capture` (Verify with the Installed
// Agent): its executable from the oracle cache (installed by the oracle suite, or here on first use).
const where = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/oracle/where.ts'), 'codex'], {
  cwd: ROOT,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
const agentExecutables =
  where.status === 0 ? where.stdout.trim() : JSON.stringify({ problem: `test/oracle/where.ts codex failed (exit ${where.status})` });

const runs = [
  { name: 'single folder', suite: 'out/integration/single.js', workspace: demo },
  { name: 'multi-root', suite: 'out/integration/multi.js', workspace: workspaceFile },
  {
    name: 'profiles',
    suite: 'out/integration/profiles.js',
    workspace: profilesDemo,
    env: { HOLARYN_HOME: holarynHome, HOLARYN_TEST_AGENT_EXECUTABLES: agentExecutables },
  },
  { name: 'first screen', suite: 'out/integration/first.js', workspace: unseen, env: { HOLARYN_HOME: holarynHome } },
];
// `--only single`, `--only multi`, `--only profiles` or `--only first`: one suite (a quicker loop while working on it).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
let failed = 0;
for (const run of runs.filter((r) => !only || r.suite.includes(only))) {
  log(`integration suite: ${run.name}`);
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'scripts/vscode/run-tests.mjs'),
      '--extension',
      ROOT,
      '--suite',
      path.join(ROOT, run.suite),
      '--workspace',
      run.workspace,
      '--timeout',
      // The whole run: generous, as a machine with both cores busy is several times slower.
      '1200',
    ],
    { stdio: 'inherit', env: { ...process.env, ...run.env } },
  );
  if (r.status !== 0) {
    failed++;
    log(`integration suite ${run.name} failed (exit ${r.status})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
