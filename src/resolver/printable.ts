/**
 * Text from a repository shown to a person (a terminal, a tree view): characters that act rather
 * than show become visible escapes, and a display is cut at a length a person can read.
 */

/**
 * Characters a terminal or an editor acts on rather than shows: C0 and C1 controls (ESC, and
 * U+009B, a CSI on its own), DEL, the line and paragraph separators, and the bidirectional
 * controls that reorder what follows (U+202E).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
// JSON.stringify escapes C0 controls itself; these it leaves as they are.
const UNSAFE_AFTER_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A path or name on one line: such characters become visible escapes, JSON-style. */
export function printable(s: string): string {
  return UNSAFE.test(s) ? JSON.stringify(s).slice(1, -1).replace(UNSAFE_AFTER_JSON, escaped) : s;
}

/** Multi-line text: keeps newlines and tabs, makes the other such characters visible. */
export function printableText(s: string): string {
  return s.replace(UNSAFE_IN_TEXT, escaped);
}

/** `s` cut to at most `max` UTF-16 units (never inside a surrogate pair), saying how much is left out. */
export function clipped(s: string, max: number): string {
  if (s.length <= max) return s;
  let end = max;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${s.slice(0, end)}… (${(s.length - end).toLocaleString('en-US')} more characters)`;
}
