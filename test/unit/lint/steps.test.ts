// The workspace lint in steps: an editor drives the same work as `holaryn check` with a pause
// between steps, so a listing of hundreds of thousands of paths is never one long block. The
// stepped and the whole-at-once forms give the same result, to the last field.
import { strict as assert } from 'node:assert';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import {
  LintWorkspaceOptions,
  WorkspaceListing,
  compareFindings,
  lintAgents,
  lintWorkspace,
  lintWorkspaceAsync,
  runToEnd,
} from '../../../src/lint';

const para = (n: number, word: string) => `${word} `.repeat(Math.ceil(n / (word.length + 1))).slice(0, n);

/** Files of a synthetic monorepo listing, in code-unit order as an editor's index has them. */
function largeListing(count: number): string[] {
  const files: string[] = [];
  for (let i = 0; i < count; i++) files.push(`packages/p${i % 40}/src/d${i % 300}/f${i}.ts`);
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A memory tree with instruction files at several depths (some globbed, one over the budget, two alike), and `files`. */
function monorepo(files: readonly string[]): { fs: MemoryFs; paths: string[] } {
  const tree: Record<string, string> = {
    '/w/AGENTS.md': `# Root\n${para(16_000, 'build')}\n`,
    '/w/CLAUDE.md': '@AGENTS.md\n',
    '/w/packages/p1/AGENTS.md': `# P1\n${para(10_000, 'pkg')}\n`,
    '/w/packages/p2/AGENTS.md': '---\napplies_to: "src/**/*.ts"\n---\nTypes first.\n',
    '/w/packages/p3/.holaryn/instructions.md': '---\napplies_to: "**/*.rs"\nprioity: 1\n---\nNo Rust here.\n',
    '/w/packages/p4/AGENTS.md': '---\napplies_to: "src/**/*.ts"\n---\nTypes first, then tests.\n',
    '/w/packages/p4/CLAUDE.md': '---\napplies_to: "src/**/*.ts"\n---\nTypes first, then tests.\n',
  };
  for (const f of files) tree[`/w/${f}`] = '';
  const paths = Object.keys(tree)
    .map((p) => p.slice(3))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { fs: new MemoryFs(tree), paths };
}

describe('lint: the workspace lint in steps', () => {
  const { fs, paths } = monorepo(largeListing(40_000));
  const options = (extra: Partial<LintWorkspaceOptions> = {}): LintWorkspaceOptions => ({
    fs,
    // As an editor's index may name them: some with a leading "./" or a trailing "/".
    listFiles: () => paths.map((p, i) => (i % 1000 === 0 ? `./${p}` : i % 1000 === 1 ? `${p}/` : p)),
    listingComplete: true,
    ...extra,
  });

  it('pauses many times over a large listing, even with no budget check, and gives what lintWorkspace gives', async () => {
    let pauses = 0;
    const stepped = await lintWorkspaceAsync('/w', {
      ...options({ budgetCheck: false }),
      pause: async () => {
        pauses++;
      },
    });
    const whole = lintWorkspace('/w', options({ budgetCheck: false }));
    assert.deepStrictEqual(stepped, whole);
    // 40,000 paths are read from the listing, and then listed for globs: a step every few thousand
    // each, besides one per instruction file.
    assert.ok(pauses >= 2 * Math.floor(40_000 / 4096) + whole.files.length, `${pauses} pauses`);
    assert.deepEqual(whole.files, [
      'AGENTS.md',
      'CLAUDE.md',
      'packages/p1/AGENTS.md',
      'packages/p2/AGENTS.md',
      'packages/p3/.holaryn/instructions.md',
      'packages/p4/AGENTS.md',
      'packages/p4/CLAUDE.md',
    ]);
    assert.equal(whole.budget, undefined);
  });

  it('with the budget check and agent pitfalls: the same findings, stepped or at once', async () => {
    const agents = { agents: ['codex', 'claude-code', 'kimi'] as const, env: { HOME: '/home' }, homedir: '/home' };
    let pauses = 0;
    const stepped = await lintWorkspaceAsync('/w', {
      ...options({ agents }),
      pause: async () => {
        pauses++;
      },
    });
    const whole = lintWorkspace('/w', options({ agents }));
    assert.deepStrictEqual(stepped, whole);
    const codes = new Set(whole.findings.map((f) => f.code));
    for (const code of ['budget-exceeded', 'near-duplicate', 'near-miss-key', 'glob-matches-nothing', 'agent-claude-agents-md'])
      assert.ok(codes.has(code as never), `${code} in ${[...codes].join(', ')}`);
    assert.equal(whole.budget?.complete, true);
    // The agents' answers for several working directories, and their scans of the listing, are steps of their own.
    let plainPauses = 0;
    await lintWorkspaceAsync('/w', {
      ...options(),
      pause: async () => {
        plainPauses++;
      },
    });
    assert.ok(pauses > plainPauses + 2 * Math.floor(40_000 / 4096), `${pauses} pauses with agents, ${plainPauses} without`);
    // The pitfalls alone, as `lintAgents` finds them, are those of the whole lint.
    const pitfalls = lintAgents(whole.root, { ...agents, files: paths, fs });
    assert.deepStrictEqual(
      whole.findings.filter((f) => f.code.startsWith('agent-')),
      [...pitfalls].sort(compareFindings),
    );
  });

  it('stops at the next step once cancelled, with no result', async () => {
    let pauses = 0;
    const cancelled = await lintWorkspaceAsync('/w', {
      ...options(),
      pause: async () => {
        pauses++;
      },
      isCancelled: () => pauses >= 3,
    });
    assert.equal(cancelled, undefined);
    assert.equal(pauses, 3);
  });

  it('a listing is built in steps, with the entries the constructor derives', () => {
    const files = largeListing(20_000);
    let steps = 0;
    const builder = WorkspaceListing.build(files, true);
    let built: WorkspaceListing | undefined;
    for (;;) {
      const step = builder.next();
      if (step.done) {
        built = step.value;
        break;
      }
      steps++;
    }
    assert.ok(steps >= Math.floor(20_000 / 4096), `${steps} steps`);
    assert.deepStrictEqual(built, new WorkspaceListing(files, true));
    // Unsorted input too (a walk's order).
    const shuffled = [...files].reverse();
    assert.deepStrictEqual(runToEnd(WorkspaceListing.build(shuffled, false)), new WorkspaceListing(shuffled, false));
  });
});
