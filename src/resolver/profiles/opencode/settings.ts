/**
 * opencode's configuration as far as it decides instruction files: the `instructions` entries of
 * every configuration layer opencode 1.18.33 merges, in its order, repeats dropped (its merge
 * joins the arrays of two layers as a set), and where each entry came from. Layers: the global
 * folder's `config.json`, `opencode.json`, `opencode.jsonc`; `$OPENCODE_CONFIG`; unless
 * `OPENCODE_DISABLE_PROJECT_CONFIG`, the project's `opencode.json` then `opencode.jsonc` per folder
 * from the worktree down to the working directory, then `.opencode/opencode.json(c)` of each
 * `.opencode` folder from the working directory up; `~/.opencode`; `$OPENCODE_CONFIG_DIR`;
 * `$OPENCODE_CONFIG_CONTENT`. Files are JSONC (jsonc-parser); `{env:NAME}` is replaced first, as
 * opencode does.
 */
import type { PathApi, ResolverFs } from '../../fs';
import { ConfigProblem, parseConfigText, readConfigText } from '../agent/config';

/** One `instructions` entry and the layer that first gave it. */
export interface InstructionEntry {
  readonly entry: string;
  /** Display name of the configuration file. */
  readonly from: string;
  /** The user's own layer (global folder, environment), not the repository's. */
  readonly own: boolean;
}

export interface OpencodeConfig {
  readonly instructions: InstructionEntry[];
  readonly problems: ConfigProblem[];
  /** Configuration files read (display form). */
  readonly files: string[];
  /** Each layer that parsed, in merge order: its document, display name and whose it is (listings read `skills` and `agent` here). */
  readonly docs: { readonly doc: Record<string, unknown>; readonly from: string; readonly own: boolean; readonly abs?: string }[];
}

export interface ConfigInputs {
  readonly fs: ResolverFs;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The global configuration folder (absolute) and its display form. */
  readonly configDir: { readonly abs: string; readonly display: string };
  readonly homedir: string;
  /** The walk's folders from the working directory up to the worktree, nearest first (absolute). */
  readonly walk: readonly string[];
  readonly projectConfig: boolean;
  /** An absolute path as evidence names it. */
  display(abs: string): string;
}

/** `{env:NAME}` replaced by the variable's value, or nothing (opencode's substitution). */
export function substituteEnv(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(/\{env:([^}]+)\}/g, (_m, name: string) => env[name] ?? '');
}

function exists(fs: ResolverFs, abs: string): boolean {
  try {
    return fs.stat(abs) !== undefined;
  } catch {
    return false;
  }
}

/** The layers' files in opencode's merge order: [absolute path, display, own]. */
export function configFiles(inputs: ConfigInputs): [string, string, boolean][] {
  const P: PathApi = inputs.fs.path;
  const out: [string, string, boolean][] = [];
  for (const name of ['config.json', 'opencode.json', 'opencode.jsonc'])
    out.push([P.join(inputs.configDir.abs, name), `${inputs.configDir.display}/${name}`, true]);
  const custom = inputs.env.OPENCODE_CONFIG;
  if (custom) out.push([P.resolve(custom), '$OPENCODE_CONFIG', true]);
  const dirs: [string, boolean][] = [];
  if (inputs.projectConfig) {
    for (const dir of [...inputs.walk].reverse())
      for (const name of ['opencode.json', 'opencode.jsonc']) {
        const abs = P.join(dir, name);
        out.push([abs, inputs.display(abs), false]);
      }
    for (const dir of inputs.walk) if (exists(inputs.fs, P.join(dir, '.opencode'))) dirs.push([P.join(dir, '.opencode'), false]);
  }
  const homeDot = P.join(inputs.homedir, '.opencode');
  if (exists(inputs.fs, homeDot)) dirs.push([homeDot, true]);
  const configDir = inputs.env.OPENCODE_CONFIG_DIR;
  if (configDir) dirs.push([P.resolve(configDir), true]);
  for (const [dir, own] of dirs)
    for (const name of ['opencode.json', 'opencode.jsonc']) {
      const abs = P.join(dir, name);
      out.push([abs, own && dir === homeDot ? `~/.opencode/${name}` : inputs.display(abs), own]);
    }
  return out;
}

function addEntries(into: OpencodeConfig, seen: Set<string>, doc: Record<string, unknown>, from: string, own: boolean): void {
  const list = doc.instructions;
  if (list === undefined) return;
  if (!Array.isArray(list) || list.some((e) => typeof e !== 'string')) {
    into.problems.push({
      code: 'invalid-value',
      file: from,
      line: null,
      message: `${from}: "instructions" must be a list of paths or globs; opencode refuses this configuration`,
    });
    return;
  }
  for (const entry of list as string[]) {
    if (seen.has(entry)) continue;
    seen.add(entry);
    into.instructions.push({ entry, from, own });
  }
}

/** Reads every layer (a missing file is no layer); a file that does not parse is a problem and adds nothing. */
export function readOpencodeConfig(inputs: ConfigInputs): OpencodeConfig {
  const config: OpencodeConfig = { instructions: [], problems: [], files: [], docs: [] };
  const seen = new Set<string>();
  const done = new Set<string>();
  for (const [abs, display, own] of configFiles(inputs)) {
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
    else {
      addEntries(config, seen, parsed.doc, display, own);
      config.docs.push({ doc: parsed.doc, from: display, own, abs });
    }
  }
  const content = inputs.env.OPENCODE_CONFIG_CONTENT;
  if (content) {
    const parsed = parseConfigText(substituteEnv(content, inputs.env), '$OPENCODE_CONFIG_CONTENT', 'jsonc');
    if (parsed.status === 'failed') config.problems.push(parsed.problem);
    else {
      addEntries(config, seen, parsed.doc, '$OPENCODE_CONFIG_CONTENT', true);
      config.docs.push({ doc: parsed.doc, from: '$OPENCODE_CONFIG_CONTENT', own: true });
    }
  }
  return config;
}
