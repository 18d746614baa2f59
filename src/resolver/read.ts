/**
 * Reading one instruction file: streamed in fixed chunks, validated as UTF-8 (NUL bytes refused or
 * kept, as the reader is told), and capped at MAX_CONTENT_BYTES of kept text. Only the bytes that
 * can reach the model are read: a larger file is read up to the cap and hashed as those bytes plus
 * its size and mtime (boundedDigest), so neither memory nor time grows with a file's size. The
 * hash and the content always come from the same bytes: a file that changes while being read is
 * read again, then refused.
 */
import { createHash } from 'node:crypto';
import { FsError, FsStat, ResolverFs, isUtf8Bytes } from './fs';
import { MAX_CONTENT_BYTES, READ_CHUNK_BYTES } from './limits';
import { canonicalize } from './paths';

/** A file's raw bytes as an agent profile reads them (profiles/agent/read.ts), and what the file cache keeps of them. */
export type RawRead =
  | {
      ok: true;
      /** The first `cap` bytes (all of them unless `tooLarge`). */
      bytes: Uint8Array;
      /** The file's size in bytes. */
      size: number;
      sha256: string;
      tooLarge: boolean;
    }
  | { ok: false; message: string };

export type ReadResult =
  | {
      ok: true;
      sha256: string;
      bytes: number;
      /** Decoded text of the kept bytes, leading BOM dropped (kept with ReadOptions.keepBom). */
      text: string;
      /** True when the file was larger than MAX_CONTENT_BYTES and `text` is its first part. */
      tooLarge: boolean;
      /** Lossy decoding only: the bytes were not valid UTF-8 and U+FFFD replaced what was not. */
      replaced?: boolean;
      /** The bytes read hold NUL bytes, kept as U+0000 (a lossy reading, or ReadOptions.keepNul). */
      nul?: boolean;
      /**
       * With ReadOptions.rawBytes: the kept bytes as read, present only when `text` does not
       * encode back to them (U+FFFD replaced bytes, or a BOM was dropped).
       */
      raw?: Uint8Array;
      /**
       * The status of the file the bytes were read from (it differs from the one passed in when
       * the file changed and was read again): a cache must be keyed by this one.
       */
      stat: FsStat;
    }
  | {
      ok: false;
      message: string;
      /** The I/O error the read failed with (EACCES, ENOENT…), when it failed on one. */
      code?: string;
      /**
       * Present when the bytes themselves are refused (NUL bytes, not UTF-8): the status they were
       * read with. Such a failure lasts as long as the content; any other (a permission error, a
       * file that vanished or kept changing) may not happen again.
       */
      stat?: FsStat;
    };

/** How a file's bytes become text; every option defaults to Holaryn's own reading. */
export interface ReadOptions {
  /** Bytes that are not UTF-8 become U+FFFD (NUL bytes kept) instead of refusing the file. */
  readonly lossy?: boolean;
  /** Keep a leading byte-order mark as U+FEFF instead of dropping it. */
  readonly keepBom?: boolean;
  /** Keep the bytes as read (ReadResult.raw) where the text would not give them back. */
  readonly rawBytes?: boolean;
  /** With strict decoding: keep NUL bytes (valid UTF-8) instead of refusing the file. Lossy keeps them anyway. */
  readonly keepNul?: boolean;
}

/** Bytes read of a file at most: the content cap, plus what completes a code point cut there. */
export const READ_BYTES = MAX_CONTENT_BYTES + 4;

/**
 * The hash of a file read only in part: SHA-256 over the bytes read, then its size and mtime. A
 * file whose tail changes keeps its hash only if its size and mtime stay the same too, which is
 * what a cache keyed by path, size, mtime and inode already assumes (docs/contract.md §7).
 */
export function boundedDigest(hash: { update(data: string): unknown; digest(encoding: 'hex'): string }, st: FsStat): string {
  hash.update(`\0holaryn-unread-tail:size=${st.size}:mtimeMs=${st.mtimeMs}`);
  return hash.digest('hex');
}

/** The hash of a file that is not read at all (only reported): its size and mtime. */
export function unreadDigest(st: FsStat): string {
  return boundedDigest(createHash('sha256'), st);
}

/** Attempts when a file changes under us before giving up. */
const READ_ATTEMPTS = 3;

/** Index where a trailing incomplete UTF-8 sequence starts (the length when there is none). */
export function completeUtf8Prefix(bytes: Uint8Array, end = bytes.length): number {
  let i = end - 1;
  let continuation = 0;
  while (i >= 0 && continuation < 3 && (bytes[i] & 0xc0) === 0x80) {
    i--;
    continuation++;
  }
  if (i < 0) return end;
  const lead = bytes[i];
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return end - i < need ? i : end;
}

/** One read buffer for every file: reads are synchronous and every kept byte is copied out. */
const sharedChunk = new Uint8Array(READ_CHUNK_BYTES);

function readOnce(fs: ResolverFs, path: string, expected: FsStat, options: ReadOptions): ReadResult | 'changed' {
  const lossy = options.lossy === true;
  const refuseNul = !lossy && options.keepNul !== true;
  const reader = fs.open(path, expected);
  try {
    const hash = createHash('sha256');
    const chunk = sharedChunk;
    const kept: Uint8Array[] = [];
    let total = 0;
    // Up to three bytes of a code point split across chunks, carried into the next check.
    let pending: Uint8Array = new Uint8Array(0);
    let invalid: string | undefined;
    let nul = false;
    // Only the bytes that can reach the model are read; the rest is known by its size and mtime.
    const partial = expected.size > READ_BYTES;
    while (total < READ_BYTES) {
      const n = reader.read(chunk.subarray(0, Math.min(chunk.length, READ_BYTES - total)));
      if (n === 0) break;
      total += n;
      // More bytes than the file had when it was checked: it is growing (or is a /proc-like
      // file whose size means nothing). Stop here rather than follow a writer for ever.
      if (total > expected.size) return 'changed';
      const data = chunk.subarray(0, n);
      hash.update(data);
      kept.push(data.slice());
      if (invalid === undefined) {
        if (data.indexOf(0) !== -1) {
          nul = true;
          if (refuseNul) invalid = 'contains NUL bytes (a binary file)';
        }
        if (invalid === undefined) {
          const joined = pending.length > 0 ? Buffer.concat([pending, data]) : data;
          // A file read only in part ends at a cut, not at the file's end: a code point split
          // there is not an error.
          const cut = completeUtf8Prefix(joined);
          if (!isUtf8Bytes(joined.subarray(0, cut))) invalid = 'is not valid UTF-8';
          pending = joined.slice(cut);
        }
      }
    }
    if (invalid === undefined && pending.length > 0 && !partial) invalid = 'is not valid UTF-8 (truncated sequence at the end)';
    const after = reader.stat();
    if (
      after.size !== expected.size ||
      (!partial && total !== after.size) ||
      after.mtimeMs !== expected.mtimeMs ||
      after.ino !== expected.ino ||
      after.dev !== expected.dev
    )
      return 'changed';
    if (invalid !== undefined && !lossy) return { ok: false, message: `file ${invalid}`, stat: after };
    // The hash and the text come from the same bytes, read once.
    const all = Buffer.concat(kept);
    const tooLarge = after.size > MAX_CONTENT_BYTES;
    const end = tooLarge ? completeUtf8Prefix(all, MAX_CONTENT_BYTES) : all.length;
    let text = all.toString('utf8', 0, end);
    const dropBom = !options.keepBom && text.charCodeAt(0) === 0xfeff;
    if (dropBom) text = text.slice(1);
    const sha256 = partial ? boundedDigest(hash, after) : hash.digest('hex');
    const read: ReadResult = { ok: true, sha256, bytes: after.size, text, tooLarge, stat: after };
    if (invalid !== undefined) read.replaced = true;
    if (nul) read.nul = true;
    if (options.rawBytes && (invalid !== undefined || dropBom)) read.raw = all.subarray(0, end);
    return read;
  } finally {
    reader.close();
  }
}

/**
 * The file's status for another attempt, or why there is none. `path` was checked (canonical and
 * inside the root) before the first attempt; a file that changed since is read again only when
 * that still holds: still a regular file, not a symlink, and no directory on its path replaced
 * by a symlink. Anything else is skipped, never followed.
 */
function recheck(fs: ResolverFs, path: string): FsStat | string {
  let st: FsStat | undefined;
  try {
    st = fs.lstat(path);
    if (!st) return 'file vanished while being read';
    if (st.kind !== 'file') return 'file was replaced by something that is not a regular file while being read';
    if (canonicalize(fs, path).path !== path) return 'a directory on the path of the file was replaced while being read';
  } catch (err) {
    return `file changed while being read (${err instanceof FsError ? err.code : 'EIO'})`;
  }
  return st;
}

const STRICT: ReadOptions = Object.freeze({ lossy: false });
const LOSSY: ReadOptions = Object.freeze({ lossy: true });

/**
 * Reads a regular file whose status (`expected`, from stat) was already checked. `how`: `true`
 * reads lossily (bytes that are not UTF-8 become U+FFFD and NUL bytes are kept, instead of
 * refusing the file), or ReadOptions.
 */
export function readInstructionFile(fs: ResolverFs, path: string, expected: FsStat, how: boolean | ReadOptions = false): ReadResult {
  const options = typeof how === 'boolean' ? (how ? LOSSY : STRICT) : how;
  let st = expected;
  for (let attempt = 0; attempt < READ_ATTEMPTS; attempt++) {
    let result: ReadResult | 'changed';
    try {
      result = readOnce(fs, path, st, options);
    } catch (err) {
      if (!(err instanceof FsError && err.code === 'ECHANGED')) {
        const code = err instanceof FsError ? err.code : 'EIO';
        const why = code === 'ELOOP' ? 'was replaced by a symbolic link' : code === 'ENOENT' ? 'vanished' : `cannot be read (${code})`;
        return { ok: false, message: `file ${why}`, code };
      }
      result = 'changed';
    }
    if (result !== 'changed') return result;
    const again = recheck(fs, path);
    if (typeof again === 'string') return { ok: false, message: again };
    st = again;
  }
  return { ok: false, message: 'file kept changing while being read' };
}
