// The view's Compare section (docs/profiles.md §6): one child per profile, cells per file.
import { strict as assert } from 'node:assert';
import { Evidence, ResolveOptions, resolveInstructions } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import type { TreeNode } from '../../../src/vscode/model';
import { NOT_CONSIDERED, compareCell, compareRows } from '../../../src/resolver/compare';
import {
  PENDING_COMPARE_ID,
  ProfileAnswer,
  answersDiffer,
  compareSection,
  pendingCompare,
  sizeText,
  statusCounts,
} from '../../../src/vscode/profiles/compare-model';

const fs = new MemoryFs({
  '/w/.git/HEAD': 'ref: refs/heads/main\n',
  '/w/AGENTS.md': 'Root agents rules.\n',
  '/w/CLAUDE.md': 'Root claude rules.\n',
  '/w/docs/PROJECT_RULES.md': 'Project rules.\n',
  '/w/src/AGENTS.md': 'Source rules.\n',
  '/w/src/main.ts': 'export {};\n',
});

const base: ResolveOptions = { fs, globalFile: null, env: {}, homedir: '/nohome', trustStore: () => ({ decision: 'unknown' }) };

function answer(name: string, extra: ResolveOptions = {}): ProfileAnswer {
  const evidence = resolveInstructions('/w', ['src/main.ts'], { ...base, profile: name, ...extra });
  return { name, description: `${name} rules`, evidence };
}

function child(section: TreeNode, name: string): TreeNode {
  const n = section.children!.find((c) => c.id === `compare:${name}`);
  assert.ok(n, `no child for ${name}`);
  return n;
}

function cells(profile: TreeNode): Record<string, string> {
  return Object.fromEntries(profile.children!.filter((c) => !c.id.endsWith(':notice')).map((c) => [c.label, c.description!]));
}

describe('Compare section model', () => {
  const answers = ['holaryn', 'dsh', 'holon', 'narya'].map((n) => answer(n));
  const section = compareSection(answers, { shown: 'holaryn' });

  it('has one child per profile, in the given order, the shown one marked', () => {
    assert.equal(section.id, 'compare');
    assert.deepEqual(
      section.children!.map((c) => c.label),
      ['holaryn (shown)', 'dsh', 'holon', 'narya'],
    );
    assert.match(section.description!, /^4 profiles for src\/main\.ts · 3 differ from holaryn$/);
  });

  it('gives each profile the same rows, in the order of the first profile that has each file', () => {
    const rows = compareRows(answers.map((a) => a.evidence));
    assert.deepEqual(rows.slice(0, 3), ['AGENTS.md', 'CLAUDE.md', 'src/AGENTS.md']);
    assert.ok(rows.includes('docs/PROJECT_RULES.md'));
    for (const c of section.children!) {
      assert.deepEqual(
        c.children!.filter((r) => !r.id.endsWith(':notice')).map((r) => r.label),
        rows,
        c.label,
      );
    }
  });

  it("shows each file's status under each profile, and marks cells that differ from holaryn's", () => {
    assert.deepEqual(cells(child(section, 'holaryn')), {
      'AGENTS.md': 'included',
      'CLAUDE.md': 'included',
      'src/AGENTS.md': 'included',
      'docs/PROJECT_RULES.md': NOT_CONSIDERED,
    });
    const dsh = cells(child(section, 'dsh'));
    assert.equal(dsh['AGENTS.md'], 'included');
    assert.equal(dsh['CLAUDE.md'], 'shadowed   ≠ holaryn: included');
    assert.equal(dsh['src/AGENTS.md'], 'included');
    const holon = cells(child(section, 'holon'));
    assert.equal(holon['src/AGENTS.md'], 'not loaded   ≠ holaryn: included');
    const narya = cells(child(section, 'narya'));
    assert.equal(narya['AGENTS.md'], 'untrusted   ≠ holaryn: included');
    assert.equal(narya['docs/PROJECT_RULES.md'], 'untrusted   ≠ holaryn: —');
    assert.equal(narya['CLAUDE.md'], 'shadowed   ≠ holaryn: included');
  });

  it("says each profile's context size in its own unit, and its status counts", () => {
    assert.match(child(section, 'holaryn').description!, /^3 included · [\d,]+ of 24,000 chars · reference$/);
    assert.match(child(section, 'dsh').description!, /^2 included · 1 shadowed · [\d,]+ of 65,536 B · differs from holaryn$/);
    assert.match(child(section, 'holon').description!, /no budget · differs from holaryn$/);
    assert.match(
      child(section, 'narya').description!,
      /^2 untrusted · 1 shadowed · 1 not loaded · 0 of 24,000 chars · differs from holaryn$/,
    );
  });

  it('marks differences with icons: reference, same, differs, untrusted', () => {
    assert.equal(child(section, 'holaryn').icon, 'star-full');
    assert.match(child(section, 'dsh').icon!, /^diff\|/);
    assert.match(child(section, 'narya').icon!, /^shield\|/);
    const same = compareSection([answer('holaryn'), { ...answer('holaryn'), name: 'again' }], { shown: 'again' });
    assert.match(child(same, 'again').icon!, /^pass\|/);
    assert.match(child(same, 'again').description!, /same as holaryn$/);
    assert.equal(child(same, 'again').label, 'again (shown)');
  });

  it("puts a profile's notice (why nothing loads) first under it", () => {
    const first = child(section, 'narya').children![0];
    assert.equal(first.label, 'Notice');
    assert.match(first.description!, /holaryn trust .* --set trusted/);
  });

  it('says first under a profile which release of its agent is installed, when one is on PATH', () => {
    const codex = answer('codex');
    codex.evidence!.installedAgent = { executable: '/usr/bin/codex', version: '0.170.0', verified: '0.169.0', differs: true };
    const row = compareSection([answer('holaryn'), codex], { shown: 'holaryn' }).children!.find((c) => c.label.startsWith('codex'))!;
    assert.equal(row.children![0].label, 'Installed agent');
    assert.equal(row.children![0].description, '/usr/bin/codex: the profile was verified against 0.169.0; this machine has 0.170.0');
    assert.match(row.tooltip!, /installed: .*this machine has 0\.170\.0/);
  });

  it('a cut file reads "cut KEPT/TOTAL" in the profile\'s unit', () => {
    const big = new MemoryFs({ '/w/.git/HEAD': 'x', '/w/AGENTS.md': 'é'.repeat(1000), '/w/main.ts': '' });
    const ev = resolveInstructions('/w', ['main.ts'], { ...base, fs: big, profile: 'dsh', budget: 1000 });
    const s = ev.sources.find((x) => x.status === 'truncated');
    assert.ok(s, 'the tiny budget cuts a file');
    const k = ev.truncation.cut.find((c) => c.path === s.path)!;
    assert.equal(compareCell(ev, s), `cut ${k.included}/${k.chars} B`);
    assert.match(sizeText(ev), / of 1,000 B$/);
    assert.match(statusCounts(ev), /1 cut/);
  });

  it('a profile that failed shows why, without hiding the others', () => {
    const failed: ProfileAnswer = { name: 'broken', description: 'x', error: 'trust-store: trust store /h/trust.json is not valid JSON' };
    const s = compareSection([answer('holaryn'), failed], { shown: 'holaryn' });
    assert.match(child(s, 'broken').description!, /^could not resolve: trust-store/);
    assert.match(child(s, 'broken').icon!, /^error/);
    assert.equal(child(s, 'holaryn').children!.length, 3);
  });

  it('settings the editor could not use are listed under the profile', () => {
    const s = compareSection([{ ...answer('dsh'), problems: ['holaryn.dsh.candidates must be a list'] }], { shown: 'dsh' });
    assert.equal(child(s, 'dsh').children![0].label, 'Setting ignored');
  });

  it('answers differ when the files reaching the model, their order or their cuts differ', () => {
    const h: Evidence = answers[0].evidence!;
    assert.equal(answersDiffer(h, h), false);
    assert.equal(answersDiffer(h, answers[1].evidence!), true);
  });

  it('rows of the repository open the file; user-level files do not', () => {
    const row = child(section, 'holaryn').children!.find((r) => r.label === 'AGENTS.md')!;
    assert.deepEqual(row.action, { kind: 'open-file', path: 'AGENTS.md' });
  });

  it('while the next section resolves: the last one kept and marked, under an id of its own; before any, one line', () => {
    const first = pendingCompare(undefined);
    assert.equal(first.id, PENDING_COMPARE_ID);
    assert.equal(first.label, 'Compare all');
    assert.equal(first.children, undefined);
    const last = section;
    const pending = pendingCompare(last);
    assert.equal(pending.id, PENDING_COMPARE_ID);
    assert.notEqual(pending.id, last.id, 'a test or command looking for the finished section never finds this one');
    assert.equal(pending.label, 'Compare all');
    assert.deepEqual(pending.children, last.children, 'the rows below do not move');
    assert.ok(pending.description!.startsWith('updating…'));
    assert.ok(pending.description!.includes(last.description!));
  });
});
