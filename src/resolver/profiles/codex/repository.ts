/**
 * The git repository root Codex looks a project's trust level up by (README.md in this folder,
 * "Trust"). Codex finds it without running git: the nearest directory, walking up from the working
 * directory as given, that holds a `.git` entry of any kind. A `.git` directory makes that
 * directory the root. A `.git` file is followed only when its `gitdir:` line leads into
 * `<common>/worktrees/<name>` (a linked worktree): the root is then the main repository, the parent
 * of `<common>`. Any other `.git` file (a submodule's, one without a `gitdir:` line, one that cannot
 * be read) gives no root at all.
 *
 * Reading never blocks and is bounded: only a regular `.git` file is opened, at most
 * MAX_GITDIR_FILE_BYTES of it; a larger one, or one that is not UTF-8, gives no root.
 */
import type { FsStat, ResolverFs } from '../../fs';
import { canonicalize } from '../../paths';
import { readRawFile } from '../agent/read';
import { decodeStrict, rustTrim } from '../agent/text';

/** A `.git` file holds one line naming a directory; anything longer is not one. */
export const MAX_GITDIR_FILE_BYTES = 64 * 1024;

function statOf(fs: ResolverFs, p: string): FsStat | undefined {
  try {
    return fs.stat(p);
  } catch {
    return undefined;
  }
}

/** Rust's `AbsolutePathBuf` home expansion: a leading `~` or `~/` is the home directory. */
function expandHome(P: ResolverFs['path'], p: string, homedir: string): string {
  if (p === '~') return homedir;
  if (p.startsWith('~/')) return P.join(homedir, p.slice(2).replace(/^\/+/, ''));
  return p;
}

/** The `gitdir:` line of a regular `.git` file, or undefined when there is none to follow. */
function gitdirOf(fs: ResolverFs, dotGit: string, st: FsStat): string | undefined {
  let canonical: string;
  try {
    canonical = canonicalize(fs, dotGit).path;
  } catch {
    return undefined;
  }
  const read = readRawFile(fs, canonical, st, MAX_GITDIR_FILE_BYTES);
  if (!read.ok || read.tooLarge) return undefined;
  const text = decodeStrict(read.bytes);
  if (text === undefined) return undefined;
  const trimmed = rustTrim(text);
  if (!trimmed.startsWith('gitdir:')) return undefined;
  const gitdir = rustTrim(trimmed.slice('gitdir:'.length));
  return gitdir === '' ? undefined : gitdir;
}

/**
 * The repository root for trust, as Codex computes it from `cwd` (absolute, as given, links not
 * resolved), or null when there is none. The path is lexical, as Codex's is: not canonicalised.
 */
export function codexRepoRoot(fs: ResolverFs, cwd: string, homedir: string): string | null {
  const P = fs.path;
  let root: string | undefined;
  let dotGit: FsStat | undefined;
  for (let dir = cwd; ; dir = P.dirname(dir)) {
    dotGit = statOf(fs, P.join(dir, '.git'));
    if (dotGit) {
      root = dir;
      break;
    }
    if (P.dirname(dir) === dir) return null;
  }
  if (dotGit.kind === 'directory') return root;
  // A FIFO, socket or device named `.git` is never opened: reading it could block.
  if (dotGit.kind !== 'file') return null;
  const gitdir = gitdirOf(fs, P.join(root, '.git'), dotGit);
  if (gitdir === undefined) return null;
  const gitDirPath = P.resolve(root, expandHome(P, gitdir, homedir));
  const worktrees = P.dirname(gitDirPath);
  if (worktrees === gitDirPath || P.basename(worktrees) !== 'worktrees') return null;
  const common = P.dirname(worktrees);
  if (common === worktrees) return null;
  const main = P.dirname(common);
  return main === common ? null : main;
}
