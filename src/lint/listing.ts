/**
 * The workspace listing that glob checks match against: every file and directory below the
 * root, as root-relative `/`-separated paths, built once and shared by all files' checks.
 */
import { PatternSet, normalizePattern, MATCH_OPTIONS, SKIPPED_DIRECTORIES } from '../resolver';
import { Minimatch, braceExpand } from 'minimatch';
import { STEP_MASK, runToEnd } from './pause';

export { SKIPPED_DIRECTORIES, MAX_LISTING_ENTRIES } from '../resolver';

/**
 * Glob-against-path evaluations one listing performs at most (about a second per million).
 * Past it, globs not yet known to match are left undecided rather than reported, so a tree with
 * many files and many globs that match nothing cannot make a check run for minutes.
 */
export const MAX_GLOB_EVALUATIONS = 10_000_000;

/** Opaque directories tried per glob at most; past it the glob is left undecided. */
const MAX_OPAQUE_TRIED = 10_000;

const MAGIC = /[*?[\]{}()!+@\\]/;

/** Leading literal segments of each brace alternative of a normalised pattern ('' = none). */
function literalPrefixes(pattern: string): string[] {
  let alternatives: string[];
  try {
    alternatives = braceExpand(pattern, MATCH_OPTIONS);
  } catch {
    return [''];
  }
  const out = new Set<string>();
  for (const alternative of alternatives) {
    const segments = alternative.split('/');
    const literal: string[] = [];
    // The last segment is kept out: only directories narrow the search.
    for (let i = 0; i < segments.length - 1; i++) {
      const seg = segments[i];
      if (seg === '' || seg === '.' || seg === '..' || MAGIC.test(seg)) break;
      literal.push(seg);
    }
    out.add(literal.join('/'));
    if (out.has('')) return [''];
  }
  return [...out];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Two ascending lists as one, each value once; in steps. */
function* mergeUnique(a: readonly string[], b: readonly string[]): Generator<void, string[]> {
  const out: string[] = [];
  let i = 0;
  let j = 0;
  for (let n = 1; i < a.length || j < b.length; n++) {
    const next = j >= b.length || (i < a.length && a[i] < b[j]) ? a[i++] : b[j++];
    if (out.length === 0 || out[out.length - 1] !== next) out.push(next);
    if ((n & STEP_MASK) === 0) yield;
  }
  return out;
}

/**
 * A listing's entries: the paths given and every parent directory, sorted, each once. In steps
 * of a few thousand paths: an editor's index of a large monorepo is a long block otherwise.
 */
function* entrySteps(paths: Iterable<string>): Generator<void, string[]> {
  const given: string[] = [];
  const parents = new Set<string>();
  let ascending = true;
  let n = 0;
  for (const p of paths) {
    if ((++n & STEP_MASK) === 0) yield;
    if (p === '') continue;
    if (ascending && given.length > 0 && !(given[given.length - 1] < p)) ascending = false;
    given.push(p);
    for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) {
      const parent = p.slice(0, i);
      if (parents.has(parent)) break;
      parents.add(parent);
    }
  }
  // An editor's file index comes sorted: then only the (far fewer) directories are sorted, and
  // merged in, instead of sorting hundreds of thousands of paths again.
  const dirs = [...parents].sort(compare);
  yield;
  if (ascending) return yield* mergeUnique(given, dirs);
  return [...new Set([...given, ...dirs])].sort(compare);
}

/** Entries derived already (by `WorkspaceListing.build`), which the constructor takes as they are. */
class DerivedEntries implements Iterable<string> {
  constructor(readonly entries: string[]) {}
  [Symbol.iterator](): Iterator<string> {
    return this.entries[Symbol.iterator]();
  }
}

export class WorkspaceListing {
  private readonly entries: string[];
  private readonly cache = new Map<string, boolean>();

  /**
   * `paths`: root-relative files and directories (parents are added). `complete`: false when
   * part of the tree could not be listed; then only matches are trusted, never their absence.
   */
  /**
   * `opaque`: directories that are there but whose contents are not listed (ignored by git,
   * excluded by the editor): a glob that would match them or everything in them is left undecided.
   */
  private readonly opaque: readonly string[];

  constructor(
    paths: Iterable<string>,
    readonly complete = true,
    private readonly maxEvaluations = MAX_GLOB_EVALUATIONS,
    opaque: Iterable<string> = [],
  ) {
    this.opaque = [...opaque].sort(compare);
    this.entries = paths instanceof DerivedEntries ? paths.entries : runToEnd(entrySteps(paths));
  }

  /** The same listing built in steps, so an editor can pause while a large index is listed. */
  static *build(
    paths: Iterable<string>,
    complete = true,
    maxEvaluations = MAX_GLOB_EVALUATIONS,
    opaque: Iterable<string> = [],
  ): Generator<void, WorkspaceListing> {
    const entries = yield* entrySteps(paths);
    return new WorkspaceListing(new DerivedEntries(entries), complete, maxEvaluations, opaque);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Every entry below `dir` (root-relative, `""` for the root), relative to `dir`. */
  *below(dir: string): Generator<string> {
    if (dir === '') {
      yield* this.entries;
      return;
    }
    const prefix = `${dir}/`;
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.entries[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.entries.length && this.entries[i].startsWith(prefix); i++) yield this.entries[i].slice(prefix.length);
  }

  private evaluations = 0;

  /** Whether the evaluation budget ran out (some globs were left undecided). */
  get exhausted(): boolean {
    return this.evaluations >= this.maxEvaluations;
  }

  /**
   * Whether `pattern` matches a file or directory below `dir`, exactly as the resolver matches
   * targets (docs/contract.md §5): relative to `dir`, through PatternSet. Only entries under a pattern's
   * literal leading directories are tried. Cached per (dir, pattern); undefined when undecided
   * (the evaluation budget ran out).
   */
  matches(dir: string, pattern: string): boolean | undefined {
    const key = `${dir}\0${pattern}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const set = new PatternSet([pattern]);
    const tried = new Set<string>();
    for (const prefix of literalPrefixes(normalizePattern(pattern))) {
      const base = prefix === '' ? dir : dir === '' ? prefix : `${dir}/${prefix}`;
      const candidates = prefix === '' ? this.below(dir) : this.at(base, prefix);
      for (const rel of candidates) {
        if (tried.has(rel)) continue;
        if (this.evaluations >= this.maxEvaluations) return undefined;
        this.evaluations++;
        if (prefix !== '') tried.add(rel);
        if (set.firstMatch(rel) !== undefined) {
          this.cache.set(key, true);
          return true;
        }
      }
    }
    this.cache.set(key, false);
    return false;
  }

  /**
   * Whether `pattern` (relative to `dir`) matches an opaque directory below `dir`, or everything in
   * one (such as `target/**`): what it matches there is unknown, so its matching nothing in the
   * listing says nothing. A glob that could only match some files in one (`*.ts` at any depth) is
   * still judged by the listing: ignored files are not the repository's.
   */
  reachesOpaque(dir: string, pattern: string): boolean {
    if (this.opaque.length === 0) return false;
    const prefix = dir === '' ? '' : `${dir}/`;
    let matcher: Minimatch;
    try {
      matcher = new Minimatch(normalizePattern(pattern), MATCH_OPTIONS);
    } catch {
      return true;
    }
    let tried = 0;
    for (const o of this.opaque) {
      if (!o.startsWith(prefix)) continue;
      // Bounded: past this many, the answer is "maybe".
      if (++tried > MAX_OPAQUE_TRIED) return true;
      const rel = o.slice(prefix.length);
      if (matcher.match(rel) || matcher.match(`${rel}/\u0000`)) return true;
    }
    return false;
  }

  /** The entry `base` (if listed) and everything below it, as `prefix`-based relative paths. */
  private *at(base: string, prefix: string): Generator<string> {
    if (this.has(base)) yield prefix;
    for (const rel of this.below(base)) yield `${prefix}/${rel}`;
  }

  private has(p: string): boolean {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.entries[mid] < p) lo = mid + 1;
      else hi = mid;
    }
    return this.entries[lo] === p;
  }
}

/** Whether a pattern names a skipped directory (`node_modules/**`): what it matches is unknown. */
export function reachesSkippedDirectory(pattern: string): boolean {
  const normalized = normalizePattern(pattern);
  let alternatives: string[];
  try {
    alternatives = braceExpand(normalized, MATCH_OPTIONS);
  } catch {
    alternatives = [normalized];
  }
  return alternatives.some((a) => a.split('/').some((segment) => SKIPPED_DIRECTORIES.includes(segment)));
}
