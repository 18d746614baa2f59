/**
 * Copilot's `applyTo` matching (VS Code `ComputeAutomaticInstructions._matches`): the pattern is
 * split on commas outside braces and brackets, each part trimmed; `**`, `**\/*` and `*` match
 * everything, even with no file attached; any other part not starting with `/` or `**\/` gets `**\/`
 * in front and is matched case-insensitively against the file's ABSOLUTE path. The glob itself is
 * minimatch's (through Holaryn's bounded PatternSet).
 */
import { PatternSet } from '../../globs';

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

/** Whether `glob` matches `path` (both compared in lower case; a leading `/` dropped from both). */
export function globMatchesIgnoreCase(glob: string, path: string): boolean {
  const p = path.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
  if (p === '') return false;
  return compiled(glob.toLowerCase()).firstMatch(p) !== undefined;
}

export type PartMatch = { part: string; effective: string; all: boolean };

/**
 * The first part of `pattern` that matches the absolute path `abs` (undefined: no file, only
 * the match-all parts can apply).
 */
export function copilotMatch(pattern: string, abs: string | undefined): PartMatch | undefined {
  for (const part of patternParts(pattern)) {
    if (MATCH_ALL.includes(part)) return { part, effective: part, all: true };
    if (abs === undefined) continue;
    const effective = effectivePart(part);
    if (globMatchesIgnoreCase(effective, abs)) return { part, effective, all: false };
  }
  return undefined;
}
