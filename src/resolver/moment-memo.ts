/**
 * Answers kept while the file system still answers as it did: a result computed through a
 * Moment (./moment-fs.ts) is returned again, without computing, as long as every question the
 * computation asked of the disk gets the same answer and the files it read outside the resolver's
 * file system (the trust store) keep their status. Asking those questions again is what a warm
 * call costs: a few hundred `stat`s instead of every profile's discovery, loading and rendering.
 *
 * It keeps only what it can check. A result is not kept when the computation opened a file (its
 * bytes came from the disk, not from FileCache's settled entries, so a rewrite within the same
 * mtime tick could go unseen), or when an outside file's mtime is not yet settled (SETTLE_MS): the
 * same rules as FileCache's, so a kept result is never one FileCache could not have given.
 * A kept result is frozen the first time it is returned again (freezing a comparison's few hundred
 * objects costs about half a millisecond, which a result never asked for again should not pay):
 * from then on every caller shares it, and none can change it for the others.
 */
import { SETTLE_MS } from './cache';
import { FsStat, nodeResolverFs } from './fs';
import { Moment, sameStatus } from './moment-fs';
import { deepFreeze } from './text-cache';
import type { ResolverFs } from './fs';

/** Results kept at most; the least recently used go first. */
export const MOMENT_MEMO_ENTRIES = 256;

/** An outside file's status when the computation started (`null`: missing). */
type Stamp = { file: string; stat: FsStat | null };

function stampOf(file: string): Stamp | undefined {
  try {
    return { file, stat: nodeResolverFs.stat(file) ?? null };
  } catch {
    return undefined;
  }
}

function sameStat(a: FsStat | null, b: FsStat | null): boolean {
  return a === null || b === null ? a === b : sameStatus(a, b);
}

interface Kept<T> {
  moment: Moment;
  stamps: Stamp[];
  value: T;
  frozen: boolean;
}

export class MomentMemo<T> {
  private readonly entries = new Map<string, Kept<T>>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly capacity = MOMENT_MEMO_ENTRIES,
    /** The clock compared with outside files' mtimes (injectable for tests). */
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The value kept for `key` while the disk still answers its moment the same (asking it again),
   * without computing anything when there is none: a caller can show a kept answer at once and
   * leave computing a new one for later.
   */
  kept(key: string, base: ResolverFs): T | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    const stampsHold = kept.stamps.every((s) => {
      const now = stampOf(s.file);
      return now !== undefined && sameStat(s.stat, now.stat);
    });
    if (kept.moment.base !== base || !stampsHold || !kept.moment.stillHolds()) return undefined;
    this.entries.set(key, kept);
    this.hits++;
    if (!kept.frozen) {
      deepFreeze(kept.value);
      kept.frozen = true;
    }
    return kept.value;
  }

  /**
   * The value `compute` gives through a moment of `base`, for `key` (which must name everything
   * else the computation depends on: arguments, settings, environment). `outside`: files the
   * computation may read without going through `base`.
   */
  run(key: string, base: ResolverFs, outside: readonly string[], compute: (fs: ResolverFs) => T): T {
    const kept = this.kept(key, base);
    if (kept !== undefined) return kept;
    this.misses++;
    const stamps = outside.map(stampOf);
    const moment = new Moment(base);
    const value = compute(moment.fs);
    const settled = stamps.every((s) => s !== undefined && (s.stat === null || this.now() - s.stat.mtimeMs >= SETTLE_MS));
    if (moment.opened === 0 && settled) {
      if (this.entries.size >= this.capacity) {
        const oldest = this.entries.keys().next().value;
        if (oldest !== undefined) this.entries.delete(oldest);
      }
      this.entries.set(key, { moment, stamps: stamps as Stamp[], value, frozen: false });
    }
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
