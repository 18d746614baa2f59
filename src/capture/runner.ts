/**
 * The first process of a capture's sandbox (see sandbox.ts): `runner <job.json>`. It starts the
 * fake endpoint on 127.0.0.1 and the watch on the way out (outside.ts), starts the agent in a
 * process group of its own, and once the endpoint has what the script needs (or the agent exits,
 * tries to reach anything else, or the time is up) kills that group and writes what was recorded.
 * Its exit ends the sandbox and every process in it.
 */
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { driverByName } from './agents';
import { startEndpoint, type Endpoint } from './endpoint';
import { watchOutside, type OutsideWatch } from './outside';
import type { CaptureJob, CaptureOutcome, CaptureResult } from './sandbox';

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {}
}

async function run(job: CaptureJob): Promise<CaptureResult> {
  const started = Date.now();
  const result = (outcome: CaptureOutcome, endpoint: Endpoint | undefined, extra: Partial<CaptureResult> = {}): CaptureResult => ({
    outcome,
    requests: endpoint ? [...endpoint.requests] : [],
    exit: null,
    elapsedMs: Date.now() - started,
    ...extra,
  });
  const driver = driverByName(job.driver);
  if (!driver) return result('error', undefined, { error: `no driver named ${job.driver}` });
  let endpoint: Endpoint;
  try {
    endpoint = await startEndpoint(
      { toolCall: job.read !== null && driver.toolCall ? driver.toolCall(job.read) : undefined, isMain: driver.isMain },
      job.port,
    );
  } catch (err) {
    return result('error', undefined, { error: `cannot start the endpoint: ${(err as Error).message}` });
  }
  for (const file of job.remove ?? []) {
    try {
      fs.rmSync(file, { force: true });
    } catch (err) {
      await endpoint.close();
      return result('error', undefined, { error: `cannot leave ${file} out of the run: ${(err as Error).message}` });
    }
  }
  const known = driver.knownLookups ?? {};
  const watch: OutsideWatch = await watchOutside((a) => a.kind === 'dns' && Object.hasOwn(known, a.target.toLowerCase()));
  const out = fs.openSync(job.stdout, 'w');
  const err = fs.openSync(job.stderr, 'w');
  const child = spawn(job.launch.command, [...job.launch.args], {
    cwd: job.launch.cwd ?? job.cwd,
    env: { ...job.launch.env },
    detached: true,
    stdio: ['ignore', out, err],
  });
  let exit: CaptureResult['exit'] = null;
  const exited = new Promise<'exited'>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      resolve('exited');
    }),
  );
  const failed = new Promise<Error>((resolve) => child.on('error', resolve));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), job.timeoutMs)));
  const left = watch.first.then(() => 'outside' as const);
  const outcome = await Promise.race([endpoint.done.then(() => 'done' as const), exited, timeout, failed, left]);
  clearTimeout(timer);
  killGroup(child.pid);
  fs.closeSync(out);
  fs.closeSync(err);
  await endpoint.close();
  await watch.close();
  const outside = { outside: [...watch.attempts] };
  if (outcome instanceof Error)
    return result('error', endpoint, { error: `cannot start ${job.launch.command}: ${outcome.message}`, ...outside });
  return result(outcome, endpoint, { exit: outcome === 'exited' ? exit : null, ...outside });
}

async function main(): Promise<void> {
  const jobFile = process.argv[2];
  const job = JSON.parse(fs.readFileSync(jobFile, 'utf8')) as CaptureJob;
  let result: CaptureResult;
  try {
    result = await run(job);
  } catch (err) {
    result = { outcome: 'error', requests: [], exit: null, error: `runner: ${(err as Error).stack ?? String(err)}`, elapsedMs: 0 };
  }
  fs.writeFileSync(job.result, JSON.stringify(result, null, 2));
  process.exit(0);
}

void main();
