/** Thin wiring: create the view owner, register its commands and the agent tool, hand tests a small API. */
import * as vscode from 'vscode';
import { InstructionsView } from './views/instructions-view';
import { registerInstructionsTool } from './views/lm-tool';

export interface HolarynApi {
  view: InstructionsView;
}

export function activate(context: vscode.ExtensionContext): HolarynApi {
  const view = new InstructionsView();
  context.subscriptions.push(view, ...view.registerCommands());
  registerInstructionsTool(context);
  return { view };
}

export function deactivate(): void {}
