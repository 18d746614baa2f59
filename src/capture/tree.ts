/**
 * A tree on disk as a run sees it: a fingerprint to prove the real repository did not change
 * (every path's kind, mode, size, times and inode, link targets; no file is read, so a huge or
 * sparse file costs one stat), and its regular files for the drivers and extractors. Both walks
 * are iterative (no depth limit of their own), never throw for an entry they cannot read, and
 * stop at a bound, saying so.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** A fingerprint of a tree, and whether it covers the whole tree. */
export interface Fingerprint {
  readonly entries: Map<string, string>;
  /** Why the walk stopped early or left entries out (unreadable folders), when it did. */
  readonly incomplete: string | null;
}

/** The most entries a fingerprint holds (a larger tree is fingerprinted up to this many, and says so). */
export const FINGERPRINT_LIMIT = 1_000_000;

function statLine(st: fs.Stats, abs: string): string {
  const mode = (st.mode & 0o7777).toString(8);
  if (st.isSymbolicLink()) {
    let target = '';
    try {
      target = fs.readlinkSync(abs);
    } catch {}
    return `link ${target}`;
  }
  const kind = st.isDirectory() ? 'dir' : st.isFile() ? 'file' : 'other';
  return `${kind} ${mode} ${kind === 'dir' ? '' : st.size} ${st.mtimeMs} ${st.ctimeMs} ${st.ino}`;
}

/** Every entry under `dir` (links not followed) with what stat says of it. */
export function fingerprint(dir: string, limit = FINGERPRINT_LIMIT): Fingerprint {
  const entries = new Map<string, string>();
  const skipped: string[] = [];
  const stack: string[] = [''];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    let names: string[];
    try {
      names = fs.readdirSync(rel === '' ? dir : path.join(dir, rel));
    } catch (err) {
      skipped.push(`${rel || '.'} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`);
      continue;
    }
    for (const name of names) {
      if (entries.size >= limit) return { entries, incomplete: `stopped after ${limit} entries` };
      const r = rel === '' ? name : `${rel}/${name}`;
      const abs = path.join(dir, r);
      let st: fs.Stats;
      try {
        st = fs.lstatSync(abs);
      } catch (err) {
        skipped.push(`${r} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`);
        continue;
      }
      entries.set(r, statLine(st, abs));
      if (st.isDirectory()) stack.push(r);
    }
  }
  return { entries, incomplete: skipped.length > 0 ? `could not read ${skipped.slice(0, 3).join(', ')}` : null };
}

/** What differs between two fingerprints, one line per path; [] when none. */
export function changes(before: Fingerprint, after: Fingerprint): string[] {
  const lines: string[] = [];
  for (const [p, v] of before.entries) {
    const now = after.entries.get(p);
    if (now === undefined) lines.push(`removed ${p}`);
    else if (now !== v) lines.push(`changed ${p}`);
  }
  for (const p of after.entries.keys()) if (!before.entries.has(p)) lines.push(`added ${p}`);
  return lines;
}

/** Which entries regularFiles leaves out (a folder's whole subtree), by name and size. */
export interface FileFilter {
  skipFolder?(name: string): boolean;
  /** Files larger than this many bytes are left out. */
  maxBytes?: number;
  /** At most this many files are read (default 100,000). */
  maxFiles?: number;
}

/** The regular files under `dir` (links not followed) by absolute path, with their bytes, in depth-first order. */
export function regularFiles(dir: string, into = new Map<string, Uint8Array>(), filter: FileFilter = {}): Map<string, Uint8Array> {
  const maxFiles = filter.maxFiles ?? 100_000;
  const stack: { path: string; folder: boolean }[] = [{ path: dir, folder: true }];
  let read = 0;
  while (stack.length > 0 && read < maxFiles) {
    const at = stack.pop()!;
    if (!at.folder) {
      try {
        if (filter.maxBytes !== undefined && fs.statSync(at.path).size > filter.maxBytes) continue;
        into.set(at.path, fs.readFileSync(at.path));
        read++;
      } catch {}
      continue;
    }
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(at.path, { withFileTypes: true });
    } catch {
      continue;
    }
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      const p = path.join(at.path, e.name);
      if (e.isDirectory() && !filter.skipFolder?.(e.name)) stack.push({ path: p, folder: true });
      else if (e.isFile()) stack.push({ path: p, folder: false });
    }
  }
  return into;
}
