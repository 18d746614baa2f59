// docs/vscode.md, "The Repository instructions view": the first screen. For the open file, the
// files that reach the model under the first agent come first, in order; the other agents one
// line each, closed; the rest below; Compare all last and closed.
import { strict as assert } from 'node:assert';
import { Evidence, ResolveOptions, resolveInstructions } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { TreeNode, buildTree } from '../../../src/vscode/model';
import { ProfileAnswer, agentNode, agentOf, compareSection, pendingAgent, summaryText } from '../../../src/vscode/profiles/compare-model';
import { FIRST_AGENT_ID, ProfileShown, agentsRow, firstScreen, viewDescription } from '../../../src/vscode/profiles/view-model';

// The unseen workspace of the in-host test: a root CLAUDE.md and two packages with their own AGENTS.md.
const fs = new MemoryFs({
  '/w/.git/HEAD': 'ref: refs/heads/main\n',
  '/w/CLAUDE.md': '# Project rules\n\nUse pnpm.\n',
  '/w/packages/web/AGENTS.md': '# Web\n\nComponents live in src/components.\n',
  '/w/packages/api/AGENTS.md': '# API\n\nEvery handler validates its input.\n',
  '/w/packages/web/src/app.ts': 'export {};\n',
  '/w/packages/api/src/server.ts': 'export {};\n',
});
const base: ResolveOptions = { fs, globalFile: null, env: {}, homedir: '/nohome', trustStore: () => ({ decision: 'unknown' }) };

function evidence(profile: string, target: string): Evidence {
  return resolveInstructions('/w', [target], { ...base, profile });
}

function answer(name: string, target: string): ProfileAnswer {
  return { name, description: `${name} rules`, evidence: evidence(name, target) };
}

function shown(name: string, agents: string[], origin: ProfileShown['origin'] = 'detected'): ProfileShown {
  return { name, description: `${name} rules`, origin, setting: 'holaryn', agents, chosen: 'detected', because: { [name]: ['CLAUDE.md'] } };
}

/** Rows as a person reads them top-down: each open row's children follow it. */
function visible(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.label, ...(n.expanded ? visible(n.children ?? []) : [])]);
}

function screen(target: string, agents = ['holaryn', 'codex', 'claude-code'], answers?: ProfileAnswer[]): TreeNode[] {
  const ev = evidence(agents[0], target);
  return firstScreen(buildTree(ev), {
    shown: shown(agents[0], agents),
    evidence: ev,
    answers: answers ?? agents.map((a) => answer(a, target)),
    resolving: false,
  });
}

describe('docs/vscode.md "The Repository instructions view": the first screen', () => {
  it("the first rows are the first agent and its files that reach the model, in the model's order", () => {
    const rows = screen('packages/web/src/app.ts');
    const ev = evidence('holaryn', 'packages/web/src/app.ts');
    const reached = ev.sources.filter((s) => s.status === 'included').map((s) => `${s.order}. ${s.path}`);
    assert.deepEqual(reached, ['1. CLAUDE.md', '2. packages/web/AGENTS.md']);
    assert.deepEqual(visible(rows).slice(0, 3), ['holaryn', ...reached]);
    assert.equal(rows[0].id, FIRST_AGENT_ID);
    assert.match(rows[0].description!, /^2 files · [\d,]+ chars · cuts nothing$/);
    // Each file's row opens it and keeps its explanation one click away.
    const file = rows[0].children![1];
    assert.deepEqual(file.action, { kind: 'open-source', path: 'packages/web/AGENTS.md', global: false });
    assert.ok(file.children!.some((c) => c.label === 'Order'));
  });

  it('another file gives other rows', () => {
    const web = visible(screen('packages/web/src/app.ts'));
    const api = visible(screen('packages/api/src/server.ts'));
    assert.ok(api.includes('2. packages/api/AGENTS.md'));
    assert.ok(!api.includes('2. packages/web/AGENTS.md'));
    assert.notDeepEqual(web, api);
  });

  it('files considered but kept out follow, under "Not included", open', () => {
    const rows = screen('packages/web/src/app.ts', ['claude-code', 'codex']);
    const first = rows[0];
    assert.equal(first.label, 'claude-code');
    const labels = first.children!.map((c) => c.label);
    assert.deepEqual(labels, ['1. CLAUDE.md', 'Not included']);
    const out = first.children![1];
    assert.equal(out.expanded, true);
    assert.match(out.description!, /1 not loaded/);
    assert.deepEqual(
      out.children!.map((c) => c.label),
      ['2. packages/web/AGENTS.md'],
    );
  });

  it('the other chosen agents follow, closed, one line each: files, size in their unit, what is cut, and whether it differs from the first', () => {
    const rows = screen('packages/web/src/app.ts', ['holaryn', 'codex', 'claude-code']);
    const codex = rows.find((r) => r.id === 'agent:codex')!;
    const claude = rows.find((r) => r.id === 'agent:claude-code')!;
    assert.equal(codex.expanded, false);
    assert.equal(codex.label, 'codex');
    assert.equal(codex.description, '0 files · 0 B · cuts nothing · differs from holaryn');
    assert.match(claude.description!, /^1 file · [\d,]+ chars · cuts nothing · differs from holaryn$/);
    assert.equal(agentOf(codex), 'codex');
    assert.equal(codex.contextValue, 'holaryn-agent');
    // Open: the files that reach the model, then the others under "Not included".
    assert.deepEqual(
      claude.children!.map((c) => c.label),
      ['1. CLAUDE.md', 'Not included'],
    );
    assert.deepEqual(claude.children![0].action, { kind: 'open-file', path: 'CLAUDE.md' });
    const indexOf = (id: string) => rows.findIndex((r) => r.id === id);
    assert.ok(indexOf('agent:codex') === 1 && indexOf('agent:claude-code') === 2, 'right after the first agent');
  });

  it('then the target, validation, truncation, conflicts, diagnostics and the model context; then snapshot, Agents and Compare all', () => {
    const ev = evidence('holaryn', 'packages/web/src/app.ts');
    const compare = compareSection([answer('holaryn', 'packages/web/src/app.ts'), answer('codex', 'packages/web/src/app.ts')], {
      shown: 'holaryn',
      reference: 'holaryn',
    });
    const rows = firstScreen(buildTree(ev), { shown: shown('holaryn', ['holaryn', 'codex']), evidence: ev, resolving: false, compare });
    assert.deepEqual(
      rows.map((r) => r.id),
      [
        FIRST_AGENT_ID,
        'agent:codex',
        'target',
        'validation',
        'truncation',
        'conflicts',
        'diagnostics',
        'context',
        'snapshot',
        'agents',
        'compare',
      ],
    );
    assert.equal(rows.at(-1)!.expanded, false, 'Compare all is never open by default');
    assert.equal(rows.at(-1)!.label, 'Compare all');
  });

  it('every source row of the old Sources section is still there, under the first agent', () => {
    const ev = evidence('claude-code', 'packages/web/src/app.ts');
    const sources = buildTree(ev).find((r) => r.id === 'sources')!.children!;
    const rows = firstScreen(buildTree(ev), { shown: shown('claude-code', ['claude-code']), evidence: ev, resolving: false });
    const all = (nodes: readonly TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...all(n.children ?? [])]);
    for (const s of sources)
      assert.deepEqual(
        all(rows).find((r) => r.id === s.id),
        s,
        s.label,
      );
  });

  it('before the other answers are there: the last row kept and marked, or one line on its way', () => {
    const last = agentNode(answer('codex', 'packages/web/src/app.ts'), undefined);
    const kept = pendingAgent('codex', last, true);
    assert.equal(kept.id, last.id);
    assert.equal(kept.description, 'updating…');
    assert.deepEqual(kept.children, last.children);
    assert.equal(pendingAgent('codex', undefined, true).description, 'resolving…');
    assert.equal(pendingAgent('codex', undefined, false).description, 'not resolved');
    const ev = evidence('holaryn', 'packages/web/src/app.ts');
    const rows = firstScreen(buildTree(ev), { shown: shown('holaryn', ['holaryn', 'codex']), evidence: ev, resolving: true });
    assert.equal(rows[1].description, 'resolving…');
  });

  it('an agent that could not resolve says why', () => {
    const row = agentNode({ name: 'broken', description: 'x', error: 'trust-store: not valid JSON' }, undefined);
    assert.match(row.description!, /^could not resolve: trust-store/);
  });

  it('the one-line answer counts files that reach the model and says what the budget leaves out', () => {
    const big = new MemoryFs({ '/w/.git/HEAD': 'x', '/w/AGENTS.md': 'é'.repeat(1000), '/w/a/AGENTS.md': 'b', '/w/a/main.ts': '' });
    const ev = resolveInstructions('/w', ['a/main.ts'], { ...base, fs: big, profile: 'dsh', budget: 1000 });
    assert.match(summaryText(ev), /^\d+ files? · [\d,]+ B · (omits \d+, )?cuts 1$/);
  });
});

describe('docs/vscode.md "The agents you use": the title bar and the Agents row', () => {
  it('the title bar names the agents, the one answered for first first', () => {
    assert.equal(viewDescription(shown('claude-code', ['claude-code', 'codex']), 'src/main.ts'), 'claude-code, codex · src/main.ts');
    assert.equal(viewDescription(shown('holaryn', ['holaryn']), ''), 'holaryn');
  });

  it('the Agents row says where they come from and offers the picker', () => {
    const row = agentsRow(shown('claude-code', ['claude-code', 'codex']));
    assert.equal(row.description, 'claude-code, codex · detected in this workspace and on this machine');
    assert.deepEqual(row.action, { kind: 'pick-agents' });
    assert.equal(
      agentsRow({ ...shown('codex', ['codex', 'gemini']), origin: 'agents', chosen: 'agents' }).description,
      'codex, gemini · holaryn.agents setting',
    );
    assert.match(row.tooltip!, /claude-code: CLAUDE\.md/);
    assert.equal(
      agentsRow(shown('narya', ['narya', 'claude-code'], 'view-as')).description,
      'narya, claude-code · narya by View as… for this window (setting: holaryn)',
    );
    assert.match(
      agentsRow({ ...shown('codex', ['codex']), chosen: 'agents', origin: 'setting' }).description!,
      /codex by holaryn\.profile setting/,
    );
  });

  it("Compare all's differences are against the first agent", () => {
    const t = 'packages/web/src/app.ts';
    const s = compareSection([answer('holaryn', t), answer('claude-code', t)], { shown: 'claude-code', reference: 'claude-code' });
    assert.match(s.description!, /1 differ from claude-code$/);
    assert.match(s.children!.find((c) => c.id === 'compare:holaryn')!.description!, /differs from claude-code$/);
  });
});
