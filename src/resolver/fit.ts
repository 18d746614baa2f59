/**
 * Fit rules: which sources a budget keeps whole, cuts or omits. Format-agnostic: a rule sees the
 * lengths a context format's Layout gives, in the profile's unit, and returns statuses.
 */
import type { FitDecision, FitInput, FitRule } from './profile';

function allIncluded(input: FitInput, needed: number): FitDecision {
  const n = input.sources.length;
  const kept = new Array<number>(n);
  for (let i = 0; i < n; i++) kept[i] = input.layout.size(i);
  return { status: new Array(n).fill('included'), kept, needed };
}

/** No budget: every source whole (`truncation.budget` is null). */
export const NO_BUDGET: FitRule = (input) => allIncluded(input, input.sources.length === 0 ? 0 : input.layout.complete());

/**
 * Holaryn v1 (docs/contract.md §8 before v1.1): keep the highest-precedence source first and walk
 * towards the lowest, including each whole while the complete text still fits and omitting it
 * otherwise; only the highest one is ever cut, and only when it alone does not fit.
 */
export const HIGHEST_FIRST_V1: FitRule = (input) => {
  const { sources, budget, layout: L } = input;
  const n = sources.length;
  if (n === 0) return { status: [], kept: [], needed: 0 };
  if (budget <= 0) return { status: new Array(n).fill('omitted'), kept: new Array(n).fill(0), needed: L.complete() };

  const included = new Set<number>();
  // Running sums over `included` (which only grows), so each fit is decided in constant time.
  let includedText = 0;
  let includedCommands = 0;
  let notIncludedOmitLines = 0;
  for (let i = 0; i < n; i++) notIncludedOmitLines += L.omitLine(i);
  // Total length when `included` and source i are in, the rest omitted.
  // Every part is at least 0, so a partial sum past the budget settles it.
  const totalWith = (i: number): number => {
    let t = L.fixed + includedText;
    const commands = includedCommands + L.commands(i);
    const omitted = notIncludedOmitLines - L.omitLine(i);
    if (commands > 0) t += L.validationHeader + commands;
    if (omitted > 0) t += L.markerHeader + omitted;
    if (t > budget) return t;
    t += L.heading(i);
    return t > budget ? t : t + L.body(i);
  };

  // The walk is for a text that would be longer than the budget (section 8: "When it would be
  // longer: …"). When the complete text fits, every source is in: the walk, which counts a
  // marker line for each source it has not reached yet, could otherwise omit or cut one.
  let complete = L.fixed;
  let allCommands = 0;
  for (let i = 0; i < n && complete <= budget; i++) {
    complete += L.heading(i);
    if (complete <= budget) complete += L.body(i);
    allCommands += L.commands(i);
  }
  if (allCommands > 0) complete += L.validationHeader + allCommands;
  if (complete <= budget) return allIncluded(input, complete);

  let cut: { index: number; kept: number } | undefined;
  for (let i = n - 1; i >= 0; i--) {
    if (totalWith(i) <= budget) {
      included.add(i);
      includedText += L.heading(i) + L.body(i);
      includedCommands += L.commands(i);
      notIncludedOmitLines -= L.omitLine(i);
    } else if (i === n - 1) {
      // The highest source alone does not fit: it is cut to fill the budget and nothing else
      // can fit beside it. When not even a cut fits, it is omitted and the walk goes on.
      cut = fitCut(i);
      if (cut) break;
    }
  }

  function fitCut(i: number): { index: number; kept: number } | undefined {
    const otherOmitLines = notIncludedOmitLines - L.omitLine(i);
    const commands = L.commands(i);
    // Everything but source i omitted; source i cut to `kept` units.
    const cost = (kept: number) =>
      L.fixed + L.cutCost(i, kept) + L.markerHeader + otherOmitLines + (commands > 0 ? L.validationHeader + commands : 0);
    if (cost(1) > budget) return undefined;
    let lo = 1;
    let hi = L.size(i) - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (cost(mid) <= budget) lo = mid;
      else hi = mid - 1;
    }
    return { index: i, kept: lo };
  }

  const status = new Array<FitDecision['status'][number]>(n);
  const kept = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    status[i] = included.has(i) ? 'included' : cut?.index === i ? 'truncated' : 'omitted';
    kept[i] = included.has(i) ? L.size(i) : cut?.index === i ? cut.kept : 0;
  }
  return { status, kept, needed: L.complete() };
};
