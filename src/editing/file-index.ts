/**
 * A workspace folder's files as an index that is built once (from the walk `holaryn check` uses)
 * and then kept up to date from file events, so that a change on disk costs the paths it
 * touches, never a new walk of the whole tree. Pure: no editor API.
 *
 * Readers take immutable snapshots (`FileListing`): the sorted paths, which of them are links,
 * and what changed between two versions, so a reader that kept results for an older version can
 * bring them up to date from the changes instead of starting over.
 */
/** Files added and removed by one commit (a path whose link status changed is in both). */
export interface FileChanges {
  /** The version the change starts from. */
  from: number;
  /** The version it leads to. */
  to: number;
  /** Sorted by code unit. */
  added: readonly string[];
  /** Sorted by code unit. */
  removed: readonly string[];
}

/** One version of the index, never modified. */
export interface FileListing {
  /** Root-relative `/`-separated paths of the files (regular files and links to files), sorted by code unit. */
  readonly paths: readonly string[];
  /** Those of `paths` that are symbolic links (every other path is a regular file reached without a link). */
  readonly links: ReadonlySet<string>;
  readonly version: number;
  /** The index this version is of (versions of different indexes are unrelated). */
  readonly origin: object;
  /** The commits from `version` to this one, in order, or undefined when they are no longer kept. */
  changesSince(version: number): readonly FileChanges[] | undefined;
}

/** What a walk found, the index's starting point (all paths root-relative). */
export interface IndexedWalk {
  /** Regular files. */
  files: readonly string[];
  /** Links to regular files. */
  links: readonly string[];
  /** Directories entered. */
  directories: readonly string[];
  /** Directories listed but not entered (ignored, excluded, `.git`, `node_modules`). */
  opaque: readonly string[];
}

/** Commits whose changes are kept for readers of older versions. */
const KEPT_COMMITS = 64;

/** Changed paths kept across those commits at most (a branch switch can touch many). */
const KEPT_CHANGED_PATHS = 100_000;

/** Whether root-relative `file` is strictly below directory `dir` (`""` is the root: everything is). */
export function inDirectory(dir: string, file: string): boolean {
  return dir === '' || (file.length > dir.length && file.startsWith(dir) && file.charCodeAt(dir.length) === 47);
}

/** Code-unit order, the order of every path list here. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** First index in `sorted` (code-unit order) whose value is not below `key`. */
export function lowerBound(sorted: readonly string[], key: string, from = 0, to = sorted.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The range `[start, end)` of `sorted` holding the paths at or below directory `dir` (`""`: all
 * of them). Below a directory means starting with `dir/`, a contiguous run in code-unit order
 * (`0` is the code unit after `/`).
 */
export function directoryRange(sorted: readonly string[], dir: string, from = 0, to = sorted.length): [number, number] {
  if (dir === '') return [from, to];
  const start = lowerBound(sorted, `${dir}/`, from, to);
  return [start, lowerBound(sorted, `${dir}0`, start, to)];
}

export class FileIndex {
  /** The committed paths, sorted; a new array on every commit that changes them. */
  private paths: string[];
  private committedLinks: ReadonlySet<string>;
  /** The files now (committed or not) and which of them are links. */
  private readonly present: Set<string>;
  private readonly links: Set<string>;
  private readonly directories: Set<string>;
  private readonly opaque: Set<string>;
  /** Paths whose state may differ from the committed one. */
  private touched = new Set<string>();
  private log: FileChanges[] = [];
  private logged = 0;
  private current: FileListing;

  constructor(
    walk: IndexedWalk,
    /** The first version (a rebuilt index continues the numbering of the one it replaces). */
    private version = 1,
  ) {
    this.present = new Set([...walk.files, ...walk.links]);
    this.links = new Set(walk.links);
    this.committedLinks = new Set(walk.links);
    this.directories = new Set(walk.directories);
    this.opaque = new Set(walk.opaque);
    this.paths = [...this.present].sort(byCodeUnit);
    this.current = this.listing();
  }

  /** The latest committed version. */
  snapshot(): FileListing {
    return this.current;
  }

  /** Files, links and directories indexed (what a walk's entry cap counts). */
  get entries(): number {
    return this.present.size + this.directories.size;
  }

  hasFile(rel: string): boolean {
    return this.present.has(rel);
  }

  isDirectory(rel: string): boolean {
    return rel === '' || this.directories.has(rel);
  }

  /** Directories listed but not entered, sorted. */
  opaqueDirectories(): string[] {
    return [...this.opaque].sort(byCodeUnit);
  }

  /** Whether `rel` is inside (strictly below) a directory that is not entered. */
  insideOpaque(rel: string): boolean {
    for (let i = rel.lastIndexOf('/'); i > 0; i = rel.lastIndexOf('/', i - 1)) if (this.opaque.has(rel.slice(0, i))) return true;
    return false;
  }

  addFile(rel: string, link = false): void {
    this.present.add(rel);
    if (link) this.links.add(rel);
    else this.links.delete(rel);
    this.touched.add(rel);
  }

  addDirectory(rel: string): void {
    this.directories.add(rel);
  }

  /** A directory that is listed but not entered (nothing below it is indexed). */
  addOpaque(rel: string): void {
    this.opaque.add(rel);
  }

  /** Adds what a walk of directory `dir` (itself indexed already) found, its paths relative to `dir`. */
  addWalk(dir: string, walk: IndexedWalk): void {
    const full = (rel: string) => (dir === '' ? rel : `${dir}/${rel}`);
    for (const f of walk.files) this.addFile(full(f));
    for (const f of walk.links) this.addFile(full(f), true);
    for (const d of walk.directories) this.addDirectory(full(d));
    for (const d of walk.opaque) this.addOpaque(full(d));
  }

  /** Forgets `rel` and everything below it (a file or a directory, indexed or not). */
  remove(rel: string): void {
    const drop = (p: string) => {
      if (!this.present.delete(p)) return;
      this.links.delete(p);
      this.touched.add(p);
    };
    if (this.present.has(rel)) {
      drop(rel);
      return;
    }
    const [start, end] = directoryRange(this.paths, rel);
    for (let i = start; i < end; i++) drop(this.paths[i]);
    // Files added since the last commit are not in `paths` yet.
    for (const p of [...this.touched]) if (inDirectory(rel, p)) drop(p);
    for (const set of [this.directories, this.opaque]) {
      set.delete(rel);
      for (const d of [...set]) if (inDirectory(rel, d)) set.delete(d);
    }
  }

  /**
   * Makes the changes since the last commit visible as a new version. Returns whether the files
   * changed (adding or removing only directories changes no version).
   */
  commit(): boolean {
    const added: string[] = [];
    const removed: string[] = [];
    for (const p of this.touched) {
      const was = this.committedHas(p);
      const wasLink = this.committedLinks.has(p);
      const is = this.present.has(p);
      const isLink = this.links.has(p);
      if (was && (!is || wasLink !== isLink)) removed.push(p);
      if (is && (!was || wasLink !== isLink)) added.push(p);
    }
    this.touched = new Set();
    if (added.length === 0 && removed.length === 0) return false;
    added.sort(byCodeUnit);
    removed.sort(byCodeUnit);
    this.paths = mergeSorted(this.paths, added, removed);
    this.committedLinks = new Set(this.links);
    const change: FileChanges = { from: this.version, to: this.version + 1, added, removed };
    this.version++;
    this.log.push(change);
    this.logged += added.length + removed.length;
    while (this.log.length > KEPT_COMMITS || (this.logged > KEPT_CHANGED_PATHS && this.log.length > 0)) {
      const old = this.log.shift()!;
      this.logged -= old.added.length + old.removed.length;
    }
    this.current = this.listing();
    return true;
  }

  private committedHas(p: string): boolean {
    const i = lowerBound(this.paths, p);
    return i < this.paths.length && this.paths[i] === p;
  }

  private listing(): FileListing {
    const log = this.log;
    const version = this.version;
    return {
      paths: this.paths,
      links: this.committedLinks,
      version,
      origin: this,
      changesSince(from: number): readonly FileChanges[] | undefined {
        if (from === version) return [];
        const first = log.findIndex((c) => c.from === from);
        if (first < 0 || from > version) return undefined;
        // Later commits add to the log; this version's readers see only those up to it.
        return log.slice(first, log.findIndex((c) => c.to === version) + 1);
      },
    };
  }
}

/** `sorted` without `removed`, with `added` (both sorted; a path in both is replaced). */
function mergeSorted(sorted: readonly string[], added: readonly string[], removed: readonly string[]): string[] {
  const out: string[] = [];
  let a = 0;
  let r = 0;
  for (const p of sorted) {
    while (r < removed.length && removed[r] < p) r++;
    if (r < removed.length && removed[r] === p) continue;
    while (a < added.length && added[a] < p) out.push(added[a++]);
    if (a < added.length && added[a] === p) a++;
    out.push(p);
  }
  while (a < added.length) out.push(added[a++]);
  return out;
}
