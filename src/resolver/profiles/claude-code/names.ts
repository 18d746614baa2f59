/**
 * Which skill and command names Claude Code 2.1.328 shows its model. A name (a skill's folder, a
 * command's path with `:`) that fails this is left out of the Skill tool's listing, with a warning
 * in its debug log ("a name may not hold hidden, direction-changing or blank-like characters, < or
 * >, or be over 256 characters"). Seen in runs (test/oracle/cases/claude-code-listings.ts,
 * `skills-names-not-shown`); the finer Unicode rules (marks, emoji joiners) were read in its bundle.
 */

/** Longest name shown. */
const MAX_CHARS = 256;

/** Control characters, line and paragraph separators, `<` and `>`. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029<>]/;

/**
 * Hidden characters: format, private-use, surrogate and unassigned code points, and the
 * blank-looking ones (soft hyphen, fillers, zero-width and direction marks, variation selectors,
 * the braille blank, tag characters …).
 */
/* eslint-disable no-misleading-character-class -- lone marks and joiners are what it looks for */
const HIDDEN = new RegExp(
  '[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Co}\\p{Cn}\\u2028\\u2029' +
    '\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f' +
    '\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff0-\\ufffb\\u{10d7f}\\u{13430}-\\u{1343f}\\u{16fe4}' +
    '\\u{1bca0}-\\u{1bca3}\\u{1d173}-\\u{1d17a}\\u{e0000}-\\u{e0fff}\\u2800]',
  'u',
);
/* eslint-enable no-misleading-character-class */

/** A space other than U+0020, an object replacement, or a space at either end. */
// eslint-disable-next-line no-misleading-character-class -- single code points, not sequences
const BLANK = /(?! )\p{Zs}|[\ufffc\u{1d159}\u{13441}\u{13442}\u{16910}\u{16fe4}]|^ | $/u;

/** A combining mark with nothing to combine with (at the start, after a space or sign), or nine in a row. */
const MARK = '[\\p{M}\\u1160-\\u11ff\\ud7b0-\\ud7ff]';
const LONE_MARK = new RegExp(`(?<![\\p{L}\\p{N}\\p{M}])${MARK}|${MARK}{9}|\\u20e3`, 'u');

/** A space next to a colon or at either end, or a colon at either end (`a :b`, `:a`, `a:`). */
const COLON_SPACING = /(?:^|:) | (?::|$)|^:|:$/;

/** An emoji, as one character: its joiners and variation selectors are not hidden characters then. */
const EMOJI = new RegExp('\\p{RGI_Emoji}', 'gv');

/** Why Claude Code does not show `name`, or undefined when it does. */
export function nameNotShown(name: string): string | undefined {
  if (name.length === 0) return 'its name is empty';
  if (name.length > MAX_CHARS) return `its name is over ${MAX_CHARS} characters`;
  if (CONTROL.test(name)) return 'its name holds a control character, < or >';
  const plain = name.replace(EMOJI, '\u263a');
  if (HIDDEN.test(plain)) return 'its name holds a hidden or direction-changing character';
  if (BLANK.test(name) || name.includes('  ')) return 'its name holds a blank-like character, two spaces, or a space at an end';
  if (LONE_MARK.test(plain)) return 'its name holds a combining mark with nothing to combine with';
  if (COLON_SPACING.test(name)) return 'its name has a space by a colon, or a colon at an end';
  return undefined;
}
