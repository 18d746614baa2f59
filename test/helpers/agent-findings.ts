/** `check --agents` findings on a tree laid out for a test (the profiles' listing pitfall tests). */
import { lintWorkspace } from '../../src/lint';
import { FileSpec, TempDirs, writeTree } from './cli';

/**
 * `check --agents AGENT` on a tree and a home laid out in temporary folders of `temp`: the agent
 * findings as `[file, line, code]` (the listing pitfall tests of each profile).
 */
export function agentFindings(
  temp: TempDirs,
  agent: string,
  files: Record<string, FileSpec>,
  home: Record<string, FileSpec> = {},
): [string, number | undefined, string][] {
  const root = temp.make('holaryn-listing-pitfalls-');
  const homeDir = temp.make('holaryn-listing-pitfalls-home-');
  writeTree(root, files);
  writeTree(homeDir, home);
  const r = lintWorkspace(root, { budgetCheck: false, agents: { agents: [agent], env: { HOME: homeDir }, homedir: homeDir } });
  return r.findings.filter((f) => f.code.startsWith('agent-')).map((f) => [f.file, f.line, f.code]);
}
