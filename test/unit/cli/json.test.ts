/**
 * The streaming JSON writer (docs/speed.md, "JSON in large pieces"): large evidence is written in chunks, never as one string,
 * and the bytes are exactly those of `JSON.stringify(value, null, 2)` plus a newline.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { LazyMembers, writeJson } from '../../../src/cli/json';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { resolveInstructions } from '../../../src/resolver';
import { fm } from '../../helpers/tree';

function written(value: unknown, space: 0 | 2): { text: string; writes: number; largest: number } {
  const parts: string[] = [];
  writeJson(value, { stdout: (t) => parts.push(t), isTTY: space === 2 });
  return { text: parts.join(''), writes: parts.length, largest: Math.max(...parts.map((p) => p.length)) };
}

function same(value: unknown): void {
  for (const space of [2, 0] as const)
    assert.equal(written(value, space).text, `${JSON.stringify(value, null, space)}\n`, `space ${space}`);
}

describe('streaming JSON output (bytes of JSON.stringify(value, null, 2) on a terminal, of JSON.stringify(value) otherwise)', () => {
  it('evidence of many targets: the same bytes, in more than one write', () => {
    const files: Record<string, string> = {
      '/repo/AGENTS.md': 'root\n',
      '/repo/CLAUDE.md': fm('excludes: ["**/gen/**"]\nrequired_validation: ["npm test"]', 'claude "quoted" \u2028 é 🚀\n'),
      '/repo/pkg/AGENTS.md': fm('applies_to: ["src/**"]\nmode: replace', 'pkg\n'),
      '/repo/pkg/CLAUDE.md': fm('applies_to: "**/*.ts"', 'pkg claude\n'),
    };
    const targets: string[] = [];
    for (let i = 0; i < 1500; i++) targets.push(`pkg/${['src', 'gen', 'test'][i % 3]}/f${i}.${i % 2 ? 'ts' : 'md'}`);
    const ev = resolveInstructions('/repo', targets, { fs: new MemoryFs(files), globalFile: null, budget: 2000 });
    for (const space of [2, 0] as const) {
      const { text, writes } = written(ev, space);
      assert.equal(text, `${JSON.stringify(ev, null, space)}\n`);
      assert.ok(writes > 1, 'written in one piece');
    }
  });

  it('a document far larger than one piece is written in pieces of bounded size', () => {
    // 300 sources of 4,000 targets each: 1.2 million items, ~40 MB of JSON.
    const targets = Array.from({ length: 4000 }, (_, i) => `packages/pkg-${i % 40}/src/module-${i}/file-${i}.ts`);
    const doc = {
      schema: 'x',
      sources: Array.from({ length: 300 }, (_, i) => ({ path: `s${i}`, appliesTo: targets, content: 'c'.repeat(i * 100) })),
    };
    for (const space of [2, 0] as const) {
      const { text, largest } = written(doc, space);
      assert.equal(text, `${JSON.stringify(doc, null, space)}\n`);
      assert.ok(largest < 2_000_000, `a write of ${largest} characters out of ${text.length}`);
    }
  });

  it('edge values: empty containers, undefined, functions, symbols, sparse arrays, boxed and non-finite numbers, toJSON', () => {
    const long = Array.from({ length: 700 }, (_, i) => (i % 7 === 0 ? undefined : i % 5 === 0 ? { a: [i, { b: [] }], c: {} } : `s${i}`));
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 3];
    const withToJson = { toJSON: (key: string) => ({ key, list: Array.from({ length: 300 }, (_, i) => i) }) };
    const values: unknown[] = [
      {},
      [],
      { a: undefined, b: () => 1, c: Symbol('x'), d: null, e: [undefined, () => 1, Symbol('y')] },
      { deep: { deeper: { deepest: { list: long, empty: [], obj: {} } } } },
      { list: long, sparse, boxed: [new Number(1), new String('s'), new Boolean(false)], nums: [NaN, Infinity, -0, 1e21] },
      { date: new Date(0), wrapped: withToJson, inArray: [withToJson, new Date(1)], big: Array.from({ length: 600 }, () => withToJson) },
      Array.from({ length: 1000 }, (_, i) => ({ i, s: `x\n${i}` })),
      [[[[Array.from({ length: 513 }, (_, i) => [i, { i }])]]]],
      'a string',
      42,
      null,
      withToJson,
    ];
    for (const v of values) same(v);
  });

  it('strings longer than a piece (a million characters and more) stay strings, wherever they are', () => {
    // weight() counts one item per 64 characters: such a string weighs more than a piece, and
    // was once written member by member, as an object of its characters.
    const long = 'x"\u00e9'.repeat(400_000);
    same({ reason: long, n: 1 });
    same([long, long.slice(7), { deep: [long] }]);
    same(long);
    same({ list: Array.from({ length: 20_000 }, (_, i) => ({ target: `t${i}`, reason: i === 19_999 ? long : 'short' })) });
  });

  it('a long string is written in slices with the same bytes: NULs, and surrogate pairs and lone surrogates on every slice edge', () => {
    const nuls = '\u0000'.repeat(1 << 20);
    same({ content: nuls, context: `a${nuls}b` });
    // 32,768 characters a slice: put a pair (and a lone half) across each edge.
    for (const at of [32_767, 32_768, 32_766]) {
      const pair = `${'y'.repeat(at)}\ud83d\ude80${'z'.repeat(70_000)}`;
      const lone = `${'y'.repeat(at)}\ud83d${'z'.repeat(70_000)}\ude80`;
      same({ pair, lone, both: pair + lone });
    }
  });

  it('members made as they are written (LazyMembers): the bytes of the plain object, each member asked for once, in order, while writing', () => {
    const plain = {
      schema: 's',
      targets: [{ path: 'a' }],
      profiles: { one: { x: 'é'.repeat(70_000), y: [1, 2] }, two: {}, three: { z: null }, skipped: undefined },
    };
    for (const space of [2, 0] as const) {
      const asked: string[] = [];
      const parts: string[] = [];
      const lazy = new LazyMembers(function* () {
        for (const [k, v] of Object.entries(plain.profiles)) {
          asked.push(`${k}@${parts.length}`);
          yield [k, v] as const;
        }
      });
      writeJson({ ...plain, profiles: lazy }, { stdout: (t) => parts.push(t), isTTY: space === 2 });
      assert.equal(parts.join(''), `${JSON.stringify(plain, null, space)}\n`, `space ${space}`);
      assert.deepEqual(
        asked.map((a) => a.split('@')[0]),
        ['one', 'two', 'three', 'skipped'],
      );
    }
    assert.equal(written({ empty: new LazyMembers(() => []) }, 0).text, '{"empty":{}}\n');
  });

  it('arbitrary JSON-like values (property)', () => {
    const leaf = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof({ depthSize: 'small' }, leaf, tie('array'), tie('object')),
      array: fc.oneof(fc.array(tie('tree'), { maxLength: 5 }), fc.array(leaf, { minLength: 250, maxLength: 600 })),
      object: fc.dictionary(fc.string(), tie('tree'), { maxKeys: 5 }),
    }));
    fc.assert(
      fc.property(tree, (v) => {
        same(v);
      }),
      { numRuns: 300 },
    );
  });
});
