// One resolution parses at most MAX_FRONTMATTER_BYTES_PER_RESOLUTION bytes of frontmatter, in
// discovery order (root first), the same cold and warm: a chain of maximal blocks cannot make a
// resolution take minutes.
import { strict as assert } from 'node:assert';
import { FileCache, MAX_FRONTMATTER_BYTES, resolveInstructions } from '../../src/resolver';
import { MAX_FRONTMATTER_BYTES_PER_RESOLUTION } from '../../src/resolver/limits';
import { MemoryFs } from '../../src/resolver/memory-fs';

function chainTree(files: number): { fs: MemoryFs; target: string; blockBytes: number } {
  // A block just under the per-file limit, made of many keys (the slow case for YAML).
  const keys: string[] = [];
  while (keys.join('').length < MAX_FRONTMATTER_BYTES - 200) keys.push(`k${keys.length}: v\n`);
  const block = keys.join('');
  const entries: Record<string, string> = {};
  let dir = '/repo';
  for (let i = 0; i < files; i++) {
    entries[`${dir}/AGENTS.md`] = `---\n${block}---\nlevel ${i}\n`;
    dir += '/d';
  }
  entries[`${dir}/x.ts`] = '';
  return { fs: new MemoryFs(entries), target: `${dir.slice('/repo/'.length)}/x.ts`, blockBytes: Buffer.byteLength(block) };
}

describe('hostile: frontmatter budget per resolution', () => {
  const files = Math.ceil(MAX_FRONTMATTER_BYTES_PER_RESOLUTION / (MAX_FRONTMATTER_BYTES - 200)) + 3;
  const { fs, target, blockBytes } = chainTree(files);

  it('parses blocks root first until the budget, then treats the rest as malformed content', () => {
    const ev = resolveInstructions('/repo', [target], { fs, globalFile: null });
    const parsed = Math.floor(MAX_FRONTMATTER_BYTES_PER_RESOLUTION / blockBytes);
    assert.equal(ev.sources.length, files);
    ev.sources.forEach((s, i) => {
      assert.equal(s.depth, i);
      if (i < parsed) assert.notEqual(s.metadata, null, `source ${i} should be parsed`);
      else assert.equal(s.metadata, null, `source ${i} should not be parsed`);
    });
    const budgetDiagnostics = ev.diagnostics.filter(
      (d) => d.code === 'malformed-frontmatter' && d.message.includes('frontmatter not parsed'),
    );
    assert.equal(budgetDiagnostics.length, files - parsed);
    assert.match(ev.sources[files - 1].content, /^---\n/);
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

describe('hostile: frontmatter budget across a batch of sibling directories', () => {
  it('bounds the blocks parsed in one batch, not only on one chain (distinct maximal blocks in many siblings)', () => {
    const siblings = Math.ceil(MAX_FRONTMATTER_BYTES_PER_RESOLUTION / (MAX_FRONTMATTER_BYTES - 200)) + 5;
    const entries: Record<string, string> = {};
    const targets: string[] = [];
    for (let d = 0; d < siblings; d++) {
      // Distinct blocks (parses are shared between equal ones), large in bytes though quick to
      // parse here: the budget counts bytes.
      entries[`/repo/d${d}/AGENTS.md`] = `---\nnote: "${String(d).padEnd(MAX_FRONTMATTER_BYTES - 300, 'x')}"\n---\nd${d}\n`;
      entries[`/repo/d${d}/a.ts`] = '';
      targets.push(`d${d}/a.ts`);
    }
    const ev = resolveInstructions('/repo', targets, { fs: new MemoryFs(entries), globalFile: null });
    const unparsed = ev.diagnostics.filter((d) => d.code === 'malformed-frontmatter' && d.message.includes('frontmatter not parsed'));
    const parsed = ev.sources.filter((s) => s.metadata !== null);
    assert.equal(parsed.length + unparsed.length, siblings);
    assert.ok(
      parsed.length <= Math.floor(MAX_FRONTMATTER_BYTES_PER_RESOLUTION / (MAX_FRONTMATTER_BYTES - 300)),
      `${parsed.length} blocks parsed`,
    );
    assert.ok(unparsed.length >= 5);
  });
});
