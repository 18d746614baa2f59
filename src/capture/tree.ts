/**
 * A tree on disk as a run sees it: a fingerprint (every path, kind, mode, link target and file
 * hash) to prove a run changed nothing, and its regular files for the drivers and extractors.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Every entry under `dir` (links not followed), sorted, with what it holds. */
function listing(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (abs: string, rel: string) => {
    for (const name of fs.readdirSync(abs).sort()) {
      const p = path.join(abs, name);
      const r = rel === '' ? name : `${rel}/${name}`;
      const st = fs.lstatSync(p);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.set(r, `link ${fs.readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(r, `dir ${mode}`);
        walk(p, r);
      } else if (st.isFile()) out.set(r, `file ${mode} ${createHash('sha256').update(fs.readFileSync(p)).digest('hex')}`);
      else out.set(r, `other ${mode}`);
    }
  };
  walk(dir, '');
  return out;
}

/** A fingerprint of a tree: every path, kind, mode, link target and file hash. */
export type Fingerprint = Map<string, string>;

export function fingerprint(dir: string): Fingerprint {
  return listing(dir);
}

/** What differs between two fingerprints, one line per path; [] when none. */
export function changes(before: Fingerprint, after: Fingerprint): string[] {
  const lines: string[] = [];
  for (const [p, v] of before) {
    const now = after.get(p);
    if (now === undefined) lines.push(`removed ${p}`);
    else if (now !== v) lines.push(`changed ${p}`);
  }
  for (const p of after.keys()) if (!before.has(p)) lines.push(`added ${p}`);
  return lines;
}

/** Which entries regularFiles leaves out (a folder's whole subtree), by name and size. */
export interface FileFilter {
  skipFolder?(name: string): boolean;
  /** Files larger than this many bytes are left out. */
  maxBytes?: number;
}

/** The regular files under `dir` (links not followed) by absolute path, with their bytes. */
export function regularFiles(dir: string, into = new Map<string, Uint8Array>(), filter: FileFilter = {}): Map<string, Uint8Array> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!filter.skipFolder?.(e.name)) regularFiles(p, into, filter);
    } else if (e.isFile() && (filter.maxBytes === undefined || fs.statSync(p).size <= filter.maxBytes)) into.set(p, fs.readFileSync(p));
  }
  return into;
}
