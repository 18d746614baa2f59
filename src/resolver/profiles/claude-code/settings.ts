/**
 * Claude Code's settings as far as they decide its memory files: `--set`, its settings files
 * (managed, the user's, then the project's `.claude/settings.json` and `settings.local.json`), its
 * `~/.claude.json` (approved external imports) and the environment. What can be read before the
 * working directory is known is read by `configure` (readHomeSettings); the project's files by
 * discovery (readProjectSettings), which returns what it read as values.
 */
import type { DiscoverContext, ProfileContext } from '../../profile';
import { ConfigProblem, agentHome, readConfigDocument, valueAt } from '../agent/config';
import { SettingSpec, checkSettingValue, effectiveSettings } from '../agent/settings';
import { DEFAULT_MODEL, ModelChoice } from './model';

/** Per-entry cap of a skill's description (`skillListingMaxDescChars`' default): past it, cut to one less and `…`. */
export const MAX_DESCRIPTION_CHARS = 1536;
/** Share of the context window (in characters) the skill listing may take (`skillListingBudgetFraction`'s default). */
export const BUDGET_FRACTION = 0.01;

/** Skill override values of the `skillOverrides` setting. */
export type SkillOverride = 'on' | 'off' | 'name-only' | 'user-invocable-only';

/** The AGENTS.md plugin's `instructionFiles` option. */
export const INSTRUCTION_FILES_MODES = ['claude-md', 'claude-md-or-agents-md', 'claude-md-and-agents-md', 'managed-only'] as const;
export type InstructionFilesMode = (typeof INSTRUCTION_FILES_MODES)[number];

export interface ClaudeDirs {
  /** `~/.claude` or `$CLAUDE_CONFIG_DIR` (absolute) and its display name. */
  config: { path: string; display: string };
  /** The managed policy folder (absolute) and its display name. */
  managed: { path: string; display: string };
}

export interface ClaudeOptions {
  dirs: ClaudeDirs;
  /** `claudeMdExcludes`, merged over every settings layer. */
  excludes: readonly { pattern: string; from: string }[];
  /** Why no memory file loads at all (CLAUDE_CODE_DISABLE_CLAUDE_MDS, CLAUDE_CODE_SIMPLE), if so. */
  disabled: string | undefined;
  /** Why nothing loads on touch (CLAUDE_CODE_DISABLE_ATTACHMENTS), if so. */
  noAttachments: string | undefined;
  mode: InstructionFilesMode;
  /** The project's external imports were approved (`hasClaudeMdExternalIncludesApproved`). */
  approved: boolean;
}

const DEFAULT_MANAGED_DIR = '/etc/claude-code';
/** Moves the managed policy folder (Holaryn's own variable: the managed path is fixed per OS in Claude Code). */
export const MANAGED_DIR_ENV = 'HOLARYN_CLAUDE_MANAGED_DIR';
/** The built-in AGENTS.md plugin, as Claude Code's settings name it. */
export const AGENTS_PLUGIN = 'cc-plugin-agents-md@builtin';
const DEFAULT_MODE: InstructionFilesMode = 'claude-md-or-agents-md';

export const CLAUDE_CODE_SETTINGS: readonly SettingSpec[] = Object.freeze([
  {
    name: 'claudeMdExcludes',
    kind: 'string-list',
    default: Object.freeze([]) as readonly string[],
    description: 'globs of absolute paths of CLAUDE.md, AGENTS.md and rules files not to load (merged over every settings file)',
  },
  {
    name: 'instructionFiles',
    kind: 'choice',
    choices: INSTRUCTION_FILES_MODES,
    default: DEFAULT_MODE,
    description: `the AGENTS.md plugin's option (settings pluginConfigs["${AGENTS_PLUGIN}"].options): AGENTS.md where no CLAUDE.md loads (default), beside CLAUDE.md, never, or managed files only`,
  },
  {
    name: 'model',
    kind: 'string',
    default: null,
    description: `the model Claude Code runs, as --model takes it (over ANTHROPIC_MODEL and the settings files' model; default ${DEFAULT_MODEL}): where files loaded on touch go and where they are cut`,
  },
]);

/** Claude Code's folders for this call. */
function claudeDirs(ctx: ProfileContext): ClaudeDirs {
  const P = ctx.fs.path;
  const home = agentHome({ env: ctx.env, homedir: ctx.homedir, path: P }, 'CLAUDE_CONFIG_DIR', '.claude');
  const managed = ctx.env[MANAGED_DIR_ENV];
  return {
    config: home,
    managed: managed
      ? { path: P.resolve(managed), display: `$${MANAGED_DIR_ENV}` }
      : { path: DEFAULT_MANAGED_DIR, display: DEFAULT_MANAGED_DIR },
  };
}

const TRUE_ENV = /^\s*(1|true|yes|on)\s*$/i;

export interface Layer {
  file: string;
  doc: Record<string, unknown>;
}

/** One settings file's document (listed in `configFiles`), or undefined with a problem. */
function settingsFile(ctx: ProfileContext, abs: string, display: string, files: string[], problems: ConfigProblem[]): Layer | undefined {
  const read = readConfigDocument(ctx.fs, abs, display, 'jsonc');
  if (read.status === 'missing') return undefined;
  files.push(display);
  if (read.status === 'failed') {
    problems.push(read.problem);
    return undefined;
  }
  return { file: display, doc: read.doc };
}

/** `claudeMdExcludes` of one settings file, checked. */
function excludesOf(layer: Layer, problems: ConfigProblem[]): readonly string[] {
  const raw = layer.doc.claudeMdExcludes;
  if (raw === undefined) return [];
  const checked = checkSettingValue(CLAUDE_CODE_SETTINGS[0], raw);
  if (checked.ok) return checked.value as readonly string[];
  problems.push({ code: 'invalid-value', file: layer.file, line: null, message: `${layer.file}: ${checked.problem}; ignored` });
  return [];
}

/** The plugin's older option, `projectInstructions`, as an `instructionFiles` mode. */
const LEGACY_MODES: Record<string, InstructionFilesMode> = {
  none: 'managed-only',
  claude: 'claude-md',
  'agents-fallback': 'claude-md-or-agents-md',
  both: 'claude-md-and-agents-md',
};

/**
 * The AGENTS.md plugin's mode from one settings file: `claude-md` when the file turns the plugin
 * off; its `instructionFiles` option (an unknown value is the default), or the older
 * `projectInstructions` while `instructionFiles` is the default; undefined when it says nothing.
 */
function modeOf(layer: Layer): InstructionFilesMode | undefined {
  if (valueAt(layer.doc, ['enabledPlugins', AGENTS_PLUGIN]) === false) return 'claude-md';
  const options = ['pluginConfigs', AGENTS_PLUGIN, 'options'];
  const files = valueAt(layer.doc, [...options, 'instructionFiles']);
  const legacy = valueAt(layer.doc, [...options, 'projectInstructions']);
  if (files === undefined && legacy === undefined) return undefined;
  const mode = INSTRUCTION_FILES_MODES.find((m) => m === files) ?? DEFAULT_MODE;
  if (legacy === undefined || mode !== DEFAULT_MODE) return mode;
  return (typeof legacy === 'string' ? LEGACY_MODES[legacy] : undefined) ?? 'claude-md';
}

/** A settings file's `model` (a string that is not blank), or undefined. */
function modelOf(layer: Layer | undefined): string | undefined {
  const m = layer?.doc.model;
  return typeof m === 'string' && m.trim() !== '' ? m : undefined;
}

/** Where the model came from, for the evidence's `settings.model`. */
export interface ModelSetting {
  value: string;
  from: 'default' | 'env' | 'config' | 'set';
  file?: string;
  variable?: string;
}

/**
 * The model Claude Code runs: `--set model` (its `--model`), else `ANTHROPIC_MODEL`, else the
 * `model` of the merged settings (lowest first: user, project, local, managed), else the default.
 */
function modelSetting(set: string | undefined, env: ProfileContext['env'], layers: readonly (Layer | undefined)[]): ModelSetting {
  if (set !== undefined) return { value: set, from: 'set' };
  const fromEnv = env.ANTHROPIC_MODEL;
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { value: fromEnv, from: 'env', variable: 'ANTHROPIC_MODEL' };
  let found: ModelSetting = { value: DEFAULT_MODEL, from: 'default' };
  for (const l of layers) {
    const m = modelOf(l);
    if (m !== undefined) found = { value: m, from: 'config', file: l!.file };
  }
  return found;
}

/** The evidence's `settings.model`: the name, where it came from, and what it decides. */
export function modelEvidence(m: ModelSetting, choice: ModelChoice): Record<string, unknown> {
  const layout = choice.layout === 'system-messages' && choice.wrapped ? 'system-messages-in-reminders' : choice.layout;
  return { ...m, model: choice.id ?? null, layout, touchCut: choice.cut, ...(choice.oneM ? { window: '1m' } : {}) };
}

/** The first of these variables set to a true value, as the reason nothing loads. */
function envReason(env: ProfileContext['env'], names: readonly string[]): string | undefined {
  const name = names.find((n) => TRUE_ENV.test(env[n] ?? ''));
  return name === undefined ? undefined : `${name} is set`;
}

/**
 * Whether the user approved the project's imports from outside the working directory: Claude Code
 * keeps the answer in `.claude.json` (in `$CLAUDE_CONFIG_DIR`, else the home), under the project's
 * repository root (else the working directory).
 */
function externalImportsApproved(
  ctx: ProfileContext,
  dirs: ClaudeDirs,
  project: string,
  files: string[],
  problems: ConfigProblem[],
): boolean {
  const P = ctx.fs.path;
  const fromEnv = dirs.config.display.startsWith('$');
  const abs = fromEnv ? P.join(dirs.config.path, '.claude.json') : P.join(ctx.homedir, '.claude.json');
  const l = settingsFile(ctx, abs, fromEnv ? `${dirs.config.display}/.claude.json` : '~/.claude.json', files, problems);
  return valueAt(l?.doc, ['projects', project, 'hasClaudeMdExternalIncludesApproved']) === true;
}

/** What `configure` reads: the folders, the managed and user settings, the plugin's mode and the environment's switches. */
export interface HomeSettings {
  readonly dirs: ClaudeDirs;
  readonly managed: Layer | undefined;
  readonly user: Layer | undefined;
  readonly mode: { readonly value: InstructionFilesMode; readonly from: string };
  /** `--set model`, when given. */
  readonly setModel: string | undefined;
  /** `--set claudeMdExcludes`, when given. */
  readonly setExcludes: readonly string[] | undefined;
  readonly disabled: string | undefined;
  readonly noAttachments: string | undefined;
  readonly configFiles: readonly string[];
  readonly problems: readonly ConfigProblem[];
}

/** The settings before the working directory is known (a bad `--set` is a usage error here). */
export function readHomeSettings(ctx: ProfileContext): HomeSettings {
  const P = ctx.fs.path;
  const dirs = claudeDirs(ctx);
  const configFiles: string[] = [];
  const problems: ConfigProblem[] = [];
  const effective = effectiveSettings('claude-code', CLAUDE_CODE_SETTINGS, [], ctx.settings);
  const managed = settingsFile(
    ctx,
    P.join(dirs.managed.path, 'managed-settings.json'),
    `${dirs.managed.display}/managed-settings.json`,
    configFiles,
    problems,
  );
  const user = settingsFile(ctx, P.join(dirs.config.path, 'settings.json'), `${dirs.config.display}/settings.json`, configFiles, problems);
  // The plugin reads its options from the user's and the managed settings only (managed last: it wins).
  let mode: { value: InstructionFilesMode; from: string } = { value: DEFAULT_MODE, from: 'default' };
  for (const l of [user, managed]) {
    const m = l && modeOf(l);
    if (m !== undefined) mode = { value: m, from: l!.file };
  }
  if (effective.instructionFiles.from === 'set') mode = { value: effective.instructionFiles.value as InstructionFilesMode, from: '--set' };
  const set = effective.claudeMdExcludes;
  return {
    dirs,
    managed,
    user,
    mode,
    setModel: effective.model.from === 'set' && typeof effective.model.value === 'string' ? effective.model.value : undefined,
    setExcludes: set.from === 'set' ? (set.value as readonly string[]) : undefined,
    disabled: envReason(ctx.env, ['CLAUDE_CODE_DISABLE_CLAUDE_MDS', 'CLAUDE_CODE_SIMPLE']),
    noAttachments: envReason(ctx.env, ['CLAUDE_CODE_DISABLE_ATTACHMENTS']),
    configFiles,
    problems,
  };
}

/** The evidence's `settings.instructionFiles`: the plugin's mode and where it came from. */
export function instructionFilesEvidence(mode: HomeSettings['mode']): Record<string, unknown> {
  return {
    value: mode.value,
    from: mode.from === 'default' ? 'default' : mode.from === '--set' ? 'set' : 'config',
    ...(mode.from.endsWith('.json') ? { file: mode.from } : {}),
  };
}

/** The settings that shape Claude Code's skill listing, merged over the settings files (later files win). */
export interface ListingSettings {
  /** `skillOverrides`: per skill name, its value and the file that set it. */
  readonly overrides: ReadonlyMap<string, { value: SkillOverride; from: string }>;
  /** `skillListingMaxDescChars`. */
  readonly maxDescription: number;
  /** `skillListingBudgetFraction`. */
  readonly budgetFraction: number;
  /** `SLASH_COMMAND_TOOL_CHAR_BUDGET`: the budget in characters, over the fraction, when set to a positive whole number. */
  readonly fixedBudget: number | undefined;
}

const OVERRIDES: readonly string[] = ['on', 'off', 'name-only', 'user-invocable-only'];

/** The listing settings of the layers (lowest first: the user's, the project's, the local, managed). */
function listingSettings(layers: readonly (Layer | undefined)[], env: ProfileContext['env']): ListingSettings {
  const overrides = new Map<string, { value: SkillOverride; from: string }>();
  let maxDescription = MAX_DESCRIPTION_CHARS;
  let budgetFraction = BUDGET_FRACTION;
  for (const l of layers) {
    if (!l) continue;
    const o = l.doc.skillOverrides;
    if (o !== null && typeof o === 'object' && !Array.isArray(o))
      for (const [name, value] of Object.entries(o as Record<string, unknown>))
        if (typeof value === 'string' && OVERRIDES.includes(value)) overrides.set(name, { value: value as SkillOverride, from: l.file });
    const max = l.doc.skillListingMaxDescChars;
    if (typeof max === 'number' && Number.isInteger(max) && max > 0) maxDescription = max;
    const share = l.doc.skillListingBudgetFraction;
    if (typeof share === 'number' && share > 0 && share <= 1) budgetFraction = share;
  }
  const raw = env.SLASH_COMMAND_TOOL_CHAR_BUDGET;
  const n = raw === undefined ? NaN : Number(raw.trim());
  return { overrides, maxDescription, budgetFraction, fixedBudget: Number.isInteger(n) && n > 0 ? n : undefined };
}

/** What discovery reads once the working directory is known: the project's settings and approval. */
export interface ProjectSettings {
  /** The settings of the skill listing. */
  readonly listing: ListingSettings;
  readonly options: ClaudeOptions;
  /** The model Claude Code runs, and where that came from. */
  readonly model: ModelSetting;
  /** The evidence's `settings.claudeMdExcludes`. */
  readonly excludesEvidence: Record<string, unknown>;
  readonly configFiles: readonly string[];
  /** Problems of the files read here, and of `claudeMdExcludes` in every settings file. */
  readonly problems: readonly ConfigProblem[];
}

/** The project's settings files and its entry in `.claude.json`, over the home settings. */
export function readProjectSettings(ctx: DiscoverContext, home: HomeSettings): ProjectSettings {
  const P = ctx.fs.path;
  const configFiles: string[] = [];
  const problems: ConfigProblem[] = [];
  const homeLayers = [home.managed, home.user].filter((l): l is Layer => l !== undefined);
  const layers = homeLayers.map((l) => ({ file: l.file, values: excludesOf(l, problems) }));
  const project: (Layer | undefined)[] = [];
  for (const name of ['settings.json', 'settings.local.json']) {
    const l = settingsFile(ctx, P.join(ctx.root, '.claude', name), `.claude/${name}`, configFiles, problems);
    project.push(l);
    if (l) layers.push({ file: l.file, values: excludesOf(l, problems) });
  }
  const model = modelSetting(home.setModel, ctx.env, [home.user, ...project, home.managed]);
  const approved = externalImportsApproved(ctx, home.dirs, ctx.projectRoot, configFiles, problems);
  const excludes = layers.flatMap((l) => l.values.map((pattern) => ({ pattern, from: l.file })));
  if (home.setExcludes !== undefined) excludes.push(...home.setExcludes.map((pattern) => ({ pattern, from: '--set' })));
  const fromFiles = layers.filter((l) => l.values.length > 0).map((l) => l.file);
  const excludesEvidence = {
    value: excludes.map((e) => e.pattern),
    from: home.setExcludes !== undefined ? 'set' : fromFiles.length > 0 ? 'config' : 'default',
    ...(fromFiles.length > 0 ? { files: fromFiles } : {}),
  };
  const { dirs, disabled, noAttachments } = home;
  const options: ClaudeOptions = { dirs, excludes, disabled, noAttachments, mode: home.mode.value, approved };
  const listing = listingSettings([home.user, ...project, home.managed], ctx.env);
  return { options, model, excludesEvidence, configFiles, problems, listing };
}
