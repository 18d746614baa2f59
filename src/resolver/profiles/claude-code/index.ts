/**
 * The `claude-code` profile: what Claude Code 2.1.328 loads as memory (README.md in this
 * folder), verified by running that release (test/oracle/cases/claude-code.ts). Settings
 * come from Claude Code's own settings files (`claudeMdExcludes`, the AGENTS.md plugin's
 * `instructionFiles`), its `~/.claude.json` (approved external imports) and the environment, then
 * `--set`. Decisions and approximations: README.md in this folder.
 */
import { derived } from '../../profile';
import type { Dialect, DiscoverContext, Discovery, Profile, ProfileContext } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { agentHome, inFolder } from '../agent/config';
import { agentDiagnostics } from '../agent/configure';
import { claudeDiscover } from './discover';
import { claudeListings } from './listings';
import { MAX_MEMORY_BYTES } from './memory';
import { CLAUDE_FIT } from './fit';
import { CLAUDE_CODE_FORMAT } from './format';
import { ClaudeSession, chooseModel } from './model';
import {
  CLAUDE_CODE_SETTINGS,
  HomeSettings,
  instructionFilesEvidence,
  modelEvidence,
  readHomeSettings,
  readProjectSettings,
} from './settings';
import { claudeHeader, stripComments } from './text';
import { CLAUDE_CODE_ABOUT, CLAUDE_CODE_RELEASE } from './about';

export { AGENTS_PLUGIN, CLAUDE_CODE_SETTINGS, MANAGED_DIR_ENV } from './settings';

/** The release this profile was verified against (evidence `profileVersion`). */
export const CLAUDE_CODE_VERSION = CLAUDE_CODE_RELEASE;

export const CLAUDE_CODE_FIDELITY: readonly string[] = Object.freeze([
  `Verified against Claude Code ${CLAUDE_CODE_RELEASE} run offline (test/oracle/cases/claude-code.ts); Claude Code is closed source, so what no case covers follows the strings of that release and may be wrong (see the profile README).`,
  'The context is the places Claude Code puts memory files, joined by a blank line: the launch files in a system reminder in the first user message, the files a touched path loads in system reminders with the tool result, and the AGENTS.md files of a read in a system message (with the default model and the later ones; older models get them in a reminder inside the tool result).',
  'The model is the one Claude Code would run (ANTHROPIC_MODEL, the settings files\u2019 model, or --set model=NAME; else its default, claude-opus-5-5): it decides where the files loaded on touch go and where such a file is cut (5% of the model\u2019s context window in characters, at least 40,000: 150,000 for the default model, 40,000 for claude-sonnet-4-5). A file between 1 MiB and 4 MiB is read only up to its first 1 MiB (Holaryn\u2019s read limit), where Claude Code reads it whole.',
  'The managed policy folder is read but was not run: an unverified managed file (one this account could have written) gets another label and quoting in Claude Code; the managed settings\u2019 claudeMd text, --setting-sources, --add-dir, auto memory (MEMORY.md) and git worktrees inside their main repository are not modelled.',
  'Several targets resolve as several touches in one session; Claude Code sends each touch\u2019s files after that tool call, and a file once sent is not sent again.',
  'A file reached by two hard links loads twice in Claude Code and once here (a duplicate).',
]);

/** The header is not sent; HTML comments are removed. */
export const CLAUDE_CODE_DIALECT: Dialect = {
  name: 'claude-code',
  yaml: false,
  parse(text) {
    const content = stripComments(claudeHeader(text).body);
    return { metadata: null, content, diagnostics: [], keys: [], contentLine: 1, blockRange: null };
  },
};

/**
 * Claude Code's answer for one call: its memory files, the project's settings files it read, the
 * model and whether a git status follows the launch files (the session the format and the fit
 * rule are handed), and a fidelity note for a model it does not know.
 */
function discover(home: HomeSettings): (ctx: DiscoverContext) => Discovery<ClaudeSession> {
  return (ctx) => {
    const project = readProjectSettings(ctx, home);
    const model = chooseModel(project.model.value);
    // Another reminder follows the launch one: the git status in a repository, and with Claude Code's
    // default tools (the user's session) always its attribution reminder for commits and pull requests.
    const reminderAfterLaunch = true;
    for (const d of agentDiagnostics(project.problems)) ctx.diagnostic(d.code, d.source, d.line, d.message);
    const unknownModel =
      model.id === undefined
        ? [
            `The model ${JSON.stringify(project.model.value)} is not one Claude Code ${CLAUDE_CODE_VERSION} knows: the files loaded on touch are laid out as for its default model and cut past ${model.cut} characters, which was not verified.`,
          ]
        : [];
    const { listing } = project;
    const budget = listing.fixedBudget ?? Math.max(1, Math.floor(model.window * model.perToken * listing.budgetFraction));
    const listings = claudeListings(ctx, {
      dirs: project.options.dirs,
      overrides: listing.overrides,
      maxDescription: listing.maxDescription,
      budget,
      layout: model.layout,
    });
    return {
      candidates: claudeDiscover(project.options)(ctx),
      listings,
      configFiles: project.configFiles,
      settings: { model: modelEvidence(project.model, model), claudeMdExcludes: project.excludesEvidence },
      fidelity: unknownModel,
      session: { model, reminderAfterLaunch },
    };
  };
}

/** The settings files read before the working directory is known in; the discovery they configure out. */
function configure(ctx: ProfileContext) {
  const home = readHomeSettings(ctx);
  return {
    profile: derived(CLAUDE_CODE, { discover: discover(home) }),
    diagnostics: agentDiagnostics(home.problems),
    configFiles: [...home.configFiles],
    settings: { instructionFiles: instructionFilesEvidence(home.mode) },
  };
}

export const CLAUDE_CODE: Profile<ClaudeSession> = {
  ...CLAUDE_CODE_ABOUT,
  version: CLAUDE_CODE_VERSION,
  agent: 'Claude Code',
  // The user's memory file, rules and settings (their model and imports), in $CLAUDE_CONFIG_DIR or ~/.claude.
  homeFiles: (ctx) =>
    inFolder(ctx.fs.path, agentHome({ env: ctx.env, homedir: ctx.homedir, path: ctx.fs.path }, 'CLAUDE_CONFIG_DIR', '.claude').path, [
      'CLAUDE.md',
      'rules',
      'settings.json',
    ]),
  fidelity: CLAUDE_CODE_FIDELITY,
  settings: CLAUDE_CODE_SETTINGS,
  configure,
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    keepBom: true,
    trim: true,
    skipEmpty: true,
    reportEmpty: true,
    emptyReport: { status: 'not-loaded', reason: 'empty file: nothing for Claude Code to load' },
    maxBytes: MAX_MEMORY_BYTES,
    homes: (where) => [agentHome(where, 'CLAUDE_CONFIG_DIR', '.claude').path],
  },
  dialect: CLAUDE_CODE_DIALECT,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  // No budget for the whole context; a file loaded on touch is cut past the model's cut.
  budget: { unit: CODE_POINTS, size: null, fit: CLAUDE_FIT, cutsWithoutBudget: true },
  format: CLAUDE_CODE_FORMAT,
};
