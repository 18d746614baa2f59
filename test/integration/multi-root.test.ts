// Multi-root workspaces: each folder resolves alone; no folder ever sees another's files.
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { api, open, viewShows } from './helpers';

/** Registers the suite; called once mocha's globals exist. */
export function registerMultiRoot(): void {
  describe('Repository instructions view (multi-root)', () => {
    it('has two folders', () => {
      assert.equal(vscode.workspace.workspaceFolders?.length, 2);
    });

    it('a file in folder one sees only folder one', async () => {
      const holaryn = await api();
      await open('pkg/a.ts', 'one');
      const s = await viewShows(holaryn, ['pkg/a.ts']);
      assert.deepEqual(
        s.evidence!.sources.map((x) => x.path),
        ['AGENTS.md', 'pkg/AGENTS.md'],
      );
      assert.match(s.evidence!.sources[0].content, /folder one/);
      assert.equal(s.evidence!.root, vscode.workspace.workspaceFolders![0].uri.fsPath);
    });

    it('a file in folder two sees only folder two', async () => {
      const holaryn = await api();
      await open('b.ts', 'two');
      const s = await viewShows(holaryn, ['b.ts']);
      assert.deepEqual(
        s.evidence!.sources.map((x) => x.path),
        ['CLAUDE.md'],
      );
      assert.match(s.evidence!.sources[0].content, /folder two/);
      assert.doesNotMatch(s.evidence!.context, /folder one/);
    });

    it('a selection spanning both folders resolves only the first folder', async () => {
      const holaryn = await api();
      const [one, two] = vscode.workspace.workspaceFolders!;
      const a = vscode.Uri.joinPath(one.uri, 'pkg/a.ts');
      const b = vscode.Uri.joinPath(two.uri, 'b.ts');
      await vscode.commands.executeCommand('holaryn.showForSelection', a, [a, b]);
      const s = await viewShows(holaryn, ['pkg/a.ts']);
      assert.equal(s.evidence!.root, one.uri.fsPath);
      await vscode.commands.executeCommand('holaryn.unpin');
    });
  });
}
