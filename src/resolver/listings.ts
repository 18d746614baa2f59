/**
 * Directory listings for a batch of targets. One lstat per target and three per chain directory
 * are most of a large resolution's system calls; a directory holding several targets is cheaper
 * to list once (one getdents for all its names) and then to look its targets and candidate names
 * up in memory. Read afresh for every resolution, never kept: a listing is as current as the
 * lstats it replaces.
 *
 * Only directories small next to the names looked up in them are listed, so a huge directory
 * with a few targets in it still costs a few lstats. A directory whose status is known is judged
 * by its size; one known only from its parent's listing is listed, and should that listing turn
 * out large, every later directory is judged by its size (one lstat) first: at most one large
 * listing per resolution.
 */
import { EntryKind, FsStat, ResolverFs } from './fs';

/**
 * Targets in a directory before it is listed: one target (an editor's, the gate's) keeps its
 * lstats, which cost about what one listing costs in a small directory.
 */
const MIN_TARGETS = 2;

/**
 * Directory bytes (st_size) per name looked up that a listing may cost. Directories report about
 * 20–40 bytes per entry (ext4 in 4 KiB blocks, tmpfs, btrfs), so a listing reads at most a few
 * dozen entries per lookup it saves.
 */
const BYTES_PER_LOOKUP = 1024;

/** Entries per name looked up beyond which a listing read unchecked counts as large. */
const ENTRIES_PER_LOOKUP = 32;

export type Listing = ReadonlyMap<string, EntryKind>;

/**
 * The kind `listing` shows for `name`, where a listing can vouch for it: a name holding U+FFFD
 * may match an entry whose stored name is not UTF-8 (listed as U+FFFD), a different file, so
 * only lstat can tell. A name a listing lacks is absent however it is spelled.
 */
export function listedKind(listing: Listing | undefined, name: string): EntryKind | undefined {
  return listing === undefined || name.includes('\uFFFD') ? undefined : listing.get(name);
}

export class Listings {
  /** By directory (absolute, canonical); null when it could not be listed. */
  private readonly byDir = new Map<string, Listing | null>();
  /** Set once a directory listed without knowing its size was large. */
  private checkSizes = false;

  constructor(
    private readonly fs: ResolverFs,
    /** Names looked up in every listed directory besides its targets (the candidate names). */
    private readonly namesPerDir: number,
  ) {}

  /**
   * Whether listings can serve a resolution of `targets` targets: the fs lists directories, and
   * a directory may hold enough of them (one target, the editor's or the gate's, never does).
   */
  usefulFor(targets: number): boolean {
    return this.fs.listKinds !== undefined && targets >= MIN_TARGETS;
  }

  /** The listing of `dir` if one was read. */
  of(dir: string): Listing | undefined {
    return this.byDir.get(dir) ?? undefined;
  }

  /**
   * The listing of `dir` (a directory, with its lstat `st` if one was taken), read now when
   * `targets` targets (and the candidate names) will be looked up in it and it is small enough
   * for one listing to be cheaper; undefined means lstat each name.
   */
  forTargets(dir: string, st: FsStat | undefined, targets: number): Listing | undefined {
    const known = this.byDir.get(dir);
    if (known !== undefined) return known ?? undefined;
    if (!this.fs.listKinds || targets < MIN_TARGETS) return undefined;
    const lookups = targets + this.namesPerDir;
    if (st === undefined && this.checkSizes) {
      try {
        st = this.fs.lstat(dir);
      } catch {
        return undefined;
      }
      if (st === undefined) return undefined;
    }
    if (st !== undefined && st.size > lookups * BYTES_PER_LOOKUP) return undefined;
    let listing: Listing | null;
    try {
      listing = this.fs.listKinds(dir);
    } catch {
      listing = null; // not listable (permissions, a race): names are looked up one by one
    }
    this.byDir.set(dir, listing);
    if (st === undefined && listing && listing.size > lookups * ENTRIES_PER_LOOKUP) this.checkSizes = true;
    return listing ?? undefined;
  }
}
