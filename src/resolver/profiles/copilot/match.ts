/**
 * Copilot's `applyTo` matching (VS Code `ComputeAutomaticInstructions._matches`): the pattern is
 * split on commas outside braces and brackets, each part trimmed; `**`, `**\/*` and `*` match
 * everything, even with no file attached; any other part not starting with `/` or `**\/` gets `**\/`
 * in front and is matched case-insensitively against the file's ABSOLUTE path. The glob itself is
 * minimatch's (through Holaryn's bounded PatternSet).
 */
import { PatternSet, patternBoundsProblem, patternTotalProblem } from '../../globs';

export const MATCH_ALL = Object.freeze(['**', '**/*', '*']);

/** Splits on `sep` outside `{…}` and `[…]`. */
export function splitGlobAware(pattern: string, sep = ','): string[] {
  const out: string[] = [];
  let braces = 0;
  let brackets = 0;
  let current = '';
  for (const c of pattern) {
    if (c === '{') braces++;
    else if (c === '}' && braces > 0) braces--;
    else if (c === '[') brackets++;
    else if (c === ']' && brackets > 0) brackets--;
    if (c === sep && braces === 0 && brackets === 0) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out;
}

/** The parts Copilot tries, trimmed, empty ones dropped. */
export function patternParts(pattern: string): string[] {
  return splitGlobAware(pattern)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** The pattern as Copilot matches it: `**\/` in front unless it starts with `/` or `**\/`. */
export function effectivePart(part: string): string {
  return part.startsWith('/') || part.startsWith('**/') ? part : `**/${part}`;
}

const sets = new Map<string, PatternSet>();
function compiled(pattern: string): PatternSet {
  let set = sets.get(pattern);
  if (!set) {
    if (sets.size > 4096) sets.clear();
    sets.set(pattern, (set = new PatternSet([pattern])));
  }
  return set;
}

/** A path as the matcher sees it: `/` separators, no leading `/`, lower case. */
function matchedPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}

/**
 * The matched path split into its segments, kept for the paths seen last: every rule is matched
 * against the same files, which are split once (undefined: not canonical, matched whole).
 */
const splits = new Map<string, { path: string; parts: string[] | undefined }>();
function splitPath(abs: string): { path: string; parts: string[] | undefined } {
  let hit = splits.get(abs);
  if (!hit) {
    if (splits.size >= 16384) splits.clear();
    const path = matchedPath(abs);
    const parts = path.split('/');
    hit = { path, parts: parts.every((p) => p !== '' && p !== '.' && p !== '..') ? parts : undefined };
    splits.set(abs, hit);
  }
  return hit;
}

/** Whether `glob` matches `path` (both compared in lower case; a leading `/` dropped from both). */
export function globMatchesIgnoreCase(glob: string, path: string): boolean {
  const p = matchedPath(path);
  if (p === '') return false;
  return compiled(glob.toLowerCase()).firstMatch(p) !== undefined;
}

export type PartMatch = { part: string; effective: string; all: boolean };

/**
 * One `applyTo` (or Claude rule `paths`) pattern, split and compiled once: matching it against
 * many files costs one glob test per part and file, never a new split of the pattern.
 */
export class CopilotPattern {
  private readonly parts: { part: string; effective: string; all: boolean; set?: PatternSet }[];

  constructor(readonly pattern: string) {
    this.parts = patternParts(pattern).map((part) => {
      if (MATCH_ALL.includes(part)) return { part, effective: part, all: true };
      const effective = effectivePart(part);
      return { part, effective, all: false, set: compiled(effective.toLowerCase()) };
    });
  }

  /**
   * Why Holaryn does not evaluate the pattern (over the bounds every profile's globs share:
   * its whole length, or one part's), or undefined. `key` names it in the message.
   */
  problem(key: string): string | undefined {
    const total = patternTotalProblem([this.pattern], key);
    if (total !== undefined) return total;
    for (const p of this.parts) {
      if (p.all) continue;
      const why = patternBoundsProblem(p.effective.toLowerCase(), p.part);
      if (why !== undefined) return `${key} part ${JSON.stringify(p.part.length > 80 ? `${p.part.slice(0, 80)}…` : p.part)}: ${why}`;
    }
    return undefined;
  }

  /** The first part matching the absolute path `abs` (undefined: no file, only the match-all parts can apply). */
  match(abs: string | undefined): PartMatch | undefined {
    let split: { path: string; parts: string[] | undefined } | undefined;
    for (const p of this.parts) {
      if (p.all) return { part: p.part, effective: p.effective, all: true };
      if (abs === undefined) continue;
      split ??= splitPath(abs);
      if (split.path === '') continue;
      const hit = split.parts ? p.set!.firstMatchSegments(split.parts) : p.set!.firstMatch(split.path);
      if (hit !== undefined) return { part: p.part, effective: p.effective, all: false };
    }
    return undefined;
  }
}
