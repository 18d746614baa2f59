/**
 * DSH's project instruction files (docs/profiles.md, `dsh`): the user-global
 * `$DSH_HOME/AGENTS.md`, then one file per directory (the first existing candidate) from the git
 * project root down to the session cwd, in a `<workspace-context>` block under a 64 KiB byte
 * budget; files below the cwd arrive as separate attachments when a file tool touches a path
 * below them. Every candidate symlink is refused; there is no frontmatter.
 */
import { derived } from '../../profile';
import type { Configured, DirectoryRule, DiscoverContext, NamedCandidate, Profile, ProfileContext } from '../../profile';
import type { SourceDelivery } from '../../evidence';
import { PRECEDENCE } from '../../stages/order';
import { UTF8_BYTES } from '../../units';
import { DSH_FIT, DSH_FORMAT } from './format';
import { DSH_BUDGET, DSH_CANDIDATES, DSH_GLOBAL_NAME, dshGlobalFile, parseCandidates } from './settings';
import { DSH_ABOUT } from './about';

function directoryRules(names: readonly string[]): readonly DirectoryRule[] {
  return Object.freeze([
    // The baseline: project root → cwd, inclusive.
    Object.freeze({ names, pick: 'first', extent: 'project-to-cwd', delivery: 'baseline' }),
    // Nested files: just below the cwd → each touched path's directory.
    Object.freeze({ names, pick: 'first', extent: 'below-cwd-to-target', delivery: 'on-touch' }),
  ]) as readonly DirectoryRule[];
}

/** `--candidates` (or the `candidates` setting, comma-separated), checked as DSH checks them. */
function configure(ctx: ProfileContext): Configured {
  const setting = ctx.settings.candidates;
  const raw = ctx.options.candidates ?? (setting === undefined ? undefined : setting.split(','));
  if (raw === undefined) return {};
  const { names, invalid } = parseCandidates(raw);
  return {
    profile: derived(DSH, { directories: directoryRules(names) }),
    diagnostics: invalid.map(({ entry, why }) => ({
      severity: 'error',
      code: 'invalid-value',
      source: null,
      line: null,
      message: `candidate ${JSON.stringify(entry)} ${why}; ignored`,
    })),
  };
}

/** The user-global file: `--global FILE`, none with `--no-global`, else `$DSH_HOME/AGENTS.md`. */
function discover(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  const chosen = ctx.options.globalFile;
  if (chosen === null) return [];
  const global = chosen ?? dshGlobalFile(ctx.env, ctx.homedir, P);
  return [
    {
      abs: global.path,
      path: global.displayName,
      scope: 'global',
      directory: null,
      depth: 0,
      filename: chosen ? P.basename(global.path) : DSH_GLOBAL_NAME,
      delivery: 'baseline',
      rank: -1,
      own: true,
    },
  ];
}

export const DSH: Profile = Object.freeze({
  ...DSH_ABOUT,
  configure,
  noTargets: 'root',
  projectRoot: Object.freeze({ markers: Object.freeze(['.git']) }),
  directories: directoryRules(DSH_CANDIDATES),
  discover,
  load: Object.freeze({ symlinks: 'refuse', decode: 'strict', trim: false, skipEmpty: false }),
  dialect: null,
  order: PRECEDENCE,
  supersede: 'none',
  budget: Object.freeze({ unit: UTF8_BYTES, size: DSH_BUDGET, fit: DSH_FIT }),
  // DSH reads a file on touch but sends only the baseline ones (hooks.ts).
  hooks: { delivery: { inContext: (delivery: SourceDelivery) => delivery === 'baseline' } },
  format: DSH_FORMAT,
}) as Profile;
