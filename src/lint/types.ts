/**
 * The lint engine's data: findings with exact ranges and quick fixes. Pure data, no editor API:
 * the CLI (`holaryn check`) prints it and the VS Code Problems panel will map it 1:1 to
 * `Diagnostic` / `CodeAction` (one engine, two front ends).
 *
 * Positions: `line` and `column` are 1-based; columns count UTF-16 code units (as VS Code's
 * `Position.character` does, plus one); the end (`endLine`, `endColumn`) is exclusive. Offsets
 * are UTF-16 indices into the file's text with a leading BOM dropped. Line 1 is the first line of
 * the file (the opening `---` of a frontmatter block).
 */
import type { AgentCode, Fix, PitfallFinding, Severity } from '../resolver';

/** The edit types are the pitfall seam's (src/resolver/pitfalls.ts): an agent's pitfalls make fixes too. */
export type { AgentCode, FileEdit, Fix, TextEdit, TextRange } from '../resolver';

/** The resolver's per-file diagnostic codes that lint reports as they are. */
export type ResolverFileCode =
  'malformed-frontmatter' | 'invalid-value' | 'unknown-key' | 'unreadable' | 'symlink-outside-root' | 'too-large';

/** Codes only lint reports (docs/contract.md §11). */
export type LintOnlyCode =
  | 'glob-matches-nothing'
  | 'glob-workspace-relative'
  | 'unquoted-star-glob'
  | 'near-miss-key'
  | 'foreign-key'
  | 'near-duplicate'
  | 'budget-exceeded'
  | 'frontmatter-hides-text';

/** Agent pitfalls (`--agents`, ./agents.ts, declared on their profiles' cards) have codes of their own, `agent-…`. */
export type FindingCode = ResolverFileCode | LintOnlyCode | AgentCode;

/** Each lint-only code's severity: all warnings but `foreign-key`, which is info (it never fails a run). */
export const LINT_SEVERITY: Readonly<Record<LintOnlyCode, Severity>> = Object.freeze({
  'glob-matches-nothing': 'warning',
  'glob-workspace-relative': 'warning',
  'unquoted-star-glob': 'warning',
  'near-miss-key': 'warning',
  'foreign-key': 'info',
  'near-duplicate': 'warning',
  'budget-exceeded': 'warning',
  'frontmatter-hides-text': 'warning',
});

export const LINT_CODES: readonly LintOnlyCode[] = Object.freeze(Object.keys(LINT_SEVERITY) as LintOnlyCode[]);

/** A finding: a pitfall's shape (PitfallFinding) with any code of lint's. */
export interface Finding extends Omit<PitfallFinding, 'code' | 'fixes'> {
  severity: Severity;
  code: FindingCode;
  /** The frontmatter key concerned, where there is one. */
  key?: string;
  fixes?: Fix[];
}
