/** The `holaryn.*` settings, read in one place for every editor feature. */
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { GlobalFile, HOLARYN_POLICY, defaultGlobalFile, explicitGlobalFile } from '../resolver';

/** `holaryn.globalFile`: null → the default, "" → disabled, else a path (`~/` expanded). */
export function globalFileSetting(scope: vscode.Uri | undefined): GlobalFile | null {
  const configured = vscode.workspace.getConfiguration('holaryn', scope).get<string | null>('globalFile', null);
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
