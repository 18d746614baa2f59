/** Contract §3: candidates per directory, the directory chain, directory and depth, scope. */
import { strict as assert } from 'node:assert';
import { ResolverFs, resolveInstructions } from '../../src/resolver';
import { MemoryFs } from '../../src/resolver/memory-fs';
import { Tree, resolve, source, sourcePaths, statuses } from '../helpers/tree';

describe('contract §3 Candidates and the directory chain', () => {
  it('§3 per directory, candidates come in compatible filename order: .holaryn/instructions.md, AGENTS.md, CLAUDE.md', () => {
    // Written to the tree in reverse order so insertion order cannot explain the result.
    const { ev } = resolve({ 'CLAUDE.md': 'c', 'AGENTS.md': 'a', '.holaryn/instructions.md': 'h' }, ['x.ts']);
    assert.deepEqual(sourcePaths(ev), ['.holaryn/instructions.md', 'AGENTS.md', 'CLAUDE.md']);
    assert.deepEqual(
      ev.sources.map((s) => s.filename),
      ['.holaryn/instructions.md', 'AGENTS.md', 'CLAUDE.md'],
    );
  });

  it('§3 all candidates that exist are sources (this is not first-wins)', () => {
    const { ev } = resolve({ 'AGENTS.md': 'a\n', 'CLAUDE.md': 'c\n', '.holaryn/instructions.md': 'h\n', 'src/CLAUDE.md': 's\n' }, [
      'src/x.ts',
    ]);
    assert.deepEqual(statuses(ev), {
      '.holaryn/instructions.md': 'included',
      'AGENTS.md': 'included',
      'CLAUDE.md': 'included',
      'src/CLAUDE.md': 'included',
    });
  });

  it('§3 names are matched exactly (case-sensitive)', () => {
    const lookalikes: Tree = {
      'agents.md': 'x',
      'Agents.md': 'x',
      'AGENTS.MD': 'x',
      'claude.md': 'x',
      'Claude.md': 'x',
      'AGENTS.md.bak': 'x',
      AGENTS: 'x',
      '.Holaryn/instructions.md': 'x',
      '.holaryn/Instructions.md': 'x',
      '.holaryn/instructions.MD': 'x',
      'holaryn/instructions.md': 'x',
      '.holaryn/AGENTS.md': 'x',
    };
    const { ev, fs } = resolve({ ...lookalikes, 'CLAUDE.md': 'real' }, ['x.ts']);
    assert.deepEqual(sourcePaths(ev), ['CLAUDE.md']);
    assert.deepEqual(fs.opened, ['/repo/CLAUDE.md']);
  });

  it('§3 names are matched exactly on a case-insensitive directory the filesystem does not declare (casefolded Linux folders)', () => {
    // Lookups ignore case, but the fs says it is case-sensitive: a stored `agents.md` found by
    // looking up `AGENTS.md` must still not count.
    const files = {
      '/repo/agents.md': 'x',
      '/repo/Claude.md': 'x',
      '/repo/.HOLARYN/instructions.md': 'x',
      '/repo/sub/AGENTS.md': 'real',
      '/repo/sub/x.ts': '',
    };
    const folded = new MemoryFs(files, { caseInsensitive: true });
    const fs: ResolverFs = {
      path: folded.path,
      caseInsensitive: false,
      lstat: (p) => folded.lstat(p),
      stat: (p) => folded.stat(p),
      readlink: (p) => folded.readlink(p),
      entryNames: (d) => folded.entryNames(d),
      open: (p, st) => folded.open(p, st),
    };
    const ev = resolveInstructions('/repo', ['sub/x.ts'], { fs, globalFile: null });
    assert.deepEqual(sourcePaths(ev), ['sub/AGENTS.md']);
  });

  const chainTree: Tree = {
    'AGENTS.md': 'root',
    'a/AGENTS.md': 'a',
    'a/b/AGENTS.md': 'a/b',
    'a/b/c.ts': '',
    'a/b/sub/AGENTS.md': 'child of the target directory',
    'a/b/sub/.holaryn/instructions.md': 'child',
    'a/x/AGENTS.md': 'sibling',
    'x/AGENTS.md': 'sibling',
    'a/CLAUDE.md': 'a claude',
  };

  it('§3 the chain is every directory from the root down to a file target’s parent directory, inclusive', () => {
    const { ev } = resolve(chainTree, ['a/b/c.ts']);
    assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'a/AGENTS.md', 'a/CLAUDE.md', 'a/b/AGENTS.md']);
  });

  it('§3 for a directory target the chain ends at the target itself', () => {
    const { ev } = resolve(chainTree, ['a/b']);
    assert.deepEqual(ev.targets, [{ path: 'a/b', kind: 'directory' }]);
    assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'a/AGENTS.md', 'a/CLAUDE.md', 'a/b/AGENTS.md']);
    const root = resolve(chainTree, ['.']).ev;
    assert.deepEqual(sourcePaths(root), ['AGENTS.md']);
  });

  it('§3 a missing target’s chain ends at its parent directory', () => {
    const missing = resolve(chainTree, ['a/b/new.ts']).ev;
    assert.deepEqual(sourcePaths(missing), ['AGENTS.md', 'a/AGENTS.md', 'a/CLAUDE.md', 'a/b/AGENTS.md']);
  });

  it('§3 files in directories off the chain (siblings, children of the target) are never read', () => {
    for (const target of ['a/b/c.ts', 'a/b']) {
      const { fs } = resolve(chainTree, [target]);
      const offChain = fs.opened.filter((p) => /\/(x|sub)\//.test(p));
      assert.deepEqual(offChain, [], `target ${target}: read off the chain: ${offChain.join(', ')}`);
      assert.deepEqual([...fs.opened].sort(), ['/repo/AGENTS.md', '/repo/a/AGENTS.md', '/repo/a/CLAUDE.md', '/repo/a/b/AGENTS.md']);
    }
  });

  it('§3 a source’s directory is the directory whose candidate it is (src for src/.holaryn/instructions.md)', () => {
    const { ev } = resolve({ 'src/.holaryn/instructions.md': 'h', 'src/AGENTS.md': 'a', '.holaryn/instructions.md': 'r' }, ['src/x.ts']);
    assert.equal(source(ev, 'src/.holaryn/instructions.md').directory, 'src');
    assert.equal(source(ev, 'src/AGENTS.md').directory, 'src');
    assert.equal(source(ev, '.holaryn/instructions.md').directory, '');
  });

  it('§3 depth is the number of path segments from the root (0 for root files)', () => {
    const { ev } = resolve(
      {
        'AGENTS.md': 'r',
        '.holaryn/instructions.md': 'r',
        'a/AGENTS.md': 'a',
        'a/b/.holaryn/instructions.md': 'ab',
        'a/b/c/d/CLAUDE.md': 'abcd',
      },
      ['a/b/c/d/e.ts'],
    );
    const depth = Object.fromEntries(ev.sources.map((s) => [s.path, s.depth]));
    assert.deepEqual(depth, {
      '.holaryn/instructions.md': 0, // .holaryn is not a segment of the directory
      'AGENTS.md': 0,
      'a/AGENTS.md': 1,
      'a/b/.holaryn/instructions.md': 2,
      'a/b/c/d/CLAUDE.md': 4,
    });
  });

  it('§3 the operator-global file has scope global; all others workspace', () => {
    const { ev } = resolve({ '/g/instructions.md': 'global', 'AGENTS.md': 'r', 'src/CLAUDE.md': 's' }, ['src/x.ts'], {
      globalFile: { path: '/g/instructions.md', displayName: '<global>/instructions.md' },
    });
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.scope]),
      [
        ['<global>/instructions.md', 'global'],
        ['AGENTS.md', 'workspace'],
        ['src/CLAUDE.md', 'workspace'],
      ],
    );
  });
});
