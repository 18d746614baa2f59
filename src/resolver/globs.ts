/**
 * Glob patterns of `applies_to` / `excludes` (spec sections 4 and 5): validation with the
 * contract's limits, and matching through minimatch with the contract's options. The matching
 * itself is minimatch's; this file only decides what may reach it, and swaps the RegExp engine of
 * segments that could backtrack for a linear-time one (see linear-regex.ts), so neither a hostile
 * glob nor a hostile file name can make a match take more than linear time.
 */
import { GLOBSTAR, Minimatch, braceExpand } from 'minimatch';
import {
  COMPILED_PATTERN_CACHE_ALTERNATIVES,
  MAX_BRACE_ALTERNATIVES,
  MAX_BRACKETS_PER_SEGMENT,
  MAX_NEGATED_EXTGLOBS_PER_SEGMENT,
  MAX_PATTERN_CHARS_PER_FILE,
  MAX_PATTERN_LENGTH,
} from './limits';
import { LinearRegex, UnsupportedRegex } from './linear-regex';

/** minimatch options fixed by the contract; `platform` pins `/`-only semantics on every OS. */
export const MATCH_OPTIONS = Object.freeze({
  dot: true,
  nonegate: true,
  nocomment: true,
  platform: 'linux' as NodeJS.Platform,
  // brace-expansion stops there: a pattern that expands further is refused anyway, so no
  // expansion ever builds more than this many strings, whatever the bound below says.
  braceExpandMax: MAX_BRACE_ALTERNATIVES + 1,
});

/** Drops a leading `./` or `/` (repeatedly: `.//a` is `a`). */
export function normalizePattern(pattern: string): string {
  let p = pattern;
  for (;;) {
    if (p.startsWith('./')) p = p.slice(2);
    else if (p.startsWith('/')) p = p.slice(1);
    else return p;
  }
}

const NUMERIC_SEQUENCE = /^(-?\d+)\.\.(-?\d+)(?:\.\.(-?\d+))?$/;
const ALPHA_SEQUENCE = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d+))?$/;

/**
 * An upper bound on the number of strings brace expansion makes of `pattern`, computed without
 * expanding, stopping early once it passes `cap`. It follows brace-expansion's grammar: a
 * balanced `{…}` with a top-level comma is an alternation, `{x..y[..step]}` a sequence, anything
 * else literal; adjacent groups multiply.
 */
export function braceAlternativesBound(pattern: string, cap = MAX_BRACE_ALTERNATIVES): number {
  const clamp = (n: number) => (n > cap ? cap + 1 : n);
  // Returns [count, index after the parsed run]; stops at `,` or `}` when nested.
  const sequence = (start: number, nested: boolean): [number, number] => {
    let count = 1;
    let i = start;
    while (i < pattern.length) {
      const c = pattern[i];
      if (c === '\\') {
        i += 2;
        continue;
      }
      if (nested && (c === ',' || c === '}')) break;
      if (c === '{') {
        const close = matchingBrace(pattern, i);
        if (close < 0) {
          i++;
          continue;
        }
        const body = pattern.slice(i + 1, close);
        count = clamp(count * groupCount(body, i + 1, close));
        i = close + 1;
        continue;
      }
      i++;
    }
    return [count, i];
  };
  const groupCount = (body: string, start: number, end: number): number => {
    const seq = NUMERIC_SEQUENCE.exec(body) ?? ALPHA_SEQUENCE.exec(body);
    if (seq) {
      const a = seq[1];
      const b = seq[2];
      const from = /\d/.test(a) ? Number(a) : a.charCodeAt(0);
      const to = /\d/.test(b) ? Number(b) : b.charCodeAt(0);
      const step = Math.max(1, Math.abs(Number(seq[3] ?? 1)) || 1);
      return clamp(Math.floor(Math.abs(to - from) / step) + 1);
    }
    let total = 0;
    let alternatives = 0;
    let i = start;
    for (;;) {
      const [n, next] = sequence(i, true);
      total = clamp(total + n);
      alternatives++;
      if (next >= end || pattern[next] !== ',') break;
      i = next + 1;
    }
    // Without a top-level comma the braces are literal; the body's own groups still count.
    return alternatives > 1 ? total : clamp(total);
  };
  return sequence(0, false)[0];
}

function matchingBrace(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

type SegmentPart = string | typeof GLOBSTAR | { test(segment: string): boolean; _src?: string; _glob?: string };

/** A part of an alternative other than `**`: a string matches by equality, anything else by `test`. */
type SegmentTest = Exclude<SegmentPart, typeof GLOBSTAR>;

/** Whether `tests` match the segments of `parts` from `at` on, one each (the caller checked bounds). */
function testsAt(parts: string[], tests: readonly SegmentTest[], at: number): boolean {
  for (let i = 0; i < tests.length; i++) {
    const t = tests[i];
    if (typeof t === 'string' ? t !== parts[at + i] : !t.test(parts[at + i])) return false;
  }
  return true;
}

/**
 * An alternative of minimatch's set evaluated without `matchOne`, which slices arrays on every
 * call. For a canonical path (at least one segment, none empty, `.` or `..`) and the contract's
 * options, minimatch's answer for these shapes is a fixed set of segment tests: `head` at the
 * start, `tail` at the end and `middle` somewhere between, the segments left going to the `**`s
 * (which refuse only `.` and `..` segments with `dot`, so no other segment is tested).
 */
class Shape {
  constructor(
    private readonly head: readonly SegmentTest[],
    /** Parts between two `**`; empty when there is at most one `**`. */
    private readonly middle: readonly SegmentTest[],
    /** After the last `**`; undefined when there is no `**`. */
    private readonly tail: readonly SegmentTest[] | undefined,
  ) {}

  /** From the parts of one alternative, or undefined when minimatch must evaluate it. */
  static of(alternative: readonly SegmentPart[]): Shape | undefined {
    const stars: number[] = [];
    for (let i = 0; i < alternative.length; i++) {
      const part = alternative[i];
      if (part === GLOBSTAR) stars.push(i);
      else if (typeof part !== 'string' && typeof part?.test !== 'function') return undefined;
    }
    const tests = (from: number, to?: number) => alternative.slice(from, to) as SegmentTest[];
    if (stars.length === 0) return new Shape(tests(0), [], undefined);
    const [first, last] = [stars[0], stars[stars.length - 1]];
    if (stars.length === 1) return new Shape(tests(0, first), [], tests(first + 1));
    // Two `**` around a non-empty middle: minimatch tries the middle at each position in turn.
    // More `**`, or adjacent ones (merged by minimatch anyway), are left to matchOne.
    if (stars.length === 2 && last > first + 1) return new Shape(tests(0, first), tests(first + 1, last), tests(last + 1));
    return undefined;
  }

  /** Whether the segments of `parts` from `from` on match. */
  match(parts: string[], from: number): boolean {
    const n = parts.length - from;
    const { head, middle, tail } = this;
    if (tail === undefined) return n === head.length && testsAt(parts, head, from);
    // Segments left to the `**`s. A `**` with nothing after it takes at least one (`src/**` does
    // not match `src`); any other takes zero or more (`src/**/*.ts` matches `src/a.ts`).
    const spare = n - head.length - middle.length - tail.length - (tail.length === 0 ? 1 : 0);
    if (spare < 0 || !testsAt(parts, head, from) || !testsAt(parts, tail, parts.length - tail.length)) return false;
    if (middle.length === 0) return true;
    for (let at = from + head.length; at <= from + head.length + spare; at++) if (testsAt(parts, middle, at)) return true;
    return false;
  }
}

/** How the RegExp of one segment is matched: natively when it cannot backtrack, else linearly. */
export type SegmentEngine = 'native' | 'linear';

/** The traversal guard minimatch puts before segments that could match `.` or `..`. */
const TRAVERSAL_GUARD = '^(?!(?:^|\\/)\\.\\.?(?:$|\\/))';

/**
 * The engine for a segment RegExp: native for at most one `*` and no groups (a name is then
 * scanned at most once per star position, which is quadratic at worst in a 255-byte name), the
 * linear matcher for anything that could backtrack more, and native for syntax the linear matcher
 * does not know (minimatch does not emit any).
 */
export function segmentMatcher(re: RegExp): { engine: SegmentEngine; test(segment: string): boolean } {
  let linear: LinearRegex;
  try {
    linear = new LinearRegex(re.source, re.flags);
  } catch (err) {
    if (err instanceof UnsupportedRegex) return { engine: 'native', test: (s) => re.test(s) };
    throw err;
  }
  const guard = re.source.startsWith(TRAVERSAL_GUARD) ? 3 : 0;
  const { stars, groups } = linear.complexity;
  if (stars <= 1 && groups - guard === 0) return { engine: 'native', test: (s) => re.test(s) };
  return { engine: 'linear', test: (s) => linear.test(s) };
}

/** A pattern compiled by minimatch, with every segment RegExp behind a bounded-time matcher. */
export class CompiledPattern {
  readonly mm: Minimatch;
  /** Brace alternatives (minimatch's expanded set, deduplicated). */
  readonly alternatives: number;
  /** Segments matched by the linear engine (for tests and diagnostics). */
  readonly linearSegments: number;
  /** Alternatives matched by their Shape rather than minimatch's matchOne (for tests and diagnostics). */
  readonly fastAlternatives: number;
  /** The Shape of each alternative of `mm.set`, or undefined for matchOne. */
  private readonly shapes: (Shape | undefined)[];

  /** Throws when minimatch cannot compile the pattern. */
  constructor(readonly normalized: string) {
    const mm = new Minimatch(normalized, MATCH_OPTIONS);
    let linearSegments = 0;
    // minimatch matches segment by segment and only calls `test` on non-string parts, so a part
    // with the same `test` is the same match with another engine.
    mm.set = mm.set.map(
      (parts) =>
        parts.map((part): SegmentPart => {
          if (typeof part === 'string' || part === GLOBSTAR) return part;
          // minimatch's own fast tests for `*`, `*.ext`, `???`, `*.*` and `.*` are linear already,
          // and they are what minimatch matches with (they differ from the RegExp on `.`).
          if (Object.prototype.hasOwnProperty.call(part, 'test')) return part;
          const m = segmentMatcher(part as RegExp);
          if (m.engine === 'linear') linearSegments++;
          const re = part as RegExp & { _src?: string; _glob?: string };
          return { test: m.test, _src: re._src, _glob: re._glob };
        }) as typeof parts,
    );
    this.mm = mm;
    this.alternatives = mm.set.length;
    this.linearSegments = linearSegments;
    // Shapes assume what MATCH_OPTIONS fixes: `**` crosses dot segments, `/` only, paths are not
    // rewritten before matching, and minimatch tries a middle at least once (recursion limit).
    const shaped = mm.options.dot === true && !mm.isWindows && (mm.options.optimizationLevel ?? 1) < 2 && mm.maxGlobstarRecursion > 0;
    this.shapes = mm.set.map((alternative) => (shaped ? Shape.of(alternative as SegmentPart[]) : undefined));
    this.fastAlternatives = this.shapes.filter((shape) => shape !== undefined).length;
  }

  match(relative: string): boolean {
    return this.mm.match(relative);
  }

  /**
   * `match` for a canonical path already split into its segments (none empty, `.` or `..`):
   * what `mm.match` does with the contract's options (no comment, no negation, no matchBase, not
   * partial, `/` only), minus splitting the path again for every pattern of every source. The path is `parts` from index
   * `from` on (at least one segment); `parts` is not modified. Alternatives of a common shape are
   * evaluated by their Shape, the others by `matchOne`.
   */
  matchSegments(parts: string[], from = 0): boolean {
    const mm = this.mm;
    if (mm.empty) return false; // an empty pattern matches only the empty path
    const set = mm.set;
    for (let i = 0; i < set.length; i++) {
      const shape = this.shapes[i];
      if (shape !== undefined ? shape.match(parts, from) : mm.matchOne(from === 0 ? parts : parts.slice(from), set[i], false)) return true;
    }
    return false;
  }
}

/**
 * Compiled patterns shared across files and resolutions (the same glob in many files is compiled
 * once), bounded by the total number of alternatives they hold; the oldest go first.
 */
class PatternCache {
  private readonly entries = new Map<string, CompiledPattern | Error>();
  private alternatives = 0;

  constructor(private readonly capacity: number) {}

  get(normalized: string): CompiledPattern | Error {
    const hit = this.entries.get(normalized);
    if (hit !== undefined) {
      // Most recently used last.
      this.entries.delete(normalized);
      this.entries.set(normalized, hit);
      return hit;
    }
    let compiled: CompiledPattern | Error;
    try {
      compiled = new CompiledPattern(normalized);
    } catch (err) {
      compiled = err instanceof Error ? err : new Error(String(err));
    }
    const size = compiled instanceof CompiledPattern ? compiled.alternatives : 1;
    while (this.alternatives + size > this.capacity && this.entries.size > 0) {
      const [oldestKey, oldest] = this.entries.entries().next().value as [string, CompiledPattern | Error];
      this.entries.delete(oldestKey);
      this.alternatives -= oldest instanceof CompiledPattern ? oldest.alternatives : 1;
    }
    this.entries.set(normalized, compiled);
    this.alternatives += size;
    return compiled;
  }
}

const patternCache = new PatternCache(COMPILED_PATTERN_CACHE_ALTERNATIVES);

/** The compiled form of a (not yet normalised) pattern, or the Error minimatch threw. */
export function compilePattern(pattern: string): CompiledPattern | Error {
  return patternCache.get(normalizePattern(pattern));
}

/** `!(` openings in a glob segment as written, but for an escaped `!` or one right after `[`. */
function negatedExtglobs(segment: string): number {
  let count = 0;
  for (let i = segment.indexOf('!('); i >= 0; i = segment.indexOf('!(', i + 2)) {
    if (i === 0 || (segment[i - 1] !== '\\' && segment[i - 1] !== '[')) count++;
  }
  return count;
}

/** Unescaped `[` in a glob segment as written. */
function brackets(segment: string): number {
  let count = 0;
  for (let i = 0; i < segment.length; i++) {
    const c = segment.charCodeAt(i);
    if (c === 0x5c) i++;
    else if (c === 0x5b) count++;
  }
  return count;
}

/**
 * The brace alternatives of a normalised pattern, or why compiling it would cost more than the
 * bounds allow (its length, its brace alternatives, negated extglobs or `[` in one segment).
 */
function boundedAlternatives(pattern: string, written = pattern): { alternatives: string[] } | { problem: string } {
  if (written.length > MAX_PATTERN_LENGTH) {
    return { problem: `pattern is ${written.length} characters long; the limit is ${MAX_PATTERN_LENGTH}` };
  }
  const normalized = normalizePattern(pattern);
  const tooMany = { problem: `pattern expands to more than ${MAX_BRACE_ALTERNATIVES} alternatives` };
  if (braceAlternativesBound(normalized) > MAX_BRACE_ALTERNATIVES) return tooMany;
  const alternatives = braceExpand(normalized, MATCH_OPTIONS);
  if (alternatives.length > MAX_BRACE_ALTERNATIVES) return tooMany;
  for (const alternative of alternatives) {
    for (const segment of alternative.split('/')) {
      if (negatedExtglobs(segment) > MAX_NEGATED_EXTGLOBS_PER_SEGMENT)
        return {
          problem: `pattern has more than ${MAX_NEGATED_EXTGLOBS_PER_SEGMENT} negated extglob groups "!(…)" in one path segment`,
        };
      if (brackets(segment) > MAX_BRACKETS_PER_SEGMENT)
        return { problem: `pattern has more than ${MAX_BRACKETS_PER_SEGMENT} "[" in one path segment` };
    }
  }
  return { alternatives };
}

/**
 * Why compiling and matching a pattern would cost more than the bounds allow, or undefined: the
 * bounds every profile's globs share (Copilot's `applyTo`, Claude Code's `paths`), without the
 * contract's own rules for Holaryn's keys (no `..` segment, not empty), which checkPattern adds.
 * `written` is the pattern as its file has it, when `pattern` is what a profile made of it (its
 * length is what the bound counts).
 */
export function patternBoundsProblem(pattern: string, written = pattern): string | undefined {
  const bounded = boundedAlternatives(pattern, written);
  if ('problem' in bounded) return bounded.problem;
  const compiled = patternCache.get(normalizePattern(pattern));
  if (compiled instanceof Error) return `pattern cannot be compiled (${compiled.message.split('\n')[0].slice(0, 200)})`;
  return undefined;
}

/**
 * Why one file's patterns together exceed the bounds (MAX_PATTERN_CHARS_PER_FILE), or undefined.
 * `key` names them in the message.
 */
export function patternTotalProblem(patterns: readonly string[], key: string): string | undefined {
  let total = 0;
  for (const p of patterns) total += p.length;
  return total > MAX_PATTERN_CHARS_PER_FILE
    ? `${key} holds ${total} characters of patterns; the limit for one file is ${MAX_PATTERN_CHARS_PER_FILE}`
    : undefined;
}

/** Why a pattern is not acceptable, or undefined when it is. */
export function checkPattern(pattern: string): string | undefined {
  if (pattern.length <= MAX_PATTERN_LENGTH && normalizePattern(pattern).trim() === '') return 'pattern is empty';
  const bounded = boundedAlternatives(pattern);
  if ('problem' in bounded) return bounded.problem;
  for (const alternative of bounded.alternatives) {
    if (alternative.split('/').includes('..')) return 'pattern contains a ".." segment';
  }
  // minimatch itself refuses some globs (a POSIX class beside an escaped character builds an
  // invalid unicode RegExp): such a pattern could never match, so it is an invalid value rather
  // than a failure of the whole resolution.
  const compiled = patternCache.get(normalizePattern(pattern));
  if (compiled instanceof Error) return `pattern cannot be compiled (${compiled.message.split('\n')[0].slice(0, 200)})`;
  return undefined;
}

/**
 * A compiled pattern list, matched many times. Patterns are compiled on first use (through the
 * shared cache), and one that minimatch cannot compile matches nothing: a PatternSet never throws.
 */
export class PatternSet {
  private readonly compiled: (CompiledPattern | Error | undefined)[];

  constructor(readonly patterns: readonly string[]) {
    this.compiled = patterns.map(() => undefined);
  }

  /**
   * The first pattern matching `relative` (a `/`-separated path relative to the source's
   * directory). The empty path (the directory itself) matches nothing, not even `**`.
   */
  firstMatch(relative: string): string | undefined {
    if (relative === '') return undefined;
    const parts = relative.split('/');
    // Segment matching assumes a canonical path; anything else (`a//b`, `./a`, `a/../b`, a
    // trailing `/`) is matched by minimatch whole, as written.
    if (parts.every((p) => p !== '' && p !== '.' && p !== '..')) return this.firstMatchSegments(parts);
    for (let i = 0; i < this.patterns.length; i++) if (this.compiledAt(i)?.match(relative)) return this.patterns[i];
    return undefined;
  }

  /**
   * `firstMatch` for a canonical path given as its segments, `parts` from index `from` on (at
   * least one; none empty, `.` or `..`), so that many patterns and sources share one split.
   */
  firstMatchSegments(parts: string[], from = 0): string | undefined {
    for (let i = 0; i < this.patterns.length; i++) if (this.compiledAt(i)?.matchSegments(parts, from)) return this.patterns[i];
    return undefined;
  }

  /** Pattern `i`, compiled on first use; undefined when minimatch cannot compile it. */
  private compiledAt(i: number): CompiledPattern | undefined {
    let c = this.compiled[i];
    if (c === undefined) c = this.compiled[i] = compilePattern(this.patterns[i]);
    return c instanceof CompiledPattern ? c : undefined;
  }
}
