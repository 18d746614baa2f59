/**
 * What opencode 1.18.33 lists beside its instruction files (README.md, "Listings"): its skills and
 * subagents, read by the shared opencode reading (agent/opencode-listings.ts) from the folders
 * this release uses: the `.claude` and `.agents` folders of the home and of the walk (unless
 * `OPENCODE_DISABLE_EXTERNAL_SKILLS`; `.claude` also goes with `OPENCODE_DISABLE_CLAUDE_CODE` or
 * `OPENCODE_DISABLE_CLAUDE_CODE_SKILLS`), the configuration folders (the global folder, each
 * `.opencode` of the walk unless the project configuration is off, `~/.opencode`,
 * `$OPENCODE_CONFIG_DIR`), the `skills.paths` of every configuration layer, and the `agent`
 * objects of the configuration files.
 */
import type { ListingEvidence } from '../../evidence';
import type { DiscoverContext } from '../../profile';
import { type ConfigAgent, type ListingFolder, opencodeAgents, opencodeSkills } from '../agent/opencode-listings';
import { kindOf } from '../agent/peek';
import { configDirOf, type OpencodeResult } from './discover';
import { flagOn } from '../agent/opencode-core';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The configuration folders opencode reads skills and agents from, in its order. */
export function opencodeConfigDirs(ctx: DiscoverContext, walk: readonly string[]): ListingFolder[] {
  const P = ctx.fs.path;
  const dirs: ListingFolder[] = [{ abs: configDirOf(ctx.env, ctx.homedir, P).abs, own: true }];
  if (!flagOn(ctx.env.OPENCODE_DISABLE_PROJECT_CONFIG))
    for (const dir of walk)
      if (kindOf(ctx.fs, P.join(dir, '.opencode')) === 'directory') dirs.push({ abs: P.join(dir, '.opencode'), own: false });
  dirs.push({ abs: P.join(ctx.homedir, '.opencode'), own: true });
  const custom = ctx.env.OPENCODE_CONFIG_DIR;
  if (custom) dirs.push({ abs: P.resolve(custom), own: true });
  const seen = new Set<string>();
  return dirs.filter((d) => !seen.has(d.abs) && seen.add(d.abs) !== undefined);
}

/** opencode's skills and subagents for this call. */
export function opencodeListings(ctx: DiscoverContext, result: OpencodeResult): ListingEvidence[] {
  const P = ctx.fs.path;
  const { env } = ctx;
  const external = flagOn(env.OPENCODE_DISABLE_EXTERNAL_SKILLS)
    ? []
    : [...(flagOn(env.OPENCODE_DISABLE_CLAUDE_CODE) || flagOn(env.OPENCODE_DISABLE_CLAUDE_CODE_SKILLS) ? [] : ['.claude']), '.agents'];
  const skillPaths: ListingFolder[] = [];
  const configAgents: ConfigAgent[] = [];
  for (const { doc, own, abs } of result.docs) {
    const paths = isObject(doc.skills) ? doc.skills.paths : undefined;
    if (Array.isArray(paths))
      for (const p of paths) {
        if (typeof p !== 'string') continue;
        const expanded = p.startsWith('~/') ? P.join(ctx.homedir, p.slice(2)) : p;
        const dir = P.isAbsolute(expanded) ? expanded : P.join(ctx.root, expanded);
        if (kindOf(ctx.fs, dir) === 'directory') skillPaths.push({ abs: dir, own });
      }
    if (isObject(doc.agent))
      for (const [name, value] of Object.entries(doc.agent)) if (isObject(value)) configAgents.push({ name, value, abs, own });
  }
  const inputs = {
    walk: result.walk,
    configDirs: opencodeConfigDirs(ctx, result.walk),
    external,
    skillPaths,
    configAgents,
    agent: 'opencode',
  };
  return [...opencodeSkills(ctx, inputs), ...opencodeAgents(ctx, inputs)];
}
