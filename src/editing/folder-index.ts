/**
 * One workspace folder's FileIndex, filled by the walk `holaryn check` uses and then kept up to
 * date path by path: each path a file event names is looked at on disk as the walk would look
 * at it (the same git ignore rules and exclusions, links not followed, `.git` and `node_modules`
 * not entered), a created folder is walked on its own, and a deleted path is forgotten with
 * everything below it. Pure: no editor API (the editor feeds it its watcher's events).
 *
 * What cannot be kept exact path by path asks for a new walk instead: a listing that is partial
 * (past its entry cap, or part of it unreadable), or one that grows past the cap.
 */
import { IgnoreRules, SKIPPED_DIRECTORIES, WalkFs, rulesForRoot, walkTreeAsync } from '../lint';
import { joinRelative, readInstructionFile } from '../resolver';
import type { FsStat } from '../resolver';
import { FileIndex, FileListing, byCodeUnit, inDirectory } from './file-index';

export interface FolderIndexOptions {
  /** Entries (files, links, directories) listed at most; past it the listing is partial. */
  maxEntries: number;
  /** What else to leave out (an editor's `files.exclude`); a directory left out is not entered. */
  exclude?: (rel: string, isDirectory: boolean) => boolean;
  /** Honour `.gitignore` files and `.git/info/exclude` (default true). */
  ignore?: boolean;
  /** Called between directories of a walk (an editor yields there). */
  pause?: () => Promise<void>;
  /** Checked after each pause of the first walk: true stops it. */
  isCancelled?: () => boolean;
  /** Told the number of directories walked so far, now and then. */
  onProgress?: (directories: number) => void;
  /** The first listing's version (an index replacing another goes on from its versions). */
  firstVersion?: number;
}

/** What `update` did. */
export type UpdateResult = 'changed' | 'unchanged' | 'walk-again';

/** Directories between two progress reports. */
const PROGRESS_EVERY = 500;

export class FolderIndex {
  private index: FileIndex | undefined;
  private complete = false;
  /** Git's rules for paths looked at one by one, each directory's `.gitignore` read when first needed. */
  private rules: IgnoreRules | undefined;
  private readonly rulesRead = new Set<string>();

  constructor(
    private readonly fs: WalkFs,
    /** Canonical absolute path of the folder. */
    readonly root: string,
    private readonly options: FolderIndexOptions,
  ) {}

  /** The listing, once `walk` has run. */
  snapshot(): FileListing | undefined {
    return this.index?.snapshot();
  }

  /** False when the listing is partial: capped, or part of the tree could not be listed. */
  get isComplete(): boolean {
    return this.complete;
  }

  /** Directories listed but not entered (ignored, excluded, `.git`, `node_modules`), sorted. */
  opaqueDirectories(): string[] {
    return this.index?.opaqueDirectories() ?? [];
  }

  /**
   * Walks the whole folder (again). Versions go on from the index it replaces. Returns false
   * when cancelled (the previous listing, if any, stays). Throws when the folder cannot be listed.
   */
  async walk(): Promise<boolean> {
    const directories: string[] = [];
    const result = await walkTreeAsync(this.fs, this.root, {
      exclude: this.options.exclude,
      ignore: this.options.ignore,
      maxEntries: this.options.maxEntries,
      directoriesPerPause: 1,
      pause: this.options.pause,
      isCancelled: this.options.isCancelled,
      onDirectory: (rel) => {
        if (rel === '') return;
        directories.push(rel);
        if (directories.length % PROGRESS_EVERY === 0) this.options.onProgress?.(directories.length);
      },
    });
    if (!result) return false;
    const version = this.index ? this.index.snapshot().version + 1 : (this.options.firstVersion ?? 1);
    this.index = new FileIndex({ files: result.files, links: result.fileLinks, directories, opaque: result.opaque }, version);
    this.complete = result.complete;
    this.rules = undefined;
    this.rulesRead.clear();
    return true;
  }

  /**
   * Looks again at `paths` (root-relative; created, deleted or renamed) and commits what changed.
   * `walk-again` when only a new walk can give the exact listing.
   */
  async update(paths: Iterable<string>): Promise<UpdateResult> {
    const index = this.index;
    if (!index) return 'unchanged';
    // What the walk never enters changes nothing listed: git's own files, a build writing into an
    // ignored `target/`. Top-most first; a path below another one in the list is looked at with it.
    const sorted = [...new Set(paths)].filter((p) => p !== '' && !isSkipped(p) && !index.insideOpaque(p)).sort(byCodeUnit);
    if (sorted.length === 0) return 'unchanged';
    if (!this.complete) return 'walk-again';
    const top: string[] = [];
    for (const p of sorted) if (top.length === 0 || !inDirectory(top[top.length - 1], p)) top.push(p);
    for (const rel of top) {
      // A folder created with its contents may be reported through its files alone, in any
      // order: the top-most folder the index does not know yet is looked at whole.
      let at = rel;
      for (let parent = parentOf(at); parent !== '' && !index.isDirectory(parent); parent = parentOf(parent)) at = parent;
      if (!(await this.lookAt(index, at))) return 'walk-again';
    }
    if (index.entries > this.options.maxEntries) return 'walk-again';
    return index.commit() ? 'changed' : 'unchanged';
  }

  /** Sets what the index holds at `rel` (and below it) to what the walk would list there now; false when it cannot. */
  private async lookAt(index: FileIndex, rel: string): Promise<boolean> {
    index.remove(rel);
    const P = this.fs.path;
    const abs = P.join(this.root, ...rel.split('/'));
    const st = tryStat(() => this.fs.lstat(abs));
    if (!st) return true; // gone (or never there)
    const isDirectory = st.kind === 'directory';
    if (this.ignored(rel, isDirectory) || this.options.exclude?.(rel, isDirectory)) {
      if (isDirectory) index.addOpaque(rel);
      return true;
    }
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    if (st.kind === 'symlink') {
      // Listed when it leads to a regular file; never followed into a directory.
      if (tryStat(() => this.fs.stat(abs))?.kind === 'file') index.addFile(rel, true);
      return true;
    }
    if (st.kind === 'file') {
      // A `.git` file (a worktree's or submodule's pointer) is git's, not the repository's.
      if (!SKIPPED_DIRECTORIES.includes(name)) index.addFile(rel);
      return true;
    }
    if (!isDirectory) return true;
    index.addDirectory(rel);
    if (SKIPPED_DIRECTORIES.includes(name)) {
      index.addOpaque(rel);
      return true;
    }
    const directories: string[] = [];
    const walk = await walkTreeAsync(this.fs, abs, {
      // The folder's own rules, read as the whole walk reads them: the walk below sees none itself.
      ignore: false,
      exclude: (child, dir) =>
        this.ignored(joinRelative(rel, child), dir) || this.options.exclude?.(joinRelative(rel, child), dir) === true,
      maxEntries: this.options.maxEntries,
      directoriesPerPause: 1,
      pause: this.options.pause,
      onDirectory: (child) => {
        if (child !== '') directories.push(child);
      },
    });
    if (!walk || !walk.complete) return false;
    index.addWalk(rel, { files: walk.files, links: walk.fileLinks, directories, opaque: walk.opaque });
    return true;
  }

  /** Whether git ignores root-relative `rel` as the walk decides it: the rules of the `.gitignore` of every folder above it. */
  private ignored(rel: string, isDirectory: boolean): boolean {
    if (this.options.ignore === false) return false;
    this.rules ??= rulesForRoot(this.fs, this.root);
    const rules = this.rules;
    for (let end = -1; ;) {
      const dir = end < 0 ? '' : rel.slice(0, end);
      if (!this.rulesRead.has(dir)) {
        this.rulesRead.add(dir);
        const text = readSmallText(this.fs, this.fs.path.join(this.root, ...(dir === '' ? [] : dir.split('/')), '.gitignore'));
        if (text !== undefined) rules.add(joinRelative(rules.rootFromTop, dir), text);
      }
      end = rel.indexOf('/', end + 1);
      if (end < 0) break;
    }
    return rules.ignores(rel, isDirectory);
  }
}

function parentOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

/** Below `.git` or `node_modules`, which the walk never enters. */
function isSkipped(rel: string): boolean {
  return rel.split('/').some((segment, i, all) => i < all.length - 1 && SKIPPED_DIRECTORIES.includes(segment));
}

function tryStat(f: () => FsStat | undefined): FsStat | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}

/** A regular file's text as the walk reads an ignore file (not a link, valid UTF-8), or undefined. */
function readSmallText(fs: WalkFs, p: string): string | undefined {
  const st = tryStat(() => fs.lstat(p));
  if (!st || st.kind !== 'file') return undefined;
  const read = readInstructionFile(fs, p, st);
  return read.ok ? read.text : undefined;
}
