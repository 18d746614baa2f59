// A chain parses at most MAX_FRONTMATTER_BYTES_PER_CHAIN bytes of frontmatter, root first, the
// same cold and warm: a chain of maximal blocks cannot make a resolution take minutes. Whether a
// file's block is parsed depends on the files above it alone, never on the other targets.
import { strict as assert } from 'node:assert';
import { FileCache, MAX_FRONTMATTER_BYTES, MAX_FRONTMATTER_BYTES_PER_CHAIN, MemoryFs, resolveInstructions } from '../../src/resolver';

/** A block just under the per-file limit, made of many keys (the slow case for YAML). */
function maximalBlock(): string {
  const keys: string[] = [];
  while (keys.join('').length < MAX_FRONTMATTER_BYTES - 200) keys.push(`k${keys.length}: v\n`);
  return keys.join('');
}

function chainTree(files: number): { fs: MemoryFs; entries: Record<string, string>; target: string; blockBytes: number } {
  const block = maximalBlock();
  const entries: Record<string, string> = {};
  let dir = '/repo';
  for (let i = 0; i < files; i++) {
    entries[`${dir}/AGENTS.md`] = `---\n${block}---\nlevel ${i}\n`;
    dir += '/d';
  }
  entries[`${dir}/x.ts`] = '';
  return { fs: new MemoryFs(entries), entries, target: `${dir.slice('/repo/'.length)}/x.ts`, blockBytes: Buffer.byteLength(block) };
}

describe('hostile: frontmatter budget per chain', () => {
  const files = Math.ceil(MAX_FRONTMATTER_BYTES_PER_CHAIN / (MAX_FRONTMATTER_BYTES - 200)) + 3;
  const { fs, entries, target, blockBytes } = chainTree(files);

  it('parses blocks root first until the budget, then treats the rest as malformed content', () => {
    const ev = resolveInstructions('/repo', [target], { fs, globalFile: null });
    const parsed = Math.floor(MAX_FRONTMATTER_BYTES_PER_CHAIN / blockBytes);
    assert.equal(ev.sources.length, files);
    ev.sources.forEach((s, i) => {
      assert.equal(s.depth, i);
      if (i < parsed) assert.notEqual(s.metadata, null, `source ${i} should be parsed`);
      else assert.equal(s.metadata, null, `source ${i} should not be parsed`);
    });
    const budgetDiagnostics = ev.diagnostics.filter((d) => d.code === 'malformed-frontmatter' && d.message.includes('frontmatter not parsed'));
    assert.equal(budgetDiagnostics.length, files - parsed);
    assert.match(ev.sources[files - 1].content, /^---\n/);
  });

  it('counts the global file first', () => {
    const globalFs = new MemoryFs({ ...entries, '/home/instructions.md': `---\n${maximalBlock()}---\nglobal\n` });
    const ev = resolveInstructions('/repo', [target], { fs: globalFs, globalFile: { path: '/home/instructions.md', displayName: '<global>/instructions.md' } });
    const parsed = Math.floor(MAX_FRONTMATTER_BYTES_PER_CHAIN / blockBytes);
    assert.equal(ev.sources[0].scope, 'global');
    assert.deepEqual(
      ev.sources.map((s) => s.metadata !== null),
      ev.sources.map((_, i) => i < parsed),
    );
  });

  it('gives the same evidence cold and warm (a cached parse does not bypass the budget)', () => {
    const cache = new FileCache();
    const cold = resolveInstructions('/repo', [target], { fs, globalFile: null, cache });
    const warm = resolveInstructions('/repo', [target], { fs, globalFile: null, cache });
    assert.equal(warm.snapshot, cold.snapshot);
    assert.deepEqual(
      warm.sources.map((s) => s.metadata === null),
      cold.sources.map((s) => s.metadata === null),
    );
  });
});

describe('hostile: frontmatter budget, independent of the other targets', () => {
  // Siblings d00..dNN each hold a maximal block, more than the budget together; zz/AGENTS.md
  // applies only to *.py. Its block is parsed whichever other targets come along.
  const block = maximalBlock();
  const siblings = Math.ceil(MAX_FRONTMATTER_BYTES_PER_CHAIN / Buffer.byteLength(block)) + 2;
  const entries: Record<string, string> = { '/repo/zz/AGENTS.md': '---\napplies_to: "*.py"\n---\npython only\n', '/repo/zz/a.ts': '' };
  const others: string[] = [];
  for (let i = 0; i < siblings; i++) {
    const dir = `d${String(i).padStart(2, '0')}`;
    entries[`/repo/${dir}/AGENTS.md`] = `---\n${block}---\n${dir}\n`;
    entries[`/repo/${dir}/f.ts`] = '';
    others.push(`${dir}/f.ts`);
  }
  const fs = new MemoryFs(entries);

  it('a source is not-applicable alone and among many targets alike, and every sibling block is parsed', () => {
    const alone = resolveInstructions('/repo', ['zz/a.ts'], { fs, globalFile: null });
    const many = resolveInstructions('/repo', ['zz/a.ts', ...others], { fs, globalFile: null });
    for (const ev of [alone, many]) {
      const zz = ev.sources.find((s) => s.path === 'zz/AGENTS.md')!;
      assert.equal(zz.status, 'not-applicable');
      assert.deepEqual(zz.metadata?.applies_to, ['*.py']);
    }
    assert.ok(many.sources.every((s) => s.metadata !== null), 'a block was left unparsed');
    assert.equal(many.diagnostics.filter((d) => d.code === 'malformed-frontmatter').length, 0);
  });
});
