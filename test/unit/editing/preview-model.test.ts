// The "Preview of <file>" section of the tree model, and the snapshot row for unsaved text.
import { strict as assert } from 'node:assert';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { resolveInstructions } from '../../../src/resolver';
import type { Reach } from '../../../src/editing/reach';
import { PREVIEW_SAMPLE, PreviewSection, TreeNode, buildTree, previewNode } from '../../../src/vscode/model';

function reach(over: Partial<Reach> = {}): Reach {
  return {
    source: 'src/AGENTS.md',
    directory: 'src',
    total: 1210,
    inScope: 212,
    counted: 212,
    kind: 'source',
    duplicateOf: null,
    reason: null,
    metadata: { applies_to: ['**/*.ts'], excludes: [], priority: 0, mode: 'append', required_validation: [] },
    appliesTo: Array.from({ length: 34 }, (_, i) => `src/f${String(i).padStart(2, '0')}.ts`),
    superseded: [],
    supersededBy: [],
    ...over,
  };
}

function child(node: TreeNode, id: string): TreeNode {
  const c = node.children?.find((n) => n.id === id);
  assert.ok(c, `no ${id} under ${node.id}: ${node.children?.map((n) => n.id).join(', ')}`);
  return c;
}

describe('authoring: preview section of the tree model', () => {
  const fs = new MemoryFs({ '/repo/src/AGENTS.md': '---\napplies_to: "*.ts"\n---\nx\n', '/repo/src/a.ts': '' });
  const ev = resolveInstructions('/repo', ['src/AGENTS.md'], { fs, globalFile: null });

  it('sits after the snapshot row, which says the evidence comes from unsaved text', () => {
    const section: PreviewSection = { file: 'src/AGENTS.md', unsaved: true, reach: reach() };
    const tree = buildTree(ev, { unsaved: true, preview: section });
    assert.deepEqual(
      tree.map((n) => n.id),
      ['target', 'snapshot', 'preview', 'sources', 'validation', 'truncation', 'conflicts', 'diagnostics', 'context'],
    );
    assert.match(tree[1].description!, / · from unsaved text$/);
    assert.equal(tree[1].icon, 'edit');
    assert.equal(tree[2].label, 'Preview of src/AGENTS.md');
    assert.equal(tree[2].description, 'applies to 34 of 1,210 files · from unsaved text');
    // Without options: no preview, no unsaved marker.
    const plain = buildTree(ev);
    assert.ok(!plain.some((n) => n.id === 'preview'));
    assert.doesNotMatch(plain[1].description!, /unsaved/);
  });

  it('"Applies to" is a browsable sample: each row opens its file; past the sample, a count', () => {
    const many = reach({ appliesTo: Array.from({ length: PREVIEW_SAMPLE + 7 }, (_, i) => `src/f${i}.ts`) });
    const node = previewNode({ file: 'src/AGENTS.md', unsaved: false, reach: many });
    assert.equal(node.description, 'applies to 57 of 1,210 files');
    assert.equal(node.icon, 'eye');
    const applies = child(node, 'preview:applies');
    assert.equal(applies.description, '57 of 1,210 workspace files · 212 below src/');
    assert.equal(applies.children!.length, PREVIEW_SAMPLE + 1);
    assert.deepEqual(applies.children![0].action, { kind: 'open-file', path: 'src/f0.ts' });
    assert.equal(applies.children![PREVIEW_SAMPLE].label, '… and 7 more');
    assert.equal(applies.children![PREVIEW_SAMPLE].action, undefined);
  });

  it('shows where a replace supersedes it, grouped by winner', () => {
    const node = previewNode({
      file: 'src/app/.holaryn/instructions.md',
      unsaved: false,
      reach: reach({
        directory: 'src/app',
        superseded: [
          { file: 'src/app/views/A.tsx', by: 'src/app/AGENTS.md' },
          { file: 'src/app/views/B.tsx', by: 'src/app/AGENTS.md' },
        ],
        supersededBy: [{ path: 'src/app/AGENTS.md', files: 2 }],
      }),
    });
    const sup = child(node, 'preview:superseded');
    assert.equal(sup.description, 'for 2 files by a replace in src/app/');
    const winner = sup.children![0];
    assert.equal(winner.label, 'src/app/AGENTS.md');
    assert.equal(winner.description, 'for 2 files');
    assert.deepEqual(
      winner.children!.map((c) => c.label),
      ['src/app/views/A.tsx', 'src/app/views/B.tsx'],
    );
  });

  it('with unsaved text: which files gain or lose it compared with the saved version', () => {
    const node = previewNode({
      file: 'src/AGENTS.md',
      unsaved: true,
      reach: reach(),
      changes: { gained: ['src/new.ts'], lost: ['src/a.ts', 'src/b.ts'] },
    });
    assert.equal(node.icon, 'edit');
    const gains = child(node, 'preview:gains');
    const loses = child(node, 'preview:loses');
    assert.equal(gains.description, '1 file would get it');
    assert.equal(loses.description, '2 files would lose it');
    assert.deepEqual(
      loses.children!.map((c) => c.label),
      ['src/a.ts', 'src/b.ts'],
    );
    assert.equal(loses.expanded, true);
    const same = previewNode({ file: 'src/AGENTS.md', unsaved: true, reach: reach(), changes: { gained: [], lost: [] } });
    assert.equal(child(same, 'preview:unchanged').description, 'no file gains or loses it');
  });

  it('says when it is counting, counted only part, or the file is a duplicate or skipped', () => {
    assert.equal(previewNode({ file: 'AGENTS.md', unsaved: false, computing: true }).description, 'counting…');
    assert.match(previewNode({ file: 'AGENTS.md', unsaved: false, computing: true, reach: reach() }).description!, / · counting…$/);
    assert.equal(
      previewNode({ file: 'AGENTS.md', unsaved: false, message: 'not available for this file' }).description,
      'not available for this file',
    );
    const partial = previewNode({ file: 'AGENTS.md', unsaved: false, reach: reach({ directory: '', inScope: 90_000, counted: 50_000 }) });
    assert.equal(child(partial, 'preview:counted').description, 'the first 50,000 of 90,000 files below the workspace root');
    const dup = previewNode({ file: 'src/CLAUDE.md', unsaved: false, reach: reach({ kind: 'duplicate', duplicateOf: 'src/AGENTS.md' }) });
    assert.equal(dup.description, 'same file as src/AGENTS.md');
    assert.equal(child(dup, 'preview:duplicate').description, 'src/AGENTS.md');
    const skipped = previewNode({
      file: 'bad/AGENTS.md',
      unsaved: false,
      reach: reach({ kind: 'skipped', reason: 'file contains NUL bytes' }),
    });
    assert.equal(child(skipped, 'preview:skipped').description, 'file contains NUL bytes');
  });

  it('file names stay plain labels (tooltips are plain strings, no command but open-file)', () => {
    const evil = 'src/[x](command:workbench.action.terminal.new).ts';
    const node = previewNode({
      file: 'src/AGENTS.md',
      unsaved: true,
      reach: reach({ appliesTo: [evil] }),
      changes: { gained: [evil], lost: [] },
    });
    const walk = (n: TreeNode): TreeNode[] => [n, ...(n.children ?? []).flatMap(walk)];
    for (const n of walk(node)) {
      assert.ok(n.tooltip === undefined || typeof n.tooltip === 'string');
      assert.ok(!n.action || n.action.kind === 'open-file');
    }
  });
});
