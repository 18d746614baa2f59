/**
 * Holaryn's context format (docs/contract.md §8): an envelope that marks everything inside as
 * repository-provided project data, one heading per source, the validation commands (shown,
 * never run) and a marker naming whatever the budget left out or cut. Other profiles that have
 * no framing of their own (holon, narya) use it too.
 *
 * The layout measures every part once and lazily, so a fit rule decides by adding lengths and
 * the text is rendered once.
 */
import { ENVELOPE_CLOSE, ENVELOPE_OPEN, MARK, PREAMBLE, body, contentBody, contentBodyLength, contentSize, quote } from '../../context';
import type { BudgetUnit, ContextFormat, ContextSource, FitDecision, Layout } from '../../profile';

/** Targets a heading names; the rest are counted ("and 7 more"), so headings never grow with the target set. */
export const HEADING_TARGETS = 5;

function heading(s: ContextSource, unit: BudgetUnit, cut?: { kept: number; total: number }): string {
  let h = `${MARK}source] ${quote(s.path)}`;
  const targets = s.appliesTo;
  if (targets) {
    const named = targets.length > HEADING_TARGETS ? targets.slice(0, HEADING_TARGETS) : targets;
    const more = targets.length - named.length;
    h += ` (applies to ${named.map(quote).join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
  }
  if (cut) h += ` (cut to ${cut.kept} of ${cut.total} ${unit.words} by the budget)`;
  return h + '\n';
}

function validationLine(command: string, path: string): string {
  return `- ${quote(command)} (from ${quote(path)})\n`;
}

const VALIDATION_HEADER = `${MARK}validation] Required validation. Shown only: Holaryn never executes these commands.\n`;

function markerHeader(budget: number, unit: BudgetUnit): string {
  return `${MARK}budget] The ${budget}-${unit.word} budget left out or cut these sources:\n`;
}

function omittedLine(path: string, size: number, unit: BudgetUnit): string {
  return `- ${quote(path)}: omitted (${size} ${unit.words}, 0 included)\n`;
}

function cutLine(path: string, size: number, kept: number, unit: BudgetUnit): string {
  return `- ${quote(path)}: cut (${size} ${unit.words}, ${kept} included)\n`;
}

const OPEN = `${ENVELOPE_OPEN}\n${MARK}notice] ${PREAMBLE}\n\n`;
const CLOSE = `${ENVELOPE_CLOSE}\n`;

function layout(sources: readonly ContextSource[], budget: number, unit: BudgetUnit): Layout {
  const n = sources.length;
  const len = (s: string) => unit.measure(s);
  const sizes = new Array<number>(n);
  const size = (i: number) => (sizes[i] ??= contentSize(sources[i].content, unit.name));
  const plain = len(heading({ path: '', content: '', appliesTo: null, commands: [] }, unit));
  // A source's heading and body are measured only once the rest of a total with it fits: in a
  // large batch the lines naming the omitted sources alone often pass the budget, and then no
  // heading or body is measured at all.
  const headingLens = new Array<number>(n);
  const bodyLens = new Array<number>(n);
  const commandLens = new Array<number>(n);
  const omitLens = new Array<number>(n);
  const fixed = len(OPEN) + len(CLOSE);
  const validationHeader = len(VALIDATION_HEADER);
  const markHeader = len(markerHeader(budget, unit));
  const headingOf = (i: number): number => (headingLens[i] ??= len(heading(sources[i], unit)));
  const bodyOf = (i: number): number => (bodyLens[i] ??= contentBodyLength(sources[i].content, unit.name));
  const commandsOf = (i: number): number =>
    (commandLens[i] ??= sources[i].commands.reduce((t, c) => t + len(validationLine(c, sources[i].path)), 0));
  return {
    fixed,
    validationHeader,
    markerHeader: markHeader,
    heading: headingOf,
    body: bodyOf,
    commands: commandsOf,
    omitLine: (i) => (omitLens[i] ??= len(omittedLine(sources[i].path, size(i), unit))),
    size,
    cutCost(i, kept) {
      const s = sources[i];
      // The cut note's length on top of the plain heading (measured on an empty heading: parts add up).
      const note = len(heading({ path: '', content: '', appliesTo: null, commands: [] }, unit, { kept, total: size(i) })) - plain;
      return headingOf(i) + note + len(cutLine(s.path, size(i), kept, unit)) + len(body(unit.head(s.content, kept)));
    },
    complete() {
      let t = fixed;
      let commands = 0;
      for (let i = 0; i < n; i++) {
        t += headingOf(i) + bodyOf(i);
        commands += commandsOf(i);
      }
      return commands > 0 ? t + validationHeader + commands : t;
    },
  };
}

function render(sources: readonly ContextSource[], decision: FitDecision, budget: number | null, unit: BudgetUnit): string {
  const { status, kept } = decision;
  const len = (s: string) => unit.measure(s);
  if (sources.length === 0 || (budget !== null && budget <= 0)) return '';
  const shown = sources.map((_, i) => i).filter((i) => status[i] !== 'omitted');
  const size = (i: number) => contentSize(sources[i].content, unit.name);
  if (shown.length === 0) {
    // Even the envelope and the marker alone may not fit: then the context is empty.
    if (budget === null) return '';
    const text = OPEN + markerHeader(budget, unit) + sources.map((s, i) => omittedLine(s.path, size(i), unit)).join('') + CLOSE;
    return len(text) <= budget ? text : '';
  }
  let text = OPEN;
  for (const i of shown) {
    const s = sources[i];
    if (status[i] === 'truncated') {
      text += heading(s, unit, { kept: kept[i], total: size(i) }) + body(unit.head(s.content, kept[i]));
    } else {
      text += heading(s, unit) + contentBody(s.content);
    }
  }
  const commands = shown.flatMap((i) => sources[i].commands.map((c) => validationLine(c, sources[i].path)));
  if (commands.length > 0) text += VALIDATION_HEADER + commands.join('');
  const notShown = sources.map((_, i) => i).filter((i) => status[i] !== 'included');
  if (notShown.length > 0 && budget !== null) {
    text += markerHeader(budget, unit);
    for (const i of notShown) {
      text += status[i] === 'truncated' ? cutLine(sources[i].path, size(i), kept[i], unit) : omittedLine(sources[i].path, size(i), unit);
    }
  }
  return text + CLOSE;
}

export const HOLARYN_FORMAT: ContextFormat = Object.freeze({ layout, render });
