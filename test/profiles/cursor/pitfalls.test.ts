/**
 * Cursor's pitfalls through the lint engine (`check --agents cursor`), on a real temporary tree:
 * a rule only the model's choice loads, and one that never loads by itself. From Cursor's
 * documentation of its rule types (documented, not verified).
 */
import { strict as assert } from 'node:assert';
import { lintAgents } from '../../../src/lint';
import { TempDirs, writeTree } from '../../helpers/cli';

describe('cursor pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function findings(tree: Record<string, string>) {
    const root = temp.make('holaryn-cursor-pitfalls-');
    const home = temp.make('holaryn-cursor-pitfalls-home-');
    writeTree(root, tree);
    return lintAgents(root, { agents: ['cursor'], files: Object.keys(tree), env: { HOME: home }, homedir: home });
  }

  it('names a rule with a description only: the model chooses whether to load it', () => {
    const f = findings({ '.cursor/rules/db.mdc': '---\ndescription: Database migrations\n---\nUse Alembic.\n' });
    const mine = f.filter((x) => x.code === 'agent-cursor-model-chosen');
    assert.equal(mine.length, 1, JSON.stringify(f));
    assert.equal(mine[0].file, '.cursor/rules/db.mdc');
    assert.equal(mine[0].severity, 'warning');
    assert.match(mine[0].message, /only when the model decides to/);
  });

  it('names a rule with neither alwaysApply, globs nor description: it never loads by itself', () => {
    const f = findings({ 'api/.cursor/rules/release.mdc': '---\nalwaysApply: false\n---\nRelease steps.\n' });
    const mine = f.filter((x) => x.code === 'agent-cursor-never-loaded');
    assert.equal(mine.length, 1, JSON.stringify(f));
    assert.equal(mine[0].file, 'api/.cursor/rules/release.mdc');
    assert.match(mine[0].message, /never loads it by itself/);
  });

  it('says nothing of always and glob rules, nor of a plain .md file', () => {
    const f = findings({
      '.cursor/rules/a.mdc': '---\nalwaysApply: true\n---\nA.\n',
      '.cursor/rules/g.mdc': '---\nglobs: src/**/*.ts\n---\nG.\n',
      '.cursor/rules/notes.md': 'no frontmatter\n',
    });
    assert.deepEqual(
      f.filter((x) => x.code.startsWith('agent-cursor-')),
      [],
    );
  });
});
