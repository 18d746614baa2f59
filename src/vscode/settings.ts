/** The `holaryn.*` settings, read in one place for every editor feature. */
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { GlobalFile, HOLARYN_POLICY, defaultGlobalFile, explicitGlobalFile } from '../resolver';
import { machineValue } from './profiles/options';

/**
 * `holaryn.globalFile`: null → the default, "" → disabled, else a path (`~/` expanded). Read from
 * the user's settings only (machineValue): it names a file outside the workspace.
 */
export function globalFileSetting(scope: vscode.Uri | undefined): GlobalFile | null {
  return globalFileOf(globalFileInput(scope).value);
}

/** `holaryn.globalFile` as inspected: the user's value or the default, and a problem when a workspace set it. */
export function globalFileInput(scope: vscode.Uri | undefined): { value: string | null | undefined; problem?: string } {
  return machineValue('holaryn.globalFile', vscode.workspace.getConfiguration('holaryn', scope).inspect<string | null>('globalFile'));
}

function globalFileOf(configured: string | null | undefined): GlobalFile | null {
  if (configured === '') return null;
  if (configured === null || configured === undefined) return defaultGlobalFile(process.env);
  return explicitGlobalFile(configured.startsWith('~/') ? path.join(os.homedir(), configured.slice(2)) : configured);
}

/** `holaryn.budget`, in code points. */
export function budgetSetting(scope: vscode.Uri | undefined): number {
  return vscode.workspace.getConfiguration('holaryn', scope).get<number>('budget', HOLARYN_POLICY.budget.size);
}

/** `holaryn.followActiveEditor`. */
export function followSetting(): boolean {
  return vscode.workspace.getConfiguration('holaryn').get<boolean>('followActiveEditor', true);
}
