/**
 * `holaryn capture` as a process of its own, for a front end that cannot run the sandbox in its own
 * process (the editor's Verify with the Installed Agent): Holaryn's own CLI at a path the caller
 * gives (the extension's bundle), with `--json`, on the runtime running this code (an editor's
 * Electron in Node mode). Nothing a repository names is run here: the CLI runs the agent through
 * the sandbox (./sandbox.ts).
 */
import { spawn } from 'node:child_process';
import { asNodeEnvironment } from './node';

export interface CommandResult {
  /** The exit code; null when it ended by a signal or could not start. */
  readonly code: number | null;
  readonly stdout: string;
  /** The last 8,000 characters of stderr, or why it could not start. */
  readonly stderr: string;
}

/** A running capture command: its result, and a way to stop it (then the result is `undefined`). */
export interface RunningCommand {
  readonly done: Promise<CommandResult | undefined>;
  stop(): void;
}

export function runCaptureCommand(cli: string, args: readonly string[]): RunningCommand {
  let stopped = false;
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, ...asNodeEnvironment() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const done = new Promise<CommandResult | undefined>((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-8000)));
    child.on('error', (err) =>
      resolve(stopped ? undefined : { code: null, stdout: '', stderr: `cannot start Holaryn's CLI: ${err.message}` }),
    );
    child.on('close', (code) => resolve(stopped ? undefined : { code, stdout, stderr }));
  });
  return {
    done,
    stop: () => {
      stopped = true;
      child.kill('SIGTERM');
    },
  };
}
