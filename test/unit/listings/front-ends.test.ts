/**
 * Everywhere the listings go (evidence `listings`): the text report, the compare table, the
 * review summary, the tool's text answer, and the view (Skills · Agents · Commands under each
 * agent). The entries are written out here; each agent's discovery of them is proved by its
 * profile tests and the oracle.
 */
import { strict as assert } from 'node:assert';
import { type Evidence, type ListingEvidence, listingSummary, resolveInstructions, COMPARE_SCHEMA } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { renderReport } from '../../../src/cli/report';
import { renderComparison } from '../../../src/cli/compare';
import { renderMarkdown } from '../../../src/cli/markdown';
import { colors } from '../../../src/cli/io';
import { buildTree, type TreeNode } from '../../../src/vscode/model';
import { agentNode } from '../../../src/vscode/profiles/compare-model';
import { firstScreen, type ProfileShown } from '../../../src/vscode/profiles/view-model';

const fs = new MemoryFs({ '/w/.git/HEAD': 'ref: x\n', '/w/AGENTS.md': '# Rules\n\nUse pnpm.\n', '/w/src/app.ts': 'export {};\n' });

const SKILL: ListingEvidence = {
  kind: 'skill',
  name: 'deploy',
  source: '.claude/skills/deploy/SKILL.md',
  status: 'included',
  place: 'system-message',
  text: '- deploy: Ships the site.',
};
const CUT: ListingEvidence = {
  kind: 'agent',
  name: 'reviewer',
  source: '.claude/agents/reviewer.md',
  status: 'cut',
  reason: 'its description is longer than 1,536 characters',
  place: 'tool-description',
  text: '- reviewer: Reads…',
};
const HOME: ListingEvidence = {
  kind: 'command',
  name: 'mine',
  source: '~/.claude/commands/mine.md',
  status: 'shadowed',
  reason: 'the project command of the same name wins',
  place: 'system-message',
  text: '',
};

function evidence(profile: string, listings: ListingEvidence[]): Evidence {
  const ev = resolveInstructions('/w', ['src/app.ts'], {
    fs,
    profile,
    globalFile: null,
    env: {},
    homedir: '/nohome',
    trustStore: () => ({ decision: 'unknown' }),
  });
  return { ...ev, listings };
}

const plain = colors({ color: false } as never);

function labels(nodes: readonly TreeNode[]): string[] {
  return nodes.flatMap((n) => [n.label, ...labels(n.children ?? [])]);
}

describe('listings in every front end', () => {
  it('the text report lists each entry with its status, place and file, and its exact text with --context', () => {
    const ev = evidence('codex', [SKILL, CUT, HOME]);
    const report = renderReport(ev, plain, true);
    assert.match(report, /Listings {2}\(skills, subagents and commands/);
    assert.match(report, /skill +deploy +included +system-message +\.claude\/skills\/deploy\/SKILL\.md/);
    assert.match(report, /its description is longer than 1,536 characters/);
    assert.match(report, /Listing entries[^\n]*\n[^\n]*skill deploy, included, in the system message:\n- deploy: Ships the site\./);
    assert.match(report, /agent reviewer, cut, in the tool description:\n- reviewer: Reads…/);
    // Not sent: no text block for it.
    assert.doesNotMatch(report, /command mine, shadowed, in/);
    assert.doesNotMatch(renderReport(evidence('codex', []), plain, true), /Listings/);
  });

  it('compare has a row per listed file and a cell per profile', () => {
    const cmp = {
      schema: COMPARE_SCHEMA,
      targets: [],
      profiles: { a: evidence('codex', [SKILL]), b: evidence('gemini', [{ ...SKILL, status: 'untrusted', text: '' }, CUT]) },
    };
    cmp.targets = cmp.profiles.a.targets as never;
    const out = renderComparison(cmp as never, plain);
    const table = out.slice(out.indexOf('Listings'));
    assert.match(table, /skill deploy {2}\.claude\/skills\/deploy\/SKILL\.md +included +untrusted/);
    assert.match(table, /agent reviewer {2}\.claude\/agents\/reviewer\.md +— +cut/);
  });

  it('the review summary and the tool answer name each entry', () => {
    const ev = evidence('codex', [SKILL, HOME]);
    const md = renderMarkdown(ev);
    assert.match(md, /### Skills, subagents and commands the agent lists/);
    assert.match(md, /- skill `deploy` — included, from `\.claude\/skills\/deploy\/SKILL\.md`/);
    assert.match(md, /- command `mine` — shadowed \(the project command of the same name wins\), from `~\/\.claude\/commands\/mine\.md`/);
    assert.equal(
      listingSummary(ev),
      'Skills, subagents and commands the agent lists to its model:\n' +
        '- skill "deploy": included, in the system message, from .claude/skills/deploy/SKILL.md\n' +
        '- command "mine": shadowed, in the system message, from ~/.claude/commands/mine.md',
    );
    assert.equal(listingSummary(evidence('codex', [])), '');
  });

  it('the view shows Skills · Agents · Commands under the first agent and under each other agent, opening the file and the exact text', () => {
    const ev = evidence('codex', [SKILL, CUT, HOME]);
    const shown: ProfileShown = {
      name: 'codex',
      description: 'codex rules',
      origin: 'detected',
      setting: 'holaryn',
      agents: ['codex', 'gemini'],
      chosen: 'detected',
      because: {},
    };
    const rows = firstScreen(buildTree(ev), {
      shown,
      evidence: ev,
      answers: [{ name: 'gemini', description: 'g', evidence: evidence('gemini', [SKILL]) }],
      resolving: false,
    });
    const first = rows[0];
    const section = first.children!.find((n) => n.label === 'Skills · Agents · Commands')!;
    assert.equal(section.description, '2 of 3 sent');
    assert.deepEqual(
      section.children!.map((g) => `${g.label} ${g.description}`),
      ['Skills 1', 'Agents 1', 'Commands 1'],
    );
    const skill = section.children![0].children![0];
    assert.equal(skill.label, 'deploy');
    assert.equal(skill.description, 'included · system message · .claude/skills/deploy/SKILL.md');
    assert.deepEqual(skill.action, { kind: 'open-source', path: '.claude/skills/deploy/SKILL.md', global: false });
    assert.deepEqual(
      skill.children!.map((c) => c.action),
      [{ kind: 'open-listing', snapshot: ev.snapshot, index: 0 }],
    );
    assert.match(skill.tooltip!, /Sent in the system message:\n- deploy: Ships the site\./);
    const home = section.children![2].children![0];
    assert.deepEqual(home.action, { kind: 'open-source', path: '~/.claude/commands/mine.md', global: true });
    assert.deepEqual(labels(home.children ?? []), ['Why']);
    // Not a top-level row of its own: it is the first agent's.
    assert.equal(rows.filter((r) => r.id === 'listings').length, 0);
    const other = agentNode({ name: 'gemini', description: 'g', evidence: evidence('gemini', [SKILL]) }, { name: 'codex', evidence: ev });
    const theirs = other.children!.find((n) => n.label === 'Skills · Agents · Commands')!;
    assert.equal(theirs.id, 'agent:gemini:listings');
    assert.equal(theirs.expanded, false);
  });
});
