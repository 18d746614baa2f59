// Authoring instruction files in a real VS Code: live preview of unsaved text in the view,
// Problems from the lint engine with exact ranges, quick fixes, completion, hover, CodeLens.
// Runs after the single-root suite on the same demo copy: every file changed here is restored.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TreeNode } from '../../src/vscode/model';
import { api, folderUri, open, rows, until, untilDiagnostics, viewShows } from './helpers';

function uriOf(rel: string): vscode.Uri {
  return vscode.Uri.joinPath(folderUri(), ...rel.split('/'));
}

function diagnosticsOf(rel: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uriOf(rel)).filter((d) => d.source === 'holaryn');
}

function describeDiagnostic(d: vscode.Diagnostic): string {
  const r = d.range;
  const severity = ['error', 'warning', 'info', 'hint'][d.severity];
  return `${String(d.code)} ${severity} ${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1}`;
}

function find(nodes: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = find(n.children ?? [], id);
    if (inner) return inner;
  }
  return undefined;
}

async function quickFixes(uri: vscode.Uri, range: vscode.Range): Promise<vscode.CodeAction[]> {
  const actions =
    (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>('vscode.executeCodeActionProvider', uri, range)) ?? [];
  return actions.filter((a): a is vscode.CodeAction => 'edit' in a || 'kind' in a);
}

async function lensTitles(uri: vscode.Uri): Promise<string[]> {
  // The provider command needs the document loaded.
  await vscode.workspace.openTextDocument(uri);
  const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 10)) ?? [];
  return lenses.filter((l) => l.range.start.line === 0 && l.command).map((l) => l.command!.title);
}

/** Replaces a document's whole text and saves it (restores a file the editor has open). */
async function setTextAndSave(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await doc.save());
}

/** Registers the suite; called once mocha's globals exist. */
export function registerAuthoring(): void {
  describe('Authoring instruction files', function () {
    before(async () => {
      // These tests edit buffers and check what happens *before* saving. The web workbench saves
      // after a one-second delay by default (the desktop one never does), so on a loaded machine
      // where a step takes longer than that the buffer used to be saved mid-test: the host must
      // run with auto save off (scripts/vscode/host.mjs sets it), as a desktop VS Code does.
      assert.equal(
        vscode.workspace.getConfiguration('files').get('autoSave'),
        'off',
        'files.autoSave must be "off" in the test host: these tests are about unsaved text',
      );
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await api();
    });

    it('Problems shows the lint findings of every instruction file, open or not, with exact ranges', async () => {
      const expected: Record<string, string[]> = {
        'docs/AGENTS.md': ['malformed-frontmatter error 2:13-2:20', 'unquoted-star-glob warning 2:13-2:20'],
        'services/billing/app/api/CLAUDE.md': ['invalid-value error 2:11-2:15'],
        'src/AGENTS.md': ['unknown-key warning 5:1-5:6'],
      };
      for (const [rel, want] of Object.entries(expected)) {
        await untilDiagnostics(`diagnostics of ${rel}`, () => {
          const got = diagnosticsOf(rel).map(describeDiagnostic).sort();
          assert.deepEqual(got, want);
          return true;
        });
      }
      // Files without findings have none.
      assert.deepEqual(diagnosticsOf('AGENTS.md'), []);
      assert.deepEqual(diagnosticsOf('src/app/.holaryn/instructions.md'), []);
    });

    it('quick fixes repair the file: quote the glob, clamp the priority', async () => {
      for (const { rel, line, title, fixed } of [
        { rel: 'docs/AGENTS.md', line: 1, title: 'Quote the glob: "**/*.md"', fixed: 'applies_to: "**/*.md"' },
        { rel: 'services/billing/app/api/CLAUDE.md', line: 1, title: 'Clamp priority to 1000', fixed: 'priority: 1000' },
      ]) {
        const uri = uriOf(rel);
        const original = fs.readFileSync(uri.fsPath, 'utf8');
        const editor = await vscode.window.showTextDocument(uri, { preview: false });
        const doc = editor.document;
        try {
          const actions = await quickFixes(uri, new vscode.Range(line, 12, line, 12));
          const action = actions.find((a) => a.title === title);
          assert.ok(action, `no quick fix "${title}" among ${actions.map((a) => a.title).join(', ')}`);
          assert.equal(action.kind?.value, vscode.CodeActionKind.QuickFix.value);
          assert.ok(action.edit && (await vscode.workspace.applyEdit(action.edit)));
          assert.equal(doc.lineAt(line).text, fixed);
          // The buffer is linted as it is: its problems are gone before saving.
          await untilDiagnostics(`${rel} clean in the buffer`, () => (diagnosticsOf(rel).length === 0 ? true : undefined));
          assert.ok(await doc.save());
          assert.equal(fs.readFileSync(uri.fsPath, 'utf8').split('\n')[line], fixed);
          // The save relints the folder from the disk: still clean afterwards.
          await untilDiagnostics(`${rel} clean on disk`, () => (diagnosticsOf(rel).length === 0 ? true : undefined));
        } finally {
          await setTextAndSave(doc, original);
        }
        await untilDiagnostics(`${rel} problems back after the restore`, () => (diagnosticsOf(rel).length > 0 ? true : undefined));
      }
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('a new instruction file on disk gets problems without being opened; rename-the-key fixes a near miss', async () => {
      const dir = path.join(folderUri().fsPath, 'authoring-tmp');
      const rel = 'authoring-tmp/AGENTS.md';
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'AGENTS.md'), '---\napplies-to: "*.ts"\n---\nTypeScript rules.\n');
      fs.writeFileSync(path.join(dir, 'a.ts'), '');
      try {
        await untilDiagnostics('near-miss-key on the new file', () => {
          assert.deepEqual(diagnosticsOf(rel).map(describeDiagnostic).sort(), [
            'near-miss-key warning 2:1-2:11',
            'unknown-key warning 2:1-2:11',
          ]);
          return true;
        });
        const editor = await vscode.window.showTextDocument(uriOf(rel), { preview: false });
        const actions = await quickFixes(editor.document.uri, new vscode.Range(1, 3, 1, 3));
        const rename = actions.find((a) => a.title === 'Rename to applies_to');
        assert.ok(rename?.edit, `no rename among ${actions.map((a) => a.title).join(', ')}`);
        assert.ok(await vscode.workspace.applyEdit(rename.edit));
        assert.equal(editor.document.lineAt(1).text, 'applies_to: "*.ts"');
        await untilDiagnostics('no problem left in the buffer', () => (diagnosticsOf(rel).length === 0 ? true : undefined));
        await vscode.commands.executeCommand('workbench.action.files.revert');
        await untilDiagnostics('the problems are back after revert', () => (diagnosticsOf(rel).length === 2 ? true : undefined));
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
      await untilDiagnostics('problems of a deleted file are removed', () => (diagnosticsOf(rel).length === 0 ? true : undefined));
    });

    it('typing into an AGENTS.md buffer updates the panel before saving', async () => {
      const holaryn = await api();
      const rel = 'src/AGENTS.md';
      const uri = uriOf(rel);
      const onDisk = fs.readFileSync(uri.fsPath, 'utf8');
      await open('src/app/main.ts');
      const before = await viewShows(
        holaryn,
        ['src/app/main.ts'],
        (s) => s.evidence!.sources.find((x) => x.path === rel)?.status === 'included',
      );
      assert.ok(!before.unsaved);
      assert.doesNotMatch(find(rows(holaryn), 'snapshot')!.description!, /unsaved/);

      // An edit to the buffer only (the file is open but not shown): applies_to now matches no TypeScript.
      const doc = await vscode.workspace.openTextDocument(uri);
      assert.equal(doc.lineAt(1).text, 'applies_to: ["**/*.ts", "**/*.tsx"]');
      const edit = new vscode.WorkspaceEdit();
      edit.replace(uri, doc.lineAt(1).range, 'applies_to: ["**/*.py"]');
      assert.ok(await vscode.workspace.applyEdit(edit));
      try {
        const after = await viewShows(
          holaryn,
          ['src/app/main.ts'],
          (s) => s.evidence!.sources.find((x) => x.path === rel)?.status === 'not-applicable',
        );
        assert.equal(after.unsaved, true);
        assert.match(find(rows(holaryn), 'snapshot')!.description!, /from unsaved text/);
        assert.notEqual(after.evidence!.snapshot, before.evidence!.snapshot);
        assert.equal(fs.readFileSync(uri.fsPath, 'utf8'), onDisk, 'the file was saved');

        // The edited file itself in the editor: the preview counts its reach and what changes.
        const editor = await vscode.window.showTextDocument(doc, { preview: false });
        await viewShows(holaryn, [rel]);
        const updates = { events: [holaryn.view.onDidUpdate] };
        const lost = await until(
          'preview with files that lose it',
          () => {
            const preview = find(rows(holaryn), 'preview');
            const loses = find(rows(holaryn), 'preview:loses');
            if (!preview || !loses || preview.description?.includes('counting')) return undefined;
            assert.equal(preview.label, `Preview of ${rel}`);
            assert.match(preview.description!, /^applies to 0 of [\d,]+ files · from unsaved text$/);
            return loses.children!.map((c) => c.label);
          },
          updates,
        );
        assert.deepEqual(lost, [
          'src/app/main.ts',
          'src/app/router.ts',
          'src/app/views/Dashboard.tsx',
          'src/app/views/InvoiceList.tsx',
          'src/lib/money.ts',
        ]);

        // Typing in the active editor: the preview follows the keystrokes.
        const line = editor.document.lineAt(1).text;
        const start = line.indexOf('**/*.py');
        editor.selection = new vscode.Selection(1, start, 1, start + '**/*.py'.length);
        await vscode.commands.executeCommand('deleteLeft');
        for (const ch of 'app/views/**') await vscode.commands.executeCommand('type', { text: ch });
        assert.equal(editor.document.lineAt(1).text, 'applies_to: ["app/views/**"]');
        await until(
          'preview after typing',
          () => {
            const applies = find(rows(holaryn), 'preview:applies');
            const loses = find(rows(holaryn), 'preview:loses');
            if (!applies || !loses || find(rows(holaryn), 'preview')!.description!.includes('counting')) return undefined;
            const sample = applies.children!.map((c) => c.label);
            if (JSON.stringify(sample) !== JSON.stringify(['src/app/views/Dashboard.tsx', 'src/app/views/InvoiceList.tsx']))
              return undefined;
            assert.deepEqual(
              loses.children!.map((c) => c.label),
              ['src/app/main.ts', 'src/app/router.ts', 'src/lib/money.ts'],
            );
            return true;
          },
          updates,
        );
        // A sample row opens its file.
        const sampleRow = find(rows(holaryn), 'preview:applies')!.children![0];
        assert.deepEqual(sampleRow.action, { kind: 'open-file', path: 'src/app/views/Dashboard.tsx' });

        // The CodeLens counts the unsaved text too.
        await until(
          'CodeLens on the unsaved text',
          async () => {
            const titles = await lensTitles(uri);
            return titles.includes('applies to 2 files · priority 0 · mode append') ? true : undefined;
          },
          { events: [holaryn.authoring.reach.onDidChange] },
        );
      } finally {
        await vscode.window.showTextDocument(doc, { preview: false });
        await vscode.commands.executeCommand('workbench.action.files.revert');
      }
      assert.equal(doc.isDirty, false);
      assert.equal(doc.getText(), onDisk);
      await open('src/app/main.ts');
      const restored = await viewShows(
        holaryn,
        ['src/app/main.ts'],
        (s) => s.evidence!.sources.find((x) => x.path === rel)?.status === 'included' && !s.unsaved,
      );
      assert.equal(restored.evidence!.snapshot, before.evidence!.snapshot);
    });

    it('completion offers the frontmatter keys and values; hover documents them', async () => {
      const dir = path.join(folderUri().fsPath, 'authoring-help');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, 'AGENTS.md');
      fs.writeFileSync(file, '---\n\n---\nBody.\n');
      try {
        const editor = await vscode.window.showTextDocument(vscode.Uri.file(file), { preview: false });
        const uri = editor.document.uri;
        const keys = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          uri,
          new vscode.Position(1, 0),
        );
        const labels = keys.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
        for (const k of ['applies_to', 'excludes', 'priority', 'mode', 'required_validation'])
          assert.ok(labels.includes(k), `${k} not offered: ${labels.join(', ')}`);
        const mode = keys.items.find((i) => i.label === 'mode')!;
        const doc = mode.documentation as vscode.MarkdownString;
        assert.match(doc.value, /supersedes the \*\*earlier applicable sources in the same directory only\*\*/);
        assert.ok(!doc.isTrusted);

        // Values of mode.
        assert.ok(await editor.edit((b) => b.insert(new vscode.Position(1, 0), 'mode: ')));
        const values = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          uri,
          new vscode.Position(1, 6),
        );
        const valueLabels = values.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
        assert.ok(valueLabels.includes('append') && valueLabels.includes('replace'), valueLabels.join(', '));

        // Hover on the key, and on a priority out of range.
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(1, 2));
        const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
        assert.match(text, /\*\*mode\*\* — `append` or `replace`/);
        assert.ok(await editor.edit((b) => b.replace(editor.document.lineAt(1).range, 'priority: 5000')));
        const priorityHover = await vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          uri,
          new vscode.Position(1, 11),
        );
        const ptext = priorityHover.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
        assert.match(ptext, /Out of range: `priority` is -1000\.\.1000/);
        await vscode.commands.executeCommand('workbench.action.files.revert');
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('CodeLens on the first line: applies to N files · priority · mode, and superseded by', async () => {
      assert.deepEqual(
        await until('lens of src/app/.holaryn/instructions.md', async () => {
          const t = await lensTitles(uriOf('src/app/.holaryn/instructions.md'));
          return t.length > 0 ? t : undefined;
        }),
        ['applies to 2 files · priority 0 · mode append', 'superseded by src/app/AGENTS.md for 2 files'],
      );
      assert.deepEqual(await lensTitles(uriOf('services/billing/migrations/AGENTS.md')), [
        'applies to 5 files · priority 20 · mode replace',
      ]);
      assert.deepEqual(await lensTitles(uriOf('services/billing/migrations/CLAUDE.md')), [
        'applies to 0 files · priority 0 · mode replace',
        'superseded by services/billing/migrations/AGENTS.md for 5 files',
      ]);
    });

    it('the count follows files as they come and go: the file index is updated in place, not listed again', async () => {
      const holaryn = await api();
      const folder = vscode.workspace.getWorkspaceFolder(folderUri())!;
      const before = await holaryn.authoring.files.get(folder);
      const lens = uriOf('services/billing/migrations/AGENTS.md');
      const dir = path.join(folderUri().fsPath, 'services/billing/migrations');
      const countIs = (n: number) =>
        until(
          `the lens to count ${n} files`,
          async () => {
            const title = (await lensTitles(lens))[0];
            return title === `applies to ${n} files · priority 20 · mode replace` ? title : undefined;
          },
          { events: [holaryn.authoring.reach.onDidChange] },
        );
      await countIs(5);
      const file = path.join(dir, '0004_add_refunds.py');
      const nested = path.join(dir, 'data');
      try {
        fs.writeFileSync(file, '');
        await countIs(6);
        // A folder created with its contents (one event, or one per file).
        fs.mkdirSync(nested);
        fs.writeFileSync(path.join(nested, 'seed.py'), '');
        fs.writeFileSync(path.join(nested, 'fixtures.py'), '');
        await countIs(8);
        fs.renameSync(file, path.join(dir, '0004_add_refund_table.py'));
        fs.rmSync(nested, { recursive: true });
        await countIs(6);
        const after = await holaryn.authoring.files.get(folder);
        assert.equal(after.listing.origin, before.listing.origin, 'the same index, kept up to date');
        assert.ok(after.version > before.version);
        assert.ok(after.paths.includes('services/billing/migrations/0004_add_refund_table.py'));
        assert.ok(!after.paths.some((p) => p.startsWith('services/billing/migrations/data/')));
      } finally {
        fs.rmSync(path.join(dir, '0004_add_refund_table.py'), { force: true });
        fs.rmSync(file, { force: true });
        fs.rmSync(nested, { recursive: true, force: true });
      }
      await countIs(5);
    });
  });
}
