/**
 * The profile settings as the editor reads them: `holaryn.profile`, `holaryn.compareProfiles`,
 * the dedicated per-profile settings, `holaryn.profileSettings`, and the editor's own settings a
 * profile declares (Copilot's `chat.*`). Everything resource-scoped is read for the workspace
 * folder being resolved. profiles/options.ts turns the values into resolve options.
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import { DEFAULT_PROFILE, Profile, ResolveOptions, listProfiles, profileByName, profileNames } from '../../resolver';
import { defaultTrustStorePath } from '../../trust/store';
import { budgetSetting, globalFileInput, globalFileSetting } from '../settings';
import {
  ProfileOptions,
  ProfileSettingsInput,
  dedicatedSettings,
  editorSettingNames,
  editorSettingValue,
  machineValue,
  profileOptions,
} from './options';
import { restrictedProfile } from './restricted';

/**
 * `holaryn.profile` for this scope, and whether it is set anywhere (user, workspace or folder):
 * set, it decides the profile the view answers for first; unset, the first agent does. An
 * unknown name falls back to the default, with the problem.
 */
export function profileSetting(scope: vscode.Uri | undefined): { name: string; explicit: boolean; problem?: string } {
  const config = vscode.workspace.getConfiguration('holaryn', scope);
  const configured = config.get<string>('profile', DEFAULT_PROFILE.name);
  const i = config.inspect('profile');
  const set = i !== undefined && (i.globalValue ?? i.workspaceValue ?? i.workspaceFolderValue) !== undefined;
  if (typeof configured === 'string' && profileNames().includes(configured)) return { name: configured, explicit: set };
  return {
    name: DEFAULT_PROFILE.name,
    explicit: false,
    problem: `holaryn.profile ${JSON.stringify(configured)} is no known profile (${profileNames().join(', ')}); showing ${DEFAULT_PROFILE.name}`,
  };
}

/** `holaryn.agents` as configured for this scope (agents-model.ts `chooseAgents` reads it). */
export function agentsSetting(scope: vscode.Uri | undefined): unknown {
  return vscode.workspace.getConfiguration('holaryn', scope).get<unknown>('agents');
}

/** Writes `holaryn.agents` where it is set now (folder, workspace or user), or for the user; undefined clears it there. */
export async function writeAgentsSetting(scope: vscode.Uri | undefined, names: string[] | undefined): Promise<void> {
  const config = vscode.workspace.getConfiguration('holaryn', scope);
  const i = config.inspect('agents');
  const target =
    i?.workspaceFolderValue !== undefined
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : i?.workspaceValue !== undefined
        ? vscode.ConfigurationTarget.Workspace
        : vscode.ConfigurationTarget.Global;
  await config.update('agents', names, target);
}

/** `holaryn.compareProfiles`: the profiles the Compare section shows, in order; empty or unset: all. */
export function compareProfilesSetting(scope: vscode.Uri | undefined): string[] {
  const configured = vscode.workspace.getConfiguration('holaryn', scope).get<unknown>('compareProfiles', []);
  const known = profileNames();
  const names = Array.isArray(configured)
    ? [...new Set(configured.filter((n): n is string => typeof n === 'string' && known.includes(n)))]
    : [];
  return names.length > 0 ? names : known;
}

/**
 * Every setting value `profileOptions` needs for `profile`, read for `scope`. The settings that
 * choose files outside the workspace are read from the user's settings only (machineValue), and a
 * workspace's own value of an editor setting naming folders keeps only the folders inside it
 * (editorSettingValue); what was ignored becomes a problem the view shows.
 */
export function readProfileInput(profile: Profile, scope: vscode.Uri | undefined): ProfileSettingsInput {
  const config = vscode.workspace.getConfiguration('holaryn', scope);
  const editorConfig = vscode.workspace.getConfiguration(undefined, scope);
  const folder = scope ? vscode.workspace.getWorkspaceFolder(scope)?.uri.fsPath : undefined;
  const problems: string[] = [];
  const editor: Record<string, unknown> = {};
  const names = new Set(editorSettingNames(profile));
  for (const setting of profile.settings ?? []) {
    if (!names.has(setting.name)) continue;
    const read = editorSettingValue(setting, editorConfig.inspect(setting.name), folder);
    problems.push(...read.problems);
    if (read.value !== undefined) editor[setting.name] = read.value;
  }
  const machine = <T>(name: string): T | undefined => {
    const read = machineValue(`holaryn.${name}`, config.inspect<T>(name));
    if (read.problem !== undefined) problems.push(read.problem);
    return read.value;
  };
  return {
    budget: budgetSetting(scope),
    globalFile: globalFileSetting(scope),
    globalFileProblem: globalFileInput(scope).problem,
    // Every profile's dedicated settings (a workspace value of a machine one is a problem whichever profile is shown).
    dedicated: Object.fromEntries(
      listProfiles()
        .flatMap((p) => dedicatedSettings(p.name))
        .map((d) => [d.key, d.manifest.scope === 'machine' ? machine(d.key) : config.get(d.key)]),
    ),
    profileSettings: machine('profileSettings'),
    editor,
    homedir: os.homedir(),
    readProblems: problems,
  };
}

/**
 * The trust store the editor reads and writes: `$HOLARYN_HOME/trust.json` (default
 * `~/.holaryn/trust.json`), the same file `holaryn trust` uses. Deliberately not a workspace
 * setting: a repository must never be able to point the editor at a store it wrote itself.
 */
export function trustStoreFile(): string {
  return defaultTrustStorePath(process.env, os.homedir());
}

/**
 * The resolve options for `profile` in `scope`: its settings, the shared trust store, and in
 * Restricted Mode a profile whose trust answer is always "no".
 */
export function resolveOptionsFor(profile: Profile, scope: vscode.Uri | undefined, extra: Partial<ResolveOptions> = {}): ProfileOptions {
  const built = profileOptions(profile, readProfileInput(profile, scope));
  const restricted = !vscode.workspace.isTrusted;
  return {
    options: {
      ...built.options,
      ...extra,
      profile: restricted ? restrictedProfile(profile) : profile,
      trustStore: trustStoreFile(),
    },
    problems: built.problems,
  };
}

/** Every registered profile with its one-line description (the View as… list). */
export function registeredProfiles(): { name: string; description: string; default: boolean }[] {
  return listProfiles();
}

export { profileByName };
