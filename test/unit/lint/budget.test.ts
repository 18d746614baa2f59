// budget-exceeded (docs/contract.md §11): resolving every file under the root one at a time, a
// source the budget cuts or leaves out for some files gets a finding on its line 1.
import { strict as assert } from 'node:assert';
import { DEFAULT_BUDGET } from '../../../src/resolver/limits';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { resolveInstructions } from '../../../src/resolver';
import { Finding, checkBudgetAsync, lintWorkspace } from '../../../src/lint';

const para = (n: number, word: string) => `${word} `.repeat(Math.ceil(n / (word.length + 1))).slice(0, n);

function monorepo(extra: Record<string, string> = {}): { fs: MemoryFs; files: string[] } {
  const tree: Record<string, string> = {
    '/w/AGENTS.md': `# Root\n${para(16_000, 'build')}\n`,
    '/w/pkg/AGENTS.md': `# Pkg\n${para(10_000, 'pkg')}\n`,
    '/w/pkg/a.ts': '',
    '/w/pkg/b.ts': '',
    '/w/pkg/c.md': '',
    '/w/top.ts': '',
    ...extra,
  };
  return { fs: new MemoryFs(tree), files: Object.keys(tree).map((p) => p.slice(3)) };
}

const budgetFindings = (findings: Finding[]) => findings.filter((f) => f.code === 'budget-exceeded');

describe('lint: budget-exceeded', () => {
  it('the root file the nested one crowds out: how many files, an example, and the budget that includes everything', () => {
    const { fs, files } = monorepo();
    const r = lintWorkspace('/w', { fs, listFiles: () => files });
    const found = budgetFindings(r.findings);
    assert.deepEqual(
      found.map((f) => `${f.file}:${f.line}:${f.column}-${f.endLine}:${f.endColumn} ${f.severity}`),
      ['AGENTS.md:1:1-1:7 warning'],
    );
    const m = found[0].message;
    // pkg/AGENTS.md, pkg/a.ts, pkg/b.ts, pkg/c.md of the 6 files the root file is in effect for.
    assert.match(m, /(cut|left out) for 4 of the 6 files/);
    assert.match(m, /e\.g\. pkg\//);
    assert.match(m, new RegExp(`budget of ${DEFAULT_BUDGET.toLocaleString('en-US')}`));
    const full = resolveInstructions('/w', ['pkg/a.ts'], { fs, globalFile: null, budget: 1_000_000 }).truncation.chars;
    assert.ok(m.includes(`a budget of ${full.toLocaleString('en-US')} characters would include everything`), m);
    assert.equal(r.budget?.complete, true);
    assert.equal(r.budget?.checked, 6);
  });

  it('files whose chain of sources holds no glob are resolved once per chain, not once per file', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 300; i++) many[`/w/pkg/f${i}.ts`] = '';
    for (let i = 0; i < 300; i++) many[`/w/pkg/sub${i % 7}/g${i}.ts`] = '';
    const { fs, files } = monorepo(many);
    const r = lintWorkspace('/w', { fs, listFiles: () => files });
    assert.match(budgetFindings(r.findings)[0].message, /for 604 of the 606 files/);
    // Chains: [AGENTS.md] and [AGENTS.md, pkg/AGENTS.md].
    assert.equal(r.budget?.resolutions, 2);
  });

  it('with globs on the chain, files are told apart by what is in effect for them', () => {
    const { fs, files } = monorepo({ '/w/pkg/AGENTS.md': `---\napplies_to: "**/*.ts"\n---\n${para(10_000, 'pkg')}\n` });
    const r = lintWorkspace('/w', { fs, listFiles: () => files });
    // Only pkg/a.ts and pkg/b.ts get both files.
    assert.match(budgetFindings(r.findings)[0].message, /(cut|left out) for 2 of the 6 files it is in effect for \(e\.g\. pkg\/a\.ts\)/);
  });

  it('no finding when every file gets everything, or when the check is turned off', () => {
    const small = monorepo({ '/w/AGENTS.md': 'Use pnpm.\n' });
    assert.deepEqual(budgetFindings(lintWorkspace('/w', { fs: small.fs, listFiles: () => small.files }).findings), []);
    const big = monorepo();
    const off = lintWorkspace('/w', { fs: big.fs, listFiles: () => big.files, budgetCheck: false });
    assert.deepEqual(budgetFindings(off.findings), []);
    assert.equal(off.budget, undefined);
  });

  it('bounded: past maxFiles or maxWork the finding says how many files were checked', () => {
    const { fs, files } = monorepo();
    const r = lintWorkspace('/w', { fs, listFiles: () => files, budgetLimits: { maxFiles: 3 } });
    assert.equal(r.budget?.complete, false);
    const found = budgetFindings(r.findings);
    assert.equal(found.length, 1);
    assert.match(found[0].message, /only 3 files were checked/);
    // The root's chain costs 2 (one source, one resolution); the next one would pass 3.
    const w = lintWorkspace('/w', { fs, listFiles: () => files, budgetLimits: { maxWork: 3 } });
    assert.deepEqual([w.budget?.complete, w.budget?.resolutions, w.budget?.checked], [false, 1, 2]);
  });

  it('a deep chain (hundreds of nested instruction files) is keyed per directory, not per path list, and bounded', () => {
    const tree: Record<string, string> = {};
    let dir = '/w/';
    for (let i = 0; i < 300; i++) {
      tree[`${dir}AGENTS.md`] = `rules ${i} ${'x'.repeat(200)}\n`;
      tree[`${dir}a.ts`] = '';
      dir += 'c/';
    }
    const fs = new MemoryFs(tree);
    const files = Object.keys(tree).map((p) => p.slice(3));
    const r = lintWorkspace('/w', { fs, listFiles: () => files, budgetLimits: { maxWork: 5_000 } });
    assert.equal(r.budget?.complete, false);
    assert.ok((r.budget?.resolutions ?? 0) < 300);
    assert.ok(budgetFindings(r.findings).length > 0);
  });

  it('the async form (for the editor) gives the same findings and can be cancelled', async () => {
    const { fs, files } = monorepo();
    const sync = lintWorkspace('/w', { fs, listFiles: () => files });
    const sources = [
      { path: 'AGENTS.md', dir: '', globbed: false, firstLineEnd: 6 },
      { path: 'pkg/AGENTS.md', dir: 'pkg', globbed: false, firstLineEnd: 5 },
    ];
    const files_ = files.filter((f) => f.endsWith('.ts') || f.endsWith('.md'));
    const async = await checkBudgetAsync({ root: '/w', files: files_, sources }, { fs, pause: async () => {} });
    assert.deepEqual(async?.findings, budgetFindings(sync.findings));
    const cancelled = await checkBudgetAsync(
      { root: '/w', files: files_, sources },
      { fs, pause: async () => {}, isCancelled: () => true },
    );
    assert.equal(cancelled, undefined);
  });

  it('a large listing is grouped in steps, and the same findings come whether it arrives sorted or not', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 10_000; i++) many[`/w/pkg/d${i % 50}/f${i}.ts`] = '';
    const { fs, files } = monorepo(many);
    const sources = [
      { path: 'AGENTS.md', dir: '', globbed: false, firstLineEnd: 6 },
      { path: 'pkg/AGENTS.md', dir: 'pkg', globbed: false, firstLineEnd: 5 },
    ];
    const sorted = [...new Set(files)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const shuffled = [...sorted].reverse().concat(sorted.slice(0, 10)); // out of order, with repeats
    let pauses = 0;
    const fromSorted = await checkBudgetAsync(
      { root: '/w', files: sorted, sources },
      {
        fs,
        pause: async () => {
          pauses++;
        },
      },
    );
    const fromShuffled = await checkBudgetAsync({ root: '/w', files: shuffled, sources }, { fs, pause: async () => {} });
    assert.ok(fromSorted && fromShuffled);
    assert.ok(fromSorted.findings.length > 0);
    assert.deepEqual(fromShuffled.findings, fromSorted.findings);
    assert.equal(fromSorted.checked, sorted.length);
    assert.equal(fromShuffled.checked, sorted.length);
    // One pause per resolution, and at least two more while 10,000 files are grouped.
    assert.ok(pauses >= fromSorted.resolutions + 2, `${pauses} pauses for ${fromSorted.resolutions} resolutions`);
  });
});
