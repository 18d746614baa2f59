import { strict as assert } from 'node:assert';
import { KIMI_MAX_BYTES, fitKimi, kimiContext, kimiHeader } from '../../../src/resolver/profiles/kimi/fit';

const len = (s: string) => Buffer.byteLength(s, 'utf8');

describe('kimi pure rules', () => {
  it('spends the budget deepest first, framing counted; the deepest alone fills it exactly', () => {
    const leaf = { path: '/w/pkg/AGENTS.md', content: 'B'.repeat(40000) };
    const root = { path: '/w/AGENTS.md', content: 'ROOTDOC' };
    const fits = fitKimi([root, leaf]);
    assert.deepEqual(
      fits.map((f) => f.status),
      ['omitted', 'truncated'],
    );
    const text = kimiContext([root, leaf], fits);
    assert.equal(len(text), KIMI_MAX_BYTES);
    assert.equal(text, kimiHeader(leaf.path) + 'B'.repeat(KIMI_MAX_BYTES - len(kimiHeader(leaf.path))));
  });

  it('a part whose header and separator use up what is left is dropped (<= 0)', () => {
    const a = { path: '/a', content: 'x' };
    const b = { path: '/b', content: 'y' };
    // b costs 18 + 1; a's overhead is 18 + 2: a budget of 39 leaves exactly 0 for a.
    assert.equal(len(kimiHeader('/a')), 18);
    assert.deepEqual(
      fitKimi([a, b], 39).map((f) => f.status),
      ['omitted', 'included'],
    );
    assert.deepEqual(
      fitKimi([a, b], 40).map((f) => f.status),
      ['included', 'included'],
    );
  });

  it('a cut drops a broken character and strips; only the kept bytes are charged', () => {
    const fits = fitKimi(
      [
        { path: '/s', content: 'shallow' },
        { path: '/m', content: 'X' + ' '.repeat(50) + 'Z' },
        { path: '/d', content: 'deep' },
      ],
      82,
    );
    // d: 18 + 4; m: 18 + 2, then 40 bytes left, cut to 'X' (1 charged); s: 18 + 2 + 7 still fits.
    assert.deepEqual(
      fits.map((f) => [f.status, f.content]),
      [
        ['included', 'shallow'],
        ['truncated', 'X'],
        ['included', 'deep'],
      ],
    );
    const e = fitKimi([{ path: '/e', content: 'ééé' }], 18 + 5);
    assert.deepEqual(e[0], { status: 'truncated', content: 'éé' });
  });
});
