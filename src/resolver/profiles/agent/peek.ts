/**
 * Reading a small file during discovery, for profiles whose agent decides what to load from a
 * file's own text (Copilot's `applyTo`, Claude Code's rule `paths` and `@imports`). Links are
 * followed; a file whose real path the call's boundary does not show is not read (its text is
 * never shown either: see boundary.ts and LoadRule `follow-disclose`). Never throws.
 */
import type { FileCache } from '../../cache';
import type { EntryKind, ResolverFs } from '../../fs';
import { canonicalize } from '../../paths';
import { readRawFile } from './read';
import { decodeLossy } from './text';

export type Peeked =
  | { ok: true; text: string; canonical: string; size: number }
  | { ok: false; why: 'missing' | 'not-a-file' | 'outside' | 'unreadable' | 'too-large'; canonical?: string };

/**
 * The text of `abs` (lossy UTF-8, at most `cap` bytes), or why not; `cache` spares reading an
 * unchanged file again. `shows` decides from the real path whether it may be read at all (the
 * call's Boundary; null: the user's own file, read wherever it leads).
 */
export function peekText(
  fs: ResolverFs,
  abs: string,
  shows: ((real: string) => boolean) | null,
  cap: number,
  maxSize = Infinity,
  cache?: FileCache,
): Peeked {
  try {
    const c = canonicalize(fs, abs);
    if (!c.exists) return { ok: false, why: 'missing' };
    if (shows !== null && !shows(c.path)) return { ok: false, why: 'outside', canonical: c.path };
    const st = fs.stat(c.path);
    if (!st) return { ok: false, why: 'missing' };
    if (st.kind !== 'file') return { ok: false, why: 'not-a-file', canonical: c.path };
    if (st.size > maxSize) return { ok: false, why: 'too-large', canonical: c.path };
    const raw = readRawFile(fs, c.path, st, cap, cache);
    if (!raw.ok) return { ok: false, why: 'unreadable', canonical: c.path };
    return { ok: true, text: decodeLossy(raw.bytes).text, canonical: c.path, size: raw.size };
  } catch {
    return { ok: false, why: 'unreadable' };
  }
}

/** The names in a directory as stored, or [] when it cannot be listed. */
export function listNames(fs: ResolverFs, dir: string): string[] {
  try {
    const st = fs.stat(dir);
    if (!st || st.kind !== 'directory') return [];
    if (fs.entryNames) return fs.entryNames(dir);
    if (fs.listKinds) return [...fs.listKinds(dir).keys()];
  } catch {
    // an unreadable directory lists nothing
  }
  return [];
}

/** The names in a directory in the order the file system lists them (ResolverFs.entriesInOrder), or [] when it cannot be listed. */
export function listInOrder(fs: ResolverFs, dir: string): string[] {
  if (!fs.entriesInOrder) return listNames(fs, dir);
  try {
    const st = fs.stat(dir);
    return st && st.kind === 'directory' ? fs.entriesInOrder(dir) : [];
  } catch {
    return [];
  }
}

/** What `abs` leads to (links followed): `file`, `directory`, `other`, or undefined when missing. */
export function kindOf(fs: ResolverFs, abs: string): 'file' | 'directory' | 'other' | undefined {
  try {
    const st = fs.stat(abs);
    if (!st) return undefined;
    return st.kind === 'file' || st.kind === 'directory' ? st.kind : 'other';
  } catch {
    return undefined;
  }
}

/** Whether `abs` itself is a symbolic link (not followed); false when it cannot be looked at. */
export function isSymlink(fs: ResolverFs, abs: string): boolean {
  try {
    return fs.lstat(abs)?.kind === 'symlink';
  } catch {
    return false;
  }
}

/**
 * A directory's entries as stored, each with its own kind (links not followed), in one listing
 * where the file system lists kinds; [] when it cannot be listed.
 */
export function listEntries(fs: ResolverFs, dir: string): { name: string; kind: EntryKind | undefined }[] {
  try {
    if (fs.listKinds) return [...fs.listKinds(dir)].map(([name, kind]) => ({ name, kind }));
  } catch {
    return []; // not a directory, or not listable
  }
  return listNames(fs, dir).map((name) => {
    try {
      return { name, kind: fs.lstat(fs.path.join(dir, name))?.kind };
    } catch {
      return { name, kind: undefined };
    }
  });
}
