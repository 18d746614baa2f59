// The workspace file index the live preview counts over: built from a walk, kept up to date from
// file events, read through immutable versions with the changes between them.
import { strict as assert } from 'node:assert';
import { FileIndex, directoryRange, lowerBound } from '../../../src/editing/file-index';

function index(): FileIndex {
  return new FileIndex({
    files: ['src/b.ts', 'README.md', 'src/a.ts', 'src/app/main.ts', 'srcx/c.ts'],
    links: ['src/link.ts'],
    directories: ['src', 'src/app', 'srcx', 'dist'],
    opaque: ['dist', 'node_modules'],
  });
}

describe('authoring: workspace file index', () => {
  it('lists files and links sorted by code unit, links marked', () => {
    const listing = index().snapshot();
    assert.deepEqual(listing.paths, ['README.md', 'src/a.ts', 'src/app/main.ts', 'src/b.ts', 'src/link.ts', 'srcx/c.ts']);
    assert.deepEqual([...listing.links], ['src/link.ts']);
    assert.equal(listing.version, 1);
    assert.deepEqual(listing.changesSince(1), []);
  });

  it('adding and deleting files makes a new version with the changes; the old version is unchanged', () => {
    const idx = index();
    const v1 = idx.snapshot();
    idx.addFile('src/new.ts');
    idx.remove('README.md');
    assert.equal(idx.snapshot(), v1, 'nothing is visible before the commit');
    assert.equal(idx.commit(), true);
    const v2 = idx.snapshot();
    assert.equal(v2.version, 2);
    assert.deepEqual(v2.paths, ['src/a.ts', 'src/app/main.ts', 'src/b.ts', 'src/link.ts', 'src/new.ts', 'srcx/c.ts']);
    assert.deepEqual(v1.paths, ['README.md', 'src/a.ts', 'src/app/main.ts', 'src/b.ts', 'src/link.ts', 'srcx/c.ts']);
    assert.deepEqual(v2.changesSince(1), [{ from: 1, to: 2, added: ['src/new.ts'], removed: ['README.md'] }]);
    assert.equal(v2.origin, v1.origin);
    // A commit with nothing new changes no version.
    assert.equal(idx.commit(), false);
    assert.equal(idx.snapshot(), v2);
  });

  it('a rename is a delete and a create; a file deleted and created again before a commit changes nothing', () => {
    const idx = index();
    idx.remove('src/a.ts');
    idx.addFile('src/renamed.ts');
    idx.remove('src/b.ts');
    idx.addFile('src/b.ts');
    assert.equal(idx.commit(), true);
    const listing = idx.snapshot();
    assert.deepEqual(listing.changesSince(1), [{ from: 1, to: 2, added: ['src/renamed.ts'], removed: ['src/a.ts'] }]);
    assert.ok(listing.paths.includes('src/b.ts'));
  });

  it('deleting a directory forgets everything below it, files added since the last commit too', () => {
    const idx = index();
    idx.addFile('src/app/fresh.ts');
    idx.remove('src');
    idx.commit();
    const listing = idx.snapshot();
    assert.deepEqual(listing.paths, ['README.md', 'srcx/c.ts']);
    assert.deepEqual([...listing.links], []);
    assert.equal(idx.isDirectory('src/app'), false);
    assert.equal(idx.isDirectory('srcx'), true);
    assert.deepEqual(listing.changesSince(1)![0].removed, ['src/a.ts', 'src/app/main.ts', 'src/b.ts', 'src/link.ts']);
  });

  it('a directory created with its contents is added from its own walk', () => {
    const idx = index();
    idx.addDirectory('lib');
    idx.addWalk('lib', { files: ['x.ts', 'deep/y.ts'], links: ['l.ts'], directories: ['deep'], opaque: ['deep/node_modules'] });
    idx.commit();
    const listing = idx.snapshot();
    assert.deepEqual(
      listing.paths.filter((p) => p.startsWith('lib/')),
      ['lib/deep/y.ts', 'lib/l.ts', 'lib/x.ts'],
    );
    assert.ok(listing.links.has('lib/l.ts'));
    assert.ok(idx.isDirectory('lib/deep'));
    assert.ok(idx.insideOpaque('lib/deep/node_modules/pkg/index.js'));
    assert.deepEqual(idx.opaqueDirectories(), ['dist', 'lib/deep/node_modules', 'node_modules']);
  });

  it('what is inside an excluded or ignored folder is known as such; deleting the folder forgets it', () => {
    const idx = index();
    assert.ok(idx.insideOpaque('dist/bundle.js'));
    assert.ok(idx.insideOpaque('node_modules/x/y.js'));
    assert.ok(!idx.insideOpaque('dist'), 'the folder itself is listed');
    assert.ok(!idx.insideOpaque('distx/a.js'));
    idx.remove('dist');
    assert.ok(!idx.insideOpaque('dist/bundle.js'));
    assert.deepEqual(idx.opaqueDirectories(), ['node_modules']);
  });

  it('a file that becomes a link (or back) is removed and added again in the changes', () => {
    const idx = index();
    idx.remove('src/a.ts');
    idx.addFile('src/a.ts', true);
    idx.commit();
    const listing = idx.snapshot();
    assert.ok(listing.links.has('src/a.ts'));
    assert.deepEqual(listing.changesSince(1), [{ from: 1, to: 2, added: ['src/a.ts'], removed: ['src/a.ts'] }]);
  });

  it('keeps the changes of recent commits only; older versions get undefined (start over)', () => {
    const idx = index();
    for (let i = 0; i < 70; i++) {
      idx.addFile(`gen/f${i}.ts`);
      idx.commit();
    }
    const listing = idx.snapshot();
    assert.equal(listing.version, 71);
    assert.equal(listing.changesSince(1), undefined);
    const recent = listing.changesSince(69)!;
    assert.deepEqual(
      recent.map((c) => c.added),
      [['gen/f68.ts'], ['gen/f69.ts']],
    );
    // A version read before later commits sees only the changes up to it.
    idx.addFile('gen/later.ts');
    idx.commit();
    assert.deepEqual(
      listing.changesSince(70)!.map((c) => c.to),
      [71],
    );
    assert.equal(listing.changesSince(72), undefined, 'a version it does not know yet');
  });

  it('counts files, links and directories (what the walk caps)', () => {
    assert.equal(index().entries, 6 + 4);
  });

  it('directoryRange and lowerBound: a directory is the run of paths starting with it and a slash', () => {
    const sorted = ['a', 'a-b/x', 'a/b', 'a/c/d', 'a0', 'ab'];
    assert.deepEqual(directoryRange(sorted, 'a'), [2, 4]);
    assert.deepEqual(directoryRange(sorted, ''), [0, 6]);
    assert.deepEqual(directoryRange(sorted, 'zz'), [6, 6]);
    assert.equal(lowerBound(sorted, 'a/'), 2);
  });
});
