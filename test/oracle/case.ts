/**
 * The oracle suite's case format, shared by every agent: a tree under the sandbox root, files of
 * the throwaway home, the working directory, and the file a scripted read tool call touches. One
 * file per agent, `cases/<agent>.ts`, exports `cases`.
 *
 * Text (in `tree`, `home`, link targets and `env` values) may name the run's own directories,
 * known only when it runs: `{{root}}` (the sandbox root, canonical), `{{home}}` (the throwaway
 * home) and `{{outside}}` (an empty directory beside them that must stay empty: hostile cases aim
 * their commands at it).
 */
export type OracleEntry = string | { link: string } | { dir: true } | { bytes: number[] };

export interface OracleCase {
  /** Unique within the agent, kebab-case. */
  name: string;
  /** Which doc/source/changelog/issue point it checks. */
  why: string;
  /** Files under the sandbox root ('' = the sandbox root); text as UTF-8. */
  tree: Record<string, OracleEntry>;
  /** Files under the throwaway HOME (agent config and global files go here). */
  home?: Record<string, OracleEntry>;
  /** The agent's working directory and Holaryn's root, relative to the sandbox root ('' default). */
  cwd?: string;
  /** A file the scripted read tool call touches, relative to the sandbox root. */
  read?: string;
  /** Extra environment for both the agent and the profile. */
  env?: Record<string, string>;
}
