#!/usr/bin/env node
// `npm test`: every check, in an order that keeps CI within its half hour on two cores.
//
// 1. The downloads (the sandbox's Debian packages, then Node 24, code-server and Chromium for the
//    tests inside VS Code; and the oracle's pinned agent releases) start in the background: they
//    wait on the network while the CPU-bound steps run.
// 2. Lint runs beside the build and the type-check.
// 3. The mocha suites (unit, contract, hostile, property, profiles, end-to-end) keep about one
//    core busy. Beside them, once the downloads are in, the oracle's sandbox and capture tests and
//    then its cases run on the other core (`run.ts --share-with`), and on both once the mocha
//    suites are done. The oracle's output is held until the mocha suites have printed theirs.
// 4. The tests inside VS Code, last.
//
// The first failing step stops the run (exit 1), as `a && b` would; a background step's output is
// printed at once when it fails.
//
//   node scripts/test-all.mjs          (npm test; HOLARYN_ORACLE=skip leaves the agents out)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const oracle = process.env.HOLARYN_ORACLE !== 'skip';
const started = Date.now();
const children = new Set();

function note(line) {
  process.stdout.write(`[test] ${line} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
}

/** Where a step's output goes: straight out, or held until `release` (then straight out). */
class Output {
  constructor(live) {
    this.live = live;
    this.held = [];
  }
  write(text) {
    if (this.live) process.stdout.write(text);
    else this.held.push(text);
  }
  release() {
    this.live = true;
    for (const t of this.held) process.stdout.write(t);
    this.held = [];
  }
}

const LIVE = new Output(true);

/** Runs one step, its output to `out`; `started(pid)` is told its process id. */
function step(name, command, args, out, onStart = () => {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    children.add(child);
    onStart(child.pid);
    for (const s of [child.stdout, child.stderr]) s.on('data', (d) => out.write(d.toString('utf8')));
    child.on('error', (err) => out.write(`${err.message}\n`));
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ name, ok: code === 0, why: signal ?? `exit ${code}`, out });
    });
  });
}

/** Steps one after another, stopping at the first that fails. */
async function chain(steps, out) {
  const done = [];
  for (const [name, command, args, onStart] of steps) {
    const r = await step(name, command, args, out, onStart);
    done.push(r);
    if (!r.ok) break;
  }
  return done;
}

/** Ends the run when a step failed: its held output first, then the other steps stopped. */
function stop(results) {
  const failed = results.find((r) => !r.ok);
  if (!failed) return;
  failed.out.release();
  note(`${failed.name} failed (${failed.why})`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
}

async function main() {
  const downloadsOut = new Output(false);
  const tools = chain(
    [
      ['the sandbox tools', process.execPath, ['scripts/ensure-sandbox.mjs']],
      ['the VS Code test tools', process.execPath, ['scripts/vscode/ensure-tools.mjs']],
    ],
    downloadsOut,
  );
  const agents = oracle
    ? chain([['the pinned agents', npx, ['tsx', 'test/oracle/run.ts', '--install-only']]], downloadsOut)
    : Promise.resolve([]);
  const downloads = Promise.all([tools, agents]).then(([a, b]) => [...a, ...b]);
  void downloads.then(stop);

  note('lint, beside the build and the type-check');
  const lintOut = new Output(false);
  const buildOut = new Output(false);
  const [lint, built] = await Promise.all([
    chain([['lint', npm, ['run', '--silent', 'lint']]], lintOut),
    chain(
      [
        ['build', npm, ['run', '--silent', 'build']],
        ['type-check', npm, ['run', '--silent', 'typecheck']],
      ],
      buildOut,
    ),
  ]);
  lintOut.release();
  buildOut.release();
  stop([...lint, ...built]);

  note('the mocha suites; the oracle beside them once the downloads are in');
  let unitStarted;
  const unitPid = new Promise((resolve) => (unitStarted = resolve));
  const oracleOut = new Output(false);
  const oracleRun = (async () => {
    const [got, pid] = await Promise.all([downloads, unitPid]);
    stop(got);
    if (!oracle) return [];
    return chain(
      [
        ['the sandbox and capture tests', npx, ['mocha', 'test/oracle/sandbox.test.ts', 'test/oracle/capture.test.ts']],
        ['the oracle cases', npx, ['tsx', 'test/oracle/run.ts', '--share-with', String(pid)]],
      ],
      oracleOut,
    );
  })();
  void oracleRun.then(stop);
  stop(
    await chain(
      [
        ['the mocha suites', npm, ['run', '--silent', 'test:unit'], unitStarted],
        ['the package check', process.execPath, ['scripts/pack-check.mjs']],
      ],
      LIVE,
    ),
  );
  downloadsOut.release();
  note(oracle ? 'the oracle suite: the pinned agents in the sandbox' : 'the oracle suite: skipped (HOLARYN_ORACLE=skip)');
  oracleOut.release();
  stop(await oracleRun);

  note('the tests inside VS Code');
  stop(await chain([['the tests inside VS Code', process.execPath, ['scripts/test-integration.mjs']]], LIVE));
  note('every step passed');
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });

main().catch((err) => {
  process.stderr.write(`[test] ${err.stack ?? err}\n`);
  process.exit(1);
});
