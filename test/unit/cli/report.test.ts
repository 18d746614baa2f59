/**
 * The text report (docs/contract.md §9: "a readable report of the same facts"): lists that grow
 * with the target set are summarised, never printed whole; `--json` keeps them.
 */
import { strict as assert } from 'node:assert';
import { renderReport } from '../../../src/cli/report';
import type { Colors } from '../../../src/cli/io';
import type { Evidence } from '../../../src/resolver';
import { resolve } from '../../helpers/tree';

const plain: Colors = { bold: (s) => s, dim: (s) => s, red: (s) => s, yellow: (s) => s, green: (s) => s, cyan: (s) => s };

const TREE = {
  'AGENTS.md': '---\nrequired_validation: npm test\n---\nroot rules\n',
  'src/AGENTS.md': 'src rules\n',
  'docs/CLAUDE.md': '---\napplies_to: "**/*.md"\n---\ndocs rules\n',
};

function lineOf(report: string, start: string): string {
  const line = report.split('\n').find((l) => l.startsWith(start));
  assert.ok(line !== undefined, `no line starting with ${JSON.stringify(start)} in\n${report}`);
  return line;
}

describe('text report', () => {
  it('names every target when there are few, with its kind', () => {
    const { ev } = resolve({ ...TREE, 'src/a.ts': '' }, ['src/a.ts', 'src', 'docs/new.md']);
    const report = renderReport(ev, plain, false);
    assert.equal(lineOf(report, 'targets'), 'targets   docs/new.md (missing), src (directory), src/a.ts (file)');
    assert.match(report, /src\/AGENTS\.md +included .* src, src\/a\.ts$/m);
  });

  it('summarises many targets: counts by kind, the first few, and where the rest are', () => {
    const files: Record<string, string> = { ...TREE };
    for (let i = 0; i < 34; i++) files[`src/f${String(i).padStart(2, '0')}.ts`] = '';
    for (let i = 0; i < 6; i++) files[`docs/d${i}.md`] = '';
    const targets = [...Object.keys(files).filter((f) => /\/[fd]\d+\./.test(f)), 'src', 'docs', 'gone/x.md', 'gone/y.md'];
    const { ev } = resolve(files, targets);
    const report = renderReport(ev, plain, false);
    assert.equal(
      lineOf(report, 'targets'),
      'targets   44 (40 files, 2 directories, 2 missing): docs (directory), docs/d0.md (file), docs/d1.md (file), docs/d2.md (file), docs/d3.md (file) and 39 more; all of them in --json',
    );
    assert.ok(!report.includes('src/f33.ts'), 'a target past the first few is not listed');
    // Per source: a count, not the names.
    assert.match(report, /^\d+ +src\/AGENTS\.md +included .* 35 targets$/m);
    assert.match(report, /^\d+ +docs\/CLAUDE\.md +included .* 6 targets$/m);
    // The root file applies to every target.
    assert.match(report, /^\d+ +AGENTS\.md +included .* all$/m);
  });

  it('stays small for a whole repository: it grows with the sources, not the targets', () => {
    const files: Record<string, string> = { ...TREE };
    const targets: string[] = [];
    for (let i = 0; i < 5000; i++) targets.push(`src/deep/path/number/${i}/file-with-a-long-name-${i}.ts`);
    const { ev } = resolve(files, targets);
    const report = renderReport(ev, plain, false);
    assert.ok(report.length < 4000, `report is ${report.length} characters`);
    assert.match(report, /5,000 \(5,000 missing\)/);
  });

  it("bounds a source's reason and a superseded list that name many targets", () => {
    const files: Record<string, string> = {
      'AGENTS.md': '---\napplies_to: "nothing/**"\n---\nroot\n',
      'src/AGENTS.md': 'src\n',
      'src/CLAUDE.md': '---\nmode: replace\n---\nwins\n',
    };
    const targets = Array.from({ length: 300 }, (_, i) => `src/file-${i}.ts`);
    const { ev } = resolve(files, targets);
    const report = renderReport(ev, plain, false);
    const reason = report.split('\n').find((l) => l.includes('applies_to'));
    assert.ok(reason !== undefined && reason.length < 600, reason);
    assert.match(reason, /more characters\)$/);
    for (const line of report.split('\n')) assert.ok(line.length < 600, `a line of ${line.length} characters: ${line.slice(0, 200)}`);
    assert.match(report, /^\d+ +src\/AGENTS\.md +superseded .* -$/m);
  });

  it('shows the budget that would include everything when the context was truncated', () => {
    const { ev } = resolve({ 'AGENTS.md': 'x'.repeat(3000) + '\n', 'src/AGENTS.md': 'y'.repeat(3000) + '\n' }, ['src/a.ts'], {
      budget: 2000,
    });
    assert.equal(ev.truncation.truncated, true);
    const withNeeded = { ...ev, truncation: { ...ev.truncation, needed: 6789 } } as Evidence;
    assert.match(renderReport(withNeeded, plain, false), /model context: [\d,]+ of 2,000 characters; needs 6,789 to include everything/);
    // Evidence without the field still renders.
    const { needed: _needed, ...truncation } = ev.truncation;
    const without = { ...ev, truncation } as unknown as Evidence;
    assert.match(renderReport(without, plain, false), /model context: [\d,]+ of 2,000 characters\n/);
  });

  it('shows the path a target was asked as, when it differs (a symbolic link)', () => {
    const { ev } = resolve(TREE, ['src/a.ts', 'docs/b.md']);
    const asked = { ...ev, targets: ev.targets.map((t) => (t.path === 'src/a.ts' ? { ...t, requested: 'link/a.ts' } : t)) } as Evidence;
    assert.equal(
      lineOf(renderReport(asked, plain, false), 'targets'),
      'targets   docs/b.md (missing), src/a.ts (missing, asked as link/a.ts)',
    );
  });

  it('escapes control characters in names', () => {
    const { ev } = resolve(TREE, ['src/\u001b[31mred.ts']);
    const report = renderReport(ev, plain, false);
    // eslint-disable-next-line no-control-regex -- the escape character is what this looks for
    assert.ok(!/\u001b/.test(report));
    assert.ok(report.includes('src/\\u001b[31mred.ts'));
  });
});
