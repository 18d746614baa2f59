/**
 * Warm resolution (issue 6): with a shared FileCache, re-resolving reads no instruction file
 * when nothing changed (an editor switch), and after one file changes re-reads only that file;
 * the results are those of a cold resolution every time. Never asserts on time.
 */
import { strict as assert } from 'node:assert';
import { FileCache, MemoryFs, resolveInstructions } from '../../src/resolver';
import { Tree, fm, memfs } from '../helpers/tree';

const TREE: Tree = {
  'AGENTS.md': 'root rules\n',
  'CLAUDE.md': fm('excludes: ["**/gen/**"]', 'claude rules\n'),
  '.holaryn/instructions.md': fm('priority: 5\nrequired_validation: ["npm test"]', 'holaryn rules\n'),
  'packages/a/AGENTS.md': fm('applies_to: ["src/**"]\nmode: replace', 'package a\n'),
  'packages/a/CLAUDE.md': 'package a, claude\n',
  'packages/a/src/x.ts': '',
  'packages/a/src/y.ts': '',
  'packages/a/gen/z.ts': '',
  'packages/b/AGENTS.md': 'package b\n',
  'packages/b/LINK.md': { symlink: 'AGENTS.md' },
  'packages/b/CLAUDE.md': { symlink: 'AGENTS.md' },
  'packages/b/src/w.ts': '',
};

function opened(fs: MemoryFs): string[] {
  return fs.opened.splice(0).map((p) => p.slice('/repo/'.length)).sort();
}

function resolveWith(fs: MemoryFs, targets: string[], cache?: FileCache) {
  return resolveInstructions('/repo', targets, { fs, cache, globalFile: null });
}

/** Reaches into the in-memory tree to edit a file in place (same inode), as an editor might. */
function editInPlace(fs: MemoryFs, p: string, data: string, mtimeMs: number): void {
  const node = (fs as unknown as { walk(p: string, follow: boolean): { data: Uint8Array; mtimeMs: number } }).walk(p, true);
  node.data = Buffer.from(data);
  node.mtimeMs = mtimeMs;
}

describe('warm resolution (a FileCache shared across resolutions)', () => {
  it('re-resolving with nothing changed opens no file, and gives the cold result', () => {
    const fs = memfs(TREE);
    const cache = new FileCache();
    const first = resolveWith(fs, ['packages/a/src/x.ts'], cache);
    assert.deepEqual(opened(fs), ['.holaryn/instructions.md', 'AGENTS.md', 'CLAUDE.md', 'packages/a/AGENTS.md', 'packages/a/CLAUDE.md']);
    for (let i = 0; i < 3; i++) {
      const again = resolveWith(fs, ['packages/a/src/x.ts'], cache);
      assert.deepEqual(opened(fs), [], 'a warm re-resolution opened files');
      assert.deepEqual(again, first);
    }
    assert.deepEqual(resolveWith(fs, ['packages/a/src/x.ts']), first, 'the cold result differs');
  });

  it('an editor switch opens only the files not seen before', () => {
    const fs = memfs(TREE);
    const cache = new FileCache();
    resolveWith(fs, ['packages/a/src/x.ts'], cache);
    opened(fs);
    const y = resolveWith(fs, ['packages/a/src/y.ts'], cache);
    assert.deepEqual(opened(fs), [], 'same chain: nothing to read');
    assert.deepEqual(y, resolveWith(fs, ['packages/a/src/y.ts']));
    opened(fs);
    const w = resolveWith(fs, ['packages/b/src/w.ts'], cache);
    // CLAUDE.md there is a symlink to AGENTS.md: one file, read once.
    assert.deepEqual(opened(fs), ['packages/b/AGENTS.md']);
    assert.deepEqual(w, resolveWith(fs, ['packages/b/src/w.ts']));
    opened(fs);
    resolveWith(fs, ['packages/a/src/x.ts'], cache);
    resolveWith(fs, ['packages/b/src/w.ts', 'packages/a/gen/z.ts', 'packages/a'], cache);
    assert.deepEqual(opened(fs), []);
  });

  const edits: [string, (fs: MemoryFs) => void][] = [
    ['replaced (new inode)', (fs) => fs.set('/repo/packages/a/CLAUDE.md', 'package a, claude, edited\n')],
    ['edited in place, same size, new mtime', (fs) => editInPlace(fs, '/repo/packages/a/CLAUDE.md', 'PACKAGE A, CLAUDE\n', 1e9)],
    ['edited in place, new size, same mtime', (fs) => editInPlace(fs, '/repo/packages/a/CLAUDE.md', 'package a, claude!!\n', fs.stat('/repo/packages/a/CLAUDE.md')!.mtimeMs)],
  ];
  for (const [name, edit] of edits) {
    it(`after one instruction file changes (${name}), only that file is read again`, () => {
      const fs = memfs(TREE);
      const cache = new FileCache();
      const targets = ['packages/a/src/x.ts', 'packages/a/gen/z.ts'];
      const before = resolveWith(fs, targets, cache);
      opened(fs);
      edit(fs);
      const after = resolveWith(fs, targets, cache);
      assert.deepEqual(opened(fs), ['packages/a/CLAUDE.md']);
      assert.notEqual(after.snapshot, before.snapshot);
      assert.deepEqual(after, resolveWith(fs, targets), 'the warm result differs from a cold one');
      opened(fs);
      assert.deepEqual(resolveWith(fs, targets, cache), after);
      assert.deepEqual(opened(fs), []);
    });
  }

  it('an added or removed instruction file is seen at once, and nothing else is read', () => {
    const fs = memfs(TREE);
    const cache = new FileCache();
    const target = ['packages/a/src/x.ts'];
    resolveWith(fs, target, cache);
    opened(fs);
    fs.set('/repo/packages/a/src/AGENTS.md', 'new rules\n');
    const added = resolveWith(fs, target, cache);
    assert.deepEqual(opened(fs), ['packages/a/src/AGENTS.md']);
    assert.deepEqual(added, resolveWith(fs, target));
    opened(fs);
    fs.delete('/repo/AGENTS.md');
    const removed = resolveWith(fs, target, cache);
    assert.deepEqual(opened(fs), []);
    assert.ok(!removed.sources.some((s) => s.path === 'AGENTS.md'));
    assert.deepEqual(removed, resolveWith(fs, target));
  });
});
