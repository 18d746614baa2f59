/**
 * Holon's instruction loading (docs/profiles.md, `holon`): the agent home's `AGENTS.md`, then
 * the workspace anchor's `AGENTS.md`, or its `CLAUDE.md` only when there is no `AGENTS.md`.
 * Nothing below the anchor unless hierarchical loading is turned on (the `hierarchical`
 * setting, `--hierarchical`), and then only `AGENTS.md`, down to each target's directory. No
 * frontmatter, no budget.
 */
import { derived } from '../../profile';
import { CODE_POINTS } from '../../units';
import { NO_BUDGET } from '../../fit';
import type { Configured, DirectoryRule, DiscoverContext, NamedCandidate, Profile, ProfileContext } from '../../profile';
import { PRECEDENCE } from '../../stages/order';
import { HOLON_FORMAT } from './format';
import { HOLON_ABOUT } from './about';

/** The agent home's file is shown under this name, never the machine's path. */
export const AGENT_HOME_DISPLAY = '<agent_home>/AGENTS.md';

export const HIERARCHY_OFF = 'hierarchical loading is off';
export const CLAUDE_BELOW = 'below the workspace anchor only AGENTS.md is loaded';

const ANCHOR: DirectoryRule = Object.freeze({
  names: Object.freeze(['AGENTS.md', 'CLAUDE.md']),
  pick: 'first',
  extent: 'cwd',
  delivery: 'baseline',
});

/** Default: the chain below the anchor is reported, never loaded. */
const FLAT: readonly DirectoryRule[] = Object.freeze([
  ANCHOR,
  Object.freeze({
    names: Object.freeze(['AGENTS.md', 'CLAUDE.md']),
    pick: 'all',
    extent: 'below-cwd-to-target',
    delivery: 'baseline',
    report: Object.freeze({ status: 'not-loaded', reason: HIERARCHY_OFF }),
  }),
]) as readonly DirectoryRule[];

/** Hierarchical: AGENTS.md below the anchor is loaded; CLAUDE.md there stays out. */
const HIERARCHICAL: readonly DirectoryRule[] = Object.freeze([
  ANCHOR,
  Object.freeze({ names: Object.freeze(['AGENTS.md']), pick: 'all', extent: 'below-cwd-to-target', delivery: 'baseline' }),
  Object.freeze({
    names: Object.freeze(['CLAUDE.md']),
    pick: 'all',
    extent: 'below-cwd-to-target',
    delivery: 'baseline',
    rankBase: 1,
    report: Object.freeze({ status: 'not-loaded', reason: CLAUDE_BELOW }),
  }),
]) as readonly DirectoryRule[];

/** Truthy words for the `hierarchical` setting. */
const ON = new Set(['true', '1', 'yes', 'on', '']);
const OFF = new Set(['false', '0', 'no', 'off']);

function configure(ctx: ProfileContext): Configured {
  const raw = ctx.settings.hierarchical;
  if (raw === undefined) return {};
  const value = raw.trim().toLowerCase();
  if (ON.has(value)) return { profile: derived(HOLON, { directories: HIERARCHICAL }) };
  if (OFF.has(value)) return {};
  return {
    diagnostics: [
      {
        severity: 'error',
        code: 'invalid-value',
        source: null,
        line: null,
        message: `setting hierarchical=${JSON.stringify(raw)} is not true or false; hierarchical loading stays off`,
      },
    ],
  };
}

/** `<agent_home>/AGENTS.md` when an agent home is set (`--agent-home`, setting `agentHome`). */
function discover(ctx: DiscoverContext): NamedCandidate[] {
  const home = ctx.settings.agentHome;
  if (home === undefined || home === '') return [];
  const P = ctx.fs.path;
  return [
    {
      abs: P.resolve(home, 'AGENTS.md'),
      path: AGENT_HOME_DISPLAY,
      scope: 'agent',
      directory: null,
      depth: 0,
      filename: 'AGENTS.md',
      delivery: 'baseline',
      rank: -1,
      own: true,
    },
  ];
}

export const HOLON: Profile = Object.freeze({
  ...HOLON_ABOUT,
  configure,
  noTargets: 'root',
  directories: FLAT,
  discover,
  load: Object.freeze({ symlinks: 'inside-root', decode: 'strict', trim: false, skipEmpty: false }),
  dialect: null,
  order: PRECEDENCE,
  supersede: 'none',
  budget: Object.freeze({ unit: CODE_POINTS, size: null, fit: NO_BUDGET }),
  format: HOLON_FORMAT,
}) as Profile;
