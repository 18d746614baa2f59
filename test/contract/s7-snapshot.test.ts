/** Contract §7: hashes, fresh reads (cache never stale), snapshot ids. */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { FileCache } from '../../src/resolver';
import { MemoryFs } from '../../src/resolver/memory-fs';
import { Tree, fm, memfs, resolve, resolveIn, source } from '../helpers/tree';

const sha = (b: string | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Reaches into the in-memory tree to edit a file in place (same inode), as an editor might. */
function editInPlace(fs: MemoryFs, p: string, data: string, mtimeMs?: number): void {
  const node = (fs as unknown as { walk(p: string, follow: boolean): { data: Uint8Array; mtimeMs: number } }).walk(p, true);
  node.data = Buffer.from(data);
  if (mtimeMs !== undefined) node.mtimeMs = mtimeMs;
}

const BASE: Tree = {
  'AGENTS.md': fm('priority: 1', 'root rules\n'),
  'src/CLAUDE.md': 'src rules\n',
  'src/a.ts': '',
  'src/b.ts': '',
  'docs/AGENTS.md': 'docs rules\n',
};

describe('contract §7 Snapshots and hashes', () => {
  it('§7 each source carries sha256 of its raw bytes (hex): BOM, frontmatter and CRLF included', () => {
    const raw = '\uFEFF---\r\npriority: 1\r\n---\r\nBody\r\n';
    const { ev } = resolve({ 'AGENTS.md': raw, 'CLAUDE.md': { symlink: 'AGENTS.md' } }, ['a.ts']);
    const s = source(ev, 'AGENTS.md');
    assert.equal(s.sha256, sha(Buffer.from(raw, 'utf8')));
    assert.match(s.sha256, /^[0-9a-f]{64}$/);
    assert.equal(s.bytes, Buffer.byteLength(raw));
    assert.equal(source(ev, 'CLAUDE.md').sha256, s.sha256, 'a duplicate is the same bytes');
  });

  it('§7 files are read afresh for every resolution', () => {
    const fs = memfs(BASE);
    assert.equal(source(resolveIn(fs, ['src/a.ts']), 'src/CLAUDE.md').content, 'src rules\n');
    fs.set('/repo/src/CLAUDE.md', 'new rules\n');
    assert.equal(source(resolveIn(fs, ['src/a.ts']), 'src/CLAUDE.md').content, 'new rules\n');
  });

  describe('§7 a cache keyed by path + size + mtime + inode must never return stale content once any of those change', () => {
    // [case, edit]
    const edits: [string, (fs: MemoryFs) => void, string][] = [
      ['same inode and size, new mtime', (fs) => editInPlace(fs, '/repo/src/CLAUDE.md', 'SRC RULES\n', 999999), 'SRC RULES\n'],
      ['same inode and mtime, new size', (fs) => editInPlace(fs, '/repo/src/CLAUDE.md', 'longer src rules\n'), 'longer src rules\n'],
      ['a new inode (file replaced), same size', (fs) => fs.set('/repo/src/CLAUDE.md', 'SRC-RULES\n'), 'SRC-RULES\n'],
    ];
    for (const [name, edit, expected] of edits) {
      it(`§7 no stale content from the cache: ${name}`, () => {
        const fs = memfs(BASE);
        const cache = new FileCache();
        const first = resolveIn(fs, ['src/a.ts'], { cache });
        assert.equal(source(first, 'src/CLAUDE.md').content, 'src rules\n');
        const mtime = fs.stat('/repo/src/CLAUDE.md')!.mtimeMs;
        edit(fs);
        if (name.startsWith('same inode and mtime')) assert.equal(fs.stat('/repo/src/CLAUDE.md')!.mtimeMs, mtime);
        const second = resolveIn(fs, ['src/a.ts'], { cache });
        const s = source(second, 'src/CLAUDE.md');
        assert.equal(s.content, expected);
        assert.equal(s.sha256, sha(expected));
        assert.notEqual(second.snapshot, first.snapshot);
      });
    }
  });

  describe('§7 the snapshot id: same state gives the same id; each listed change gives a new one', () => {
    it('§7 the snapshot is "sha256:<hex>" and resolving the same state twice gives the same one (also from a fresh tree, with a cache, or targets in another order)', () => {
      const a = resolve(BASE, ['src/a.ts', 'src/b.ts']).ev;
      assert.match(a.snapshot, /^sha256:[0-9a-f]{64}$/);
      const fs = memfs(BASE);
      const cache = new FileCache();
      assert.equal(resolveIn(fs, ['src/a.ts', 'src/b.ts'], { cache }).snapshot, a.snapshot);
      assert.equal(resolveIn(fs, ['src/a.ts', 'src/b.ts'], { cache }).snapshot, a.snapshot);
      assert.equal(resolve(BASE, ['src/b.ts', 'src/a.ts', './src/a.ts']).ev.snapshot, a.snapshot);
    });

    // [change, tree, targets, budget]
    const changes: [string, Tree, string[], number?][] = [
      ['editing an instruction file', { ...BASE, 'src/CLAUDE.md': 'src rules!\n' }, ['src/a.ts', 'src/b.ts']],
      ['editing only the frontmatter', { ...BASE, 'AGENTS.md': fm('priority: 2', 'root rules\n') }, ['src/a.ts', 'src/b.ts']],
      [
        'renaming an instruction file (same bytes)',
        (() => {
          const t: Tree = { ...BASE, 'src/AGENTS.md': 'src rules\n' };
          delete t['src/CLAUDE.md'];
          return t;
        })(),
        ['src/a.ts', 'src/b.ts'],
      ],
      ['adding an instruction file', { ...BASE, 'src/.holaryn/instructions.md': 'more\n' }, ['src/a.ts', 'src/b.ts']],
      [
        'removing an instruction file',
        (() => {
          const t: Tree = { ...BASE };
          delete t['src/CLAUDE.md'];
          return t;
        })(),
        ['src/a.ts', 'src/b.ts'],
      ],
      ['adding an instruction file that does not apply', { ...BASE, 'src/AGENTS.md': fm('applies_to: "*.md"') }, ['src/a.ts', 'src/b.ts']],
      ['adding a skipped (unreadable) candidate', { ...BASE, 'src/AGENTS.md': { special: true } }, ['src/a.ts', 'src/b.ts']],
      ['turning a copy into a symlink (duplicate)', { ...BASE, 'src/AGENTS.md': { symlink: 'CLAUDE.md' } }, ['src/a.ts', 'src/b.ts']],
      ['moving a target (a target path changes)', BASE, ['src/a.ts', 'src/c.ts']],
      [
        'moving a target (the file is gone: its kind changes)',
        (() => {
          const t: Tree = { ...BASE };
          delete t['src/b.ts'];
          return t;
        })(),
        ['src/a.ts', 'src/b.ts'],
      ],
      ['changing the target set (one more)', BASE, ['src/a.ts', 'src/b.ts', 'docs/x.md']],
      ['changing the target set (one less)', BASE, ['src/a.ts']],
      ['changing the budget', BASE, ['src/a.ts', 'src/b.ts'], 100],
    ];
    const base = resolve(BASE, ['src/a.ts', 'src/b.ts']).ev.snapshot;
    for (const [name, tree, targets, budget] of changes) {
      it(`§7 a new snapshot after ${name}`, () => {
        const ev = resolve(tree, targets, budget === undefined ? {} : { budget }).ev;
        assert.notEqual(ev.snapshot, base);
        // …and it is itself stable.
        assert.equal(resolve(tree, targets, budget === undefined ? {} : { budget }).ev.snapshot, ev.snapshot);
      });
    }

    it('§7 the canonical root is part of the snapshot', () => {
      const a = resolve(BASE, ['src/a.ts'], {}, '/repo').ev.snapshot;
      const b = resolve(BASE, ['src/a.ts'], {}, '/other').ev.snapshot;
      assert.notEqual(a, b);
    });
  });
});
