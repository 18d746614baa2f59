// A folder's file index kept up to date path by path from file events: after any events, the
// listing is what a fresh walk of the folder lists (git ignore rules, exclusions, links).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeWalkFs } from '../../../src/lint';
import { FolderIndex, FolderIndexOptions } from '../../../src/editing/folder-index';

const FILES: Record<string, string> = {
  '.gitignore': 'target/\n*.log\n!keep.log\n',
  'AGENTS.md': 'root\n',
  'README.md': '',
  'a.log': '',
  'keep.log': '',
  'src/a.ts': '',
  'src/b.ts': '',
  'src/deep/c.ts': '',
  'pkg/.gitignore': 'gen/\n',
  'pkg/gen/out.ts': '',
  'pkg/src/x.ts': '',
  'target/debug/x.rs': '',
  'build/out.js': '',
  'node_modules/dep/index.js': '',
};

function write(root: string, rel: string, text = ''): void {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

/** `files.exclude`-like: the `build` folder anywhere. */
const exclude = (rel: string) => rel === 'build' || rel.endsWith('/build');

describe('authoring: a folder index kept up to date from file events', () => {
  const roots: string[] = [];
  let root: string;
  const options: FolderIndexOptions = { maxEntries: 1000, exclude };

  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-folder-index-')));
    roots.push(root);
    for (const [rel, text] of Object.entries(FILES)) write(root, rel, text);
    execFileSync('git', ['init', '-q'], { cwd: root });
    fs.writeFileSync(path.join(root, '.git/info/exclude'), 'secret/\n');
  });
  after(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });

  async function built(opts = options): Promise<FolderIndex> {
    const index = new FolderIndex(createNodeWalkFs(), root, opts);
    assert.equal(await index.walk(), true);
    return index;
  }

  /** The index after `update(paths)` lists what a fresh walk lists, links and opaque folders included. */
  async function agreesWithWalk(index: FolderIndex, paths: string[], expected: 'changed' | 'unchanged' = 'changed') {
    assert.equal(await index.update(paths), expected);
    const fresh = await built();
    const got = index.snapshot()!;
    const want = fresh.snapshot()!;
    assert.deepEqual(got.paths, want.paths);
    assert.deepEqual([...got.links].sort(), [...want.links].sort());
    assert.deepEqual(index.opaqueDirectories(), fresh.opaqueDirectories());
    return got;
  }

  it('the first walk lists what git does not ignore and files.exclude does not hide', async () => {
    const listing = (await built()).snapshot()!;
    assert.deepEqual(listing.paths, [
      '.gitignore',
      'AGENTS.md',
      'README.md',
      'keep.log',
      'pkg/.gitignore',
      'pkg/src/x.ts',
      'src/a.ts',
      'src/b.ts',
      'src/deep/c.ts',
    ]);
    assert.equal(listing.version, 1);
  });

  it('created, deleted and renamed files', async () => {
    const index = await built();
    write(root, 'src/new.ts');
    fs.rmSync(path.join(root, 'README.md'));
    fs.renameSync(path.join(root, 'src/a.ts'), path.join(root, 'src/renamed.ts'));
    const listing = await agreesWithWalk(index, ['src/new.ts', 'README.md', 'src/a.ts', 'src/renamed.ts']);
    assert.equal(listing.version, 2);
    assert.deepEqual(listing.changesSince(1), [
      { from: 1, to: 2, added: ['src/new.ts', 'src/renamed.ts'], removed: ['README.md', 'src/a.ts'] },
    ]);
  });

  it('files git ignores, files below ignored or excluded folders, and git’s own files change nothing', async () => {
    const index = await built();
    write(root, 'b.log');
    write(root, 'target/release/y.rs');
    write(root, 'pkg/gen/more.ts');
    write(root, 'build/more.js');
    write(root, 'node_modules/dep/more.js');
    write(root, '.git/objects/ab/cdef');
    write(root, 'secret/key.txt');
    await agreesWithWalk(
      index,
      [
        'b.log',
        'target/release/y.rs',
        'pkg/gen/more.ts',
        'build/more.js',
        'node_modules/dep/more.js',
        '.git/objects/ab/cdef',
        'secret',
        'secret/key.txt',
      ],
      'unchanged',
    );
  });

  it('a folder created with its contents, whether reported as the folder or only as its files', async () => {
    const index = await built();
    write(root, 'lib/one.ts');
    write(root, 'lib/inner/two.ts');
    write(root, 'lib/target/skip.rs');
    await agreesWithWalk(index, ['lib']);
    write(root, 'other/x/y/z.ts');
    write(root, 'other/x/w.log');
    await agreesWithWalk(index, ['other/x/y/z.ts', 'other/x/w.log']);
  });

  it('a deleted folder is forgotten with everything below it; an excluded or ignored folder deleted changes nothing', async () => {
    const index = await built();
    fs.rmSync(path.join(root, 'src'), { recursive: true });
    await agreesWithWalk(index, ['src']);
    fs.rmSync(path.join(root, 'build'), { recursive: true });
    await agreesWithWalk(index, ['build'], 'unchanged');
  });

  it('links to files are listed as links; links to folders are not followed', async () => {
    const index = await built();
    fs.symlinkSync('src/b.ts', path.join(root, 'b-link.ts'));
    fs.symlinkSync('src', path.join(root, 'src-link'));
    const listing = await agreesWithWalk(index, ['b-link.ts', 'src-link']);
    assert.ok(listing.links.has('b-link.ts'));
    assert.ok(!listing.paths.some((p) => p.startsWith('src-link')));
  });

  it('a file replaced by a folder of the same name', async () => {
    const index = await built();
    fs.rmSync(path.join(root, 'README.md'));
    write(root, 'README.md/inside.md');
    await agreesWithWalk(index, ['README.md', 'README.md/inside.md']);
  });

  it('past the entry cap, or after a partial walk, only a new walk is exact', async () => {
    const small = await built({ ...options, maxEntries: 20 });
    assert.equal(small.isComplete, true);
    for (let i = 0; i < 10; i++) write(root, `many/f${i}.ts`);
    assert.equal(await small.update(['many']), 'walk-again');
    const capped = await built({ ...options, maxEntries: 5 });
    assert.equal(capped.isComplete, false);
    assert.equal(await capped.update(['src/a.ts']), 'walk-again');
    // Git's own files and ignored folders change nothing listed, even then.
    assert.equal(await capped.update(['.git/index.lock', 'node_modules/x/y.js', 'target/debug/z.rs']), 'unchanged');
  });

  it('a walk again keeps counting versions up', async () => {
    const index = await built();
    write(root, 'src/new.ts');
    await index.update(['src/new.ts']);
    assert.equal(await index.walk(), true);
    assert.equal(index.snapshot()!.version, 3);
  });
});
