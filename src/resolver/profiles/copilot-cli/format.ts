/**
 * The text of Copilot CLI's instructions, as far as its release shows it without a run: the
 * native runtime of 1.0.102 carries `<custom_instruction>` and `</custom_instruction>` around the
 * instructions it renders into the system prompt. A prompt needs a login, so this framing is read
 * from the release's strings, not seen in a request; the oracle compares Copilot CLI's files only.
 * Each source's text is shown whole, joined by a blank line; Copilot CLI has no budget here.
 */
import type { ContextFormat, ContextSource, FitDecision, Layout, BudgetUnit } from '../../profile';

export const OPEN = '<custom_instruction>\n';
export const CLOSE = '\n</custom_instruction>';
const JOIN = '\n\n';

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
    complete: () => sources.reduce((t, _, i) => t + body(i), fixed),
  };
}

function render(sources: readonly ContextSource[], decision: FitDecision): string {
  const shown = sources.filter((_, i) => decision.status[i] !== 'omitted');
  if (shown.length === 0) return '';
  return OPEN + shown.map((s) => s.content).join(JOIN) + CLOSE;
}

export const COPILOT_CLI_FORMAT: ContextFormat = Object.freeze({ layout, render });
