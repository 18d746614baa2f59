/**
 * The `gemini` profile: what Gemini CLI 0.61.0 puts in front of the model (README.md in this
 * folder). discover.ts decides, per call, what Gemini loads (settings, trust, the upward walk
 * sorted by absolute path, identity dedupe, the files each tool call discovers, imports); this
 * file hands its answer to the pipeline (named candidates in Gemini's order, with the trust,
 * settings and configuration files it read), and format.ts renders Gemini's framing per place
 * with the absolute paths Gemini writes. Decisions and guesses: README.md.
 */
import { derived } from '../../profile';
import type { Diagnostic } from '../../evidence';
import { NO_BUDGET } from '../../fit';
import type { FileDiagnostic } from '../../frontmatter';
import type { DiscoverContext, Discovery, NamedCandidate, Profile, ProfileContext, TrustVerdict } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { GEMINI_FORMAT } from './format';
import { GeminiResult, GeminiSource, geminiHome, machineSettings, resolveGemini } from './discover';
import { inFolder } from '../agent/config';
import { fileNameDiagnostics, settingsEvidence } from '../agent/configure';
import { DEFAULT_BOUNDARY_MARKERS, GEMINI_SETTINGS } from './settings';
import { GEMINI_ABOUT, GEMINI_RELEASE } from './about';
import { geminiListings } from './listings';
import { MAX_IMPORT_EXPANSION_CHARS } from '../../limits';

export const GEMINI_VERSION = GEMINI_RELEASE;

export const GEMINI_FIDELITY: readonly string[] = Object.freeze([
  `Checked against Gemini CLI ${GEMINI_RELEASE} (gemini -p, -m gemini-2.5-flash) by the oracle suite: files and text per place agree on every case.`,
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

/** What Gemini's expansion of one file's imports added to the call's diagnostics. */
function importDiagnostics(s: GeminiSource): FileDiagnostic[] {
  if (!s.importsCut) return [];
  return [
    {
      code: 'too-large',
      line: null,
      message: `${s.path}: its @imports are cut after ${MAX_IMPORT_EXPANSION_CHARS} characters of imported text in this resolution (MAX_IMPORT_EXPANSION_CHARS): Gemini expands an import again wherever it is imported, and what it would send after that point is not shown`,
    },
  ];
}

function candidate(s: GeminiSource, targets: readonly string[]): NamedCandidate {
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
    // Gemini names a file by its absolute path as found, and expands its imports from there: its
    // discovery did, so its text is what this file contributes.
    facts: {
      written: s.absolute,
      ...(s.target !== undefined ? { call: targets.indexOf(s.target) } : {}),
      imported: { content: s.text, diagnostics: importDiagnostics(s) },
    },
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

/** Gemini's answer for one call: its files, and the trust, settings and configuration it read for them. */
function discoverGemini(ctx: DiscoverContext): Discovery<TrustVerdict> {
  const targets = ctx.targets.map((t) => t.path);
  const result = resolveGemini({
    fs: ctx.fs,
    env: ctx.env,
    homedir: ctx.homedir,
    overrides: ctx.settings,
    root: ctx.root,
    targets,
    cache: ctx.options.cache,
    boundary: ctx.boundary,
  });
  const diagnostics: Diagnostic[] = [];
  for (const d of result.diagnostics) {
    if (d.about !== 'file') diagnostics.push({ severity: d.severity, code: d.code, source: d.source, line: d.line, message: d.message });
  }
  diagnostics.push(...fileNameDiagnostics(GEMINI_SETTINGS, result.settings, () => NAME_WHAT));
  const { home, dotGemini } = geminiHome({ env: ctx.env, homedir: ctx.homedir, path: ctx.fs.path });
  return {
    candidates: result.sources.map((s) => candidate(s, targets)),
    listings: geminiListings({ ctx, config: result.listing, trusted: result.trust.trusted, home, dotGemini }),
    diagnostics,
    configFiles: result.configFiles,
    settings: settingsEvidence(result.settings),
    // The folder's trust, decided with the settings the working directory adds: `trust` hands it on.
    session: trustVerdict(result),
  };
}

/**
 * The user settings and trusted folders, and a global context file under each name Gemini's
 * discovery takes from the settings (`context.fileName`: a user whose settings name AGENTS.md
 * has ~/.gemini/AGENTS.md read), found by the discovery itself, with no tool call.
 */
function geminiHomeFiles(ctx: ProfileContext): string[] {
  const P = ctx.fs.path;
  const root = ctx.fs.realpath?.(ctx.cwd) ?? ctx.cwd;
  const { names } = resolveGemini({ fs: ctx.fs, env: ctx.env, homedir: ctx.homedir, overrides: ctx.settings, root, targets: [] });
  return inFolder(P, geminiHome({ env: ctx.env, homedir: ctx.homedir, path: P }).dotGemini, [
    'settings.json',
    'trustedFolders.json',
    ...names,
  ]);
}

export const GEMINI: Profile<TrustVerdict> = {
  ...GEMINI_ABOUT,
  version: GEMINI_VERSION,
  agent: 'Gemini CLI',
  homeFiles: geminiHomeFiles,
  fidelity: GEMINI_FIDELITY,
  settings: GEMINI_SETTINGS,
  /**
   * The settings before the working directory is known: an unknown --set name or a bad value is a
   * usage error before any context file is read, and the markers bound the walk up. Those the
   * working directory adds (trust, the workspace file) come with the discovery's answer.
   */
  configure(ctx) {
    const settings = machineSettings({ fs: ctx.fs, env: ctx.env, homedir: ctx.homedir, overrides: ctx.settings });
    const profile = derived(GEMINI, { projectRoot: { markers: settings['context.memoryBoundaryMarkers'].value as readonly string[] } });
    return { profile, settings: settingsEvidence(settings) };
  },
  noTargets: 'root',
  projectRoot: { markers: DEFAULT_BOUNDARY_MARKERS },
  directories: [],
  discover: discoverGemini,
  // Decided by the discovery, which reads the trusted folders file and GEMINI_CLI_TRUST_WORKSPACE.
  trust: (_ctx, found) => found.session ?? { trusted: true },
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    // Node's readFile keeps a BOM, and so does Gemini's text (an `@` right after it is no import).
    keepBom: true,
    trim: false,
    skipEmpty: false,
    homes: (where) => [geminiHome(where).dotGemini],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: GEMINI_FORMAT,
};
