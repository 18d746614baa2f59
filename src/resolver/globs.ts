/**
 * Glob patterns of `applies_to` / `excludes` (spec sections 4 and 5): validation with the
 * contract's limits, and matching through minimatch with the contract's options. The matching
 * itself is minimatch's; this file only decides what may reach it.
 */
import { Minimatch, braceExpand } from 'minimatch';
import { MAX_BRACE_ALTERNATIVES, MAX_PATTERN_LENGTH } from './limits';

/** minimatch options fixed by the contract; `platform` pins `/`-only semantics on every OS. */
export const MATCH_OPTIONS = Object.freeze({
  dot: true,
  nonegate: true,
  nocomment: true,
  platform: 'linux' as NodeJS.Platform,
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

/** Why a pattern is not acceptable, or undefined when it is. */
export function checkPattern(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return `pattern is ${pattern.length} characters long; the limit is ${MAX_PATTERN_LENGTH}`;
  }
  const normalized = normalizePattern(pattern);
  if (normalized.trim() === '') return 'pattern is empty';
  if (braceAlternativesBound(normalized) > MAX_BRACE_ALTERNATIVES) {
    return `pattern expands to more than ${MAX_BRACE_ALTERNATIVES} alternatives`;
  }
  const expanded = braceExpand(normalized, MATCH_OPTIONS);
  if (expanded.length > MAX_BRACE_ALTERNATIVES) {
    return `pattern expands to more than ${MAX_BRACE_ALTERNATIVES} alternatives`;
  }
  for (const alternative of expanded) {
    if (alternative.split('/').includes('..')) return 'pattern contains a ".." segment';
  }
  return undefined;
}

/** A compiled pattern list: each pattern compiled once per source, matched many times. */
export class PatternSet {
  private readonly matchers: { pattern: string; mm: Minimatch }[];

  constructor(readonly patterns: readonly string[]) {
    this.matchers = patterns.map((pattern) => ({
      pattern,
      mm: new Minimatch(normalizePattern(pattern), MATCH_OPTIONS),
    }));
  }

  /**
   * The first pattern matching `relative` (a `/`-separated path relative to the source's
   * directory). The empty path (the directory itself) matches nothing, not even `**`.
   */
  firstMatch(relative: string): string | undefined {
    if (relative === '') return undefined;
    for (const { pattern, mm } of this.matchers) if (mm.match(relative)) return pattern;
    return undefined;
  }
}
