/**
 * A Cursor project rule's frontmatter, as Cursor's documentation describes it (there is no
 * binary to check): `alwaysApply` (a boolean), `globs` (file patterns: a comma-separated string,
 * as Cursor's own rule editor writes it, or a YAML list), `description` (a string). Which of them
 * are set decides how the rule is applied:
 *
 * - `always`: `alwaysApply: true`, in every request;
 * - `auto`: globs, applied when a file they match is in the request;
 * - `agent`: a description only, given to the model, which decides whether to read the rule;
 * - `manual`: none of them, applied only when the user @-mentions the rule.
 *
 * The block is parsed with `yaml` (agent/frontmatter.ts); a block that does not parse leaves the
 * rule manual, and the profile says so. The globs are matched with `minimatch`.
 */
import { minimatch } from 'minimatch';
import { agentHeader } from '../agent/frontmatter';

export type RuleKind = 'always' | 'auto' | 'agent' | 'manual';

export interface CursorRule {
  kind: RuleKind;
  globs: string[];
  description: string | undefined;
  /** The text after the frontmatter. */
  body: string;
  /** What is wrong with the frontmatter, for a diagnostic (the rule is then manual). */
  problem?: { line: number; message: string };
}

/** The patterns of a `globs` value: a comma-separated string, or a list of strings (each maybe comma-separated too). */
export function globList(value: unknown): string[] {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return items
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** How a rule file is applied (see the module comment). */
export function readRule(text: string): CursorRule {
  const header = agentHeader(text);
  const none = (problem?: CursorRule['problem']): CursorRule => ({
    kind: 'manual',
    globs: [],
    description: undefined,
    body: header.body,
    problem,
  });
  if (!header.present) return none();
  const a = header.attributes;
  if (a === undefined)
    return none({ line: 1, message: 'its frontmatter is not YAML Cursor can read: the rule applies only when @-mentioned' });
  const description = typeof a.description === 'string' && a.description.trim() !== '' ? a.description : undefined;
  const globs = globList(a.globs);
  if (a.alwaysApply !== undefined && typeof a.alwaysApply !== 'boolean')
    return {
      ...none({
        line: header.lines.alwaysApply ?? 1,
        message: `alwaysApply is ${JSON.stringify(a.alwaysApply)}, not true or false: the rule is not always applied`,
      }),
      kind: globs.length > 0 ? 'auto' : description ? 'agent' : 'manual',
      globs,
      description,
    };
  const kind: RuleKind = a.alwaysApply === true ? 'always' : globs.length > 0 ? 'auto' : description ? 'agent' : 'manual';
  return { kind, globs, description, body: header.body };
}

/** Whether a path relative to the rule's folder (`/`-separated) matches one of its globs (a pattern without `/` at any depth). */
export function globsMatch(globs: readonly string[], rel: string): boolean {
  if (rel === '' || rel.startsWith('../')) return false;
  return globs.some((g) => minimatch(rel, g, { dot: true, matchBase: !g.includes('/') }));
}
