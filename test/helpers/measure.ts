/**
 * Runs the built `holaryn` executable as a child and measures it: wall time (node start-up
 * included), CPU time (user + system: what the child itself cost, whatever else the machine was
 * doing) and peak RSS, the last two written by a preload from `process.resourceUsage()` as the
 * child exits. A child that outlives `guardMs` of wall time is killed (the caller's hang guard).
 * Figures are collected for a table the suite prints at its end.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI } from './cli';

export interface Measured {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** User + system CPU time in ms (NaN when the child died before writing it). */
  cpuMs: number;
  /** Peak resident set size in MB (NaN when the child died before writing it). */
  peakMb: number;
}

export interface Figure {
  name: string;
  command: string;
  ms: number;
  cpuMs: number;
  peakMb: number;
  status: number | null;
}

const PRELOAD = `
const fs = require('fs');
const out = process.env.HOLARYN_MEASURE_OUT;
process.on('exit', () => {
  const u = process.resourceUsage();
  fs.writeFileSync(out, JSON.stringify({ maxRSS: u.maxRSS, cpu: u.userCPUTime + u.systemCPUTime }));
});
`;

export class MeasuredCli {
  readonly figures: Figure[] = [];
  private readonly preload: string;
  private n = 0;

  constructor(private readonly dir: string) {
    this.preload = path.join(dir, 'measure-preload.cjs');
    fs.writeFileSync(this.preload, PRELOAD);
  }

  /** Runs `holaryn ...args` with `env`, killed after `guardMs`; the figure is recorded under `name`. */
  run(name: string, args: string[], options: { env: Record<string, string>; cwd: string; guardMs: number; input?: string }): Measured {
    const out = path.join(this.dir, `rss-${this.n++}`);
    const started = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['--require', this.preload, CLI, ...args], {
      cwd: options.cwd,
      env: { ...options.env, HOLARYN_MEASURE_OUT: out },
      input: options.input ?? '',
      encoding: 'utf8',
      timeout: options.guardMs,
      killSignal: 'SIGKILL',
      maxBuffer: 1024 * 1024 * 1024,
    });
    const ms = Number((process.hrtime.bigint() - started) / 1_000_000n);
    const usage = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as { maxRSS: number; cpu: number }) : undefined;
    const peakMb = usage ? Math.round(usage.maxRSS / 1024) : NaN;
    const cpuMs = usage ? Math.round(usage.cpu / 1000) : NaN;
    this.figures.push({ name, command: args[0] ?? '', ms, cpuMs, peakMb, status: r.status });
    return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms, cpuMs, peakMb };
  }

  /** The figures as a table (case, command, wall time, CPU time, peak MB). */
  table(title: string): string {
    const rows = this.figures.map(
      (f) =>
        `      ${f.name.padEnd(66)} ${f.command.padEnd(13)} ${String(f.ms).padStart(6)} ms ${String(f.cpuMs).padStart(6)} ms ${String(f.peakMb).padStart(5)} MB`,
    );
    const head = `      ${'case'.padEnd(66)} ${'command'.padEnd(13)} ${'wall'.padStart(9)} ${'cpu'.padStart(9)} ${'peak'.padStart(8)}`;
    return [`\n    ${title}`, head, ...rows].join('\n');
  }
}
