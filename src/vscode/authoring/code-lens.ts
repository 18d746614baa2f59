/**
 * CodeLens on the first line of an instruction file: "applies to N files · priority P · mode M"
 * and, where it holds for some files, "superseded by X for K files". Counted by the resolver
 * over the workspace's files (see authoring/reach.ts), on the unsaved text when there is some.
 * Clicking one shows the view, whose "Preview of <file>" section has the detail.
 */
import * as vscode from 'vscode';
import { reachLensTitles } from '../../editing/reach';
import { VIEW_ID } from '../ids';
import { INSTRUCTION_SELECTOR } from './selector';
import type { Authoring } from './services';

export function registerReachLens(authoring: Authoring): vscode.Disposable {
  const provider: vscode.CodeLensProvider = {
    onDidChangeCodeLenses: authoring.reach.onDidChange,
    async provideCodeLenses(doc, token) {
      if (doc.uri.scheme !== 'file') return [];
      const report = await authoring.reach.reach(doc.uri, token);
      if (!report || token.isCancellationRequested) return [];
      const range = new vscode.Range(0, 0, 0, 0);
      const tooltip = `What ${report.file} does as a source over the workspace's ${report.reach.total.toLocaleString('en-US')} files${report.unsaved ? ' (from the unsaved text)' : ''}. Click to show the Repository instructions view.`;
      return reachLensTitles(report.reach).map((title) => new vscode.CodeLens(range, { title, tooltip, command: `${VIEW_ID}.focus` }));
    },
  };
  return vscode.languages.registerCodeLensProvider(
    INSTRUCTION_SELECTOR.filter((f) => f.scheme === 'file'),
    provider,
  );
}
