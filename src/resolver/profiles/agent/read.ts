/**
 * Reading a file's raw bytes for an agent profile. Holaryn's own reader refuses text that is not
 * UTF-8; agents do not (Codex decodes lossily, Kimi fails), so a profile gets the bytes and
 * decodes them the agent's way. The whole file is hashed; at most `cap` bytes are kept, so memory
 * stays bounded whatever the file's size.
 */
import { createHash } from 'node:crypto';
import type { FileCache } from '../../cache';
import { FsError, FsStat, ResolverFs } from '../../fs';
import { READ_CHUNK_BYTES } from '../../limits';

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
    const chunk = new Uint8Array(READ_CHUNK_BYTES);
    const kept: Uint8Array[] = [];
    let keptBytes = 0;
    let total = 0;
    for (;;) {
      const n = reader.read(chunk);
      if (n === 0) break;
      total += n;
      if (total > expected.size) return { ok: false, message: 'file changed while being read' };
      const data = chunk.subarray(0, n);
      hash.update(data);
      if (keptBytes < cap) {
        const take = Math.min(n, cap - keptBytes);
        kept.push(data.slice(0, take));
        keptBytes += take;
      }
    }
    return { ok: true, bytes: Buffer.concat(kept), size: total, sha256: hash.digest('hex'), tooLarge: total > cap };
  } catch (err) {
    return { ok: false, message: `file cannot be read (${err instanceof FsError ? err.code : 'EIO'})` };
  } finally {
    reader.close();
  }
}
