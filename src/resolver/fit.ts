/**
 * Fit rules: which sources a budget keeps whole, cuts or omits. Format-agnostic: a rule sees the
 * lengths a context format's Layout gives, in the profile's unit, and returns statuses.
 */
import { measure } from './context';
import type { ContextSource, FitDecision, FitInput, FitRule, Layout } from './profile';

/**
 * The layout of a format whose framing no budget counts: a source costs its content's length in
 * the unit, a cut keeps what it keeps, and everything else is free (Codex counts only file bytes;
 * Copilot, Claude Code and Gemini have no budget at all).
 */
export function contentOnlyLayout(
  sources: readonly ContextSource[],
  measureIn: (s: string) => number,
  /** A source's own size when it has one (its bytes as read): used instead of measuring its content. */
  sizeOf: (s: ContextSource) => number | undefined = () => undefined,
): Layout {
  const size = (i: number) => sizeOf(sources[i]) ?? measureIn(sources[i].content);
  return {
    fixed: 0,
    validationHeader: 0,
    markerHeader: 0,
    heading: () => 0,
    body: size,
    commands: () => 0,
    omitLine: () => 0,
    cutCost: (_i, kept) => kept,
    size,
    complete: () => sources.reduce((t, _s, i) => t + size(i), 0),
  };
}

const measureCodePoints = (s: string) => measure(s, 'code-points');

function allIncluded(input: FitInput, needed: number): FitDecision {
  const n = input.sources.length;
  const kept = new Array<number>(n);
  for (let i = 0; i < n; i++) kept[i] = input.layout.size(i);
  return { status: new Array(n).fill('included'), kept, needed };
}

/** No budget: every source whole (`truncation.budget` is null). */
export const NO_BUDGET: FitRule = (input) => allIncluded(input, input.sources.length === 0 ? 0 : input.layout.complete());

/** A cut that keeps fewer code points than this is an omission, except for the highest source. */
export const MIN_CUT_CODE_POINTS = 200;

/**
 * The complete text's length (every source whole, with validation), counted only as far as it
 * stays within the budget: past it, some larger number.
 */
function completeWithin(L: Layout, n: number, budget: number): number {
  let complete = L.fixed;
  let allCommands = 0;
  for (let i = 0; i < n && complete <= budget; i++) {
    complete += L.heading(i);
    if (complete <= budget) complete += L.body(i);
    allCommands += L.commands(i);
  }
  if (allCommands > 0) complete += L.validationHeader + allCommands;
  return complete;
}

/**
 * Holaryn v1.1 (docs/contract.md §8): when the complete text does not fit, walk from the highest
 * precedence source towards the lowest. A source that fits whole is included. The first one that
 * does not is cut to the room left (at a code-point boundary) when that keeps at least
 * MIN_CUT_CODE_POINTS of its text, or when it is the highest source; otherwise it is omitted.
 * Every later source that does not fit whole is omitted. At most one source is cut.
 * "Fits" counts the complete text: envelope, shown sources, validation and the marker naming
 * every source not included.
 */
export const HIGHEST_FIRST: FitRule = (input) => {
  const { sources, budget, layout: L, unit } = input;
  const n = sources.length;
  if (n === 0) return { status: [], kept: [], needed: 0 };
  const room = new Array<number>(n).fill(0);
  if (budget <= 0) return { status: new Array(n).fill('omitted'), kept: new Array(n).fill(0), needed: L.complete(), room };

  // The walk is for a text that would be longer than the budget (section 8: "When it would be
  // longer: …"). When the complete text fits, every source is in: the walk, which counts a
  // marker line for each source it has not reached yet, could otherwise omit or cut one.
  const complete = completeWithin(L, n, budget);
  if (complete <= budget) return allIncluded(input, complete);

  // Running sums over what is shown (which only grows), so each fit is decided in constant time.
  let shownText = 0;
  let shownCommands = 0;
  let omitLines = 0;
  for (let i = 0; i < n; i++) omitLines += L.omitLine(i);
  let cut: { index: number; kept: number } | undefined;
  let cutTried = false;
  // Everything but source i, with i left out of the marker too: the text i must fit beside.
  // Every part is at least 0, so a partial sum past the budget settles it.
  const without = (i: number): number => {
    let t = L.fixed + shownText;
    const commands = shownCommands + L.commands(i);
    const omitted = omitLines - L.omitLine(i);
    if (commands > 0) t += L.validationHeader + commands;
    if (omitted > 0 || cut) t += L.markerHeader + omitted;
    return t;
  };
  const status = new Array<FitDecision['status'][number]>(n).fill('omitted');
  const kept = new Array<number>(n).fill(0);

  function fitCut(i: number, rest: number): number | undefined {
    // A cut source is named in the marker: its header counts even when nothing else is left out.
    const header = omitLines - L.omitLine(i) > 0 || cut ? 0 : L.markerHeader;
    const cost = (k: number) => rest + header + (rest > budget ? 0 : L.cutCost(i, k));
    if (cost(1) > budget) return undefined;
    let lo = 1;
    let hi = L.size(i) - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (cost(mid) <= budget) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  for (let i = n - 1; i >= 0; i--) {
    const rest = without(i);
    let t = rest;
    if (t <= budget) t += L.heading(i);
    if (t <= budget) t += L.body(i);
    if (t <= budget) {
      status[i] = 'included';
      kept[i] = L.size(i);
      shownText += L.heading(i) + L.body(i);
      shownCommands += L.commands(i);
      omitLines -= L.omitLine(i);
      continue;
    }
    // The room this source had: what the text without it leaves of the budget (with its own
    // marker line counted, as it stands when the source is left out).
    room[i] = Math.max(0, budget - (rest + L.omitLine(i) + (omitLines - L.omitLine(i) > 0 || cut ? 0 : L.markerHeader)));
    if (cutTried) continue;
    cutTried = true;
    const k = fitCut(i, rest);
    if (k === undefined) continue;
    const codePoints = unit.name === 'code-points' ? k : measureCodePoints(unit.head(sources[i].content, k));
    if (codePoints < MIN_CUT_CODE_POINTS && i !== n - 1) continue;
    cut = { index: i, kept: k };
    status[i] = 'truncated';
    kept[i] = k;
    // The cut piece (heading, head, its marker line) replaces its omission line.
    shownText += L.cutCost(i, k);
    shownCommands += L.commands(i);
    omitLines -= L.omitLine(i);
  }
  return { status, kept, needed: L.complete(), room };
};
