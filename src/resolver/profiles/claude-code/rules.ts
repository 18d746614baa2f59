/**
 * Matching a Claude Code path rule: Claude Code 2.1.328 matches a rule's `paths` the way a
 * `.gitignore` matches (the `ignore` library): `*.ts` matches at any depth, `src/` matches what is
 * under `src`, and a pattern that does not compile is left out while the others still match. The
 * path is the touched file's, relative to the folder holding the rule's `.claude` folder (the
 * working directory for the user's and managed rules).
 */
import ignore, { Ignore } from 'ignore';

/** Compiled pattern lists, shared by text (bounded: starts afresh when full). */
const compiled = new Map<string, Ignore>();
const MAX_COMPILED = 4096;

/** Whether `ignore` compiles a pattern (one it cannot is left out). */
function compiles(pattern: string): boolean {
  try {
    ignore().add([pattern]).test('probe');
    return true;
  } catch {
    return false;
  }
}

function matcher(globs: readonly string[]): Ignore {
  const key = JSON.stringify(globs);
  let m = compiled.get(key);
  if (!m) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, (m = ignore().add(globs.filter(compiles))));
  }
  return m;
}

/** Whether a rule with these globs loads for a file at `rel` (`/`-separated, below the rule's folder). */
export function pathRuleMatches(globs: readonly string[], rel: string): boolean {
  if (rel === '' || rel.startsWith('../') || rel.startsWith('/')) return false;
  try {
    return matcher(globs).ignores(rel);
  } catch {
    return false;
  }
}
