// Reach over a FileListing (what the editor counts on every keystroke) gives the answer the
// resolver gives target by target, and keeps its glob results across runs and file changes.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { FileCache } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { OverlayFs } from '../../../src/editing/overlay-fs';
import { FileIndex } from '../../../src/editing/file-index';
import { GlobMatches, Reach, computeReach, diffReach } from '../../../src/editing/reach';

const NUM_RUNS = Number(process.env.HOLARYN_PROPERTY_RUNS ?? 100);

type Tree = Record<string, string | { symlink: string }>;

const tree: Tree = {
  '/repo/AGENTS.md': '---\npriority: 10\n---\nRoot.\n',
  '/repo/README.md': '',
  '/repo/src/AGENTS.md': '---\napplies_to: ["**/*.ts"]\nexcludes: "generated/**"\n---\nTS.\n',
  '/repo/src/CLAUDE.md': { symlink: 'AGENTS.md' },
  '/repo/src/main.ts': '',
  '/repo/src/util.ts': '',
  '/repo/src/alias.ts': { symlink: 'app/main.ts' },
  '/repo/src/generated/api.ts': '',
  '/repo/src/app/.holaryn/instructions.md': '---\napplies_to: ["**/*.ts", "**/*.tsx"]\n---\nApp.\n',
  '/repo/src/app/AGENTS.md': '---\napplies_to: "views/**"\nmode: replace\n---\nViews.\n',
  '/repo/src/app/CLAUDE.md': '---\napplies_to: ["views/A.tsx", "main.ts"]\nmode: replace\npriority: 5\n---\nLast.\n',
  '/repo/src/app/main.ts': '',
  '/repo/src/app/views/A.tsx': '',
  '/repo/src/app/views/B.tsx': '',
  '/repo/src/app/views/notes.md': '',
  '/repo/docs/AGENTS.md': '---\napplies_to: **/*.md\n---\nDocs.\n',
  '/repo/docs/guide.md': '',
  '/repo/docs/out.md': { symlink: '/elsewhere/secret.md' },
  '/repo/bad/AGENTS.md': 'NUL \u0000 byte',
  '/repo/bad/x.ts': '',
  '/repo/empty/AGENTS.md': '',
  '/repo/lit/AGENTS.md': '---\napplies_to: ["a/b/**", "c.ts", "x\\\\*y"]\n---\nLiteral heads.\n',
  '/repo/lit/a/b/c.ts': '',
  '/repo/lit/a/b': '',
  '/repo/lit/a/bc.ts': '',
  '/repo/lit/c.ts': '',
  '/repo/lit/x*y': '',
  '/elsewhere/secret.md': '',
};

/** Every file below `root` in `t`, sorted, and which of them are links. */
function listingOf(t: Tree, root = '/repo'): { files: string[]; links: string[] } {
  const all = Object.keys(t)
    .filter((p) => p.startsWith(`${root}/`))
    .map((p) => p.slice(root.length + 1));
  // A file that is also a directory in the table ('lit/a/b' beside 'lit/a/b/c.ts') is left out.
  const files = all.filter((p) => !all.some((q) => q.startsWith(`${p}/`))).sort();
  return { files, links: files.filter((p) => typeof t[`${root}/${p}`] !== 'string') };
}

function indexOf(t: Tree, root = '/repo'): FileIndex {
  const { files, links } = listingOf(t, root);
  return new FileIndex({ files: files.filter((f) => !links.includes(f)), links, directories: [], opaque: [] });
}

const noPause = { pause: async () => undefined };

/** The plain way (every file resolved as a target) and the listing way agree. */
async function same(fs: MemoryFs | OverlayFs, t: Tree, source: string, extra: { maxFiles?: number; batchSize?: number } = {}) {
  const { files } = listingOf(t);
  const listing = indexOf(t).snapshot();
  const plain = await computeReach('/repo', source, files, { fs, ...noPause, ...extra });
  const fast = await computeReach('/repo', source, listing, { fs, ...noPause, ...extra });
  assert.deepEqual(fast, plain, source);
  return fast!;
}

describe('authoring: reach over a file listing', () => {
  const fs = new MemoryFs(tree);

  it('every instruction file: the same reach as resolving each file as a target', async () => {
    for (const source of [
      'AGENTS.md',
      'src/AGENTS.md',
      'src/CLAUDE.md',
      'src/app/.holaryn/instructions.md',
      'src/app/AGENTS.md',
      'src/app/CLAUDE.md',
      'docs/AGENTS.md',
      'bad/AGENTS.md',
      'empty/AGENTS.md',
      'lit/AGENTS.md',
      'gone/AGENTS.md',
    ]) {
      await same(fs, tree, source);
    }
  });

  it('links are followed by the resolver: one leading inside counts as its file, one leading outside not at all', async () => {
    const r = await same(fs, tree, 'src/AGENTS.md');
    assert.ok(r.appliesTo.includes('src/app/main.ts'));
    assert.ok(!r.appliesTo.includes('src/alias.ts'));
    const docs = await same(fs, tree, 'docs/AGENTS.md');
    assert.deepEqual(docs.appliesTo, ['docs/AGENTS.md', 'docs/guide.md']);
  });

  it('superseded files name their winner: the last replace beside the file that applies there', async () => {
    const r = await same(fs, tree, 'src/app/.holaryn/instructions.md');
    assert.deepEqual(r.superseded, [
      { file: 'src/app/main.ts', by: 'src/app/CLAUDE.md' },
      { file: 'src/app/views/A.tsx', by: 'src/app/CLAUDE.md' },
      { file: 'src/app/views/B.tsx', by: 'src/app/AGENTS.md' },
    ]);
  });

  it('literal heads only narrow what is matched: a file, a folder, an escaped star', async () => {
    const r = await same(fs, tree, 'lit/AGENTS.md');
    assert.deepEqual(r.appliesTo, ['lit/a/b/c.ts', 'lit/c.ts', 'lit/x*y']);
  });

  it('the same with a cap, any batch size, and unsaved text', async () => {
    for (const maxFiles of [0, 1, 3, 7]) await same(fs, tree, 'src/AGENTS.md', { maxFiles });
    for (const maxFiles of [2, 5]) await same(fs, tree, 'AGENTS.md', { maxFiles });
    await same(fs, tree, 'src/app/.holaryn/instructions.md', { batchSize: 1 });
    const overlay = new OverlayFs(fs, [
      { path: '/repo/src/app/AGENTS.md', text: '---\napplies_to: "**"\nmode: replace\npriority: 9\n---\n' },
    ]);
    await same(overlay, tree, 'src/app/.holaryn/instructions.md');
    await same(overlay, tree, 'src/app/CLAUDE.md');
  });

  it('can be cancelled at a pause', async () => {
    let pauses = 0;
    const r = await computeReach('/repo', 'AGENTS.md', indexOf(tree).snapshot(), {
      fs,
      batchSize: 2,
      isCancelled: () => pauses >= 2,
      pause: async () => {
        pauses++;
      },
    });
    assert.equal(r, undefined);
  });

  it('keeps glob results per pattern list: text outside the frontmatter matches nothing again; new globs are matched afresh', async () => {
    const listing = indexOf(tree).snapshot();
    const matches = new GlobMatches();
    const cache = new FileCache();
    const run = (text: string) =>
      computeReach('/repo', 'src/AGENTS.md', listing, {
        fs: new OverlayFs(fs, [{ path: '/repo/src/AGENTS.md', text }]),
        cache,
        matches,
        ...noPause,
      });
    const first = (await run('---\napplies_to: "**/*.ts"\n---\nOne.\n'))!;
    assert.equal(matches.size, 1);
    const body = (await run('---\napplies_to: "**/*.ts"\n---\nOne more line.\n'))!;
    assert.equal(matches.size, 1, 'the same globs: the kept result');
    assert.deepEqual(body.appliesTo, first.appliesTo);
    const changed = (await run('---\napplies_to: "app/**"\n---\nOne.\n'))!;
    assert.equal(matches.size, 2);
    assert.deepEqual(changed.appliesTo, [
      'src/app/.holaryn/instructions.md',
      'src/app/AGENTS.md',
      'src/app/CLAUDE.md',
      'src/app/main.ts',
      'src/app/views/A.tsx',
      'src/app/views/B.tsx',
      'src/app/views/notes.md',
    ]);
  });

  it('after files are added, removed or renamed, kept results are brought up to date, as a fresh count would give', async () => {
    const t: Tree = { ...tree };
    const idx = indexOf(t);
    const matches = new GlobMatches();
    const before = await computeReach('/repo', 'src/AGENTS.md', idx.snapshot(), { fs: new MemoryFs(t), matches, ...noPause });
    assert.ok(before!.appliesTo.includes('src/util.ts'));
    // util.ts renamed, a file created, a link created, a folder deleted.
    delete t['/repo/src/util.ts'];
    t['/repo/src/tools.ts'] = '';
    t['/repo/src/new/x.ts'] = '';
    t['/repo/src/ln.ts'] = { symlink: 'main.ts' };
    delete t['/repo/src/generated/api.ts'];
    idx.remove('src/util.ts');
    idx.addFile('src/tools.ts');
    idx.addFile('src/new/x.ts');
    idx.addFile('src/ln.ts', true);
    idx.remove('src/generated');
    idx.commit();
    const disk = new MemoryFs(t);
    const after = await computeReach('/repo', 'src/AGENTS.md', idx.snapshot(), { fs: disk, matches, ...noPause });
    assert.equal(matches.size, 1);
    const fresh = await computeReach('/repo', 'src/AGENTS.md', listingOf(t).files, { fs: disk, ...noPause });
    assert.deepEqual(after, fresh);
    assert.ok(after!.appliesTo.includes('src/tools.ts') && !after!.appliesTo.includes('src/util.ts'));
  });

  it('a listing of another index is never taken for a newer version of the kept one', async () => {
    const matches = new GlobMatches();
    await computeReach('/repo', 'src/AGENTS.md', indexOf(tree).snapshot(), { fs, matches, ...noPause });
    const t: Tree = { ...tree, '/repo/src/other.ts': '' };
    const r = await computeReach('/repo', 'src/AGENTS.md', indexOf(t).snapshot(), { fs: new MemoryFs(t), matches, ...noPause });
    assert.ok(r!.appliesTo.includes('src/other.ts'));
  });

  it('diffReach compares sorted lists in one pass, as the sets would', () => {
    const base = { kind: 'source' } as Reach;
    const a = { ...base, appliesTo: ['a', 'b', 'd', 'f'] };
    const b = { ...base, appliesTo: ['b', 'c', 'd', 'e'] };
    assert.deepEqual(diffReach(a, b), { gained: ['c', 'e'], lost: ['a', 'f'] });
    assert.deepEqual(diffReach(a, a), { gained: [], lost: [] });
    const unsorted = { ...base, appliesTo: ['d', 'a', 'a'] };
    assert.deepEqual(diffReach(unsorted, b), { gained: ['b', 'c', 'e'], lost: ['a'] });
  });

  it('property: random trees, links, globs, priorities and modes give the resolver’s answer', async () => {
    const segment = fc.constantFrom('a', 'b', 'src', 'gen', '.hidden', 'x.ts', 'y.md', 'z.tsx');
    const relPath = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));
    const glob = fc.constantFrom(
      '**',
      '**/*.ts',
      '*.ts',
      'src/**',
      'a/**/x.ts',
      'b',
      '{a,b}/**',
      '**/gen/**',
      '.hidden/**',
      'a/*',
      '*',
      // Name-only lists (a file's name decides): asked once per name.
      '**/x.ts',
      '**/{x.ts,y.md}',
      '**/.hidden',
      '**/*',
      '**/*-*',
    );
    const globs = fc.array(glob, { minLength: 1, maxLength: 3 });
    const frontmatter = fc.record({
      applies: fc.option(globs, { nil: undefined }),
      excludes: fc.option(globs, { nil: undefined }),
      mode: fc.constantFrom('append', 'replace'),
      priority: fc.integer({ min: -2, max: 2 }),
    });
    const name = fc.constantFrom('AGENTS.md', 'CLAUDE.md', '.holaryn/instructions.md');
    const instruction = fc.tuple(fc.constantFrom('', 'a', 'src', 'a/b'), name, frontmatter);
    await fc.assert(
      fc.asyncProperty(
        fc.array(relPath, { maxLength: 25 }),
        fc.array(instruction, { minLength: 1, maxLength: 6 }),
        // Links to listed files, to missing ones, and out of the root.
        fc.array(fc.tuple(relPath, fc.oneof(relPath, fc.constant('/outside/f.ts'))), { maxLength: 4 }),
        async (targets, sources, links) => {
          const t: Tree = { '/outside/f.ts': '' };
          for (const p of targets) t[`/repo/${p}`] = '';
          for (const [from, to] of links) t[`/repo/${from}`] = { symlink: to.startsWith('/') ? to : `/repo/${to}` };
          for (const [dir, file, fm] of sources) {
            const lines = [`mode: ${fm.mode}`, `priority: ${fm.priority}`];
            if (fm.applies) lines.push(`applies_to: ${JSON.stringify(fm.applies)}`);
            if (fm.excludes) lines.push(`excludes: ${JSON.stringify(fm.excludes)}`);
            t[`/repo/${dir === '' ? '' : `${dir}/`}${file}`] = `---\n${lines.join('\n')}\n---\nText.\n`;
          }
          // A path both a file and a directory's prefix cannot exist: keep the deeper ones.
          for (const p of Object.keys(t)) if (Object.keys(t).some((q) => q.startsWith(`${p}/`))) delete t[p];
          const mem = new MemoryFs(t);
          for (const [dir, file] of sources) {
            const source = `${dir === '' ? '' : `${dir}/`}${file}`;
            if (!(`/repo/${source}` in t)) continue;
            await same(mem, t, source);
            await same(mem, t, source, { maxFiles: 3 });
          }
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});
