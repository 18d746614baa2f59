/** Thin wiring: create the view owner, register its commands and the agent tool, hand tests a small API. */
import * as vscode from 'vscode';
import { InstructionFileWatcher } from './vscode/instruction-watcher';
import { InstructionsView } from './vscode/instructions-view';
import { registerInstructionsTool } from './vscode/lm-tool';
import { registerReachLens } from './vscode/authoring/code-lens';
import { registerDiagnostics } from './vscode/authoring/diagnostics';
import { registerFrontmatterHelp } from './vscode/authoring/language';
import { registerLivePreview } from './vscode/authoring/live-preview';
import { Authoring } from './vscode/authoring/services';

export interface HolarynApi {
  view: InstructionsView;
  authoring: Authoring;
}

export function activate(context: vscode.ExtensionContext): HolarynApi {
  const watcher = new InstructionFileWatcher(); // one set of watchers on the instruction files, for every feature
  const view = new InstructionsView(watcher);
  context.subscriptions.push(watcher, view, ...view.registerCommands());
  registerInstructionsTool(context);
  const authoring = new Authoring(watcher); // shared by the features below: workspace files, unsaved buffers, reach
  context.subscriptions.push(authoring);
  context.subscriptions.push(registerLivePreview(view, authoring)); // the view resolves unsaved text; "Preview of <file>"
  context.subscriptions.push(registerDiagnostics(authoring)); // Problems for every instruction file, quick fixes
  context.subscriptions.push(registerFrontmatterHelp()); // completion and hover in frontmatter
  context.subscriptions.push(registerReachLens(authoring)); // CodeLens: applies to N files · priority · mode
  return { view, authoring };
}

export function deactivate(): void {}
