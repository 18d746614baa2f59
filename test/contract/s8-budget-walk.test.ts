/**
 * Contract §8 (v1.1): the budget walk fills the budget. The first source that does not fit whole
 * is cut to the room left when at least 200 code points of it fit (or when it is the
 * highest-precedence source), so a large root file keeps its head; omissions say how much room
 * was left; `truncation.needed` and the `budget-truncated` messages name the budget that would
 * include everything; headings stay bounded however many targets a source is in effect for.
 */
import { strict as assert } from 'node:assert';
import { Tree, cps, diags, resolve, source } from '../helpers/tree';

/** A monorepo file: a 20,000-character root AGENTS.md under two nested ones. */
const MONOREPO: Tree = {
  'AGENTS.md': 'R'.repeat(20000),
  'pkg/AGENTS.md': 'P'.repeat(3000),
  'pkg/lib/AGENTS.md': 'L'.repeat(3000),
};

describe('contract §8 v1.1 the budget walk', () => {
  it('§8 the first source that does not fit whole is cut to the room left when at least 200 code points of it fit', () => {
    const ev = resolve(MONOREPO, ['pkg/lib/x.ts']).ev;
    assert.deepEqual(
      ['AGENTS.md', 'pkg/AGENTS.md', 'pkg/lib/AGENTS.md'].map((p) => source(ev, p).status),
      ['truncated', 'included', 'included'],
    );
    const root = source(ev, 'AGENTS.md');
    assert.ok(root.includedChars >= 200 && root.includedChars < 20000, String(root.includedChars));
    assert.ok(ev.context.includes('R'.repeat(root.includedChars)), 'the root file keeps its head');
    assert.ok(cps(ev.context) <= 24000);
    // The budget is filled: not even one more code point of the cut source would fit.
    assert.ok(24000 - cps(ev.context) < 10, `${24000 - cps(ev.context)} code points unused`);
  });

  it('§8 when fewer than 200 code points of it would fit, the first source that does not fit is omitted whole', () => {
    const ev = resolve({ 'AGENTS.md': 'R'.repeat(5000), 'pkg/AGENTS.md': 'P'.repeat(23300) }, ['pkg/x.ts']).ev;
    assert.equal(source(ev, 'pkg/AGENTS.md').status, 'included');
    assert.equal(source(ev, 'AGENTS.md').status, 'omitted');
    assert.ok(!ev.context.includes('RRRR'));
  });

  it('§8 the highest-precedence source is cut even when fewer than 200 code points of it fit', () => {
    const ev = resolve({ 'AGENTS.md': 'R'.repeat(5000) }, ['x.ts'], { budget: 760 }).ev;
    const root = source(ev, 'AGENTS.md');
    assert.equal(root.status, 'truncated');
    assert.ok(root.includedChars > 0 && root.includedChars < 200, String(root.includedChars));
  });

  it('§8 at most one source is cut; a later source that does not fit whole is omitted, one that fits whole is included', () => {
    const tree: Tree = {
      'AGENTS.md': 'R'.repeat(10),
      'CLAUDE.md': 'C'.repeat(9000),
      'pkg/AGENTS.md': 'P'.repeat(9000),
      'pkg/x/AGENTS.md': 'X'.repeat(9000),
    };
    const ev = resolve(tree, ['pkg/x/y.ts'], { budget: 15000 }).ev;
    assert.deepEqual(
      ['AGENTS.md', 'CLAUDE.md', 'pkg/AGENTS.md', 'pkg/x/AGENTS.md'].map((p) => source(ev, p).status),
      ['included', 'omitted', 'truncated', 'included'],
    );
    assert.equal(ev.truncation.cut.length, 1);
    // With room left after an omission, a small lower source still fits whole.
    const small = resolve(
      { 'AGENTS.md': 'R'.repeat(10), 'pkg/AGENTS.md': 'P'.repeat(10000), 'pkg/x/AGENTS.md': 'X'.repeat(14200) },
      ['pkg/x/y.ts'],
      {
        budget: 15000,
      },
    ).ev;
    assert.deepEqual(
      ['AGENTS.md', 'pkg/AGENTS.md', 'pkg/x/AGENTS.md'].map((p) => source(small, p).status),
      ['included', 'omitted', 'included'],
    );
  });

  it('§8 an omitted source says how much room was left: "did not fit in the N characters left"', () => {
    const ev = resolve({ 'AGENTS.md': 'R'.repeat(5000), 'pkg/AGENTS.md': 'P'.repeat(23300) }, ['pkg/x.ts']).ev;
    const root = source(ev, 'AGENTS.md');
    const m = /^omitted by the budget: its 5000 characters did not fit in the (\d+) characters left$/.exec(root.reason ?? '');
    assert.ok(m, root.reason ?? '');
    const left = Number(m[1]);
    assert.ok(left < 200, `${left} characters left`);
    assert.ok(left <= 24000 - cps(ev.context) + 100, 'the room is what the rest left, not the whole budget');
    const [d] = diags(ev, 'budget-truncated', 'AGENTS.md');
    assert.match(d.message, new RegExp(`did not fit in the ${left} characters left of the 24000-character budget`));
  });

  it('§8 budget-truncated names the budget that would include everything (truncation.needed)', () => {
    const ev = resolve(MONOREPO, ['pkg/lib/x.ts']).ev;
    const [d] = diags(ev, 'budget-truncated', 'AGENTS.md');
    assert.match(d.message, new RegExp(`a budget of ${ev.truncation.needed} characters would include everything`));
  });

  it('§8 a heading names at most 5 targets, then a count: headings never grow with the target set', () => {
    const targets = Array.from({ length: 601 }, (_, i) => `src/f${String(i).padStart(3, '0')}.ts`).concat(['docs/a.md']);
    const ev = resolve({ 'AGENTS.md': 'root\n', 'src/AGENTS.md': 'S'.repeat(2200) }, targets).ev;
    assert.equal(source(ev, 'src/AGENTS.md').status, 'included');
    const heading = ev.context.split('\n').find((l) => l.includes('"src/AGENTS.md"'))!;
    assert.equal(
      heading,
      '[holaryn:source] "src/AGENTS.md" (applies to "src/f000.ts", "src/f001.ts", "src/f002.ts", "src/f003.ts", "src/f004.ts" and 596 more)',
    );
    assert.equal(source(ev, 'src/AGENTS.md').appliesTo.length, 601, 'the evidence still lists every target');
  });
});
