/**
 * Helpers for the contract suite: in-memory trees and small accessors on the evidence.
 * Tree keys are relative to the root (`/repo` unless given) or absolute when they start with `/`.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Diagnostic, Evidence, ResolveError, ResolveOptions, SourceEvidence, resolveInstructions } from '../../src/resolver';
import { DiagnosticCode } from '../../src/resolver/evidence';
import { MemEntry, MemoryFs } from '../../src/resolver/memory-fs';

export const ROOT = '/repo';

export type Tree = Record<string, MemEntry>;

/** Builds a MemoryFs; keys without a leading `/` are relative to `root`. */
export function memfs(files: Tree, root = ROOT): MemoryFs {
  const entries: Record<string, MemEntry> = {};
  for (const [p, entry] of Object.entries(files)) entries[p.startsWith('/') ? p : `${root}/${p}`] = entry;
  if (!(root in entries)) {
    // Make sure the root exists even for an empty tree.
    const fsys = new MemoryFs({ [root]: { dir: true } });
    for (const [p, entry] of Object.entries(entries)) fsys.set(p, entry);
    return fsys;
  }
  return new MemoryFs(entries);
}

export interface Resolved {
  ev: Evidence;
  fs: MemoryFs;
}

/**
 * No global file unless the options name one (`globalFile`) or ask for the default one from
 * `env` / `homedir` (then `globalFile` stays undefined: the resolver's default applies).
 */
function withDefaults(options: ResolveOptions, fsys: MemoryFs): ResolveOptions {
  const wantsDefault = 'env' in options || 'homedir' in options;
  return { ...(wantsDefault ? {} : { globalFile: null }), ...options, fs: fsys };
}

/** Resolves `targets` in an in-memory tree. */
export function resolve(files: Tree, targets: string[], options: ResolveOptions = {}, root = ROOT): Resolved {
  const fsys = memfs(files, root);
  const ev = resolveInstructions(root, targets, withDefaults(options, fsys));
  return { ev, fs: fsys };
}

/** Resolves again in an existing MemoryFs. */
export function resolveIn(fsys: MemoryFs, targets: string[], options: ResolveOptions = {}, root = ROOT): Evidence {
  return resolveInstructions(root, targets, withDefaults(options, fsys));
}

/** The error a failing call throws; fails when it does not throw a ResolveError. */
export function resolveError(
  files: Tree,
  targets: string[],
  options: ResolveOptions = {},
  root = ROOT,
): { err: ResolveError; fs: MemoryFs } {
  const fsys = memfs(files, root);
  let thrown: unknown;
  try {
    const ev = resolveInstructions(root, targets, withDefaults(options, fsys));
    assert.fail(`expected the call to fail, but it resolved: ${JSON.stringify(ev.targets)}`);
  } catch (err) {
    thrown = err;
  }
  assert.ok(thrown instanceof ResolveError, `expected a ResolveError, got ${String(thrown)}`);
  return { err: thrown, fs: fsys };
}

export function maybeSource(ev: Evidence, p: string): SourceEvidence | undefined {
  return ev.sources.find((s) => s.path === p);
}

export function source(ev: Evidence, p: string): SourceEvidence {
  const s = maybeSource(ev, p);
  assert.ok(s, `no source ${JSON.stringify(p)} among ${JSON.stringify(ev.sources.map((x) => x.path))}`);
  return s;
}

export function sourcePaths(ev: Evidence): string[] {
  return ev.sources.map((s) => s.path);
}

/** `{path: status}` of every source. */
export function statuses(ev: Evidence): Record<string, string> {
  return Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
}

export function diags(ev: Evidence, code?: DiagnosticCode, src?: string | null): Diagnostic[] {
  return ev.diagnostics.filter((d) => (code === undefined || d.code === code) && (src === undefined || d.source === src));
}

/** Code points of a string. */
export function cps(s: string): number {
  return [...s].length;
}

/** A file with a frontmatter block. */
export function fm(yaml: string, body = 'body\n'): string {
  return `---\n${yaml}${yaml.endsWith('\n') || yaml === '' ? '' : '\n'}---\n${body}`;
}

/** Occurrences of `needle` in `hay`. */
export function count(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + 1)) n++;
  return n;
}

export const DEFAULT_METADATA = Object.freeze({
  applies_to: null,
  excludes: [],
  priority: 0,
  mode: 'append',
  required_validation: [],
});

export const REPO_DIR = path.resolve(__dirname, '..', '..');
export const SCHEMA_PATH = path.join(REPO_DIR, 'schema', 'evidence.schema.json');

/** Loads schema/evidence.schema.json at run time (it is written separately): fails clearly when absent. */
export function loadSchema(): object {
  assert.ok(
    fs.existsSync(SCHEMA_PATH),
    `schema/evidence.schema.json does not exist (yet) at ${SCHEMA_PATH}: the --json output cannot be validated`,
  );
  const text = fs.readFileSync(SCHEMA_PATH, 'utf8');
  try {
    return JSON.parse(text) as object;
  } catch (err) {
    assert.fail(`schema/evidence.schema.json is not valid JSON: ${(err as Error).message}`);
  }
}
