/**
 * The candidate instruction-file names as the editor features see them: which documents are
 * instruction files, the globs that watch them, and the activation events the manifest must
 * declare. Everything is derived from the resolver's candidate list (docs/contract.md §2), so
 * a name added there reaches every feature, and test/unit/vscode/manifest.test.ts checks that
 * package.json agrees. No `vscode` import: plain mocha tests load this file.
 */
import { HOLARYN_POLICY } from '../resolver';

/**
 * The candidate names per directory, in filename order (relative, `/`-separated). The one place
 * the editor reads them from the resolver.
 */
export function candidateNames(): readonly string[] {
  return HOLARYN_POLICY.candidates;
}

/** The candidate name a `/`-separated path ends with (`src/.holaryn/instructions.md` → `.holaryn/instructions.md`). */
export function candidateOf(path: string): string | undefined {
  return candidateNames().find((c) => path === c || path.endsWith(`/${c}`));
}

/** Whether a URI (or anything with a `/`-separated `path`) names an instruction file. */
export function isCandidate(uri: { readonly path: string }): boolean {
  return candidateOf(uri.path) !== undefined;
}

/**
 * Glob patterns for file system watchers: each candidate anywhere, and each folder a candidate
 * sits in below its source directory (`.holaryn` anywhere): deleting or renaming such a folder
 * reports only the folder, not the files it held.
 */
export function candidateWatchGlobs(): string[] {
  const names = candidateNames();
  const dirs = [...new Set(names.filter((c) => c.includes('/')).map((c) => c.slice(0, c.lastIndexOf('/'))))];
  return [...names.map((c) => `**/${c}`), ...dirs.map((d) => `**/${d}`)];
}

/** `workspaceContains` activation events: a candidate at the root (a cheap check) or anywhere below it. */
export function candidateActivationEvents(): string[] {
  const names = candidateNames();
  return [...names.map((c) => `workspaceContains:${c}`), ...names.map((c) => `workspaceContains:**/${c}`)];
}

/** The names as prose, for messages: `.holaryn/instructions.md, AGENTS.md, CLAUDE.md`. */
export function candidateList(): string {
  return candidateNames().join(', ');
}
