/** The worked example of docs/examples.md: every row of its table and every listed field. */
import { strict as assert } from 'node:assert';
import { EXAMPLE_TREE } from '../helpers/example';
import { cps, resolve } from '../helpers/tree';

describe('docs/examples.md: the worked example', () => {
  it('`holaryn instructions repo src/generated/api.ts src/app.ts --json --no-global` gives the documented evidence', () => {
    const { ev } = resolve(EXAMPLE_TREE, ['src/generated/api.ts', 'src/app.ts']);
    const both = ['src/app.ts', 'src/generated/api.ts'];

    // targets: sorted, whatever order they were given in.
    assert.deepEqual(ev.targets, [
      { path: 'src/app.ts', kind: 'file' },
      { path: 'src/generated/api.ts', kind: 'file' },
    ]);

    // The table: order, path, status, appliesTo, supersededFor (+ supersededBy).
    const rows = ev.sources.map((s) => ({
      order: s.order,
      path: s.path,
      status: s.status,
      appliesTo: s.appliesTo,
      supersededFor: s.supersededFor,
      supersededBy: s.supersededBy,
    }));
    assert.deepEqual(rows, [
      // depth 0, priority 0
      { order: 1, path: 'CLAUDE.md', status: 'included', appliesTo: both, supersededFor: [], supersededBy: null },
      // depth 0, priority 10 sorts after 0
      { order: 2, path: 'AGENTS.md', status: 'included', appliesTo: both, supersededFor: [], supersededBy: null },
      // applies to app.ts only; there src/CLAUDE.md replaces it
      {
        order: 3,
        path: 'src/.holaryn/instructions.md',
        status: 'superseded',
        appliesTo: [],
        supersededFor: ['src/app.ts'],
        supersededBy: 'src/CLAUDE.md',
      },
      // depth 1; .holaryn/instructions.md sorts before CLAUDE.md on equal priority
      { order: 4, path: 'src/CLAUDE.md', status: 'included', appliesTo: both, supersededFor: [], supersededBy: null },
    ]);

    const byPath = Object.fromEntries(ev.sources.map((s) => [s.path, s]));
    assert.deepEqual(byPath['AGENTS.md'].metadata, {
      applies_to: null,
      excludes: [],
      priority: 10,
      mode: 'append',
      required_validation: [],
    });
    assert.equal(byPath['CLAUDE.md'].metadata, null);
    assert.deepEqual(byPath['src/.holaryn/instructions.md'].metadata, {
      applies_to: ['*.ts'],
      excludes: ['generated/*'],
      priority: 0,
      mode: 'append',
      required_validation: ['pnpm test'],
    });
    assert.equal(byPath['src/.holaryn/instructions.md'].directory, 'src');
    assert.equal(byPath['src/.holaryn/instructions.md'].depth, 1);

    // validation: [] — pnpm test belongs to a source not in effect for any target.
    assert.deepEqual(ev.validation, []);

    // diagnostics: exactly the unknown key, with its file line.
    assert.deepEqual(
      ev.diagnostics.map(({ severity, code, source, line, message }) => ({ severity, code, source, line, message })),
      [
        {
          severity: 'warning',
          code: 'unknown-key',
          source: 'src/.holaryn/instructions.md',
          line: 6,
          message: 'unknown key "owner" ignored',
        },
      ],
    );

    // conflicts: [] — only one replace source in src.
    assert.deepEqual(ev.conflicts, []);

    // truncation.
    assert.deepEqual(ev.truncation, {
      budget: 24000,
      chars: cps(ev.context),
      truncated: false,
      omitted: [],
      cut: [],
      unit: 'code-points',
      size: cps(ev.context),
      needed: cps(ev.context),
    });

    // context: the envelope, then CLAUDE.md, AGENTS.md, src/CLAUDE.md in that order, each under a heading with its path.
    const ctx = ev.context;
    const texts = ['Prefer small PRs.', 'Use pnpm, never npm.', 'src rules replace the .holaryn ones here.'];
    const at = texts.map((t) => ctx.indexOf(t));
    assert.ok(
      at.every((i) => i > 0),
      JSON.stringify(at),
    );
    assert.deepEqual(
      [...at].sort((a, b) => a - b),
      at,
    );
    assert.ok(!ctx.includes('Use full type hints.'));
    assert.ok(!ctx.includes('pnpm test'));
    const lines = ctx.split('\n');
    const heading = (t: string) => lines[lines.indexOf(t) - 1];
    assert.ok(heading('Prefer small PRs.').includes('CLAUDE.md'));
    assert.ok(heading('Use pnpm, never npm.').includes('AGENTS.md'));
    assert.ok(heading('src rules replace the .holaryn ones here.').includes('src/CLAUDE.md'));
    // All three apply to both targets: no heading restricts them to some targets.
    for (const t of texts) assert.ok(!heading(t).includes('src/app.ts') && !heading(t).includes('api.ts'), heading(t));
  });
});
