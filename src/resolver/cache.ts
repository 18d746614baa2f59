/**
 * Warm resolution: parsed files keyed by (canonical path, size, mtime, inode, device). Any change
 * to one of those misses the cache, so an entry can never be returned for content it was not
 * read from; re-resolving after an editor switch reads no instruction file when nothing changed.
 *
 * Two things a key cannot see are never kept: a file whose mtime is too recent to be settled
 * (see SETTLE_MS), and a failure that does not come from the bytes themselves (a permission
 * error, a file that vanished or kept changing), which a later call may not meet again.
 */
import type { FsStat } from './fs';
import { sameStatus } from './moment-fs';
import type { ParsedInstructions } from './frontmatter';
import type { RawRead, ReadResult } from './read';

export interface LoadedFile {
  read: ReadResult;
  parsed: ParsedInstructions | null;
  /** Bytes of the frontmatter block that was parsed (0 without one), for the per-call budget. */
  frontmatterBytes: number;
}

/** Entries kept at most; the oldest go first. A workspace has far fewer instruction files. */
export const FILE_CACHE_ENTRIES = 4096;

/**
 * How much older than the read a file's mtime must be for its entry to be kept. Filesystems stamp
 * mtimes from a coarse clock (a few milliseconds on ext4 and APFS, 2 s on FAT): a file rewritten
 * in place within one tick, at the same size, keeps its size, mtime and inode, so an entry read in
 * that tick could later be returned for other content — git's "racily clean" entries. A file
 * written this recently is read again on every call until it is settled; after that, any write
 * gives it a newer mtime. (A writer that puts an older mtime back on purpose, as `touch -d` or
 * `rsync --inplace -t` can, is not seen: nothing short of reading the file would see it.)
 */
export const SETTLE_MS = 2000;

/** Folder searches kept at most (one per workspace folder and kind of search); the oldest go first. */
export const SEARCHES_KEPT = 16;

/** A folder search's answer, with the status of every folder and file it depended on. */
interface KeptSearch {
  readonly statuses: readonly (readonly [string, FsStat])[];
  readonly value: unknown;
}

export class FileCache {
  private readonly entries = new Map<string, LoadedFile>();
  private readonly raw = new Map<string, RawRead>();
  private readonly searches = new Map<string, KeptSearch>();
  hits = 0;
  misses = 0;
  /** Files read but not kept because their mtime was not yet settled. */
  unsettled = 0;

  constructor(
    private readonly capacity = FILE_CACHE_ENTRIES,
    /** The clock compared with mtimes (injectable for tests). */
    private readonly now: () => number = Date.now,
  ) {}

  private static key(path: string, st: FsStat, frontmatter: boolean | string): string {
    return `${path}\0${st.size}\0${st.mtimeMs}\0${st.ino}\0${st.dev}\0${typeof frontmatter === 'string' ? frontmatter : frontmatter ? 1 : 0}`;
  }

  /** The entry for the file at canonical `path` with status `st`, if one is kept. */
  get(path: string, st: FsStat, frontmatter: boolean | string): LoadedFile | undefined {
    const hit = this.entries.get(FileCache.key(path, st, frontmatter));
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  /**
   * Keeps `value`, read from the file at canonical `path` whose status was `st` when its bytes
   * were read, unless that file's mtime is not yet settled.
   */
  set(path: string, st: FsStat, frontmatter: boolean | string, value: LoadedFile): void {
    this.keep(this.entries, FileCache.key(path, st, frontmatter), st, value);
  }

  /** The raw bytes an agent profile read of the file (agent/read.ts), at most `cap` of them, if kept. */
  getRaw(path: string, st: FsStat, cap: number): RawRead | undefined {
    const hit = this.raw.get(FileCache.key(path, st, `raw:${cap}`));
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  /** Keeps a raw read (a successful one: see the module comment), under the rules of `set`. */
  setRaw(path: string, st: FsStat, cap: number, value: RawRead): void {
    this.keep(this.raw, FileCache.key(path, st, `raw:${cap}`), st, value);
  }

  /**
   * The answer of a folder search kept under `key`, when every folder and file it depended on
   * still has the status it had (`lstat` asks now); else undefined, and the entry is dropped. A
   * folder's mtime changes when a name in it is added, removed or renamed, so unchanged folders
   * list the same names.
   */
  keptSearch<T>(key: string, lstat: (path: string) => FsStat | undefined): T | undefined {
    const kept = this.searches.get(key);
    if (kept === undefined) return undefined;
    for (const [p, was] of kept.statuses) {
      let now: FsStat | undefined;
      try {
        now = lstat(p);
      } catch {
        now = undefined;
      }
      if (now === undefined || !sameStatus(now, was)) {
        this.searches.delete(key);
        return undefined;
      }
    }
    return kept.value as T;
  }

  /**
   * Keeps a folder search's answer with the statuses it depended on, unless one of them cannot
   * vouch for it: an mtime not yet settled (see SETTLE_MS), or none at all (a folder of a file
   * system that keeps no folder mtimes).
   */
  keepSearch(key: string, statuses: readonly (readonly [string, FsStat])[], value: unknown): void {
    const now = this.now();
    for (const [, st] of statuses)
      if (st.mtimeMs <= 0 || now - st.mtimeMs < SETTLE_MS) {
        this.unsettled++;
        return;
      }
    this.searches.delete(key);
    if (this.searches.size >= SEARCHES_KEPT) {
      const oldest = this.searches.keys().next().value;
      if (oldest !== undefined) this.searches.delete(oldest);
    }
    this.searches.set(key, { statuses, value });
  }

  private keep<V>(entries: Map<string, V>, key: string, st: FsStat, value: V): void {
    // A synthetic (negative) mtime, as the unsaved-buffer overlay gives, is content-derived: settled.
    if (this.now() - st.mtimeMs < SETTLE_MS) {
      this.unsettled++;
      return;
    }
    if (entries.size >= this.capacity) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
    this.raw.clear();
    this.searches.clear();
  }
}
