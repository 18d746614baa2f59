/**
 * The `codex` profile: what OpenAI's Codex CLI 0.169.0 puts in front of the model (README.md in this
 * folder; checked against the release by test/oracle). Per directory from the project root down
 * to the working directory (links resolved), the first of `AGENTS.override.md`, `AGENTS.md` and
 * the configured fallback names that is a regular file; nothing below the working directory; a
 * byte budget spent from the root down, cut without a marker; `$CODEX_HOME/AGENTS.override.md` or
 * `AGENTS.md` first, outside the budget. Settings come from Codex's own `config.toml`, a trusted
 * working directory's `.codex/config.toml`, then `--set`. Decisions and guesses: README.md here.
 */
import { derived } from '../../profile';
import type { ProfileHooks } from '../../hooks';
import type {
  ContextFormat,
  ContextSource,
  DirectoryRule,
  DiscoverContext,
  FitRule,
  NamedCandidate,
  Profile,
  ProfileContext,
  TrustVerdict,
} from '../../profile';
import { contentOnlyLayout } from '../../fit';
import { PRECEDENCE } from '../../stages/order';
import { UTF8_BYTES } from '../../units';
import { ConfigProblem, configLayer, inFolder, readConfigDocument } from '../agent/config';
import { codexDiscovery, codexHome } from './discover';
import { agentDiagnostics, fileNameDiagnostics, requireFrame, settingsEvidence } from '../agent/configure';
import { ConfigLayer, EffectiveSetting, SettingSpec, effectiveSettings } from '../agent/settings';
import { decodeLossy, rustTrim, utf8, utf8Length } from '../agent/text';
import { fitCodexProject } from './fit';
import { codexContext } from './format';
import { CODEX_SETTINGS, DEFAULT_PROJECT_DOC_MAX_BYTES, DEFAULT_PROJECT_ROOT_MARKERS, codexConfigKey } from './settings';
import { CODEX_ABOUT, CODEX_RELEASE } from './about';
import { canonicalIfExists } from '../../paths';

export const CODEX_VERSION = `OpenAI Codex CLI ${CODEX_RELEASE}`;

export const CODEX_FIDELITY: readonly string[] = Object.freeze([
  'Codex cuts the last file that does not fit without any marker in the text the model gets (it warns its user at start-up); the cut is shown here, not in the text.',
  'Read: $CODEX_HOME/config.toml and, when the working directory is trusted, its own .codex/config.toml; not the system and managed layers, profiles or -c overrides.',
  'Trust: only an explicit trust_level = "untrusted" under the working directory\'s canonical path keeps project files out; an unset level counts as trusted (Codex asks on first use and records the answer).',
  'A project file Codex cannot read (permission denied, a link loop) drops every project file, as in Codex; an error on a .git marker is not modelled, and neither is Codex stopping before such a file once the budget is used up.',
]);

const NAMES = Object.freeze(['AGENTS.override.md', 'AGENTS.md']);
const GLOBAL_GROUP = 'codex-global';

/**
 * The per-directory candidates: the two fixed names, then the fallbacks. Codex trims each fallback
 * as it reads its configuration (Rust's `str::trim`), drops the ones left empty and, in 0.169.0,
 * every name that is not a plain file name (one holding a `/`: `docs/AGENTS.md`, `./TEAM.md`),
 * and skips repeats.
 */
export function codexNames(fallbacks: readonly string[]): string[] {
  const names = [...NAMES];
  for (const raw of fallbacks) {
    const name = rustTrim(raw);
    if (name !== '' && !name.includes('/') && !names.includes(name)) names.push(name);
  }
  return names;
}

/** What Codex does with a fallback name that is not one plain file name, and what Holaryn shows. */
function fallbackWhat(n: { name: string }): string {
  return n.name.includes('/')
    ? `Codex ${CODEX_RELEASE} drops a fallback name holding a "/" (seen in a run), and so does Holaryn`
    : 'Codex looks for a file of exactly that name in each directory from the project root down, so it can name a file outside the workspace; a file it reaches outside the workspace is disclosed, never shown';
}

function directories(names: readonly string[]): DirectoryRule[] {
  return [
    { names, pick: 'first', extent: 'project-to-cwd', delivery: 'baseline' },
    {
      names,
      pick: 'first',
      extent: 'below-cwd-to-target',
      delivery: 'baseline',
      report: { status: 'not-loaded', reason: 'Codex loads no file below its working directory' },
    },
    {
      names,
      pick: 'first',
      extent: 'above-project',
      delivery: 'baseline',
      report: { status: 'not-loaded', reason: 'above the project root: Codex does not walk past it' },
    },
  ];
}

/**
 * What Codex alone does (hooks.ts): one unreadable project file and it loads no project file at
 * all; of the global pair the first with text wins, so a blank override gives way; its byte budget
 * counts the bytes as read.
 */
const CODEX_HOOKS: ProfileHooks = {
  load: {
    projectReadFailure: (path) =>
      `Codex could not read ${path}; a failed read makes it load no project file at all (the global file stays)`,
    blankYieldsGroup: (candidate) => candidate.group === GLOBAL_GROUP,
  },
  fit: { bytesAsRead: true },
};

/** `$CODEX_HOME/AGENTS.override.md`, else `$CODEX_HOME/AGENTS.md`: the first with text after trimming. */
function globals(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  const home = codexHome({ env: ctx.env, homedir: ctx.homedir, path: P });
  return NAMES.map((name, rank) => ({
    abs: P.join(home.path, name),
    path: `${home.display}/${name}`,
    scope: 'global' as const,
    directory: null,
    depth: 0,
    filename: name,
    delivery: 'baseline' as const,
    rank: rank - NAMES.length,
    own: true,
    group: GLOBAL_GROUP,
    trim: true,
  }));
}

/** A source's bytes as Codex counts them: the file's bytes as read (ContextSource.raw when they differ). */
function bytesOf(s: ContextSource): Uint8Array {
  return s.raw ?? utf8(s.content);
}

/**
 * Codex's fit (see fit.ts): global files whole and free; project files by their raw bytes, root
 * first, whole while they fit, the first that does not cut to the bytes left, then nothing; a file
 * whose kept part is only whitespace is dropped and gives its bytes back.
 */
export const CODEX_FIT: FitRule = ({ sources, budget }) => {
  const n = sources.length;
  const status: ('included' | 'truncated' | 'omitted')[] = new Array(n);
  const kept: number[] = new Array(n);
  const reasons: (string | undefined)[] = new Array(n);
  const project: number[] = [];
  const bytes: Uint8Array[] = [];
  let needed = 0;
  sources.forEach((s, i) => {
    if (s.scope === 'global') {
      status[i] = 'included';
      kept[i] = utf8Length(s.content);
      reasons[i] = 'global instructions are outside the project_doc_max_bytes budget';
      return;
    }
    const b = bytesOf(s);
    needed += b.length;
    project.push(i);
    bytes.push(b);
  });
  let left = budget;
  fitCodexProject(bytes, budget).forEach((fit, k) => {
    const i = project[k];
    const size = bytes[k].length;
    const room = left;
    left -= fit.keptBytes;
    kept[i] = fit.keptBytes;
    switch (fit.status) {
      case 'included':
        status[i] = 'included';
        break;
      case 'truncated':
        status[i] = 'truncated';
        reasons[i] = `cut to the first ${fit.keptBytes} of ${size} bytes by project_doc_max_bytes (${budget}); Codex marks no cut`;
        break;
      case 'omitted':
        status[i] = 'omitted';
        reasons[i] =
          budget === 0
            ? 'project_doc_max_bytes is 0: Codex loads no project file'
            : `omitted: the ${budget}-byte project_doc_max_bytes budget was used up by the files above it`;
        break;
      case 'empty':
        // The loader reports blank files before the fit; kept for completeness.
        status[i] = 'omitted';
        reasons[i] = 'empty or only whitespace: skipped, costs nothing';
        break;
      case 'cut-to-empty':
        status[i] = 'omitted';
        reasons[i] = `cut to the ${room} bytes left, which are only whitespace: Codex drops it and gives the bytes to the next file`;
        break;
    }
  });
  return { status, kept, needed, reasons };
};

/** The text of one source as Codex sends it: a cut is made in the raw bytes and decoded lossily. */
function sentText(s: ContextSource, status: string, kept: number): string {
  return status === 'truncated' ? decodeLossy(bytesOf(s).subarray(0, kept)).text : s.content;
}

export const CODEX_FORMAT: ContextFormat = {
  layout: (sources) => contentOnlyLayout(sources, utf8Length, (s) => s.raw?.length),
  render(sources, decision, _budget, _unit, frame) {
    let global: string | null = null;
    const project: string[] = [];
    sources.forEach((s, i) => {
      const status = decision.status[i];
      if (status === 'omitted') return;
      if (s.scope === 'global') global = s.content;
      else project.push(sentText(s, status, decision.kept[i]));
    });
    // Codex names its working directory as the process has it: links resolved.
    return codexContext(global, project, requireFrame(frame, 'codex').root);
  },
};

/** Codex's configuration, read once per call. */
interface CodexConfig {
  settings: Record<string, EffectiveSetting>;
  problems: ConfigProblem[];
  configFiles: string[];
}

/** The settings a project's `.codex/config.toml` may give (Codex reads project_root_markers from every other layer only). */
const PROJECT_LAYER_SETTINGS = CODEX_SETTINGS.filter(
  (s) => s.name === 'project_doc_fallback_filenames' || s.name === 'project_doc_max_bytes',
);

/** Reads one config.toml into a layer of `specs`, recording it as read (or failed). */
function readLayer(
  ctx: ProfileContext,
  abs: string,
  display: string,
  specs: readonly SettingSpec[],
  keyOf: (doc: Record<string, unknown>, spec: SettingSpec) => readonly string[] | undefined,
  into: { layers: ConfigLayer[]; problems: ConfigProblem[]; configFiles: string[] },
): void {
  const read = readConfigDocument(ctx.fs, abs, display, 'toml');
  if (read.status === 'missing') return;
  into.configFiles.push(display);
  if (read.status === 'failed') {
    into.problems.push(read.problem);
    return;
  }
  const { layer, problems } = configLayer(specs, read.doc, display, (spec) => keyOf(read.doc, spec));
  into.layers.push(layer);
  into.problems.push(...problems);
}

/**
 * Codex's configuration for a session started in the working directory: `$CODEX_HOME/config.toml`
 * (its settings, and the cwd's trust level under `projects."<canonical cwd>"`), then, when that
 * level is "trusted", the cwd's own `.codex/config.toml` (fallback names and the budget; 0.169.0
 * reads no other folder's), then `--set`.
 */
function readCodexConfig(ctx: ProfileContext): CodexConfig {
  const P = ctx.fs.path;
  const home = codexHome({ env: ctx.env, homedir: ctx.homedir, path: P });
  const cwd = canonicalIfExists(ctx.fs, ctx.cwd);
  const found = { layers: [] as ConfigLayer[], problems: [] as ConfigProblem[], configFiles: [] as string[] };
  readLayer(
    ctx,
    P.join(home.path, 'config.toml'),
    `${home.display}/config.toml`,
    CODEX_SETTINGS,
    (doc, spec) => codexConfigKey(doc, spec, cwd),
    found,
  );
  const user = effectiveSettings('codex', CODEX_SETTINGS, found.layers, ctx.settings);
  const dotCodex = P.join(cwd, '.codex');
  if (user.trust_level.value === 'trusted' && canonicalIfExists(ctx.fs, dotCodex) !== canonicalIfExists(ctx.fs, home.path)) {
    readLayer(ctx, P.join(dotCodex, 'config.toml'), '.codex/config.toml', PROJECT_LAYER_SETTINGS, (_doc, spec) => [spec.name], found);
  }
  const settings = effectiveSettings('codex', CODEX_SETTINGS, found.layers, ctx.settings);
  return { settings, problems: found.problems, configFiles: found.configFiles };
}

/**
 * The trust decision: only an explicit "untrusted" (`--set trust_level`, or the cwd's entry in
 * config.toml) keeps the project files out; the global file stays.
 */
function trustFrom(config: CodexConfig): () => TrustVerdict {
  return () => {
    const level = config.settings.trust_level;
    if (level.value !== 'untrusted') return { trusted: true };
    const where = level.from === 'set' ? '--set trust_level=untrusted' : `trust_level = "untrusted" in ${level.file}`;
    return {
      trusted: false,
      reason: `Codex loads no project AGENTS.md in an untrusted project (${where})`,
      notice: `Codex treats this project as untrusted (${where}): only the global instructions reach the model.`,
    };
  };
}

/** The profile with the effective settings applied. */
function withSettings(config: CodexConfig): Profile {
  const { settings } = config;
  const markers = settings.project_root_markers.value as readonly string[];
  const fallbacks = settings.project_doc_fallback_filenames.value as readonly string[];
  return derived(CODEX, {
    projectRoot: { markers },
    directories: directories(codexNames(fallbacks)),
    budget: { ...CODEX.budget, size: settings.project_doc_max_bytes.value as number },
    trust: trustFrom(config),
    // Agent roles need the working directory trusted explicitly (an unset level is not enough).
    discover: (ctx) => codexDiscovery(ctx, globals, settings.trust_level.value === 'trusted'),
  });
}

export const CODEX: Profile = {
  ...CODEX_ABOUT,
  version: CODEX_VERSION,
  agent: 'Codex',
  // The global instruction files and the configuration (fallback names, the budget), in $CODEX_HOME or ~/.codex.
  homeFiles: (ctx) =>
    inFolder(ctx.fs.path, codexHome({ env: ctx.env, homedir: ctx.homedir, path: ctx.fs.path }).path, [
      'AGENTS.override.md',
      'AGENTS.md',
      'config.toml',
    ]),
  fidelity: CODEX_FIDELITY,
  settings: CODEX_SETTINGS,
  configure(ctx) {
    const config = readCodexConfig(ctx);
    return {
      profile: withSettings(config),
      diagnostics: [...agentDiagnostics(config.problems), ...fileNameDiagnostics(CODEX_SETTINGS, config.settings, fallbackWhat)],
      configFiles: config.configFiles,
      settings: settingsEvidence(config.settings),
    };
  },
  noTargets: 'root',
  projectRoot: { markers: DEFAULT_PROJECT_ROOT_MARKERS },
  directories: directories(NAMES),
  discover: (ctx) => codexDiscovery(ctx, globals, false),
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    keepBom: true,
    trim: false,
    skipEmpty: true,
    reportEmpty: true,
    trimWith: rustTrim,
    homes: (where) => [codexHome(where).path],
  },
  dialect: null,
  order: PRECEDENCE,
  supersede: 'none',
  budget: { unit: UTF8_BYTES, size: DEFAULT_PROJECT_DOC_MAX_BYTES, fit: CODEX_FIT },
  format: CODEX_FORMAT,
  // A user message's `input_text` of the first request (0.169.0, run by test/oracle).
  contextPlace: 'first-user-message',
  hooks: CODEX_HOOKS,
};
