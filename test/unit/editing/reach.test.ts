// Reach of one instruction file over the workspace's files, computed by the resolver in batches.
import { strict as assert } from 'node:assert';
import { FileCache } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { OverlayFs } from '../../../src/editing/overlay-fs';
import { Reach, appliesSummary, computeReach, diffReach, inDirectory, reachLensTitles } from '../../../src/editing/reach';

const tree: Record<string, string | { symlink: string }> = {
  '/repo/AGENTS.md': '---\npriority: 10\n---\nRoot.\n',
  '/repo/README.md': '',
  '/repo/src/AGENTS.md': '---\napplies_to: ["**/*.ts"]\nexcludes: "generated/**"\n---\nTS.\n',
  '/repo/src/CLAUDE.md': { symlink: 'AGENTS.md' },
  '/repo/src/main.ts': '',
  '/repo/src/util.ts': '',
  '/repo/src/generated/api.ts': '',
  '/repo/src/app/.holaryn/instructions.md': '---\napplies_to: ["**/*.ts", "**/*.tsx"]\n---\nApp.\n',
  '/repo/src/app/AGENTS.md': '---\napplies_to: "views/**"\nmode: replace\n---\nViews.\n',
  '/repo/src/app/main.ts': '',
  '/repo/src/app/views/A.tsx': '',
  '/repo/src/app/views/B.tsx': '',
  '/repo/src/app/views/notes.md': '',
  '/repo/docs/AGENTS.md': '---\napplies_to: **/*.md\n---\nDocs.\n',
  '/repo/docs/guide.md': '',
  '/repo/bad/AGENTS.md': 'NUL \u0000 byte',
  '/repo/bad/x.ts': '',
};

/** The workspace listing: every file below /repo, sorted. */
function files(): string[] {
  return Object.keys(tree)
    .filter((p) => p.startsWith('/repo/'))
    .map((p) => p.slice('/repo/'.length))
    .sort();
}

const noPause = { pause: async () => undefined };

describe('authoring: reach of an instruction file', () => {
  const fs = new MemoryFs(tree);
  const all = files();

  it('counts the workspace files the file is in effect for, as the resolver decides', async () => {
    const r = (await computeReach('/repo', 'src/AGENTS.md', all, { fs, ...noPause }))!;
    assert.equal(r.kind, 'source');
    assert.equal(r.directory, 'src');
    assert.equal(r.total, all.length);
    assert.equal(r.inScope, all.filter((f) => f.startsWith('src/')).length);
    assert.equal(r.counted, r.inScope);
    assert.deepEqual(r.appliesTo, ['src/app/main.ts', 'src/main.ts', 'src/util.ts']);
    assert.deepEqual(r.metadata?.applies_to, ['**/*.ts']);
    assert.equal(appliesSummary(r), `applies to 3 of ${all.length} files`);
  });

  it('reports where a replace in the same directory supersedes it, with the winner per file', async () => {
    const r = (await computeReach('/repo', 'src/app/.holaryn/instructions.md', all, { fs, ...noPause }))!;
    assert.deepEqual(r.appliesTo, ['src/app/main.ts']);
    assert.deepEqual(r.superseded, [
      { file: 'src/app/views/A.tsx', by: 'src/app/AGENTS.md' },
      { file: 'src/app/views/B.tsx', by: 'src/app/AGENTS.md' },
    ]);
    assert.deepEqual(r.supersededBy, [{ path: 'src/app/AGENTS.md', files: 2 }]);
    assert.deepEqual(reachLensTitles(r), ['applies to 1 file · priority 0 · mode append', 'superseded by src/app/AGENTS.md for 2 files']);
    const winner = (await computeReach('/repo', 'src/app/AGENTS.md', all, { fs, ...noPause }))!;
    assert.deepEqual(winner.appliesTo, ['src/app/views/A.tsx', 'src/app/views/B.tsx', 'src/app/views/notes.md']);
    assert.deepEqual(reachLensTitles(winner), ['applies to 3 files · priority 0 · mode replace']);
  });

  it('the batch size does not change the result', async () => {
    const one = await computeReach('/repo', 'AGENTS.md', all, { fs, batchSize: 1, ...noPause });
    const many = await computeReach('/repo', 'AGENTS.md', all, { fs, batchSize: 1000, ...noPause });
    assert.deepEqual(one, many);
    // The symlinked src/CLAUDE.md is the same file as src/AGENTS.md: counted once.
    assert.equal(one!.appliesTo.filter((f) => f === 'src/AGENTS.md').length, 1);
    assert.ok(!one!.appliesTo.includes('src/CLAUDE.md'));
  });

  it('says when the file is a duplicate, has malformed frontmatter, or is skipped', async () => {
    const dup = (await computeReach('/repo', 'src/CLAUDE.md', all, { fs, ...noPause }))!;
    assert.equal(dup.kind, 'duplicate');
    assert.equal(dup.duplicateOf, 'src/AGENTS.md');
    assert.deepEqual(reachLensTitles(dup), ['same file as src/AGENTS.md: contributes nothing of its own']);
    const docs = (await computeReach('/repo', 'docs/AGENTS.md', all, { fs, ...noPause }))!;
    assert.equal(docs.metadata, null);
    assert.deepEqual(docs.appliesTo, ['docs/AGENTS.md', 'docs/guide.md']);
    assert.match(reachLensTitles(docs)[0], /\(no valid frontmatter: defaults\)$/);
    const bad = (await computeReach('/repo', 'bad/AGENTS.md', all, { fs, ...noPause }))!;
    assert.equal(bad.kind, 'skipped');
    assert.match(bad.reason!, /NUL/);
  });

  it('a file in an empty directory still gets its metadata', async () => {
    const fs2 = new MemoryFs({ '/w/lib/AGENTS.md': '---\npriority: 7\nmode: replace\n---\nx\n' });
    const r = (await computeReach('/w', 'lib/AGENTS.md', ['lib/AGENTS.md'], { fs: fs2, ...noPause }))!;
    assert.equal(r.kind, 'source');
    assert.deepEqual(reachLensTitles(r), ['applies to 1 file · priority 7 · mode replace']);
    const none = (await computeReach('/w', 'lib/AGENTS.md', [], { fs: fs2, ...noPause }))!;
    assert.equal(none.counted, 0);
    assert.equal(none.metadata?.priority, 7);
    assert.deepEqual(reachLensTitles(none), ['applies to 0 files · priority 7 · mode replace']);
  });

  it('is bounded: at most maxFiles are examined, and the result says so', async () => {
    const r = (await computeReach('/repo', 'AGENTS.md', all, { fs, maxFiles: 4, ...noPause }))!;
    assert.equal(r.counted, 4);
    assert.equal(r.inScope, all.length);
    assert.deepEqual(r.appliesTo, all.slice(0, 4));
    assert.equal(appliesSummary(r), `applies to 4 of ${all.length} files (first 4 of ${all.length} below the root counted)`);
    assert.equal(reachLensTitles(r)[0], 'applies to 4 files (of the first 4) · priority 10 · mode append');
  });

  it('can be cancelled between batches (stale runs)', async () => {
    let batches = 0;
    const r = await computeReach('/repo', 'AGENTS.md', all, {
      fs,
      batchSize: 2,
      isCancelled: () => batches >= 2,
      pause: async () => {
        batches++;
      },
    });
    assert.equal(r, undefined);
  });

  it('a listed file the resolver rejects (a link leading outside the root) is dropped, not fatal', async () => {
    const fs2 = new MemoryFs({
      '/w/AGENTS.md': 'x',
      '/w/a.ts': '',
      '/w/out.ts': { symlink: '/elsewhere/secret.ts' },
      '/elsewhere/secret.ts': '',
    });
    const r = (await computeReach('/w', 'AGENTS.md', ['AGENTS.md', 'a.ts', 'out.ts'], { fs: fs2, ...noPause }))!;
    assert.deepEqual(r.appliesTo, ['AGENTS.md', 'a.ts']);
  });

  it('diffReach: files that gain or lose the file between the saved and the unsaved text', async () => {
    const cache = new FileCache();
    const saved = (await computeReach('/repo', 'src/AGENTS.md', all, { fs, cache, ...noPause }))!;
    const overlay = new OverlayFs(fs, [{ path: '/repo/src/AGENTS.md', text: '---\napplies_to: ["app/**"]\n---\nTS.\n' }]);
    const edited = (await computeReach('/repo', 'src/AGENTS.md', all, { fs: overlay, cache, ...noPause }))!;
    assert.deepEqual(diffReach(saved, edited), {
      gained: [
        'src/app/.holaryn/instructions.md',
        'src/app/AGENTS.md',
        'src/app/views/A.tsx',
        'src/app/views/B.tsx',
        'src/app/views/notes.md',
      ],
      lost: ['src/main.ts', 'src/util.ts'],
    });
    assert.deepEqual(diffReach(saved, saved), { gained: [], lost: [] });
    const dup: Reach = { ...saved, kind: 'duplicate' };
    assert.deepEqual(diffReach(saved, dup).lost, saved.appliesTo);
  });

  it('formats counts with thousands separators', () => {
    const r: Reach = {
      source: 'AGENTS.md',
      directory: '',
      total: 1210,
      inScope: 1210,
      counted: 1210,
      kind: 'source',
      duplicateOf: null,
      reason: null,
      metadata: { applies_to: null, excludes: [], priority: 0, mode: 'append', required_validation: [] },
      appliesTo: new Array(34).fill('x'),
      superseded: [],
      supersededBy: [],
    };
    assert.equal(appliesSummary(r), 'applies to 34 of 1,210 files');
  });

  it('inDirectory', () => {
    assert.ok(inDirectory('', 'a'));
    assert.ok(inDirectory('src', 'src/a'));
    assert.ok(!inDirectory('src', 'srcx/a'));
    assert.ok(!inDirectory('src', 'src'));
  });
});
