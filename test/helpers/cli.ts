/**
 * Running the real `holaryn` executable (the file named by `bin.holaryn` in package.json, built by
 * `node esbuild.mjs`) on fixture trees written to a temporary directory.
 */
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_DIR } from './tree';

const pkg = JSON.parse(fs.readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { version: string; bin: { holaryn: string } };
export const VERSION = pkg.version;
export const CLI = path.resolve(REPO_DIR, pkg.bin.holaryn);

let built = false;

/**
 * Builds the bundle (`npm run build` is `node esbuild.mjs`) once per test process: every suite
 * that runs the executable asks for it, and a build (with its code-cache training run) takes
 * about 9 s. No test changes dist/: one that needs another build copies it first.
 */
export function build(): void {
  if (built && fs.existsSync(CLI)) return;
  execFileSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_DIR, stdio: 'pipe' });
  assert.ok(fs.existsSync(CLI), `${CLI} was not built`);
  built = true;
}

export type FileSpec = string | Buffer | { symlink: string } | { fifo: true } | { dir: true };

/** Writes a tree below `dir`; keys are `/`-separated relative paths. */
export function writeTree(dir: string, files: Record<string, FileSpec>): void {
  for (const [rel, spec] of Object.entries(files)) {
    const p = path.join(dir, ...rel.split('/'));
    fs.mkdirSync(path.dirname(p), { recursive: true });
    if (typeof spec === 'string' || Buffer.isBuffer(spec)) fs.writeFileSync(p, spec);
    else if ('symlink' in spec) fs.symlinkSync(spec.symlink, p);
    else if ('dir' in spec) fs.mkdirSync(p, { recursive: true });
    else execFileSync('mkfifo', [p]);
  }
}

export class TempDirs {
  private readonly dirs: string[] = [];
  /** A new empty directory (canonical path). */
  make(prefix = 'holaryn-e2e-'): string {
    const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
    this.dirs.push(d);
    return d;
  }
  cleanup(): void {
    for (const d of this.dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  }
}

export interface RunResult {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  error?: Error;
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  input?: string | Buffer;
  nodeArgs?: string[];
}

/** The environment of every run: no HOLARYN_HOME, no colour variables, HOME set by the caller. */
export function baseEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || ['HOLARYN_HOME', 'NO_COLOR', 'FORCE_COLOR', 'HOLARYN_DEBUG', 'HOLARYN_CODE_CACHE'].includes(k)) continue;
    env[k] = v;
  }
  env.HOME = home;
  return env;
}

/**
 * Runs the executable. The timeout only keeps a hang from blocking the suite (a hang fails the
 * test through `error`); no test asserts on time.
 */
export function run(args: string[], options: RunOptions): RunResult {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.env ?? {})) if (v !== undefined) env[k] = v;
  const r = spawnSync(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
    cwd: options.cwd,
    env,
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 15000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', error: r.error };
}

/** Parses stdout as exactly one JSON value. */
export function json(r: RunResult): Record<string, unknown> {
  assert.equal(r.error, undefined, `the process failed to run: ${String(r.error)}`);
  try {
    return JSON.parse(r.stdout) as Record<string, unknown>;
  } catch {
    assert.fail(`stdout is not one JSON document (exit ${r.status}):\n${r.stdout.slice(0, 2000)}\nstderr:\n${r.stderr.slice(0, 2000)}`);
  }
}

/** Single-quotes a word for /bin/sh. */
export function shq(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

// eslint-disable-next-line no-control-regex -- the escape character is what this looks for
export const ANSI = /\u001b\[/;
