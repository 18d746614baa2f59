/** Contract §1: inputs (root, targets, options). Sections 2–9 rely on these. */
import { strict as assert } from 'node:assert';
import { MemoryFs } from '../../src/resolver/memory-fs';
import { ResolveError, ResolveOptions, resolveInstructions } from '../../src/resolver';
import { resolve, sourcePaths } from '../helpers/tree';

describe('contract §1 Inputs', () => {
  it('§1 the root is canonicalised (realpath) before anything else; containment compares canonical paths', () => {
    const tree = { '/link': { symlink: '/real/repo' }, '/real/repo/AGENTS.md': 'r\n', '/real/repo/src/a.ts': '' };
    const viaLink = resolve(tree, ['/link/src/a.ts', 'src/a.ts', '/real/repo/src/a.ts'], {}, '/link').ev;
    assert.equal(viaLink.root, '/real/repo');
    assert.deepEqual(viaLink.targets, [{ path: 'src/a.ts', kind: 'file' }]);
    // A target spelled through a symlink outside the root that leads inside is inside.
    const real = resolve(tree, ['/link/src/a.ts'], {}, '/real/repo').ev;
    assert.deepEqual(real.targets, [{ path: 'src/a.ts', kind: 'file', requested: '/link/src/a.ts' }]);
  });

  it('§1 the root must be an existing directory: otherwise root-not-found', () => {
    const fs = new MemoryFs({ '/repo/AGENTS.md': 'x', '/dangling': { symlink: '/gone' } });
    for (const root of ['/nope', '/repo/AGENTS.md', '/dangling']) {
      let code: string | undefined;
      try {
        resolveInstructions(root, ['a.ts'], { fs, globalFile: null });
      } catch (err) {
        code = err instanceof ResolveError ? err.code : String(err);
      }
      assert.equal(code, 'root-not-found', root);
    }
    assert.deepEqual(fs.opened, []);
  });

  it('§1 options.budget defaults to 24000; 0 disables the model context', () => {
    assert.equal(resolve({ 'AGENTS.md': 'x\n' }, ['a.ts']).ev.truncation.budget, 24000);
    const zero = resolve({ 'AGENTS.md': 'x\n' }, ['a.ts'], { budget: 0 }).ev;
    assert.equal(zero.context, '');
  });

  it('§1 options.globalFile can be disabled', () => {
    const tree = { '/hh/instructions.md': 'g\n', 'AGENTS.md': 'x\n' };
    assert.deepEqual(sourcePaths(resolve(tree, ['a.ts'], { env: { HOLARYN_HOME: '/hh' } }).ev), [
      '$HOLARYN_HOME/instructions.md',
      'AGENTS.md',
    ]);
    assert.deepEqual(sourcePaths(resolve(tree, ['a.ts'], { env: { HOLARYN_HOME: '/hh' }, globalFile: null }).ev), ['AGENTS.md']);
  });

  it('§1 options.candidates replaces the default candidate list (the contract names the option `candidates`)', () => {
    const tree = { 'AGENTS.md': 'a\n', 'CLAUDE.md': 'c\n', '.holaryn/instructions.md': 'h\n', 'GEMINI.md': 'g\n' };
    const options = { candidates: ['GEMINI.md', 'AGENTS.md'] } as ResolveOptions;
    assert.deepEqual(sourcePaths(resolve(tree, ['a.ts'], options).ev), ['GEMINI.md', 'AGENTS.md']);
  });
});
