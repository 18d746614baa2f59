/**
 * What the editor passes to the resolver for one profile: the resolve options built from the
 * `holaryn.*` settings and, for a profile that declares editor settings (Copilot's `chat.*`),
 * the editor's own values. Pure: the values come in as plain data (see profiles/settings.ts for
 * where they are read), so every rule here is unit-tested without an editor.
 *
 * The rules (docs/vscode.md, "Profiles"):
 * - `holaryn.budget` and `holaryn.globalFile` are Holaryn's own settings (a budget in code points,
 *   Holaryn's operator-global file): they go only to a profile whose card says so
 *   (`editor.holarynSettings`: the holaryn profile). Every other profile keeps its own budget,
 *   unit and user-level file, as `holaryn compare` does.
 * - Dedicated settings name one profile's setting, as its card declares them (`editor.settings`,
 *   src/resolver/editor.ts): `holaryn.dsh.candidates` (DSH's `--candidates`),
 *   `holaryn.holon.agentHome` and `holaryn.holon.hierarchical`. No profile is named here.
 * - `holaryn.profileSettings` is `{ profile: { NAME: value } }`, each entry passed as
 *   `--set NAME=VALUE` would be (lists and objects as JSON); it wins over everything else.
 * - A profile setting whose name the editor owns (`chat.…`, `github.copilot.…`) is read from the
 *   editor's configuration, so the copilot profile answers with this editor's real settings.
 */
import * as path from 'node:path';
import { profileCard } from '../../resolver';
import type { EditorSetting, GlobalFile, Profile, ResolveOptions } from '../../resolver';

/**
 * Setting-name prefixes that belong to the editor itself: a profile declaring one reads the
 * editor's value. `security.workspace.trust.` is VS Code's workspace trust switch (Copilot uses
 * parent repositories only when it is off); other `security.` names are other agents' own.
 */
export const EDITOR_SETTING_PREFIXES: readonly string[] = Object.freeze(['chat.', 'github.copilot.', 'security.workspace.trust.']);

/** Whether `name` (a profile setting) is one of the editor's own settings. */
export function isEditorSetting(name: string): boolean {
  return EDITOR_SETTING_PREFIXES.some((p) => name.startsWith(p));
}

/** The editor settings a profile declares, in its declaration order. */
export function editorSettingNames(profile: Profile): string[] {
  return (profile.settings ?? []).map((s) => s.name).filter(isEditorSetting);
}

/** The settings as read from the editor, before any interpretation. */
export interface ProfileSettingsInput {
  /** `holaryn.budget` (code points; a profile with `editor.holarynSettings` only). */
  budget?: number;
  /** `holaryn.globalFile`, already interpreted (a profile with `editor.holarynSettings` only). */
  globalFile?: GlobalFile | null;
  /** Why a workspace's own `holaryn.globalFile` was ignored (machineValue), when one was. */
  globalFileProblem?: string;
  /** The profile's dedicated settings (its card's `editor.settings`), by key below `holaryn.` (`holon.agentHome`). */
  dedicated?: Readonly<Record<string, unknown>>;
  /** `holaryn.profileSettings`. */
  profileSettings?: unknown;
  /** The editor's values of the profile's editor settings (undefined: not set and no default). */
  editor?: Readonly<Record<string, unknown>>;
  /** Home directory, for a leading `~/` in paths. */
  homedir?: string;
  /** Problems found while reading the values (a workspace value ignored), shown with the others. */
  readProblems?: readonly string[];
}

/** What the editor's `inspect()` gives for one setting, as plain data. */
export interface InspectedSetting<T = unknown> {
  readonly defaultValue?: T;
  readonly globalValue?: T;
  readonly workspaceValue?: T;
  readonly workspaceFolderValue?: T;
}

/**
 * The value of one of Holaryn's settings that chooses files outside the workspace
 * (`holaryn.globalFile`, `holaryn.profileSettings`, `holaryn.holon.agentHome`): the user's, else
 * the default, never a workspace's or a folder's — a repository's `.vscode/settings.json` must not
 * decide which outside files Holaryn reads, nor switch a system's trust answer. The manifest gives
 * them `machine` scope, so the editor itself refuses a workspace value; this holds even where an
 * editor does not. A workspace value present is a problem saying it is ignored.
 */
export function machineValue<T>(name: string, i: InspectedSetting<T> | undefined): { value: T | undefined; problem?: string } {
  const value = i?.globalValue ?? i?.defaultValue;
  if (i?.workspaceFolderValue === undefined && i?.workspaceValue === undefined) return { value };
  return {
    value,
    problem: `${name} is set in this workspace's settings, which Holaryn ignores: it names files outside the workspace, so only your user settings may set it`,
  };
}

/**
 * Whether a folder named in a `folders` setting lies outside `folder` (the workspace folder,
 * absolute): under the home directory (`~`), an absolute path elsewhere, or a relative one that
 * climbs out with `..`. Lexical: where links lead is the resolver's to check.
 */
function outsideFolder(loc: string, folder: string | undefined): boolean {
  const P = path.posix;
  const l = loc.trim().replace(/\\/g, '/');
  if (l === '~' || l.startsWith('~/')) return true;
  const up = (rel: string) => rel === '..' || rel.startsWith('../') || P.isAbsolute(rel);
  if (!P.isAbsolute(l) && !/^[A-Za-z]:\//.test(l)) return up(P.normalize(l));
  return folder === undefined || up(P.relative(folder.replace(/\\/g, '/'), P.normalize(l)));
}

/**
 * The editor's value of one of its own settings a profile reads (the folder's, the workspace's,
 * the user's, or its default, most specific first). For a setting whose keys name folders
 * (Copilot's `chat.instructionsFilesLocations`), a value the workspace or folder sets keeps only
 * the folders inside the workspace folder: each other one is dropped with a problem, so a
 * repository cannot aim the editor at `~/.ssh`. `folder` is the workspace folder's absolute path.
 */
export function editorSettingValue(
  setting: { readonly name: string; readonly folders?: boolean },
  i: InspectedSetting | undefined,
  folder: string | undefined,
): { value: unknown; problems: string[] } {
  if (!i) return { value: undefined, problems: [] };
  const fromWorkspace = i.workspaceFolderValue ?? i.workspaceValue;
  const value = fromWorkspace ?? i.globalValue ?? i.defaultValue;
  if (!setting.folders || fromWorkspace === undefined || !isPlainObject(fromWorkspace)) return { value, problems: [] };
  const kept: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [loc, on] of Object.entries(fromWorkspace)) {
    if (outsideFolder(loc, folder)) {
      if (on !== false)
        problems.push(
          `${setting.name}: ${JSON.stringify(loc)} is set in this workspace's settings and names a folder outside the workspace; Holaryn ignores it (a repository's settings must not choose files outside it), though Copilot would search it`,
        );
    } else Object.defineProperty(kept, loc, { value: on, enumerable: true, writable: true, configurable: true });
  }
  return { value: kept, problems };
}

export interface ProfileOptions {
  /** Options for `resolveInstructions` (no fs, cache or trust store: the caller adds those). */
  options: ResolveOptions;
  /** Settings that could not be used, in words (shown in the view; the value is ignored). */
  problems: string[];
}

/** A setting value as `--set NAME=VALUE` would carry it. */
export function settingText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function expandHome(p: string, homedir: string | undefined): string {
  return homedir !== undefined && (p === '~' || p.startsWith('~/')) ? homedir + p.slice(1) : p;
}

/** Adds `name=value` to `settings` as an own property (a name like `__proto__` stays a plain key). */
function put(settings: Record<string, string>, name: string, value: string): void {
  Object.defineProperty(settings, name, { value, enumerable: true, writable: true, configurable: true });
}

/** The dedicated editor settings the registered profile called `name` declares (none for an unregistered one). */
export function dedicatedSettings(name: string): readonly EditorSetting[] {
  return profileCard(name)?.editor?.settings ?? [];
}

/** A dedicated setting's value applied to `options` / `settings`, or its problem. */
function applyDedicated(
  s: EditorSetting,
  value: unknown,
  homedir: string | undefined,
  options: ResolveOptions,
  settings: Record<string, string>,
  problems: string[],
): void {
  // A list setting set to null is wrong; a path or switch set to null is unset.
  if (value === undefined || (value === null && s.kind !== 'names')) return;
  let text: string | undefined;
  let list: string[] | undefined;
  if (s.kind === 'names') {
    if (!Array.isArray(value) || !value.every((x) => typeof x === 'string')) return void problems.push(s.invalid);
    if (value.length > 0) list = value;
  } else if (s.kind === 'path') {
    if (typeof value !== 'string') return void problems.push(s.invalid);
    if (value.trim() !== '') text = expandHome(value, homedir);
  } else {
    if (typeof value !== 'boolean') return void problems.push(s.invalid);
    text = String(value);
  }
  if ('option' in s.to) {
    if (list !== undefined) options.candidates = list;
  } else if (text !== undefined) put(settings, s.to.set, text);
  else if (list !== undefined) put(settings, s.to.set, JSON.stringify(list));
}

/** The resolve options for `profile` from the editor's settings. */
export function profileOptions(profile: Profile, input: ProfileSettingsInput): ProfileOptions {
  const options: ResolveOptions = { profile };
  const problems: string[] = [];
  const settings: Record<string, string> = {};
  const name = profile.name;

  if (profileCard(name)?.editor?.holarynSettings) {
    // Holaryn's own settings mean nothing to another system (a budget in code points, Holaryn's
    // operator-global file): every other profile keeps its own.
    if (input.budget !== undefined) options.budget = input.budget;
    if (input.globalFile !== undefined) options.globalFile = input.globalFile;
    if (input.globalFileProblem !== undefined) problems.push(input.globalFileProblem);
  }

  // The editor's own settings the profile declares (Copilot's chat.* in VS Code).
  for (const key of editorSettingNames(profile)) {
    const text = settingText(input.editor?.[key]);
    if (text !== undefined) put(settings, key, text);
  }

  // Dedicated settings, each naming one of this profile's settings (its card's editor.settings).
  for (const d of dedicatedSettings(name)) applyDedicated(d, input.dedicated?.[d.key], input.homedir, options, settings, problems);

  // holaryn.profileSettings: as --set, last and strongest.
  const all = input.profileSettings;
  if (all !== undefined && all !== null) {
    if (!isPlainObject(all)) problems.push('holaryn.profileSettings must be an object: { "<profile>": { "<setting>": value } }');
    else if (Object.hasOwn(all, name)) {
      const mine = all[name];
      if (!isPlainObject(mine)) problems.push(`holaryn.profileSettings.${name} must be an object of settings`);
      else {
        for (const [key, value] of Object.entries(mine)) {
          const text = settingText(value);
          if (text !== undefined) put(settings, key, text);
        }
      }
    }
  }

  if (Object.keys(settings).length > 0) options.settings = settings;
  return { options, problems: [...(input.readProblems ?? []), ...problems] };
}
