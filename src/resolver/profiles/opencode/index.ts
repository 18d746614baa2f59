/**
 * The `opencode` profile: what opencode 1.18.33 puts in front of the model (docs/agents.md,
 * `opencode`; checked against the release by test/oracle). engine.ts decides what opencode loads
 * (the global file, the project walk by name, `instructions` entries, the files a read loads);
 * this file hands that answer to the pipeline as named candidates in opencode's order and writes
 * opencode's framing per place (context.ts). Decisions and guesses: README.md here.
 */
import { CONTEXT_PART_SEPARATOR, derived } from '../../profile';
import type { Diagnostic } from '../../evidence';
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
} from '../../profile';
import { CODE_POINTS } from '../../units';
import { agentDiagnostics, renderedByConfigure } from '../agent/configure';
import { OPENCODE_ABOUT } from './about';
import { systemPromptPart, toolResultPart } from './context';
import { OpencodeResult, OpencodeSource, configDirOf, resolveOpencode } from './engine';
import { unmatchedInstructions } from './pitfalls';

export const OPENCODE_VERSION = '1.18.33';

export const OPENCODE_FIDELITY: readonly string[] = Object.freeze([
  'Checked against opencode 1.18.33 (opencode run, the openai provider) by the oracle suite: files and text per place agree on every case.',
  'The system-prompt part starts after the <env> block: the agent prompt, the environment and the skills list around it are not shown.',
  "Each file target stands for one read tool call, in the order of the evidence's targets.",
  "Not read: instructions URLs (opencode fetches them, up to 5 s each), {file:…} references in configuration files, remote and managed configuration, the account's configuration.",
  'The worktree is found as git would for a .git folder holding HEAD, objects and refs, or any .git file; GIT_DIR and ceiling folders are not modelled.',
  "Glob matches within one folder are taken in name order; opencode takes them in its glob scanner's order.",
  'opencode names each file by its path under the working directory as the process has it (links resolved); a path through a link is not modelled.',
]);

interface CallState {
  result?: OpencodeResult;
  diagnostics: Diagnostic[];
  configFiles: string[];
  byPath: Map<string, OpencodeSource>;
}

function run(state: CallState, ctx: DiscoverContext): OpencodeResult {
  if (state.result) return state.result;
  const result = resolveOpencode(ctx);
  state.result = result;
  state.configFiles.push(...result.configFiles);
  state.diagnostics.push(...agentDiagnostics(result.problems), ...unmatchedInstructions(result.unmatched));
  for (const s of result.sources) state.byPath.set(s.path, s);
  return result;
}

function candidate(s: OpencodeSource): NamedCandidate {
  return {
    abs: s.abs,
    path: s.path,
    scope: s.scope,
    directory: s.directory,
    depth: s.depth,
    filename: s.filename,
    delivery: s.delivery,
    own: s.own,
    ...(s.probe ? { probe: s.probe } : {}),
    ...(s.note ? { note: s.note } : {}),
    ...(s.report ? { report: s.report } : {}),
  };
}

function opencodeParts(sources: readonly ContextSource[], state: CallState): ContextPart[] {
  const block = (s: ContextSource) => ({ written: state.byPath.get(s.path)?.written ?? s.absolute ?? s.path, text: s.content });
  const parts: ContextPart[] = [];
  const shown = (list: readonly ContextSource[]) => list.filter((s) => s.content !== '');
  const baseline = shown(sources.filter((s) => s.delivery !== 'on-touch'));
  const system = systemPromptPart(baseline.map(block));
  if (system !== '') parts.push({ place: 'system-prompt', text: system, sources: baseline.map((s) => s.path) });
  const reads = new Map<string, ContextSource[]>();
  for (const s of shown(sources)) {
    if (s.delivery !== 'on-touch') continue;
    const target = state.byPath.get(s.path)?.target ?? '';
    const list = reads.get(target);
    if (list) list.push(s);
    else reads.set(target, [s]);
  }
  for (const list of reads.values())
    parts.push({ place: 'tool-result', text: toolResultPart(list.map(block)), sources: list.map((s) => s.path) });
  return parts;
}

function opencodeFormat(state: CallState): ContextFormat {
  const render = (sources: readonly ContextSource[]): string =>
    opencodeParts(sources, state)
      .map((p) => p.text)
      .join(CONTEXT_PART_SEPARATOR);
  return {
    layout(sources): Layout {
      return { ...contentOnlyLayout(sources, CODE_POINTS.measure), complete: () => CODE_POINTS.measure(render(sources)) };
    },
    render: (sources) => render(sources),
    renderParts: (sources) => opencodeParts(sources, state),
  };
}

function perCall(): { profile: Profile; state: CallState } {
  const state: CallState = { diagnostics: [], configFiles: [], byPath: new Map() };
  const profile: Profile = derived(OPENCODE, {
    discover: (dctx) => run(state, dctx).sources.map(candidate),
    format: opencodeFormat(state),
  });
  return { profile, state };
}

export const OPENCODE: Profile = {
  ...OPENCODE_ABOUT,
  version: OPENCODE_VERSION,
  agent: 'opencode',
  fidelity: OPENCODE_FIDELITY,
  configure(_ctx: ProfileContext) {
    const { profile, state } = perCall();
    // Filled in once the root is known; the evidence copies both lists at the end of the call.
    return { profile, diagnostics: state.diagnostics, configFiles: state.configFiles };
  },
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    // opencode's file reads decode with a TextDecoder, which drops a leading BOM (seen in a run).
    keepBom: false,
    trim: false,
    // Whitespace is sent as it is; an empty file is reported by the engine (it sends nothing).
    skipEmpty: false,
    homes: (where) => [configDirOf(where.env, where.homedir, where.path).abs, where.path.join(where.homedir, '.claude')],
  },
  ...renderedByConfigure('opencode'),
};
