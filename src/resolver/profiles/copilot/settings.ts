/**
 * Copilot's settings are VS Code settings, under their own names. There is no Copilot file to
 * read on the command line: the values come from `--set` (the editor passes its real `chat.*`
 * settings the same way). Defaults are VS Code's.
 */
import type { SettingSpec } from '../agent/settings';
import { EffectiveSetting } from '../agent/settings';

export const USE_AGENTS_MD = 'chat.useAgentsMdFile';
export const USE_CLAUDE_MD = 'chat.useClaudeMdFile';
export const USE_INSTRUCTION_FILES = 'github.copilot.chat.codeGeneration.useInstructionFiles';
export const USE_NESTED_AGENTS_MD = 'chat.useNestedAgentsMdFiles';
export const INCLUDE_APPLYING = 'chat.includeApplyingInstructions';
export const LOCATIONS = 'chat.instructionsFilesLocations';
export const PARENT_REPOSITORIES = 'chat.useCustomizationsInParentRepositories';
export const WORKSPACE_TRUST = 'security.workspace.trust.enabled';

/** `chat.instructionsFilesLocations` by default: the workspace's and the user's folders. */
export const DEFAULT_LOCATIONS: Readonly<Record<string, boolean>> = Object.freeze({
  '.github/instructions': true,
  '.claude/rules': true,
  '~/.copilot/instructions': true,
  '~/.claude/rules': true,
});

export const COPILOT_SETTINGS: readonly SettingSpec[] = Object.freeze([
  { name: USE_AGENTS_MD, kind: 'boolean', default: true, description: "attach the workspace folder's AGENTS.md" },
  {
    name: USE_CLAUDE_MD,
    kind: 'boolean',
    default: true,
    description: 'attach CLAUDE.md, CLAUDE.local.md and .claude/CLAUDE.md of the folder, and ~/.claude/CLAUDE.md',
  },
  {
    name: USE_INSTRUCTION_FILES,
    kind: 'boolean',
    default: true,
    description: 'attach .github/copilot-instructions.md and ~/.copilot/copilot-instructions.md',
  },
  {
    name: USE_NESTED_AGENTS_MD,
    kind: 'boolean',
    default: false,
    description: 'list AGENTS.md files below the workspace folder in the instruction index (the model reads them itself)',
  },
  {
    name: INCLUDE_APPLYING,
    kind: 'boolean',
    default: true,
    description: 'attach instruction files whose applyTo (Claude rules: paths) matches an attached file',
  },
  {
    name: LOCATIONS,
    kind: 'boolean-map',
    default: DEFAULT_LOCATIONS,
    folders: true,
    description: 'folders searched for *.instructions.md and Claude rules, {"path": true|false}',
  },
  {
    name: PARENT_REPOSITORIES,
    kind: 'boolean',
    default: false,
    description: `also use the folders between the workspace folder and its git root, when that root is trusted (taken as trusted only with ${WORKSPACE_TRUST}=false)`,
  },
  {
    name: WORKSPACE_TRUST,
    kind: 'boolean',
    default: true,
    description: `VS Code's workspace trust; false: every folder counts as trusted (what ${PARENT_REPOSITORIES} needs)`,
  },
]);

export interface CopilotSettings {
  agentsMd: boolean;
  claudeMd: boolean;
  instructionFiles: boolean;
  nestedAgents: boolean;
  includeApplying: boolean;
  locations: Readonly<Record<string, boolean>>;
  parents: boolean;
  trustEnabled: boolean;
}

export function settingsOf(effective: Record<string, EffectiveSetting>): CopilotSettings {
  return {
    agentsMd: effective[USE_AGENTS_MD].value as boolean,
    claudeMd: effective[USE_CLAUDE_MD].value as boolean,
    instructionFiles: effective[USE_INSTRUCTION_FILES].value as boolean,
    nestedAgents: effective[USE_NESTED_AGENTS_MD].value as boolean,
    includeApplying: effective[INCLUDE_APPLYING].value as boolean,
    locations: effective[LOCATIONS].value as Readonly<Record<string, boolean>>,
    parents: effective[PARENT_REPOSITORIES].value as boolean,
    trustEnabled: effective[WORKSPACE_TRUST].value as boolean,
  };
}

export const DEFAULTS: CopilotSettings = {
  agentsMd: true,
  claudeMd: true,
  instructionFiles: true,
  nestedAgents: false,
  includeApplying: true,
  locations: DEFAULT_LOCATIONS,
  parents: false,
  trustEnabled: true,
};
