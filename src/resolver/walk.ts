/**
 * The one walk of a workspace's tree, shared by `holaryn check`, the Problems panel's workspace
 * lint, the live preview's file listing (docs/contract.md §11) and the profiles that search a
 * whole folder (Copilot's nested AGENTS.md). Pure: it reads through a `WalkFs`, never the editor;
 * `walkFsOf` gives any ResolverFs that lists directories the walk's `readdir`. The node and
 * pausing entry points (`createNodeWalkFs`, `walkTree`, `walkTreeAsync`) live in src/lint/walk.ts.
 *
 * - `.git` and `node_modules` are listed but never entered.
 * - Unless `ignore: false` (`--no-ignore`), what git ignores is skipped: the `.gitignore` of every
 *   directory walked, the `.gitignore` files of the directories between the repository's top (the
 *   nearest ancestor holding `.git`) and the root, and the repository's `.git/info/exclude`.
 *   Matching is the `ignore` package's (the gitignore rules, negation included); precedence is
 *   git's: a deeper `.gitignore` decides before a shallower one, `info/exclude` last. An ignored
 *   directory is not entered, so a file below it cannot be re-included (as in git). The user's
 *   global excludes file (`core.excludesFile`) is not read: a check of a repository should not
 *   depend on who runs it.
 * - No directory symlink is followed, and each directory is entered once (by device and inode).
 * - The walk runs in steps (one directory each), so an editor can pause between them.
 */
import ignore, { Ignore } from 'ignore';
import type { FsStat, ResolverFs } from './fs';
import type { EntryKind } from './fs';
import { joinRelative } from './paths';
import { readInstructionFile } from './read';

/** Directories whose contents are neither walked for instruction files nor listed for globs. */
export const SKIPPED_DIRECTORIES: readonly string[] = Object.freeze(['.git', 'node_modules']);

/** Entries kept at most; past it the listing is incomplete and "matches nothing" is not reported. */
export const MAX_LISTING_ENTRIES = 1_000_000;

/** Ancestors searched at most for the repository's top (the directory holding `.git`). */
const MAX_ANCESTORS = 256;

export interface DirEntry {
  name: string;
  /** Kind of the entry itself (a symlink is `symlink`). */
  kind: EntryKind;
}

/** The resolver's filesystem plus directory listing, which only the walk needs. */
export interface WalkFs extends ResolverFs {
  readdir(p: string): DirEntry[];
}

/**
 * `fs` with the walk's `readdir`, from its `listKinds` or, failing that, its `entryNames` and one
 * lstat per name; undefined when it cannot list directories at all.
 */
export function walkFsOf(fs: ResolverFs): WalkFs | undefined {
  if ('readdir' in fs && typeof (fs as WalkFs).readdir === 'function') return fs as WalkFs;
  const { listKinds, entryNames } = fs;
  if (!listKinds && !entryNames) return undefined;
  const readdir = (p: string): DirEntry[] => {
    if (listKinds) return [...listKinds.call(fs, p)].map(([name, kind]) => ({ name, kind }));
    const out: DirEntry[] = [];
    for (const name of entryNames!.call(fs, p)) {
      const st = fs.lstat(fs.path.join(p, name));
      if (st) out.push({ name, kind: st.kind });
    }
    return out;
  };
  return {
    path: fs.path,
    caseInsensitive: fs.caseInsensitive,
    lstat: (p) => fs.lstat(p),
    stat: (p) => fs.stat(p),
    readlink: (p) => fs.readlink(p),
    realpath: fs.realpath && ((p) => fs.realpath!(p)),
    entryNames: entryNames && ((dir) => entryNames.call(fs, dir)),
    listKinds: listKinds && ((dir) => listKinds.call(fs, dir)),
    open: (p, expected) => fs.open(p, expected),
    readdir,
  };
}

export interface WalkOptions {
  /** Honour `.gitignore` files and `.git/info/exclude` (default true; `--no-ignore` is false). */
  ignore?: boolean;
  /**
   * With `ignore`: also the `.gitignore` files above the root up to the repository's top, and its
   * `info/exclude` (default true); false: only the root's own `.gitignore` and those below it.
   */
  ignoresAbove?: boolean;
  /** Entries listed at most (default MAX_LISTING_ENTRIES); past it the walk is incomplete. */
  maxEntries?: number;
  /** Further entries to leave out (an editor's `files.exclude`); a directory left out is not entered. */
  exclude?: (rel: string, isDirectory: boolean) => boolean;
  /**
   * Called for every directory entered (the root is `""`) with its entries that are not ignored
   * (symlinks included), or undefined when it could not be listed.
   */
  onDirectory?: (rel: string, abs: string, entries: DirEntry[] | undefined) => void;
}

export interface TreeWalk {
  /** Root-relative files and directories (no symlinks), in walk order, at most `maxEntries`. */
  paths: string[];
  /** The regular files among them. */
  files: string[];
  /** Symbolic links (not followed) that lead to a regular file. */
  fileLinks: string[];
  /** False when part of the tree could not be listed or the entry cap was reached. */
  complete: boolean;
  /** Directories listed but not entered: `.git`, `node_modules`, ignored and excluded ones. */
  opaque: string[];
  /** Directories listed but not enterable by name: their names are not valid UTF-8. */
  undecodable: string[];
  /** Whether ignore rules were read (`ignore` was not false). */
  ignoresApplied: boolean;
}

/** One level of ignore rules: a `.gitignore` (or `info/exclude`) and the directory it is relative to. */
interface Level {
  /** Directory the patterns are relative to, relative to the repository's top (`""` for the top). */
  dir: string;
  rules: Ignore;
}

/**
 * Git's ignore rules over one walk. Paths are given relative to the walk's root; the root's own
 * place below the repository's top (`rootFromTop`) is prefixed so that `.gitignore` files above
 * the root match as git matches them.
 */
export class IgnoreRules {
  private readonly levels = new Map<string, Level[]>();
  /** The lengths of the levels' directories: an ancestor of another length has no level, and no substring is made for it. */
  private readonly dirLengths = new Set<number>();

  constructor(
    /** The walk root's path below the repository's top (`""` when it is the top). */
    readonly rootFromTop: string,
    private readonly ignoreCase = false,
  ) {}

  /** Adds the patterns of the ignore file of `dir` (relative to the repository's top). Later adds of one directory rank lower. */
  add(dir: string, text: string): void {
    const rules = ignore({ ignorecase: this.ignoreCase }).add(text);
    const list = this.levels.get(dir) ?? [];
    list.push({ dir, rules });
    this.levels.set(dir, list);
    this.dirLengths.add(dir.length);
  }

  get size(): number {
    return this.levels.size;
  }

  /** Whether root-relative `rel` is ignored (its parent directories are taken not to be). */
  ignores(rel: string, isDirectory: boolean): boolean {
    if (this.levels.size === 0) return false;
    const full = joinRelative(this.rootFromTop, rel);
    // Deepest directory first: a deeper .gitignore decides before a shallower one.
    for (let end = full.lastIndexOf('/'); ; end = full.lastIndexOf('/', end - 1)) {
      // A deep path has many ancestors and few of them ignore files: only one of a level's length is looked up.
      const levels = end < 0 ? this.levels.get('') : this.dirLengths.has(end) ? this.levels.get(full.slice(0, end)) : undefined;
      for (const level of levels ?? []) {
        const relative = (end < 0 ? full : full.slice(end + 1)) + (isDirectory ? '/' : '');
        let verdict: { ignored: boolean; unignored: boolean };
        try {
          verdict = level.rules.test(relative);
        } catch {
          // A name the library cannot take as a relative path: git has no rule for it either.
          continue;
        }
        if (verdict.ignored) return true;
        if (verdict.unignored) return false;
      }
      if (end < 0) return false;
    }
  }
}

/** The text of a regular file, or undefined (absent, a link, unreadable, not UTF-8, over 1 MiB used as its first 1 MiB). */
function readSmallText(fs: ResolverFs, p: string): string | undefined {
  let st: FsStat | undefined;
  try {
    st = fs.lstat(p);
  } catch {
    return undefined;
  }
  if (!st || st.kind !== 'file') return undefined;
  const read = readInstructionFile(fs, p, st);
  return read.ok ? read.text : undefined;
}

/** `info/exclude` of the repository whose `.git` entry is at `dotGit` (a directory, or a file naming one). */
function excludeFile(fs: ResolverFs, dotGit: string, st: FsStat): string | undefined {
  const P = fs.path;
  let gitDir = dotGit;
  if (st.kind === 'file') {
    // A worktree or submodule: `gitdir: <path>`, and the shared part named by `commondir`.
    const pointer = /^gitdir: *(.+?)\s*$/m.exec(readSmallText(fs, dotGit) ?? '');
    if (!pointer) return undefined;
    gitDir = P.resolve(P.dirname(dotGit), pointer[1]);
    const common = readSmallText(fs, P.join(gitDir, 'commondir'))?.trim();
    if (common) gitDir = P.resolve(gitDir, common);
  } else if (st.kind !== 'directory') {
    return undefined;
  }
  return readSmallText(fs, P.join(gitDir, 'info', 'exclude'));
}

/**
 * The rules that apply at the root before its own `.gitignore` is read: those of the
 * repository's top down to the root's parent, and `info/exclude`.
 */
export function rulesForRoot(fs: ResolverFs, rootPath: string): IgnoreRules {
  const P = fs.path;
  const chain: string[] = [];
  let top: string | undefined;
  let dotGit: { path: string; st: FsStat } | undefined;
  for (let dir = rootPath, i = 0; i < MAX_ANCESTORS; i++) {
    chain.push(dir);
    let st: FsStat | undefined;
    try {
      st = fs.lstat(P.join(dir, '.git'));
    } catch {
      st = undefined;
    }
    if (st) {
      top = dir;
      dotGit = { path: P.join(dir, '.git'), st };
      break;
    }
    const parent = P.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (top === undefined) return new IgnoreRules('', fs.caseInsensitive ?? false);
  const rootFromTop = P.relative(top, rootPath).split(P.sep).join('/');
  const rules = new IgnoreRules(rootFromTop, fs.caseInsensitive ?? false);
  // The top's and the intermediate directories' .gitignore (the root's own is read by the walk).
  for (const dir of chain.slice(1).reverse()) {
    const text = readSmallText(fs, P.join(dir, '.gitignore'));
    if (text !== undefined) rules.add(P.relative(top, dir).split(P.sep).join('/'), text);
  }
  const exclude = dotGit ? excludeFile(fs, dotGit.path, dotGit.st) : undefined;
  if (exclude !== undefined) rules.add('', exclude);
  return rules;
}

/** What one walk carries from directory to directory. */
interface WalkState {
  readonly result: TreeWalk;
  readonly maxEntries: number;
  /** Paths listed so far (up to maxEntries). */
  listed: number;
  /** Directories entered, by device and inode. */
  readonly visited: Set<string>;
  /** Root-relative directories still to list. */
  readonly stack: string[];
}

/**
 * Walks the tree below the canonical root, one directory per step. Throws TypeError when `fs`
 * cannot list directories.
 */
export function* walkSteps(fs: WalkFs, rootPath: string, options: WalkOptions = {}): Generator<void, TreeWalk> {
  const P = fs.path;
  const useIgnores = options.ignore !== false;
  const rules = !useIgnores
    ? undefined
    : options.ignoresAbove === false
      ? new IgnoreRules('', fs.caseInsensitive ?? false)
      : rulesForRoot(fs, rootPath);
  const result: TreeWalk = {
    paths: [],
    files: [],
    fileLinks: [],
    complete: true,
    opaque: [],
    undecodable: [],
    ignoresApplied: useIgnores,
  };
  const rootStat = fs.lstat(rootPath);
  const state: WalkState = {
    result,
    maxEntries: options.maxEntries ?? MAX_LISTING_ENTRIES,
    listed: 0,
    visited: new Set<string>(rootStat ? [`${rootStat.dev}:${rootStat.ino}`] : []),
    stack: [''],
  };
  while (state.stack.length > 0) {
    const rel = state.stack.pop()!;
    const abs = rel === '' ? rootPath : P.join(rootPath, ...rel.split('/'));
    const kept = listDirectory(fs, abs, rel, rules, options, result);
    options.onDirectory?.(rel, abs, kept);
    if (kept) {
      kept.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
      for (const entry of kept) visitEntry(fs, abs, rel, entry, state);
    }
    yield;
  }
  return result;
}

/** A directory's entries that are not ignored or excluded (an ignored directory is opaque); undefined when it cannot be listed. */
function listDirectory(
  fs: WalkFs,
  abs: string,
  rel: string,
  rules: IgnoreRules | undefined,
  options: WalkOptions,
  result: TreeWalk,
): DirEntry[] | undefined {
  let entries: DirEntry[] | undefined;
  try {
    entries = fs.readdir(abs);
  } catch {
    result.complete = false;
  }
  if (entries && rules && entries.some((e) => e.name === '.gitignore' && e.kind === 'file')) {
    const text = readSmallText(fs, fs.path.join(abs, '.gitignore'));
    if (text !== undefined) rules.add(joinRelative(rules.rootFromTop, rel), text);
  }
  return entries?.filter((e) => {
    const childRel = joinRelative(rel, e.name);
    const isDirectory = e.kind === 'directory';
    if (rules?.ignores(childRel, isDirectory) || options.exclude?.(childRel, isDirectory)) {
      if (isDirectory) result.opaque.push(childRel);
      return false;
    }
    return true;
  });
}

/** One kept entry: listed (within maxEntries), and a directory not seen yet queued. */
function visitEntry(fs: WalkFs, abs: string, rel: string, entry: DirEntry, state: WalkState): void {
  const P = fs.path;
  const result = state.result;
  const childRel = joinRelative(rel, entry.name);
  if (entry.kind === 'symlink') {
    let target: FsStat | undefined;
    try {
      target = fs.stat(P.join(abs, entry.name));
    } catch {
      target = undefined;
    }
    if (target?.kind === 'file' && state.listed < state.maxEntries) {
      state.listed++;
      result.fileLinks.push(childRel);
    }
    return;
  }
  if (state.listed < state.maxEntries) {
    state.listed++;
    result.paths.push(childRel);
    // A `.git` file (a worktree's or submodule's pointer) is git's, not the repository's.
    if (entry.kind === 'file' && !SKIPPED_DIRECTORIES.includes(entry.name)) result.files.push(childRel);
  } else {
    result.complete = false;
  }
  if (entry.kind !== 'directory') return;
  if (SKIPPED_DIRECTORIES.includes(entry.name)) {
    result.opaque.push(childRel);
    return;
  }
  let st: FsStat | undefined;
  try {
    st = fs.lstat(P.join(abs, entry.name));
  } catch {
    result.complete = false;
    return;
  }
  if (!st && entry.name.includes('\uFFFD')) {
    // Listed, yet not there by its name as text: bytes that are not UTF-8 became U+FFFD, and
    // the files inside cannot be named. Said, never passed over in silence.
    result.undecodable.push(childRel);
    result.complete = false;
  }
  if (!st || st.kind !== 'directory') return;
  const identity = `${st.dev}:${st.ino}`;
  if (state.visited.has(identity)) return;
  state.visited.add(identity);
  state.stack.push(childRel);
}
