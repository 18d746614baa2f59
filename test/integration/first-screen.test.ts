// docs/vscode.md, "The Repository instructions view": the first screen, as a new user sees it in
// a real VS Code, read from the page (scripts/vscode/run-tests.mjs answers `pageRows` from the
// DOM). The workspace is one the project has never seen, written here into the empty folder the
// runner opens: a root CLAUDE.md and two packages with their own AGENTS.md.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HolarynApi } from '../../src/extension';
import type { ViewState } from '../../src/vscode/instructions-view';
import { FIRST_AGENT_ID } from '../../src/vscode/profiles/view-model';
import { PageView, api, folderUri, open, pageRows, rows, until, useAgents, viewShows } from './helpers';

const UNSEEN: Record<string, string> = {
  'CLAUDE.md': '# Project rules\n\nUse pnpm. Run the tests before every commit.\n',
  'packages/web/AGENTS.md': '# Web\n\nComponents live in src/components; one component per file.\n',
  'packages/web/src/app.ts': 'export const app = 1;\n',
  'packages/api/AGENTS.md': '# API\n\nEvery handler validates its input.\n',
  'packages/api/src/server.ts': 'export const server = 1;\n',
};

/** The labels the first agent's rows give the files that reach the model, in the model's order. */
function reaching(s: ViewState): string[] {
  return s.evidence!.sources.filter((x) => x.status === 'included' || x.status === 'truncated').map((x) => `${x.order}. ${x.path}`);
}

/** Waits until the page shows `check`'s state of the view (the DOM follows the extension host a little later). */
function onScreen(what: string, holaryn: HolarynApi, check: (p: PageView) => boolean): Promise<PageView> {
  let last: PageView | undefined;
  return until(
    what,
    async () => {
      last = await pageRows();
      if (check(last)) return last;
      throw new Error(`the page shows ${JSON.stringify(last)}`);
    },
    { events: [holaryn.view.onDidUpdate] },
  );
}

const labels = (p: PageView) => p.rows.map((r) => r.label);

export function registerFirstScreen(): void {
  describe('The first screen on an unseen workspace (docs/vscode.md)', function () {
    before(async () => {
      const root = folderUri().fsPath;
      for (const [rel, text] of Object.entries(UNSEEN)) {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), text);
      }
      execFileSync('git', ['init', '-q'], { cwd: root });
      // The Explorer with its Files view open, as a person has it.
      await vscode.commands.executeCommand('workbench.view.explorer');
      await vscode.commands.executeCommand('workbench.explorer.fileView.focus');
    });

    it('detects the agents from the workspace: claude-code first (the root CLAUDE.md), then codex (the packages)', async () => {
      const holaryn = await api();
      const s = await until(
        'the detected agents',
        () => {
          const p = holaryn.view.current.profile;
          return p && p.agents.includes('codex') ? p : undefined;
        },
        { events: [holaryn.view.onDidUpdate] },
      );
      assert.equal(s.name, 'claude-code');
      assert.equal(s.origin, 'detected');
      assert.ok(s.agents.indexOf('codex') > 0);
      assert.deepEqual(holaryn.view.profiles.agents(folderUri()).because['claude-code']?.[0], 'CLAUDE.md');
    });

    it('the view opens by itself beside the open Files view, in a 1400×900 window', async () => {
      const holaryn = await api();
      const p = await onScreen('the view open beside the Files view', holaryn, (x) => x.found && x.expanded && x.filesExpanded);
      assert.deepEqual(p.window, { width: 1400, height: 900 });
    });

    it("after opening a file, the view's visible rows name its included instruction files in order; switching editors changes them", async () => {
      const holaryn = await api();
      const seen: Record<string, PageView> = {};
      for (const [file, own, other] of [
        ['packages/web/src/app.ts', 'packages/web/AGENTS.md', 'packages/api/AGENTS.md'],
        ['packages/api/src/server.ts', 'packages/api/AGENTS.md', 'packages/web/AGENTS.md'],
      ]) {
        await open(file);
        const s = await viewShows(holaryn, [file], (x) => x.profile?.name === 'claude-code' && x.compare !== undefined);
        const expected = reaching(s);
        assert.equal(expected[0], '1. CLAUDE.md', 'the root CLAUDE.md reaches the model first');
        const p = await onScreen(`the rows of ${file} on screen`, holaryn, (x) => {
          const l = labels(x);
          return l[0] === 'claude-code' && expected.every((e, i) => l[i + 1] === e) && l.some((r) => r.endsWith(own));
        });
        // The first rows: the agent, then its files in the model's order; the package's own
        // AGENTS.md is on screen too (under "Not included" when the agent does not read it),
        // the other package's is not; the other agent is one line.
        assert.deepEqual(labels(p).slice(0, expected.length + 1), ['claude-code', ...expected]);
        assert.ok(!labels(p).some((r) => r.endsWith(other)), `${other} is not shown for ${file}`);
        assert.ok(labels(p).includes('codex'), `codex's line is on the first screen: ${labels(p).join(' | ')}`);
        assert.match(p.rows[0].description, /^\d+ files? · [\d,]+ chars · cuts nothing$/);
        seen[file] = p;
      }
      assert.notDeepEqual(labels(seen['packages/web/src/app.ts']), labels(seen['packages/api/src/server.ts']));
    });

    it('holaryn.agents chooses the agents and their order; cleared, the detected ones come back', async () => {
      const holaryn = await api();
      await open('packages/web/src/app.ts');
      try {
        await useAgents(['codex', 'claude-code']);
        await viewShows(holaryn, ['packages/web/src/app.ts'], (s) => s.profile?.name === 'codex');
        assert.equal(rows(holaryn)[0].id, FIRST_AGENT_ID);
        assert.equal(rows(holaryn)[0].label, 'codex');
        assert.match(holaryn.view.description ?? '', /^codex, claude-code · packages\/web\/src\/app\.ts$/);
        await onScreen('codex first on screen', holaryn, (x) => labels(x)[0] === 'codex' && labels(x).includes('claude-code'));
      } finally {
        await useAgents(undefined);
      }
      await viewShows(holaryn, ['packages/web/src/app.ts'], (s) => s.profile?.name === 'claude-code');
    });
  });
}
