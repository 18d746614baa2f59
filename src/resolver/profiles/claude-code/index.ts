/**
 * The `claude-code` profile: what Claude Code 2.1.328 loads as memory (docs/agents.md,
 * `claude-code`), verified by running that release (test/oracle/cases/claude-code.ts). Settings
 * come from Claude Code's own settings files (`claudeMdExcludes`, the AGENTS.md plugin's
 * `instructionFiles`), its `~/.claude.json` (approved external imports) and the environment, then
 * `--set`. Decisions and approximations: README.md in this folder.
 */
import { CONTEXT_PART_SEPARATOR, derived } from '../../profile';
import type {
  ContextFormat,
  ContextSource,
  Dialect,
  FitDecision,
  FitInput,
  FitRule,
  FitStatus,
  FormatFrame,
  Profile,
  ProfileContext,
} from '../../profile';
import { contentOnlyLayout } from '../../fit';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { ConfigProblem, agentHome, readConfigDocument, valueAt } from '../agent/config';
import { agentDiagnostics } from '../agent/configure';
import { SettingSpec, checkSettingValue, effectiveSettings } from '../agent/settings';
import { ClaudeDirs, ClaudeOptions, INSTRUCTION_FILES_MODES, InstructionFilesMode, MAX_MEMORY_BYTES, claudeDiscover } from './discover';
import { ClaudePart, claudeParts, cuttable, touchCut } from './format';
import { DEFAULT_MODEL, ModelChoice, chooseModel } from './model';
import { claudeHeader, stripComments } from './text';
import { CLAUDE_CODE_ABOUT } from './about';

/** The release this profile was verified against (evidence `profileVersion`). */
export const CLAUDE_CODE_VERSION = '2.1.328';

export const CLAUDE_CODE_FIDELITY: readonly string[] = Object.freeze([
  'Verified against Claude Code 2.1.328 run offline (test/oracle/cases/claude-code.ts); Claude Code is closed source, so what no case covers follows the strings of that release and may be wrong (see the profile README).',
  'The context is the places Claude Code puts memory files, joined by a blank line: the launch files in a system reminder in the first user message, the files a touched path loads in system reminders with the tool result, and the AGENTS.md files of a read in a system message (with the default model and the later ones; older models get them in a reminder inside the tool result).',
  'The model is the one Claude Code would run (ANTHROPIC_MODEL, the settings files\u2019 model, or --set model=NAME; else its default, claude-opus-5-5): it decides where the files loaded on touch go and where such a file is cut (5% of the model\u2019s context window in characters, at least 40,000: 150,000 for the default model, 40,000 for claude-sonnet-4-5). A file between 1 MiB and 4 MiB is read only up to its first 1 MiB (Holaryn\u2019s read limit), where Claude Code reads it whole.',
  'The managed policy folder is read but was not run: an unverified managed file (one this account could have written) gets another label and quoting in Claude Code; the managed settings\u2019 claudeMd text, --setting-sources, --add-dir, auto memory (MEMORY.md) and git worktrees inside their main repository are not modelled.',
  'Several targets resolve as several touches in one session; Claude Code sends each touch\u2019s files after that tool call, and a file once sent is not sent again.',
  'A file reached by two hard links loads twice in Claude Code and once here (a duplicate).',
]);

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

/** The header is not sent; HTML comments are removed. */
export const CLAUDE_CODE_DIALECT: Dialect = {
  name: 'claude-code',
  yaml: false,
  parse(text) {
    const content = stripComments(claudeHeader(text).body);
    return { metadata: null, content, diagnostics: [], keys: [], contentLine: 1, blockRange: null };
  },
};

/** The path Claude Code names a source by: the one discovery recorded, else the path under the working directory. */
function namer(named: ReadonlyMap<string, string> | undefined, frame: FormatFrame | undefined) {
  return (s: ContextSource): string => {
    const known = named?.get(s.path);
    if (known !== undefined) return known;
    if (s.scope === 'global' || frame === undefined) return s.absolute ?? s.path;
    return frame.path.join(frame.root, ...s.path.split('/'));
  };
}

/** The parts of a context, by place (the oracle's `contextParts`). */
export function claudeContextParts(
  sources: readonly ContextSource[],
  named?: ReadonlyMap<string, string>,
  frame?: FormatFrame,
  model: ModelChoice = chooseModel(DEFAULT_MODEL),
  gitStatus = true,
): ClaudePart[] {
  const pathOf = namer(named, frame);
  return claudeParts(
    sources.map((source) => ({ source, path: pathOf(source) })),
    model.cut,
    model.layout,
    gitStatus,
    model.wrapped,
  );
}

/**
 * Claude Code's one cut: a file loaded on touch past the model's cut keeps the lines before it.
 * Everything else is sent whole (there is no budget).
 */
export function claudeFit(model: () => ModelChoice): FitRule {
  return ({ sources, layout }) => cutOnTouch(sources, layout, model().cut);
}

function cutOnTouch(sources: FitInput['sources'], layout: FitInput['layout'], budget: number): FitDecision {
  const status: FitStatus[] = [];
  const kept: number[] = [];
  const reasons: (string | undefined)[] = [];
  let needed = 0;
  sources.forEach((s, i) => {
    const cut = cuttable(s) ? touchCut(s.content, budget) : undefined;
    if (cuttable(s)) needed = Math.max(needed, s.content.trim().length);
    if (!cut) {
      status.push('included');
      kept.push(layout.size(i));
      reasons.push(undefined);
      return;
    }
    const head = CODE_POINTS.measure(cut.head);
    status.push('truncated');
    kept.push(head);
    reasons.push(
      `Claude Code sends the first ${head} of ${layout.size(i)} characters of a file it loads on touch when the file is longer than ${budget} (the lines before the cut), and a line saying to read the rest from line ${cut.line}`,
    );
  });
  return { status, kept, needed, reasons };
}

/** The cut of Claude Code's default model. */
export const CLAUDE_FIT: FitRule = claudeFit(() => chooseModel(DEFAULT_MODEL));

/** What the format needs to know of the session: the model and whether a git status follows the launch files. */
interface Session {
  model: ModelChoice;
  gitStatus: boolean;
}

function claudeFormat(
  named?: ReadonlyMap<string, string>,
  session: () => Session = () => ({ model: chooseModel(DEFAULT_MODEL), gitStatus: true }),
): ContextFormat {
  const parts = (sources: readonly ContextSource[], frame: FormatFrame | undefined) => {
    const s = session();
    return claudeContextParts(sources, named, frame, s.model, s.gitStatus);
  };
  return {
    layout: (sources) => contentOnlyLayout(sources, CODE_POINTS.measure),
    render: (sources, _decision, _budget, _unit, frame) =>
      parts(sources, frame)
        .map((p) => p.text)
        .join(CONTEXT_PART_SEPARATOR),
    renderParts: (sources, _decision, _budget, _unit, frame) => parts(sources, frame),
  };
}

export const CLAUDE_CODE_FORMAT: ContextFormat = claudeFormat();

const TRUE_ENV = /^\s*(1|true|yes|on)\s*$/i;

interface Layer {
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
interface ModelSetting {
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
function modelEvidence(m: ModelSetting, choice: ModelChoice): Record<string, unknown> {
  const layout = choice.layout === 'system-messages' && choice.wrapped ? 'system-messages-in-reminders' : choice.layout;
  return { ...m, model: choice.id ?? null, layout, touchCut: choice.cut, ...(choice.oneM ? { window: '1m' } : {}) };
}

/** The first of these variables set to a true value, as the reason nothing loads. */
function envReason(env: ProfileContext['env'], names: readonly string[]): string | undefined {
  const name = names.find((n) => TRUE_ENV.test(env[n] ?? ''));
  return name === undefined ? undefined : `${name} is set`;
}

function configure(ctx: ProfileContext) {
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
  const home: Layer[] = [managed, user].filter((l): l is Layer => l !== undefined);
  // The plugin reads its options from the user's and the managed settings only (managed last: it wins).
  let mode: { value: InstructionFilesMode; from: string } = { value: DEFAULT_MODE, from: 'default' };
  for (const l of [user, managed]) {
    const m = l && modeOf(l);
    if (m !== undefined) mode = { value: m, from: l!.file };
  }
  if (effective.instructionFiles.from === 'set') mode = { value: effective.instructionFiles.value as InstructionFilesMode, from: '--set' };
  const disabled = envReason(ctx.env, ['CLAUDE_CODE_DISABLE_CLAUDE_MDS', 'CLAUDE_CODE_SIMPLE']);
  const noAttachments = envReason(ctx.env, ['CLAUDE_CODE_DISABLE_ATTACHMENTS']);
  const named = new Map<string, string>();
  const setModel = effective.model.from === 'set' && typeof effective.model.value === 'string' ? effective.model.value : undefined;
  let model = chooseModel(DEFAULT_MODEL);
  let gitStatus = true;
  const fidelity = [...CLAUDE_CODE_FIDELITY];
  const settings: Record<string, unknown> = {
    instructionFiles: {
      value: mode.value,
      from: mode.from === 'default' ? 'default' : mode.from === '--set' ? 'set' : 'config',
      ...(mode.from.endsWith('.json') ? { file: mode.from } : {}),
    },
  };
  const profile: Profile = derived(CLAUDE_CODE, {
    format: claudeFormat(named, () => ({ model, gitStatus })),
    budget: { ...CLAUDE_CODE.budget, fit: claudeFit(() => model) },
    fidelity,
    discover(dctx) {
      // The project's settings files, and its entry in .claude.json, are known only now that the working directory is.
      const layers = home.map((l) => ({ file: l.file, values: excludesOf(l, problems) }));
      const project: (Layer | undefined)[] = [];
      for (const name of ['settings.json', 'settings.local.json']) {
        const l = settingsFile(ctx, P.join(dctx.root, '.claude', name), `.claude/${name}`, configFiles, problems);
        project.push(l);
        if (l) layers.push({ file: l.file, values: excludesOf(l, problems) });
      }
      const chosen = modelSetting(setModel, ctx.env, [user, ...project, managed]);
      model = chooseModel(chosen.value);
      // Claude Code adds its git status when the working directory is in a repository (a `.git` where the walk up found one).
      gitStatus = ctx.fs.lstat(P.join(dctx.projectRoot, '.git')) !== undefined;
      settings.model = modelEvidence(chosen, model);
      if (model.id === undefined)
        fidelity.push(
          `The model ${JSON.stringify(chosen.value)} is not one Claude Code ${CLAUDE_CODE_VERSION} knows: the files loaded on touch are laid out as for its default model and cut past ${model.cut} characters, which was not verified.`,
        );
      const approved = externalImportsApproved(ctx, dirs, dctx.projectRoot, configFiles, problems);
      for (const d of agentDiagnostics(problems.splice(0))) dctx.diagnostic(d.code, d.source, d.line, d.message);
      const excludes = layers.flatMap((l) => l.values.map((pattern) => ({ pattern, from: l.file })));
      const set = effective.claudeMdExcludes;
      if (set.from === 'set') excludes.push(...(set.value as readonly string[]).map((pattern) => ({ pattern, from: '--set' })));
      const fromFiles = layers.filter((l) => l.values.length > 0).map((l) => l.file);
      settings.claudeMdExcludes = {
        value: excludes.map((e) => e.pattern),
        from: set.from === 'set' ? 'set' : fromFiles.length > 0 ? 'config' : 'default',
        ...(fromFiles.length > 0 ? { files: fromFiles } : {}),
      };
      const options: ClaudeOptions = { dirs, excludes, disabled, noAttachments, mode: mode.value, approved, named };
      return claudeDiscover(options)(dctx);
    },
  });
  return { profile, diagnostics: agentDiagnostics(problems), configFiles, settings };
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

export const CLAUDE_CODE: Profile = {
  ...CLAUDE_CODE_ABOUT,
  version: CLAUDE_CODE_VERSION,
  agent: 'Claude Code',
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
