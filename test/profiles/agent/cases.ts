/**
 * Runs agent cases: each one a tree, an agent home, a working directory, settings and targets,
 * with the files the agent loads (path and status) and the exact text it sends. The trees are
 * written to a temporary directory `T` on disk (links, FIFOs and raw bytes included); `{T}` and
 * `{CWD}` in expected texts stand for it and for the working directory.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

export type CaseEntry = string | { dir: true } | { symlink: string } | { base64: string };

export interface AgentCase {
  name: string;
  from: string;
  tree: Record<string, CaseEntry>;
  /** Files in the agent's home. */
  home: Record<string, CaseEntry>;
  cwd: string;
  settings: Record<string, unknown>;
  targets: string[];
  expect: {
    loaded: { path: string; status: string; note?: string }[];
    context?: string;
    contextProperties?: string[];
    error?: string;
  };
}

export function loadCases(file: string): AgentCase[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AgentCase[];
}

function spec(entry: CaseEntry): FileSpec {
  if (typeof entry === 'string') return entry;
  if ('base64' in entry) return Buffer.from(entry.base64, 'base64');
  return entry;
}

function specs(tree: Record<string, CaseEntry>): Record<string, FileSpec> {
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, spec(v)]));
}

/** A setting as `--set` would give it: text, a list as JSON. */
export function settingText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface CaseRun {
  ev: Evidence;
  T: string;
  cwd: string;
}

/**
 * Resolves a case under `profile`. `homeDir` is where the case's home files go, relative to the
 * temporary home directory (e.g. `.codex`).
 */
export function runCase(c: AgentCase, profile: string, homeDir: string, temp: TempDirs): CaseRun {
  const T = temp.make('holaryn-agent-');
  const home = temp.make('holaryn-home-');
  writeTree(T, specs(c.tree));
  fs.mkdirSync(path.join(home, homeDir), { recursive: true });
  writeTree(path.join(home, homeDir), specs(c.home));
  const cwd = c.cwd === '.' ? T : path.join(T, ...c.cwd.split('/'));
  fs.mkdirSync(cwd, { recursive: true });
  const settings = Object.fromEntries(Object.entries(c.settings).map(([k, v]) => [k, settingText(v)]));
  const ev = resolveInstructions(cwd, c.targets, { profile, settings, env: {}, homedir: home });
  return { ev, T, cwd };
}

/** The case's placeholders replaced. */
export function expand(text: string, run: CaseRun): string {
  return text.split('{CWD}').join(run.cwd).split('{T}').join(run.T);
}

/** `{path: status}` of the sources at or below `T` (nothing above the temporary directory). */
export function loadedWithin(run: CaseRun, c: AgentCase): Record<string, string> {
  const levels = c.cwd === '.' ? 0 : c.cwd.split('/').length;
  const out: Record<string, string> = {};
  for (const s of run.ev.sources) {
    const up = s.path.split('/').filter((p) => p === '..').length;
    if (up > levels) continue;
    out[s.path] = s.status;
  }
  return out;
}

/**
 * The sources at or below `T` are exactly `expected` (`{path: status}`), listed in its order; a
 * failure shows every source with its status and reason.
 */
export function assertLoadedInOrder(run: CaseRun, c: AgentCase, expected: Record<string, string>): void {
  const shown = JSON.stringify(
    run.ev.sources.map((s) => [s.path, s.status, s.reason]),
    null,
    1,
  );
  assert.deepEqual(loadedWithin(run, c), expected, `statuses:\n${shown}`);
  const order = run.ev.sources.map((s) => s.path).filter((p) => p in expected);
  assert.deepEqual(order, Object.keys(expected), `order:\n${shown}`);
}

export function checkContextProperties(context: string, properties: readonly string[]): void {
  for (const p of properties) {
    const colon = p.indexOf(':');
    const [kind, arg] = colon < 0 ? [p, ''] : [p.slice(0, colon), p.slice(colon + 1)];
    if (kind === 'maxBytes')
      assert.ok(Buffer.byteLength(context) <= Number(arg), `context is ${Buffer.byteLength(context)} bytes, over ${arg}`);
    else if (kind === 'contains') assert.ok(context.includes(arg), `context does not contain ${JSON.stringify(arg.slice(0, 60))}`);
    else if (kind === 'notContains') assert.ok(!context.includes(arg), `context contains ${JSON.stringify(arg.slice(0, 60))}`);
    else if (kind === 'noReplacementChar') assert.ok(!context.includes('\ufffd'), 'context contains U+FFFD');
    else assert.fail(`unknown context property ${p}`);
  }
}
