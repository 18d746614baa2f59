// The panel's tree model: evidence in, rows out, without VS Code.
import { strict as assert } from 'node:assert';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { resolveInstructions } from '../../../src/resolver';
import { TreeNode, buildTree } from '../../../src/vscode/model';

const fs = new MemoryFs({
  '/repo/AGENTS.md': '---\npriority: 10\nrequired_validation: npm test\n---\nUse pnpm.\n',
  '/repo/CLAUDE.md': 'Prefer small PRs.\n',
  '/repo/src/.holaryn/instructions.md': '---\napplies_to: ["*.ts"]\nexcludes: "generated/*"\nowner: web\n---\nUse full type hints.\n',
  '/repo/src/CLAUDE.md': '---\nmode: replace\n---\nsrc rules.\n',
  '/repo/src/AGENTS.md': '---\nmode: replace\n---\nAlso replace.\n',
  '/repo/src/app.ts': 'x',
  '/repo/evil/AGENTS.md': '[Click](command:workbench.action.terminal.new) <script>alert(1)</script>\n',
  '/repo/evil/x.ts': '',
});

function find(nodes: TreeNode[], id: string): TreeNode {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = n.children && findOrUndefined(n.children, id);
    if (inner) return inner;
  }
  throw new Error(`no node ${id}`);
}
function findOrUndefined(nodes: TreeNode[], id: string): TreeNode | undefined {
  try {
    return find(nodes, id);
  } catch {
    return undefined;
  }
}

describe('tree model', () => {
  const ev = resolveInstructions('/repo', ['src/app.ts'], { fs, globalFile: null });
  const tree = buildTree(ev);

  it('has the target, snapshot, sources, validation, truncation, conflicts, diagnostics and context rows in that order', () => {
    assert.deepEqual(
      tree.map((n) => n.id),
      ['target', 'snapshot', 'sources', 'validation', 'truncation', 'conflicts', 'diagnostics', 'context'],
    );
    assert.equal(find(tree, 'target').description, 'src/app.ts (file)');
    assert.ok(ev.snapshot.includes(find(tree, 'snapshot').description!));
  });

  it('lists every source in precedence order labelled with order and path, described by status, scope, depth, priority, mode', () => {
    const sources = find(tree, 'sources').children!;
    assert.deepEqual(
      sources.map((s) => s.label),
      ev.sources.map((s) => `${s.order}. ${s.path}`),
    );
    const agents = sources.find((s) => s.label.endsWith(' AGENTS.md'))!;
    assert.equal(agents.description, 'included · workspace · depth 0 · priority 10 · append');
    assert.deepEqual(agents.action, { kind: 'open-source', path: 'AGENTS.md', global: false });
  });

  it('shows a superseded source with who supersedes it, and the parsed frontmatter', () => {
    const holaryn = find(tree, 'sources').children!.find((s) => s.label.endsWith('src/.holaryn/instructions.md'))!;
    assert.match(holaryn.description!, /^superseded/);
    const superseded = holaryn.children!.find((c) => c.label === 'Superseded')!;
    assert.match(superseded.description!, /by src\/CLAUDE\.md for src\/app\.ts/);
    const fm = holaryn.children!.find((c) => c.label === 'Frontmatter')!;
    assert.deepEqual(
      fm.children!.map((c) => `${c.label}=${c.description}`),
      ['applies_to="*.ts"', 'excludes="generated/*"', 'priority=0', 'mode=append', 'required_validation=[]'],
    );
    const content = holaryn.children!.find((c) => c.label === 'Exact content')!;
    assert.equal(content.action?.kind, 'open-content');
  });

  it('shows validation with its source, the replace conflict with its winner, and diagnostics that jump to file:line', () => {
    assert.equal(find(tree, 'validation').children![0].label, 'npm test');
    assert.equal(find(tree, 'validation').children![0].description, 'from AGENTS.md');
    const conflict = find(tree, 'conflicts').children![0];
    assert.equal(conflict.description, 'src/CLAUDE.md wins');
    const unknown = find(tree, 'diagnostics').children!.find((d) => d.description?.startsWith('unknown-key'))!;
    assert.deepEqual(unknown.action, { kind: 'open-diagnostic', source: 'src/.holaryn/instructions.md', line: 4, column: 1 });
  });

  it('shows truncation with omitted and cut sources when the budget is small', () => {
    const small = buildTree(resolveInstructions('/repo', ['src/app.ts'], { fs, globalFile: null, budget: 560 }));
    const t = find(small, 'truncation');
    assert.match(t.description!, /of 560 characters · \d+ omitted, \d+ cut/);
    assert.ok(t.children!.length > 0);
  });

  it('keeps untrusted text inert: labels are plain text, nothing becomes a command', () => {
    const evil = buildTree(resolveInstructions('/repo', ['evil/x.ts'], { fs, globalFile: null }));
    const walk = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);
    for (const n of walk(evil)) {
      if (n.action) assert.ok(['open-source', 'open-content', 'open-context', 'open-diagnostic', 'open-target'].includes(n.action.kind));
    }
  });

  it('multi-target evidence lists the targets and each source once', () => {
    const multi = buildTree(resolveInstructions('/repo', ['src/app.ts', 'src'], { fs, globalFile: null }));
    assert.deepEqual(
      find(multi, 'targets').children!.map((c) => c.label),
      ['src', 'src/app.ts'],
    );
  });

  it('the Truncation row says what budget would include everything, when the evidence says and it is more', () => {
    const ev2 = resolveInstructions('/repo', ['src/app.ts'], { fs, globalFile: null, budget: 560 });
    const withNeeded = (needed: number) =>
      find(buildTree({ ...ev2, truncation: { ...ev2.truncation, needed } }), 'truncation').description!;
    assert.match(withNeeded(1234), / · needs 1,234 to include everything$/);
    // Not more than the budget: nothing to say.
    assert.doesNotMatch(withNeeded(560), /needs/);
  });

  it('a target reached under another name shows both: requested → resolved', () => {
    const one = resolveInstructions('/repo', ['src/app.ts'], { fs, globalFile: null });
    const linked = { ...one, targets: [{ ...one.targets[0], requested: 'app.ts' }] };
    const target = find(buildTree(linked), 'target');
    assert.equal(target.description, 'app.ts → src/app.ts (file)');
    assert.match(target.tooltip!, /^Asked for app\.ts, which resolves to src\/app\.ts \(file\)$/);
    // The same path twice is not a difference.
    assert.equal(
      find(buildTree({ ...one, targets: [{ ...one.targets[0], requested: 'src/app.ts' }] }), 'target').description,
      'src/app.ts (file)',
    );
    const multi = resolveInstructions('/repo', ['src/app.ts', 'src'], { fs, globalFile: null });
    const both = { ...multi, targets: multi.targets.map((t) => (t.path === 'src' ? { ...t, requested: 'lib' } : t)) };
    assert.deepEqual(
      find(buildTree(both), 'targets').children!.map((c) => c.label),
      ['lib → src', 'src/app.ts'],
    );
  });
});
