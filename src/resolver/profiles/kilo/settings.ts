/**
 * Kilo Code CLI's configuration as far as it decides instruction files: the `instructions` entries
 * of every layer Kilo 7.7.7 merges (Config.loadInstanceState), in its order, repeats dropped, each
 * with whether Kilo trusts the layer that first gave it (a later trusted layer upgrades it). Layers:
 *
 * 1. the legacy Kilo Code rules (RulesMigrator), as absolute entries: `~/.kilo/rules/*.md` then
 *    `~/.kilocode/rules/*.md` (one per file name), the working directory's `.kilo/rules/*.md` then
 *    `.kilocode/rules/*.md` (one per file name), its `.kilocoderules`, then per mode (`code`,
 *    `architect`, `ask`, `debug`, `orchestrator`) `.kilo/rules-<mode>/*.md`,
 *    `.kilocode/rules-<mode>/*.md` and `.kilocoderules-<mode>`; trusted when outside the project;
 * 2. the global folder (`$XDG_CONFIG_HOME/kilo`, else `~/.config/kilo`): `config.json`,
 *    `kilo.json`, `kilo.jsonc`, `opencode.json`, `opencode.jsonc`; trusted;
 * 3. `$KILO_CONFIG`; trusted;
 * 4. unless `KILO_DISABLE_PROJECT_CONFIG`: `kilo.json` then `kilo.jsonc` per folder from the
 *    worktree down to the working directory, then the same for `opencode.json(c)`; not trusted;
 * 5. the configuration folders: `.kilocode` then `.kilo` of each folder from the working directory
 *    up to the worktree (unless the project configuration is off; not trusted), `~/.kilocode`,
 *    `~/.kilo` and `$KILO_CONFIG_DIR` (trusted), each `kilo.jsonc`, `kilo.json`, `opencode.jsonc`,
 *    `opencode.json`;
 * 6. `$KILO_CONFIG_CONTENT`; trusted.
 *
 * Files are JSONC (jsonc-parser); `{env:NAME}` is replaced first.
 */
import type { PathApi, ResolverFs } from '../../fs';
import { ConfigProblem, parseConfigText, readConfigText } from '../agent/config';
import { kindOf } from '../agent/opencode-core';
import { listInOrder } from '../agent/peek';

/** One `instructions` entry, the layer that first gave it, and whether Kilo trusts it. */
export interface KiloInstruction {
  readonly entry: string;
  /** Display name of the configuration file (or rules folder). */
  readonly from: string;
  /** A trusted layer gave it (the user's own: global folder, home folders, environment). */
  readonly trusted: boolean;
}

export interface KiloConfig {
  readonly instructions: KiloInstruction[];
  readonly problems: ConfigProblem[];
  /** Configuration files read (display form). */
  readonly files: string[];
}

export interface KiloConfigInputs {
  readonly fs: ResolverFs;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The global configuration folder (absolute) and its display form. */
  readonly configDir: { readonly abs: string; readonly display: string };
  readonly homedir: string;
  /** The working directory (canonical). */
  readonly cwd: string;
  /** The walk's folders from the working directory up to the worktree, nearest first (absolute). */
  readonly walk: readonly string[];
  readonly projectConfig: boolean;
  /** Whether a path lies in the project (the working directory or the worktree). */
  inProject(abs: string): boolean;
  /** An absolute path as evidence names it. */
  display(abs: string): string;
}

/** `{env:NAME}` replaced by the variable's value, or nothing. */
function substituteEnv(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(/\{env:([^}]+)\}/g, (_m, name: string) => env[name] ?? '');
}

const MODES = ['code', 'architect', 'ask', 'debug', 'orchestrator'];
const DIR_FILES = ['kilo.jsonc', 'kilo.json', 'opencode.jsonc', 'opencode.json'];
const GLOBAL_FILES = ['config.json', 'kilo.json', 'kilo.jsonc', 'opencode.json', 'opencode.jsonc'];

/** The `.md` regular files of a folder (links are not files to Kilo's listing), in the order the directory lists them (seen in a run). */
function markdownIn(fs: ResolverFs, dir: string): string[] {
  return listInOrder(fs, dir)
    .filter((n) => n.endsWith('.md'))
    .filter((n) => fs.lstat(fs.path.join(dir, n))?.kind === 'file')
    .map((n) => fs.path.join(dir, n));
}

/** The legacy rules Kilo turns into `instructions` entries (RulesMigrator.discoverRules), in its order. */
export function legacyRules(inputs: KiloConfigInputs): string[] {
  const { fs, homedir, cwd } = inputs;
  const P = fs.path;
  const out: string[] = [];
  const oneByName = (dirs: string[]) => {
    const seen = new Set<string>();
    for (const dir of dirs)
      for (const file of markdownIn(fs, dir)) {
        if (seen.has(P.basename(file))) continue;
        seen.add(P.basename(file));
        out.push(file);
      }
  };
  const legacyFile = (abs: string) => {
    if (kindOf(fs, abs) === 'file') out.push(abs);
  };
  oneByName([P.join(homedir, '.kilo', 'rules'), P.join(homedir, '.kilocode', 'rules')]);
  oneByName([P.join(cwd, '.kilo', 'rules'), P.join(cwd, '.kilocode', 'rules')]);
  legacyFile(P.join(cwd, '.kilocoderules'));
  for (const mode of MODES) {
    oneByName([P.join(cwd, '.kilo', `rules-${mode}`), P.join(cwd, '.kilocode', `rules-${mode}`)]);
    legacyFile(P.join(cwd, `.kilocoderules-${mode}`));
  }
  return out;
}

function exists(fs: ResolverFs, abs: string): boolean {
  return kindOf(fs, abs) !== undefined;
}

/** The configuration layers' files in Kilo's merge order: [absolute path, display, trusted]. */
export function kiloConfigFiles(inputs: KiloConfigInputs): [string, string, boolean][] {
  const P: PathApi = inputs.fs.path;
  const out: [string, string, boolean][] = [];
  for (const name of GLOBAL_FILES) out.push([P.join(inputs.configDir.abs, name), `${inputs.configDir.display}/${name}`, true]);
  const custom = inputs.env.KILO_CONFIG;
  if (custom) out.push([P.resolve(inputs.cwd, custom), '$KILO_CONFIG', true]);
  if (inputs.projectConfig)
    for (const stem of ['kilo', 'opencode'])
      for (const dir of [...inputs.walk].reverse())
        for (const name of [`${stem}.json`, `${stem}.jsonc`]) {
          const abs = P.join(dir, name);
          out.push([abs, inputs.display(abs), false]);
        }
  const dirs: [string, boolean][] = [];
  if (inputs.projectConfig)
    for (const dir of inputs.walk)
      for (const name of ['.kilocode', '.kilo']) if (exists(inputs.fs, P.join(dir, name))) dirs.push([P.join(dir, name), false]);
  for (const name of ['.kilocode', '.kilo']) {
    const abs = P.join(inputs.homedir, name);
    if (exists(inputs.fs, abs)) dirs.push([abs, !inputs.inProject(abs)]);
  }
  const configDir = inputs.env.KILO_CONFIG_DIR;
  if (configDir) dirs.push([P.resolve(inputs.cwd, configDir), true]);
  const seenDirs = new Set<string>();
  for (const [dir, trusted] of dirs) {
    if (seenDirs.has(dir)) continue;
    seenDirs.add(dir);
    for (const name of DIR_FILES) {
      const abs = P.join(dir, name);
      out.push([abs, inputs.display(abs), trusted]);
    }
  }
  return out;
}

function addEntries(
  into: KiloConfig,
  byEntry: Map<string, KiloInstruction>,
  doc: Record<string, unknown>,
  from: string,
  trusted: boolean,
): void {
  const list = doc.instructions;
  if (list === undefined) return;
  if (!Array.isArray(list) || list.some((e) => typeof e !== 'string')) {
    into.problems.push({
      code: 'invalid-value',
      file: from,
      line: null,
      message: `${from}: "instructions" must be a list of paths or globs; Kilo refuses this configuration`,
    });
    return;
  }
  addList(into, byEntry, list as string[], from, trusted);
}

function addList(into: KiloConfig, byEntry: Map<string, KiloInstruction>, list: readonly string[], from: string, trusted: boolean): void {
  for (const entry of list) {
    const had = byEntry.get(entry);
    if (had === undefined) {
      const item = { entry, from, trusted };
      byEntry.set(entry, item);
      into.instructions.push(item);
    } else if (!had.trusted && trusted) {
      const item = { entry, from, trusted };
      byEntry.set(entry, item);
      into.instructions[into.instructions.indexOf(had)] = item;
    }
  }
}

/** Reads every layer (a missing file is no layer); a file that does not parse is a problem and adds nothing. */
export function readKiloConfig(inputs: KiloConfigInputs): KiloConfig {
  const config: KiloConfig = { instructions: [], problems: [], files: [] };
  const byEntry = new Map<string, KiloInstruction>();
  for (const rule of legacyRules(inputs)) addList(config, byEntry, [rule], inputs.display(rule), !inputs.inProject(rule));
  const done = new Set<string>();
  for (const [abs, display, trusted] of kiloConfigFiles(inputs)) {
    if (done.has(abs)) continue;
    done.add(abs);
    const read = readConfigText(inputs.fs, abs, display);
    if (read.status === 'missing') continue;
    config.files.push(display);
    if (read.status === 'failed') {
      config.problems.push(read.problem);
      continue;
    }
    const parsed = parseConfigText(substituteEnv(read.text, inputs.env), display, 'jsonc');
    if (parsed.status === 'failed') config.problems.push(parsed.problem);
    else addEntries(config, byEntry, parsed.doc, display, trusted);
  }
  const content = inputs.env.KILO_CONFIG_CONTENT;
  if (content) {
    const parsed = parseConfigText(substituteEnv(content, inputs.env), '$KILO_CONFIG_CONTENT', 'jsonc');
    if (parsed.status === 'failed') config.problems.push(parsed.problem);
    else addEntries(config, byEntry, parsed.doc, '$KILO_CONFIG_CONTENT', true);
  }
  return config;
}
