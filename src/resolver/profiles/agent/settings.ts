/**
 * Agent settings: the names an agent profile understands (each agent's own spelling, e.g. Codex's
 * `project_doc_max_bytes`), their values from the agent's real user configuration, and the
 * overrides given with `--set NAME=VALUE` (or an MCP/editor settings object). See
 * docs/agents.md, "Rules every agent profile follows".
 *
 * Precedence, lowest first: the profile's default, each configuration file in the order read,
 * then the overrides. An override naming an unknown setting is a usage error listing the known
 * ones; a bad value in a configuration file is a diagnostic and the value is not used.
 */
import { ResolveError } from '../../evidence';
import { MAX_SETTING_LIST_ITEMS } from '../../limits';
import { isPlainName } from '../../boundary';

export type SettingValue = number | string | boolean | readonly string[] | Readonly<Record<string, boolean>> | null;

export type SettingKind =
  /** A whole number between `min` and `max`. */
  | 'integer'
  | 'boolean'
  | 'string'
  /** A list of strings: JSON (`["a","b"]`) or comma-separated (`a,b`) on the command line. */
  | 'string-list'
  /** A string or a list of strings (Gemini's `context.fileName`); kept as given. */
  | 'string-or-list'
  /** One of `choices`. */
  | 'choice'
  /**
   * VS Code's `{ "name": true }` objects (`chat.instructionsFilesLocations`): keys trimmed,
   * `true`/`false` or their strings (any case) kept, other values dropped. On the command line a
   * JSON object, or a comma-separated list of names (each `true`).
   */
  | 'boolean-map';

export interface SettingSpec {
  /** The agent's own name, as `--set` takes it. */
  readonly name: string;
  readonly kind: SettingKind;
  /** Used when neither a configuration file nor an override sets it (`null`: unset). */
  readonly default: SettingValue;
  /** One line for `--help`, usage errors and the docs. */
  readonly description: string;
  readonly min?: number;
  readonly max?: number;
  readonly choices?: readonly string[];
  /**
   * The values are file names the agent probes in directories (Gemini's `context.fileName`,
   * Codex's fallback names). One that is not one plain name — a separator, `..`, an absolute
   * path — can name a file outside the workspace: `nonPlainFileNames` lists them for the
   * profile's `invalid-value` diagnostic.
   */
  readonly fileNames?: boolean;
  /** The keys name folders the agent reads files from (see Profile.settings `folders`). */
  readonly folders?: boolean;
}

export type SettingOrigin = 'default' | 'config' | 'set';

/** One setting's effective value and where it came from (evidence `settings`). */
export interface EffectiveSetting {
  value: SettingValue;
  from: SettingOrigin;
  /** The configuration file's display name when `from` is `config`. */
  file?: string;
}

/** Values one configuration file gave, by setting name (already checked against the specs). */
export interface ConfigLayer {
  /** Display name of the file (never an absolute path of the machine when under a home). */
  file: string;
  values: ReadonlyMap<string, SettingValue>;
}

/** Overrides: a raw `NAME=VALUE` text value (command line) or an already typed JSON value. */
export type SettingOverrides = Readonly<Record<string, unknown>>;

/** `NAME=VALUE` arguments as an overrides object (a repeated name: the last one wins). */
export function parseSetArguments(args: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const arg of args) {
    const eq = arg.indexOf('=');
    const name = eq < 0 ? arg : arg.slice(0, eq).trim();
    if (eq < 0 || name === '') throw new ResolveError('usage', `--set takes NAME=VALUE, not ${JSON.stringify(arg)}`);
    Object.defineProperty(out, name, { value: arg.slice(eq + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function describeKind(spec: SettingSpec): string {
  switch (spec.kind) {
    case 'integer':
      return `a whole number${spec.min !== undefined ? ` from ${spec.min}` : ''}${spec.max !== undefined ? ` to ${spec.max}` : ''}`;
    case 'boolean':
      return 'true or false';
    case 'string':
      return 'a string';
    case 'string-list':
      return 'a list of strings (JSON, or comma-separated)';
    case 'string-or-list':
      return 'a string or a list of strings';
    case 'choice':
      return `one of ${(spec.choices ?? []).join(', ')}`;
    case 'boolean-map':
      return 'an object of names to true or false (JSON, or a comma-separated list of names)';
  }
}

function isStringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

/**
 * A typed value (from a configuration file or a JSON overrides object) checked against the
 * spec; a string with the reason when it does not fit.
 */
export function checkSettingValue(spec: SettingSpec, value: unknown): { ok: true; value: SettingValue } | { ok: false; problem: string } {
  const bad = { ok: false as const, problem: `${spec.name} must be ${describeKind(spec)}` };
  const entries = Array.isArray(value)
    ? value.length
    : spec.kind === 'boolean-map' && typeof value === 'object' && value !== null
      ? Object.keys(value).length
      : 0;
  if (entries > MAX_SETTING_LIST_ITEMS)
    return { ok: false, problem: `${spec.name} holds ${entries} entries; the limit is ${MAX_SETTING_LIST_ITEMS} (MAX_SETTING_LIST_ITEMS)` };
  switch (spec.kind) {
    case 'integer': {
      const n = typeof value === 'bigint' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isSafeInteger(n)) return bad;
      if ((spec.min !== undefined && n < spec.min) || (spec.max !== undefined && n > spec.max)) return bad;
      return { ok: true, value: n };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : bad;
    case 'string':
      return typeof value === 'string' ? { ok: true, value } : bad;
    case 'choice':
      return typeof value === 'string' && (spec.choices ?? []).includes(value) ? { ok: true, value } : bad;
    case 'string-list':
      return isStringList(value) ? { ok: true, value: Object.freeze([...value]) } : bad;
    case 'string-or-list':
      if (typeof value === 'string') return { ok: true, value };
      return isStringList(value) ? { ok: true, value: Object.freeze([...value]) } : bad;
    case 'boolean-map': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return bad;
      const out: Record<string, boolean> = {};
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        const flag =
          typeof v === 'boolean'
            ? v
            : typeof v === 'string' && /^(true|false)$/i.test(v.trim())
              ? v.trim().toLowerCase() === 'true'
              : undefined;
        const name = key.trim();
        if (flag !== undefined && name !== '')
          Object.defineProperty(out, name, { value: flag, enumerable: true, writable: true, configurable: true });
      }
      return { ok: true, value: Object.freeze(out) };
    }
  }
}

/**
 * A command-line text value: a list as JSON (`["a","b"]`) or comma-separated (`a,b`, each
 * trimmed; an empty text is the empty list), a number or boolean as written.
 */
export function parseSettingText(spec: SettingSpec, text: string): SettingValue {
  let value: unknown = text;
  const t = text.trim();
  if (spec.kind === 'integer') value = /^-?\d+$/.test(t) ? Number(t) : text;
  else if (spec.kind === 'boolean-map') {
    if (t.startsWith('{')) {
      try {
        value = JSON.parse(t) as unknown;
      } catch {
        throw new ResolveError('usage', `--set ${spec.name}: ${JSON.stringify(text)} is not a JSON object`);
      }
    } else value = Object.fromEntries((t === '' ? [] : t.split(',')).map((part) => [part.trim(), true]));
  } else if (spec.kind === 'boolean') value = t === 'true' ? true : t === 'false' ? false : text;
  else if (spec.kind === 'string-list' || (spec.kind === 'string-or-list' && (t.startsWith('[') || t.includes(',')))) {
    if (t.startsWith('[')) {
      try {
        value = JSON.parse(t) as unknown;
      } catch {
        throw new ResolveError('usage', `--set ${spec.name}: ${JSON.stringify(text)} is not a JSON list of strings`);
      }
    } else value = t === '' ? [] : t.split(',').map((part) => part.trim());
  }
  const checked = checkSettingValue(spec, value);
  if (!checked.ok) throw new ResolveError('usage', `--set ${spec.name}=${JSON.stringify(text)}: ${checked.problem}`);
  return checked.value;
}

/** The usage error for a name the profile does not know, listing the ones it does. */
export function unknownSettingError(profile: string, name: string, specs: readonly SettingSpec[]): ResolveError {
  const known = specs.map((s) => s.name);
  const list = known.length === 0 ? `profile ${profile} has no settings` : `known settings for profile ${profile}: ${known.join(', ')}`;
  return new ResolveError('usage', `unknown setting ${JSON.stringify(name)}; ${list}`, { known });
}

/** Effective settings: defaults, then the configuration layers in order, then the overrides. */
export function effectiveSettings(
  profile: string,
  specs: readonly SettingSpec[],
  layers: readonly ConfigLayer[],
  overrides: SettingOverrides = {},
): Record<string, EffectiveSetting> {
  const byName = new Map(specs.map((s) => [s.name, s]));
  for (const name of Object.keys(overrides)) if (!byName.has(name)) throw unknownSettingError(profile, name, specs);
  const out: Record<string, EffectiveSetting> = {};
  for (const spec of specs) {
    let current: EffectiveSetting = { value: spec.default, from: 'default' };
    for (const layer of layers) {
      if (layer.values.has(spec.name)) current = { value: layer.values.get(spec.name)!, from: 'config', file: layer.file };
    }
    if (Object.prototype.hasOwnProperty.call(overrides, spec.name)) {
      const raw = overrides[spec.name];
      let value: SettingValue;
      if (typeof raw === 'string' && spec.kind !== 'string' && spec.kind !== 'choice') value = parseSettingText(spec, raw);
      else {
        const checked = checkSettingValue(spec, raw);
        if (!checked.ok) throw new ResolveError('usage', `setting ${spec.name}: ${checked.problem}`);
        value = checked.value;
      }
      current = { value, from: 'set' };
    }
    out[spec.name] = current;
  }
  return out;
}

/** A name of a `fileNames` setting that is not one plain file name, and where it was set. */
export interface NonPlainFileName {
  setting: string;
  /** The name as configured (trimmed). */
  name: string;
  /** The configuration file's display name, or null for `--set`. */
  file: string | null;
  /** Where the value came from, in words: `.gemini/settings.json`, `--set`. */
  from: string;
}

/** The names of `fileNames` settings that are not one plain file name (boundary.ts `isPlainName`). */
export function nonPlainFileNames(specs: readonly SettingSpec[], settings: Readonly<Record<string, EffectiveSetting>>): NonPlainFileName[] {
  const out: NonPlainFileName[] = [];
  for (const spec of specs) {
    const s = settings[spec.name];
    if (!spec.fileNames || s === undefined) continue;
    const values = typeof s.value === 'string' ? [s.value] : Array.isArray(s.value) ? (s.value as readonly string[]) : [];
    const file = s.from === 'config' ? (s.file ?? null) : null;
    const from = file ?? (s.from === 'set' ? '--set' : 'the default');
    for (const raw of values) {
      const name = raw.trim();
      if (name !== '' && !isPlainName(name)) out.push({ setting: spec.name, name, file, from });
    }
  }
  return out;
}
