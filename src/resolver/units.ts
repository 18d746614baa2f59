/**
 * Budget units: how a profile measures its model context. Fit, reasons, the marker and the
 * evidence's `truncation` all measure through one of these, so a byte budget is reported in bytes.
 */
import { firstCodePoints, measure } from './context';
import type { BudgetUnit } from './profile';
import { completeUtf8Prefix } from './read';

/** Unicode code points (Holaryn's unit, "characters"). */
export const CODE_POINTS: BudgetUnit = Object.freeze({
  name: 'code-points',
  word: 'character',
  words: 'characters',
  measure: (s: string) => measure(s, 'code-points'),
  head: firstCodePoints,
});

/** UTF-8 bytes; a head never splits a character. */
export const UTF8_BYTES: BudgetUnit = Object.freeze({
  name: 'utf8-bytes',
  word: 'byte',
  words: 'bytes',
  measure: (s: string) => Buffer.byteLength(s, 'utf8'),
  head(s: string, n: number): string {
    if (n <= 0) return '';
    // At most 3 bytes per UTF-16 code unit: a text this short fits whole.
    if (s.length * 3 <= n) return s;
    const bytes = Buffer.from(s, 'utf8');
    if (bytes.length <= n) return s;
    return bytes.toString('utf8', 0, completeUtf8Prefix(bytes, n));
  },
});

/** The unit called `name`; code points when none is given (evidence from before units existed). */
export function unitByName(name: BudgetUnit['name'] | undefined): BudgetUnit {
  return name === 'utf8-bytes' ? UTF8_BYTES : CODE_POINTS;
}

/**
 * A context's size against its budget, in prose, as every front end words it: "1,234 of 24,000
 * characters", or "1,234 bytes (no budget)" for a profile without one.
 */
export function sizeAgainstBudget(size: number, budget: number | null, unit: BudgetUnit['name'] | undefined): string {
  const words = unitByName(unit).words;
  const n = (x: number) => x.toLocaleString('en-US');
  return budget === null ? `${n(size)} ${words} (no budget)` : `${n(size)} of ${n(budget)} ${words}`;
}
