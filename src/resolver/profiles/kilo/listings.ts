/**
 * What Kilo Code CLI 7.7.7 lists beside its instruction files, read by the shared opencode reading
 * (agent/opencode-listings.ts: Kilo is a fork of opencode, and runs showed the same skill and
 * subagent rules) from the folders Kilo uses:
 *
 * - skills: unless `KILO_DISABLE_EXTERNAL_SKILLS`, the `.claude` (unless `KILO_DISABLE_CLAUDE_CODE`
 *   or `KILO_DISABLE_CLAUDE_CODE_SKILLS`) and `.agents` folders' `skills` of the home, then of each
 *   folder from the working directory up to the worktree, nearest first: only where git takes the
 *   worktree for a repository's (without one, or with a `.git` git does not take for one, the
 *   working directory's alone, as runs showed); then the configuration folders' `skill` and
 *   `skills`;
 * - subagents: `{agent,agents}/**\/*.md` of the configuration folders, named by their header's
 *   `name` or their path; `{mode,modes}` and `mode: primary` agents are not listed.
 *
 * The configuration folders, in Kilo's order: the global one (`~/.config/kilo`), `.kilocode` then
 * `.kilo` of each folder from the working directory up (unless `KILO_DISABLE_PROJECT_CONFIG`),
 * `~/.kilocode`, `~/.kilo`, `$KILO_CONFIG_DIR`.
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { isInside } from '../../paths';
import { flagOn, kindOf, walkUp } from '../agent/opencode-core';
import { type ListingFolder, opencodeAgents, opencodeSkills } from '../agent/opencode-listings';
import { isGitRepository } from '../../stages/inputs';
import { kiloConfigDir } from './discover';

/** The configuration folders Kilo reads skills and agents from (ConfigPaths.directories), in its order. */
function configFolders(ctx: DiscoverContext, walk: readonly string[]): ListingFolder[] {
  const { fs, env, homedir } = ctx;
  const P = fs.path;
  const dirs: ListingFolder[] = [{ abs: kiloConfigDir(env, homedir, P).abs, own: true }];
  if (!flagOn(env.KILO_DISABLE_PROJECT_CONFIG))
    for (const dir of walk) for (const name of ['.kilocode', '.kilo']) dirs.push({ abs: P.join(dir, name), own: false });
  for (const name of ['.kilocode', '.kilo']) dirs.push({ abs: P.join(homedir, name), own: true });
  if (env.KILO_CONFIG_DIR) dirs.push({ abs: P.resolve(ctx.root, env.KILO_CONFIG_DIR), own: true });
  const seen = new Set<string>();
  return dirs
    .filter((d) => !seen.has(d.abs) && seen.add(d.abs) !== undefined && kindOf(fs, d.abs) === 'directory')
    .map((d) => ({ abs: d.abs, own: d.own && !isInside(P, ctx.root, d.abs) }));
}

/** Kilo's skills and subagents for this call (its built-in ones left out, as every agent's are). */
export function kiloListings(ctx: DiscoverContext, worktree: string): ListingEvidence[] {
  const P = ctx.fs.path;
  const { env } = ctx;
  const walk = walkUp(P, ctx.root, worktree);
  const external = flagOn(env.KILO_DISABLE_EXTERNAL_SKILLS)
    ? []
    : [...(flagOn(env.KILO_DISABLE_CLAUDE_CODE) || flagOn(env.KILO_DISABLE_CLAUDE_CODE_SKILLS) ? [] : ['.claude']), '.agents'];
  const inputs = {
    walk: isGitRepository(ctx.fs, worktree) ? walk : [ctx.root],
    configDirs: configFolders(ctx, walk),
    external,
    skillPaths: [],
    configAgents: [],
    agent: 'Kilo',
    builtinPrimary: [],
  };
  return [...opencodeSkills(ctx, inputs), ...opencodeAgents(ctx, inputs)];
}
