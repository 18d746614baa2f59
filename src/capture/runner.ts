/**
 * The first process of a capture's namespace (see sandbox.ts): `runner <job.json>`. It brings
 * loopback up, starts the fake endpoint on 127.0.0.1, starts the agent in a process group of its
 * own, and once the endpoint has what the script needs (or the agent exits, or the time is up)
 * kills that group and writes what was recorded. Its exit ends the namespace and every process in it.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { driverByName } from './agents';
import { startEndpoint, type Endpoint } from './endpoint';
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
  const lo = spawnSync('ip', ['link', 'set', 'lo', 'up'], { encoding: 'utf8' });
  if (lo.error || lo.status !== 0)
    return result('error', undefined, { error: `cannot bring loopback up: ${lo.error?.message ?? lo.stderr.trim()}` });
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
  const outcome = await Promise.race([endpoint.done.then(() => 'done' as const), exited, timeout, failed]);
  clearTimeout(timer);
  killGroup(child.pid);
  fs.closeSync(out);
  fs.closeSync(err);
  await endpoint.close();
  if (outcome instanceof Error) return result('error', endpoint, { error: `cannot start ${job.launch.command}: ${outcome.message}` });
  return result(outcome, endpoint, { exit: outcome === 'exited' ? exit : null });
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
