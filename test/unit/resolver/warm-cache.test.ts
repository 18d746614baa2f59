/**
 * Warm resolution (docs/speed.md, "a warm cache"): with a shared FileCache, re-resolving reads no instruction file
 * when nothing changed (an editor switch), and after one file changes re-reads only that file;
 * the results are those of a cold resolution every time. Never asserts on time.
 */
import { strict as assert } from 'node:assert';
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileCache, FsError, FsStat, resolveInstructions } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { SETTLE_MS } from '../../../src/resolver/cache';
import { Tree, fm, memfs } from '../../helpers/tree';

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
  return fs.opened
    .splice(0)
    .map((p) => p.slice('/repo/'.length))
    .sort();
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
    [
      'edited in place, new size, same mtime',
      (fs) => editInPlace(fs, '/repo/packages/a/CLAUDE.md', 'package a, claude!!\n', fs.stat('/repo/packages/a/CLAUDE.md')!.mtimeMs),
    ],
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

describe('warm resolution: what a cache key cannot see is never kept', () => {
  const CLAUDE = '/repo/packages/a/CLAUDE.md';
  const targets = ['packages/a/src/x.ts'];
  const keyOf = (st: FsStat) => ({ size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, dev: st.dev });

  it('a file rewritten in place within its mtime tick (same size, mtime and inode) is read again, until its mtime is settled', () => {
    const fs = memfs(TREE);
    const before = fs.stat(CLAUDE)!;
    // Read 5 ms after the file was written: another write in the same clock tick is possible.
    let now = before.mtimeMs + 5;
    const cache = new FileCache(undefined, () => now);
    const first = resolveWith(fs, targets, cache);
    assert.ok(first.context.includes('package a, claude'));
    opened(fs);
    fs.writeInPlace(CLAUDE, 'PACKAGE A, CLAUDE\n', before.mtimeMs);
    assert.deepEqual(keyOf(fs.stat(CLAUDE)!), keyOf(before), 'the rewrite changed nothing a key holds');
    const after = resolveWith(fs, targets, cache);
    assert.ok(opened(fs).includes('packages/a/CLAUDE.md'));
    assert.ok(after.context.includes('PACKAGE A, CLAUDE') && !after.context.includes('package a, claude'));
    assert.deepEqual(after, resolveWith(fs, targets), 'the warm result differs from a cold one');
    assert.ok(cache.unsettled > 0);
    // Settled: read once more and kept; from then on nothing is read.
    now = before.mtimeMs + SETTLE_MS;
    opened(fs);
    resolveWith(fs, targets, cache);
    assert.ok(opened(fs).includes('packages/a/CLAUDE.md'));
    assert.deepEqual(resolveWith(fs, targets, cache), after);
    assert.deepEqual(opened(fs), []);
  });

  it('a file whose mtime lies ahead of the clock is not kept', () => {
    const fs = memfs(TREE);
    const cache = new FileCache(undefined, () => 0);
    fs.writeInPlace(CLAUDE, 'package a, claude\n', 60_000);
    resolveWith(fs, targets, cache);
    opened(fs);
    resolveWith(fs, targets, cache);
    assert.deepEqual(
      opened(fs),
      ['AGENTS.md', 'CLAUDE.md', 'packages/a/AGENTS.md', 'packages/a/CLAUDE.md', '.holaryn/instructions.md'].sort(),
    );
  });

  it('a permission error is not kept: the file is read as soon as it can be', () => {
    const fs = memfs(TREE);
    const open = fs.open.bind(fs);
    let denied = true;
    fs.open = (p, st) => {
      if (denied && p === CLAUDE) throw new FsError('EACCES', `EACCES: permission denied, open '${p}'`);
      return open(p, st);
    };
    const cache = new FileCache();
    const refused = resolveWith(fs, targets, cache);
    assert.deepEqual(refused.skipped, [{ path: 'packages/a/CLAUDE.md', reason: 'unreadable' }]);
    denied = false;
    const readable = resolveWith(fs, targets, cache);
    assert.deepEqual(readable.skipped, []);
    assert.ok(readable.sources.some((s) => s.path === 'packages/a/CLAUDE.md'));
    assert.deepEqual(readable, resolveWith(fs, targets));
  });

  it('a file refused for its bytes (not UTF-8) is kept as refused: it is not read again while unchanged', () => {
    const fs = memfs({ ...TREE, 'packages/a/CLAUDE.md': new Uint8Array([0x61, 0xff, 0x0a]) });
    const cache = new FileCache();
    const first = resolveWith(fs, targets, cache);
    assert.deepEqual(first.skipped, [{ path: 'packages/a/CLAUDE.md', reason: 'unreadable' }]);
    opened(fs);
    assert.deepEqual(resolveWith(fs, targets, cache), first);
    assert.deepEqual(opened(fs), []);
  });

  it('on the real disk: a same-size rewrite that keeps the mtime is seen when the file is recent', () => {
    const dir = nodeFs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-racy-'));
    try {
      const root = nodeFs.realpathSync(dir);
      const file = path.join(root, 'AGENTS.md');
      nodeFs.writeFileSync(file, 'rules one\n');
      // Whole seconds, so the same mtime can be put back exactly; one second ago, not yet settled.
      const t = Math.floor(Date.now() / 1000) - 1;
      nodeFs.utimesSync(file, t, t);
      const before = nodeFs.statSync(file);
      const cache = new FileCache();
      const resolve = () => resolveInstructions(root, ['a.ts'], { cache, globalFile: null });
      assert.ok(resolve().context.includes('rules one'));
      nodeFs.writeFileSync(file, 'rules two\n'); // truncated and rewritten: same inode
      nodeFs.utimesSync(file, t, t);
      const after = nodeFs.statSync(file);
      assert.deepEqual([after.size, after.mtimeMs, after.ino], [before.size, before.mtimeMs, before.ino]);
      const again = resolve();
      assert.ok(again.context.includes('rules two') && !again.context.includes('rules one'));
    } finally {
      nodeFs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
