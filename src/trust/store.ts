/**
 * The trust store (docs/profiles.md §5): one answer per canonical directory, `trusted` or
 * `refused`, kept in one JSON file a person may also edit by hand:
 *
 *   {"version": 1, "decisions": {"/home/dev/repos/app": "trusted"}}
 *
 * No entry means `unknown`; a directory without an entry takes the nearest ancestor's answer.
 *
 * Written the safe way for a file several processes may change at once (two editors and a CLI):
 * every change is read-modify-write under a lock file, and the new file is written beside the old
 * one and renamed over it, so a reader sees the old store or the new one, never half of one. A
 * store that cannot be read or does not parse is an error naming the file, never taken as empty
 * and never overwritten: a person's hand edit with a typo must not silently trust or forget.
 * Top-level keys other than `version` and `decisions` are the person's: every write keeps them.
 * A store that is a symbolic link (a dotfiles checkout) stays one: the write goes to the file it
 * points to, and the lock sits beside that file, so every path to one store takes one lock.
 *
 * The lock wait (see acquireLock) always ends: a writer sleeps between tries and gives up with
 * an error naming the lock file after LOCK_WAIT_MS with one holder or MAX_LOCK_WAIT_MS in all,
 * and a lock that is not a plain file, or that cannot be read, is reported at once or after a
 * short wait instead of being retried for ever.
 *
 * Synchronous on purpose: the resolver asks it mid-resolution, and both the CLI and the editor can
 * afford a few small sync calls. Only `node:fs`, `node:os` and `node:path`: no editor API.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export type TrustDecision = 'trusted' | 'refused';
export type EffectiveTrust = TrustDecision | 'unknown';

export const TRUST_DECISIONS: readonly EffectiveTrust[] = Object.freeze(['trusted', 'refused', 'unknown']);

export interface TrustStoreData {
  version: 1;
  /** Canonical absolute directory → its own answer. */
  decisions: Record<string, TrustDecision>;
  /**
   * The store's other top-level keys, as read (null prototype, so `__proto__` is a plain key);
   * absent when there are none. Written back after `version` and `decisions`.
   */
  extra?: Record<string, unknown>;
}

/** The decision that applies to one directory, and where it came from. */
export interface TrustLookup {
  decision: EffectiveTrust;
  /** The ancestor whose entry decided; absent when the directory's own entry did, or none did. */
  inheritedFrom?: string;
}

/** The file name inside `$HOLARYN_HOME`. */
export const TRUST_STORE_FILE = 'trust.json';

/**
 * A lock older than this is taken to be left behind by a process that stopped or stalled
 * (docs/profiles.md §5): a writer holds it for one small read and one small write.
 */
export const STALE_LOCK_MS = 10_000;

/**
 * How long a writer waits for one live lock (one holder) before giving up. Longer than
 * STALE_LOCK_MS, so a lock left by a killed process is always broken before a waiting writer
 * gives up on it.
 */
export const LOCK_WAIT_MS = 15_000;

/**
 * How long a writer waits in all while other writers take the lock in turn (a hundred writers at
 * once on a busy machine): the queue moves, but the wait still ends.
 */
export const MAX_LOCK_WAIT_MS = 60_000;

/**
 * How long a lock file without a record in it (empty, or not a record holaryn writes) counts as
 * possibly live. A writer of this version puts its record in place in one step (see takeLock),
 * so only a file system without hard links, or a writer of an older version, can show a live
 * lock without its record, and only for the instant between creating the file and writing it.
 * Past this, an empty lock is what a crash or a full disk left, and it is broken at once.
 */
export const EMPTY_LOCK_GRACE_MS = 1_000;

/**
 * How long a writer waits for a lock it cannot read (another user's file, no read permission)
 * to go away before it reports it. Such a lock is broken only once it is older than
 * STALE_LOCK_MS: holaryn cannot tell whose it is, but a live writer would have let it go.
 */
export const UNREADABLE_LOCK_WAIT_MS = 1_000;

/** The largest store read (a hand-edited file of a few thousand entries is a few hundred KB). */
export const MAX_TRUST_STORE_BYTES = 16 * 1024 * 1024;

/** Symbolic links followed from the store's path to the file it names (as the OS allows). */
const MAX_STORE_LINKS = 40;

/** Bytes of a lock file read: a record is a pid, a start time and a date. */
const MAX_LOCK_BYTES = 256;

const TRUST_STORE_ERROR = Symbol.for('holaryn.TrustStoreError');

/** The store cannot be read, parsed or written: the caller reports code `trust-store`, naming `file`. */
export class TrustStoreError extends Error {
  readonly code = 'trust-store';

  /** `instanceof` by brand: the CLI's commands are separate bundles with their own copies. */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TRUST_STORE_ERROR] === true;
  }

  get [TRUST_STORE_ERROR](): true {
    return true;
  }

  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'TrustStoreError';
  }
}

/** The file operations the store uses: node:fs, or a test's copy that fails some of them (a full disk). */
export type TrustFs = Pick<
  typeof fs,
  | 'openSync'
  | 'closeSync'
  | 'readSync'
  | 'writeSync'
  | 'fsyncSync'
  | 'fstatSync'
  | 'lstatSync'
  | 'statSync'
  | 'readFileSync'
  | 'readlinkSync'
  | 'realpathSync'
  | 'renameSync'
  | 'linkSync'
  | 'unlinkSync'
  | 'chmodSync'
  | 'mkdirSync'
>;

/** Everything a store operation touches besides its arguments; tests give their own. */
export interface TrustStoreIo {
  fs: TrustFs;
  now(): number;
  /** Waits `ms` without spinning the CPU. */
  sleep(ms: number): void;
}

/** The real disk and clock. The wait is synchronous: the store's callers are. */
export const NODE_TRUST_IO: TrustStoreIo = {
  fs,
  now: Date.now,
  sleep: (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms),
};

/** `$HOLARYN_HOME/trust.json`, with `HOLARYN_HOME` defaulting to `~/.holaryn`. */
export function defaultTrustStorePath(env: Record<string, string | undefined> = process.env, home: string = os.homedir()): string {
  const holarynHome = env.HOLARYN_HOME;
  return holarynHome ? path.resolve(holarynHome, TRUST_STORE_FILE) : path.join(home, '.holaryn', TRUST_STORE_FILE);
}

/** Whether `dir` is a filesystem root (`/`, `C:\`): nobody trusts one through a command. */
export function isFilesystemRoot(dir: string, P: Pick<typeof path, 'dirname'> = path): boolean {
  return P.dirname(dir) === dir;
}

function codeOf(err: unknown): string {
  return (err as NodeJS.ErrnoException)?.code ?? String(err);
}

/** A failed system call's code, with what it usually means for a person when that is not obvious. */
function explained(err: unknown): string {
  const code = codeOf(err);
  if (code === 'ENOSPC') return 'ENOSPC: no space left on the device';
  if (code === 'EDQUOT') return 'EDQUOT: disk quota exceeded';
  if (code === 'EROFS') return 'EROFS: read-only file system';
  return code;
}

/** Parses a store's text; throws TrustStoreError naming `file` on anything but a valid store. */
export function parseTrustStore(text: string, file: string): TrustStoreData {
  const corrupt = (why: string) =>
    new TrustStoreError(file, `trust store ${file} is not a valid store (${why}); fix or remove it by hand: it is left as it is`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw corrupt(`not JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw corrupt('not a JSON object');
  const { version, decisions } = value as { version?: unknown; decisions?: unknown };
  if (version !== 1) throw corrupt(`"version" is ${JSON.stringify(version) ?? 'missing'}, not 1`);
  if (typeof decisions !== 'object' || decisions === null || Array.isArray(decisions)) throw corrupt('"decisions" is not an object');
  // Keys are absolute paths, so never `__proto__`: a plain object is safe.
  const out: Record<string, TrustDecision> = {};
  for (const [dir, decision] of Object.entries(decisions)) {
    if (!path.isAbsolute(dir)) throw corrupt(`the key ${JSON.stringify(dir)} is not an absolute path`);
    if (decision !== 'trusted' && decision !== 'refused') {
      throw corrupt(`the answer for ${JSON.stringify(dir)} is ${JSON.stringify(decision)}, not "trusted" or "refused"`);
    }
    // A hand-written key may carry a trailing separator or `.` segments: compare it normalised.
    out[path.resolve(dir)] = decision;
  }
  const data: TrustStoreData = { version: 1, decisions: out };
  // Any other key is a person's (a comment, a `$schema`): kept as read. A null prototype makes a
  // `__proto__` key an ordinary one, written back as it came.
  const others = Object.entries(value).filter(([k]) => k !== 'version' && k !== 'decisions');
  if (others.length > 0) data.extra = Object.assign(Object.create(null) as Record<string, unknown>, Object.fromEntries(others));
  return data;
}

/** The store's contents; a missing file is an empty store. Throws TrustStoreError otherwise. */
export function readTrustStore(file: string, io: Pick<TrustStoreIo, 'fs'> = NODE_TRUST_IO): TrustStoreData {
  const F = io.fs;
  let text: string;
  try {
    const st = F.statSync(file, { throwIfNoEntry: false });
    if (st === undefined) return { version: 1, decisions: {} };
    if (!st.isFile()) throw new TrustStoreError(file, `trust store ${file} is not a regular file`);
    if (st.size > MAX_TRUST_STORE_BYTES)
      throw new TrustStoreError(file, `trust store ${file} is larger than ${MAX_TRUST_STORE_BYTES} bytes`);
    text = F.readFileSync(file, 'utf8');
  } catch (err) {
    if (err instanceof TrustStoreError) throw err;
    if (codeOf(err) === 'ENOENT') return { version: 1, decisions: {} };
    throw new TrustStoreError(file, `trust store ${file} cannot be read (${codeOf(err)})`);
  }
  return parseTrustStore(text, file);
}

/**
 * The effective decision for a canonical absolute directory: its own entry, else the nearest
 * ancestor's (`inheritedFrom`), else `unknown`. A hand-written entry for `/` is every path's
 * ancestor.
 */
export function lookupTrust(data: TrustStoreData, dir: string, P: Pick<typeof path, 'dirname'> = path): TrustLookup {
  for (let d = dir; ; d = P.dirname(d)) {
    const decision = Object.hasOwn(data.decisions, d) ? data.decisions[d] : undefined;
    if (decision !== undefined) return d === dir ? { decision } : { decision, inheritedFrom: d };
    if (P.dirname(d) === d) return { decision: 'unknown' };
  }
}

/**
 * The file the store at `file` really is: `file` itself, or the file its chain of symbolic links
 * ends at (which need not exist yet: the first write creates it there, as a shell's `>` would).
 */
function storeTarget(file: string, F: TrustFs): string {
  let current = file;
  for (let hops = 0; hops <= MAX_STORE_LINKS; hops++) {
    let link: string;
    try {
      link = F.readlinkSync(current);
    } catch (err) {
      const code = codeOf(err);
      if (code === 'EINVAL' || code === 'ENOENT' || code === 'UNKNOWN') return current; // not a link (or nothing there)
      throw new TrustStoreError(file, `trust store ${file} cannot be followed (${code} at ${current})`);
    }
    try {
      // `..` in the link is taken from the folder's real path, as the system takes it.
      current = path.resolve(F.realpathSync(path.dirname(current)), link);
    } catch (err) {
      throw new TrustStoreError(file, `trust store ${file} cannot be followed (${codeOf(err)} at ${path.dirname(current)})`);
    }
  }
  throw new TrustStoreError(file, `trust store ${file} is a chain of more than ${MAX_STORE_LINKS} symbolic links (ELOOP)`);
}

/** Whether process `pid` has ended (a pid on another machine or in another namespace counts as ended). */
function processGone(pid: number): boolean {
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return codeOf(err) === 'ESRCH';
  }
}

/**
 * When process `pid` started, as the kernel counts it (Linux: clock ticks since boot, field 22 of
 * /proc/<pid>/stat); undefined where the system does not say. With the pid it names one process
 * for ever: a lock whose pid was reused by a later process is told from a live one.
 */
function processStart(pid: number, F: TrustFs): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = String(F.readFileSync(`/proc/${pid}/stat`, 'latin1'));
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return /^\d+$/.test(start ?? '') ? start : undefined;
  } catch {
    return undefined;
  }
}

/** A lock file's record: `pid`, `start` (see processStart; `-` when unknown) and a date, one a line. */
interface LockRecord {
  pid: number;
  start?: string;
}

function lockText(F: TrustFs): string {
  return `${process.pid}\n${processStart(process.pid, F) ?? '-'}\n${new Date().toISOString()}\n`;
}

/** The record in a lock's text, or undefined when there is none (an empty or foreign file). */
function parseLockRecord(text: string): LockRecord | undefined {
  const [first, second] = text.split('\n');
  if (!/^[1-9][0-9]{0,9}$/.test(first ?? '')) return undefined;
  const pid = Number(first);
  if (!Number.isSafeInteger(pid)) return undefined;
  // Older records held the date on the second line, and no start.
  return /^\d+$/.test(second ?? '') ? { pid, start: second } : { pid };
}

/** What is at the lock's path, looked at without following a link or blocking on a FIFO. */
type LockState =
  | { kind: 'none' }
  | { kind: 'not-a-file'; what: string }
  | { kind: 'unreadable'; code: string; stat: fs.Stats }
  | { kind: 'file'; stat: fs.Stats; text: string; record?: LockRecord };

function describeKind(st: fs.Stats): string {
  if (st.isDirectory()) return 'a directory';
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

function lockState(lock: string, F: TrustFs): LockState {
  let st: fs.Stats;
  try {
    st = F.lstatSync(lock);
  } catch (err) {
    if (codeOf(err) === 'ENOENT') return { kind: 'none' };
    throw err;
  }
  if (!st.isFile()) return { kind: 'not-a-file', what: describeKind(st) };
  let fd: number;
  try {
    fd = F.openSync(lock, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = codeOf(err);
    if (code === 'ENOENT') return { kind: 'none' };
    if (code === 'ELOOP') return { kind: 'not-a-file', what: 'a symbolic link' };
    return { kind: 'unreadable', code, stat: st };
  }
  try {
    const opened = F.fstatSync(fd);
    if (!opened.isFile()) return { kind: 'not-a-file', what: describeKind(opened) };
    const buf = Buffer.alloc(MAX_LOCK_BYTES);
    const n = F.readSync(fd, buf, 0, buf.length, 0);
    const text = buf.subarray(0, n).toString('latin1');
    return { kind: 'file', stat: opened, text, record: parseLockRecord(text) };
  } catch (err) {
    return { kind: 'unreadable', code: codeOf(err), stat: st };
  } finally {
    F.closeSync(fd);
  }
}

/** Whether a lock file in state `state` was left by a writer that is no longer writing. */
function isStale(state: Extract<LockState, { kind: 'file' | 'unreadable' }>, io: TrustStoreIo, checkStart: boolean): boolean {
  const age = io.now() - state.stat.mtimeMs;
  if (age > STALE_LOCK_MS) return true;
  if (state.kind === 'unreadable') return false;
  const record = state.record;
  if (record === undefined) return age > EMPTY_LOCK_GRACE_MS;
  if (processGone(record.pid)) return true;
  // The start is looked up once per lock file (`checkStart`): it cannot change while the file stays.
  if (record.start === undefined || !checkStart) return false;
  const start = processStart(record.pid, io.fs);
  return start !== undefined && start !== record.start; // the pid now names another process
}

/**
 * One lock file, told from every other: its inode and its record. An inode number is reused as
 * soon as a file is removed, so the next holder's lock may well carry the last one's; the
 * record (pid, start, date to the millisecond) tells them apart. A lock that cannot be read is
 * told by its inode and mtime.
 */
function lockId(state: Extract<LockState, { kind: 'file' | 'unreadable' }>): string {
  return state.kind === 'file' ? recordId(state.stat, state.text) : mtimeId(state.stat);
}

function recordId(st: Pick<fs.Stats, 'dev' | 'ino'>, text: string): string {
  return `${st.dev}:${st.ino}:${text}`;
}

function mtimeId(st: Pick<fs.Stats, 'dev' | 'ino' | 'mtimeMs'>): string {
  return `${st.dev}:${st.ino}@${st.mtimeMs}`;
}

/**
 * The identity of the lock file at `lock` now, told the way `like` was (by record, or by mtime
 * for a lock that could not be read); undefined when none (or not one) is there.
 */
function lockIdAt(lock: string, like: string, F: TrustFs): string | undefined {
  try {
    const state = lockState(lock, F);
    if (state.kind !== 'file' && state.kind !== 'unreadable') return undefined;
    return like.startsWith(`${state.stat.dev}:${state.stat.ino}@`) ? mtimeId(state.stat) : lockId(state);
  } catch {
    return undefined;
  }
}

/** File systems that refuse hard links say one of these. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/**
 * Breaks the lock at `lock` if it is still the file that was judged stale (same lockId): it is
 * moved aside first, atomically, so of several writers breaking it at once only one succeeds, and
 * a fresh lock taken in between is put back rather than removed. Returns false
 * when the folder does not let this process move it (the caller reports it).
 */
function breakStaleLock(lock: string, judged: string, F: TrustFs): boolean {
  const aside = `${lock}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    F.renameSync(lock, aside);
  } catch (err) {
    const code = codeOf(err);
    return code !== 'EACCES' && code !== 'EPERM'; // ENOENT: already gone, somebody else broke it
  }
  if (lockIdAt(aside, judged, F) !== judged) {
    try {
      F.linkSync(aside, lock); // a live lock: restore it, unless another one is already there
    } catch (err) {
      if (NO_HARD_LINKS.has(codeOf(err)) && lockState(lock, F).kind === 'none') {
        try {
          F.renameSync(aside, lock);
        } catch {}
      }
    }
  }
  try {
    F.unlinkSync(aside);
  } catch {}
  return true;
}

/**
 * Creates the lock file with `text` in it and returns its lockId, or returns undefined when a
 * lock is already there. The record is written to a file of this process's own and hard-linked to
 * the lock's name, which creates the lock complete or not at all: a crash or a full disk can never
 * leave an empty lock. Where the file system has no hard links, the lock is created exclusively
 * and then written (and removed again if the write fails).
 */
function takeLock(lock: string, text: string, F: TrustFs): string | undefined {
  const own = `${lock}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeNew(own, text, F, false);
    const mine = F.lstatSync(own);
    try {
      F.linkSync(own, lock);
      return recordId(mine, text);
    } catch (err) {
      if (codeOf(err) === 'EEXIST') return undefined;
      if (!NO_HARD_LINKS.has(codeOf(err))) throw err;
    }
  } finally {
    try {
      F.unlinkSync(own);
    } catch {}
  }
  let fd: number;
  try {
    fd = F.openSync(lock, 'wx', 0o600);
  } catch (err) {
    if (codeOf(err) === 'EEXIST') return undefined;
    throw err;
  }
  try {
    F.writeSync(fd, text);
    return recordId(F.fstatSync(fd), text);
  } catch (err) {
    F.unlinkSync(lock); // never leave a lock without its record behind
    throw err;
  } finally {
    F.closeSync(fd);
  }
}

/**
 * Takes the lock file beside `target` (the file the store really is); returns its release.
 * Every turn of the loop takes the lock, breaks a stale one, sleeps or throws, and the wait is
 * checked on every turn (only the first few turns may skip the sleep), so it ends without
 * spinning whatever is at the lock's path: after LOCK_WAIT_MS with one holder, or
 * MAX_LOCK_WAIT_MS in all while many writers take the lock in turn. Throws TrustStoreError naming
 * `file` and the lock, saying what to do.
 */
function acquireLock(file: string, target: string, io: TrustStoreIo): () => void {
  const F = io.fs;
  const lock = `${target}.lock`;
  const text = lockText(F);
  const started = io.now();
  const fail = (why: string) => new TrustStoreError(file, `trust store ${file} cannot be locked: ${why}`);
  let holder = 'another process';
  /** The lock file seen last (its identity), and since when: a new one means the queue moves. */
  let seen: string | undefined;
  let since = started;
  for (let attempt = 0; ; attempt++) {
    const now = io.now();
    if (now - started > MAX_LOCK_WAIT_MS) {
      throw fail(`waited more than ${MAX_LOCK_WAIT_MS / 1000} s for the lock ${lock} while other writers took it in turn; try again`);
    }
    if (now - since > LOCK_WAIT_MS) throw fail(`${holder} has held the lock ${lock} for more than ${LOCK_WAIT_MS / 1000} s; try again`);
    // Look before taking: a waiter that only looks costs the holder nothing (taking writes a file).
    let state: LockState;
    try {
      state = lockState(lock, F);
    } catch (err) {
      throw fail(`the lock ${lock} cannot be looked at (${explained(err)})`);
    }
    // A lock file not seen before: another holder, so the queue moves (and its pid is checked afresh).
    const id = state.kind === 'file' || state.kind === 'unreadable' ? lockId(state) : undefined;
    const fresh = id !== undefined && id !== seen;
    if (fresh) {
      since = now;
      seen = id;
    }
    let retryNow = false;
    if (state.kind === 'none') {
      let mine: string | undefined;
      try {
        mine = takeLock(lock, text, F);
      } catch (err) {
        throw fail(`the lock ${lock} cannot be created (${explained(err)})`);
      }
      if (mine !== undefined) {
        const taken = mine;
        return () => {
          try {
            // Only our own lock: after a stall longer than STALE_LOCK_MS it may have been broken.
            if (lockIdAt(lock, taken, F) === taken) F.unlinkSync(lock);
          } catch {}
        };
      }
      retryNow = true; // taken by another writer in between: look at it at once
    } else if (state.kind === 'not-a-file') {
      throw fail(`${lock} is ${state.what}, not a lock file holaryn makes; remove it by hand and try again`);
    } else if (isStale(state, io, fresh)) {
      if (!breakStaleLock(lock, id!, F)) {
        throw fail(`the lock ${lock} was left behind, and this process may not remove it; remove it by hand and try again`);
      }
      retryNow = true;
    } else if (state.kind === 'unreadable') {
      if (now - since > UNREADABLE_LOCK_WAIT_MS) {
        throw fail(
          `the lock ${lock} cannot be read (${state.code}; it belongs to user ${state.stat.uid}), so holaryn cannot tell whether a live process holds it; if no holaryn of that user is running, remove it by hand and try again`,
        );
      }
    } else if (state.record) {
      holder = `process ${state.record.pid}`;
    }
    // Waiters back off, each by its own random share, so that they do not all look at once.
    if (!retryNow || attempt > 3) io.sleep(Math.round(Math.min(5 + attempt * 5, 50) * (0.5 + Math.random())));
  }
}

/** Creates `file` (which must not exist) holding `text`, mode 0600; removes it again on failure. */
function writeNew(file: string, text: string, F: TrustFs, sync: boolean): void {
  try {
    const fd = F.openSync(file, 'wx', 0o600);
    try {
      F.writeSync(fd, text);
      if (sync) F.fsyncSync(fd);
    } finally {
      F.closeSync(fd);
    }
  } catch (err) {
    try {
      F.unlinkSync(file);
    } catch {}
    throw err;
  }
}

/** The store's text: `version`, the sorted decisions, then the keys a person added, as they were. */
function storeText(data: TrustStoreData): string {
  const sorted = Object.fromEntries(Object.entries(data.decisions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  // Spread copies an own `__proto__` key as a plain property (never the prototype).
  return JSON.stringify({ version: 1, decisions: sorted, ...data.extra }, null, 2) + '\n';
}

/**
 * Writes `data` to `target` atomically with mode 0600 (temporary file in the same folder +
 * rename); errors name `file`, the path the caller gave.
 */
function writeAtomically(file: string, target: string, data: TrustStoreData, F: TrustFs): void {
  const temp = `${target}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeNew(temp, storeText(data), F, true);
    F.chmodSync(temp, 0o600); // the umask may have narrowed it; never widened
    F.renameSync(temp, target);
  } catch (err) {
    try {
      F.unlinkSync(temp);
    } catch {}
    const via = target === file ? '' : ` (a link to ${target})`;
    throw new TrustStoreError(file, `trust store ${file}${via} cannot be written (${explained(err)}); it is left as it was`);
  }
}

/**
 * Records `decision` for the canonical absolute directory `dir` (`unknown` removes its entry) and
 * returns the store as written. Read-modify-write under the lock: concurrent writers each keep
 * the others' entries. A corrupt store throws before anything is written.
 */
export function setTrustDecision(file: string, dir: string, decision: EffectiveTrust, io: TrustStoreIo = NODE_TRUST_IO): TrustStoreData {
  if (!path.isAbsolute(dir)) throw new TypeError(`a trust decision is stored for an absolute path, not ${JSON.stringify(dir)}`);
  if (isFilesystemRoot(dir)) throw new TypeError('a trust decision for the filesystem root is only written by hand');
  const folder = path.dirname(file);
  try {
    io.fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new TrustStoreError(file, `trust store folder ${folder} cannot be created (${explained(err)})`);
  }
  const target = storeTarget(file, io.fs);
  const release = acquireLock(file, target, io);
  try {
    const data = readTrustStore(file, io);
    const current = Object.hasOwn(data.decisions, dir) ? data.decisions[dir] : undefined;
    if (decision === 'unknown') delete data.decisions[dir];
    else data.decisions[dir] = decision;
    // Nothing to change: leave the file (and its mtime) alone, and do not create an empty store.
    if (current !== (decision === 'unknown' ? undefined : decision)) writeAtomically(file, target, data, io.fs);
    return data;
  } finally {
    release();
  }
}
