/**
 * The comparison table (docs/profiles.md §6) in-process: row order, unit-aware cut cells, and a
 * table that stays aligned with many profiles.
 */
import { strict as assert } from 'node:assert';
import { renderComparison } from '../../../src/cli/compare';
import { Comparison, compareCell, compareRows } from '../../../src/resolver/compare';
import type { Evidence } from '../../../src/resolver';
import { resolve } from '../../helpers/tree';

const PLAIN = { bold: String, dim: String, red: String, yellow: String, green: String, cyan: String };

function evidenceWith(paths: string[]): Evidence {
  const tree = Object.fromEntries(paths.map((p) => [p, `${p}\n`]));
  return resolve({ ...tree, 'x/y/z.ts': '' }, ['x/y/z.ts']).ev;
}

describe('holaryn compare: the table', () => {
  it('rows: the first profile’s files in its precedence order, then files first met in later columns', () => {
    const a = evidenceWith(['x/AGENTS.md', 'AGENTS.md']);
    const b = evidenceWith(['x/y/CLAUDE.md', 'AGENTS.md', 'CLAUDE.md']);
    assert.deepEqual(compareRows([a, b]), ['AGENTS.md', 'x/AGENTS.md', 'CLAUDE.md', 'x/y/CLAUDE.md']);
    assert.deepEqual(compareRows([b, a]), ['AGENTS.md', 'CLAUDE.md', 'x/y/CLAUDE.md', 'x/AGENTS.md']);
  });

  it('cells: statuses in words, — when not considered, cuts in the profile’s unit', () => {
    const ev = resolve({ 'AGENTS.md': 'x'.repeat(3000) + '\n', 'a.ts': '' }, ['a.ts'], { budget: 1000 }).ev;
    const cut = ev.sources[0];
    assert.equal(cut.status, 'truncated');
    const k = ev.truncation.cut[0];
    assert.equal(compareCell(ev, cut), `cut ${k.included}/${k.chars} chars`);
    const bytes: Evidence = {
      ...ev,
      truncation: { ...ev.truncation, unit: 'utf8-bytes', cut: [{ path: 'AGENTS.md', chars: 90000, included: 64000 }] },
    };
    assert.equal(compareCell(bytes, cut), 'cut 64000/90000 B');
    assert.equal(compareCell(ev, undefined), '—');
    assert.equal(compareCell(ev, { ...cut, status: 'not-loaded' }), 'not loaded');
    assert.equal(compareCell(ev, { ...cut, status: 'not-applicable' }), 'not applicable');
  });

  it('stays aligned with many profiles: every column starts at the same place on every row', () => {
    const names = Array.from({ length: 9 }, (_, i) => `profile-${'x'.repeat(i)}`);
    const profiles: Record<string, Evidence> = {};
    names.forEach((n, i) => {
      profiles[n] = evidenceWith(i % 2 === 0 ? ['AGENTS.md', 'x/AGENTS.md'] : ['CLAUDE.md', 'x/y/CLAUDE.md']);
    });
    const cmp: Comparison = { schema: 'holaryn.compare/v1', targets: profiles[names[0]].targets, profiles };
    const text = renderComparison(cmp, PLAIN);
    const lines = text.split('\n');
    const header = lines.findIndex((l) => l.startsWith('file '));
    const table = lines.slice(header, lines.indexOf('', header));
    assert.equal(table.length, 5);
    const starts = names.map((n) => table[0].indexOf(n));
    for (const row of table.slice(1)) {
      for (const s of starts) assert.notEqual(row[s - 1], undefined, row);
      // Each cell begins right where its column's header begins.
      for (const s of starts) assert.match(row.slice(s), /^(included|—)/, `${row}\n${table[0]}`);
    }
    for (const n of names) assert.ok(text.includes(`  ${n}`), `a size line for ${n}`);
  });

  it('long paths are shortened in the middle; control characters are escaped', () => {
    const long = `${'d'.repeat(80)}/AGENTS.md`;
    const ev = resolve({ [long]: 'x\n', [`${'d'.repeat(80)}/a.ts`]: '' }, [`${'d'.repeat(80)}/a.ts`]).ev;
    const text = renderComparison({ schema: 'holaryn.compare/v1', targets: ev.targets, profiles: { holaryn: ev } }, PLAIN);
    const row = text.split('\n').find((l) => l.includes('AGENTS.md') && l.includes('included'))!;
    assert.ok(row.includes('…') && row.includes('/AGENTS.md'), row);
    assert.ok(row.split('  ')[0].length <= 60, row);
  });
});
