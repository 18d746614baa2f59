/**
 * Reading a file's raw bytes for an agent profile. Holaryn's own reader refuses text that is not
 * UTF-8; agents do not (Codex decodes lossily, Kimi fails), so a profile gets the bytes and
 * decodes them the agent's way. At most `cap` bytes are read and kept, so neither memory nor time
 * grows with the file's size; a larger file is hashed as those bytes plus its size and mtime
 * (read.ts's boundedDigest).
 */
import { createHash } from 'node:crypto';
import type { FileCache } from '../../cache';
import { FsError, FsStat, ResolverFs } from '../../fs';
import { READ_CHUNK_BYTES } from '../../limits';
import { type RawRead, boundedDigest } from '../../read';

/**
 * Reads the regular file `canonical` (a path with no symbolic link), checked as `expected`; with
 * a `cache`, a file unchanged since an earlier call is not read again. The bytes given back may be
 * shared with other callers: read them, never change them.
 */
export function readRawFile(fs: ResolverFs, canonical: string, expected: FsStat, cap: number, cache?: FileCache): RawRead {
  const kept = cache?.getRaw(canonical, expected, cap);
  if (kept) return kept;
  const read = readRawFileOnce(fs, canonical, expected, cap);
  if (read.ok) cache?.setRaw(canonical, expected, cap, read);
  return read;
}

/** One read buffer for every file: reads are synchronous and every kept byte is copied out. */
const sharedChunk = new Uint8Array(READ_CHUNK_BYTES);

function readRawFileOnce(fs: ResolverFs, canonical: string, expected: FsStat, cap: number): RawRead {
  let reader;
  try {
    reader = fs.open(canonical, expected);
  } catch (err) {
    const code = err instanceof FsError ? err.code : 'EIO';
    return { ok: false, message: code === 'ECHANGED' ? 'file changed while being read' : `file cannot be read (${code})` };
  }
  try {
    const hash = createHash('sha256');
    const chunk = sharedChunk;
    const kept: Uint8Array[] = [];
    let total = 0;
    // A file within the cap is read to its end (so one that grows is noticed); a larger one only up to the cap.
    const partial = expected.size > cap;
    const limit = partial ? cap : Infinity;
    while (total < limit) {
      const n = reader.read(partial ? chunk.subarray(0, Math.min(chunk.length, cap - total)) : chunk);
      if (n === 0) break;
      total += n;
      if (total > expected.size) return { ok: false, message: 'file changed while being read' };
      const data = chunk.subarray(0, n);
      hash.update(data);
      kept.push(data.slice());
    }
    const size = partial ? expected.size : total;
    const sha256 = partial ? boundedDigest(hash, expected) : hash.digest('hex');
    return { ok: true, bytes: Buffer.concat(kept), size, sha256, tooLarge: size > cap };
  } catch (err) {
    return { ok: false, message: `file cannot be read (${err instanceof FsError ? err.code : 'EIO'})` };
  } finally {
    reader.close();
  }
}
