/**
 * Droid's limits (its `x60`/`K60` and the discovery along accessed paths), in JavaScript string
 * length (UTF-16 code units), as Droid measures:
 *
 * - At the start of a session the instruction blocks (`<coding_guidelines>\n<text>\n</coding_guidelines>`,
 *   the text with its trailing white space removed) share 80,000; the design blocks have 80,000 of
 *   their own. The first block that does not fit is cut to its first `left - 100` units (its
 *   trailing white space removed) and marked, when more than 200 are left, else dropped; every
 *   later file of that list is dropped.
 * - On a read, the files one tool call discovers share 40,000 of text (unframed); a file that does
 *   not fit is passed over, and the next may still fit.
 */
import type { ContextSource, FitDecision, FitRule } from '../../profile';
import { CODE_POINTS } from '../../units';

export const SESSION_LIMIT = 80_000;
export const TOUCH_LIMIT = 40_000;
/** Below this many units left, a file that does not fit is dropped rather than cut. */
const CUT_FLOOR = 200;
const CUT_MARGIN = 100;

export function truncationLine(limit = SESSION_LIMIT): string {
  return `... [truncated - guidelines exceed ${limit} character limit]`;
}

export function wrap(kind: 'coding' | 'design', text: string): string {
  const tag = kind === 'design' ? 'design_guidelines' : 'coding_guidelines';
  return `<${tag}>\n${text}\n</${tag}>`;
}

/** What Droid sends of one source: whole (`text`), cut (`text` cut and marked), or nothing. */
export interface DroidShown {
  status: 'included' | 'truncated' | 'omitted';
  /** The block's body: the file's text, trailing white space removed (cut and marked when truncated). */
  body: string;
  reason?: string;
}

function kindOf(s: ContextSource): 'coding' | 'design' {
  return s.tag === 'design' ? 'design' : 'coding';
}

/** Droid's decision for every source, in the order given. */
export function droidShown(sources: readonly ContextSource[]): DroidShown[] {
  const out: DroidShown[] = new Array<DroidShown>(sources.length);
  const used = { coding: 0, design: 0 };
  const full = { coding: false, design: false };
  const touch = new Map<number, number>();
  sources.forEach((s, i) => {
    if (s.delivery === 'on-touch') {
      const call = s.facts?.call ?? -1;
      const spent = touch.get(call) ?? 0;
      if (spent + s.content.length > TOUCH_LIMIT) {
        out[i] = {
          status: 'omitted',
          body: '',
          reason: `the files one read discovers share ${TOUCH_LIMIT} characters in Droid, and this one did not fit in the ${TOUCH_LIMIT - spent} left`,
        };
        return;
      }
      touch.set(call, spent + s.content.length);
      out[i] = { status: 'included', body: s.content.trimEnd() };
      return;
    }
    const kind = kindOf(s);
    if (full[kind]) {
      out[i] = { status: 'omitted', body: '', reason: `an earlier file used up Droid's ${SESSION_LIMIT} characters for these files` };
      return;
    }
    const body = s.content.trimEnd();
    const size = wrap(kind, body).length;
    if (used[kind] + size <= SESSION_LIMIT) {
      used[kind] += size;
      out[i] = { status: 'included', body };
      return;
    }
    full[kind] = true;
    const left = SESSION_LIMIT - used[kind];
    if (left > CUT_FLOOR) {
      out[i] = {
        status: 'truncated',
        body: `${s.content.slice(0, left - CUT_MARGIN).trimEnd()}\n${truncationLine()}`,
        reason: `Droid cuts the file that goes past ${SESSION_LIMIT} characters to its first ${left - CUT_MARGIN} and marks the cut`,
      };
    } else
      out[i] = { status: 'omitted', body: '', reason: `only ${left} of Droid's ${SESSION_LIMIT} characters were left: it drops the file` };
  });
  return out;
}

/** The fit rule: Droid's own limits whatever the budget (the profile has none of its own to set). */
export const DROID_FIT: FitRule = ({ sources }): FitDecision => {
  const shown = droidShown(sources);
  const size = (s: ContextSource) => CODE_POINTS.measure(s.content);
  return {
    status: shown.map((d) => d.status),
    kept: shown.map((d, i) =>
      d.status === 'included'
        ? size(sources[i])
        : d.status === 'truncated'
          ? CODE_POINTS.measure(d.body.slice(0, d.body.length - truncationLine().length - 1))
          : 0,
    ),
    needed: sources.reduce((t, s) => t + size(s), 0),
    reasons: shown.map((d) => d.reason),
  };
};
