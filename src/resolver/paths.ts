/**
 * Canonical paths and containment (spec sections 1 and 2). Paths resolve as the OS resolves them:
 * symlinks first, then `..` against the link's real location; a path that does not exist yet
 * resolves through its deepest existing ancestor, and a dangling symlink through its link text.
 */
import { FsError, PathApi, ResolverFs } from './fs';
import { MAX_SYMLINK_HOPS } from './limits';

export interface CanonicalPath {
  /** Absolute canonical path (symlinks resolved as far as entries exist). */
  path: string;
  /** Whether the whole path exists. */
  exists: boolean;
}

function components(P: PathApi, p: string): string[] {
  // Both separators on Windows; only `/` on POSIX (where `\` is an ordinary name character).
  const parts = P.sep === '\\' ? p.split(/[\\/]+/) : p.split('/');
  return parts.filter((part) => part.length > 0);
}

/**
 * Canonicalises `p` (absolute, or relative to `base`, which must itself be canonical).
 * Throws FsError `ELOOP` when symlinks do not terminate.
 */
export function canonicalize(fs: ResolverFs, p: string, base?: string): CanonicalPath {
  const P = fs.path;
  if (P.sep === '\\' && base !== undefined) p = onBaseDrive(P, p, base);
  const absolute = P.isAbsolute(p) || base === undefined;
  // The OS's realpath is one call, but only an unnormalised path keeps `..` after symlinks right.
  if (fs.realpath) {
    try {
      return { path: fs.realpath(absolute ? p : `${base}${P.sep}${p}`), exists: true };
    } catch (err) {
      const code = (err as FsError).code;
      // Missing entries and dangling links take the slow walk below; anything else is real.
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
    }
  }
  let current: string;
  let queue: string[];
  if (absolute) {
    const parsed = P.parse(p);
    current = parsed.root || P.sep;
    queue = components(P, p.slice(parsed.root.length));
  } else {
    current = base!;
    queue = components(P, p);
  }
  let missing = false;
  // While `missing`: the deepest existing entry on the way (a directory, or a file used as one),
  // which `current` is lexically at or below. A `..` that climbs back to it or above leaves the
  // missing part (`new/../a.ts`, `a.ts/../b.ts`): the rest resolves on disk again, so a path
  // naming an existing entry is never reported missing.
  let lastExisting = '';
  let hops = 0;
  while (queue.length > 0) {
    const part = queue.shift()!;
    if (part === '.') continue;
    if (part === '..') {
      // `current` is canonical (or lexically below the deepest existing ancestor), so its
      // parent is the real parent.
      current = P.dirname(current);
      if (missing && isInside(P, current, lastExisting)) missing = false;
      continue;
    }
    const next = P.join(current, part);
    if (missing) {
      current = next;
      continue;
    }
    const st = fs.lstat(next);
    if (!st) {
      missing = true;
      // `current` exists: take its name as the disk stores it (its case, on a case-insensitive
      // disk), as the realpath of an existing path would.
      lastExisting = storedCase(fs, current);
      current = P.join(lastExisting, part);
      continue;
    }
    if (st.kind === 'symlink') {
      if (++hops > MAX_SYMLINK_HOPS) throw new FsError('ELOOP', `too many levels of symbolic links: ${p}`);
      const text = fs.readlink(next);
      if (P.isAbsolute(text)) {
        const parsed = P.parse(text);
        current = parsed.root || P.sep;
        queue.unshift(...components(P, text.slice(parsed.root.length)));
      } else {
        queue.unshift(...components(P, text));
      }
      continue;
    }
    if (st.kind !== 'directory' && queue.some((q) => q !== '.')) {
      // A file used as a directory: the rest cannot exist.
      missing = true;
      lastExisting = next;
    }
    current = next;
  }
  return { path: current, exists: !missing };
}

/** `p`'s canonical form when it exists, else `p` as given (a path that cannot be resolved too). */
export function canonicalIfExists(fs: ResolverFs, p: string): string {
  try {
    const c = canonicalize(fs, p);
    return c.exists ? c.path : p;
  } catch {
    return p;
  }
}

/** `current` as realpath names it, where the filesystem can tell (else unchanged). */
function storedCase(fs: ResolverFs, current: string): string {
  if (!fs.caseInsensitive || !fs.realpath) return current;
  try {
    return fs.realpath(current);
  } catch {
    return current;
  }
}

/**
 * Windows paths that are neither absolute nor relative: `\src\a.py` (the root of the current
 * drive) and `D:src\a.py` (relative to the current folder of drive D). With the workspace root
 * as the current folder, the first is on the root's drive, and the second is below the root when
 * D is the root's drive, else at the top of drive D.
 */
function onBaseDrive(P: PathApi, p: string, base: string): string {
  const root = P.parse(p).root;
  const baseRoot = P.parse(base).root;
  if (root === '\\' || root === '/') return baseRoot + p.slice(root.length);
  const drive = /^[A-Za-z]:$/.exec(root);
  if (drive) {
    const rest = p.slice(root.length);
    return baseRoot.slice(0, 2).toUpperCase() === root.toUpperCase() ? `${base}\\${rest}` : `${root}\\${rest}`;
  }
  return p;
}

/** Whether `child` is `root` or below it (both canonical). Case-insensitive where the path API is. */
export function isInside(P: PathApi, root: string, child: string): boolean {
  if (plainAbsolute(P, root) && plainAbsolute(P, child)) return textuallyUnder(root, child) !== undefined;
  const rel = P.relative(root, child);
  if (rel === '') return true;
  if (P.isAbsolute(rel)) return false;
  return !(rel === '..' || rel.startsWith('..' + P.sep) || (P.sep === '\\' && rel.startsWith('../')));
}

/** Root-relative `/`-separated path of a canonical path inside the root (`""` for the root). */
export function toRelative(P: PathApi, root: string, child: string): string {
  if (plainAbsolute(P, root) && plainAbsolute(P, child)) {
    const under = textuallyUnder(root, child);
    if (under !== undefined) return under;
  }
  const rel = P.relative(root, child);
  return P.sep === '/' ? rel : rel.split(P.sep).join('/');
}

/** Root-relative parent directory (`""` for top-level entries and for the root itself). */
export function parentOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

/** The chain of root-relative directories from the root down to `dir`, inclusive. */
export function chainOf(dir: string): string[] {
  const chain = [''];
  if (dir === '') return chain;
  let i = dir.indexOf('/');
  while (i >= 0) {
    chain.push(dir.slice(0, i));
    i = dir.indexOf('/', i + 1);
  }
  chain.push(dir);
  return chain;
}

/** Number of segments of a root-relative path (`0` for the root). */
export function depthOf(rel: string): number {
  if (rel === '') return 0;
  let n = 1;
  for (let i = 0; i < rel.length; i++) if (rel.charCodeAt(i) === 47) n++;
  return n;
}

/** Joins a root-relative directory and a relative name. */
export function joinRelative(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}

/** A `/`-separated relative path with a `.`, `..` or empty name in it (or at either end). */
const NOT_PLAIN_RELATIVE = /(?:^|\/)\.{0,2}(?:\/|$)/;
/** An absolute POSIX path with a `.`, `..` or empty name after its leading `/`. */
const NOT_PLAIN_ABSOLUTE = /\/\.{0,2}(?:\/|$)/;

/**
 * A POSIX absolute path without `.`, `..` or empty names (nor a trailing `/`, `/` itself aside):
 * the path functions would give it back as it is, so it can be compared and cut as text.
 */
function plainAbsolute(P: PathApi, p: string): boolean {
  return P.sep === '/' && p.startsWith('/') && (p === '/' || !NOT_PLAIN_ABSOLUTE.test(p));
}

/** For two plain absolute paths: `child` relative to `root` (`''` for itself), or undefined when it is not below. */
function textuallyUnder(root: string, child: string): string | undefined {
  if (child === root) return '';
  if (root === '/') return child.slice(1);
  return child.startsWith(root) && child.charCodeAt(root.length) === 47 ? child.slice(root.length + 1) : undefined;
}

/**
 * The absolute path of `rel` (`/`-separated, relative; `''` for `base` itself) under the absolute
 * directory `base`: `P.join(base, ...rel.split('/'))`. When both are plain POSIX paths (no `.`,
 * `..` or empty names) it is joined as text, which is the same string without the normalising
 * pass: discovery calls this for every candidate name of every directory.
 */
export function joinUnder(P: PathApi, base: string, rel: string): string {
  const plain = plainAbsolute(P, base) && (rel === '' || !NOT_PLAIN_RELATIVE.test(rel));
  if (!plain) return P.join(base, ...rel.split('/'));
  if (rel === '') return base;
  return base === '/' ? `/${rel}` : `${base}/${rel}`;
}

/** The target's path relative to a source directory, or undefined when it is out of scope. */
export function relativeToDirectory(dir: string, target: string): string | undefined {
  if (dir === '') return target;
  if (target === dir) return '';
  if (target.length > dir.length && target.startsWith(dir) && target.charCodeAt(dir.length) === 47) {
    return target.slice(dir.length + 1);
  }
  return undefined;
}
