/**
 * Finding things on disk the way the contract says (sections 1 and 2): the canonical root, and
 * one candidate instruction file with its symlink containment and regular-file checks. The
 * resolver and the lint engine both load candidates through here, with the same messages.
 */
import { ResolveError } from './evidence';
import { FsError, FsStat, ResolverFs } from './fs';
import { canonicalize, isInside, joinUnder } from './paths';

export function errorCode(err: unknown): string {
  return err instanceof FsError ? err.code : ((err as NodeJS.ErrnoException)?.code ?? 'EIO');
}

/** The canonical root directory; throws ResolveError `root-not-found`. */
export function canonicalRoot(fs: ResolverFs, root: string): string {
  const P = fs.path;
  if (typeof root !== 'string' || root === '' || root.includes('\0')) {
    throw new ResolveError('root-not-found', 'the workspace root must be a non-empty path');
  }
  let c;
  try {
    c = canonicalize(fs, P.isAbsolute(root) ? root : P.resolve(root));
  } catch (err) {
    throw new ResolveError('root-not-found', `workspace root ${JSON.stringify(root)} cannot be resolved (${errorCode(err)})`, { root });
  }
  const st = c.exists ? fs.stat(c.path) : undefined;
  if (!st) throw new ResolveError('root-not-found', `workspace root ${JSON.stringify(root)} does not exist`, { root });
  if (st.kind !== 'directory')
    throw new ResolveError('root-not-found', `workspace root ${JSON.stringify(root)} is not a directory`, { root });
  return c.path;
}

/**
 * Whether every segment of `rel` is stored with exactly that name. Names are matched exactly
 * (case-sensitive), but a case-insensitive disk (Windows, macOS, a casefolded Linux directory)
 * lets lstat find `agents.md` for `AGENTS.md`: the directory listing settles it. Only asked once
 * lstat found an entry. Where the disk is not known to be case-insensitive, one lstat of the
 * name in another case usually settles it first: finding nothing, or another file, means the
 * directory tells cases apart, so the name found is stored as asked.
 */
function storedExactly(fs: ResolverFs, rootPath: string, rel: string, filename: string, found: FsStat): boolean {
  if (!fs.entryNames) return true;
  const P = fs.path;
  // The directory part comes from canonical paths, which already carry the stored case.
  const relDir = rel.slice(0, rel.length - filename.length).replace(/\/+$/, '');
  let dir = joinUnder(P, rootPath, relDir);
  const names = filename.split('/');
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    // A name from settings may climb (`../x`): `..` and `.` are no stored names to check.
    if (name === '..' || name === '.' || name === '') {
      if (name === '..') dir = P.dirname(dir);
      continue;
    }
    const exact = joinUnder(P, dir, name);
    // The last name's status is the one the caller found; a directory above it is looked up.
    const apart =
      fs.caseInsensitive === false &&
      tellsCasesApart(fs, i === names.length - 1 ? found : fs.lstat(exact), joinUnder(P, dir, otherCase(name)));
    if (!apart && !fs.entryNames(dir).includes(name)) return false;
    dir = exact;
  }
  return true;
}

/** `name` with its letters in another case, or `name` itself when it has no cased letter. */
function otherCase(name: string): string {
  const upper = name.toUpperCase();
  return upper !== name ? upper : name.toLowerCase();
}

/**
 * Whether the entry found (`exact`, its status) and `other` (the same name in another case) are
 * certainly not the same entry.
 */
function tellsCasesApart(fs: ResolverFs, exact: FsStat | undefined, other: string): boolean {
  if (exact === undefined) return false;
  const b = fs.lstat(other);
  return b === undefined || exact.ino !== b.ino || exact.dev !== b.dev;
}

export type LocatedCandidate =
  | { ok: true; canonical: string; stat: FsStat; disclose?: string }
  | {
      ok: false;
      reason: 'unreadable' | 'symlink-outside-root' | 'symlink-refused';
      message: string;
      /** The I/O error that stopped the check (EACCES, ELOOP…), when one did. */
      code?: string;
    };

/** How a candidate that is a symbolic link is treated (see LoadRule.symlinks). */
export interface SymlinkRule {
  readonly name: string;
  readonly symlinks: 'inside-root' | 'refuse' | 'follow-disclose';
}

/**
 * Where a followed link (or a name with a separator) may lead. Default: inside the root.
 */
export interface Containment {
  /** Whether the file at this real path (canonical) may be read. */
  allows(real: string): boolean;
  /**
   * Check every candidate's real path, not only links and names with a separator: for a path a
   * profile built itself, whose folders may be links or whose name may hold `..`.
   */
  readonly always?: boolean;
}

/** Under the `inside-root` rule a candidate is never refused for being a link. */
export function locateCandidate(
  fs: ResolverFs,
  rootPath: string,
  rel: string,
  filename: string,
  rule: SymlinkRule & { readonly symlinks: 'inside-root' },
  found?: FsStat,
):
  | { ok: true; canonical: string; stat: FsStat }
  | { ok: false; reason: 'unreadable' | 'symlink-outside-root'; message: string; code?: string }
  | undefined;
export function locateCandidate(
  fs: ResolverFs,
  rootPath: string,
  rel: string,
  filename: string,
  rule: SymlinkRule,
  found?: FsStat,
  containment?: Containment,
): LocatedCandidate | undefined;
/**
 * Checks the candidate `rel` (root-relative, named `filename` in its directory): undefined when
 * it does not exist; otherwise the canonical regular file to read, or why it is skipped.
 * `found` is the candidate's lstat when the caller has just taken it (it is not taken again).
 * A link (or a name with a separator, or any path under `containment.always`) whose real path
 * `containment` does not allow is disclosed under `follow-disclose` (read: not at all) and
 * skipped with `symlink-outside-root` otherwise.
 */
export function locateCandidate(
  fs: ResolverFs,
  rootPath: string,
  rel: string,
  filename: string,
  rule: SymlinkRule,
  found?: FsStat,
  containment: Containment = { allows: (real) => isInside(fs.path, rootPath, real) },
): LocatedCandidate | undefined {
  const P = fs.path;
  const abs = joinUnder(P, rootPath, rel);
  let st: FsStat | undefined;
  let canonical = abs;
  let disclose: string | undefined;
  try {
    st = found ?? fs.lstat(abs);
    if (!st || !storedExactly(fs, rootPath, rel, filename, st)) return undefined;
    if (st.kind === 'symlink' && rule.symlinks === 'refuse') {
      return {
        ok: false,
        reason: 'symlink-refused',
        message: `${rel} is a symbolic link, which profile ${rule.name} never follows; skipped`,
      };
    }
    // A symlinked file, or a symlinked `.holaryn` directory above it, must stay in the root.
    if (st.kind === 'symlink' || filename.includes('/') || containment.always === true) {
      const c = canonicalize(fs, abs);
      if (!containment.allows(c.path)) {
        if (rule.symlinks === 'follow-disclose') disclose = c.path;
        else {
          // `.holaryn/instructions.md` may itself be a plain file reached through a linked `.holaryn`.
          const what =
            st.kind === 'symlink'
              ? 'is a symbolic link that leads'
              : c.path !== abs
                ? 'is reached through a symbolic link that leads'
                : 'lies';
          return { ok: false, reason: 'symlink-outside-root', message: `${rel} ${what} outside the workspace root; ignored` };
        }
      }
      if (!c.exists) return { ok: false, reason: 'unreadable', message: `${rel} is a broken symbolic link; skipped` };
      canonical = c.path;
      st = canonical === abs ? st : fs.stat(canonical);
      if (!st) return { ok: false, reason: 'unreadable', message: `${rel} vanished while being resolved; skipped` };
    }
  } catch (err) {
    const code = errorCode(err);
    const why = code === 'ELOOP' ? 'is a symbolic link loop' : `cannot be read (${code})`;
    return { ok: false, reason: 'unreadable', message: `${rel} ${why}; skipped`, code };
  }
  if (st.kind !== 'file') {
    const what = st.kind === 'directory' ? 'a directory' : 'not a regular file (FIFO, socket or device)';
    return { ok: false, reason: 'unreadable', message: `${rel} is ${what}; skipped` };
  }
  return disclose === undefined ? { ok: true, canonical, stat: st } : { ok: true, canonical, stat: st, disclose };
}
