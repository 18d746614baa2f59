/**
 * The `copilot-cli` profile: what GitHub Copilot CLI sends as instructions (README.md in this
 * folder), checked against 1.0.102 on files and text by a real prompt, offline against the
 * oracle's fake endpoint (bring-your-own-model, no login). Which files, in which order:
 * discover.ts; the text of the system message: format.ts. Decisions and guesses: README.md.
 *
 * Not the `copilot` profile (VS Code's Copilot Chat), which reads other folders and settings.
 */
import { NO_BUDGET } from '../../fit';
import type { Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { settingsEvidence } from '../agent/configure';
import { effectiveSettings } from '../agent/settings';
import { COPILOT_CLI_ABOUT, COPILOT_CLI_RELEASE } from './about';
import { inFolder } from '../agent/config';
import { copilotCliListings, copilotHome, customDirEntries, discoverCopilotCli } from './discover';
import { COPILOT_CLI_FORMAT } from './format';

export const COPILOT_CLI_VERSION = `GitHub Copilot CLI ${COPILOT_CLI_RELEASE}`;

export const COPILOT_CLI_FIDELITY: readonly string[] = Object.freeze([
  `Verified against ${COPILOT_CLI_RELEASE} on files and text: a real prompt, offline with the oracle’s endpoint as the model (bring-your-own-model), compared byte for byte with the system message it sent.`,
  `Rule files (.github/instructions, .claude/rules, the user’s instructions) scope themselves by applyTo or, failing that, paths (as ${COPILOT_CLI_RELEASE} read both); a file with both keys is taken by applyTo, which no run checked.`,
  `A file of 40 MiB makes ${COPILOT_CLI_RELEASE} send no request at all (its fixed context exceeds the model’s budget); not modelled: the text here holds it whole.`,
  'Copilot CLI adds the instructions of a folder below the working directory when a tool touches a file there (a feature flag in the release); not modelled: nothing below the working directory is loaded here.',
  'A file whose text equals an earlier block’s, and an empty rule file, are left out of the text and its sources but still show as included.',
  'A repository is a folder git takes for one: for the instruction files, a .git folder without HEAD, objects and refs is none (the working directory stands alone); its skills, commands and custom agents take any .git as the top, as runs of the release showed. GIT_DIR and ceiling folders are not modelled.',
  'Instruction sources turned off in a session (/instructions, saved in the user’s settings) are not read.',
]);

export const COPILOT_CLI: Profile = {
  ...COPILOT_CLI_ABOUT,
  version: COPILOT_CLI_VERSION,
  agent: 'Copilot CLI',
  // The user's instructions and the configuration that names more, in $COPILOT_HOME or ~/.copilot.
  homeFiles: (ctx) =>
    inFolder(ctx.fs.path, copilotHome(ctx.env, ctx.homedir, ctx.fs.path).path, [
      'copilot-instructions.md',
      'instructions',
      'config.json',
      'settings.json',
    ]),
  fidelity: COPILOT_CLI_FIDELITY,
  settings: [],
  configure(ctx) {
    return { settings: settingsEvidence(effectiveSettings('copilot-cli', [], [], ctx.settings)) };
  },
  noTargets: 'root',
  projectRoot: { markers: ['.git'], gitRepository: true },
  directories: [],
  discover: (ctx) => ({ candidates: discoverCopilotCli(ctx), listings: copilotCliListings(ctx) }),
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
