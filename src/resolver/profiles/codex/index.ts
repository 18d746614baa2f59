/**
 * The `codex` profile: what OpenAI's Codex CLI puts in front of the model (docs/agents.md,
 * `codex`). Per directory from the project root down to the working directory, the first of
 * `AGENTS.override.md`, `AGENTS.md` and the configured fallback names that is a regular file;
 * nothing below the working directory; a byte budget spent from the root down, cut silently;
 * `$CODEX_HOME/AGENTS.override.md` or `AGENTS.md` first, outside the budget. Settings come from
 * Codex's own `config.toml`, then `--set`. Decisions and guesses: README.md in this folder.
 */
import { derived } from '../../profile';
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
import { ConfigProblem, agentHome, configLayer, readConfigDocument } from '../agent/config';
import { agentDiagnostics, requireFrame, settingsEvidence } from '../agent/configure';
import { ConfigLayer, EffectiveSetting, effectiveSettings } from '../agent/settings';
import { decodeLossy, rustTrim, utf8, utf8Length } from '../agent/text';
import { fitCodexProject } from './fit';
import { codexContext } from './context';
import { CODEX_SETTINGS, DEFAULT_PROJECT_DOC_MAX_BYTES, DEFAULT_PROJECT_ROOT_MARKERS, codexConfigKey, trustKeys } from './settings';
import { CODEX_ABOUT } from './about';
import { codexRepoRoot } from './repository';
import { canonicalIfExists } from '../../paths';

export const CODEX_VERSION = 'OpenAI Codex CLI, main of 2026-08';

export const CODEX_FIDELITY: readonly string[] = Object.freeze([
  'Codex cuts the last file that does not fit without any marker; the cut is shown here, not in the text Codex sends.',
  'Only the user configuration $CODEX_HOME/config.toml is read: system and managed layers, profiles and -c overrides are not.',
  'Trust: the level is looked up under the working directory, then the git repository root (a linked worktree: its main repository), the first key present deciding; only an explicit trust_level = "untrusted" keeps project files out, an unset level counts as trusted (Codex asks on first use and records the answer).',
  'Symbolic links are resolved before the walk: Codex walks the working directory as given, so a linked working directory may have other ancestors.',
  'A project file Codex cannot read (permission denied, a link loop) drops every project file, as in Codex; an error on a .git marker is not modelled, and neither is Codex stopping before such a file once the budget is used up.',
]);

const NAMES = Object.freeze(['AGENTS.override.md', 'AGENTS.md']);
const GLOBAL_GROUP = 'codex-global';

/**
 * The per-directory candidates: the two fixed names, then the fallbacks. Codex trims each fallback
 * as it reads its configuration (Rust's `str::trim`), drops the ones left empty, and skips repeats.
 */
export function codexNames(fallbacks: readonly string[]): string[] {
  const names = [...NAMES];
  for (const raw of fallbacks) {
    const name = rustTrim(raw);
    if (name !== '' && !names.includes(name)) names.push(name);
  }
  return names;
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

/** `$CODEX_HOME/AGENTS.override.md`, else `$CODEX_HOME/AGENTS.md`: the first with text after trimming. */
function globals(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  const home = agentHome({ env: ctx.env, homedir: ctx.homedir, path: P }, 'CODEX_HOME', '.codex');
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
    yieldsWhenBlank: true,
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
    return codexContext(global, project, requireFrame(frame, 'codex').cwd);
  },
};

/** Codex's user configuration, read once per call. */
interface CodexConfig {
  settings: Record<string, EffectiveSetting>;
  /** The parsed config.toml, when it was read. */
  doc: Record<string, unknown> | undefined;
  display: string;
  problems: ConfigProblem[];
  configFiles: string[];
}

/**
 * Reads `$CODEX_HOME/config.toml` and applies the settings: Codex's own, then `--set`. The
 * trust level is looked up later (see trustFrom): its key is the working directory or project
 * root, known only once the inputs are.
 */
function readCodexConfig(ctx: ProfileContext): CodexConfig {
  const P = ctx.fs.path;
  const home = agentHome({ env: ctx.env, homedir: ctx.homedir, path: P }, 'CODEX_HOME', '.codex');
  const display = `${home.display}/config.toml`;
  const read = readConfigDocument(ctx.fs, P.join(home.path, 'config.toml'), display, 'toml');
  const layers: ConfigLayer[] = [];
  const problems: ConfigProblem[] = [];
  const configFiles: string[] = [];
  let doc: Record<string, unknown> | undefined;
  if (read.status === 'read') {
    configFiles.push(display);
    doc = read.doc;
    const { layer, problems: found } = configLayer(CODEX_SETTINGS, read.doc, display, (spec) =>
      spec.name === 'trust_level' ? undefined : [spec.name],
    );
    layers.push(layer);
    problems.push(...found);
  } else if (read.status === 'failed') {
    configFiles.push(display);
    problems.push(read.problem);
  }
  const settings = effectiveSettings('codex', CODEX_SETTINGS, layers, ctx.settings);
  return { settings, doc, display, problems, configFiles };
}

/**
 * The trust decision: `--set trust_level`, else `projects."<path>".trust_level` in config.toml
 * under the first key `projects` holds of: the working directory (canonical, then as given), the
 * git repository root (canonical, then as given). Only "untrusted" keeps the project files out
 * (the global file stays). The effective setting in the evidence is updated with what was found.
 */
function trustFrom(config: CodexConfig, evidence: Record<string, EffectiveSetting>): (ctx: DiscoverContext) => TrustVerdict {
  return (ctx) => {
    let level = config.settings.trust_level;
    if (level.from !== 'set' && config.doc) {
      const repoRoot = codexRepoRoot(ctx.fs, ctx.cwd, ctx.homedir);
      const keys = trustKeys(ctx.cwd, ctx.root, repoRoot, (p) => canonicalIfExists(ctx.fs, p));
      const spec = CODEX_SETTINGS.find((s) => s.name === 'trust_level')!;
      const { layer, problems } = configLayer([spec], config.doc, config.display, (sp) => codexConfigKey(config.doc!, sp, keys));
      for (const p of problems) ctx.diagnostic(p.code, p.file, p.line, p.message);
      if (layer.values.has('trust_level')) level = { value: layer.values.get('trust_level')!, from: 'config', file: config.display };
      evidence.trust_level = { ...level };
    }
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
function withSettings(config: CodexConfig, evidence: Record<string, EffectiveSetting>): Profile {
  const { settings } = config;
  const markers = settings.project_root_markers.value as readonly string[];
  const fallbacks = settings.project_doc_fallback_filenames.value as readonly string[];
  return derived(CODEX, {
    projectRoot: { markers },
    directories: directories(codexNames(fallbacks)),
    budget: { ...CODEX.budget, size: settings.project_doc_max_bytes.value as number },
    trust: trustFrom(config, evidence),
  });
}

export const CODEX: Profile = {
  ...CODEX_ABOUT,
  version: CODEX_VERSION,
  fidelity: CODEX_FIDELITY,
  settings: CODEX_SETTINGS,
  configure(ctx) {
    const config = readCodexConfig(ctx);
    const evidence = settingsEvidence(config.settings);
    return {
      profile: withSettings(config, evidence),
      diagnostics: agentDiagnostics(config.problems),
      configFiles: config.configFiles,
      settings: evidence,
    };
  },
  noTargets: 'root',
  projectRoot: { markers: DEFAULT_PROJECT_ROOT_MARKERS },
  directories: directories(NAMES),
  discover: globals,
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    keepBom: true,
    rawBytes: true,
    readErrorDropsProject: (path) =>
      `Codex could not read ${path}; a failed read makes it load no project file at all (the global file stays)`,
    trim: false,
    skipEmpty: true,
    reportEmpty: true,
    trimWith: rustTrim,
    homes: (where) => [agentHome(where, 'CODEX_HOME', '.codex').path],
  },
  dialect: null,
  order: PRECEDENCE,
  supersede: 'none',
  budget: { unit: UTF8_BYTES, size: DEFAULT_PROJECT_DOC_MAX_BYTES, fit: CODEX_FIT },
  format: CODEX_FORMAT,
  // A user message's `input_text` of the first request (0.169.0, run by test/oracle).
  contextPlace: 'first-user-message',
};
