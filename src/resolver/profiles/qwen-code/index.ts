/**
 * The `qwen-code` profile: what Qwen Code 0.24.4 puts in front of the model (README.md in this
 * folder). configure() reads Qwen's settings (the user's, then a trusted workspace's) and
 * decides folder trust; discover.ts names the files in Qwen's order; format.ts frames them per
 * place. Decisions and guesses: README.md in this folder.
 */
import type { Diagnostic } from '../../evidence';
import type { ImportRule, Profile, ProfileContext } from '../../profile';
import { derived } from '../../profile';
import { NO_BUDGET } from '../../fit';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { configLayer, inFolder, readConfigDocument } from '../agent/config';
import { agentDiagnostics, fileNameDiagnostics, settingsEvidence } from '../agent/configure';
import { ConfigLayer, effectiveSettings } from '../agent/settings';
import { QWEN_CODE_ABOUT, QWEN_CODE_RELEASE } from './about';
import { QwenHome, gitRoot, qwenCandidates, qwenHome } from './discover';
import { QwenImportIo, expandQwenImports } from './imports';
import { MAX_IMPORT_EXPANSION_CHARS } from '../../limits';
import { QWEN_FORMAT } from './format';
import { QWEN_SETTINGS, qwenNames, settingKeys } from './settings';
import { decideTrust } from './trust';
import { qwenListings } from './listings';

export const QWEN_CODE_VERSION = QWEN_CODE_RELEASE;

export const QWEN_CODE_FIDELITY: readonly string[] = Object.freeze([
  `Checked against Qwen Code ${QWEN_CODE_RELEASE} (qwen -p, OpenAI-compatible auth) by the oracle suite: files and text per place agree on every case.`,
  "The system-prompt part is the end of Qwen's system message: its own instructions come before it.",
  "Each target stands for one read_file call, in the order of the evidence's targets; a rule whose paths match is sent once, after the first call that touches a match.",
  '~/.qwen/output-language.md is a file Qwen Code writes on its first run (the reply-language rule) and then sends as context: it is shown when it exists, and is absent before the first run.',
  "@file imports in context files are not expanded: Qwen Code replaces each by the imported file's text.",
  'Not read: the system settings files, extensions\' context files and rules, context.includeDirectories, context.importFormat "flat", bare and safe modes, managed auto-memory.',
]);

const NAME_WHAT =
  'Qwen Code joins it to every directory of its walk, so it can name a file outside the workspace; Holaryn probes it the same way, and a file found outside the workspace is disclosed, never shown';

/** Qwen's settings for one call, the files read for them, and what they said wrong. */
interface QwenConfig {
  home: QwenHome;
  trusted: boolean;
  diagnostics: Diagnostic[];
  configFiles: string[];
  settings: Settings;
  /** `skills.disabled` of every settings file read and the overrides, together. */
  disabledSkills: string[];
}

type Settings = ReturnType<typeof effectiveSettings>;

/** The user's settings, folder trust, then a trusted workspace's settings over the user's. */
function readQwenConfig(ctx: ProfileContext): QwenConfig {
  const P = ctx.fs.path;
  const home = qwenHome(ctx.env, ctx.homedir, P);
  const diagnostics: Diagnostic[] = [];
  const configFiles: string[] = [];
  const layer = (abs: string, display: string): ConfigLayer | undefined => {
    const doc = readConfigDocument(ctx.fs, abs, display, 'jsonc');
    if (doc.status === 'missing') return undefined;
    configFiles.push(display);
    if (doc.status === 'failed') {
      diagnostics.push(...agentDiagnostics([doc.problem]));
      return undefined;
    }
    const { layer: l, problems } = configLayer(QWEN_SETTINGS, doc.doc, display, settingKeys);
    diagnostics.push(...agentDiagnostics(problems));
    return l;
  };
  const user = layer(P.join(home.dir, 'settings.json'), `${home.display}/settings.json`);
  const early = effectiveSettings('qwen-code', QWEN_SETTINGS, user ? [user] : [], ctx.settings);
  const cwd = P.resolve(ctx.cwd);
  const trust = decideTrust(ctx, home, cwd, early['security.folderTrust.enabled'].value === true);
  diagnostics.push(...trust.diagnostics);
  if (trust.file) configFiles.push(trust.file);
  const workspacePath = P.join(cwd, '.qwen', 'settings.json');
  const workspace =
    trust.trusted && workspacePath !== P.join(home.dir, 'settings.json') ? layer(workspacePath, '.qwen/settings.json') : undefined;
  const settings = workspace
    ? effectiveSettings(
        'qwen-code',
        QWEN_SETTINGS,
        [user, workspace].filter((l) => l !== undefined),
        ctx.settings,
      )
    : early;
  diagnostics.push(...fileNameDiagnostics(QWEN_SETTINGS, settings, () => NAME_WHAT));
  const disabledSkills = new Set<string>();
  for (const l of [user, workspace])
    for (const n of (l?.values.get('skills.disabled') as readonly string[] | undefined) ?? []) disabledSkills.add(n);
  if (settings['skills.disabled'].from === 'set')
    for (const n of settings['skills.disabled'].value as readonly string[]) disabledSkills.add(n);
  return { home, trusted: trust.trusted, diagnostics, configFiles, settings, disabledSkills: [...disabledSkills] };
}

type Expand = NonNullable<Profile['imports']>['expand'];
type ImportDiagnostic = { code: 'symlink-outside-root' | 'too-large'; line: null; message: string };

/** What Qwen's import reader sees at `abs`: nothing, a folder, or a file's text. */
function importEntry(io: Parameters<Expand>[2], abs: string): ReturnType<QwenImportIo['read']> {
  let kind: string | undefined;
  try {
    kind = io.fs.stat(abs)?.kind;
  } catch {
    kind = undefined;
  }
  if (kind === undefined) return { kind: 'missing' };
  if (kind === 'directory') return { kind: 'directory' };
  return { kind: 'file', text: io.read(abs) };
}

/** Qwen expands imports from the file's folder as found (a link's own folder), in context files only. */
const QWEN_IMPORTS: ImportRule = {
  expand(content, from, io) {
    const found = from.facts?.found;
    if (from.tag !== 'context' || found === undefined) return { content, diagnostics: [] };
    const FP = io.fs.path;
    const base = FP.dirname(found);
    const root = gitRoot({ fs: io.fs }, base) ?? base;
    const expanded = expandQwenImports({ path: FP, read: (abs) => importEntry(io, abs) }, content, found, root);
    const diagnostics: ImportDiagnostic[] = expanded.hidden.map((h) => ({
      code: 'symlink-outside-root' as const,
      line: null,
      message: `${from.path} imports ${h}, outside the workspace: Qwen Code would send its text; Holaryn does not show it`,
    }));
    if (expanded.cut)
      diagnostics.push({
        code: 'too-large' as const,
        line: null,
        message: `${from.path}: its @imports are cut after ${MAX_IMPORT_EXPANSION_CHARS} characters in this resolution (MAX_IMPORT_EXPANSION_CHARS): Qwen Code expands an import again wherever it is imported`,
      });
    return { content: expanded.text, diagnostics };
  },
};

/** Qwen's files and listings for one call, from the folders and names its settings gave and its trust decision. */
function discover(home: QwenHome, names: readonly string[], trusted: boolean, disabledSkills: readonly string[]): Profile['discover'] {
  return (ctx) => ({
    candidates: qwenCandidates({ ctx, home, names, trusted }),
    listings: qwenListings({ ctx, home, trusted, disabledSkills }),
  });
}

export const QWEN_CODE: Profile = {
  ...QWEN_CODE_ABOUT,
  version: QWEN_CODE_VERSION,
  agent: 'Qwen Code',
  /** The settings and trust its configuration reads, and its global files under the context names those settings choose. */
  homeFiles(ctx) {
    const { home, settings } = readQwenConfig(ctx);
    const names = qwenNames(settings['context.fileName'].value as string | readonly string[] | null);
    return inFolder(ctx.fs.path, home.dir, ['settings.json', 'trustedFolders.json', 'output-language.md', 'rules', ...names]);
  },
  fidelity: QWEN_CODE_FIDELITY,
  settings: QWEN_SETTINGS,
  /** Qwen's settings and folder trust for the working directory in; the strategies they choose out. */
  configure(ctx) {
    const { home, trusted, diagnostics, configFiles, settings, disabledSkills } = readQwenConfig(ctx);
    const names = qwenNames(settings['context.fileName'].value as string | readonly string[] | null);
    const profile = derived(QWEN_CODE, { discover: discover(home, names, trusted, disabledSkills) });
    return { profile, diagnostics, configFiles, settings: settingsEvidence(settings) };
  },
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    keepBom: false,
    trim: true,
    skipEmpty: true,
    homes: (where) => [qwenHome(where.env, where.homedir, where.path).dir],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  imports: QWEN_IMPORTS,
  format: QWEN_FORMAT,
};
