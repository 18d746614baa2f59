/**
 * Property-based: the glob machinery under random input (docs/contract.md §5, SECURITY.md).
 * - The linear-time segment matcher answers exactly as V8's RegExp on every regex minimatch
 *   builds from random globs (extglobs, classes, stars, escapes, astral and line-break chars).
 * - Whole-pattern matching through PatternSet equals plain minimatch (small inputs, where the
 *   native engine cannot blow up).
 * - The brace-expansion bound never underestimates brace-expansion itself.
 * - checkPattern and PatternSet never throw, whatever the pattern.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { GLOBSTAR, Minimatch, braceExpand, minimatch } from 'minimatch';
import { MATCH_OPTIONS, PatternSet, normalizePattern } from '../../src/resolver';
import { MAX_BRACE_ALTERNATIVES } from '../../src/resolver/limits';
import { checkPattern } from '../../src/resolver/globs';
import { braceAlternativesBound } from '../../src/resolver/globs';
import { LinearRegex, UnsupportedRegex } from '../../src/resolver/linear-regex';

const NUM_RUNS = Number(process.env.HOLARYN_PROPERTY_RUNS ?? 300);

const CHARS = ['a', 'b', 'c', '.', '-', ' ', '#', 'é', '😀', '\n', '\u2028', ',', '\\', '\ud800'];
const nameChar = fc.constantFrom(...CHARS.filter((c) => c !== '\\'));
const name = fc.array(nameChar, { maxLength: 10 }).map((a) => a.join(''));

/** Random glob segments: literals, wildcards, classes, escapes and nested extglobs. */
const segment: fc.Arbitrary<string> = fc.letrec<{ seg: string; ext: string }>((tie) => ({
  seg: fc
    .array(
      fc.oneof(
        { weight: 5, arbitrary: nameChar },
        { weight: 3, arbitrary: fc.constantFrom('*', '?', '**') },
        {
          weight: 2,
          arbitrary: fc.constantFrom(
            '[ab]',
            '[!a]',
            '[^a]',
            '[a-c]',
            '[[:alpha:]]',
            '[[:digit:]]',
            '[[:space:]]',
            '[z-a]',
            '[]',
            '[\\]]',
            '[a-]',
            '[!]',
          ),
        },
        { weight: 1, arbitrary: fc.constantFrom('\\*', '\\?', '\\[', '\\\\', '\\a') },
        { weight: 2, arbitrary: tie('ext') },
      ),
      { maxLength: 6 },
    )
    .map((parts) => parts.join('')),
  ext: fc
    .tuple(fc.constantFrom('+', '*', '?', '@', '!'), fc.array(tie('seg'), { minLength: 1, maxLength: 3 }))
    .map(([kind, alts]) => `${kind}(${alts.join('|')})`),
})).seg;

const glob = fc
  .array(fc.oneof({ weight: 4, arbitrary: segment }, { weight: 1, arbitrary: fc.constant('**') }), { minLength: 1, maxLength: 3 })
  .map((s) => s.join('/'));
const relPath = fc
  .array(
    name.filter((n) => n !== '' && n !== '.' && n !== '..'),
    { minLength: 1, maxLength: 4 },
  )
  .map((s) => s.join('/'));

function plainMinimatch(pattern: string): Minimatch | undefined {
  try {
    return new Minimatch(normalizePattern(pattern), MATCH_OPTIONS);
  } catch {
    return undefined;
  }
}

describe('property: globs', () => {
  it('the linear segment matcher answers exactly as the RegExp minimatch builds (random globs and names)', () => {
    let compared = 0;
    fc.assert(
      fc.property(segment, fc.array(name, { minLength: 1, maxLength: 6 }), (seg, names) => {
        const mm = plainMinimatch(seg);
        if (!mm) return;
        for (const parts of mm.set) {
          for (const part of parts) {
            if (typeof part === 'string' || part === GLOBSTAR) continue;
            const re = part as RegExp;
            // The RegExp's own answer (minimatch may attach a faster `test` of its own).
            const native = (s: string) => RegExp.prototype.test.call(re, s);
            let linear: LinearRegex;
            try {
              linear = new LinearRegex(re.source, re.flags);
            } catch (err) {
              assert.ok(err instanceof UnsupportedRegex, String(err));
              assert.fail(`minimatch emitted syntax the linear matcher does not know: /${re.source}/${re.flags}`);
            }
            for (const n of names) {
              compared++;
              assert.equal(linear.test(n), native(n), `/${re.source}/${re.flags} on ${JSON.stringify(n)}`);
            }
          }
        }
      }),
      { numRuns: NUM_RUNS * 3 },
    );
    assert.ok(compared > 100, `only ${compared} comparisons were made`);
  });

  it('PatternSet matches exactly as plain minimatch with the contract options (random patterns and paths)', () => {
    fc.assert(
      fc.property(glob, fc.array(relPath, { minLength: 1, maxLength: 5 }), (pattern, paths) => {
        const mm = plainMinimatch(pattern);
        const set = new PatternSet([pattern]);
        for (const p of paths) {
          const expected = mm ? mm.match(p) : false;
          assert.equal(set.firstMatch(p) !== undefined, expected, `${JSON.stringify(pattern)} on ${JSON.stringify(p)}`);
          if (mm) assert.equal(expected, minimatch(p, normalizePattern(pattern), MATCH_OPTIONS));
        }
      }),
      { numRuns: NUM_RUNS * 3 },
    );
  });

  it('checkPattern and PatternSet never throw on arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }),
        fc.oneof(glob, fc.string({ maxLength: 40 })),
        relPath,
        (raw, pattern, p) => {
          for (const s of [raw, pattern]) {
            const why = checkPattern(s);
            assert.ok(why === undefined || typeof why === 'string');
            new PatternSet([s]).firstMatch(p);
          }
        },
      ),
      { numRuns: NUM_RUNS * 3 },
    );
  });

  /** Random brace patterns; `stray` adds unbalanced braces (brace-expansion's bash quirks). */
  const bracePattern = (stray: boolean): fc.Arbitrary<string> =>
    fc.letrec<{ pat: string; group: string }>((tie) => ({
      pat: fc
        .array(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'x', '', '/', '\\,', '$', ...(stray ? ['{', '}', ','] : [])) },
            { weight: 2, arbitrary: tie('group') },
          ),
          { maxLength: 4 },
        )
        .map((p) => p.join('')),
      group: fc.oneof(
        fc.array(tie('pat'), { minLength: 1, maxLength: 4 }).map((alts) => `{${alts.join(',')}}`),
        fc
          .tuple(fc.integer({ min: -12, max: 12 }), fc.integer({ min: -12, max: 12 }), fc.option(fc.integer({ min: -4, max: 4 })))
          .map(([a, b, s]) => `{${a}..${b}${s === null ? '' : `..${s}`}}`),
        fc.tuple(fc.constantFrom('a', 'c', 'x', 'A', 'Z'), fc.constantFrom('a', 'e', 'z', 'B')).map(([a, b]) => `{${a}..${b}}`),
        fc.constantFrom('{a}', '${a,b}', '{0001..3}', '{a..c..2}'),
      ),
    })).pat;

  it('the brace-expansion bound is never below what brace-expansion produces (balanced braces)', () => {
    fc.assert(
      fc.property(bracePattern(false), (pattern) => {
        const actual = braceExpand(pattern, { ...MATCH_OPTIONS, braceExpandMax: 100_000 }).length;
        const bound = braceAlternativesBound(pattern, 100_000);
        assert.ok(bound >= actual, `${JSON.stringify(pattern)}: bound ${bound} < ${actual} alternatives`);
      }),
      { numRuns: NUM_RUNS * 5 },
    );
  });

  it('checkPattern never accepts a pattern that expands to more than MAX_BRACE_ALTERNATIVES (any braces, bash quirks included)', () => {
    fc.assert(
      fc.property(
        fc.array(bracePattern(true), { minLength: 1, maxLength: 4 }).map((p) => p.join('')),
        (pattern) => {
          if (checkPattern(pattern) !== undefined) return;
          const actual = new Set(braceExpand(normalizePattern(pattern), { ...MATCH_OPTIONS, braceExpandMax: 100_000 })).size;
          assert.ok(actual <= MAX_BRACE_ALTERNATIVES, `${JSON.stringify(pattern)} was accepted with ${actual} alternatives`);
        },
      ),
      { numRuns: NUM_RUNS * 5 },
    );
  });
});
