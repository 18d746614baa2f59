#!/usr/bin/env node
// `npm test`: every check, in an order that keeps CI within its half hour on two cores.
//
// The downloads (the sandbox's Debian packages, then Node 24, code-server and Chromium for the
// tests inside VS Code; and the oracle's pinned agent releases) start in the background first:
// they wait on the network, while lint, the build, the type-check and the unit suites use the
// CPU. Lint runs beside the build and type-check. The oracle suite and the tests inside VS Code
// run once the downloads are in. The first failing step stops the run (exit 1), as `a && b` would;
// a background step's output is printed when it is waited for, or at once when it fails.
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

function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(0)} s`;
}

function note(line) {
  process.stdout.write(`[test] ${line} (${elapsed()})\n`);
}

/**
 * Runs one step. `show: 'live'` streams its output; `'after'` keeps it and prints it in one piece
 * when the step ends (steps that run side by side), so the log stays readable.
 */
function step(name, command, args, show = 'live') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: show === 'live' ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    children.add(child);
    let output = '';
    if (show !== 'live') for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (output += d.toString('utf8')));
    child.on('error', (err) => {
      output += `${err.message}\n`;
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ name, ok: code === 0, why: signal ?? `exit ${code}`, output });
    });
  });
}

/** Steps one after another, stopping at the first that fails. */
async function chain(steps, show) {
  const done = [];
  for (const [name, command, args] of steps) {
    const r = await step(name, command, args, show);
    done.push(r);
    if (!r.ok) break;
  }
  return done;
}

function print(results) {
  for (const r of results) if (r.output) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
}

function stop(results) {
  const failed = results.find((r) => !r.ok);
  if (!failed) return;
  note(`${failed.name} failed (${failed.why})`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
}

async function main() {
  // In the background: the downloads, each chain in its own order (the two apt steps never at once).
  const tools = chain(
    [
      ['the sandbox tools', process.execPath, ['scripts/ensure-sandbox.mjs']],
      ['the VS Code test tools', process.execPath, ['scripts/vscode/ensure-tools.mjs']],
    ],
    'after',
  );
  const agents = oracle
    ? chain([['the pinned agents', npx, ['tsx', 'test/oracle/run.ts', '--install-only']]], 'after')
    : Promise.resolve([]);
  const watch = (p) => p.then((rs) => rs.some((r) => !r.ok) && (print(rs), stop(rs)));
  watch(tools);
  watch(agents);

  note('lint, beside the build and the type-check');
  const [lint, built] = await Promise.all([
    chain([['lint', npm, ['run', '--silent', 'lint']]], 'after'),
    chain(
      [
        ['build', npm, ['run', '--silent', 'build']],
        ['type-check', npm, ['run', '--silent', 'typecheck']],
      ],
      'after',
    ),
  ]);
  print([...lint, ...built]);
  stop([...lint, ...built]);

  note('unit, contract, hostile, property, profile and end-to-end suites');
  stop(await chain([['unit suites', npm, ['run', '--silent', 'test:unit']]]));
  stop(await chain([['the package check', process.execPath, ['scripts/pack-check.mjs']]]));

  const downloads = [...(await tools), ...(await agents)];
  print(downloads);
  stop(downloads);
  note('downloads in');

  if (oracle) {
    note('the oracle suite: the pinned agents in the sandbox');
    stop(
      await chain([
        ['the sandbox and capture tests', npx, ['mocha', 'test/oracle/sandbox.test.ts', 'test/oracle/capture.test.ts']],
        ['the oracle cases', npx, ['tsx', 'test/oracle/run.ts']],
      ]),
    );
  } else note('the oracle suite: skipped (HOLARYN_ORACLE=skip)');

  note('the tests inside VS Code');
  stop(await chain([['the tests inside VS Code', process.execPath, ['scripts/test-integration.mjs']]]));
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
