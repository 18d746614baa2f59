/**
 * Holon's context: Holaryn's envelope (Holon publishes none of its own), with each heading
 * saying which scope its file came from, as Holon's inspectability rules ask. Holon has no
 * budget, so every source is shown whole and there is no marker.
 */
import { ENVELOPE_CLOSE, ENVELOPE_OPEN, MARK, PREAMBLE, contentBody, contentBodyLength, contentSize, quote } from '../../context';
import type { BudgetUnit, ContextFormat, ContextSource, FitDecision, Layout } from '../../profile';

const OPEN = `${ENVELOPE_OPEN}\n${MARK}notice] ${PREAMBLE}\n\n`;
const CLOSE = `${ENVELOPE_CLOSE}\n`;

/** `agent scope` for the agent home's file, `workspace scope` for the anchor's and those below. */
function heading(s: ContextSource): string {
  return `${MARK}source] ${quote(s.path)} (${s.scope === 'agent' ? 'agent' : 'workspace'} scope)\n`;
}

function layout(sources: readonly ContextSource[], _budget: number, unit: BudgetUnit): Layout {
  const len = (s: string) => unit.measure(s);
  const headingOf = (i: number) => len(heading(sources[i]));
  const bodyOf = (i: number) => contentBodyLength(sources[i].content, unit.name);
  const fixed = len(OPEN) + len(CLOSE);
  return {
    fixed,
    validationHeader: 0,
    markerHeader: 0,
    heading: headingOf,
    body: bodyOf,
    commands: () => 0,
    omitLine: () => 0,
    cutCost: (i, kept) => headingOf(i) + len(unit.head(sources[i].content, kept)),
    size: (i) => contentSize(sources[i].content, unit.name),
    complete: () => sources.reduce((t, _, i) => t + headingOf(i) + bodyOf(i), fixed),
  };
}

function render(sources: readonly ContextSource[], decision: FitDecision): string {
  const shown = sources.filter((_, i) => decision.status[i] !== 'omitted');
  if (shown.length === 0) return '';
  return OPEN + shown.map((s) => heading(s) + contentBody(s.content)).join('') + CLOSE;
}

export const HOLON_FORMAT: ContextFormat = Object.freeze({ layout, render });
