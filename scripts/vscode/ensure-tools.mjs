#!/usr/bin/env node
// Ensures the offline VS Code toolchain used by the integration tests and screenshots
// (see CONTRIBUTING.md, "The real VS Code host"): Debian chromium + libkrb5-dev, Node 24 (npm package node@24)
// and code-server, all but the apt packages inside <project>/.vscode-test/.
//
// Idempotent: each step writes a marker file when it has completed, and is skipped next time,
// so a second run takes well under a second.
//
//   node scripts/vscode/ensure-tools.mjs          # install what is missing, print the paths
//   import { ensureTools } from './ensure-tools.mjs'; const t = await ensureTools();
//
// Only node: builtins are used here.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TOOLS_DIR = path.join(ROOT, '.vscode-test');
export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = '24';
export const CHROMIUM = '/usr/bin/chromium';

const NODE24_DIR = path.join(TOOLS_DIR, 'node24');
const CS_DIR = path.join(TOOLS_DIR, 'cs');
const LOG_DIR = path.join(TOOLS_DIR, 'logs');
const MARKER = '.holaryn-complete';

export function log(msg) {
  process.stderr.write(`[holaryn] ${msg}\n`);
}

/** Paths of the tools, whether or not they are installed yet. */
export function toolPaths() {
  const plat = `${process.platform}-${process.arch}`; // e.g. linux-x64, linux-arm64
  const node24Home = path.join(NODE24_DIR, 'node_modules', 'node', 'node_modules', `node-${plat}`);
  return {
    root: ROOT,
    toolsDir: TOOLS_DIR,
    node24Home,
    node24: path.join(node24Home, 'bin', 'node'),
    codeServerEntry: path.join(CS_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    chromium: CHROMIUM,
  };
}

function readMarker(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MARKER), 'utf8'));
  } catch {
    return null;
  }
}

function writeMarker(dir, data) {
  fs.writeFileSync(path.join(dir, MARKER), JSON.stringify({ ...data, at: new Date().toISOString() }, null, 2) + '\n');
}

/** Environment for child npm processes: drop npm_* / INIT_CWD inherited from `npm run`,
 *  which would otherwise point npm at the project (npm_config_local_prefix and friends). */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) || k === 'INIT_CWD') continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

/** Runs a command, output to a log file, a heartbeat line every 20 s. Throws with the log tail. */
function run(cmd, args, { cwd, env, logName, label }) {
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, logName);
  const fd = fs.openSync(logFile, 'w');
  fs.writeSync(fd, `$ ${cmd} ${args.join(' ')}\n(cwd ${cwd})\n\n`);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', fd, fd] });
    const beat = setInterval(() => {
      log(`  … ${label}: still working (${Math.round((Date.now() - started) / 1000)} s, log: ${path.relative(ROOT, logFile)})`);
    }, 20_000);
    child.on('error', (err) => {
      clearInterval(beat);
      fs.closeSync(fd);
      reject(new Error(`${label}: cannot run ${cmd}: ${err.message}`));
    });
    child.on('exit', (code, signal) => {
      clearInterval(beat);
      fs.closeSync(fd);
      if (code === 0) return resolve((Date.now() - started) / 1000);
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
      reject(new Error(`${label} failed (exit ${code ?? signal}); last lines of ${logFile}:\n${tail}`));
    });
  });
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

/**
 * Installs the Debian packages of `wanted` ({ name, present() }) whose `present()` is false, with
 * apt-get as root (visible progress, logs under .vscode-test/logs); not root: one error saying the
 * command to run. The capture sandbox's bubblewrap and the editor tests' Chromium both come so.
 */
export async function ensureDebianPackages(wanted) {
  const missing = wanted.filter((w) => !w.present()).map((w) => w.name);
  if (missing.length === 0) return;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) {
    throw new Error(
      `missing Debian packages (${missing.join(' ')}); run as root: apt-get update && apt-get install -y ${missing.join(' ')}`,
    );
  }
  log(`installing Debian packages: ${missing.join(' ')} (first run, ~30 s)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-q'], { cwd: ROOT, env, logName: 'apt-update.log', label: 'apt-get update' });
  const secs = await run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], {
    cwd: ROOT,
    env,
    logName: 'apt-install.log',
    label: 'apt-get install',
  });
  const still = wanted.filter((w) => !w.present()).map((w) => w.name);
  if (still.length > 0) throw new Error(`apt-get install finished but ${still.join(' ')} is still missing`);
  log(`Debian packages installed (${secs.toFixed(0)} s)`);
}

function ensureApt() {
  return ensureDebianPackages([
    { name: 'chromium', present: () => fs.existsSync(CHROMIUM) },
    { name: 'libkrb5-dev', present: () => dpkgInstalled('libkrb5-dev') },
  ]);
}

async function ensureNode24(p) {
  const m = readMarker(NODE24_DIR);
  if (m && m.major === NODE_MAJOR && fs.existsSync(p.node24)) return;
  log(`installing Node ${NODE_MAJOR} into ${path.relative(ROOT, NODE24_DIR)} (first run, ~20 s)…`);
  fs.rmSync(NODE24_DIR, { recursive: true, force: true });
  fs.mkdirSync(NODE24_DIR, { recursive: true });
  fs.writeFileSync(path.join(NODE24_DIR, 'package.json'), '{"private":true}\n');
  const secs = await run('npm', ['i', '--no-audit', '--no-fund', `node@${NODE_MAJOR}`], {
    cwd: NODE24_DIR,
    env: cleanEnv(),
    logName: 'node24-install.log',
    label: `npm i node@${NODE_MAJOR}`,
  });
  const v = spawnSync(p.node24, ['--version'], { encoding: 'utf8' });
  if (v.status !== 0 || !v.stdout.startsWith(`v${NODE_MAJOR}.`)) {
    throw new Error(`Node ${NODE_MAJOR} install finished but ${p.node24} does not run (${v.stdout}${v.stderr})`);
  }
  writeMarker(NODE24_DIR, { major: NODE_MAJOR, version: v.stdout.trim() });
  log(`Node ${v.stdout.trim()} installed (${secs.toFixed(0)} s)`);
}

async function ensureCodeServer(p) {
  const m = readMarker(CS_DIR);
  if (m && m.version === CODE_SERVER_VERSION && fs.existsSync(p.codeServerEntry)) return;
  log(`installing code-server ${CODE_SERVER_VERSION} (first run, ~2 min)…`);
  fs.rmSync(CS_DIR, { recursive: true, force: true });
  fs.mkdirSync(CS_DIR, { recursive: true });
  fs.writeFileSync(path.join(CS_DIR, 'package.json'), '{"private":true}\n');
  // npm must run under Node 24 (code-server's postinstall checks the version) and native
  // modules must build against Node 24's headers, hence PATH and npm_config_nodedir.
  const env = cleanEnv({
    PATH: `${path.join(p.node24Home, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: p.node24Home,
  });
  const npmCli = findNpmCli(p);
  const secs = await run(p.node24, [npmCli, 'i', '--no-audit', '--no-fund', `code-server@${CODE_SERVER_VERSION}`], {
    cwd: CS_DIR,
    env,
    logName: 'code-server-install.log',
    label: `npm i code-server@${CODE_SERVER_VERSION}`,
  });
  if (!fs.existsSync(p.codeServerEntry)) throw new Error(`code-server install finished but ${p.codeServerEntry} is missing`);
  // code-server's postinstall installs VS Code's own node_modules; a newer npm that skips
  // install scripts (see the allowScripts warning in the log) would leave it out.
  const vscodeModules = path.join(CS_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules');
  if (!fs.existsSync(vscodeModules)) {
    throw new Error(
      `code-server's postinstall did not run (${vscodeModules} missing); see ${path.join(LOG_DIR, 'code-server-install.log')}`,
    );
  }
  writeMarker(CS_DIR, { version: CODE_SERVER_VERSION });
  log(`code-server ${CODE_SERVER_VERSION} installed (${secs.toFixed(0)} s)`);
}

/** npm's CLI script: the one bundled with Node 24 if present, else the machine's npm. */
function findNpmCli(p) {
  const candidates = [
    path.join(p.node24Home, 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
  ];
  const which = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) {
    const real = fs.realpathSync(which.stdout.trim()); // .../npm/bin/npm-cli.js
    candidates.push(real.endsWith('.js') ? real : path.join(path.dirname(real), 'npm-cli.js'));
  }
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found) throw new Error(`cannot find npm-cli.js (looked in ${candidates.join(', ')})`);
  return found;
}

/** A lock so that two scripts started together do not install into the same folder at once. */
async function withLock(fn) {
  fs.mkdirSync(TOOLS_DIR, { recursive: true });
  const lock = path.join(TOOLS_DIR, '.install.lock');
  let warned = false;
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(lock, 'utf8')) || 0;
      let alive = false;
      try {
        if (pid) {
          process.kill(pid, 0);
          alive = true;
        }
      } catch {}
      if (!alive) {
        fs.rmSync(lock, { force: true });
        continue;
      }
      if (!warned) {
        log(`waiting for another install (pid ${pid}) to finish…`);
        warned = true;
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Installs whatever is missing; returns {node24, node24Home, codeServerEntry, chromium, root, toolsDir}. */
export async function ensureTools() {
  const p = toolPaths();
  const complete = () =>
    fs.existsSync(CHROMIUM) &&
    readMarker(NODE24_DIR)?.major === NODE_MAJOR &&
    fs.existsSync(p.node24) &&
    readMarker(CS_DIR)?.version === CODE_SERVER_VERSION &&
    fs.existsSync(p.codeServerEntry);
  if (complete() && dpkgInstalled('libkrb5-dev')) return p; // fast path, no lock
  await withLock(async () => {
    await ensureApt();
    await ensureNode24(p);
    await ensureCodeServer(p);
  });
  return p;
}

const isMain = process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const t0 = Date.now();
  ensureTools().then(
    (p) => {
      log(`tools ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      console.log(JSON.stringify(p, null, 2));
    },
    (err) => {
      log(`ERROR: ${err.message}`);
      process.exit(1);
    },
  );
}
