/**
 * The `copilot-cli` profile: what GitHub Copilot CLI loads as instructions (docs/agents.md,
 * `copilot-cli`), checked against 1.0.102 by its own listing (`copilot instruction list`): the
 * files and their order are verified, the text is not (a prompt needs a login). Which files, in
 * which order: discover.ts; the text's framing: format.ts. Decisions and guesses: README.md.
 *
 * Not the `copilot` profile (VS Code's Copilot Chat), which reads other folders and settings.
 */
import { NO_BUDGET } from '../../fit';
import type { Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { settingsEvidence } from '../agent/configure';
import { effectiveSettings } from '../agent/settings';
import { COPILOT_CLI_ABOUT } from './about';
import { copilotHome, customDirEntries, discoverCopilotCli } from './discover';
import { COPILOT_CLI_FORMAT } from './format';

export const COPILOT_CLI_VERSION = 'GitHub Copilot CLI 1.0.102';

export const COPILOT_CLI_FIDELITY: readonly string[] = Object.freeze([
  'Files and order verified against 1.0.102 by `copilot instruction list --json` (no login needed); the text is not: a prompt needs a GitHub login, so what Copilot CLI sends was never seen.',
  'The text framing (<custom_instruction> … </custom_instruction>, sources joined by a blank line) is read from strings in the release, not from a request.',
  'Copilot CLI lists every .github/instructions file whatever its applyTo; in a session it names them to the model with their applyTo (a string in the release). Here they are all part of the text, for every file.',
  'Copilot CLI adds the instructions of a folder below the working directory when a tool touches a file there (a feature flag in the release); not modelled: nothing below the working directory is loaded here.',
  'The listing shows one "Nested AGENTS.md" source for the AGENTS.md of every COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder; taken here as each folder’s file in the variable’s order.',
  'A repository is a folder holding .git as git finds one; a .git without HEAD, objects and refs is no repository to Copilot CLI, but is one here.',
  'Instruction sources turned off in a session (/instructions, saved in the user’s settings) are not read.',
]);

export const COPILOT_CLI: Profile = {
  ...COPILOT_CLI_ABOUT,
  version: COPILOT_CLI_VERSION,
  agent: 'Copilot CLI',
  fidelity: COPILOT_CLI_FIDELITY,
  settings: [],
  configure(ctx) {
    return { settings: settingsEvidence(effectiveSettings('copilot-cli', [], [], ctx.settings)) };
  },
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  discover: discoverCopilotCli,
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    trim: false,
    // The listing names an empty file too.
    skipEmpty: false,
    // The user's folder, and the folders the user named in COPILOT_CUSTOM_INSTRUCTIONS_DIRS.
    // The variable's absolute folders only: a relative one is taken from the working directory, unknown here.
    homes: ({ env, homedir, path }) => [copilotHome(env, homedir, path).path, ...customDirEntries(env).filter((d) => path.isAbsolute(d))],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: COPILOT_CLI_FORMAT,
};
