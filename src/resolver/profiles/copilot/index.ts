/**
 * The `copilot` profile: what GitHub Copilot Chat in VS Code attaches to a request (README.md in this
 * folder), after VS Code's `ComputeAutomaticInstructions`, `PromptsService` and prompt file
 * locator, and the chat extension's `CustomInstructions` renderer. The targets are the files
 * attached to the request. Decisions and guesses: README.md in this folder.
 *
 * Its discovery, in named steps, one file each and in this order: the instruction files by
 * `applyTo` (instructions.ts), the always-attached files (attached.ts), the nested AGENTS.md
 * (nested.ts), over what they share (candidates.ts); its one renderer is format.ts.
 */
import { derived } from '../../profile';
import type { ProfileHooks } from '../../hooks';
import type { DiscoverContext, Discovery, NamedCandidate, Profile, ProfileContext } from '../../profile';
import { copilotListings } from './discover';
import { NO_BUDGET } from '../../fit';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { claudeHome } from '../agent/config';
import { settingsEvidence } from '../agent/configure';
import { isSymlink } from '../agent/peek';
import { effectiveSettings } from '../agent/settings';
import { COPILOT_SETTINGS } from './settings';
import { COPILOT_ABOUT } from './about';

import { CopilotSettings, settingsOf, DEFAULTS } from './settings';
import { rootFolders } from './candidates';
import { ATTACHED } from './attached';
import { format } from './format';
import { agentFiles } from './attached';
import { instructionFiles } from './instructions';
import { nestedAgents } from './nested';

export { uriText } from './candidates';
export { effectivePattern, instructionKind } from './instructions';

export const COPILOT_VERSION =
  'GitHub Copilot Chat in VS Code 1.10x (VS Code core computeAutomaticInstructions of 2026, chat extension of 2026-03)';

export const COPILOT_FIDELITY: readonly string[] = Object.freeze([
  'Agent mode with the read tool is assumed: the instruction index (every instruction file, applying or not, with its description and applyTo) is rendered; skills and custom agents that follow it in the real prompt are not.',
  'Whitespace of the rendered prompt follows prompt-tsx as read from the extension; line-break merging may differ slightly.',
  "Attachments are sorted by URI with JavaScript's localeCompare in this process's locale; VS Code uses its UI locale. The URI text percent-encodes what VS Code does (all but letters, digits, - . _ ~ and /); Windows drive letters are not lower-cased as VS Code does. The chat extension's own port of the collector keeps plain URI order.",
  'Inside an instruction folder, entries that are not links come first by name, then the links by name, as VS Code walks a sorted listing; the order among the links (VS Code adds them as each extra look-up ends) and the order on Windows (the NTFS listing order) are approximate.',
  'With chat.useNestedAgentsMdFiles, the whole workspace folder is searched for AGENTS.md as VS Code does, leaving out the default files.exclude and search.exclude entries and what its .gitignore files ignore; the order of the list (sorted by path), the user\u2019s own exclude settings, linked folders (not entered) and the finer ignore rules of VS Code\u2019s search are approximate, and the search stops after 20000 folders (VS Code has no bound).',
  'Instruction folders given as glob patterns in chat.instructionsFilesLocations are not searched; references (#file:, links) inside instruction files are not followed (chat.includeReferencedInstructions, default off).',
  'Parent repository folders (chat.useCustomizationsInParentRepositories) need their git root to be trusted in VS Code; Holaryn cannot see the trusted folders, so it uses them only with security.workspace.trust.enabled=false and otherwise warns (untrusted) and uses the workspace folder alone. Enterprise policies and multi-root workspaces are not modelled.',
]);

/**
 * What Copilot alone does (hooks.ts). VS Code adds the always-attached files that are not links
 * first, then a link only if its real path is not already there: of a link and its file, the file
 * is kept whatever the order. It drops an attachment whose text repeats an earlier one's.
 */
const COPILOT_HOOKS: ProfileHooks = {
  dedupe: {
    sameText: true,
    yieldsToSameFile: (candidate, fs) => ATTACHED.has(candidate.tag) && isSymlink(fs, candidate.abs),
  },
};

function discover(s: CopilotSettings): (ctx: DiscoverContext) => Discovery {
  return (ctx) => {
    const roots = rootFolders(ctx, s);
    const candidates: NamedCandidate[] = [...instructionFiles(ctx, s, roots), ...agentFiles(ctx, s, roots), ...nestedAgents(ctx, s)];
    // Skills and custom agents of the customizations index (./discover.ts: read from source).
    return { candidates, listings: copilotListings(ctx) };
  };
}

function withSettings(s: CopilotSettings): Profile {
  return derived(COPILOT, { discover: discover(s), format: format(s) });
}

export const COPILOT: Profile = {
  ...COPILOT_ABOUT,
  version: COPILOT_VERSION,
  agent: 'GitHub Copilot',
  fidelity: COPILOT_FIDELITY,
  settings: COPILOT_SETTINGS,
  configure(ctx: ProfileContext) {
    const effective = effectiveSettings('copilot', COPILOT_SETTINGS, [], ctx.settings);
    return { profile: withSettings(settingsOf(effective)), settings: settingsEvidence(effective), configFiles: [] };
  },
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  discover: discover(DEFAULTS),
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    trim: true,
    skipEmpty: true,
    reportEmpty: true,
    emptyReport: { status: 'not-loaded', reason: 'empty file: Copilot drops an attachment with no text' },
    // Copilot's user-level instruction folders.
    homes: (where) => [where.path.join(where.homedir, '.copilot'), claudeHome(where).path],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: format(DEFAULTS),
  hooks: COPILOT_HOOKS,
};
