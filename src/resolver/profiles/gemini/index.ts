/**
 * The `gemini` profile: what Gemini CLI 0.61.0 puts in front of the model (docs/agents.md,
 * `gemini`). engine.ts decides, per call, what Gemini loads (settings, trust, the upward walk
 * sorted by absolute path, identity dedupe, the files each tool call discovers, imports); this
 * file hands its answer to the pipeline as named candidates in Gemini's order, and renders
 * Gemini's framing per place (context.ts) with the absolute paths Gemini writes. Decisions and
 * guesses: README.md.
 */
import { CONTEXT_PART_SEPARATOR, derived } from '../../profile';
import type { ContextPlace, Diagnostic } from '../../evidence';
import { contentOnlyLayout } from '../../fit';
import type {
  ContextFormat,
  ContextPart,
  ContextSource,
  DiscoverContext,
  Layout,
  NamedCandidate,
  Profile,
  ProfileContext,
  TrustVerdict,
} from '../../profile';
import { CODE_POINTS } from '../../units';
import { concatenate, firstUserMessagePart, systemPromptPart, toolResultPart } from './context';
import { GeminiResult, GeminiSource, geminiHome, machineSettings, resolveGemini } from './engine';
import { fileNameDiagnostics, renderedByConfigure, settingsEvidence } from '../agent/configure';
import type { EffectiveSetting } from '../agent/settings';
import { DEFAULT_BOUNDARY_MARKERS, GEMINI_SETTINGS } from './settings';
import { GEMINI_ABOUT } from './about';
import { MAX_IMPORT_EXPANSION_CHARS } from '../../limits';

export const GEMINI_VERSION = '0.61.0';

export const GEMINI_FIDELITY: readonly string[] = Object.freeze([
  'Checked against Gemini CLI 0.61.0 (gemini -p, -m gemini-2.5-flash) by the oracle suite: files and text per place agree on every case.',
  "The system-prompt part is the <loaded_context> block that ends Gemini's memory section; a heading and a fixed paragraph on context precedence come before it (the heading names the context files for Gemini 3 models, says GEMINI.md for Gemini 2.5 ones).",
  "Each target stands for one tool call (read_file, list_directory, write_file or replace), in the order of the evidence's targets.",
  'In an untrusted folder with folder trust on, gemini -p refuses to start; the answer is what an interactive session sends (the global files only).',
  "Not read: extensions' context files, MCP server instructions (Gemini adds them after the project text), private project memory (~/.gemini/tmp/<project>/memory), the IDE's trust signal and folders, --include-directories (context.includeDirectories is read).",
  'context.importFormat "flat" is not modelled: imports are always expanded as Gemini\'s default "tree" format does.',
  'System settings and system defaults files are read whoever owns them: Gemini skips one unless it and every folder above it belong to root and no one else may write them.',
  'Paths are compared as on Linux: Gemini lowercases them on macOS and Windows when it compares trust rules and walk limits.',
  '$VAR references inside settings files are not expanded.',
  'A directory named like a context file is listed as skipped, and a missing include directory is an error (Gemini drops the first silently and stops at the second).',
]);

/** What Gemini does with a context file name that is not one plain name, and what Holaryn shows. */
const NAME_WHAT =
  'Gemini CLI joins it to every directory it searches, so it can name a file outside the workspace; Holaryn probes it the same way, and a file found outside the workspace is disclosed, never shown';

/** Per call: the engine's answer, computed once the root and targets are known. */
interface CallState {
  result?: GeminiResult;
  /** Evidence `settings`: filled in with the effective values once the workspace file is read. */
  settings: Record<string, EffectiveSetting>;
  diagnostics: Diagnostic[];
  configFiles: string[];
  byPath: Map<string, GeminiSource>;
}

function run(state: CallState, ctx: DiscoverContext): GeminiResult {
  if (state.result) return state.result;
  const result = resolveGemini({
    fs: ctx.fs,
    env: ctx.env,
    homedir: ctx.homedir,
    overrides: ctx.settings,
    root: ctx.root,
    targets: ctx.targets.map((t) => t.path),
    cache: ctx.options.cache,
    boundary: ctx.boundary,
  });
  state.result = result;
  Object.assign(state.settings, settingsEvidence(result.settings));
  state.configFiles.push(...result.configFiles);
  for (const d of result.diagnostics) {
    if (d.about !== 'file')
      state.diagnostics.push({ severity: d.severity, code: d.code, source: d.source, line: d.line, message: d.message });
  }
  state.diagnostics.push(...fileNameDiagnostics(GEMINI_SETTINGS, result.settings, () => NAME_WHAT));
  for (const s of result.sources) state.byPath.set(s.path, s);
  return result;
}

function candidate(s: GeminiSource): NamedCandidate {
  return {
    abs: s.absolute,
    path: s.path,
    scope: s.scope === 'global' ? 'global' : s.depth < 0 || s.path.startsWith('../') ? 'project' : 'workspace',
    directory: s.directory,
    depth: s.depth,
    filename: s.filename,
    delivery: s.delivery,
    // The user's own files: a link there is followed. Repository files go through the pipeline's
    // containment (a file outside the workspace is disclosed, never printed), which reads one
    // found as it lies in a directory of the walk.
    own: s.scope === 'global',
    ...(s.read ? { preread: s.read } : {}),
    ...(s.probe ? { probe: s.probe } : {}),
  };
}

function trustVerdict(result: GeminiResult): TrustVerdict {
  const evidence = {
    trusted: result.trust.trusted,
    decidedBy: result.trust.source,
    ...(result.trust.rule ? { rule: result.trust.rule } : {}),
  };
  if (result.trust.trusted) return { trusted: true, evidence };
  const reason =
    result.sources.find((s) => s.status === 'untrusted')?.reason ?? 'Gemini loads no project context file in an untrusted folder';
  return { trusted: false, reason, notice: result.notice, evidence };
}

/**
 * The context's parts in the order the model sees them, each with Gemini's text for its place: the
 * global files in the system instruction, the project files in the first user message, then one
 * part per tool call that found files. A part with no text (no file, or only blank ones) is left out.
 */
function geminiParts(sources: readonly ContextSource[], state: CallState): ContextPart[] {
  const header = (s: ContextSource) => state.byPath.get(s.path)?.absolute ?? s.absolute ?? s.path;
  const parts: ContextPart[] = [];
  const add = (place: ContextPlace, list: readonly ContextSource[], render: (blocks: string) => string) => {
    const text = render(concatenate(list.map((s) => ({ absolute: header(s), text: s.content }))));
    if (text !== '') parts.push({ place, text, sources: list.filter((s) => s.content.trim() !== '').map((s) => s.path) });
  };
  const baseline = sources.filter((s) => s.delivery !== 'on-touch');
  add(
    'system-prompt',
    baseline.filter((s) => s.scope === 'global'),
    systemPromptPart,
  );
  add(
    'first-user-message',
    baseline.filter((s) => s.scope !== 'global'),
    firstUserMessagePart,
  );
  const calls = new Map<string, ContextSource[]>();
  for (const s of sources) {
    if (s.delivery !== 'on-touch') continue;
    const target = state.byPath.get(s.path)?.target ?? '';
    const list = calls.get(target);
    if (list) list.push(s);
    else calls.set(target, [s]);
  }
  for (const list of calls.values()) add('tool-result', list, toolResultPart);
  return parts;
}

function geminiFormat(state: CallState): ContextFormat {
  const render = (sources: readonly ContextSource[]): string =>
    geminiParts(sources, state)
      .map((p) => p.text)
      .join(CONTEXT_PART_SEPARATOR);
  return {
    layout(sources): Layout {
      return { ...contentOnlyLayout(sources, CODE_POINTS.measure), complete: () => CODE_POINTS.measure(render(sources)) };
    },
    render: (sources) => render(sources),
    renderParts: (sources) => geminiParts(sources, state),
  };
}

function perCall(ctx: ProfileContext): { profile: Profile; state: CallState } {
  // An unknown --set name or a bad value is a usage error before any context file is read.
  const settings = machineSettings({ fs: ctx.fs, env: ctx.env, homedir: ctx.homedir, overrides: ctx.settings });
  const state: CallState = {
    diagnostics: [],
    configFiles: [],
    byPath: new Map(),
    settings: settingsEvidence(settings),
  };
  const profile: Profile = derived(GEMINI, {
    projectRoot: { markers: settings['context.memoryBoundaryMarkers'].value as readonly string[] },
    discover: (dctx) => run(state, dctx).sources.map(candidate),
    trust: (dctx) => trustVerdict(run(state, dctx)),
    imports: {
      // Gemini expands imports from the file's path as discovered (a link's own directory):
      // the engine did, so its text is what this file contributes.
      expand: (content, from) => {
        const s = state.byPath.get(from.path);
        return {
          content: s?.text ?? content,
          diagnostics: s?.importsCut
            ? [
                {
                  code: 'too-large',
                  line: null,
                  message: `${from.path}: its @imports are cut after ${MAX_IMPORT_EXPANSION_CHARS} characters of imported text in this resolution (MAX_IMPORT_EXPANSION_CHARS): Gemini expands an import again wherever it is imported, and what it would send after that point is not shown`,
                },
              ]
            : [],
        };
      },
    },
    format: geminiFormat(state),
  });
  return { profile, state };
}

export const GEMINI: Profile = {
  ...GEMINI_ABOUT,
  version: GEMINI_VERSION,
  agent: 'Gemini CLI',
  fidelity: GEMINI_FIDELITY,
  settings: GEMINI_SETTINGS,
  configure(ctx) {
    const { profile, state } = perCall(ctx);
    // Filled in once the root is known (the trusted folders file and the workspace settings
    // depend on it); the evidence copies both lists at the end of the call.
    return { profile, diagnostics: state.diagnostics, configFiles: state.configFiles, settings: state.settings };
  },
  noTargets: 'root',
  projectRoot: { markers: DEFAULT_BOUNDARY_MARKERS },
  directories: [],
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    // Node's readFile keeps a BOM, and so does Gemini's text (an `@` right after it is no import).
    keepBom: true,
    trim: false,
    skipEmpty: false,
    homes: (where) => [geminiHome(where).dotGemini],
  },
  ...renderedByConfigure('gemini'),
};
