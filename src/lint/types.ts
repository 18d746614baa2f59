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
import type { Severity } from '../resolver';
import type { AgentCode } from './agents';

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

/** Agent pitfalls (`--agents`, ./agents.ts) have codes of their own, `agent-…`. */
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

/** A span of the text: offsets plus the same span as 1-based line/column (end exclusive). */
export interface TextRange {
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface TextEdit {
  range: TextRange;
  newText: string;
}

/** Edits to another file than the finding's (root-relative `file`); `create`: the file does not exist yet and starts empty. */
export interface FileEdit {
  file: string;
  create?: boolean;
  edits: TextEdit[];
}

/** A mechanical repair: applying all its edits to the text gives the repaired text. */
export interface Fix {
  title: string;
  edits: TextEdit[];
  /** Edits to other files (an agent pitfall's fix may create a file beside the finding's). */
  files?: FileEdit[];
}

export interface Finding {
  /** Root-relative, `/`-separated path of the instruction file. */
  file: string;
  severity: Severity;
  code: FindingCode;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  /** The frontmatter key concerned, where there is one. */
  key?: string;
  fixes?: Fix[];
}
