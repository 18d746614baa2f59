/**
 * DSH's envelope and budget as the pipeline's context format and fit rule. Both are one
 * computation (renderDshBlock): the fit rule runs it and the format hands back the same text, so
 * the statuses and the text can never disagree.
 */
import type { BudgetUnit, ContextFormat, ContextSource, FitDecision, FitRule, Layout } from '../../profile';
import { CLOSE, DshBlock, DshFile, INTRO, OPEN, group, renderDshBlock } from './envelope';

const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');

/** The heading DSH shows: the display name, or the path relative to the project root. */
function files(sources: readonly ContextSource[]): DshFile[] {
  return sources.map((s) => ({ heading: s.heading ?? s.path, content: s.content }));
}

/** The block computed by the fit rule for these sources, reused by the format. */
const blocks = new WeakMap<readonly ContextSource[], { budget: number; block: DshBlock }>();

function blockFor(sources: readonly ContextSource[], budget: number): DshBlock {
  const known = blocks.get(sources);
  if (known && known.budget === budget) return known.block;
  const block = renderDshBlock(files(sources), budget);
  blocks.set(sources, { budget, block });
  return block;
}

/** DSH's rule: drop whole files from the least specific end, then cut the most specific one. */
export const DSH_FIT: FitRule = (input): FitDecision => {
  const block = blockFor(input.sources, input.budget);
  return { status: block.status, kept: block.included, needed: block.needed };
};

/**
 * Lengths in bytes for rules other than DSH's own (a profile without a budget asks `size` and
 * `complete`): each part as renderDshBlock writes it.
 */
function layout(sources: readonly ContextSource[], _budget: number, unit: BudgetUnit): Layout {
  const dshFiles = files(sources);
  const len = unit.measure;
  const groupLen = (i: number) => len(group(dshFiles[i].heading, ''));
  return {
    fixed: len(OPEN) + len(INTRO) + len(CLOSE),
    validationHeader: 0,
    markerHeader: 0,
    heading: (i) => groupLen(i) - 1,
    body: (i) => len(group(dshFiles[i].heading, dshFiles[i].content)) - groupLen(i) + 1,
    commands: () => 0,
    omitLine: (i) => len(dshFiles[i].heading) + 2,
    cutCost: (i, kept) => len(group(dshFiles[i].heading, unit.head(dshFiles[i].content, kept))),
    size: (i) => len(dshFiles[i].content),
    complete: () => (sources.length === 0 ? 0 : byteLength(renderDshBlock(dshFiles, Number.MAX_SAFE_INTEGER).text)),
  };
}

function render(sources: readonly ContextSource[], _decision: FitDecision, budget: number | null): string {
  return blockFor(sources, budget ?? Number.MAX_SAFE_INTEGER).text;
}

export const DSH_FORMAT: ContextFormat = Object.freeze({ layout, render });
