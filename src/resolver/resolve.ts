/**
 * The resolution pipeline (spec sections 1–9), top to bottom:
 *   normalise root and targets → list candidate paths on the chain → read (the only I/O)
 *   → order, apply, supersede (pure) → fit the budget and render → evidence.
 * Failures of the whole call throw ResolveError; everything else is data in the evidence.
 */
import * as os from 'node:os';
import { FileCache, LoadedFile } from './cache';
import { renderContext, ContextSource, contentChars, measure } from './context';
import {
  ConflictEvidence,
  DIAGNOSTIC_SEVERITY,
  Diagnostic,
  DiagnosticCode,
  EVIDENCE_SCHEMA,
  Evidence,
  Metadata,
  NotApplicableFor,
  ResolveError,
  SkippedCandidate,
  SourceEvidence,
  SourceScope,
  SourceStatus,
  TargetEvidence,
  ValidationEvidence,
} from './evidence';
import { frontmatterBlockBytes, parseInstructions, unparsedInstructions } from './frontmatter';
import { canonicalRoot, errorCode, locateCandidate } from './candidates';
import { EntryKind, FsStat, PathApi, ResolverFs, nodeResolverFs } from './fs';
import { PatternSet } from './globs';
import { Listings, listedKind } from './listings';
import { MAX_BUDGET, MAX_CONTENT_BYTES, MAX_FRONTMATTER_BYTES_PER_RESOLUTION, MAX_TARGET_CHARS } from './limits';
import { canonicalize, depthOf, isInside, joinRelative, parentOf, toRelative } from './paths';
import { HOLARYN_POLICY, ResolverPolicy } from './policy';
import { readInstructionFile } from './read';
import { snapshotId } from './snapshot';

/** The operator-global instruction file and the name it is shown under. */
export interface GlobalFile {
  path: string;
  displayName: string;
}

export interface ResolveOptions {
  /** Model-context budget in the policy's unit; default the policy's (24,000 code points). */
  budget?: number;
  /** The operator-global file; `null` disables it; undefined means the default from the env. */
  globalFile?: GlobalFile | null;
  policy?: ResolverPolicy;
  /** Candidate names per directory, in order; default the policy's (spec section 1 `candidates`). */
  candidates?: readonly string[];
  fs?: ResolverFs;
  /** Warm-resolution cache shared across calls. */
  cache?: FileCache;
  /** Environment for the default global file (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Home directory for the default global file (default `os.homedir()`). */
  homedir?: string;
}

export const GLOBAL_FILE_NAME = 'instructions.md';

/** `$HOLARYN_HOME/instructions.md`, with `HOLARYN_HOME` defaulting to `~/.holaryn`. */
export function defaultGlobalFile(
  env: Record<string, string | undefined> = process.env,
  home: string = os.homedir(),
  P: PathApi = nodeResolverFs.path,
): GlobalFile {
  const holarynHome = env.HOLARYN_HOME;
  if (holarynHome) return { path: P.resolve(holarynHome, GLOBAL_FILE_NAME), displayName: `$HOLARYN_HOME/${GLOBAL_FILE_NAME}` };
  return { path: P.join(home, '.holaryn', GLOBAL_FILE_NAME), displayName: `~/.holaryn/${GLOBAL_FILE_NAME}` };
}

/** A global file named explicitly (`--global FILE`): shown as `<global>/<basename>`. */
export function explicitGlobalFile(path: string, P: PathApi = nodeResolverFs.path): GlobalFile {
  return { path: P.resolve(path), displayName: `<global>/${P.basename(path)}` };
}

/** An instruction file found on the chain (or the global file), with its loaded content. */
interface Entry {
  path: string;
  scope: SourceScope;
  directory: string | null;
  depth: number;
  filename: string;
  stat: FsStat;
  identity: string;
  loaded: LoadedFile & { read: { ok: true } };
  metadata: Metadata | null;
  appliesTo: PatternSet | null;
  excludes: PatternSet | null;
}

class Diagnostics {
  readonly list: Diagnostic[] = [];
  add(code: DiagnosticCode, source: string | null, line: number | null, message: string, extra: Partial<Diagnostic> = {}): void {
    this.list.push({ severity: DIAGNOSTIC_SEVERITY[code], code, source, line, message, ...extra });
  }
}

/** A directory named by the given targets, canonicalised once for all of them. */
interface KnownDir {
  /** Canonical absolute path. */
  path: string;
  exists: boolean;
  /** Root-relative path when inside the root; undefined otherwise. */
  rel: string | undefined;
  /** Its own lstat, when one was taken (its parent's listing may have told its kind instead). */
  st?: FsStat;
  /**
   * The deepest existing directory at or above it, root-relative: itself when it exists;
   * undefined when not known (outside the root, or canonicalised whole while missing).
   */
  existing: string | undefined;
}

/**
 * Canonicalises many targets sharing directories: each distinct directory (as given) costs one
 * lstat, resolved from its own parent's canonical path, and each target one more. This is the
 * same as canonicalising every path whole wherever a step is a plain name (not `.`, `..` or
 * empty) that is not a symlink: then the canonical path is the parent's plus that name, and a
 * missing parent makes every path below it missing. Every other step, and any error, is left to
 * `canonicalize` on the whole path, which also reports the errors exactly as before.
 *
 * Used on `/` paths of a case-sensitive filesystem, where realpath only resolves links (it never
 * changes a name's case, as it does on case-insensitive macOS and Windows disks).
 *
 * A directory holding several targets is listed once instead (see Listings): a target found in
 * the listing takes its kind from there; one not found is still lstat-ed, so a listing only ever
 * saves calls and never changes an answer.
 */
class TargetCanonicalizer {
  private readonly dirs = new Map<string, KnownDir | null>();
  private readonly sep: string;
  /** Targets per parent directory (as given), when listings are in use. */
  private readonly perParent = new Map<string, number>();
  /**
   * For a missing target below a missing directory: the deepest existing directory above it,
   * where its chain of candidate directories ends (nothing below exists, no candidate either: a
   * deep new path would otherwise cost three lookups per level).
   */
  readonly chainFrom = new Map<string, string>();

  constructor(
    private readonly fs: ResolverFs,
    private readonly root: string,
    private readonly listings: Listings,
    targets: readonly string[],
  ) {
    this.sep = fs.path.sep;
    let st: FsStat | undefined;
    if (listings.usefulFor(targets.length)) {
      for (const given of targets) {
        const split = typeof given === 'string' ? TargetCanonicalizer.split(given) : undefined;
        if (split) this.perParent.set(split.parent, (this.perParent.get(split.parent) ?? 0) + 1);
      }
      try {
        st = fs.lstat(root);
      } catch {
        // unknown size: the root is not listed
      }
    }
    this.dirs.set('', { path: root, exists: true, rel: '', st, existing: '' });
  }

  static usable(fs: ResolverFs): boolean {
    const caseInsensitive = (fs as { caseInsensitive?: boolean }).caseInsensitive;
    return fs.path.sep === '/' && caseInsensitive !== true && (!fs.realpath || caseInsensitive === false || process.platform === 'linux');
  }

  /** The target, `outside` when it is not in the root, undefined to canonicalise it whole. */
  target(given: string): { path: string; kind: TargetEvidence['kind'] } | 'outside' | undefined {
    const split = TargetCanonicalizer.split(given);
    if (!split) return undefined;
    const parent = this.dir(split.parent);
    const step = parent && this.step(parent, split.name, this.perParent.get(split.parent) ?? 0);
    if (!step || step.kind === 'symlink') return undefined;
    const { kind, known } = step;
    if (known.rel === undefined) return 'outside';
    if (!parent.exists && parent.existing !== undefined) this.chainFrom.set(known.rel, parent.existing);
    return { path: known.rel, kind: kind === undefined ? 'missing' : kind === 'directory' ? 'directory' : 'file' };
  }

  /** `p` as its parent (as given; `''` for the root) and a plain last name, or undefined. */
  private static split(p: string): { parent: string; name: string } | undefined {
    const slash = p.lastIndexOf('/');
    const name = p.slice(slash + 1);
    if (name === '' || name === '.' || name === '..' || slash === 0) return undefined;
    return { parent: slash < 0 ? '' : p.slice(0, slash), name };
  }

  /**
   * One plain step below a known directory; undefined when the whole path must be used. For one
   * of `targets` targets in `parent`, its listing may answer instead of an lstat.
   */
  private step(parent: KnownDir, name: string, targets = 0): { known: KnownDir; kind: EntryKind | undefined } | undefined {
    // Only the root (`/`) can end with the separator. Paths below it are built by concatenation,
    // and endsWith on one would copy it whole (a 2,000-level path, 2,000 times): it is not asked.
    const atRoot = parent.rel === '' || parent.rel === undefined;
    const abs = atRoot && parent.path.endsWith(this.sep) ? parent.path + name : parent.path + this.sep + name;
    let st: FsStat | undefined;
    let kind: EntryKind | undefined;
    if (parent.exists) {
      if (targets > 0) kind = listedKind(this.listings.forTargets(parent.path, parent.st, targets), name);
      if (kind === undefined) {
        try {
          st = this.fs.lstat(abs);
        } catch {
          return undefined;
        }
        kind = st?.kind;
      }
    }
    let rel: string | undefined;
    if (parent.rel !== undefined) rel = parent.rel === '' ? name : `${parent.rel}/${name}`;
    else if (isInside(this.fs.path, this.root, abs)) rel = toRelative(this.fs.path, this.root, abs); // `../<root's name>`
    const exists = kind !== undefined;
    return { known: { path: abs, exists, rel, st, existing: exists ? rel : parent.existing }, kind };
  }

  /** The directory `p` (as given), or null when paths below it must be canonicalised whole. */
  private dir(p: string): KnownDir | null {
    const cached = this.dirs.get(p);
    if (cached !== undefined) return cached;
    // The unknown directories from `p` up to a known one, then resolved top down: no recursion,
    // however deep the tree.
    const pending: string[] = [];
    let top: string | undefined = p;
    for (; top !== undefined && !this.dirs.has(top); top = TargetCanonicalizer.split(top)?.parent) pending.push(top);
    // Each pending directory's parent is the next one up, just resolved: no lookup by path (a
    // deep path would hash its length once per level).
    let parent = top === undefined ? undefined : this.dirs.get(top);
    for (let k = pending.length - 1; k >= 0; k--) {
      const q = pending[k];
      const split = TargetCanonicalizer.split(q);
      if (!split) parent = undefined;
      // Its parent as the walk up met it (that string's hash is already computed).
      const parentKey = k + 1 < pending.length ? pending[k + 1] : top!;
      const step = split && parent ? this.step(parent, split.name, this.perParent.get(parentKey) ?? 0) : undefined;
      let known: KnownDir | null = null;
      if (step && step.kind !== 'symlink') known = step.known;
      else if (parent === null) {
        // Its parent could not be canonicalised (a path too long, a loop): neither can it, and a
        // realpath per directory below would cost the path's length for each of them.
      } else {
        try {
          const c = canonicalize(this.fs, q, this.root);
          const inside = isInside(this.fs.path, this.root, c.path);
          const rel = inside ? toRelative(this.fs.path, this.root, c.path) : undefined;
          known = { path: c.path, exists: c.exists, rel, existing: c.exists ? rel : undefined };
        } catch {
          // Every target below it is canonicalised whole, which reports the error.
        }
      }
      this.dirs.set(q, known);
      parent = known;
    }
    return this.dirs.get(p)!;
  }
}

/** Why a target cannot be canonicalised, for the usage error. */
function unresolvable(err: unknown): string {
  const code = errorCode(err);
  if (code === 'ELOOP') return `${code}: too many levels of symbolic links`;
  if (code === 'ENAMETOOLONG') return `${code}: a path longer than the system allows`;
  return code;
}

function resolveTargets(
  fs: ResolverFs,
  root: string,
  targets: readonly string[],
  listings: Listings,
): { resolved: TargetEvidence[]; chainFrom: ReadonlyMap<string, string> } {
  const P = fs.path;
  const rejected: string[] = [];
  const byPath = new Map<string, TargetEvidence>();
  for (const given of targets) {
    if (typeof given !== 'string' || given.includes('\0')) {
      throw new ResolveError('usage', `target ${JSON.stringify(given)} is not a valid path`);
    }
    if (given.length > MAX_TARGET_CHARS) {
      throw new ResolveError(
        'usage',
        `target ${JSON.stringify(`${given.slice(0, 80)}…`)} is ${given.length} characters long; the limit is ${MAX_TARGET_CHARS}`,
        {
          targets: [given.slice(0, 200)],
        },
      );
    }
  }
  const quick = TargetCanonicalizer.usable(fs) ? new TargetCanonicalizer(fs, root, listings, targets) : undefined;
  for (const given of targets) {
    const q = quick?.target(given);
    if (q !== undefined) {
      if (q === 'outside') rejected.push(given);
      else if (!byPath.has(q.path)) byPath.set(q.path, q);
      continue;
    }
    let c;
    try {
      c = canonicalize(fs, given === '' ? '.' : given, root);
    } catch (err) {
      throw new ResolveError('usage', `target ${JSON.stringify(given)} cannot be resolved (${unresolvable(err)})`, {
        targets: [given],
      });
    }
    if (!isInside(P, root, c.path)) {
      rejected.push(given);
      continue;
    }
    const path = toRelative(P, root, c.path);
    if (byPath.has(path)) continue;
    let kind: TargetEvidence['kind'] = 'missing';
    if (c.exists) kind = fs.stat(c.path)?.kind === 'directory' ? 'directory' : 'file';
    byPath.set(path, { path, kind });
  }
  if (rejected.length > 0) {
    const list = rejected.map((t) => JSON.stringify(t)).join(', ');
    throw new ResolveError('target-outside-root', `target${rejected.length > 1 ? 's' : ''} outside the workspace root: ${list}`, {
      targets: rejected,
      root,
    });
  }
  // Default sort order is code-unit order, the contract's; paths are unique.
  const paths = [...byPath.keys()].sort();
  return { resolved: paths.map((p) => byPath.get(p)!), chainFrom: quick?.chainFrom ?? new Map() };
}

/**
 * Loads one file through the cache. `yaml` is what one resolution may still parse of frontmatter
 * (MAX_FRONTMATTER_BYTES_PER_RESOLUTION); a block past it is not parsed, whether or not a parse
 * is cached, so cold and warm resolutions agree.
 */
function load(
  fs: ResolverFs,
  canonical: string,
  st: FsStat,
  policy: ResolverPolicy,
  cache: FileCache | undefined,
  yaml: { remaining: number },
): LoadedFile {
  const hit = cache?.get(canonical, st, policy.frontmatter);
  const read = hit ? hit.read : readInstructionFile(fs, canonical, st);
  if (!read.ok) {
    const failed: LoadedFile = { read, parsed: null, frontmatterBytes: 0 };
    // Only a failure of the bytes themselves lasts as long as they do; an I/O error may not.
    if (cache && !hit && read.stat) cache.set(canonical, read.stat, policy.frontmatter, failed);
    return failed;
  }
  const bytes = hit ? hit.frontmatterBytes : policy.frontmatter ? frontmatterBlockBytes(read.text) : 0;
  if (bytes > yaml.remaining) {
    const reason = `frontmatter not parsed: this resolution already parsed ${MAX_FRONTMATTER_BYTES_PER_RESOLUTION - yaml.remaining} of at most ${MAX_FRONTMATTER_BYTES_PER_RESOLUTION} bytes of frontmatter`;
    return { read, parsed: unparsedInstructions(read.text, reason), frontmatterBytes: 0 };
  }
  yaml.remaining -= bytes;
  if (hit) return hit;
  const loaded: LoadedFile = { read, parsed: parseInstructions(read.text, policy.frontmatter), frontmatterBytes: bytes };
  // Keyed by the status of the bytes actually read: a file that changed between the check and
  // the read is cached as the version it is, never under the older version's key.
  cache?.set(canonical, read.stat, policy.frontmatter, loaded);
  return loaded;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** First index in `sorted` (code-unit order) whose value is not below `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Compiled pattern lists, shared by content: a list is compiled once however many sources (and
 * resolutions) use it. Compiling is deterministic, so equal lists give equal matchers. Bounded:
 * it starts afresh when full.
 */
const compiledPatterns = new Map<string, PatternSet>();
const COMPILED_PATTERN_LISTS = 4096;
function compiled(patterns: readonly string[]): PatternSet {
  const key = JSON.stringify(patterns);
  let set = compiledPatterns.get(key);
  if (!set) {
    if (compiledPatterns.size >= COMPILED_PATTERN_LISTS) compiledPatterns.clear();
    compiledPatterns.set(key, (set = new PatternSet(patterns)));
  }
  return set;
}

export function resolveInstructions(root: string, targets: readonly string[], options: ResolveOptions = {}): Evidence {
  const fs = options.fs ?? nodeResolverFs;
  const P = fs.path;
  const basePolicy = options.policy ?? HOLARYN_POLICY;
  const policy = options.candidates ? { ...basePolicy, candidates: options.candidates } : basePolicy;
  const budget = options.budget ?? policy.budget.size;
  if (!Number.isSafeInteger(budget) || budget < 0 || budget > MAX_BUDGET) {
    throw new ResolveError('usage', `budget must be a whole number from 0 to ${MAX_BUDGET}, not ${String(budget)}`);
  }
  const rootPath = canonicalRoot(fs, root, policy);
  const listings = new Listings(fs, policy.candidates.length);
  const { resolved, chainFrom } = resolveTargets(fs, rootPath, targets, listings);
  const diagnostics = new Diagnostics();
  const skipped: SkippedCandidate[] = [];
  const skip = (path: string, reason: SkippedCandidate['reason'], message: string) => {
    skipped.push({ path, reason });
    diagnostics.add(reason, path, null, message);
  };

  // Candidate paths on the chain: every directory from the root to each target's directory,
  // each walked once however many targets share it (a seen directory has all its ancestors).
  // Depths are counted down from each target's directory: counting every directory's slashes
  // would cost a deep path its length once per level.
  const chain = new Set<string>();
  const depth = new Map<string, number>();
  if (resolved.length > 0) {
    chain.add('');
    depth.set('', 0);
  }
  for (const t of resolved) {
    const dir = (chainFrom.size > 0 ? chainFrom.get(t.path) : undefined) ?? (t.kind === 'directory' ? t.path : parentOf(t.path));
    if (chain.has(dir)) continue;
    let k = depthOf(dir);
    for (let d = dir; d !== '' && !chain.has(d); d = parentOf(d), k--) {
      chain.add(d);
      depth.set(d, k);
    }
  }
  const dirs = [...chain].sort((a, b) => depth.get(a)! - depth.get(b)! || compareCodeUnits(a, b));

  const entries: Entry[] = [];
  const loadedByIdentity = new Map<string, LoadedFile>();
  const yamlBudget = { remaining: MAX_FRONTMATTER_BYTES_PER_RESOLUTION };
  const addEntry = (e: Omit<Entry, 'loaded' | 'metadata' | 'appliesTo' | 'excludes' | 'identity'>, canonical: string): boolean => {
    const identity = `${e.stat.dev}:${e.stat.ino}`;
    let loaded = loadedByIdentity.get(identity);
    if (!loaded) {
      loaded = load(fs, canonical, e.stat, policy, options.cache, yamlBudget);
      loadedByIdentity.set(identity, loaded);
    }
    if (!loaded.read.ok) {
      skip(e.path, 'unreadable', `${e.path}: ${loaded.read.message}; skipped`);
      return false;
    }
    const metadata = loaded.parsed?.metadata ?? null;
    entries.push({
      ...e,
      identity,
      loaded: loaded as Entry['loaded'],
      metadata,
      appliesTo: metadata?.applies_to ? compiled(metadata.applies_to) : null,
      excludes: metadata && metadata.excludes.length > 0 ? compiled(metadata.excludes) : null,
    });
    return true;
  };

  if (resolved.length > 0) {
    const global = options.globalFile === undefined ? defaultGlobalFile(options.env, options.homedir, P) : options.globalFile;
    if (global) {
      const name = global.displayName;
      try {
        const st = fs.stat(global.path);
        if (st && st.kind !== 'file') skip(name, 'unreadable', `${name} is not a regular file; skipped`);
        else if (st) {
          const canonical = canonicalize(fs, global.path).path;
          addEntry({ path: name, scope: 'global', directory: null, depth: 0, filename: P.basename(global.path), stat: st }, canonical);
        }
      } catch (err) {
        skip(name, 'unreadable', `${name} cannot be read (${errorCode(err)}); skipped`);
      }
    }
  }

  // Most candidates do not exist: on `/` paths one lstat of the plainly joined path says so
  // (directories on the chain are canonical and root-relative), or the directory's listing when
  // the targets had it read (a name stored otherwise is no candidate: names match exactly), and
  // only a candidate that exists (or cannot be checked) goes through the full location checks,
  // with the lstat already taken.
  const plainName = (name: string) => name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
  const precheck = P.sep === '/' ? policy.candidates.map(plainName) : policy.candidates.map(() => false);
  const firstNames = policy.candidates.map((name) => name.split('/')[0]);
  const rootPrefix = rootPath.endsWith('/') ? rootPath : `${rootPath}/`;
  for (const dir of dirs) {
    const listing = listings.of(dir === '' ? rootPath : rootPrefix + dir);
    for (let c = 0; c < policy.candidates.length; c++) {
      const filename = policy.candidates[c];
      const rel = joinRelative(dir, filename);
      let st: FsStat | undefined;
      if (precheck[c]) {
        if (listing && !listing.has(firstNames[c])) continue;
        try {
          st = fs.lstat(rootPrefix + rel);
          if (!st) continue;
        } catch {
          // locateCandidate looks again and reports it
        }
      }
      const found = locateCandidate(fs, rootPath, rel, filename, policy, st);
      if (!found) continue;
      if (!found.ok) {
        skip(rel, found.reason, found.message);
        continue;
      }
      const added = addEntry(
        { path: rel, scope: 'workspace', directory: dir, depth: depth.get(dir)!, filename, stat: found.stat },
        found.canonical,
      );
      if (added && policy.perDirectory === 'first') break;
    }
  }

  // Precedence: global before workspace, shallow before deep, low priority before high, compatible
  // filename order, then root-relative path.
  const filenameRank = (e: Entry) => (e.scope === 'global' ? -1 : policy.candidates.indexOf(e.filename));
  entries.sort(
    (a, b) =>
      (a.scope === b.scope ? 0 : a.scope === 'global' ? -1 : 1) ||
      a.depth - b.depth ||
      (a.metadata?.priority ?? 0) - (b.metadata?.priority ?? 0) ||
      filenameRank(a) - filenameRank(b) ||
      compareCodeUnits(a.path, b.path),
  );

  // Identity before applicability: later paths to an already-seen file are duplicates.
  const firstByIdentity = new Map<string, Entry>();
  const duplicateOf = new Map<Entry, Entry>();
  for (const e of entries) {
    const first = firstByIdentity.get(e.identity);
    if (first) duplicateOf.set(e, first);
    else firstByIdentity.set(e.identity, e);
  }

  // Applicability, per source and target. Targets are sorted by path, so the targets in a
  // directory's scope (the directory itself and everything below it) are found by binary search
  // and only those are matched: the work is the sum of the scopes, not sources × targets.
  // Target sets are ascending indices into `resolved`, which is the evidence's order.
  // Globs match a target's path relative to the source's directory: its segments after the
  // directory's own, each target split once for every source and pattern.
  const paths = resolved.map((t) => t.path);
  const segments: (string[] | undefined)[] = new Array(paths.length);
  const applies = new Map<Entry, number[]>();
  const notApplicable = new Map<Entry, NotApplicableFor[]>();
  for (const e of entries) {
    const yes: number[] = [];
    const no: NotApplicableFor[] = [];
    if (!duplicateOf.has(e)) {
      const dir = e.directory;
      const filtered = e.appliesTo !== null || e.excludes !== null;
      // The directory itself (relative path "") matches no pattern.
      const test = (i: number, self: boolean) => {
        // The target's segments below the source's directory: from index `depth` on.
        const parts = filtered && !self ? (segments[i] ??= paths[i].split('/')) : undefined;
        if (e.appliesTo && (parts === undefined || e.appliesTo.firstMatchSegments(parts, e.depth) === undefined)) {
          no.push({ target: paths[i], key: 'applies_to', pattern: null });
          return;
        }
        const excluded = parts && e.excludes?.firstMatchSegments(parts, e.depth);
        if (excluded !== undefined) {
          no.push({ target: paths[i], key: 'excludes', pattern: excluded });
          return;
        }
        yes.push(i);
      };
      if (dir === null || dir === '') {
        for (let i = 0; i < paths.length; i++) test(i, paths[i] === '');
      } else {
        // The directory itself is a target in its scope only as a directory: a file or missing
        // target at that path (`l` → `src/../a` with `src` missing resolves to a missing `a`)
        // has its chain end at the parent, so this source is not on it.
        const self = lowerBound(paths, dir);
        if (paths[self] === dir && resolved[self].kind === 'directory') test(self, true);
        const end = lowerBound(paths, `${dir}0`); // '0' follows '/' in code-unit order
        for (let i = lowerBound(paths, `${dir}/`); i < end; i++) test(i, false);
      }
    }
    applies.set(e, yes);
    notApplicable.set(e, no);
  }
  segments.length = 0; // the splits are garbage from here on: let the next scavenge skip them

  // `mode: replace` supersedes earlier applicable sources in the same directory only. Only
  // directories holding an applicable `replace` source are visited, and for each only the
  // targets such a source applies to; targets in order, and for one target its directories in
  // the order of their first applicable source (the order conflicts are recorded in).
  const supersededFor = new Map<Entry, Map<number, Entry>>();
  const conflicts = new Map<string, { conflict: ConflictEvidence; winner: Entry }>();
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    if (applies.get(e)!.length === 0) continue;
    const key = e.directory ?? '\0global';
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  const position = new Map<Entry, number>(entries.map((e, i) => [e, i]));
  type Touch = { first: number; members: Entry[] };
  const touched = new Map<number, Touch[]>();
  for (const group of groups.values()) {
    if (!group.some((e) => e.metadata?.mode === 'replace')) continue;
    const sets = group.map((e) => new Set(applies.get(e)!));
    const candidates = new Set<number>();
    group.forEach((e) => {
      if (e.metadata?.mode === 'replace') for (const i of applies.get(e)!) candidates.add(i);
    });
    for (const t of candidates) {
      const members = group.filter((_, k) => sets[k].has(t));
      const list = touched.get(t);
      const touch = { first: position.get(members[0])!, members };
      if (list) list.push(touch);
      else touched.set(t, [touch]);
    }
  }
  for (const t of [...touched.keys()].sort((a, b) => a - b)) {
    for (const { members } of touched.get(t)!.sort((a, b) => a.first - b.first)) {
      const replacing = members.filter((e) => e.metadata?.mode === 'replace');
      const winner = replacing[replacing.length - 1];
      for (const e of members) {
        if (e === winner) break;
        let map = supersededFor.get(e);
        if (!map) supersededFor.set(e, (map = new Map()));
        map.set(t, winner);
      }
      if (replacing.length > 1) {
        const sources = replacing.map((e) => e.path);
        const key = JSON.stringify([winner.directory, sources, winner.path]);
        if (!conflicts.has(key))
          conflicts.set(key, { conflict: { kind: 'replace', directory: winner.directory, sources, winner: winner.path }, winner });
      }
    }
  }

  // Per source: the targets it is in effect for and those it is superseded for, in target order.
  const effect = new Map<Entry, number[]>();
  const supersededList = new Map<Entry, number[]>();
  for (const e of entries) {
    const all = applies.get(e)!;
    const superseded = supersededFor.get(e);
    if (!superseded) {
      effect.set(e, all);
      supersededList.set(e, []);
    } else {
      effect.set(
        e,
        all.filter((i) => !superseded.has(i)),
      );
      supersededList.set(
        e,
        all.filter((i) => superseded.has(i)),
      );
    }
  }
  const toPaths = (indices: number[]) => indices.map((i) => paths[i]);

  // Sources in effect, and the model context from them.
  const inEffect = entries.filter((e) => effect.get(e)!.length > 0);
  const effectPaths = new Map<Entry, string[]>(inEffect.map((e) => [e, toPaths(effect.get(e)!)]));
  const contextSources: ContextSource[] = inEffect.map((e) => {
    const appliesTo = effectPaths.get(e)!;
    return {
      path: e.path,
      content: e.loaded.parsed!.content,
      appliesTo: appliesTo.length === resolved.length ? null : appliesTo,
      commands: e.metadata?.required_validation ?? [],
    };
  });
  const context = renderContext(contextSources, budget, policy.budget.unit);
  const budgetStatus = new Map<Entry, { status: 'included' | 'truncated' | 'omitted'; included: number }>();
  inEffect.forEach((e, i) => budgetStatus.set(e, { status: context.status[i], included: context.included[i] }));

  // Parse diagnostics belong to the first path of each file.
  for (const e of entries) {
    if (duplicateOf.has(e)) continue;
    for (const d of e.loaded.parsed?.diagnostics ?? []) {
      const { code, line, message, column, endLine, endColumn } = d;
      diagnostics.add(code, e.path, line, message, column === undefined ? {} : { column, endLine, endColumn });
    }
    if (e.loaded.read.tooLarge) {
      diagnostics.add(
        'too-large',
        e.path,
        null,
        `file is ${e.loaded.read.bytes} bytes; only its first ${MAX_CONTENT_BYTES} bytes are used (the hash covers all of it)`,
      );
    }
  }
  for (const { conflict, winner } of conflicts.values()) {
    const modeLine = winner.loaded.parsed?.keys.find((k) => k.key === 'mode')?.line ?? null;
    const where = conflict.directory === null ? 'the global scope' : JSON.stringify(conflict.directory === '' ? '.' : conflict.directory);
    diagnostics.add(
      'replace-conflict',
      winner.path,
      modeLine,
      `${conflict.sources.length} sources in ${where} use mode: replace (${conflict.sources.join(', ')}); ${winner.path} wins by precedence`,
    );
  }

  const sources: SourceEvidence[] = entries.map((e, index) => {
    const parsed = e.loaded.parsed!;
    const dup = duplicateOf.get(e);
    const superseded = supersededFor.get(e);
    const appliesTo = dup ? [] : (effectPaths.get(e) ?? []);
    const supersededIndices = supersededList.get(e)!;
    const supersededTargets = toPaths(supersededIndices);
    const content = dup ? '' : parsed.content;
    const chars = dup ? 0 : contentChars(content);
    let status: SourceStatus;
    let reason: string | null = null;
    const budgetInfo = budgetStatus.get(e);
    if (dup) {
      status = 'duplicate';
      reason = `same file as ${dup.path}`;
    } else if (budgetInfo) {
      status = budgetInfo.status;
      if (status === 'truncated') reason = `cut by the budget: ${budgetInfo.included} of ${chars} characters included`;
      if (status === 'omitted') reason = `omitted by the budget: its ${chars} characters did not fit in ${budget}`;
    } else if (supersededTargets.length > 0) {
      status = 'superseded';
      const winner = superseded!.get(supersededIndices[0])!;
      reason = `superseded by ${winner.path} (mode: replace in the same directory) for ${supersededTargets.join(', ')}`;
    } else {
      status = 'not-applicable';
      // One clause per key and pattern, naming its targets: the applies_to list is said once,
      // not once per target (1,000 globs and 10,000 targets would be 600 MB of reason).
      const globs = JSON.stringify(e.metadata?.applies_to);
      const clauses = new Map<string, string[]>();
      for (const n of notApplicable.get(e)!) {
        const clause = n.key === 'excludes' ? `excludes ${JSON.stringify(n.pattern)} matches ` : `applies_to ${globs} does not match `;
        const targets = clauses.get(clause);
        if (targets) targets.push(JSON.stringify(n.target));
        else clauses.set(clause, [JSON.stringify(n.target)]);
      }
      reason = [...clauses].map(([clause, targets]) => clause + targets.join(', ')).join('; ') || null;
    }
    return {
      path: e.path,
      scope: e.scope,
      directory: e.directory,
      depth: e.depth,
      filename: e.filename,
      order: index + 1,
      sha256: e.loaded.read.sha256,
      bytes: e.loaded.read.bytes,
      chars,
      status,
      appliesTo,
      supersededFor: supersededTargets,
      supersededBy: supersededIndices.length > 0 ? superseded!.get(supersededIndices[0])!.path : null,
      duplicateOf: dup ? dup.path : null,
      reason,
      metadata: e.metadata,
      content,
      notApplicable: notApplicable.get(e)!,
      includedChars: budgetInfo ? budgetInfo.included : 0,
    };
  });

  const validation: ValidationEvidence[] = [];
  const seenCommands = new Set<string>();
  for (const e of inEffect) {
    for (const command of e.metadata?.required_validation ?? []) {
      const key = JSON.stringify([command, e.path]);
      if (seenCommands.has(key)) continue;
      seenCommands.add(key);
      validation.push({ command, source: e.path });
    }
  }

  const omitted = sources.filter((s) => s.status === 'omitted').map((s) => ({ path: s.path, chars: s.chars }));
  const cut = sources.filter((s) => s.status === 'truncated').map((s) => ({ path: s.path, chars: s.chars, included: s.includedChars }));
  for (const o of omitted)
    diagnostics.add(
      'budget-truncated',
      o.path,
      null,
      `${o.path} (${o.chars} characters) was omitted from the model context by the ${budget}-character budget`,
    );
  for (const c of cut)
    diagnostics.add(
      'budget-truncated',
      c.path,
      null,
      `${c.path} was cut to ${c.included} of ${c.chars} characters by the ${budget}-character budget`,
    );

  return {
    schema: EVIDENCE_SCHEMA,
    root: rootPath,
    targets: resolved,
    snapshot: snapshotId({ policy: policy.name, root: rootPath, targets: resolved, sources, skipped, budget }),
    sources,
    validation,
    conflicts: [...conflicts.values()].map((c) => c.conflict),
    diagnostics: diagnostics.list,
    truncation: {
      budget,
      chars: measure(context.text),
      truncated: omitted.length > 0 || cut.length > 0,
      omitted,
      cut,
    },
    context: context.text,
    skipped,
    policy: policy.name,
  };
}
