// Profiles in a real VS Code, on a copy of the demo workspace with a `.git` marker and a trust
// store of its own (HOLARYN_HOME set by scripts/test-integration.mjs): View as…, the Compare
// section and Narya's consent question (docs/vscode.md, "Profiles").
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { listProfiles } from '../../src/resolver';
import type { ViewState } from '../../src/vscode/instructions-view';
import type { RecordedAnswer } from '../../src/vscode/profiles/session';
import type { Verification } from '../../src/vscode/profiles/verify-model';
import type { ConsentAnswer, ConsentQuestion } from '../../src/vscode/profiles/trust-model';
import { api, folderUri, open, rows, until } from './helpers';
import { FIRST_AGENT_ID } from '../../src/vscode/profiles/view-model';

function agentsRow(holaryn: Awaited<ReturnType<typeof api>>) {
  return rows(holaryn).find((n) => n.id === 'agents');
}

/** Waits until the view shows `target` under `profile` (and `extra` holds). */
async function shows(profile: string, target: string, extra?: (s: ViewState) => boolean): Promise<ViewState> {
  const holaryn = await api();
  return until(
    `view showing ${target} as ${profile}`,
    () => {
      const s = holaryn.view.current;
      const ok = s.evidence?.profile === profile && s.evidence.targets.map((t) => t.path).join() === target && (!extra || extra(s));
      return ok ? s : undefined;
    },
    { events: [holaryn.view.onDidUpdate] },
  );
}

function cell(holaryn: Awaited<ReturnType<typeof api>>, profile: string, file: string): string | undefined {
  const compare = rows(holaryn).find((n) => n.id === 'compare');
  return compare?.children?.find((c) => c.id === `compare:${profile}`)?.children?.find((r) => r.label === file)?.description;
}

export function registerProfiles(): void {
  describe('Profiles in the view (demo workspace)', function () {
    const store = process.env.HOLARYN_HOME ? path.join(process.env.HOLARYN_HOME, 'trust.json') : undefined;

    before(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await open('src/app/main.ts');
    });

    afterEach(async () => {
      await vscode.commands.executeCommand('holaryn.viewAs', null);
    });

    it('answers for the first of holaryn.agents, and names the agents in the title description and the Agents row', async () => {
      const holaryn = await api();
      await shows('holaryn', 'src/app/main.ts');
      assert.match(holaryn.view.description ?? '', /^holaryn, codex, claude-code · src\/app\/main\.ts$/);
      const first = rows(holaryn)[0];
      assert.equal(first.id, FIRST_AGENT_ID);
      assert.equal(first.label, 'holaryn');
      assert.equal(agentsRow(holaryn)?.description, 'holaryn, codex, claude-code · holaryn.agents setting');
    });

    it('the other agents follow the first, one line each, closed; their row action views the file as that agent', async () => {
      const holaryn = await api();
      await shows('holaryn', 'src/app/main.ts', () => rows(holaryn).some((n) => n.id === 'agent:codex' && n.children !== undefined));
      const [, codex, claude] = rows(holaryn);
      assert.equal(codex.id, 'agent:codex');
      assert.equal(claude.id, 'agent:claude-code');
      assert.equal(codex.expanded, false);
      // Codex's heading names the workspace folder, so the size depends on where the copy sits: the
      // one-line answer must give the same size as codex's own answer once the view is switched.
      const oneLine = /^1 file · ([\d,]+) B · cuts nothing · differs from holaryn$/.exec(codex.description!);
      assert.ok(oneLine, codex.description);
      assert.match(claude.description!, /^\d+ files · [\d,]+ chars · cuts nothing · differs from holaryn$/);
      // Then the demo's skill Codex lists (.agents/skills/release-notes), before the files it keeps out.
      assert.deepEqual(
        codex.children!.map((c) => c.label),
        ['1. AGENTS.md', 'Skills · Agents · Commands', 'Not included'],
      );
      const skills = codex.children![1];
      assert.equal(skills.expanded, false);
      assert.deepEqual(
        skills.children!.flatMap((g) => g.children!.map((e) => `${g.label}: ${e.label} (${e.description})`)),
        ['Skills: release-notes (included · system message · .agents/skills/release-notes/SKILL.md)'],
      );
      await vscode.commands.executeCommand('holaryn.viewAsAgent', codex);
      const asCodex = await shows('codex', 'src/app/main.ts');
      assert.equal(oneLine[1], asCodex.evidence!.truncation.size.toLocaleString('en-US'));
      assert.equal(asCodex.evidence!.truncation.unit, 'utf8-bytes');
      assert.match(holaryn.view.description ?? '', /^codex, holaryn, claude-code · /);
    });

    it('View as… switches the view to another profile for this window, and back', async () => {
      const holaryn = await api();
      await vscode.commands.executeCommand('holaryn.viewAs', 'dsh');
      const s = await shows('dsh', 'src/app/main.ts');
      assert.match(holaryn.view.description ?? '', /^dsh, holaryn, codex, claude-code · src\/app\/main\.ts$/);
      assert.equal(
        agentsRow(holaryn)?.description,
        'dsh, holaryn, codex, claude-code · dsh by View as… for this window (setting: holaryn)',
      );
      assert.deepEqual(s.evidence!.sources.map((x) => `${x.path} ${x.status}`).slice(0, 2), ['AGENTS.md included', 'CLAUDE.md shadowed']);
      assert.match(rows(holaryn).find((n) => n.id === 'truncation')!.description!, / of 65,536 bytes/);
      await vscode.commands.executeCommand('holaryn.viewAs', null);
      await shows('holaryn', 'src/app/main.ts');
      assert.match(holaryn.view.description ?? '', /^holaryn, /);
    });

    it('the holaryn.profile setting, where set, chooses the profile answered for first', async () => {
      const holaryn = await api();
      const config = vscode.workspace.getConfiguration('holaryn', folderUri());
      await config.update('profile', 'holon', vscode.ConfigurationTarget.Workspace);
      try {
        await shows('holon', 'src/app/main.ts');
        assert.match(holaryn.view.description ?? '', /^holon, holaryn, codex, claude-code · /);
        assert.equal(agentsRow(holaryn)?.description, 'holon, holaryn, codex, claude-code · holon by holaryn.profile setting');
      } finally {
        await config.update('profile', undefined, vscode.ConfigurationTarget.Workspace);
      }
      await shows('holaryn', 'src/app/main.ts');
    });

    it('Verify with the Installed Agent runs the pinned Codex in its sandbox and opens a diff of what it sent beside the profile', async function () {
      this.timeout(180_000);
      const holaryn = await api();
      const given = JSON.parse(
        process.env.HOLARYN_TEST_AGENT_EXECUTABLES ?? '{"problem":"HOLARYN_TEST_AGENT_EXECUTABLES is not set"}',
      ) as Record<string, string>;
      assert.ok(given.codex, `no Codex executable for this test: ${given.problem}`);
      const config = vscode.workspace.getConfiguration('holaryn');
      await config.update('capture.executables', { codex: given.codex }, vscode.ConfigurationTarget.Global);
      try {
        await shows('holaryn', 'src/app/main.ts', () => rows(holaryn).some((n) => n.id === 'agent:codex' && n.children !== undefined));
        const codexRow = rows(holaryn).find((n) => n.id === 'agent:codex')!;
        assert.equal(codexRow.contextValue, 'holaryn-agent+verify', 'a Codex row offers it');
        assert.equal(rows(holaryn)[0].contextValue, 'holaryn-first-agent', 'the holaryn row does not: no agent runs it');
        const v = (await vscode.commands.executeCommand('holaryn.verifyWithAgent', codexRow)) as Verification | undefined;
        assert.ok(v, 'a verification');
        assert.equal(v.verdict, 'agrees', `${v.message}\n${v.differences.join('\n')}`);
        assert.match(
          v.message,
          /^codex 0\.169\.0 agrees with Holaryn's codex profile: the same 1 file in the same order, the same text\. Run again without the \d+ files? the profile names, it sent nothing else of the repository\.$/,
        );
        assert.deepEqual(
          v.report!.agentSent!.files.map((f) => path.relative(folderUri().fsPath, f)),
          ['AGENTS.md'],
        );
        assert.equal(holaryn.verifier.last, v);
        // The diff: what Codex sent on the left, the profile's answer on the right, both readable documents.
        const tab = await until('the capture diff open', () => {
          const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
          return input instanceof vscode.TabInputTextDiff && input.original.scheme === 'holaryn-capture' ? input : undefined;
        });
        const left = await vscode.workspace.openTextDocument(tab.original);
        const right = await vscode.workspace.openTextDocument(tab.modified);
        assert.equal(left.getText(), v.agentDocument);
        assert.equal(right.getText(), v.profileDocument);
        assert.match(
          left.getText(),
          /^What codex 0\.169\.0 sent the model\n\nFiles, in the order the model sees them:\n {2}1\. AGENTS\.md\n/,
        );
        // What Codex sent is, byte for byte, the context the view shows as codex (for the file, not the diff).
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
        await open('src/app/main.ts');
        await vscode.commands.executeCommand('holaryn.viewAs', 'codex');
        const asCodex = await shows('codex', 'src/app/main.ts');
        assert.deepEqual(
          v.report!.agentSent!.parts,
          asCodex.evidence!.contextParts!.map((p) => ({ place: p.place, text: p.text })),
        );
        // A missing executable is a clear message, not a crash.
        await config.update('capture.executables', { codex: '/nonexistent/codex' }, vscode.ConfigurationTarget.Global);
        const missing = (await vscode.commands.executeCommand('holaryn.verifyWithAgent', codexRow)) as Verification;
        assert.equal(missing.verdict, 'usage');
        assert.equal(missing.message, 'Cannot run codex: --agent-bin /nonexistent/codex: no such file');
      } finally {
        await config.update('capture.executables', undefined, vscode.ConfigurationTarget.Global);
        await vscode.commands.executeCommand('holaryn.viewAs', null);
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        await open('src/app/main.ts');
      }
    });

    it('Compare all shows one child per profile with each file’s status and the size in its unit, closed until asked', async () => {
      const holaryn = await api();
      await shows('holaryn', 'src/app/main.ts', () => rows(holaryn).some((n) => n.id === 'compare'));
      const compare = rows(holaryn).find((n) => n.id === 'compare')!;
      assert.equal(compare.label, 'Compare all');
      assert.equal(compare.expanded, false);
      assert.equal(rows(holaryn).at(-1), compare, 'the last row');
      await vscode.commands.executeCommand('holaryn.compareAll');
      const names = listProfiles().map((p) => p.name);
      assert.deepEqual(
        compare.children!.map((c) => c.id),
        names.map((n) => `compare:${n}`),
      );
      assert.equal(compare.children![0].label, 'holaryn (shown)');
      assert.equal(cell(holaryn, 'holaryn', 'AGENTS.md'), 'included');
      assert.equal(cell(holaryn, 'holaryn', 'src/app/AGENTS.md'), 'not applicable');
      assert.equal(cell(holaryn, 'dsh', 'CLAUDE.md'), 'shadowed   ≠ holaryn: included');
      assert.equal(cell(holaryn, 'dsh', 'src/app/AGENTS.md'), 'included   ≠ holaryn: not applicable');
      assert.equal(cell(holaryn, 'holon', 'src/AGENTS.md'), 'not loaded   ≠ holaryn: included');
      assert.equal(cell(holaryn, 'narya', 'docs/PROJECT_RULES.md'), 'untrusted   ≠ holaryn: —');
      // Copilot lists folders itself: through the view's unsaved-buffer overlay too.
      assert.match(cell(holaryn, 'copilot', '.github/copilot-instructions.md') ?? '', /^included/);
      const child = (n: string) => compare.children!.find((c) => c.id === `compare:${n}`)!;
      assert.match(child('dsh').description!, / of 65,536 B · differs from holaryn$/);
      assert.match(child('holaryn').description!, / of 24,000 chars · reference$/);
      assert.match(child('narya').icon!, /^shield/);
    });

    it('Narya asks once per repository, names what the answer governs, and writes the answer to the shared store', async function () {
      if (!store) this.skip(); // never write the machine's own trust store
      const holaryn = await api();
      const profiles = holaryn.view.profiles;
      const asked: ConsentQuestion[] = [];
      let next: ConsentAnswer | undefined = 'trust';
      const original = profiles.ask;
      profiles.ask = async (q) => {
        asked.push(q);
        return next;
      };
      try {
        const answered = new Promise<RecordedAnswer>((resolve) => {
          const d = profiles.onDidAnswer((a) => {
            d.dispose();
            resolve(a);
          });
        });
        await vscode.commands.executeCommand('holaryn.viewAs', 'narya');
        const first = await answered;
        assert.equal(asked.length, 1);
        const repository = fs.realpathSync(folderUri().fsPath);
        const q = asked[0];
        assert.equal(q.repository, repository);
        for (const needle of [
          `Instruction root: ${repository}`,
          'Instruction files: AGENTS.md, docs/PROJECT_RULES.md',
          'Resource folders: .claude/commands',
          'Project config: .narya/config.toml',
          store!,
        ]) {
          assert.ok(q.detail.includes(needle), `the question lacks ${needle}:\n${q.detail}`);
        }
        assert.deepEqual(
          q.buttons.map((b) => b.answer),
          ['trust', 'trust-parent', 'refuse'],
        );
        assert.deepEqual(first.recorded, { directory: repository, decision: 'trusted', store });
        const written = JSON.parse(fs.readFileSync(store!, 'utf8'));
        assert.equal(written.decisions[repository], 'trusted');
        // The view re-resolves with the answer: the files load, the trust row says trusted.
        const s = await shows('narya', 'src/app/main.ts', (x) => (x.evidence!.trust as { decision?: string })?.decision === 'trusted');
        assert.ok(s.evidence!.context.length > 0);
        assert.equal(rows(holaryn).find((n) => n.id === 'trust')?.description, 'trusted');

        // Forgotten in the store: unknown again, but this window does not ask a second time.
        fs.writeFileSync(store!, JSON.stringify({ version: 1, decisions: {} }));
        await vscode.commands.executeCommand('holaryn.refresh');
        await shows('narya', 'src/app/main.ts', (x) => (x.evidence!.trust as { decision?: string })?.decision === 'unknown');
        assert.equal(asked.length, 1, 'asked once per repository per window');
        assert.match(holaryn.view.current.evidence!.notice ?? '', /holaryn trust .* --set trusted/);

        // The Trust row asks again; Refuse is recorded.
        next = 'refuse';
        const trustRow = rows(holaryn).find((n) => n.id === 'trust')!;
        await vscode.commands.executeCommand('_holaryn.runNodeAction', trustRow);
        assert.equal(asked.length, 2);
        assert.equal(JSON.parse(fs.readFileSync(store!, 'utf8')).decisions[repository], 'refused');
        await shows('narya', 'src/app/main.ts', (x) => (x.evidence!.trust as { decision?: string })?.decision === 'refused');
      } finally {
        profiles.ask = original;
      }
    });
  });
}
