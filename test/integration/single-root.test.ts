// The Repository instructions view on (a copy of) the demo workspace, in a real VS Code.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { allNodes, api, folderUri, open, rows, sourceRows, until, viewShows } from './helpers';
import type { ViewState } from '../../src/vscode/instructions-view';

/** Registers the suite; called once mocha's globals exist. */
export function registerSingleRoot(): void {
  describe('Repository instructions view (single folder)', function () {
    before(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('activates and shows the workspace root when no file is open', async () => {
      const holaryn = await api();
      await vscode.commands.executeCommand('holaryn.refresh');
      const s = await viewShows(holaryn, ['']);
      assert.equal(s.evidence!.targets[0].kind, 'directory');
      assert.deepEqual(
        s.evidence!.sources.map((x) => x.path),
        ['CLAUDE.md', 'AGENTS.md'],
      );
    });

    it('follows the active editor: sources in order with statuses and children', async () => {
      const holaryn = await api();
      await open('src/app/main.ts');
      const s = await viewShows(holaryn, ['src/app/main.ts']);
      assert.deepEqual(
        s.evidence!.sources.map((x) => `${x.order} ${x.path} ${x.status}`),
        [
          '1 CLAUDE.md included',
          '2 AGENTS.md included',
          '3 src/AGENTS.md included',
          '4 src/CLAUDE.md duplicate',
          '5 src/app/.holaryn/instructions.md included',
          '6 src/app/AGENTS.md not-applicable',
        ],
      );
      const labels = sourceRows(holaryn).map((n) => n.label);
      assert.deepEqual(labels.slice(0, 2), ['1. CLAUDE.md', '2. AGENTS.md']);
      const agents = sourceRows(holaryn)[1];
      assert.equal(agents.description, 'included · workspace · depth 0 · priority 10 · append');
      assert.deepEqual(
        agents.children!.map((c) => c.label),
        ['Scope', 'Applies to', 'Order', 'Frontmatter', 'sha256', 'Exact content'],
      );
      const dup = sourceRows(holaryn)[3];
      assert.ok(dup.children!.some((c) => c.label === 'Duplicate of' && c.description === 'src/AGENTS.md'));
      const top = rows(holaryn).map((n) => n.label);
      // The first agent and its files first, Compare all last (docs/vscode.md, "The Repository instructions view").
      assert.deepEqual(top, [
        'holaryn',
        'Target',
        'Validation',
        'Truncation',
        'Conflicts',
        'Diagnostics',
        'Model context',
        'Snapshot',
        'Agents',
        'Compare all',
      ]);
      assert.deepEqual(
        rows(holaryn)[0].children!.map((n) => n.label),
        ['1. CLAUDE.md', '2. AGENTS.md', '3. src/AGENTS.md', '5. src/app/.holaryn/instructions.md', 'Not included'],
      );
    });

    it('every row becomes a TreeItem with a plain-string tooltip and only Holaryn commands', async () => {
      const holaryn = await api();
      for (const node of allNodes(rows(holaryn))) {
        const item = holaryn.view.provider.getTreeItem(node);
        assert.ok(item.tooltip === undefined || typeof item.tooltip === 'string', `${node.id} tooltip is not plain text`);
        if (item.command) assert.equal(item.command.command, '_holaryn.runNodeAction');
      }
    });

    it('the exact-content document equals the file text after frontmatter', async () => {
      const holaryn = await api();
      await open('src/app/main.ts');
      const s = await viewShows(holaryn, ['src/app/main.ts']);
      const source = s.evidence!.sources.find((x) => x.path === 'AGENTS.md')!;
      const raw = fs.readFileSync(path.join(folderUri().fsPath, 'AGENTS.md'), 'utf8');
      const afterFence = raw.slice(raw.indexOf('\n---', 3) + 5);
      const node = sourceRows(holaryn)[1].children!.find((c) => c.label === 'Exact content')!;
      await vscode.commands.executeCommand('_holaryn.runNodeAction', node);
      const doc = await until(
        'content document',
        () => {
          const ed = vscode.window.activeTextEditor;
          return ed?.document.uri.scheme === 'holaryn-evidence' ? ed.document : undefined;
        },
        { events: [vscode.window.onDidChangeActiveTextEditor] },
      );
      assert.equal(doc.getText(), afterFence);
      assert.equal(doc.getText(), source.content);
    });

    it('opens the model context as a read-only document', async () => {
      const holaryn = await api();
      await open('src/app/main.ts');
      const s = await viewShows(holaryn, ['src/app/main.ts']);
      await vscode.commands.executeCommand('holaryn.openContext');
      const doc = await until(
        'context document',
        () => {
          const ed = vscode.window.activeTextEditor;
          return ed?.document.uri.path.endsWith('model-context.md') ? ed.document : undefined;
        },
        { events: [vscode.window.onDidChangeActiveTextEditor] },
      );
      assert.equal(doc.getText(), s.evidence!.context);
    });

    it('saving an edited AGENTS.md updates the view', async () => {
      const holaryn = await api();
      await open('src/app/main.ts');
      const before = await viewShows(holaryn, ['src/app/main.ts']);
      const oldHash = before.evidence!.sources.find((x) => x.path === 'src/AGENTS.md')!.sha256;
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folderUri(), 'src/AGENTS.md'));
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, new vscode.Position(doc.lineCount, 0), '\nAlways add a test for a bug fix.\n');
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await doc.save());
      await open('src/app/main.ts');
      const after = await viewShows(
        holaryn,
        ['src/app/main.ts'],
        (st) => st.evidence!.sources.find((x) => x.path === 'src/AGENTS.md')?.sha256 !== oldHash,
      );
      assert.match(after.evidence!.sources.find((x) => x.path === 'src/AGENTS.md')!.content, /Always add a test for a bug fix\./);
      assert.notEqual(after.evidence!.snapshot, before.evidence!.snapshot);
    });

    it('creating and deleting an instruction file on disk updates the view', async () => {
      const holaryn = await api();
      await open('src/app/main.ts');
      await viewShows(holaryn, ['src/app/main.ts']);
      const created = path.join(folderUri().fsPath, 'src', 'app', 'CLAUDE.md');
      // The workbench's file watcher starts asynchronously on a fresh machine and reports nothing
      // until it is ready: write again (new content) until the view has seen the file.
      let writes = 0;
      const write = () => fs.writeFileSync(created, `Created during the integration test (${++writes}).\n`);
      write();
      const retry = setInterval(write, 3000);
      const shown = (s: ViewState) => s.evidence!.sources.find((x) => x.path === 'src/app/CLAUDE.md');
      try {
        await viewShows(holaryn, ['src/app/main.ts'], (s) => shown(s) !== undefined);
        // The view may have seen the file through another refresh while the watcher was still
        // starting; a delete it does not report would never reach the view. So the delete waits
        // until a later write has come through the watcher.
        const seen = writes;
        await viewShows(holaryn, ['src/app/main.ts'], (s) => Number(/\((\d+)\)/.exec(shown(s)?.content ?? '')?.[1] ?? 0) > seen);
      } finally {
        clearInterval(retry);
        fs.unlinkSync(created);
      }
      await viewShows(holaryn, ['src/app/main.ts'], (s) => !s.evidence!.sources.some((x) => x.path === 'src/app/CLAUDE.md'));
    });

    it('pin stops following the editor; unpin follows again', async () => {
      const holaryn = await api();
      await open('src/app/main.ts');
      await viewShows(holaryn, ['src/app/main.ts']);
      await vscode.commands.executeCommand('holaryn.pin');
      await open('docs/architecture.md');
      // A resolution after the editor moved (the refresh command resolves at once) keeps the pinned target.
      const refreshed = await vscode.commands.executeCommand<ViewState>('holaryn.refresh');
      assert.deepEqual(
        refreshed.evidence!.targets.map((t) => t.path),
        ['src/app/main.ts'],
      );
      assert.deepEqual(
        holaryn.view.current.evidence!.targets.map((t) => t.path),
        ['src/app/main.ts'],
      );
      await vscode.commands.executeCommand('holaryn.unpin');
      await viewShows(holaryn, ['docs/architecture.md']);
    });

    it('Show repository instructions on a multi-selection resolves the targets together', async () => {
      const holaryn = await api();
      const root = folderUri();
      const a = vscode.Uri.joinPath(root, 'src/app/main.ts');
      const b = vscode.Uri.joinPath(root, 'src/app/views/Dashboard.tsx');
      await vscode.commands.executeCommand('holaryn.showForSelection', a, [a, b]);
      const s = await viewShows(holaryn, ['src/app/main.ts', 'src/app/views/Dashboard.tsx']);
      const holaryn2 = s.evidence!.sources.find((x) => x.path === 'src/app/.holaryn/instructions.md')!;
      assert.deepEqual(holaryn2.appliesTo, ['src/app/main.ts']);
      assert.deepEqual(holaryn2.supersededFor, ['src/app/views/Dashboard.tsx']);
      assert.equal(s.pinned, true);
      await vscode.commands.executeCommand('holaryn.unpin');
    });

    it('a malicious instruction file stays inert: links and scripts are plain text, nothing runs', async () => {
      const holaryn = await api();
      const dir = path.join(folderUri().fsPath, 'evil');
      fs.mkdirSync(dir, { recursive: true });
      const marker = path.join(folderUri().fsPath, 'evil', 'PWNED');
      const evil = [
        '---',
        `required_validation: ["touch ${marker}"]`,
        `owner: "[x](command:workbench.action.terminal.new)"`,
        '---',
        `[Run me](command:workbench.action.terminal.sendSequence?{"text":"touch ${marker}\\n"}) <script>alert(1)</script> <img src=x onerror=alert(1)>`,
        '',
      ].join('\n');
      fs.writeFileSync(path.join(dir, 'AGENTS.md'), evil);
      fs.writeFileSync(path.join(dir, 'x.ts'), '');
      const terminalsBefore = vscode.window.terminals.length;
      await vscode.window.showTextDocument(vscode.Uri.file(path.join(dir, 'x.ts')));
      const s = await viewShows(holaryn, ['evil/x.ts']);
      const source = s.evidence!.sources.find((x) => x.path === 'evil/AGENTS.md')!;
      assert.match(source.content, /command:workbench/);
      for (const node of allNodes(rows(holaryn))) {
        const item = holaryn.view.provider.getTreeItem(node);
        assert.ok(item.tooltip === undefined || typeof item.tooltip === 'string');
        assert.ok(!item.command || item.command.command === '_holaryn.runNodeAction');
      }
      // Open every node action, as a curious user would (pinned, so the rows stay these).
      await vscode.commands.executeCommand('holaryn.pin');
      for (const node of allNodes(rows(holaryn)).filter((n) => n.action)) {
        await vscode.commands.executeCommand('_holaryn.runNodeAction', node);
      }
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(fs.existsSync(marker), false, 'a command from the file ran');
      assert.equal(vscode.window.terminals.length, terminalsBefore, 'a terminal was opened');
      await vscode.commands.executeCommand('holaryn.unpin');
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('the language model tool is registered and returns the model context for paths', async () => {
      const holaryn = await api();
      await open('src/app/main.ts');
      const s = await viewShows(holaryn, ['src/app/main.ts']);
      const tool = await until('tool registration', () => vscode.lm.tools.find((t) => t.name === 'holaryn_repositoryInstructions'));
      assert.deepEqual((tool.inputSchema as { required: string[] }).required, ['paths']);
      const result = await vscode.lm.invokeTool('holaryn_repositoryInstructions', {
        input: { paths: ['src/app/main.ts'] },
        toolInvocationToken: undefined,
      });
      const text = result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
      assert.equal(text, s.evidence!.context);
    });

    it('a file outside every workspace folder gets a clear message, not an error', async () => {
      const holaryn = await api();
      const outside = path.join(path.dirname(folderUri().fsPath), `outside-${process.pid}.md`);
      fs.writeFileSync(outside, 'outside');
      try {
        await vscode.window.showTextDocument(vscode.Uri.file(outside));
        await until(
          'outside message',
          () => (holaryn.view.current.message?.includes('outside every workspace folder') ? true : undefined),
          {
            events: [holaryn.view.onDidUpdate],
          },
        );
        assert.equal(holaryn.view.current.evidence, undefined);
      } finally {
        fs.unlinkSync(outside);
      }
    });
  });
}
