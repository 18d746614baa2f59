/**
 * CompiledPattern's shape-specific evaluation of minimatch's compiled set: for canonical paths
 * (at least one segment, none empty, `.` or `..`) it answers exactly as minimatch does.
 * - Table tests per shape (no `**`, one `**` with a head and/or a tail, a middle between two
 *   `**`), each row checked against plain minimatch too: the semantics written here are its own.
 * - A property test on random patterns of a small segment grammar and random canonical paths.
 * - The common shapes really take the fast path; other shapes are left to minimatch's matchOne.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { Minimatch } from 'minimatch';
import { MATCH_OPTIONS } from '../../../src/resolver';
import { CompiledPattern, PatternSet } from '../../../src/resolver/globs';

/** matchSegments on a frozen split (it must not modify `parts`), checked against plain minimatch. */
function check(pattern: string, path: string, expected: boolean): void {
  const parts = Object.freeze(path.split('/')) as string[];
  const plain = new Minimatch(pattern, MATCH_OPTIONS).match(path);
  assert.equal(plain, expected, `the table is wrong: minimatch says ${plain} for ${JSON.stringify(pattern)} on ${JSON.stringify(path)}`);
  assert.equal(new CompiledPattern(pattern).matchSegments(parts), expected, `${JSON.stringify(pattern)} on ${JSON.stringify(path)}`);
  // The same path below other segments, matched from its offset (how the resolver calls it).
  const below = Object.freeze(['pkg', 'src', ...parts]) as string[];
  assert.equal(
    new CompiledPattern(pattern).matchSegments(below, 2),
    expected,
    `${JSON.stringify(pattern)} on ${JSON.stringify(path)} from offset 2`,
  );
}

/** [pattern, path, matches?] rows; every pattern here is evaluated without matchOne. */
type Row = [string, string, boolean];

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    for (const [pattern, path, expected] of rows) {
      it(`${pattern} ${expected ? 'matches' : 'does not match'} ${path}`, () => {
        const c = new CompiledPattern(pattern);
        assert.equal(c.fastAlternatives, c.alternatives, `${pattern} is not on the fast path`);
        check(pattern, path, expected);
      });
    }
  });
}

describe('globs: shape-specific matching equals minimatch', () => {
  table('no ** : exactly one segment test per path segment', [
    ['docs/api.md', 'docs/api.md', true],
    ['docs/api.md', 'docs', false],
    ['docs/api.md', 'api.md', false],
    ['docs/api.md', 'docs/api.md/x', false],
    ['docs/api.md', 'x/docs/api.md', false],
    ['*.md', 'README.md', true],
    ['*.md', '.md', true], // dot: true
    ['*.md', 'a/b.md', false],
    ['*', 'a', true],
    ['*', '.hidden', true],
    ['*', 'a/b', false],
    ['*/*', 'a/b', true],
    ['*/*', 'a', false],
    ['a*b', 'ab', true], // `*` in the middle
    ['a*b', 'axyzb', true],
    ['a*b', 'a/b', false],
    ['?', 'a', true],
    ['?', 'ab', false],
    ['[ab]', 'a', true],
    ['[ab]', '[ab]', false], // a class, not a literal name
    ['\\[ab\\]', '[ab]', true], // escaped: the literal name
    ['\\*', '*', true],
    ['\\*', 'a', false],
    ['{src,lib}/*.ts', 'lib/a.ts', true], // brace alternatives
    ['{src,lib}/*.ts', 'test/a.ts', false],
    ['*.{ts,tsx}', 'a.tsx', true],
    ['*.{ts,tsx}', 'a.js', false],
    ['é/*.ts', 'é/ü.ts', true], // unicode names
    ['😀*', '😀x', true],
    ['?', '😀', false], // minimatch's `?` is one UTF-16 code unit
    ['??', '😀', true],
    ['src/', 'src', false], // a trailing slash leaves an empty part that no segment equals
    ['src/', 'src/a', false],
    ['+(x|y).ts', 'xyx.ts', true],
    ['@(a|b)/c', 'b/c', true],
  ]);

  table('**/P : P on the last segment, any directories (dot ones too) before it', [
    ['**/*.ts', 'a.ts', true], // `**` takes zero segments
    ['**/*.ts', 'src/a/b/x.d.ts', true],
    ['**/*.ts', '.hidden/a.ts', true], // `**` crosses dot directories with dot: true
    ['**/*.ts', '.ts', true],
    ['**/*.ts', 'a.tsx', false],
    ['**/*.ts', 'a.ts/b', false],
    ['**/*.{ts,tsx}', 'src/a.tsx', true],
    ['**/*.{ts,tsx}', 'src/a.js', false],
    ['**/.hidden', '.hidden', true],
    ['**/.hidden', 'a/.hidden', true],
    ['**/.hidden', '.hidden/a', false],
    ['**/[ab]', 'x/a', true],
    ['**/[ab]', 'x/[ab]', false],
    ['**/\\[ab\\]', 'x/[ab]', true],
    ['**/*', 'a', true],
    ['**/*', 'a/b/c', true],
    ['**', 'a', true],
    ['**', '.hidden', true],
    ['**', 'a/.b/c', true],
    ['**/gen', 'src/gen', true],
    ['**/gen', 'gen/x', false],
  ]);

  table('H/** : the head, then at least one more segment', [
    ['src/**', 'src', false], // the trailing `**` needs a segment: `src/**` does not match `src`
    ['src/**', 'src/a', true],
    ['src/**', 'src/.x', true],
    ['src/**', 'src/a/b/c', true],
    ['src/**', 'srcx/a', false],
    ['src/**', 'lib/src/a', false],
    ['src/**', '.src/a', false],
    ['a/b/**', 'a/b', false],
    ['a/b/**', 'a/b/c', true],
    ['a/b/**', 'a/c/d', false],
    ['a/b/**', 'a', false],
    ['*/**', 'a', false],
    ['*/**', 'a/b', true],
    ['{src,test}/**', 'test/x', true],
    ['{src,test}/**', 'docs/x', false],
  ]);

  table('H/**/T : the head at the start, the tail at the end, any segments between', [
    ['src/**/*.ts', 'src/a.ts', true], // a `**` before a tail may take zero segments
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**/*.ts', 'src/.a/b.ts', true],
    ['src/**/*.ts', 'a.ts', false],
    ['src/**/*.ts', 'src', false],
    ['src/**/*.ts', 'src/a.ts/b', false],
    ['src/**/*.ts', 'lib/src/a.ts', false],
    ['a/**/a', 'a', false], // head and tail never share a segment
    ['a/**/a', 'a/a', true],
    ['a/**/a', 'a/b/a', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'b', false],
    ['a/**/b/c', 'a/b/c', true],
    ['a/**/b/c', 'a/b/c/b/c', true],
    ['a/**/b/c', 'a/b', false],
    ['**/a/b', 'a/b', true],
    ['**/a/b', 'x/a/b', true],
    ['**/a/b', 'a/b/x', false],
    ['*/**/*', 'a', false],
    ['*/**/*', 'a/b', true],
    ['src/**/*.{ts,tsx}', 'src/a/b.tsx', true],
  ]);

  table('H/**/M/**/T : M on a segment between, and the trailing ** still needs one', [
    ['**/gen/**', 'gen', false],
    ['**/gen/**', 'a/gen', false], // `gen` as the last segment leaves nothing to the trailing `**`
    ['**/gen/**', 'gen/x', true],
    ['**/gen/**', 'a/b/gen/x/y', true],
    ['**/gen/**', 'a/.gen/x', false],
    ['**/gen/**', 'x/gen/gen', true],
    ['**/gen/**', 'gen/gen', true],
    ['**/gen/**', 'a/b/c', false],
    ['**/a/b/**', 'a/b/c', true],
    ['**/a/b/**', 'x/a/x/b/c', false],
    ['**/a/b/**', 'x/a/b', false],
    ['src/**/gen/**/*.ts', 'src/gen/a.ts', true], // both `**` take zero segments before a tail
    ['src/**/gen/**/*.ts', 'src/x/gen/y/a.ts', true],
    ['src/**/gen/**/*.ts', 'src/a.ts', false],
    ['src/**/gen/**/*.ts', 'src/gen', false],
    ['src/**/gen/**/*.ts', 'gen/a.ts', false],
    ['src/**/gen/**/*.ts', 'src/gen.ts', false],
    ['**/{gen,out}/**', 'a/out/b', true],
    ['**/*.d/**', 'x.d/y', true],
  ]);

  describe('shapes left to minimatch', () => {
    const rows: Row[] = [
      ['a/**/b/**/c/**', 'a/b/c/d', true],
      ['a/**/b/**/c/**', 'a/b/c', false],
      ['**/a/**/b/**', 'x/a/y/b/z', true],
      ['**/a/**/b/**', 'a/b', false],
    ];
    for (const [pattern, path, expected] of rows) {
      it(`${pattern} ${expected ? 'matches' : 'does not match'} ${path} (matchOne)`, () => {
        assert.equal(new CompiledPattern(pattern).fastAlternatives, 0);
        check(pattern, path, expected);
      });
    }
  });

  it('the common pattern shapes take the fast path for every alternative', () => {
    const common: [string, number][] = [
      ['**/*.ts', 1],
      ['**/*.{ts,tsx}', 2],
      ['src/**', 1],
      ['test/**', 1],
      ['**/gen/**', 1],
      ['*.md', 1],
      ['src/**/*.ts', 1],
      ['docs/api.md', 1],
      ['**', 1],
      ['{src,lib}/**/*.{ts,tsx,js}', 6],
      ['**/*.test.ts', 1],
    ];
    for (const [pattern, alternatives] of common) {
      const c = new CompiledPattern(pattern);
      assert.equal(c.alternatives, alternatives, pattern);
      assert.equal(c.fastAlternatives, alternatives, pattern);
    }
    // Only the alternative with three `**` goes through matchOne.
    const mixed = new CompiledPattern('{a/**/b/**/c/**,**/*.ts}');
    assert.equal(mixed.alternatives, 2);
    assert.equal(mixed.fastAlternatives, 1);
    // An empty pattern has no alternatives and matches nothing.
    assert.equal(new CompiledPattern('').matchSegments(['a']), false);
  });

  describe('property: random patterns and canonical paths', () => {
    const SEGMENTS = [
      '**',
      '*',
      '*.ts',
      '?',
      'src',
      'gen',
      'a.b',
      '.hidden',
      '{a,b}',
      '[ab]',
      '*a*',
      '+(x|y)',
      '@(a|b)',
      'a',
      'b',
      'x.d.ts',
      '\\*',
      '\\[ab\\]',
      '{src,**}',
      '*.{ts,md}',
      '!(a)',
      '?(gen)',
      '.*',
      '',
    ];
    const NAMES = ['src', 'gen', 'a.ts', '.hidden', 'x.d.ts', 'ab', 'b', 'a', '[ab]', '*', 'x', 'a.b', '.ts', 'é'];
    const pattern = fc
      .array(fc.oneof({ weight: 2, arbitrary: fc.constant('**') }, { weight: 5, arbitrary: fc.constantFrom(...SEGMENTS) }), {
        minLength: 1,
        maxLength: 6,
      })
      .map((s) => s.join('/'));
    const parts = fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 6 });

    it('matchSegments equals plain minimatch on the joined path (20,000 runs)', () => {
      let fast = 0;
      let fastHits = 0;
      let compared = 0;
      fc.assert(
        fc.property(pattern, fc.array(parts, { minLength: 1, maxLength: 3 }), (p, paths) => {
          const compiled = new CompiledPattern(p);
          const mm = new Minimatch(p, MATCH_OPTIONS);
          if (compiled.fastAlternatives > 0) fast++;
          for (const segments of paths) {
            const expected = mm.match(segments.join('/'));
            assert.equal(compiled.matchSegments(segments), expected, `${JSON.stringify(p)} on ${JSON.stringify(segments.join('/'))}`);
            assert.equal(
              compiled.matchSegments(['x', ...segments], 1),
              expected,
              `${JSON.stringify(p)} on ${JSON.stringify(segments.join('/'))} from offset 1`,
            );
            compared++;
            if (expected && compiled.fastAlternatives === compiled.alternatives) fastHits++;
          }
        }),
        { numRuns: 20_000 },
      );
      // The grammar must exercise the fast path, and not only with misses.
      assert.ok(fast > 10_000, `only ${fast} patterns had a fast alternative`);
      assert.ok(fastHits > 2_000, `only ${fastHits} matches on the fast path`);
      assert.ok(compared >= 20_000);
    });
  });

  it("PatternSet.firstMatch keeps minimatch's answer for paths that are not canonical (matched whole, not by shape)", () => {
    const patterns = ['**/*.ts', 'src/**', 'a/**/b', '**/gen/**', '*', 'a/*', '**'];
    const paths = ['a/../b.ts', 'a//b.ts', './a.ts', 'src/', 'src/./x', 'a/./b', 'a/b/', '/a.ts', 'gen/../x', 'a/b.ts', 'src/x'];
    for (const pattern of patterns) {
      for (const path of paths) {
        const expected = new Minimatch(pattern, MATCH_OPTIONS).match(path);
        assert.equal(new PatternSet([pattern]).firstMatch(path) !== undefined, expected, `${pattern} on ${JSON.stringify(path)}`);
      }
    }
  });
});
