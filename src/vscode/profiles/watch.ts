/**
 * The files other profiles read, as watcher globs: every per-directory candidate name of every
 * registered profile (AGENTS.override.md, GEMINI.md, docs/PROJECT_RULES.md, …) and the files
 * profiles find themselves (project configs, rule and instruction folders). Holaryn's own
 * candidates are watched by instruction-watcher.ts. No `vscode` import: unit-tested.
 */
import { listProfiles, profileByName, profileCard } from '../../resolver';

/** Files and folders profiles find by their own discovery rather than a per-directory name: their cards' `editor.watch`, once each. */
export function discoveredGlobs(): string[] {
  return [...new Set(listProfiles().flatMap(({ name }) => profileCard(name)?.editor?.watch ?? []))];
}

/** One glob per distinct candidate name of every registered profile, then the discovered files' globs. */
export function profileWatchGlobs(): string[] {
  const names = new Set<string>();
  for (const { name } of listProfiles()) {
    for (const rule of profileByName(name).directories) for (const n of rule.names) names.add(n);
  }
  return [...[...names].sort().map((n) => `**/${n}`), ...discoveredGlobs()];
}
