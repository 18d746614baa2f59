/**
 * A ResolverFs that shows unsaved editor buffers in place of the files they edit, so the same
 * resolver (and its FileCache) runs on the text being typed. Pure: no editor API.
 *
 * An overlaid file keeps its device and inode (so a symlink or hard link to it is still the same
 * file, and duplicates are detected as on disk) but gets the buffer's size and a synthetic
 * mtime derived from the buffer's content hash: FileCache keys (path + size + mtime + inode +
 * device) therefore differ from the saved file's and from every other buffer version, and a
 * cached parse can never be returned for other text. Real mtimes are never negative; synthetic
 * ones always are.
 *
 * A buffer whose file does not exist on disk (deleted while open) appears as a regular file
 * in its directory, with a synthetic identity, when that directory exists.
 */
import { createHash } from 'node:crypto';
import { FileReader, FsStat, ResolverFs } from '../resolver';

export interface OverlayBuffer {
  /** Absolute path the buffer edits (as the editor names it; symlinks allowed). */
  path: string;
  text: string;
}

interface Overlaid {
  path: string;
  bytes: Uint8Array;
  stat: FsStat;
}

/** Device number of buffers with no file on disk (real devices are never negative). */
const SYNTHETIC_DEV = -1;

function identity(st: { dev: number; ino: number }): string {
  return `${st.dev}:${st.ino}`;
}

/** A negative mtime unique to the content (48 bits of its sha256). */
export function syntheticMtime(bytes: Uint8Array): number {
  const hex = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return -(parseInt(hex, 16) + 1);
}

export class OverlayFs implements ResolverFs {
  readonly path: ResolverFs['path'];
  readonly realpath?: (p: string) => string;
  readonly caseInsensitive?: boolean;
  /**
   * The names as stored, plus buffers with no file on disk (as `lstat` shows them). Profiles
   * that match names themselves (Copilot's case-insensitive names, rule folders) list through
   * it; without it they would see empty directories. `listKinds` stays out on purpose (fs.ts).
   */
  readonly entryNames?: (dir: string) => string[];
  /** The base's names in its order, the buffers' new files after them. */
  readonly entriesInOrder?: (dir: string) => string[];
  private readonly byIdentity = new Map<string, Overlaid>();
  private readonly missingByPath = new Map<string, Overlaid>();
  /** Absolute paths of the buffers overlaid (as given). */
  readonly paths: readonly string[];

  constructor(
    readonly base: ResolverFs,
    buffers: readonly OverlayBuffer[],
  ) {
    this.path = base.path;
    if (base.realpath) this.realpath = (p) => base.realpath!(p);
    if (base.caseInsensitive !== undefined) this.caseInsensitive = base.caseInsensitive;
    const withBuffers = (list: (dir: string) => string[]) => (dir: string) => {
      const names = list(dir);
      const extra = [...this.missingByPath.keys()]
        .filter((p) => this.path.dirname(p) === dir)
        .map((p) => this.path.basename(p))
        .filter((n) => !names.includes(n));
      return extra.length === 0 ? names : [...names, ...extra];
    };
    if (base.entryNames) this.entryNames = withBuffers(base.entryNames.bind(base));
    if (base.entriesInOrder) this.entriesInOrder = withBuffers(base.entriesInOrder.bind(base));
    const paths: string[] = [];
    let synthetic = 0;
    for (const b of buffers) {
      const bytes = Buffer.from(b.text, 'utf8');
      const mtimeMs = syntheticMtime(bytes);
      let onDisk: FsStat | undefined;
      try {
        onDisk = base.stat(b.path);
      } catch {
        onDisk = undefined;
      }
      if (onDisk && onDisk.kind === 'file') {
        const stat: FsStat = { kind: 'file', size: bytes.length, mtimeMs, dev: onDisk.dev, ino: onDisk.ino };
        this.byIdentity.set(identity(stat), { path: b.path, bytes, stat });
        paths.push(b.path);
      } else if (!onDisk) {
        let parent: FsStat | undefined;
        try {
          parent = base.stat(this.path.dirname(b.path));
        } catch {
          parent = undefined;
        }
        if (parent?.kind !== 'directory') continue;
        const stat: FsStat = { kind: 'file', size: bytes.length, mtimeMs, dev: SYNTHETIC_DEV, ino: ++synthetic };
        const entry = { path: b.path, bytes, stat };
        this.byIdentity.set(identity(stat), entry);
        this.missingByPath.set(b.path, entry);
        paths.push(b.path);
      }
      // A buffer over a directory or a special file is ignored: the disk wins.
    }
    this.paths = paths;
  }

  /** Whether any buffer is overlaid. */
  get size(): number {
    return this.byIdentity.size;
  }

  private overlay(p: string, st: FsStat | undefined): FsStat | undefined {
    if (st === undefined) return this.missingByPath.get(p)?.stat;
    if (st.kind !== 'file') return st;
    return this.byIdentity.get(identity(st))?.stat ?? st;
  }

  lstat(p: string): FsStat | undefined {
    return this.overlay(p, this.base.lstat(p));
  }

  stat(p: string): FsStat | undefined {
    return this.overlay(p, this.base.stat(p));
  }

  readlink(p: string): string {
    return this.base.readlink(p);
  }

  /** Whether `p` (after symlinks) is a file whose text comes from a buffer. */
  isOverlaid(p: string): boolean {
    try {
      const st = this.stat(p);
      return st !== undefined && st.kind === 'file' && this.byIdentity.get(identity(st))?.stat === st;
    } catch {
      return false;
    }
  }

  open(p: string, expected: FsStat): FileReader {
    const entry = this.byIdentity.get(identity(expected));
    if (!entry || entry.stat.mtimeMs !== expected.mtimeMs) return this.base.open(p, expected);
    const { bytes, stat } = entry;
    let offset = 0;
    return {
      read(buffer) {
        const n = Math.min(buffer.length, bytes.length - offset);
        buffer.set(bytes.subarray(offset, offset + n), 0);
        offset += n;
        return n;
      },
      stat: () => stat,
      close: () => undefined,
    };
  }
}

/** Duck-typed check for the view: does this filesystem overlay buffers? */
export function isOverlayFs(fs: ResolverFs): fs is OverlayFs {
  return fs instanceof OverlayFs;
}
