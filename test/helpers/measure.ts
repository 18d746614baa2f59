/**
 * The built `holaryn` executable run as a child and measured, for the hostile suites' bounds and
 * the tables they print: wall time, CPU time and peak RSS. The peak is recorded by a preload in
 * the child itself when it exits (see PRELOAD), so it is the child's own memory, whatever runs
 * around it. A child killed by the hang guard records nothing: its figures
 * are NaN and the case fails on the signal.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLI } from './cli';

export interface Measured {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time, including node's start-up. */
  ms: number;
  /** User + system CPU time of the child. */
  cpuMs: number;
  peakMb: number;
}

export interface MeasureOptions {
  cwd: string;
  env: Record<string, string>;
  input?: string | Buffer;
  /** The hang guard: past it the child is killed (SIGKILL). */
  timeoutMs?: number;
  /** Run as this user and group (the test must be root). */
  uid?: number;
  gid?: number;
  /** A command the child runs under (`nsenter --mount=… --`): its last word is followed by node. */
  prefix?: string[];
  /** Node options before the CLI's path. */
  nodeArgs?: string[];
}

/**
 * Linux keeps getrusage's maxRSS across exec: a child forked from a big test runner would report
 * the runner's size. VmHWM in /proc/self/status is the peak of this process's own memory since its
 * exec; elsewhere maxRSS is all there is.
 */
const PRELOAD = `
const fs = require('fs');
process.on('exit', () => {
  const cpu = process.cpuUsage();
  let rssKb = process.resourceUsage().maxRSS;
  try {
    const m = /^VmHWM:\\s*(\\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    if (m) rssKb = Number(m[1]);
  } catch {}
  fs.writeFileSync(process.env.HOLARYN_MEASURE_OUT, JSON.stringify({ rssKb, cpuUs: cpu.user + cpu.system }));
});
`;

let probeDir: string | undefined;
let runs = 0;

/** A folder every user may write to (a case may run the child as another user), made once. */
function probe(): string {
  if (probeDir === undefined) {
    probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-measure-'));
    fs.chmodSync(probeDir, 0o777);
    fs.writeFileSync(path.join(probeDir, 'preload.cjs'), PRELOAD, { mode: 0o644 });
  }
  return probeDir;
}

/** Removes the probe folder (call from an `after` hook). */
export function cleanupMeasure(): void {
  if (probeDir !== undefined) fs.rmSync(probeDir, { recursive: true, force: true });
  probeDir = undefined;
}

function command(args: string[], o: MeasureOptions, out: string): { file: string; argv: string[]; env: Record<string, string> } {
  const dir = probe();
  const argv = [...(o.nodeArgs ?? []), '--require', path.join(dir, 'preload.cjs'), CLI, ...args];
  const env = { ...o.env, HOLARYN_MEASURE_OUT: out };
  return o.prefix && o.prefix.length > 0
    ? { file: o.prefix[0], argv: [...o.prefix.slice(1), process.execPath, ...argv], env }
    : { file: process.execPath, argv, env };
}

function figures(out: string): { peakMb: number; cpuMs: number } {
  try {
    const { rssKb, cpuUs } = JSON.parse(fs.readFileSync(out, 'utf8')) as { rssKb: number; cpuUs: number };
    return { peakMb: Math.round(rssKb / 1024), cpuMs: Math.round(cpuUs / 1000) };
  } catch {
    return { peakMb: NaN, cpuMs: NaN };
  }
}

function outFile(): string {
  return path.join(probe(), `run-${process.pid}-${++runs}.json`);
}

/** Runs `holaryn <args>` to the end with `input` on its stdin. */
export function measure(args: string[], o: MeasureOptions): Measured {
  const out = outFile();
  const c = command(args, o, out);
  const started = Date.now();
  const r = spawnSync(c.file, c.argv, {
    cwd: o.cwd,
    env: c.env,
    input: o.input ?? '',
    encoding: 'utf8',
    timeout: o.timeoutMs ?? 60_000,
    killSignal: 'SIGKILL',
    // `compare --json` of every profile on the 1 MiB NUL-byte tree writes about 290 MB (each NUL
    // escaped as six characters, in every profile's sources, context and parts): past 256 MiB
    // spawnSync kills the child, which read as a hang.
    maxBuffer: 512 * 1024 * 1024,
    uid: o.uid,
    gid: o.gid,
  });
  const ms = Date.now() - started;
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms, ...figures(out) };
}

/** One line of a session's output, or undefined once the output has ended. */
export type NextLine = () => Promise<string | undefined>;

/**
 * Runs `holaryn <args>` as a session: `converse` writes lines to its stdin and reads its output
 * one line at a time (as an interactive client would), then the stdin is closed and the child
 * awaited. Lines are taken as they arrive, so a session of any length keeps little in memory.
 */
export async function measureSession(
  args: string[],
  o: MeasureOptions,
  converse: (send: (text: string) => Promise<void>, next: NextLine, child: ChildProcess) => Promise<void>,
): Promise<Measured> {
  const out = outFile();
  const c = command(args, o, out);
  const started = Date.now();
  const child = spawn(c.file, c.argv, { cwd: o.cwd, env: c.env, stdio: ['pipe', 'pipe', 'pipe'], uid: o.uid, gid: o.gid });
  const guard = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 60_000);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-64 * 1024)));
  const lines: string[] = [];
  let partial = '';
  let ended = false;
  let wake: (() => void) | undefined;
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    const parts = (partial + d).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
    wake?.();
  });
  child.stdout!.on('end', () => {
    if (partial !== '') lines.push(partial);
    ended = true;
    wake?.();
  });
  const exited = new Promise<{ status: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal })),
  );
  let read = 0;
  const next: NextLine = async () => {
    while (read >= lines.length && !ended) await new Promise<void>((resolve) => (wake = resolve));
    if (read < lines.length) {
      const line = lines[read];
      lines[read++] = ''; // taken: keep no copy
      return line;
    }
    return undefined;
  };
  const send = (text: string) =>
    new Promise<void>((resolve) => {
      if (child.stdin!.destroyed) return resolve();
      child.stdin!.write(text, () => resolve());
    });
  child.stdin!.on('error', () => {}); // a child that exits early closes its stdin: the case says so
  try {
    await converse(send, next, child);
  } finally {
    child.stdin!.end();
  }
  const { status, signal } = await exited;
  clearTimeout(guard);
  const rest: string[] = [];
  for (let line = await next(); line !== undefined; line = await next()) rest.push(line);
  return { status, signal, stdout: rest.join('\n'), stderr, ms: Date.now() - started, ...figures(out) };
}

/** The figures of every case of a suite, printed as one table at its end. */
export class FigureTable {
  private readonly rows: { name: string; m: Measured }[] = [];

  add(name: string, m: Measured): Measured {
    this.rows.push({ name, m });
    return m;
  }

  print(title: string): void {
    if (this.rows.length === 0) return;
    const width = Math.max(...this.rows.map((r) => r.name.length), 4);
    console.log(`\n    ${title} (wall time incl. node start-up, CPU time, peak RSS of the child)`);
    console.log(`      ${'case'.padEnd(width)}  ${'wall ms'.padStart(8)}  ${'cpu ms'.padStart(7)}  ${'peak MB'.padStart(7)}  exit`);
    for (const { name, m } of this.rows) {
      const exit = m.signal ?? String(m.status);
      console.log(
        `      ${name.padEnd(width)}  ${String(m.ms).padStart(8)}  ${String(m.cpuMs).padStart(7)}  ${String(m.peakMb).padStart(7)}  ${exit}`,
      );
    }
  }
}
