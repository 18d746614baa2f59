/**
 * How other agents turn a file's bytes into text: the decoders and whitespace rules of the
 * languages they are written in (Rust for Codex, Python for Kimi), which differ from
 * JavaScript's own `trim()` in a few code points. Profiles that copy an agent pick from here.
 */
import { completeUtf8Prefix } from '../../read';

/**
 * Rust's `char::is_whitespace` (the Unicode `White_Space` property). Unlike JavaScript's
 * `trim()`, it includes U+0085 and excludes U+FEFF.
 */
const RUST_WHITESPACE =
  '\t\n\u000b\u000c\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000';

/**
 * Python's `str.isspace()`: the Unicode `White_Space` characters plus the information
 * separators U+001C–U+001F (bidirectional class B or S). Like Rust, U+FEFF is not whitespace.
 */
const PYTHON_WHITESPACE = RUST_WHITESPACE + '\u001c\u001d\u001e\u001f';

function trimWith(s: string, set: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && set.includes(s[start])) start++;
  while (end > start && set.includes(s[end - 1])) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Rust's `str::trim()`. */
export function rustTrim(s: string): string {
  return trimWith(s, RUST_WHITESPACE);
}

/** Python's `str.strip()` with no argument. */
export function pythonStrip(s: string): string {
  return trimWith(s, PYTHON_WHITESPACE);
}

const LOSSY = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
const STRICT = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Rust's `String::from_utf8_lossy`: every maximal invalid subsequence becomes one U+FFFD (the
 * WHATWG decoder follows the same "maximal subpart" practice). A BOM is kept as U+FEFF.
 */
export function decodeLossy(bytes: Uint8Array): { text: string; invalid: boolean } {
  const text = LOSSY.decode(bytes);
  // A U+FFFD in the text is either a replacement or an encoded U+FFFD (EF BF BD) in the file.
  const invalid = text.includes('\ufffd') && decodeStrict(bytes) === undefined;
  return { text, invalid };
}

/** Strict UTF-8 (Python's `errors="strict"`); undefined when the bytes are not UTF-8. BOM kept. */
export function decodeStrict(bytes: Uint8Array): string | undefined {
  try {
    return STRICT.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Byte offset of the first invalid UTF-8 sequence, or -1 (for a message naming where). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const need = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (need === 0 || i + need > bytes.length) return i;
    if (decodeStrict(bytes.subarray(i, i + need)) === undefined) return i;
    i += need;
  }
  return -1;
}

/**
 * Python's text-mode reading with universal newlines: `\r\n` and a lone `\r` both become `\n`.
 */
export function universalNewlines(s: string): string {
  return s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s;
}

/**
 * Python's `bytes.decode("utf-8", errors="ignore")` of valid UTF-8 cut at a byte offset: the
 * bytes of a character split by the cut are dropped (no U+FFFD).
 */
export function decodeIgnoringBrokenTail(bytes: Uint8Array): string {
  return LOSSY.decode(bytes.subarray(0, completeUtf8Prefix(bytes)));
}

export function utf8(s: string): Uint8Array {
  return Buffer.from(s, 'utf8');
}

export function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}
