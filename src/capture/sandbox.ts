/**
 * Runs an agent where nothing it does can leave the machine: a fresh user, network and PID
 * namespace (`unshare`), in which only loopback exists and is brought up, the fake endpoint
 * (endpoint.ts) listens on 127.0.0.1, and the agent runs in a process group of its own. The
 * runner (runner.ts) is the namespace's first process: when it exits, the kernel ends every
 * process left in the namespace, so nothing the agent started outlives the run.
 *
 * The caller lays out the tree and the throwaway home; this module only runs, and returns what
 * the endpoint recorded. It never touches the real home or /etc: no mount namespace is needed, as
 * the agent is pointed at its throwaway home by HOME and its own variables.
 */
import { asNodeEnvironment } from './node';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RecordedRequest } from './endpoint';
import type { Launch } from './agents/types';

/** The port the endpoint listens on inside the namespace (each namespace has its own loopback). */
export const SANDBOX_PORT = 8787;

/** Extra time the runner gets beyond the job's own timeout before the sandbox is killed from outside. */
const OUTSIDE_GRACE_MS = 15_000;

const UNSHARE_ARGS = ['--user', '--map-root-user', '--net', '--pid', '--fork', '--kill-child'];

/** What the runner is given (written as JSON into the run directory). */
export interface CaptureJob {
  /** The driver's name (agents/index.ts): the runner takes the endpoint script from it. */
  readonly driver: string;
  readonly launch: Launch;
  /** The agent's working directory (absolute, as given). */
  readonly cwd: string;
  readonly port: number;
  /** The file the scripted read touches (absolute), or null. */
  readonly read: string | null;
  readonly timeoutMs: number;
  /** Where the runner writes the CaptureResult, and the agent's output. */
  readonly result: string;
  readonly stdout: string;
  readonly stderr: string;
}

export type CaptureOutcome =
  /** The endpoint had what the script needs; the agent was stopped. */
  | 'done'
  /** The agent exited before that. */
  | 'exited'
  | 'timeout'
  /** The runner could not do its part (loopback, the endpoint, starting the agent). */
  | 'error';

export interface CaptureResult {
  outcome: CaptureOutcome;
  requests: RecordedRequest[];
  /** The agent's exit, when it exited by itself. */
  exit: { code: number | null; signal: string | null } | null;
  error?: string;
  elapsedMs: number;
}

/** The environment every agent starts from: no variable of the caller's (keys, proxies) reaches it. */
export function baseEnvironment(tmp: string): Record<string, string> {
  return { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1', TMPDIR: tmp };
}

/**
 * Why runs cannot be isolated on this machine, in one line, or null when they can: Linux with
 * unprivileged user namespaces, `unshare` (util-linux) and `ip` (iproute2) to bring loopback up.
 */
export function sandboxProblem(): string | null {
  if (process.platform !== 'linux') return `agents can only be isolated on Linux (this is ${process.platform})`;
  const r = spawnSync('unshare', [...UNSHARE_ARGS, 'ip', 'link', 'set', 'lo', 'up'], { encoding: 'utf8', timeout: 10_000 });
  if (r.error) return `unshare is not available (${r.error.message}); install util-linux`;
  if (r.status !== 0) {
    const why = (r.stderr || '').trim().split('\n').pop() || `exit ${r.status}`;
    return `cannot create a user and network namespace with unshare (${why}); unprivileged user namespaces must be allowed`;
  }
  return null;
}

/** How to start the runner: the bundled .js beside this file, or the .ts source through tsx. */
export function runnerCommand(): string[] {
  const ext = path.extname(__filename);
  const runner = path.join(__dirname, `runner${ext}`);
  return ext === '.ts' ? [process.execPath, '--import', 'tsx', runner] : [process.execPath, runner];
}

/**
 * Runs `job` in a fresh namespace and returns what the endpoint recorded. `dir` is the run's own
 * directory (the job file is written there). Never throws for the agent's behaviour: a failure to
 * run is an `error` outcome with its reason.
 */
export function runSandboxed(job: CaptureJob, dir: string, runner: readonly string[] = runnerCommand()): Promise<CaptureResult> {
  const jobFile = path.join(dir, 'job.json');
  fs.writeFileSync(jobFile, JSON.stringify(job, null, 2));
  const started = Date.now();
  return new Promise((resolve) => {
    const [command, ...args] = runner;
    // The runner is started from this repository (tsx resolves from there) or beside its bundle; it moves the agent to its cwd.
    const child = spawn('unshare', [...UNSHARE_ARGS, command, ...args, jobFile], {
      cwd: path.extname(__filename) === '.ts' ? path.resolve(__dirname, '..', '..') : __dirname,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...asNodeEnvironment() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-4000)));
    const killer = setTimeout(() => child.kill('SIGKILL'), job.timeoutMs + OUTSIDE_GRACE_MS);
    const fail = (error: string): CaptureResult => ({ outcome: 'error', requests: [], exit: null, error, elapsedMs: Date.now() - started });
    child.on('error', (err) => {
      clearTimeout(killer);
      resolve(fail(`cannot start unshare: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      try {
        resolve(JSON.parse(fs.readFileSync(job.result, 'utf8')) as CaptureResult);
      } catch {
        const last = stderr.trim().split('\n').slice(-3).join(' | ');
        resolve(fail(`the sandbox runner ended (${signal ?? `exit ${code}`}) without a result${last ? `: ${last}` : ''}`));
      }
    });
  });
}
