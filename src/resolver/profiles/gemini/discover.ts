/**
 * What Gemini CLI (0.61) loads for a working directory and the paths its tools touch: its
 * configuration (settings files, trusted folders), the global files, the baseline project files
 * (cwd up to the ceiling, deduplicated by device and inode, sorted by absolute path) and the files
 * each tool call discovers, with imports expanded (format.ts frames them). Pure over `ResolverFs`.
 * Decisions and guesses: README.md in this folder.
 */
import type { FsStat, PathApi, ResolverFs } from '../../fs';
import { canonicalize, joinUnder } from '../../paths';
import { MAX_CONTENT_BYTES, MAX_IMPORT_EXPANSION_CHARS } from '../../limits';
import { ConfigLayer, EffectiveSetting, SettingOverrides, effectiveSettings } from '../agent/settings';
import { ConfigProblem, configLayer, readConfigDocument } from '../agent/config';
import type { FileCache } from '../../cache';
import { readRawFile } from '../agent/read';
import { decodeLossy } from '../agent/text';
import { ReadResult, readInstructionFile } from '../../read';
import { ImportExpander, ImportIo, importRoot, isSubpath } from './imports';
import { GEMINI_SETTINGS, geminiNames, settingKeys, usableMarkers } from './settings';
import { includeDirectories } from './workspace';
import { TrustRule, isPathTrusted, readTrustedFolders } from './trust';
import type { Boundary, Probe } from '../../boundary';
import { DISCLOSED_PLACEHOLDER } from '../../stages/load';

export interface GeminiInputs {
  fs: ResolverFs;
  env: Readonly<Record<string, string | undefined>>;
  /** The user's home directory (`GEMINI_CLI_HOME` moves it for Gemini). */
  homedir: string;
  /** `--set NAME=VALUE` (text) or typed values. */
  overrides: SettingOverrides;
  /** The working directory, canonical. */
  root: string;
  /** Paths a tool touches, relative to `root` with `/`, in call order (none: no tool call yet). */
  targets: readonly string[];
  /** Decides where the system settings files are; default the running platform. */
  platform?: NodeJS.Platform;
  /** Spares reading a context file unchanged since an earlier call. */
  cache?: FileCache;
  /**
   * What may be read and shown (the call's Boundary; the profile always passes it). A context
   * file or an import whose real path it does not show is never read: the file is disclosed by
   * the pipeline, the import becomes the placeholder with a `symlink-outside-root` error.
   * Absent: everything Gemini reads is read (the engine alone, as in its own tests).
   */
  boundary?: Pick<Boundary, 'shows' | 'name'>;
}

export type GeminiStatus = 'included' | 'not-loaded' | 'untrusted';

export interface GeminiSource {
  /** The absolute path as Gemini discovered it (what its header shows). */
  absolute: string;
  /** Evidence path: root-relative with `/` (`../` above the root), or `~/.gemini/NAME`. */
  path: string;
  scope: 'global' | 'project';
  /** Root-relative directory, or null for a global file. */
  directory: string | null;
  depth: number;
  filename: string;
  delivery: 'baseline' | 'on-touch';
  status: GeminiStatus;
  reason: string | null;
  /** The text inside Gemini's frame: imports expanded, trimmed ('' when none or not loaded). */
  text: string;
  /** The file's raw size and hash when it was read. */
  bytes: number;
  sha256: string;
  /** The read itself, as the pipeline reads it (it is not read again: NamedCandidate.preread). */
  read?: ReadResult;
  /** The bound on what imports add (MAX_IMPORT_EXPANSION_CHARS) cut `text`. */
  importsCut?: boolean;
  /** On-touch: the target whose tool call discovered it. */
  target?: string;
  /** Where the walk probed it (directory and name as Gemini joined them). */
  probe?: Probe;
  /** Outside the boundary: its real path, and its text was not read. */
  disclosed?: string;
}

export interface GeminiDiagnostic {
  code: 'invalid-value' | 'malformed-config' | 'unreadable' | 'invalid-utf8' | 'too-large' | 'symlink-outside-root';
  severity: 'error' | 'warning' | 'info';
  /**
   * A configuration file's problem, a context file's (which the pipeline reports itself), or an
   * import's (which only the engine sees).
   */
  about: 'config' | 'file' | 'import';
  source: string | null;
  line: number | null;
  message: string;
}

export interface GeminiTrust {
  trusted: boolean;
  /** What decided: the environment variable, folder trust switched off, a rule, or nothing. */
  source: 'env' | 'folder-trust-disabled' | 'rule' | 'no-rule' | 'invalid-file';
  /** The deciding rule of the trusted folders file. */
  rule?: { path: string; level: string };
  /** The variable that decided (source `env`), as set. */
  variable?: string;
  /** Untrusted with folder trust on: a headless run (`gemini -p`) refuses to start. */
  refusesHeadless?: boolean;
}

export interface GeminiResult {
  sources: GeminiSource[];
  diagnostics: GeminiDiagnostic[];
  /** Configuration files read (display form), in reading order. */
  configFiles: string[];
  settings: Record<string, EffectiveSetting>;
  trust: GeminiTrust;
  /** When the folder is untrusted: what every front end must say. */
  notice?: string;
  /** The effective candidate names. */
  names: string[];
  /** The ceiling of the upward walk (absolute). */
  ceiling: string;
  /** What decides the skills and subagents Gemini lists (listings.ts). */
  listing: GeminiListingConfig;
}

/** The settings and trust that decide Gemini's listings. */
export interface GeminiListingConfig {
  /** `security.folderTrust.enabled`. */
  folderTrust: boolean;
  /** `skills.enabled`. */
  skillsEnabled: boolean;
  /** `skills.disabled` of every settings file read and the overrides, together (Gemini merges the lists). */
  disabledSkills: string[];
  /** `experimental.enableAgents`. */
  agentsEnabled: boolean;
}

const SEVERITY: Record<GeminiDiagnostic['code'], GeminiDiagnostic['severity']> = {
  'invalid-value': 'error',
  'malformed-config': 'error',
  unreadable: 'error',
  'invalid-utf8': 'warning',
  'too-large': 'warning',
  'symlink-outside-root': 'error',
};

function systemSettingsPath(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return '/Library/Application Support/GeminiCli/settings.json';
  if (platform === 'win32') return 'C:\\ProgramData\\gemini-cli\\settings.json';
  return '/etc/gemini-cli/settings.json';
}

/** Where Gemini's files are, and how the evidence names them. */
interface Places {
  home: string;
  /** `~` or `$GEMINI_CLI_HOME`. */
  homeDisplay: string;
  dotGemini: string;
}

/** The home Gemini uses (`GEMINI_CLI_HOME` moves it) and its `.gemini` folder. */
export function geminiHome(where: { env: Record<string, string | undefined>; homedir: string; path: PathApi }): {
  home: string;
  dotGemini: string;
} {
  const moved = where.env.GEMINI_CLI_HOME;
  const home = moved !== undefined && moved !== '' ? where.path.resolve(where.homedir, moved) : where.homedir;
  return { home, dotGemini: where.path.join(home, '.gemini') };
}

function places(inputs: GeminiInputs): Places {
  const { home, dotGemini } = geminiHome({ env: inputs.env, homedir: inputs.homedir, path: inputs.fs.path });
  const moved = inputs.env.GEMINI_CLI_HOME;
  return { home, homeDisplay: moved !== undefined && moved !== '' ? '$GEMINI_CLI_HOME' : '~', dotGemini };
}

class Run {
  readonly P: PathApi;
  readonly diagnostics: GeminiDiagnostic[] = [];
  readonly configFiles: string[] = [];
  /** Where each path the walks found was probed: the first directory and name that gave it. */
  readonly probes = new Map<string, Probe>();

  constructor(readonly inputs: GeminiInputs) {
    this.P = inputs.fs.path;
  }

  problem(p: ConfigProblem): void {
    this.diagnostic(p.code, p.file, p.line, p.message, 'config');
  }

  diagnostic(
    code: GeminiDiagnostic['code'],
    source: string | null,
    line: number | null,
    message: string,
    about: GeminiDiagnostic['about'] = 'file',
  ): void {
    this.diagnostics.push({ code, severity: SEVERITY[code], about, source, line, message });
  }

  /** One settings file as a layer (absent when missing or failed). */
  layer(abs: string, display: string): ConfigLayer | undefined {
    const read = readConfigDocument(this.inputs.fs, abs, display, 'jsonc');
    if (read.status === 'missing') return undefined;
    this.configFiles.push(display);
    if (read.status === 'failed') {
      this.problem(read.problem);
      return undefined;
    }
    const { layer, problems } = configLayer(GEMINI_SETTINGS, read.doc, display, settingKeys);
    problems.forEach((p) => this.problem(p));
    return layer;
  }

  exists(abs: string): boolean {
    try {
      return this.inputs.fs.stat(abs) !== undefined;
    } catch {
      return false;
    }
  }

  stat(abs: string): FsStat | undefined {
    try {
      return this.inputs.fs.stat(abs);
    } catch {
      return undefined;
    }
  }

  real(abs: string): string {
    try {
      return canonicalize(this.inputs.fs, abs).path;
    } catch {
      return abs;
    }
  }
}

/** `findProjectRoot` of memoryDiscovery: the first directory at or above `start` holding a marker. */
function findCeiling(run: Run, start: string, markers: readonly string[]): string | null {
  if (markers.length === 0) return null;
  const usable = usableMarkers(markers, run.P);
  let dir = start;
  for (;;) {
    for (const marker of usable) if (run.exists(joinUnder(run.P, dir, marker))) return dir;
    const parent = run.P.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * `findUpwardGeminiFiles`: every name that exists in every directory, root → leaf, names in order.
 * Each file's probe goes into `run.probes` (a name with a folder, `docs/AI.md`, is the probed
 * directory's file, not its folder's).
 */
function findUpward(run: Run, start: string, stop: string, names: readonly string[], dotGemini: string): string[] {
  const P = run.P;
  const found: string[] = [];
  let dir = P.resolve(start);
  const stopAt = P.resolve(stop);
  for (;;) {
    if (dir === dotGemini) break;
    const here: string[] = [];
    for (const name of names) {
      const p = joinUnder(P, dir, name);
      if (!run.exists(p)) continue;
      here.push(p);
      if (!run.probes.has(p)) run.probes.set(p, { dir, name });
    }
    found.unshift(...here);
    const parent = P.dirname(dir);
    if (dir === stopAt || parent === dir) break;
    dir = parent;
  }
  return found;
}

function identity(st: FsStat | undefined): string | undefined {
  return st === undefined ? undefined : `${st.dev}:${st.ino}`;
}

/** The trust decision for the working directory. */
function decideTrust(run: Run, places: Places, folderTrust: boolean): GeminiTrust {
  const trust = trustFor(run, places, folderTrust);
  if (!trust.trusted && folderTrust) trust.refusesHeadless = true;
  return trust;
}

function trustFor(run: Run, places: Places, folderTrust: boolean): GeminiTrust {
  const { env } = run.inputs;
  // Exactly `true` or `false`, checked before anything else (`false` even with folder trust off);
  // restricted mode distrusts like `false`, and first.
  if (env.GEMINI_RESTRICTED_MODE === 'true') return { trusted: false, source: 'env', variable: 'GEMINI_RESTRICTED_MODE=true' };
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'false') return { trusted: false, source: 'env', variable: 'GEMINI_CLI_TRUST_WORKSPACE=false' };
  if (env.GEMINI_CLI_TRUST_WORKSPACE === 'true') return { trusted: true, source: 'env', variable: 'GEMINI_CLI_TRUST_WORKSPACE=true' };
  if (!folderTrust) return { trusted: true, source: 'folder-trust-disabled' };
  const moved = env.GEMINI_CLI_TRUSTED_FOLDERS_PATH;
  const abs =
    moved !== undefined && moved !== '' ? run.P.resolve(run.inputs.root, moved) : joinUnder(run.P, places.dotGemini, 'trustedFolders.json');
  const display =
    moved !== undefined && moved !== '' ? '$GEMINI_CLI_TRUSTED_FOLDERS_PATH' : `${places.homeDisplay}/.gemini/trustedFolders.json`;
  const file = readTrustedFolders(run.inputs.fs, abs, display, run.inputs.root);
  let rules: TrustRule[] = [];
  if (file.status !== 'missing') run.configFiles.push(display);
  if (file.status === 'failed') {
    run.problem(file.problem);
    return { trusted: false, source: 'invalid-file' };
  }
  if (file.status === 'read') rules = file.rules;
  const verdict = isPathTrusted(run.inputs.fs, rules, run.inputs.root);
  if (verdict === undefined) return { trusted: false, source: 'no-rule' };
  return { trusted: verdict.trusted, source: 'rule', rule: { path: verdict.rule.path, level: verdict.rule.level } };
}

function untrustedWords(trust: GeminiTrust): { reason: string; notice: string } {
  const why =
    trust.source === 'env'
      ? trust.variable!
      : trust.source === 'invalid-file'
        ? 'its trusted folders file is invalid (Gemini stops at start)'
        : trust.source === 'rule'
          ? `its trusted folders file has ${trust.rule!.level} for ${trust.rule!.path}`
          : 'no trust decision covers this folder';
  return {
    reason: `Gemini loads no project context file in an untrusted folder: ${why}`,
    notice:
      `Gemini CLI treats this folder as untrusted (${why}): ` +
      (trust.refusesHeadless
        ? 'a headless run (gemini -p) refuses to start here, and an interactive session sends only the global context files. '
        : 'only the global context files reach the model. ') +
      (trust.source === 'env'
        ? `Unset ${trust.variable!.split('=')[0]}, or set GEMINI_CLI_TRUST_WORKSPACE=true, to see what a trusted folder would load.`
        : 'Trust it in Gemini, set GEMINI_CLI_TRUST_WORKSPACE=true, or pass --set security.folderTrust.enabled=false to see what a trusted folder would load.'),
  };
}

/** The settings files every folder reads, lowest first: system defaults, the user's, the system's. */
function machineLayers(run: Run, where: Places): (ConfigLayer | undefined)[] {
  const { env } = run.inputs;
  const P = run.P;
  const systemPath = env.GEMINI_CLI_SYSTEM_SETTINGS_PATH || systemSettingsPath(run.inputs.platform ?? process.platform);
  const defaultsPath = env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH || P.join(P.dirname(systemPath), 'system-defaults.json');
  return [
    run.layer(defaultsPath, env.GEMINI_CLI_SYSTEM_DEFAULTS_PATH ? '$GEMINI_CLI_SYSTEM_DEFAULTS_PATH' : defaultsPath),
    run.layer(joinUnder(P, where.dotGemini, 'settings.json'), `${where.homeDisplay}/.gemini/settings.json`),
    run.layer(systemPath, env.GEMINI_CLI_SYSTEM_SETTINGS_PATH ? '$GEMINI_CLI_SYSTEM_SETTINGS_PATH' : systemPath),
  ];
}

const defined = (l: ConfigLayer | undefined): l is ConfigLayer => l !== undefined;

/**
 * The settings before the working directory is known (no workspace settings file): enough to
 * check `--set` and to know the boundary markers. Nothing is recorded.
 */
export function machineSettings(inputs: Omit<GeminiInputs, 'root' | 'targets'>): Record<string, EffectiveSetting> {
  // Object.assign, not a spread with new keys: see `derived` in profile.ts.
  const run = new Run(Object.assign({}, inputs, { root: inputs.homedir, targets: [] }));
  return effectiveSettings('gemini', GEMINI_SETTINGS, machineLayers(run, places(run.inputs)).filter(defined), inputs.overrides);
}

/** Reads Gemini's settings, decides trust and resolves what loads: global, baseline, then on touch. */
export function resolveGemini(inputs: GeminiInputs): GeminiResult {
  const run = new Run(inputs);
  const config = configure(run);
  const discovery = new Discovery(run, config);
  const globals = discovery.globals();
  const baseline = discovery.baseline();
  // Tool calls: one per target; the root itself stands for "no tool has touched anything yet".
  const touched = inputs.targets.filter((t) => t !== '' && t !== '.').flatMap((t) => discovery.onTouch(t));
  return {
    sources: [
      ...globals.filter((s) => s.status === 'included'),
      ...baseline,
      ...touched,
      ...globals.filter((s) => s.status !== 'included'),
      ...discovery.dropped,
      ...discovery.failed,
    ],
    diagnostics: run.diagnostics,
    configFiles: run.configFiles,
    settings: config.settings,
    trust: config.trust,
    notice: config.untrusted?.notice,
    names: config.names,
    ceiling: config.ceiling,
    listing: config.listing,
  };
}

/** What Gemini decides before it looks for a context file: settings, trust, names, ceilings. */
interface Configuration {
  readonly where: Places;
  readonly settings: Record<string, EffectiveSetting>;
  readonly trust: GeminiTrust;
  readonly untrusted: { reason: string; notice: string } | undefined;
  readonly names: string[];
  readonly markers: readonly string[];
  readonly ceiling: string;
  /** The workspace's include directories (absolute). */
  readonly included: readonly string[];
  readonly listing: GeminiListingConfig;
}

/** Settings (the workspace file only in a trusted folder), trust, the context names and the walk's ceiling. */
function configure(run: Run): Configuration {
  const { inputs, P } = run;
  const where = places(inputs);
  const [systemDefaults, user, system] = machineLayers(run, where);
  // Trust is decided on the settings without the workspace file (which only a trusted folder reads).
  const early = effectiveSettings('gemini', GEMINI_SETTINGS, [systemDefaults, user, system].filter(defined), inputs.overrides);
  const trust = decideTrust(run, where, early['security.folderTrust.enabled'].value as boolean);
  let workspace: ConfigLayer | undefined;
  if (trust.trusted && run.real(where.home) !== inputs.root)
    workspace = run.layer(joinUnder(P, inputs.root, '.gemini/settings.json'), '.gemini/settings.json');
  const settings = workspace
    ? effectiveSettings('gemini', GEMINI_SETTINGS, [systemDefaults, user, workspace, system].filter(defined), inputs.overrides)
    : early;
  const { names, rejected } = geminiNames(settings['context.fileName'].value as string | readonly string[] | null, P);
  for (const r of rejected)
    run.diagnostic(
      'invalid-value',
      null,
      null,
      `context.fileName ${JSON.stringify(r)} contains a NUL byte: Gemini would fail to start; the name is ignored`,
      'config',
    );
  const markers = settings['context.memoryBoundaryMarkers'].value as readonly string[];
  const ceiling = findCeiling(run, inputs.root, markers) ?? inputs.root;
  const included = trust.trusted
    ? includeDirectories(inputs.fs, inputs.root, where.home, [systemDefaults, user, workspace, system], settings)
    : { dirs: [], problems: [] };
  for (const message of included.problems) run.diagnostic('invalid-value', null, null, message, 'config');
  const untrusted = trust.trusted ? undefined : untrustedWords(trust);
  const disabled = new Set<string>();
  for (const layer of [systemDefaults, user, workspace, system])
    for (const n of (layer?.values.get('skills.disabled') as readonly string[] | undefined) ?? []) disabled.add(n);
  if (settings['skills.disabled'].from === 'set') for (const n of settings['skills.disabled'].value as readonly string[]) disabled.add(n);
  const listing: GeminiListingConfig = {
    folderTrust: settings['security.folderTrust.enabled'].value as boolean,
    skillsEnabled: settings['skills.enabled'].value as boolean,
    disabledSkills: [...disabled],
    agentsEnabled: settings['experimental.enableAgents'].value as boolean,
  };
  return { where, settings, trust, untrusted, names, markers, ceiling, included: included.dirs, listing };
}

/**
 * Gemini's discovery in its three steps, over what they share: the files reported and loaded so
 * far (by path and by device and inode), and the one import expander of the call.
 */
class Discovery {
  /** Files found twice (same device and inode) and left out. */
  readonly dropped: GeminiSource[] = [];
  /** Files Gemini would load but cannot. */
  readonly failed: GeminiSource[] = [];
  private readonly P: PathApi;
  private readonly reported = new Set<string>();
  private readonly loadedPaths = new Set<string>();
  private readonly loadedIds = new Map<string, string>();
  /** The top-level file whose imports are being expanded (for an import's diagnostic). */
  private importing: GeminiSource | undefined;
  /** Imported files outside the boundary (absolute → as messages name them), and who was told. */
  private readonly outside = new Map<string, string>();
  private readonly told = new Set<string>();
  private readonly io: ImportIo;
  /** One for the whole call: each imported file is read once, and the bound covers every file. */
  private readonly imports: ImportExpander;

  constructor(
    private readonly run: Run,
    private readonly config: Configuration,
  ) {
    this.P = run.P;
    this.io = this.importIo();
    this.imports = new ImportExpander(this.io, MAX_IMPORT_EXPANSION_CHARS);
  }

  /** Global files: each name under ~/.gemini, in name order, whatever the trust. */
  globals(): GeminiSource[] {
    const globals: GeminiSource[] = [];
    for (const name of this.config.names) {
      const abs = joinUnder(this.P, this.config.where.dotGemini, name);
      if (!this.run.exists(abs) || this.reported.has(abs)) continue;
      const s = this.describe(abs, 'global', 'baseline');
      this.reported.add(abs);
      const id = identity(this.run.stat(abs));
      if (id !== undefined && this.loadedIds.has(id)) duplicate(s, this.loadedIds.get(id)!);
      else if (this.load(s)) {
        this.loadedPaths.add(abs);
        if (id !== undefined) this.loadedIds.set(id, s.path);
      }
      globals.push(s);
    }
    return globals;
  }

  /**
   * Baseline project files: cwd up to the ceiling, then each include directory up to its own,
   * deduplicated in walk order, then sorted by absolute path.
   */
  baseline(): GeminiSource[] {
    const { run, config } = this;
    const walked = [
      ...new Set([
        ...findUpward(run, run.inputs.root, config.ceiling, config.names, config.where.dotGemini),
        ...config.included.flatMap((d) =>
          findUpward(run, d, findCeiling(run, d, config.markers) ?? d, config.names, config.where.dotGemini),
        ),
      ]),
    ];
    const batchIds = new Map<string, string>();
    const project: GeminiSource[] = [];
    for (const abs of walked) {
      const s = this.describe(abs, 'project', 'baseline');
      const id = identity(run.stat(abs));
      if (id !== undefined && batchIds.has(id)) {
        duplicate(s, batchIds.get(id)!);
        this.dropped.push(s);
        continue;
      }
      if (id !== undefined) batchIds.set(id, s.path);
      project.push(s);
    }
    project.sort((a, b) => (a.absolute < b.absolute ? -1 : a.absolute > b.absolute ? 1 : 0));
    const baseline: GeminiSource[] = [];
    for (const s of project) {
      this.reported.add(s.absolute);
      const id = identity(run.stat(s.absolute));
      if (id !== undefined && this.loadedIds.has(id)) {
        duplicate(s, this.loadedIds.get(id)!);
        this.dropped.push(s);
        continue;
      }
      if (this.admit(s, id, true)) baseline.push(s);
    }
    for (const s of this.dropped) this.reported.add(s.absolute);
    return baseline;
  }

  /** One tool call: from the target's directory up to its ceiling, the files not loaded yet. */
  onTouch(target: string): GeminiSource[] {
    const { run, P, config } = this;
    const abs = joinUnder(P, run.inputs.root, target);
    const st = run.stat(abs);
    const start = st === undefined || st.kind === 'file' ? P.dirname(abs) : abs;
    const found = [...new Set(findUpward(run, start, this.ceilingFor(abs), config.names, config.where.dotGemini))];
    const batch = new Map<string, string>();
    const fresh: GeminiSource[] = [];
    for (const p of found) {
      if (this.loadedPaths.has(p)) continue;
      const id = identity(run.stat(p));
      const s = this.describe(p, 'project', 'on-touch');
      s.target = target;
      const seen = id === undefined ? undefined : (batch.get(id) ?? this.loadedIds.get(id));
      if (seen !== undefined) {
        if (!this.reported.has(p)) {
          duplicate(s, seen);
          this.reported.add(p);
          this.dropped.push(s);
        }
        continue;
      }
      if (id !== undefined) batch.set(id, s.path);
      fresh.push(s);
    }
    const loadedNow: GeminiSource[] = [];
    for (const s of fresh) {
      const first = !this.reported.has(s.absolute);
      this.reported.add(s.absolute);
      if (this.admit(s, identity(run.stat(s.absolute)), first)) loadedNow.push(s);
    }
    return loadedNow;
  }

  /**
   * A project file found by a walk: untrusted in an untrusted folder, else loaded; true when it
   * counts as loaded (a later walk finds it known). A failure is listed once, when `first`.
   */
  private admit(s: GeminiSource, id: string | undefined, first: boolean): boolean {
    if (!this.config.trust.trusted) {
      if (this.run.stat(s.absolute)?.kind === 'directory') this.load(s);
      if (s.status === 'included') {
        s.status = 'untrusted';
        s.reason = this.config.untrusted!.reason;
      }
    } else if (!this.load(s)) {
      if (first && s.status !== 'included') this.failed.push(s);
      return false;
    }
    if (s.status === 'not-loaded') {
      if (first) this.failed.push(s);
      return false;
    }
    this.loadedPaths.add(s.absolute);
    if (id !== undefined) this.loadedIds.set(id, s.path);
    return true;
  }

  /** `loadJitSubdirectoryMemory`'s ceiling: that of the longest workspace directory holding the target. */
  private ceilingFor(abs: string): string {
    const { run, P, config } = this;
    const root = run.inputs.root;
    const best = config.included.filter((d) => isSubpath(P, d, abs)).reduce((a, b) => (b.length > a.length ? b : a), root);
    return best === root ? config.ceiling : (findCeiling(run, best, config.markers) ?? best);
  }

  private display(abs: string): string {
    return this.P.relative(this.run.inputs.root, abs).split(this.P.sep).join('/');
  }

  private describe(abs: string, scope: 'global' | 'project', delivery: 'baseline' | 'on-touch'): GeminiSource {
    const P = this.P;
    if (scope === 'global') {
      const rel = P.relative(this.config.where.dotGemini, abs).split(P.sep).join('/');
      return {
        absolute: abs,
        path: `${this.config.where.homeDisplay}/.gemini/${rel}`,
        scope,
        directory: null,
        depth: 0,
        filename: P.basename(abs),
        delivery,
        status: 'included',
        reason: null,
        text: '',
        bytes: 0,
        sha256: '',
      };
    }
    const path = this.display(abs);
    const probe = this.run.probes.get(abs);
    const dir = this.display(probe?.dir ?? P.dirname(abs));
    const parts = dir === '' ? [] : dir.split('/');
    const depth = parts.reduce((d, p) => (p === '..' ? d - 1 : d + 1), 0);
    return {
      absolute: abs,
      path,
      scope,
      directory: dir,
      depth,
      filename: P.basename(abs),
      delivery,
      status: 'included',
      reason: null,
      text: '',
      bytes: 0,
      sha256: '',
      ...(probe ? { probe } : {}),
    };
  }

  /** How imports read: through the boundary, an outside file as the placeholder, told once per importer. */
  private importIo(): ImportIo {
    const { run } = this;
    const inputs = run.inputs;
    return {
      path: this.P,
      exists: (abs) => run.exists(abs),
      realpath: (abs) => run.real(abs),
      read: (abs) => {
        const st = run.stat(abs);
        if (st === undefined) return { ok: false, message: `ENOENT: no such file or directory, open '${abs}'` };
        if (st.kind === 'directory') return { ok: false, message: 'EISDIR: illegal operation on a directory, read' };
        const real = run.real(abs);
        const boundary = inputs.boundary;
        if (boundary && !boundary.shows(real)) {
          // Gemini inserts it (its own check passed); Holaryn shows where it leads, never its text.
          this.outside.set(abs, boundary.name(real));
          return { ok: true, text: DISCLOSED_PLACEHOLDER };
        }
        const read = readRawFile(inputs.fs, real, st, MAX_CONTENT_BYTES, inputs.cache);
        if (!read.ok) return { ok: false, message: `EIO: ${read.message}, open '${abs}'` };
        return { ok: true, text: decodeLossy(read.bytes).text };
      },
      inserted: (abs) => {
        const shown = this.outside.get(abs);
        const from = this.importing?.path ?? null;
        if (shown === undefined || this.told.has(`${from}\0${abs}`)) return;
        this.told.add(`${from}\0${abs}`);
        run.diagnostic(
          'symlink-outside-root',
          from,
          null,
          `${from ?? 'a context file'} imports ${shown}, outside the workspace and Gemini CLI's own folder: Gemini CLI would send ${shown} to the model; Holaryn does not read it, and shows "${DISCLOSED_PLACEHOLDER}" in its place`,
          'import',
        );
      },
    };
  }

  /** Reads one candidate into `s` (text, size, hash); false when Gemini would get no content. */
  private load(s: GeminiSource): boolean {
    const { run } = this;
    const inputs = run.inputs;
    const st = run.stat(s.absolute);
    if (st === undefined) return false;
    if (st.kind === 'directory') {
      s.status = 'not-loaded';
      s.reason = 'a directory, not a file (EISDIR: skipped silently)';
      return false;
    }
    if (st.kind !== 'file') {
      s.status = 'not-loaded';
      s.reason = 'not a regular file: not read';
      run.diagnostic('unreadable', s.path, null, `${s.path} is not a regular file; not read`);
      return false;
    }
    const real = run.real(s.absolute);
    if (inputs.boundary && s.scope !== 'global' && !inputs.boundary.shows(real, s.probe)) {
      // Outside the boundary: the pipeline discloses it; its text is never read.
      s.disclosed = real;
      return true;
    }
    // Read as the pipeline reads Gemini's files (lossy, BOM kept): the pipeline takes this read.
    const read = readInstructionFile(inputs.fs, real, st, { lossy: true, keepBom: true });
    if (!read.ok) {
      s.status = 'not-loaded';
      s.reason = `Gemini could not read it either (${read.message}): skipped`;
      run.diagnostic('unreadable', s.path, null, `${s.path}: ${read.message}`);
      return false;
    }
    s.bytes = read.bytes;
    s.sha256 = read.sha256;
    s.read = read;
    this.readDiagnostics(s, read);
    const base = this.P.dirname(s.absolute);
    this.importing = s;
    const expanded = this.imports.expand(read.text, base, importRoot(this.io, base, this.config.markers));
    this.importing = undefined;
    s.text = expanded.text.trim();
    if (expanded.cut) s.importsCut = true;
    return true;
  }

  private readDiagnostics(s: GeminiSource, read: Extract<ReadResult, { ok: true }>): void {
    if (read.tooLarge)
      this.run.diagnostic(
        'too-large',
        s.path,
        null,
        `${s.path} is larger than ${MAX_CONTENT_BYTES} bytes: only its first ${MAX_CONTENT_BYTES} bytes are shown (Gemini reads it all)`,
      );
    if (read.replaced)
      this.run.diagnostic(
        'invalid-utf8',
        s.path,
        null,
        `${s.path} is not valid UTF-8: Gemini reads it with U+FFFD in place of the bad bytes`,
      );
  }
}

function duplicate(s: GeminiSource, of: string): void {
  s.status = 'not-loaded';
  s.reason = `same file (device+inode) as ${of}`;
}
