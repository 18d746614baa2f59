/**
 * The reach of one instruction file: for how many of the workspace's files it is in effect, and
 * where a `mode: replace` in its directory supersedes it. Pure: no editor API.
 *
 * Two ways to the same answer:
 *
 * - Over a plain list of paths, by the resolver alone: the files at or below the source's
 *   directory are resolved as targets, in batches (multi-target resolutions, docs/contract.md §6),
 *   and the source's `appliesTo` / `supersededFor` are collected.
 * - Over a `FileListing` (an index that knows which paths are links), as an editor does on every
 *   keystroke: the resolver resolves the source's directory once, which gives the source's
 *   status and frontmatter and those of the `replace` files beside it; its own compiled globs
 *   (`PatternSet`, with the resolver's matching options) are then matched against the listed
 *   regular files, which are canonical already, and only the links are resolved as targets.
 *   Glob results are kept per directory and pattern list (`GlobMatches`), so an edit that leaves
 *   the frontmatter alone matches nothing again, and a change on disk updates them from the
 *   listing's changes. Only the files a pattern's literal head allows are matched at all.
 *
 * Bounded: at most MAX_REACH_FILES files are examined (the first in path order; the result says
 * so), the work pauses every batch (the caller's `pause` decides whether to yield), and a run can
 * be cancelled at each pause.
 */
import { sourceDirectory } from '../lint';
import {
  Evidence,
  FileCache,
  MAX_TARGET_CHARS,
  Metadata,
  PatternSet,
  ResolveError,
  ResolverFs,
  SourceEvidence,
  SourceStatus,
  resolveInstructions,
  compilePattern,
} from '../resolver';
import { GLOBSTAR } from 'minimatch';
import { FileListing, byCodeUnit, directoryRange, inDirectory, lowerBound } from './file-index';
import { macrotask, runPaused, runToEnd } from '../lint/pause';

export { inDirectory } from './file-index';

/** Targets per resolution. */
export const REACH_BATCH = 256;

/** Files in the source's scope examined at most: as many as an editor lists (counting over an index is cheap). */
export const MAX_REACH_FILES = 200_000;

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
  /** Files for which it is in effect (applies and is not superseded), sorted. May be shared with kept glob results: never modified. */
  appliesTo: readonly string[];
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
  /** Over a FileListing: glob results kept across runs (one per listing's folder). */
  matches?: GlobMatches;
}

function parentDirectory(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
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
 * What the resolution `ev` says about `source` itself, recorded in `reach`: skipped, missing, a
 * duplicate, or a source (its evidence is returned).
 */
function settleKind(reach: Reach, ev: Evidence, source: string): SourceEvidence | undefined {
  const s = ev.sources.find((x) => x.path === source && x.scope === 'workspace');
  if (!s) {
    const skipped = ev.skipped.find((x) => x.path === source);
    if (skipped) {
      reach.kind = 'skipped';
      reach.reason = ev.diagnostics.find((d) => d.source === source && d.code === skipped.reason)?.message ?? skipped.reason;
    }
    return undefined;
  }
  reach.metadata = s.metadata;
  if (s.status === 'duplicate') {
    reach.kind = 'duplicate';
    reach.duplicateOf = s.duplicateOf;
    return undefined;
  }
  reach.kind = 'source';
  return s;
}

function emptyReach(source: string, directory: string, total: number, inScope: number, counted: number): Reach {
  return {
    source,
    directory,
    total,
    inScope,
    counted,
    kind: 'missing',
    duplicateOf: null,
    reason: null,
    metadata: null,
    appliesTo: [],
    superseded: [],
    supersededBy: [],
  };
}

/** The result lists of a reach, sorted, from what is in effect and where a replace supersedes. */
function finish(reach: Reach, applies: readonly string[] | Set<string>, superseded: Map<string, string>): Reach {
  const by = new Map<string, number>();
  for (const winner of superseded.values()) by.set(winner, (by.get(winner) ?? 0) + 1);
  reach.appliesTo = applies instanceof Set ? [...applies].sort(byCodeUnit) : applies;
  reach.superseded = [...superseded].sort((a, b) => byCodeUnit(a[0], b[0])).map(([file, winner]) => ({ file, by: winner }));
  reach.supersededBy = [...by].map(([path, n]) => ({ path, files: n })).sort((a, b) => b.files - a.files || byCodeUnit(a.path, b.path));
  return reach;
}

function isListing(files: readonly string[] | FileListing): files is FileListing {
  return !Array.isArray(files);
}

/**
 * The reach of instruction file `source` (root-relative) over `files`: root-relative workspace
 * files, sorted, or a FileListing (faster, same answer). Undefined when cancelled. Throws
 * ResolveError when the root is gone.
 */
export async function computeReach(
  root: string,
  source: string,
  files: readonly string[] | FileListing,
  options: ReachOptions = {},
): Promise<Reach | undefined> {
  if (isListing(files)) return reachOverListing(root, source, files, options);
  const batchSize = Math.max(1, options.batchSize ?? REACH_BATCH);
  const maxFiles = options.maxFiles ?? MAX_REACH_FILES;
  const pause = options.pause ?? macrotask;
  const directory = sourceDirectory(source) ?? parentDirectory(source);
  const scope = files.filter((f) => inDirectory(directory, f));
  const counted = scope.slice(0, maxFiles);
  const reach = emptyReach(source, directory, files.length, scope.length, counted.length);
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
      if (first) {
        first = false;
        if (!settleKind(reach, ev, source)) return reach;
      }
      const s = ev.sources.find((x) => x.path === source && x.scope === 'workspace');
      if (s && counted.length > 0) collect(s, ev, applies, superseded);
    }
    if (batches.length > 1) await pause();
  }
  if (options.isCancelled?.()) return undefined;
  return finish(reach, applies, superseded);
}

/** Where `s` is in effect and where it is superseded (with the winner) in one resolution. */
function collect(s: SourceEvidence, ev: Evidence, applies: Set<string>, superseded: Map<string, string>): void {
  // Targets are canonical: a symlinked file counts once, as the file it leads to.
  for (const t of s.appliesTo) applies.add(t);
  for (const [file, winner] of winners(s, ev.sources)) if (!superseded.has(file)) superseded.set(file, winner);
}

/**
 * Statuses a source has of its own, whatever the target (docs/contract.md §6): it applies to no
 * target at all. Every other status but `duplicate` is decided per target; with the budget at 0,
 * as here, a source in effect is `omitted` (the context is off), never cut for room.
 */
const NEVER_APPLIES: ReadonlySet<SourceStatus> = new Set<SourceStatus>(['shadowed', 'not-loaded', 'untrusted']);

/**
 * The reach over a FileListing. The resolver resolves the source's directory (the directory
 * target's chain ends there, so it holds the source and every file beside it); the listed
 * regular files in scope are matched with the resolver's compiled globs; the listed links, which
 * the resolver would canonicalise to other paths, are resolved as targets as the plain way does.
 */
async function reachOverListing(root: string, source: string, listing: FileListing, options: ReachOptions): Promise<Reach | undefined> {
  const batchSize = Math.max(1, options.batchSize ?? REACH_BATCH);
  const maxFiles = options.maxFiles ?? MAX_REACH_FILES;
  const pause = options.pause ?? macrotask;
  const steps = new Steps(batchSize, pause, options.isCancelled ?? (() => false));
  const directory = sourceDirectory(source) ?? parentDirectory(source);
  const paths = listing.paths;
  const [lo, hi] = directoryRange(paths, directory);
  const end = Math.min(hi, lo + Math.max(0, maxFiles));
  const reach = emptyReach(source, directory, paths.length, hi - lo, end - lo);
  if (steps.isCancelled()) return undefined;
  const ev = resolveBatch(root, [directory === '' ? '.' : directory], options.fs, options.cache);
  const s = ev && settleKind(reach, ev, source);
  if (!ev || !s || reach.counted === 0 || NEVER_APPLIES.has(s.status)) return reach;
  // The replace files after this one in its directory: where one applies, the last such wins.
  const replacing = ev.sources
    .slice(ev.sources.indexOf(s) + 1)
    .filter(
      (x) => x.scope === 'workspace' && x.directory === s.directory && x.metadata?.mode === 'replace' && !NEVER_APPLIES.has(x.status),
    );
  const matches = options.matches ?? new GlobMatches();
  const matched = await matches.matched(listing, directory, s.metadata, steps);
  if (!matched) return undefined;
  const own = matched.files;
  const winners: { path: string; files: ReadonlySet<string> }[] = [];
  for (const r of replacing) {
    const files = await matches.matchedSet(listing, directory, r.metadata, steps);
    if (!files) return undefined;
    winners.unshift({ path: r.path, files });
  }
  // Only the first `maxFiles` files in scope are examined (no path holds a NUL).
  const last = paths[end - 1];
  const upTo = lowerBound(own, `${last}\0`);
  let applies: readonly string[];
  const superseded = new Map<string, string>();
  if (winners.length === 0) {
    // The kept result itself when all of it counts: unchanged globs then give the same list, which
    // the comparison with the saved version sees at once.
    applies = matched.first(upTo);
  } else {
    const list: string[] = (applies = []);
    for (let i = 0; i < upTo; i++) {
      if (i % batchSize === batchSize - 1 && !(await steps.next())) return undefined;
      const file = own[i];
      const winner = winners.find((w) => w.files.has(file));
      if (winner) superseded.set(file, winner.path);
      else list.push(file);
    }
  }
  // Links are left to the resolver: it follows them to the files they lead to.
  const links = [...listing.links].filter((p) => p <= last && inDirectory(directory, p)).sort(byCodeUnit);
  if (links.length > 0) {
    const fromLinks = new Set<string>();
    for (let i = 0; i < links.length; i += batchSize) {
      if (!(await steps.next())) return undefined;
      const lev = resolveBatch(root, links.slice(i, i + batchSize), options.fs, options.cache);
      const ls = lev?.sources.find((x) => x.path === source && x.scope === 'workspace');
      if (lev && ls) collect(ls, lev, fromLinks, superseded);
    }
    for (const f of applies) fromLinks.add(f);
    return finish(reach, fromLinks, superseded);
  }
  if (steps.isCancelled()) return undefined;
  return finish(reach, applies, superseded);
}

/** How long work runs: a pause every `batchSize` files, and a way to stop. */
class Steps {
  constructor(
    readonly batchSize: number,
    private readonly pause: () => Promise<void>,
    readonly isCancelled: () => boolean,
  ) {}

  /** Pauses; false when the run was cancelled meanwhile. */
  async next(): Promise<boolean> {
    if (this.isCancelled()) return false;
    await this.pause();
    return !this.isCancelled();
  }
}

/**
 * One source directory's `applies_to` and `excludes` over listed paths, matched as the resolver
 * matches them (docs/contract.md §5): the resolver's own PatternSet on the path's segments below
 * the directory.
 */
class Matcher {
  private readonly depth: number;
  private readonly appliesTo: Patterns | null;
  private readonly excludes: Patterns | null;

  constructor(
    private readonly directory: string,
    private readonly applies: readonly string[] | null,
    excludes: readonly string[],
  ) {
    this.depth = directory === '' ? 0 : directory.split('/').length;
    this.appliesTo = applies ? new Patterns(applies) : null;
    this.excludes = excludes.length > 0 ? new Patterns(excludes) : null;
  }

  /** Whether listed path `p` is a regular file in scope that the globs accept. */
  accepts(listing: FileListing, p: string): boolean {
    return inDirectory(this.directory, p) && this.regular(listing, p) && this.test(p);
  }

  /** A regular file the resolver takes as it is listed (a link leads elsewhere; a path over the limit is refused). */
  private regular(listing: FileListing, p: string): boolean {
    return !listing.links.has(p) && p.length <= MAX_TARGET_CHARS;
  }

  private test(p: string): boolean {
    if (!this.appliesTo && !this.excludes) return true;
    let parts: string[] | undefined;
    const split = () => (parts ??= p.split('/'));
    if (this.appliesTo && !this.appliesTo.matches(p, split, this.depth)) return false;
    return !this.excludes || !this.excludes.matches(p, split, this.depth);
  }

  /** Every listed regular file in scope the globs accept, sorted; undefined when cancelled. */
  async all(listing: FileListing, steps: Steps): Promise<string[] | undefined> {
    const paths = listing.paths;
    const [lo, hi] = directoryRange(paths, this.directory);
    const out: string[] = [];
    let examined = 0;
    for (const [from, to] of this.candidates(paths, lo, hi)) {
      for (let i = from; i < to; i++) {
        if (++examined % steps.batchSize === 0 && !(await steps.next())) return undefined;
        const p = paths[i];
        if (this.regular(listing, p) && this.test(p)) out.push(p);
      }
    }
    return out;
  }

  /**
   * The ranges of `paths[lo, hi)` an `applies_to` can match at all, sorted and disjoint: the
   * segments a pattern starts with literally (minimatch's compiled set keeps them as strings,
   * which match by equality) name the only file or directory it can reach. Without
   * `applies_to`, or when a pattern starts with magic, the whole scope.
   */
  private candidates(paths: readonly string[], lo: number, hi: number): [number, number][] {
    if (!this.applies) return [[lo, hi]];
    const ranges: [number, number][] = [];
    const under = (rel: string) => (this.directory === '' ? rel : `${this.directory}/${rel}`);
    for (const pattern of this.applies) {
      const compiled = compilePattern(pattern);
      if (compiled instanceof Error || compiled.mm.empty) continue; // matches nothing
      for (const alternative of compiled.mm.set) {
        let head = 0;
        while (head < alternative.length && typeof alternative[head] === 'string') head++;
        if (head === 0) return [[lo, hi]];
        const literal = under((alternative.slice(0, head) as string[]).join('/'));
        // The path itself (a `**` after it may match no segment), then everything below it.
        const at = lowerBound(paths, literal, lo, hi);
        if (paths[at] === literal) ranges.push([at, at + 1]);
        if (head < alternative.length) ranges.push(directoryRange(paths, literal, lo, hi));
      }
    }
    ranges.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [from, to] of ranges) {
      const prev = merged[merged.length - 1];
      if (prev && from <= prev[1]) prev[1] = Math.max(prev[1], to);
      else if (from < to) merged.push([from, to]);
    }
    return merged;
  }
}

/** File names whose answer one pattern list keeps, at most (a name-only list answers once per name). */
const MAX_NAMES_KEPT = 250_000;

/**
 * A pattern list (`applies_to` or `excludes`), matched by the resolver's PatternSet. When every
 * alternative of every pattern is a `**` followed by one segment (every `.ts` file at any depth,
 * a `README.md` anywhere), the answer for a path depends on its last segment alone (minimatch's
 * `**` takes any number of segments, and with `dot` every canonical one). If one of those
 * segments goes to the resolver's linear-time engine (two or more `*` in a segment: about 5 µs a
 * test, ten times a plain one), each file name is asked once; a plain test is cheaper than
 * remembering its answer.
 */
class Patterns {
  private readonly set: PatternSet;
  /** Every pattern depends on the file's name alone. */
  private readonly nameOnly: boolean;
  private readonly byName: Map<string, boolean> | undefined;

  constructor(patterns: readonly string[]) {
    this.set = new PatternSet(patterns);
    this.nameOnly = patterns.every(nameOnly);
    this.byName = this.nameOnly && patterns.some(costly) ? new Map() : undefined;
  }

  /** Whether a pattern matches `p` (its segments from `depth` on; `split` gives them). */
  matches(p: string, split: () => string[], depth: number): boolean {
    if (!this.nameOnly) return this.set.firstMatchSegments(split(), depth) !== undefined;
    const name = p.slice(p.lastIndexOf('/') + 1);
    const byName = this.byName;
    let answer = byName?.get(name);
    if (answer === undefined) {
      answer = this.set.firstMatchSegments([name]) !== undefined;
      if (byName && byName.size < MAX_NAMES_KEPT) byName.set(name, answer);
    }
    return answer;
  }
}

/** Whether a segment of `pattern` is matched by the resolver's linear-time engine. */
function costly(pattern: string): boolean {
  const compiled = compilePattern(pattern);
  return !(compiled instanceof Error) && compiled.linearSegments > 0;
}

/** Whether every alternative of `pattern` is a `**` followed by one segment (or the pattern matches nothing). */
function nameOnly(pattern: string): boolean {
  const compiled = compilePattern(pattern);
  if (compiled instanceof Error || compiled.mm.empty) return true; // matches no path, whatever its name
  return compiled.mm.set.every((alternative) => alternative.length === 2 && alternative[0] === GLOBSTAR && alternative[1] !== GLOBSTAR);
}

/** Glob results kept, counted in paths held, at most (the oldest go first). */
export const MAX_KEPT_MATCHES = 1_000_000;

/** Directory and pattern lists kept at most. */
const MAX_KEPT_PATTERN_LISTS = 64;

interface MatchEntry {
  /** The listing's index and version the result is for. */
  listing: FileListing;
  /** Listed regular files at or below the directory the patterns accept, sorted. */
  files: string[];
  set?: Set<string>;
  /** The last head of `files` asked for (a capped count asks for the same one every time). */
  head?: readonly string[];
}

/** Kept glob results: the files, and their first `n` as the same list each time it is asked for. */
export interface MatchedFiles {
  readonly files: readonly string[];
  first(n: number): readonly string[];
}

/**
 * Glob results over a folder's listing, kept per source directory and pattern lists (an
 * `applies_to` and `excludes` pair): what a source's frontmatter accepts does not depend on its
 * text, so typing outside the frontmatter matches nothing again. When the listing moves on, a
 * result is brought up to date from the listing's changes (only the changed paths are matched),
 * or computed afresh when they are no longer known.
 */
export class GlobMatches {
  private readonly entries = new Map<string, MatchEntry>();
  private held = 0;

  /** Listed regular files at or below `directory` that `metadata`'s globs accept, sorted; undefined when cancelled. */
  async matched(listing: FileListing, directory: string, metadata: Metadata | null, steps: Steps): Promise<MatchedFiles | undefined> {
    const entry = await this.entry(listing, directory, metadata, steps);
    if (!entry) return undefined;
    return {
      files: entry.files,
      first: (n) => {
        if (n >= entry.files.length) return entry.files;
        if (entry.head?.length !== n) entry.head = entry.files.slice(0, n);
        return entry.head;
      },
    };
  }

  /** The same as a set. */
  async matchedSet(
    listing: FileListing,
    directory: string,
    metadata: Metadata | null,
    steps: Steps,
  ): Promise<ReadonlySet<string> | undefined> {
    const entry = await this.entry(listing, directory, metadata, steps);
    if (!entry) return undefined;
    return (entry.set ??= new Set(entry.files));
  }

  /** Patterns lists kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  private async entry(listing: FileListing, directory: string, metadata: Metadata | null, steps: Steps): Promise<MatchEntry | undefined> {
    const applies = metadata?.applies_to ?? null;
    const excludes = metadata?.excludes ?? [];
    const key = JSON.stringify([directory, applies, excludes]);
    const matcher = new Matcher(directory, applies, excludes);
    let entry = this.entries.get(key);
    if (entry && entry.listing !== listing) {
      const files = updated(entry, listing, matcher);
      this.forget(key);
      entry = files ? { listing, files } : undefined;
      if (entry) this.keep(key, entry);
    }
    if (entry) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    const files = await matcher.all(listing, steps);
    if (!files) return undefined;
    entry = { listing, files };
    this.keep(key, entry);
    return entry;
  }

  private keep(key: string, entry: MatchEntry): void {
    this.forget(key);
    this.entries.set(key, entry);
    this.held += entry.files.length;
    while ((this.held > MAX_KEPT_MATCHES || this.entries.size > MAX_KEPT_PATTERN_LISTS) && this.entries.size > 1) {
      const oldest = this.entries.keys().next().value!;
      if (oldest === key) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.files.length;
    this.entries.delete(key);
  }
}

/**
 * `entry`'s files brought to `listing` from the changes between their versions: the paths the
 * changes touch are taken out and matched again as the listing now has them. Undefined when the
 * changes are not known (another index, or too old).
 */
function updated(entry: MatchEntry, listing: FileListing, matcher: Matcher): string[] | undefined {
  if (entry.listing.origin !== listing.origin) return undefined;
  const changes = listing.changesSince(entry.listing.version);
  if (!changes) return undefined;
  const touched = new Set<string>();
  for (const c of changes) {
    for (const p of c.added) touched.add(p);
    for (const p of c.removed) touched.add(p);
  }
  if (touched.size === 0) return entry.files;
  const kept = entry.files.filter((p) => !touched.has(p));
  const now = [...touched].filter((p) => {
    const i = lowerBound(listing.paths, p);
    return listing.paths[i] === p && matcher.accepts(listing, p);
  });
  if (now.length === 0) return kept;
  now.sort(byCodeUnit);
  const out: string[] = [];
  let j = 0;
  for (const p of kept) {
    while (j < now.length && now[j] < p) out.push(now[j++]);
    out.push(p);
  }
  while (j < now.length) out.push(now[j++]);
  return out;
}
/** Whether `list` is in strictly ascending code-unit order (every reach's lists are). */
function ascending(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (!(list[i - 1] < list[i])) return false;
  return true;
}

/** Files compared between two pauses of `diffReachAsync`. */
const DIFF_BATCH = 16_384;

/**
 * Files that gain or lose the source (where it is in effect) between the saved and the edited
 * text, each list in the order of the reach it comes from. Sorted lists (what computeReach
 * returns) are compared in one pass; the same list on both sides changes nothing.
 */
export function diffReach(saved: Reach, edited: Reach): { gained: string[]; lost: string[] } {
  return runToEnd(diffSteps(saved, edited));
}

/** The same, pausing every DIFF_BATCH files (an editor's lists can hold a whole workspace). */
export async function diffReachAsync(
  saved: Reach,
  edited: Reach,
  pause: () => Promise<void>,
): Promise<{ gained: string[]; lost: string[] }> {
  return runPaused(diffSteps(saved, edited), pause);
}

function* diffSteps(saved: Reach, edited: Reach): Generator<void, { gained: string[]; lost: string[] }> {
  const before = saved.kind === 'source' ? saved.appliesTo : [];
  const after = edited.kind === 'source' ? edited.appliesTo : [];
  if (before === after) return { gained: [], lost: [] };
  if (!ascending(before) || !ascending(after)) {
    const was = new Set(before);
    const is = new Set(after);
    return { gained: [...is].filter((f) => !was.has(f)), lost: [...was].filter((f) => !is.has(f)) };
  }
  const gained: string[] = [];
  const lost: string[] = [];
  let i = 0;
  let j = 0;
  for (let n = 1; i < before.length || j < after.length; n++) {
    if (j >= after.length || (i < before.length && before[i] < after[j])) lost.push(before[i++]);
    else if (i >= before.length || after[j] < before[i]) gained.push(after[j++]);
    else {
      i++;
      j++;
    }
    if (n % DIFF_BATCH === 0) yield;
  }
  return { gained, lost };
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
