/**
 * Warm resolution: parsed files keyed by (canonical path, size, mtime, inode, device). Any change
 * to one of those misses the cache, so an entry can never be returned for content it was not
 * read from; re-resolving after an editor switch reads no instruction file when nothing changed.
 */
import type { FsStat } from './fs';
import type { ParsedInstructions } from './frontmatter';
import type { ReadResult } from './read';

export interface LoadedFile {
  read: ReadResult;
  parsed: ParsedInstructions | null;
  /** Bytes of the frontmatter block that was parsed (0 without one), for the per-call budget. */
  frontmatterBytes: number;
}

/** Entries kept at most; the oldest go first. A workspace has far fewer instruction files. */
export const FILE_CACHE_ENTRIES = 4096;

export class FileCache {
  private readonly entries = new Map<string, LoadedFile>();
  hits = 0;
  misses = 0;

  constructor(private readonly capacity = FILE_CACHE_ENTRIES) {}

  static key(path: string, st: FsStat, frontmatter: boolean): string {
    return `${path}\0${st.size}\0${st.mtimeMs}\0${st.ino}\0${st.dev}\0${frontmatter ? 1 : 0}`;
  }

  get(key: string): LoadedFile | undefined {
    const hit = this.entries.get(key);
    if (hit) this.hits++;
    else this.misses++;
    return hit;
  }

  set(key: string, value: LoadedFile): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
  }
}
