// Lint finds the frontmatter block with the resolver's fence rule (docs/contract.md §4), so the
// two can never disagree on where a block starts and ends.
import { strict as assert } from 'node:assert';
import { parseInstructions } from '../../../src/resolver';
import { MAX_FRONTMATTER_BYTES } from '../../../src/resolver/limits';
import { rawBlock } from '../../../src/lint';

describe('lint: the raw frontmatter block follows the resolver fence rule', () => {
  it('takes the block between fences with trailing spaces and \\r, as the resolver does', () => {
    const text = '---  \r\npriority: 1\r\n--- \r\nBody\r\n';
    const block = rawBlock(text);
    assert.ok(block);
    assert.equal(text.slice(block.start, block.end), 'priority: 1\r\n');
    assert.equal(parseInstructions(text).content, 'Body\r\n');
  });

  it('finds no block where the resolver finds none: no opening fence, a tab, or no closing fence', () => {
    for (const text of ['# Title\n---\na: 1\n---\n', '---\t\na: 1\n---\n', '---\na: 1\n', '---']) {
      assert.equal(rawBlock(text), undefined, JSON.stringify(text));
      assert.equal(parseInstructions(text).metadata, null);
    }
  });

  it('keeps a closed block over the byte limit (the resolver calls it malformed) but stops looking past the scan limit', () => {
    const big = `---\nk: ${'x'.repeat(MAX_FRONTMATTER_BYTES)}\n---\nBody\n`;
    assert.ok(rawBlock(big));
    assert.equal(parseInstructions(big).diagnostics[0]?.code, 'malformed-frontmatter');
    const far = `---\n${'x\n'.repeat(MAX_FRONTMATTER_BYTES)}---\nBody\n`;
    assert.equal(rawBlock(far), undefined);
  });
});
