/**
 * The one containment rule every profile shares (docs/contract.md §2, docs/agents.md "Reading
 * outside the tree"): which files Holaryn may read and show. A repository is the only thing its
 * author controls, so nothing it holds — a link to `~/.ssh/id_rsa`, an `@import`, a file name in
 * its settings — may make Holaryn print a file outside it.
 *
 * The boundary is
 * - the workspace: the project root the profile walks up to, but never above the given root's git
 *   repository, and never a folder that is the home directory or holds it (then the given root
 *   itself): a home kept in git (a dotfiles setup) is not "the repository" of a project inside it;
 * - the agent's own folders (LoadRule.homes: `~/.claude` or `$CLAUDE_CONFIG_DIR`, `$CODEX_HOME`,
 *   `~/.gemini`, …), never the whole home directory.
 *
 * One more place is the user's own: where the agent's own walk above the given root finds a file
 * as it lies, one plain name (no separator, not `.` or `..`) probed in a directory at or above the
 * given root with no link on the way (`~/CLAUDE.md` above a checkout). Everything else outside is
 * disclosed (named, never read) or refused, as the profile's load rule says.
 */
import type { PathApi } from './fs';
import { isInside, toRelative } from './paths';

/** Where an agent's walk looked for a file: one name in one directory (both as the agent used them). */
export interface Probe {
  /** Absolute directory. */
  readonly dir: string;
  /** The name probed there (from the profile, or from the agent's settings). */
  readonly name: string;
  /**
   * The name is one of the agent's own fixed names, never from settings (Claude Code's
   * `.claude/CLAUDE.md`, `.claude/rules/…`): it may hold folders, each one plain name.
   */
  readonly fixed?: boolean;
}

/** Whether `name` is one plain file name: no separator of either kind, not empty, `.` or `..`. */
export function isPlainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\\') && !name.includes('\0');
}

export class Boundary {
  constructor(
    private readonly P: PathApi,
    /** Canonical given root. */
    readonly root: string,
    /** Canonical workspace (see the module comment). */
    readonly workspace: string,
    /** Canonical home directory (paths below it are named `~/…`). */
    private readonly home: string,
    /** The agent's own folders, canonical; asked for only when a path lies outside the workspace. */
    private readonly agentHomes: () => readonly string[],
  ) {}

  /** The agent's own folders, canonical. */
  get homes(): readonly string[] {
    return this.agentHomes();
  }

  /** Whether the real path `real` (canonical) is in the workspace or one of the agent's own folders. */
  contains(real: string): boolean {
    const P = this.P;
    return isInside(P, this.workspace, real) || this.homes.some((dir) => isInside(P, dir, real));
  }

  /**
   * Whether the file whose real path is `real` may be read and shown: inside the boundary, or
   * exactly where the agent's walk found it (`probe`: one plain name in a directory at or above
   * the given root, no link or `..` leading elsewhere).
   */
  shows(real: string, probe?: Probe): boolean {
    if (this.contains(real)) return true;
    if (probe === undefined) return false;
    if (!(isPlainName(probe.name) || (probe.fixed === true && probe.name.split('/').every(isPlainName)))) return false;
    const P = this.P;
    return isInside(P, probe.dir, this.root) && real === P.join(probe.dir, probe.name);
  }

  /** A path outside as messages name it: `~/…` below the home directory, else absolute. */
  name(real: string): string {
    const P = this.P;
    const atTop = P.dirname(this.home) === this.home;
    return !atTop && isInside(P, this.home, real) && real !== this.home ? `~/${toRelative(P, this.home, real)}` : real;
  }
}
