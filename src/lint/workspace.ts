/**
 * `lintWorkspace`: every instruction file under a root, linted with `lintFile` against one shared
 * listing. Each file is loaded as the resolver loads a candidate (containment of symlinks,
 * regular files only, streamed and bounded read), so it gets the resolver's `unreadable`,
 * `symlink-outside-root` and `too-large` findings too.
 */
import * as nodeFs from 'node:fs';
import * as nodePath from 'node:path';
import { FsError, FsStat, HOLARYN_POLICY, MAX_CONTENT_BYTES, ResolverFs, ResolverPolicy, createNodeFs } from '../resolver';
import type { EntryKind } from '../resolver/fs';
import { canonicalRoot, locateCandidate } from '../resolver/candidates';
import { depthOf, joinRelative } from '../resolver/paths';
import { readInstructionFile } from '../resolver/read';
import { compareFindings, lintFile, sourceDirectory } from './file';
import { MAX_LISTING_ENTRIES, SKIPPED_DIRECTORIES, WorkspaceListing } from './listing';
import { LineIndex } from './text';
import type { Finding } from './types';

export interface DirEntry {
  name: string;
  /** Kind of the entry itself (a symlink is `symlink`). */
  kind: EntryKind;
}

/** The resolver's filesystem plus directory listing, which only the workspace walk needs. */
export interface LintFs extends ResolverFs {
  readdir(p: string): DirEntry[];
}

/** The real disk. */
export function createNodeLintFs(pathApi: typeof nodePath.posix = nodePath): LintFs {
  return {
    ...createNodeFs(pathApi),
    readdir(p) {
      try {
        return nodeFs.readdirSync(p, { withFileTypes: true }).map((d) => ({
          name: d.name,
          kind: d.isFile() ? 'file' : d.isDirectory() ? 'directory' : d.isSymbolicLink() ? 'symlink' : 'other',
        }));
      } catch (err) {
        const e = err as NodeJS.ErrnoException;
        throw new FsError(e.code ?? 'EIO', e.message);
      }
    },
  };
}

export interface LintWorkspaceOptions {
  /** Default: the real disk. Needs `readdir` unless `listFiles` is given. */
  fs?: ResolverFs & Partial<Pick<LintFs, 'readdir'>>;
  /**
   * Root-relative `/`-separated paths of the workspace's files (an editor's file index, `git
   * ls-files`, ...), used instead of walking the tree: instruction files are taken from it and
   * globs are matched against it (directories are derived).
   */
  listFiles?: (root: string) => Iterable<string>;
  /** With `listFiles`: false when that list is known to be partial (then "matches nothing" is not reported). Default true. */
  listingComplete?: boolean;
  policy?: ResolverPolicy;
}

export interface LintResult {
  /** Canonical absolute root. */
  root: string;
  /** Root-relative paths of the instruction files linted, sorted. */
  files: string[];
  /** Further paths to a file already linted in the same or a parent directory (never in effect). */
  duplicates: { path: string; duplicateOf: string }[];
  findings: Finding[];
  errors: number;
  warnings: number;
  /** Info findings (`foreign-key`): shown, never counted against `--max-warnings`. */
  infos: number;
  /** The listing the glob checks used; front ends can pass it to `lintFile` for open editors. */
  listing: WorkspaceListing;
}

interface Walk {
  paths: string[];
  complete: boolean;
  candidates: string[];
  /** Directories listed but not enterable by name: their names are not valid UTF-8. */
  undecodable: string[];
}

function isSkippedPath(rel: string): boolean {
  return rel.split('/').some((segment) => SKIPPED_DIRECTORIES.includes(segment));
}

/**
 * Walks the tree below the root: no directory symlink is followed (a linked directory inside the
 * root is walked where it really is; one outside is out of scope), `.git` and `node_modules` are
 * listed but not entered, and every directory is entered once (by device and inode), so loops
 * through bind mounts end too.
 */
function walk(fs: ResolverFs & Partial<Pick<LintFs, 'readdir'>>, rootPath: string, policy: ResolverPolicy): Walk {
  const P = fs.path;
  if (!fs.readdir) throw new TypeError('lintWorkspace needs fs.readdir or options.listFiles');
  const paths: string[] = [];
  const candidates: string[] = [];
  const undecodable: string[] = [];
  let complete = true;
  const rootStat = fs.lstat(rootPath);
  const visited = new Set<string>(rootStat ? [`${rootStat.dev}:${rootStat.ino}`] : []);
  const stack: string[] = [''];
  while (stack.length > 0) {
    const rel = stack.pop()!;
    const abs = rel === '' ? rootPath : P.join(rootPath, ...rel.split('/'));
    let entries: DirEntry[] | undefined;
    try {
      entries = fs.readdir(abs);
    } catch {
      complete = false;
    }
    const names = new Set(entries?.map((e) => e.name));
    for (const candidate of policy.candidates) {
      const first = candidate.split('/')[0];
      if (entries && !names.has(first)) continue;
      if (first === candidate && entries) {
        candidates.push(joinRelative(rel, candidate));
        continue;
      }
      // Through a possibly symlinked `.holaryn`, or in a directory that could not be listed:
      // probe as the resolver does; a failing probe is loaded, and reported, like the resolver.
      try {
        if (fs.lstat(P.join(abs, ...candidate.split('/'))) !== undefined) candidates.push(joinRelative(rel, candidate));
      } catch {
        candidates.push(joinRelative(rel, candidate));
      }
    }
    if (!entries) continue;
    entries.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
    for (const entry of entries) {
      if (entry.kind === 'symlink') continue;
      const childRel = joinRelative(rel, entry.name);
      if (paths.length < MAX_LISTING_ENTRIES) paths.push(childRel);
      else complete = false;
      if (entry.kind !== 'directory' || SKIPPED_DIRECTORIES.includes(entry.name)) continue;
      let st: FsStat | undefined;
      try {
        st = fs.lstat(P.join(abs, entry.name));
      } catch {
        complete = false;
        continue;
      }
      if (!st && entry.name.includes('\uFFFD')) {
        // Listed, yet not there by its name as text: bytes that are not UTF-8 became U+FFFD, and
        // the files inside cannot be named. Said, never passed over in silence.
        undecodable.push(childRel);
        complete = false;
      }
      if (!st || st.kind !== 'directory') continue;
      const identity = `${st.dev}:${st.ino}`;
      if (visited.has(identity)) continue;
      visited.add(identity);
      stack.push(childRel);
    }
  }
  return { paths, complete, candidates, undecodable };
}

type Loaded =
  | { ok: true; text: string; tooLarge: boolean; bytes: number; identity: string }
  | { ok: false; code: 'unreadable' | 'symlink-outside-root'; message: string };

/** Loads one candidate exactly as the resolver does (same checks, same messages). */
function loadCandidate(fs: ResolverFs, rootPath: string, rel: string, filename: string, policy: ResolverPolicy): Loaded {
  const found = locateCandidate(fs, rootPath, rel, filename, policy);
  if (!found) return { ok: false, code: 'unreadable', message: `${rel} vanished while being checked; skipped` };
  if (!found.ok) return { ok: false, code: found.reason, message: found.message };
  const read = readInstructionFile(fs, found.canonical, found.stat);
  if (!read.ok) return { ok: false, code: 'unreadable', message: `${rel}: ${read.message}; skipped` };
  return { ok: true, text: read.text, tooLarge: read.tooLarge, bytes: read.bytes, identity: `${found.stat.dev}:${found.stat.ino}` };
}

/** Lints every instruction file under `root` (see the module comment). Throws ResolveError `root-not-found`. */
/** An error about a file or directory as a whole, placed at its start. */
function wholeFileError(file: string, code: Finding['code'], message: string): Finding {
  return { file, severity: 'error', code, line: 1, column: 1, endLine: 1, endColumn: 1, message };
}

export function lintWorkspace(root: string, options: LintWorkspaceOptions = {}): LintResult {
  const fs = options.fs ?? createNodeLintFs();
  const policy = options.policy ?? HOLARYN_POLICY;
  const rootPath = canonicalRoot(fs, root);

  let listing: WorkspaceListing;
  let candidates: string[];
  let undecodable: string[] = [];
  if (options.listFiles) {
    const given = [...options.listFiles(rootPath)].map((p) => p.replace(/^\.\//, '').replace(/\/+$/, '')).filter((p) => p !== '');
    listing = new WorkspaceListing(given, options.listingComplete ?? true);
    candidates = given.filter((p) => sourceDirectory(p, policy) !== undefined && !isSkippedPath(sourceDirectory(p, policy)!));
  } else {
    const w = walk(fs, rootPath, policy);
    listing = new WorkspaceListing(w.paths, w.complete);
    candidates = w.candidates;
    undecodable = w.undecodable;
  }

  // Precedence order for identical files: shallow first, then filename order.
  const rank = (p: string) => policy.candidates.findIndex((c) => p === c || p.endsWith(`/${c}`));
  const unique = [...new Set(candidates)].map((path) => ({ path, dir: sourceDirectory(path, policy)!, rank: rank(path) }));
  unique.sort((a, b) => depthOf(a.dir) - depthOf(b.dir) || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0) || a.rank - b.rank);

  const findings: Finding[] = [];
  const files: string[] = [];
  const duplicates: LintResult['duplicates'] = [];
  const seen = new Map<string, { path: string; dir: string }[]>();
  for (const c of unique) {
    const loaded = loadCandidate(fs, rootPath, c.path, policy.candidates[c.rank], policy);
    if (!loaded.ok) {
      files.push(c.path);
      findings.push(wholeFileError(c.path, loaded.code, loaded.message));
      continue;
    }
    const earlier = seen.get(loaded.identity)?.find((s) => s.dir === '' || s.dir === c.dir || c.dir.startsWith(`${s.dir}/`));
    if (earlier) {
      duplicates.push({ path: c.path, duplicateOf: earlier.path });
      continue;
    }
    seen.set(loaded.identity, [...(seen.get(loaded.identity) ?? []), { path: c.path, dir: c.dir }]);
    files.push(c.path);
    findings.push(...lintFile(c.path, loaded.text, { listing, policy }));
    if (loaded.tooLarge) {
      const index = new LineIndex(loaded.text);
      const range = index.range(0, index.lineEnd(1));
      findings.push({
        file: c.path,
        severity: 'warning',
        code: 'too-large',
        line: 1,
        column: 1,
        endLine: range.endLine,
        endColumn: range.endColumn,
        message: `file is ${loaded.bytes} bytes; only its first ${MAX_CONTENT_BYTES} bytes are used (the hash covers all of it)`,
      });
    }
  }
  for (const dir of undecodable) {
    findings.push(
      wholeFileError(
        dir,
        'unreadable',
        'directory name is not valid UTF-8: it cannot be opened by its name as text, so instruction files in it are not checked (rename it)',
      ),
    );
  }
  findings.sort(compareFindings);
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    root: rootPath,
    files,
    duplicates,
    findings,
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    infos: findings.filter((f) => f.severity === 'info').length,
    listing,
  };
}
