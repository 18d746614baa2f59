/**
 * An agent's home directory and its user configuration file, read through the resolver's
 * filesystem (so tests use an in-memory tree and an injected environment). The file is the
 * user's own: a symbolic link there is followed. TOML is parsed with smol-toml, JSON with
 * comments with jsonc-parser; nothing here is hand-parsed.
 */
import type * as SmolToml from 'smol-toml' with { 'resolution-mode': 'import' };
import * as jsonc from 'jsonc-parser';
import { FsStat, PathApi, ResolverFs } from '../../fs';
import { canonicalize } from '../../paths';
import { errorCode } from '../../candidates';
import { MAX_CONFIG_DEPTH } from '../../limits';
import { readRawFile } from './read';
import { ConfigLayer, SettingSpec, SettingValue, checkSettingValue } from './settings';

// smol-toml's types are an ES module only; its CommonJS build is what the bundle and the test
// runner load, so the types come from the one and the code from the other.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TomlError, parse: parseToml } = require('smol-toml') as typeof SmolToml;

/** Where an agent keeps its files, and how Holaryn names it in evidence. */
export interface AgentHome {
  /** Absolute path (not canonicalised). */
  path: string;
  /** `~/.codex` for the default location, `$CODEX_HOME` when the variable moved it. */
  display: string;
}

export interface HomeInputs {
  env: Record<string, string | undefined>;
  homedir: string;
  path: PathApi;
}

/**
 * The agent's home: `$<envVar>` when set and non-empty (a leading `~` is the home directory),
 * else `<homedir>/<defaultDir>`.
 */
export function agentHome(inputs: HomeInputs, envVar: string, defaultDir: string): AgentHome {
  const P = inputs.path;
  const fromEnv = inputs.env[envVar];
  if (fromEnv !== undefined && fromEnv !== '') {
    const expanded = fromEnv === '~' || fromEnv.startsWith('~/') ? P.join(inputs.homedir, fromEnv.slice(1)) : fromEnv;
    return { path: P.resolve(inputs.homedir, expanded), display: `$${envVar}` };
  }
  return { path: P.join(inputs.homedir, defaultDir), display: `~/${defaultDir}` };
}

/** `names` (relative, `/`-separated) under the folder `dir`, absolute: a profile's `homeFiles`. */
export function inFolder(P: Pick<PathApi, 'join'>, dir: string, names: readonly string[]): string[] {
  return names.map((n) => P.join(dir, ...n.split('/')));
}

/** Claude Code's home: `$CLAUDE_CONFIG_DIR`, else `~/.claude` (Copilot reads its CLAUDE.md and rules too). */
export function claudeHome(inputs: HomeInputs): AgentHome {
  return agentHome(inputs, 'CLAUDE_CONFIG_DIR', '.claude');
}

/** A problem with a configuration file, reported as a diagnostic naming it. */
export interface ConfigProblem {
  code: 'malformed-config' | 'invalid-value' | 'unreadable';
  /** Display name of the file. */
  file: string;
  line: number | null;
  message: string;
}

export type ConfigDocument =
  { status: 'missing' } | { status: 'read'; doc: Record<string, unknown> } | { status: 'failed'; problem: ConfigProblem };

/** Configuration files larger than this are refused (no agent's settings file is near it). */
export const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/**
 * Reads a configuration file's text (decoded lossily). Missing → `missing` (nothing was read, so
 * it is not listed as read); unreadable, not a regular file or too large → `failed`.
 */
export function readConfigText(
  fs: ResolverFs,
  abs: string,
  display: string,
): { status: 'missing' } | { status: 'read'; text: string } | { status: 'failed'; problem: ConfigProblem } {
  let st: FsStat | undefined;
  let canonical: string;
  try {
    st = fs.stat(abs);
    if (!st) return { status: 'missing' };
    canonical = canonicalize(fs, abs).path;
  } catch (err) {
    return {
      status: 'failed',
      problem: { code: 'unreadable', file: display, line: null, message: `${display} cannot be read (${errorCode(err)})` },
    };
  }
  if (st.kind !== 'file') {
    return { status: 'failed', problem: { code: 'unreadable', file: display, line: null, message: `${display} is not a regular file` } };
  }
  const read = readRawFile(fs, canonical, st, MAX_CONFIG_BYTES);
  if (!read.ok)
    return { status: 'failed', problem: { code: 'unreadable', file: display, line: null, message: `${display}: ${read.message}` } };
  if (read.tooLarge) {
    return {
      status: 'failed',
      problem: { code: 'unreadable', file: display, line: null, message: `${display} is larger than ${MAX_CONFIG_BYTES} bytes; not read` },
    };
  }
  return { status: 'read', text: new TextDecoder('utf-8', { fatal: false }).decode(read.bytes) };
}

/**
 * Reads and parses a configuration file. Missing → `missing` (nothing was read, so it is not
 * listed as read); unreadable or malformed → `failed` with the problem.
 */
export function readConfigDocument(fs: ResolverFs, abs: string, display: string, format: 'toml' | 'jsonc'): ConfigDocument {
  const read = readConfigText(fs, abs, display);
  return read.status === 'read' ? parseConfigText(read.text, display, format) : read;
}

/** Parses a configuration file's text: `read` with the document, or `failed` with the problem. */
export function parseConfigText(text: string, display: string, format: 'toml' | 'jsonc'): Exclude<ConfigDocument, { status: 'missing' }> {
  if (format === 'toml') {
    const parsed = parseTomlConfig(text, display);
    return 'problem' in parsed ? { status: 'failed', problem: parsed.problem } : { status: 'read', doc: parsed.value };
  }
  const parsed = parseJsoncConfig(text, display, { allowTrailingComma: true, disallowComments: false });
  if ('problem' in parsed) return { status: 'failed', problem: parsed.problem };
  const doc = parsed.value;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return {
      status: 'failed',
      problem: { code: 'malformed-config', file: display, line: null, message: `${display} is not valid JSON: not an object` },
    };
  }
  return { status: 'read', doc: doc as Record<string, unknown> };
}

/** 1-based line of an offset in `text`. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** The problem of a configuration file nested deeper than MAX_CONFIG_DEPTH (it is then not parsed). */
function tooDeep(display: string, line: number | null): ConfigProblem {
  return {
    code: 'malformed-config',
    file: display,
    line,
    message: `${display} nests deeper than ${MAX_CONFIG_DEPTH} levels: not parsed, and ignored like a file with a syntax error`,
  };
}

/**
 * Where JSON with comments nests deeper than `limit` (`[` and `{`), as an offset, or undefined.
 * jsonc-parser's scanner reads one token at a time without recursing, so this costs one linear
 * pass however deep the text goes; its parser recurses once per level.
 */
export function jsonNestingBeyond(text: string, limit: number = MAX_CONFIG_DEPTH): number | undefined {
  const scanner = jsonc.createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan(); token !== jsonc.SyntaxKind.EOF; token = scanner.scan()) {
    if (token === jsonc.SyntaxKind.OpenBraceToken || token === jsonc.SyntaxKind.OpenBracketToken) {
      if (++depth > limit) return scanner.getTokenOffset();
    } else if ((token === jsonc.SyntaxKind.CloseBraceToken || token === jsonc.SyntaxKind.CloseBracketToken) && depth > 0) depth--;
  }
  return undefined;
}

/**
 * Parses a configuration file's JSON with comments, nesting bounded by MAX_CONFIG_DEPTH: a
 * deeper file, or one with a syntax error, is a `malformed-config` problem naming it.
 */
export function parseJsoncConfig(
  text: string,
  display: string,
  options: jsonc.ParseOptions,
): { value: unknown } | { problem: ConfigProblem } {
  const deep = jsonNestingBeyond(text);
  if (deep !== undefined) return { problem: tooDeep(display, lineAt(text, deep)) };
  const errors: jsonc.ParseError[] = [];
  const value = jsonc.parse(text, errors, options) as unknown;
  if (errors.length > 0) {
    const what = jsonc.printParseErrorCode(errors[0].error);
    return {
      problem: {
        code: 'malformed-config',
        file: display,
        line: lineAt(text, errors[0].offset),
        message: `${display} is not valid JSON: ${what}`,
      },
    };
  }
  return { value };
}

/**
 * Parses a configuration file's TOML with smol-toml, its nesting bounded by MAX_CONFIG_DEPTH
 * (smol-toml's own `maxDepth`, checked as it parses): a deeper file, or one with a syntax error,
 * is a `malformed-config` problem naming it.
 */
export function parseTomlConfig(text: string, display: string): { value: Record<string, unknown> } | { problem: ConfigProblem } {
  try {
    return { value: parseToml(text, { maxDepth: MAX_CONFIG_DEPTH }) as Record<string, unknown> };
  } catch (err) {
    const line = err instanceof TomlError && Number.isSafeInteger(err.line) ? err.line : null;
    const first = err instanceof Error ? err.message.split('\n')[0] : String(err);
    if (err instanceof TomlError && /nested/i.test(first)) return { problem: tooDeep(display, line) };
    return { problem: { code: 'malformed-config', file: display, line, message: `${display} is not valid TOML: ${first}` } };
  }
}

/** The value at a key path (`["projects", "/abs", "trust_level"]`), own properties only. */
export function valueAt(doc: unknown, keys: readonly string[]): unknown {
  let current: unknown = doc;
  for (const key of keys) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * The settings a parsed configuration document gives. `keyOf` says where each setting lives in
 * the document (default: the setting's name as one top-level key); a value of the wrong type is
 * a problem and is not used.
 */
export function configLayer(
  specs: readonly SettingSpec[],
  doc: Record<string, unknown>,
  file: string,
  keyOf: (spec: SettingSpec) => readonly string[] | undefined = (spec) => [spec.name],
): { layer: ConfigLayer; problems: ConfigProblem[] } {
  const values = new Map<string, SettingValue>();
  const problems: ConfigProblem[] = [];
  for (const spec of specs) {
    const keys = keyOf(spec);
    if (keys === undefined) continue;
    const raw = valueAt(doc, keys);
    if (raw === undefined) continue;
    const checked = checkSettingValue(spec, raw);
    if (checked.ok) values.set(spec.name, checked.value);
    else problems.push({ code: 'invalid-value', file, line: null, message: `${file}: ${checked.problem}; the default is used` });
  }
  return { layer: { file, values }, problems };
}
