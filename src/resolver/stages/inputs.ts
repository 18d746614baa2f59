/**
 * Stage 1, inputs (docs/contract.md §1–§2): the canonical root, the project root a profile may
 * walk up to, the targets canonicalised and contained in the root, and the budget.
 */
import { canonicalRoot, errorCode } from '../candidates';
import { ResolveError, TargetEvidence } from '../evidence';
import { EntryKind, FsStat, PathApi, ResolverFs } from '../fs';
import { MAX_BUDGET, MAX_TARGET_CHARS } from '../limits';
import { Listings, listedKind } from '../listings';
import { canonicalize, isInside, toRelative } from '../paths';
import type { Profile } from '../profile';
import type { ResolveOptions } from '../profile';
import type { Inputs } from './types';

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

/**
 * The paths as given, for `requested` (docs/contract.md §9): kept for a target only when no
 * given path names it plainly. A path names its target plainly when, written relative to the
 * root (an absolute one made relative to the root as given or as canonicalised, a leading `./`
 * and trailing `/` dropped), it is the target's path: `..` segments and symbolic links on the
 * way make it differ.
 */
class Requests {
  private readonly first = new Map<string, string>();
  private readonly plainly = new Set<string>();

  constructor(
    private readonly P: PathApi,
    private readonly root: string,
    private readonly givenRoot: string,
    /** Names that differ only in case name the same entry (a case-insensitive disk). */
    private readonly foldCase: boolean,
  ) {}

  /**
   * A given path and the target it names. A given path equal to its target's path (the common
   * case) costs nothing here: `apply` looks for such a spelling only for targets that also had
   * another one.
   */
  note(given: string, path: string): void {
    if (given === path || this.plainly.has(path)) return;
    const form = this.form(given);
    if (form === path || (this.foldCase && form.toLowerCase() === path.toLowerCase())) {
      this.plainly.add(path);
      this.first.delete(path);
    } else if (!this.first.has(path)) this.first.set(path, given);
  }

  private form(given: string): string {
    const P = this.P;
    let rel = given;
    if (P.isAbsolute(given)) {
      const abs = P.resolve(this.givenRoot, given);
      const fromGiven = toRelative(P, this.givenRoot, abs);
      rel = fromGiven.startsWith('..') ? toRelative(P, this.root, abs) : fromGiven;
    }
    if (P.sep === '\\') rel = rel.split('\\').join('/');
    while (rel.startsWith('./')) rel = rel.slice(2);
    while (rel.length > 1 && rel.endsWith('/')) rel = rel.slice(0, -1);
    return rel === '.' ? '' : rel;
  }

  apply(byPath: Map<string, TargetEvidence>, targets: readonly string[]): void {
    if (this.first.size === 0) return;
    const given = new Set(targets);
    for (const [path, spelling] of this.first) {
      const t = byPath.get(path);
      if (t && !this.plainly.has(path) && !given.has(path)) byPath.set(path, { ...t, requested: spelling });
    }
  }
}

function resolveTargets(
  fs: ResolverFs,
  root: string,
  targets: readonly string[],
  listings: Listings,
  givenRoot: string = root,
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
  const requests = new Requests(P, root, givenRoot, P.sep === '\\' || fs.caseInsensitive === true);
  const quick = TargetCanonicalizer.usable(fs) ? new TargetCanonicalizer(fs, root, listings, targets) : undefined;
  for (const given of targets) {
    const q = quick?.target(given);
    if (q !== undefined) {
      if (q === 'outside') rejected.push(given);
      else {
        if (!byPath.has(q.path)) byPath.set(q.path, q);
        if (given !== q.path) requests.note(given, q.path);
      }
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
    requests.note(given, path);
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
  requests.apply(byPath, targets);
  // Default sort order is code-unit order, the contract's; paths are unique.
  const paths = [...byPath.keys()].sort();
  return { resolved: paths.map((p) => byPath.get(p)!), chainFrom: quick?.chainFrom ?? new Map() };
}

/** The budget for this call, in the profile's unit: null when the profile has none. */
export function budgetFor(profile: Profile, options: ResolveOptions): number | null {
  if (profile.budget.size === null) return null;
  const budget = options.budget ?? profile.budget.size;
  if (!Number.isSafeInteger(budget) || budget < 0 || budget > MAX_BUDGET) {
    throw new ResolveError('usage', `budget must be a whole number from 0 to ${MAX_BUDGET}, not ${String(budget)}`);
  }
  return budget;
}

/**
 * Whether git takes `dir` for a repository's top: it holds a `.git` file (a worktree or submodule),
 * or a `.git` folder with `HEAD`, `objects` and `refs` (an empty `.git` folder is none).
 */
export function isGitRepository(fs: ResolverFs, dir: string): boolean {
  const P = fs.path;
  const kind = (p: string) => {
    try {
      return fs.stat(p)?.kind;
    } catch {
      return undefined;
    }
  };
  const dotGit = P.join(dir, '.git');
  const k = kind(dotGit);
  if (k === 'file') return true;
  return (
    k === 'directory' &&
    kind(P.join(dotGit, 'HEAD')) === 'file' &&
    kind(P.join(dotGit, 'objects')) === 'directory' &&
    kind(P.join(dotGit, 'refs')) === 'directory'
  );
}

/**
 * The project root: the first directory at or above `root` holding one of `markers` (a file or
 * a directory: a `.git` file counts, as in worktrees and submodules; a symbolic link counts only
 * when it leads to something, as the agents' own checks follow links); `root` itself when none.
 * With `gitRepository`, the marker `.git` counts only where git takes the folder for a
 * repository's top (isGitRepository), as for an agent that asks git.
 */
export function findProjectRoot(fs: ResolverFs, root: string, markers: readonly string[], gitRepository = false): string {
  const P = fs.path;
  if (markers.length === 0) return root;
  for (let dir = root; ; dir = P.dirname(dir)) {
    for (const marker of markers) {
      if (gitRepository && marker === '.git') {
        if (isGitRepository(fs, dir)) return dir;
        continue;
      }
      try {
        if (fs.stat(P.join(dir, marker))) return dir;
      } catch {
        // an unreadable entry is no marker
      }
    }
    if (P.dirname(dir) === dir) return root;
  }
}

/**
 * The workspace a repository's files must stay in (boundary.ts): the project root, but never above
 * the given root's git repository (the nearest directory at or above it holding `.git`; none: the
 * given root), and never a directory that is the home directory or holds it: then the given root.
 * `root`, `projectRoot` and `home` are canonical; `projectRoot` is `root` or above it.
 */
export function workspaceRoot(fs: ResolverFs, root: string, projectRoot: string, home: string): string {
  const P = fs.path;
  if (projectRoot === root) return root;
  const repository = findProjectRoot(fs, root, ['.git']);
  // Both are `root` or above it: the narrower is the one inside the other.
  const workspace = isInside(P, repository, projectRoot) ? projectRoot : repository;
  return workspace !== root && isInside(P, workspace, home) ? root : workspace;
}

export function readInputs(
  fs: ResolverFs,
  root: string,
  targets: readonly string[],
  profile: Profile,
  options: ResolveOptions,
  listings: Listings,
  home: string,
): Inputs {
  const budget = budgetFor(profile, options);
  const rootPath = canonicalRoot(fs, root);
  const projectRoot = profile.projectRoot
    ? findProjectRoot(fs, rootPath, profile.projectRoot.markers, profile.projectRoot.gitRepository)
    : rootPath;
  const workspace = workspaceRoot(fs, rootPath, projectRoot, home);
  const projectRel = projectRoot === rootPath ? '' : toRelative(fs.path, rootPath, projectRoot);
  const cwd = typeof root === 'string' ? fs.path.resolve(root) : rootPath;
  const given = typeof root === 'string' && root !== '' ? fs.path.resolve(root) : rootPath;
  const { resolved, chainFrom } = resolveTargets(fs, rootPath, targets, listings, given);
  return { root: rootPath, cwd, projectRoot, workspace, projectRel, targets: resolved, chainFrom, budget };
}
