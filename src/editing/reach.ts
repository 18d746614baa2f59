/**
 * The reach of one instruction file: for how many of the workspace's files it is in effect, and
 * where a `mode: replace` in its directory supersedes it. Pure: no editor API.
 *
 * Computed by the resolver itself, never by a second implementation of the rules: the files at or
 * below the source's directory are resolved as targets, in batches (multi-target resolutions,
 * docs/contract.md §6), and the source's `appliesTo` / `supersededFor` are collected. Bounded: at most
 * MAX_REACH_FILES files are examined (the first in path order; the result says so), batches yield
 * to the event loop, and a run can be cancelled between batches.
 */
import { sourceDirectory } from '../lint';
import { FileCache, Metadata, ResolveError, ResolverFs, SourceEvidence, resolveInstructions } from '../resolver';

/** Targets per resolution. */
export const REACH_BATCH = 256;

/** Files in the source's scope examined at most. */
export const MAX_REACH_FILES = 50_000;

export interface Reach {
  /** Root-relative path of the instruction file. */
  source: string;
  /** Its source directory (`""` for the root). */
  directory: string;
  /** Files in the workspace listing. */
  total: number;
  /** Files at or below the source's directory. */
  inScope: number;
  /** Files examined (the first MAX_REACH_FILES of those in scope, in path order). */
  counted: number;
  /** `source`: a source; `duplicate`: the same file as an earlier path; `skipped`: unreadable or a link outside the root. */
  kind: 'source' | 'duplicate' | 'skipped' | 'missing';
  duplicateOf: string | null;
  /** Why it is skipped (the resolver's message). */
  reason: string | null;
  /** Effective frontmatter, null when there is no valid block. */
  metadata: Metadata | null;
  /** Files for which it is in effect (applies and is not superseded), sorted. */
  appliesTo: string[];
  /** Files where it applies but a `mode: replace` in its directory supersedes it. */
  superseded: { file: string; by: string }[];
  /** Each superseding source with the number of files it supersedes this one for. */
  supersededBy: { path: string; files: number }[];
}

export interface ReachOptions {
  fs?: ResolverFs;
  cache?: FileCache;
  batchSize?: number;
  maxFiles?: number;
  /** Checked between batches: true stops the run (the result is then undefined). */
  isCancelled?: () => boolean;
  /** Called between batches (default: one macrotask, so an editor stays responsive). */
  pause?: () => Promise<void>;
}

const macrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

function parentDirectory(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

/** Whether root-relative `file` is at or below directory `dir`. */
export function inDirectory(dir: string, file: string): boolean {
  return dir === '' || (file.length > dir.length && file.startsWith(dir) && file.charCodeAt(dir.length) === 47);
}

/**
 * Resolves `targets`; targets the resolver rejects (a symlink that leads outside the root, a link
 * loop) are dropped and the rest resolved again, so one odd file never hides the others.
 */
function resolveBatch(root: string, targets: string[], fs: ResolverFs | undefined, cache: FileCache | undefined) {
  let remaining = targets;
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return resolveInstructions(root, remaining, { fs, cache, budget: 0, globalFile: null });
    } catch (err) {
      if (!(err instanceof ResolveError) || err.code === 'root-not-found') throw err;
      const rejected = err.details.targets as string[] | undefined;
      if (!rejected || rejected.length === 0) throw err;
      const drop = new Set(rejected);
      remaining = remaining.filter((t) => !drop.has(t));
      if (remaining.length === 0) return undefined;
    }
  }
  return undefined;
}

/** The winner for each target where `s` is superseded: the last replace source of its directory applying there. */
function winners(s: SourceEvidence, all: SourceEvidence[]): Map<string, string> {
  const out = new Map<string, string>();
  if (s.supersededFor.length === 0) return out;
  const replacing = all
    .filter((x) => x.directory === s.directory && x.metadata?.mode === 'replace' && x.status !== 'duplicate')
    .map((x) => ({ path: x.path, applies: new Set(x.appliesTo) }));
  for (const t of s.supersededFor) {
    let winner: string | null = s.supersededBy;
    for (const r of replacing) if (r.applies.has(t)) winner = r.path;
    if (winner) out.set(t, winner);
  }
  return out;
}

/**
 * The reach of instruction file `source` (root-relative) over `files` (root-relative workspace
 * files, sorted). Undefined when cancelled. Throws ResolveError when the root is gone.
 */
export async function computeReach(
  root: string,
  source: string,
  files: readonly string[],
  options: ReachOptions = {},
): Promise<Reach | undefined> {
  const batchSize = Math.max(1, options.batchSize ?? REACH_BATCH);
  const maxFiles = options.maxFiles ?? MAX_REACH_FILES;
  const pause = options.pause ?? macrotask;
  const directory = sourceDirectory(source) ?? parentDirectory(source);
  const scope = files.filter((f) => inDirectory(directory, f));
  const counted = scope.slice(0, maxFiles);
  const reach: Reach = {
    source,
    directory,
    total: files.length,
    inScope: scope.length,
    counted: counted.length,
    kind: 'missing',
    duplicateOf: null,
    reason: null,
    metadata: null,
    appliesTo: [],
    superseded: [],
    supersededBy: [],
  };
  const by = new Map<string, number>();
  const applies = new Set<string>();
  const superseded = new Map<string, string>();
  let first = true;
  // With no file in scope, one resolution of the directory itself still gives the metadata.
  const batches = counted.length === 0 ? [[directory === '' ? '.' : directory]] : [];
  for (let i = 0; i < counted.length; i += batchSize) batches.push(counted.slice(i, i + batchSize));
  for (const targets of batches) {
    if (options.isCancelled?.()) return undefined;
    const ev = resolveBatch(root, targets, options.fs, options.cache);
    if (ev) {
      const s = ev.sources.find((x) => x.path === source && x.scope === 'workspace');
      if (first) {
        first = false;
        if (!s) {
          const skipped = ev.skipped.find((x) => x.path === source);
          if (skipped) {
            reach.kind = 'skipped';
            reach.reason = ev.diagnostics.find((d) => d.source === source && d.code === skipped.reason)?.message ?? skipped.reason;
          }
          return reach;
        }
        reach.metadata = s.metadata;
        if (s.status === 'duplicate') {
          reach.kind = 'duplicate';
          reach.duplicateOf = s.duplicateOf;
          return reach;
        }
        reach.kind = 'source';
      }
      if (s && counted.length > 0) {
        // Targets are canonical: a symlinked file counts once, as the file it leads to.
        for (const t of s.appliesTo) applies.add(t);
        for (const [file, winner] of winners(s, ev.sources)) {
          if (superseded.has(file)) continue;
          superseded.set(file, winner);
          by.set(winner, (by.get(winner) ?? 0) + 1);
        }
      }
    }
    if (batches.length > 1) await pause();
  }
  if (options.isCancelled?.()) return undefined;
  const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  reach.appliesTo = [...applies].sort(byPath);
  reach.superseded = [...superseded].sort((a, b) => byPath(a[0], b[0])).map(([file, winner]) => ({ file, by: winner }));
  reach.supersededBy = [...by].map(([path, n]) => ({ path, files: n })).sort((a, b) => b.files - a.files || (a.path < b.path ? -1 : 1));
  return reach;
}

/** Files that gain or lose the source (where it is in effect) between the saved and the edited text. */
export function diffReach(saved: Reach, edited: Reach): { gained: string[]; lost: string[] } {
  const before = new Set(saved.kind === 'source' ? saved.appliesTo : []);
  const after = new Set(edited.kind === 'source' ? edited.appliesTo : []);
  return {
    gained: [...after].filter((f) => !before.has(f)),
    lost: [...before].filter((f) => !after.has(f)),
  };
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** "applies to 34 of 1,210 files" (with how far the count went when it stopped early). */
export function appliesSummary(r: Reach): string {
  const partial =
    r.counted < r.inScope
      ? ` (first ${formatCount(r.counted)} of ${formatCount(r.inScope)} below ${r.directory === '' ? 'the root' : `${r.directory}/`} counted)`
      : '';
  return `applies to ${formatCount(r.appliesTo.length)} of ${plural(r.total, 'file')}${partial}`;
}

/** The CodeLens titles for the first line of an instruction file. */
export function reachLensTitles(r: Reach): string[] {
  if (r.kind === 'duplicate') return [`same file as ${r.duplicateOf}: contributes nothing of its own`];
  if (r.kind === 'skipped') return ['skipped by the resolver (see Problems)'];
  if (r.kind === 'missing') return [];
  const md = r.metadata;
  const partial = r.counted < r.inScope ? ` (of the first ${formatCount(r.counted)})` : '';
  const head = [
    `applies to ${plural(r.appliesTo.length, 'file')}${partial}`,
    `priority ${md?.priority ?? 0}`,
    `mode ${md?.mode ?? 'append'}`,
  ].join(' · ');
  const titles = [md === null ? `${head} (no valid frontmatter: defaults)` : head];
  for (const s of r.supersededBy) titles.push(`superseded by ${s.path} for ${plural(s.files, 'file')}`);
  return titles;
}
