/** A case's files on disk: laying them out, and a fingerprint to prove a run changed nothing. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { OracleEntry } from './case';

/** The run's own directories, as case text names them (`{{root}}`, `{{home}}`, `{{outside}}`). */
export interface Places {
  root: string;
  home: string;
  outside: string;
}

export function expand(text: string, places: Places): string {
  return text.replace(/\{\{(root|home|outside)\}\}/g, (_, name: keyof Places) => places[name]);
}

/** Lays `entries` out under `dir` (which exists): folders, then files, then links. */
export function writeTree(dir: string, entries: Record<string, OracleEntry>, places: Places): void {
  const at = (rel: string) => {
    if (rel.split('/').some((s) => s === '..')) throw new Error(`a case path may not leave its folder: ${rel}`);
    return path.join(dir, rel);
  };
  const all = Object.entries(entries);
  for (const [rel, e] of all) if (typeof e === 'object' && 'dir' in e) fs.mkdirSync(at(rel), { recursive: true });
  for (const [rel, e] of all) {
    if (typeof e === 'string' || 'bytes' in e) {
      fs.mkdirSync(path.dirname(at(rel)), { recursive: true });
      fs.writeFileSync(at(rel), typeof e === 'string' ? expand(e, places) : Buffer.from(e.bytes));
    }
  }
  for (const [rel, e] of all) {
    if (typeof e === 'object' && 'link' in e) {
      fs.mkdirSync(path.dirname(at(rel)), { recursive: true });
      fs.symlinkSync(expand(e.link, places), at(rel));
    }
  }
}

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

/** The regular files under `dir` (links not followed) by absolute path, with their bytes. */
export function regularFiles(dir: string, into = new Map<string, Uint8Array>()): Map<string, Uint8Array> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) regularFiles(p, into);
    else if (e.isFile()) into.set(p, fs.readFileSync(p));
  }
  return into;
}
