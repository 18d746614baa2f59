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
}

/** The decision that applies to one directory, and where it came from. */
export interface TrustLookup {
  decision: EffectiveTrust;
  /** The ancestor whose entry decided; absent when the directory's own entry did, or none did. */
  inheritedFrom?: string;
}

/** The file name inside `$HOLARYN_HOME`. */
export const TRUST_STORE_FILE = 'trust.json';

/** A lock older than this is taken to be left behind by a process that stopped (docs/profiles.md §5). */
export const STALE_LOCK_MS = 10_000;

/**
 * How long a writer waits for a live lock before giving up. Longer than STALE_LOCK_MS, so a
 * lock left by a killed process is always broken before a waiting writer gives up on it.
 */
export const LOCK_WAIT_MS = 15_000;

/** The largest store read (a hand-edited file of a few thousand entries is a few hundred KB). */
export const MAX_TRUST_STORE_BYTES = 16 * 1024 * 1024;

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
  return { version: 1, decisions: out };
}

/** The store's contents; a missing file is an empty store. Throws TrustStoreError otherwise. */
export function readTrustStore(file: string): TrustStoreData {
  let text: string;
  try {
    const st = fs.statSync(file, { throwIfNoEntry: false });
    if (st === undefined) return { version: 1, decisions: {} };
    if (!st.isFile()) throw new TrustStoreError(file, `trust store ${file} is not a regular file`);
    if (st.size > MAX_TRUST_STORE_BYTES)
      throw new TrustStoreError(file, `trust store ${file} is larger than ${MAX_TRUST_STORE_BYTES} bytes`);
    text = fs.readFileSync(file, 'utf8');
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

/** Waits without spinning the CPU (sync: the store's callers are synchronous). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function processGone(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return codeOf(err) === 'ESRCH';
  }
}

/** The lock's owner as written into it: `pid` on the first line. */
function lockOwner(text: string): number | undefined {
  const pid = Number(text.split('\n')[0]);
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Breaks the lock at `lock` if it is the one that was judged stale (same text): it is moved
 * aside first, atomically, so of several writers breaking it at once only one succeeds, and a
 * fresh lock taken in between (different text) is put back rather than removed.
 */
function breakStaleLock(lock: string, seen: string): void {
  const aside = `${lock}.stale-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    fs.renameSync(lock, aside);
  } catch {
    return; // already gone: somebody else broke it or its owner finished
  }
  let moved = '';
  try {
    moved = fs.readFileSync(aside, 'utf8');
  } catch {}
  if (moved !== seen) {
    try {
      fs.linkSync(aside, lock); // a live lock: restore it, unless another one is already there
    } catch {}
  }
  try {
    fs.unlinkSync(aside);
  } catch {}
}

/** Takes the lock file beside `file`; returns its release. Throws TrustStoreError on timeout. */
function acquireLock(file: string, now: () => number = Date.now): () => void {
  const lock = `${file}.lock`;
  const started = now();
  for (let attempt = 0; ; attempt++) {
    let fd: number | undefined;
    try {
      fd = fs.openSync(lock, 'wx', 0o600);
    } catch (err) {
      if (codeOf(err) !== 'EEXIST') throw new TrustStoreError(file, `trust store lock ${lock} cannot be created (${codeOf(err)})`);
    }
    if (fd !== undefined) {
      const text = `${process.pid}\n${new Date().toISOString()}\n`;
      try {
        fs.writeSync(fd, text);
      } finally {
        fs.closeSync(fd);
      }
      return () => {
        try {
          // Only our own lock: after a stall longer than STALE_LOCK_MS it may have been broken.
          if (fs.readFileSync(lock, 'utf8') === text) fs.unlinkSync(lock);
        } catch {}
      };
    }
    let seen: string | undefined;
    let age: number;
    try {
      seen = fs.readFileSync(lock, 'utf8');
      age = now() - fs.statSync(lock).mtimeMs;
    } catch {
      continue; // released between the two calls: try again at once
    }
    const owner = lockOwner(seen);
    if (age > STALE_LOCK_MS || (owner !== undefined && processGone(owner))) {
      breakStaleLock(lock, seen);
      continue;
    }
    if (now() - started > LOCK_WAIT_MS) {
      throw new TrustStoreError(file, `trust store ${file} is locked by process ${owner ?? '?'} (${lock}); try again`);
    }
    sleepSync(Math.min(5 + attempt * 5, 50));
  }
}

/** Writes `data` to `file` atomically with mode 0600 (temporary file in the same folder + rename). */
function writeAtomically(file: string, data: TrustStoreData): void {
  const sorted = Object.fromEntries(Object.entries(data.decisions).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const text = JSON.stringify({ version: 1, decisions: sorted }, null, 2) + '\n';
  const temp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const fd = fs.openSync(temp, 'wx', 0o600);
    try {
      fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.chmodSync(temp, 0o600); // the umask may have narrowed it; never widened
    fs.renameSync(temp, file);
  } catch (err) {
    try {
      fs.unlinkSync(temp);
    } catch {}
    throw new TrustStoreError(file, `trust store ${file} cannot be written (${codeOf(err)})`);
  }
}

/**
 * Records `decision` for the canonical absolute directory `dir` (`unknown` removes its entry) and
 * returns the store as written. Read-modify-write under the lock: concurrent writers each keep
 * the others' entries. A corrupt store throws before anything is written.
 */
export function setTrustDecision(file: string, dir: string, decision: EffectiveTrust): TrustStoreData {
  if (!path.isAbsolute(dir)) throw new TypeError(`a trust decision is stored for an absolute path, not ${JSON.stringify(dir)}`);
  if (isFilesystemRoot(dir)) throw new TypeError('a trust decision for the filesystem root is only written by hand');
  const folder = path.dirname(file);
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new TrustStoreError(file, `trust store folder ${folder} cannot be created (${codeOf(err)})`);
  }
  const release = acquireLock(file);
  try {
    const data = readTrustStore(file);
    const current = Object.hasOwn(data.decisions, dir) ? data.decisions[dir] : undefined;
    if (decision === 'unknown') delete data.decisions[dir];
    else data.decisions[dir] = decision;
    // Nothing to change: leave the file (and its mtime) alone, and do not create an empty store.
    if (current !== (decision === 'unknown' ? undefined : decision)) writeAtomically(file, data);
    return data;
  } finally {
    release();
  }
}
