/**
 * What one trust answer governs for a repository, as Narya reports it (docs/profiles.md §4, §5):
 * the instruction root, the instruction files discovered there, the repository's own command,
 * skill and agent directories and Claude Code settings, and its project config. A consent
 * question must name all four; `holaryn trust` prints them as a RepositoryTrust object.
 */
import type { ResolverFs } from '../../fs';
import type { TrustLookup } from '../../../trust/store';
import { NARYA_CONFIG } from './settings';

/** The repository files Narya discovers by name, relative to the instruction root, in prompt order. */
export const PRIMARY_FILES = Object.freeze(['AGENTS.md', 'CLAUDE.md'] as const);
export const PROJECT_RULES = 'docs/PROJECT_RULES.md';

/** The repository's own resources the same answer governs, relative to the instruction root, in order. */
export const RESOURCE_DIRS = Object.freeze(['.claude/commands', '.claude/skills', '.claude/agents', '.claude/settings.json']);

/** The schema of a RepositoryTrust object (Narya's field names, kept as they are). */
export interface RepositoryTrust {
  /** Canonical absolute path: the key the answer is stored under. */
  repository: string;
  /** Nearest directory at or above the repository holding `.git`; else the repository. */
  instructionRoot: string;
  decision: TrustLookup['decision'];
  /** The ancestor the decision came from; absent when it is the repository's own, or none. */
  inheritedFrom?: string;
  /** The immediate parent, the only other directory a client may offer to trust. */
  parent?: string;
  /** Discovered instruction files present now, relative to instructionRoot, in prompt order. */
  instructionFiles: string[];
  /** RESOURCE_DIRS present now, relative to instructionRoot. */
  resourceDirs: string[];
  /** `.narya/config.toml` when present (relative to the repository). */
  projectConfig?: string;
}

/** The repository's layout on disk, without the decision. */
export type RepositoryLayout = Omit<RepositoryTrust, 'decision' | 'inheritedFrom'>;

/**
 * Whether `dir` holds a `.git` entry that is a directory (a checkout) or a file (a worktree or a
 * submodule, whose `.git` file points elsewhere). A `.git` symlink counts by what it leads to.
 */
export function hasGitMarker(fs: ResolverFs, dir: string): boolean {
  try {
    const kind = fs.stat(fs.path.join(dir, '.git'))?.kind;
    return kind === 'directory' || kind === 'file';
  } catch {
    return false; // unreadable: not a marker this call can use
  }
}

/** The nearest directory at or above `repository` (canonical) holding `.git`; else the repository. */
export function findInstructionRoot(fs: ResolverFs, repository: string): string {
  const P = fs.path;
  for (let dir = repository; ; dir = P.dirname(dir)) {
    if (hasGitMarker(fs, dir)) return dir;
    if (P.dirname(dir) === dir) return repository;
  }
}

/** Whether `rel` below `dir` is an entry of `kind` (links followed); errors count as absent. */
function present(fs: ResolverFs, dir: string, rel: string, kind?: 'file'): boolean {
  try {
    const st = fs.stat(fs.path.join(dir, ...rel.split('/')));
    return st !== undefined && (kind === undefined || st.kind === kind);
  } catch {
    return false;
  }
}

/**
 * The discovered instruction files present now, in prompt order, and the CLAUDE.md an AGENTS.md
 * shadows. A name counts when it is a regular file (a link counts by what it leads to): a
 * directory named AGENTS.md does not keep CLAUDE.md out.
 */
export function discoverInstructionFiles(fs: ResolverFs, instructionRoot: string): { files: string[]; shadowed: string | null } {
  const files: string[] = [];
  const [agents, claude] = PRIMARY_FILES;
  const hasAgents = present(fs, instructionRoot, agents, 'file');
  const hasClaude = present(fs, instructionRoot, claude, 'file');
  if (hasAgents) files.push(agents);
  else if (hasClaude) files.push(claude);
  if (present(fs, instructionRoot, PROJECT_RULES, 'file')) files.push(PROJECT_RULES);
  return { files, shadowed: hasAgents && hasClaude ? claude : null };
}

/** The parent a client may offer, or undefined for `/` and for a directory right below `/`. */
export function offerableParent(fs: ResolverFs, repository: string): string | undefined {
  const P = fs.path;
  const parent = P.dirname(repository);
  if (parent === repository || P.dirname(parent) === parent) return undefined;
  return parent;
}

/** Everything one answer governs for the canonical `repository`, as on disk now. */
export function repositoryLayout(fs: ResolverFs, repository: string): RepositoryLayout {
  const instructionRoot = findInstructionRoot(fs, repository);
  const parent = offerableParent(fs, repository);
  const exists = (rel: string) => {
    try {
      return fs.lstat(fs.path.join(instructionRoot, ...rel.split('/'))) !== undefined;
    } catch {
      return false;
    }
  };
  const layout: RepositoryLayout = {
    repository,
    instructionRoot,
    ...(parent === undefined ? {} : { parent }),
    instructionFiles: discoverInstructionFiles(fs, instructionRoot).files,
    // Any entry by these names is reported, whatever it is: a consent question that names too
    // much is safer than one that leaves out what the answer would load.
    resourceDirs: RESOURCE_DIRS.filter(exists),
  };
  let config = false;
  try {
    config = fs.lstat(fs.path.join(repository, ...NARYA_CONFIG.split('/'))) !== undefined;
  } catch {}
  if (config) layout.projectConfig = NARYA_CONFIG;
  return layout;
}

/** The RepositoryTrust object: the layout with the effective decision, fields in the schema's order. */
export function repositoryTrust(layout: RepositoryLayout, lookup: TrustLookup): RepositoryTrust {
  return {
    repository: layout.repository,
    instructionRoot: layout.instructionRoot,
    decision: lookup.decision,
    ...(lookup.inheritedFrom === undefined ? {} : { inheritedFrom: lookup.inheritedFrom }),
    ...(layout.parent === undefined ? {} : { parent: layout.parent }),
    instructionFiles: layout.instructionFiles,
    resourceDirs: layout.resourceDirs,
    ...(layout.projectConfig === undefined ? {} : { projectConfig: layout.projectConfig }),
  };
}
