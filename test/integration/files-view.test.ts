// Where people already look: the Files view's decorations and the Source Control command, in
// a real VS Code. Runs last on the demo copy (a Git repository with a `base` branch, made by
// scripts/test-integration.mjs); every file changed here is restored.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HolarynApi } from '../../src/extension';
import { api, folderUri, until, viewShows } from './helpers';

function uriOf(rel: string): vscode.Uri {
  return rel === '' ? folderUri() : vscode.Uri.joinPath(folderUri(), ...rel.split('/'));
}

/** The decoration of `rel` once `check` accepts it (re-checked whenever decorations or Problems change). */
async function decorationOf(
  holaryn: HolarynApi,
  rel: string,
  check: (d: vscode.FileDecoration | undefined) => boolean,
): Promise<vscode.FileDecoration | undefined> {
  const found = await until(
    `decoration of ${rel || 'the root'}`,
    () => {
      const d = holaryn.decorations.provideFileDecoration(uriOf(rel));
      // The failure names what was shown instead.
      assert.ok(check(d), `shows ${JSON.stringify(d && { badge: d.badge, tooltip: d.tooltip })}`);
      return { d };
    },
    { events: [holaryn.decorations.onDidChangeFileDecorations, vscode.languages.onDidChangeDiagnostics] },
  );
  return found.d;
}

/** The Git extension's API (the same one the command uses). */
interface GitRepo {
  rootUri: vscode.Uri;
  status(): Promise<void>;
  state: { onDidChange: vscode.Event<void>; workingTreeChanges: { uri: vscode.Uri }[]; indexChanges: { uri: vscode.Uri }[] };
}
async function repository(): Promise<GitRepo> {
  const ext = vscode.extensions.getExtension<{ getAPI(v: 1): { repositories: GitRepo[]; onDidOpenRepository: vscode.Event<unknown> } }>(
    'vscode.git',
  );
  assert.ok(ext, 'the built-in Git extension is missing');
  const git = (await ext.activate()).getAPI(1);
  return until('the Git repository of the workspace', () => git.repositories.find((r) => r.rootUri.fsPath === folderUri().fsPath), {
    events: [git.onDidOpenRepository],
  });
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: folderUri().fsPath, encoding: 'utf8' });
}

/** Registers the suite; called once mocha's globals exist. */
export function registerFilesView(): void {
  describe('Files view and Source Control', function () {
    it('folders holding instruction files get a count and a tooltip naming them', async () => {
      const holaryn = await api();
      await holaryn.decorations.ready;
      const cases: [string, string][] = [
        ['', '2 instruction files: AGENTS.md, CLAUDE.md'],
        ['src', '2 instruction files: AGENTS.md, CLAUDE.md'],
        ['src/app', '2 instruction files: .holaryn/instructions.md, AGENTS.md'],
        ['docs', '1 instruction file: AGENTS.md'],
        ['services', '1 instruction file: .holaryn/instructions.md'],
      ];
      for (const [rel, tooltip] of cases) {
        const d = await decorationOf(holaryn, rel, (x) => x?.tooltip === tooltip);
        assert.equal(d?.badge, tooltip[0]);
      }
      // A folder without one, and an ordinary file, are left alone.
      assert.equal(holaryn.decorations.provideFileDecoration(uriOf('src/lib')), undefined);
      assert.equal(holaryn.decorations.provideFileDecoration(uriOf('src/app/main.ts')), undefined);
    });

    it('an instruction file with errors is coloured as a file with problems', async () => {
      const holaryn = await api();
      const d = await decorationOf(holaryn, 'services/billing/app/api/CLAUDE.md', (x) => x?.color !== undefined);
      assert.equal((d!.color as vscode.ThemeColor).id, 'list.errorForeground');
      assert.match(String(d!.tooltip), /1 error/);
      // Warnings only: not coloured.
      assert.equal(holaryn.decorations.provideFileDecoration(uriOf('src/AGENTS.md'))?.color, undefined);
    });

    it('follows files created and deleted on disk, and the setting turns decorations off', async () => {
      const holaryn = await api();
      const dir = path.join(folderUri().fsPath, 'decorated');
      fs.mkdirSync(path.join(dir, '.holaryn'), { recursive: true });
      fs.writeFileSync(path.join(dir, 'CLAUDE.md'), 'Rules.\n');
      fs.writeFileSync(path.join(dir, '.holaryn', 'instructions.md'), 'More rules.\n');
      try {
        await decorationOf(holaryn, 'decorated', (x) => x?.tooltip === '2 instruction files: .holaryn/instructions.md, CLAUDE.md');
        fs.rmSync(path.join(dir, '.holaryn'), { recursive: true });
        await decorationOf(holaryn, 'decorated', (x) => x?.tooltip === '1 instruction file: CLAUDE.md');

        const config = vscode.workspace.getConfiguration('holaryn');
        await config.update('decorations.enabled', false, vscode.ConfigurationTarget.Workspace);
        try {
          await decorationOf(holaryn, 'decorated', (x) => x === undefined);
          assert.equal(holaryn.decorations.provideFileDecoration(uriOf('src')), undefined);
        } finally {
          await config.update('decorations.enabled', undefined, vscode.ConfigurationTarget.Workspace);
        }
        await decorationOf(holaryn, 'src', (x) => x !== undefined);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      await decorationOf(holaryn, 'decorated', (x) => x === undefined);
    });

    it('"Show Repository Instructions for Changes" resolves the working tree, the staged files, and a branch diff', async () => {
      const holaryn = await api();
      const repo = await repository();
      const edited = 'src/app/router.ts';
      const staged = 'docs/architecture.md';
      const originals = new Map([edited, staged].map((rel) => [rel, fs.readFileSync(uriOf(rel).fsPath, 'utf8')]));
      try {
        fs.appendFileSync(uriOf(edited).fsPath, '// edited\n');
        fs.appendFileSync(uriOf(staged).fsPath, '\nStaged.\n');
        git('add', staged);
        await repo.status();
        await until(
          'the repository state with both changes',
          () =>
            repo.state.indexChanges.some((c) => c.uri.fsPath === uriOf(staged).fsPath) &&
            repo.state.workingTreeChanges.some((c) => c.uri.fsPath === uriOf(edited).fsPath)
              ? true
              : undefined,
          { events: [repo.state.onDidChange] },
        );

        // Staged: exactly the one file, pinned.
        assert.equal(await vscode.commands.executeCommand('holaryn.showForChanges', undefined, 'index'), 1);
        let s = await viewShows(holaryn, [staged]);
        assert.equal(s.pinned, true);

        // Working tree (and staged): both files, resolved together; earlier tests' edits may add more.
        const n = await vscode.commands.executeCommand<number>('holaryn.showForChanges', undefined, 'workingTree');
        s = await until(
          'the view showing the working tree changes',
          () => {
            const paths = holaryn.view.current.evidence?.targets.map((t) => t.path) ?? [];
            return paths.includes(edited) && paths.includes(staged) ? holaryn.view.current : undefined;
          },
          { events: [holaryn.view.onDidUpdate] },
        );
        assert.equal(s.evidence!.targets.length, n);
        const ts = s.evidence!.sources.find((x) => x.path === 'src/AGENTS.md');
        assert.ok(ts?.appliesTo.includes(edited), 'src/AGENTS.md (TypeScript rules) applies to the edited router');

        // Against the branch the repository started on: the same files (a diff with the working tree).
        const m = await vscode.commands.executeCommand<number>('holaryn.showForChanges', undefined, { ref: 'base' });
        assert.ok(m >= 2, `${m} files against base`);
        await until(
          'the view showing the changes against base',
          () => (holaryn.view.current.evidence?.targets.length === m ? true : undefined),
          { events: [holaryn.view.onDidUpdate] },
        );
      } finally {
        git('reset', '-q', staged);
        for (const [rel, text] of originals) fs.writeFileSync(uriOf(rel).fsPath, text);
        await vscode.commands.executeCommand('holaryn.unpin');
      }
    });

    it('a ref that does not exist gets a message, not an error', async () => {
      const holaryn = await api();
      await repository();
      const n = await vscode.commands.executeCommand<number>('holaryn.showForChanges', undefined, { ref: 'no-such-branch' });
      assert.equal(n, 0);
      assert.equal(holaryn.view.current.pinned, false, 'the view was not pinned to anything');
    });
  });
}
