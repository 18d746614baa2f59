/**
 * The text of Copilot CLI's instructions in its system message, as runs of 1.0.102 showed it
 * (test/oracle/cases/copilot-cli.ts, a real prompt against the fake endpoint), after the tools
 * section (`</tools>\n\n`) and before `\n<system_notifications>`:
 *
 * 1. each instruction file (the user's and the repository's copilot-instructions.md, AGENTS.md,
 *    CLAUDE.md, GEMINI.md) in its own `<custom_instruction>\n…\n</custom_instruction>` block, in the
 *    listing's order, blocks joined by a blank line; a file's text whole (an empty file: an empty
 *    block); a file whose text equals an earlier block's is left out;
 * 2. each rule file (`.github/instructions`, `.claude/rules`, the user's `instructions`) with no
 *    scope, or `applyTo: "**"`, bare and whole, frontmatter included; an empty one is left out;
 * 3. the rule files with any other scope (`applyTo`, else `paths`), named in a table (patterns,
 *    path, an empty description);
 * 4. the AGENTS.md of each COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder, named in a second table.
 *
 * The pieces are joined by a blank line; when blocks and anything after them are both present, the
 * text ends with one more newline. Copilot CLI has no budget here.
 */
import type { ContextFormat, ContextSource, FitDecision, Layout, BudgetUnit, FormatFrame } from '../../profile';
import { NESTED_TAG, RULE_TAG } from './discover';

export const OPEN = '<custom_instruction>\n';
export const CLOSE = '\n</custom_instruction>';
const JOIN = '\n\n';

export const RULES_HEADER = [
  'Here is a list of instruction files that contain rules for modifying or creating new code.',
  'These files are important for ensuring that the code is modified or created correctly.',
  'Please make sure to follow the rules specified in these files when working with the codebase.',
  'If you have not already read the file, use the `view` tool to acquire it.',
  'Make sure to acquire the instructions before making any changes to the code.',
  '| Pattern | File Path | Description |',
  '| ------- | --------- | ----------- |',
].join('\n');

export const NESTED_HEADER = [
  'Here is a list of nested AGENTS.md files that contain additional agent instructions.',
  'These files provide context-specific instructions for different parts of the codebase.',
  'Please make sure to follow the rules specified in these files when working with the relevant areas.',
  'If you have not already read the file, use the `view` tool to acquire it.',
  'Make sure to acquire the instructions before making any changes to the code in those areas.',
  '| Directory | File Path | Description |',
  '| --------- | --------- | ----------- |',
].join('\n');

function unquote(v: string): string {
  const t = v.trim();
  return /^(["']).*\1$/.test(t) ? t.slice(1, -1) : t;
}

/**
 * A rule file's scope: its `applyTo` patterns, else its `paths` (Claude Code's key, which 1.0.102
 * reads the same way in every rule folder), a string split at commas or a YAML list; null when it
 * has neither.
 */
export function applyToOf(content: string): string[] | null {
  const fm = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---/.exec(content);
  if (!fm) return null;
  const lines = fm[1].split(/\r?\n/);
  let key = 'applyTo:';
  let at = lines.findIndex((l) => l.startsWith(key));
  if (at < 0) {
    key = 'paths:';
    at = lines.findIndex((l) => l.startsWith(key));
  }
  if (at < 0) return null;
  const value = lines[at].slice(key.length).trim();
  if (value !== '')
    return unquote(value)
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
  const items: string[] = [];
  for (const l of lines.slice(at + 1)) {
    const m = /^\s+-\s*(.*)$/.exec(l);
    if (!m) break;
    items.push(unquote(m[1]));
  }
  return items;
}

/** Whether a rule file is sent whole (no applyTo, or one that matches every file). */
function sentWhole(s: ContextSource): boolean {
  const patterns = applyToOf(s.content);
  return patterns === null || (patterns.length === 1 && patterns[0] === '**');
}

/**
 * The path a table names: the user's files and a COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder's
 * absolute; the repository root's from the root, the working directory's from the working
 * directory (the display path without its leading `../`: the root is above the working directory).
 */
function tablePath(s: ContextSource): string {
  if ((s.scope === 'global' || s.scope === 'workspace') && s.absolute !== undefined) return s.absolute;
  return s.path.replace(/^(\.\.\/)+/, '');
}

/**
 * What of the sources is sent, by kind, in the text's order. Left out: a block whose text equals
 * an earlier block's (1.0.102 sends one), and an empty rule file (neither sent nor named).
 */
function sentParts(sources: readonly ContextSource[]) {
  const seen = new Set<string>();
  const blocks = sources.filter((s) => {
    if (s.tag === RULE_TAG || s.tag === NESTED_TAG || seen.has(s.content)) return false;
    seen.add(s.content);
    return true;
  });
  const rules = sources.filter((s) => s.tag === RULE_TAG && s.content !== '');
  return {
    blocks,
    whole: rules.filter(sentWhole),
    scoped: rules.filter((s) => !sentWhole(s)),
    nested: sources.filter((s) => s.tag === NESTED_TAG),
  };
}

function compose(sources: readonly ContextSource[], _frame?: FormatFrame): string {
  const sent = sentParts(sources);
  const blocks = sent.blocks.map((s) => OPEN + s.content + CLOSE);
  const pieces: string[] = sent.whole.map((s) => s.content);
  const rows = sent.scoped.map((s) => `| ${(applyToOf(s.content) ?? []).join(', ')} | '${tablePath(s)}' |  |`);
  if (rows.length > 0) pieces.push([RULES_HEADER, ...rows].join('\n'));
  const nested = sent.nested;
  if (nested.length > 0) {
    const nestedRows = nested.map((s) => {
      const dir = s.path.replace(/\/?AGENTS\.md$/, '');
      return `| ${dir}/ | '${s.path}' | Agent instructions for ${dir}/**/* |`;
    });
    pieces.push([NESTED_HEADER, ...nestedRows].join('\n'));
  }
  const head = blocks.join(JOIN);
  if (head === '') return pieces.join(JOIN);
  return pieces.length === 0 ? head : `${head}${JOIN}${pieces.join(JOIN)}\n`;
}

function layout(sources: readonly ContextSource[], _budget: number, unit: BudgetUnit): Layout {
  const len = (s: string) => unit.measure(s);
  const body = (i: number) => len(sources[i].content) + (i > 0 ? len(JOIN) : 0);
  const fixed = len(OPEN) + len(CLOSE);
  return {
    fixed,
    validationHeader: 0,
    markerHeader: 0,
    heading: () => 0,
    body,
    commands: () => 0,
    omitLine: () => 0,
    cutCost: (i, kept) => len(unit.head(sources[i].content, kept)),
    size: (i) => len(sources[i].content),
    complete: () => len(compose(sources)),
  };
}

function render(sources: readonly ContextSource[], decision: FitDecision, _b: number | null, _u: BudgetUnit, frame?: FormatFrame): string {
  return compose(
    sources.filter((_, i) => decision.status[i] !== 'omitted'),
    frame,
  );
}

/** The sources the text has, in its order: blocks, whole rule files, the applyTo table, the nested table. */
function textOrder(sources: readonly ContextSource[]): ContextSource[] {
  const sent = sentParts(sources);
  return [...sent.blocks, ...sent.whole, ...sent.scoped, ...sent.nested];
}

function renderParts(sources: readonly ContextSource[], decision: FitDecision, b: number | null, u: BudgetUnit, frame?: FormatFrame) {
  const shown = sources.filter((_, i) => decision.status[i] !== 'omitted');
  const text = render(sources, decision, b, u, frame);
  return text === '' ? [] : [{ place: 'system-prompt' as const, text, sources: textOrder(shown).map((s) => s.path) }];
}

export const COPILOT_CLI_FORMAT: ContextFormat = Object.freeze({ layout, render, renderParts });
