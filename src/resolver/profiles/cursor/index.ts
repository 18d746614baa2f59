/**
 * The `cursor` profile: what Cursor's Agent gets from a repository's rule files, from Cursor's
 * documentation only (Cursor has no command-line release the oracle can run): the `always` and
 * matching `auto` project rules of `.cursor/rules` (discover.ts, rules.ts), `AGENTS.md` at the
 * root and in folders on the way to a target, and the legacy `.cursorrules` at the root. User
 * and team rules live in Cursor's settings and dashboard, not in files: not read. The text is
 * Holaryn's envelope (Cursor publishes no framing). Decisions and guesses: README.md.
 */
import { NO_BUDGET } from '../../fit';
import type { Dialect, DirectoryRule, Profile } from '../../profile';
import { PRECEDENCE } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { settingsEvidence } from '../agent/configure';
import { agentHeader } from '../agent/frontmatter';
import { effectiveSettings } from '../agent/settings';
import { HOLARYN_FORMAT } from '../holaryn/format';
import { CURSOR_ABOUT } from './about';
import { discoverCursor } from './discover';
import { cursorSkills } from './skills';

export const CURSOR_VERSION = 'Cursor (documentation of 2026-12; not verified against a release)';

export const CURSOR_FIDELITY: readonly string[] = Object.freeze([
  'Documented, not verified: Cursor has no release the oracle can run, so every behaviour here is taken from Cursor’s documentation.',
  'The order of AGENTS.md, .cursorrules and the rules in the request is not documented: here shallow before deep, then AGENTS.md, .cursorrules, rules by name.',
  'How Cursor frames rule text in its prompt is not documented: the text here is Holaryn’s envelope.',
  'Agent-requested rules (a description only) reach the model only if it chooses to read them: reported not loaded, with their description.',
  'Globs: a comma-separated string or a YAML list, matched with minimatch against the path below the rule’s folder; a pattern without a slash matches at any depth (a guess).',
  'User rules (Cursor Settings) and team rules (the dashboard) are not files: not read.',
]);

/** `.mdc` frontmatter is Cursor's (rules.ts decides what it means); the model gets the text after it. */
export const CURSOR_DIALECT: Dialect = Object.freeze({
  name: 'cursor',
  yaml: false,
  parse(text: string) {
    const header = agentHeader(text);
    const content = header.present ? header.body : text;
    const contentLine = header.present ? text.split('\n').length - content.split('\n').length + 1 : 1;
    return { metadata: null, content, diagnostics: [], keys: [], contentLine, blockRange: null };
  },
});

const DIRECTORIES: readonly DirectoryRule[] = Object.freeze([
  // The root's AGENTS.md in every request; a nested one for the files below its folder.
  Object.freeze({ names: Object.freeze(['AGENTS.md']), pick: 'all', extent: 'project-to-target', delivery: 'by-depth' }),
  Object.freeze({ names: Object.freeze(['.cursorrules']), pick: 'all', extent: 'cwd', delivery: 'baseline', rankBase: 1 }),
]) as readonly DirectoryRule[];

export const CURSOR: Profile = {
  ...CURSOR_ABOUT,
  version: CURSOR_VERSION,
  agent: 'Cursor',
  fidelity: CURSOR_FIDELITY,
  settings: [],
  configure(ctx) {
    return { settings: settingsEvidence(effectiveSettings('cursor', [], [], ctx.settings)) };
  },
  noTargets: 'root',
  directories: DIRECTORIES,
  discover: (ctx) => ({ candidates: discoverCursor(ctx), listings: cursorSkills(ctx) }),
  load: { symlinks: 'follow-disclose', decode: 'lossy', trim: false, skipEmpty: true, reportEmpty: true },
  dialect: CURSOR_DIALECT,
  order: PRECEDENCE,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: HOLARYN_FORMAT,
};
