/**
 * The resolver's only window on the filesystem. Everything the resolver reads goes through this
 * small synchronous interface, so an in-memory tree (tests), a real disk (CLI) or a disk overlaid
 * with unsaved editor buffers (VS Code) can be resolved by the same code.
 *
 * Synchronous on purpose: resolution is thousands of tiny metadata calls, for which Node's sync
 * calls are several times cheaper than promises, and a resolution must see one consistent state.
 */
import * as nodeFs from 'node:fs';
import * as nodePath from 'node:path';
import { isUtf8 } from 'node:buffer';

/** The subset of `node:path` the resolver uses; `path.posix` or `path.win32` can be injected. */
export type PathApi = Pick<
  typeof nodePath.posix,
  'sep' | 'isAbsolute' | 'join' | 'dirname' | 'basename' | 'relative' | 'resolve' | 'parse'
>;

export type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface FsStat {
  kind: EntryKind;
  size: number;
  mtimeMs: number;
  /** Device and inode: together they identify a file across symlinks and hard links. */
  dev: number;
  ino: number;
}

/** An error from the filesystem, with a POSIX-like code (`ENOENT`, `ELOOP`, `EACCES`, ...). */
export class FsError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'FsError';
  }
}

export interface FileReader {
  /** Reads into `buffer` from its start; returns the byte count, 0 at end of file. */
  read(buffer: Uint8Array): number;
  /** The open file's current status (for identity and change checks). */
  stat(): FsStat;
  close(): void;
}

export interface ResolverFs {
  readonly path: PathApi;
  /**
   * Whether names are looked up case-insensitively (Windows, macOS by default): the canonical
   * path of a missing target then takes the stored case of its existing part from `realpath`.
   */
  readonly caseInsensitive?: boolean;
  /** Status of the entry itself (links not followed); undefined when it does not exist. */
  lstat(p: string): FsStat | undefined;
  /** Status of what the path leads to; undefined when it (or its link target) does not exist. */
  stat(p: string): FsStat | undefined;
  /** The text of a symbolic link. */
  readlink(p: string): string;
  /** Optional fast path: the canonical path of an existing entry; throws FsError otherwise. */
  realpath?(p: string): string;
  /**
   * Optional: the names in a directory as stored. On a case-insensitive disk, lstat finds
   * `agents.md` for `AGENTS.md`; the listing lets candidate names match exactly (spec section 3).
   */
  entryNames?(dir: string): string[];
  /**
   * Optional: the names in a directory in the order the file system lists them (a directory read,
   * unsorted: Node's own listing sorts), for systems that load a folder's files in that order
   * (Claude Code's rules). Without it, `entryNames` stands in.
   */
  entriesInOrder?(dir: string): string[];
  /**
   * Optional: every entry of a directory with its kind (links not followed), in one call; throws
   * FsError when the directory cannot be listed. A batch of many targets looks names up here
   * instead of one lstat each. It must agree with `lstat` for names stored exactly so: a
   * filesystem that shows entries the disk does not list (unsaved buffers) leaves it out.
   */
  listKinds?(dir: string): ReadonlyMap<string, EntryKind>;
  /**
   * Opens a regular file for reading without following a final symlink and without blocking,
   * and checks that the opened file is `expected` (same dev and inode): a file swapped in after
   * the checks is refused with FsError `ECHANGED`.
   */
  open(p: string, expected: FsStat): FileReader;
}

export function isUtf8Bytes(bytes: Uint8Array): boolean {
  return isUtf8(bytes);
}

function kindOf(st: Pick<nodeFs.Stats, 'isFile' | 'isDirectory' | 'isSymbolicLink'>): EntryKind {
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'directory';
  if (st.isSymbolicLink()) return 'symlink';
  return 'other';
}

function toStat(st: nodeFs.Stats): FsStat {
  return { kind: kindOf(st), size: st.size, mtimeMs: st.mtimeMs, dev: st.dev, ino: st.ino };
}

function fsError(err: unknown): FsError {
  const e = err as NodeJS.ErrnoException;
  return new FsError(e.code ?? 'EIO', e.message);
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

// O_NOFOLLOW refuses a final symlink swapped in after the checks; O_NONBLOCK keeps a FIFO that was
// swapped in from blocking the open; O_NOCTTY keeps a terminal device from becoming ours. Each is
// 0 where the OS lacks it (Windows).
const OPEN_FLAGS =
  nodeFs.constants.O_RDONLY | (nodeFs.constants.O_NOFOLLOW ?? 0) | (nodeFs.constants.O_NONBLOCK ?? 0) | (nodeFs.constants.O_NOCTTY ?? 0);

/**
 * Where an open file really is, as the kernel resolved it (Linux: `/proc/self/fd/N`), or
 * undefined where that cannot be told. O_NOFOLLOW only guards the last component: a directory
 * on the path swapped for a symlink after the containment checks is caught here, whatever inode
 * the attacker points it at.
 */
function openedPath(fd: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return nodeFs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined; // no /proc (some containers): the identity check still applies
  }
}

/**
 * lstat/stat that answer undefined for a missing path. `throwIfNoEntry: false` spares the
 * exception for ENOENT (most candidates do not exist); ENOTDIR still throws and means missing too.
 */
function statOrMissing(call: typeof nodeFs.statSync, p: string): FsStat | undefined {
  try {
    const st = call(p, { throwIfNoEntry: false });
    return st === undefined ? undefined : toStat(st);
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw fsError(err);
  }
}

/** A Node call whose error becomes an FsError. */
function nodeCall<T>(call: () => T): T {
  try {
    return call();
  } catch (err) {
    throw fsError(err);
  }
}

/** A directory's names in the order the file system keeps them. */
function entriesInOrder(dir: string): string[] {
  const handle = nodeCall(() => nodeFs.opendirSync(dir));
  const names: string[] = [];
  try {
    for (let entry = handle.readSync(); entry !== null; entry = handle.readSync()) names.push(entry.name);
  } catch (err) {
    throw fsError(err);
  } finally {
    handle.closeSync();
  }
  return names;
}

function listKinds(dir: string): Map<string, EntryKind> {
  // Node looks up with lstat the entries whose type the directory does not record.
  const entries = nodeCall(() => nodeFs.readdirSync(dir, { withFileTypes: true }));
  const kinds = new Map<string, EntryKind>();
  for (const entry of entries) kinds.set(entry.name, kindOf(entry));
  return kinds;
}

/** Opens `p` for reading, refusing a file that is not the one checked (`expected`) or was reached another way. */
function openChecked(pathApi: PathApi, p: string, expected: FsStat): FileReader {
  const fd = nodeCall(() => nodeFs.openSync(p, OPEN_FLAGS));
  const reader: FileReader = {
    read: (buffer) => nodeCall(() => nodeFs.readSync(fd, buffer, 0, buffer.length, null)),
    stat: () => nodeCall(() => toStat(nodeFs.fstatSync(fd))),
    close() {
      nodeFs.closeSync(fd);
    },
  };
  let problem: FsError | undefined;
  try {
    const opened = reader.stat();
    const where = openedPath(fd);
    if (opened.kind !== 'file' || opened.dev !== expected.dev || opened.ino !== expected.ino) {
      problem = new FsError('ECHANGED', `${p} changed between the check and the open`);
    } else if (where !== undefined && pathApi.isAbsolute(p) && where !== p) {
      problem = new FsError('ECHANGED', `${p} was reached through a path that changed after the check`);
    }
  } catch (err) {
    problem = err instanceof FsError ? err : fsError(err);
  }
  if (problem) {
    reader.close();
    throw problem;
  }
  return reader;
}

/** The real disk, through Node's synchronous calls. */
export function createNodeFs(pathApi: PathApi = nodePath): ResolverFs {
  return {
    path: pathApi,
    caseInsensitive: pathApi.sep === '\\' || process.platform === 'win32' || process.platform === 'darwin',
    lstat: (p) => statOrMissing(nodeFs.lstatSync, p),
    stat: (p) => statOrMissing(nodeFs.statSync, p),
    readlink: (p) => nodeCall(() => nodeFs.readlinkSync(p)),
    entryNames: (dir) => nodeCall(() => nodeFs.readdirSync(dir)),
    entriesInOrder,
    listKinds,
    realpath: (p) => nodeCall(() => nodeFs.realpathSync.native(p)),
    open: (p, expected) => openChecked(pathApi, p, expected),
  };
}

export const nodeResolverFs: ResolverFs = createNodeFs();
