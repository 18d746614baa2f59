/**
 * Kimi's budget (README.md in this folder), copied from its loader: 32 KiB of UTF-8 for the whole
 * text, framing included, spent from the deepest file up. Each part first pays for its header
 * line (`<!-- From: ABS -->\n`, with the absolute path) and, unless it is the deepest, the blank
 * line that joins it to the next; a part left with nothing (`<= 0`) is dropped. A part that does
 * not fit is cut to the bytes left, a character split by the cut is dropped, and the rest is
 * stripped; only the bytes kept are charged, so a later (shallower) file may still fit whole.
 */
import { decodeIgnoringBrokenTail, pythonStrip, utf8, utf8Length } from '../agent/text';

export const KIMI_MAX_BYTES = 32 * 1024;

export interface KimiPart {
  /** Absolute path as Kimi writes it in the header. */
  path: string;
  /** The file's text, already stripped (never empty). */
  content: string;
}

export type KimiFitStatus = 'included' | 'truncated' | 'omitted' | 'cut-to-empty';

export interface KimiFit {
  status: KimiFitStatus;
  /** What Kimi keeps of the content ('' when omitted or cut to nothing). */
  content: string;
}

export function kimiHeader(path: string): string {
  return `<!-- From: ${path} -->\n`;
}

/**
 * Fits the parts (root → leaf order) into `maxBytes`; the result is in the same order.
 * `headerBytes` gives a part's header length when it is measured elsewhere.
 */
export function fitKimi(
  parts: readonly KimiPart[],
  maxBytes = KIMI_MAX_BYTES,
  headerBytes: (i: number) => number = (i) => utf8Length(kimiHeader(parts[i].path)),
): KimiFit[] {
  const out: KimiFit[] = new Array<KimiFit>(parts.length);
  let remaining = maxBytes;
  for (let i = parts.length - 1; i >= 0; i--) {
    const { content } = parts[i];
    const separator = i < parts.length - 1 ? 2 : 0;
    remaining -= headerBytes(i) + separator;
    if (remaining <= 0) {
      out[i] = { status: 'omitted', content: '' };
      remaining = 0;
      continue;
    }
    const encoded = utf8(content);
    if (encoded.length <= remaining) {
      remaining -= encoded.length;
      out[i] = { status: 'included', content };
      continue;
    }
    const kept = pythonStrip(decodeIgnoringBrokenTail(encoded.subarray(0, remaining)));
    remaining -= utf8Length(kept);
    out[i] = kept === '' ? { status: 'cut-to-empty', content: '' } : { status: 'truncated', content: kept };
  }
  return out;
}

/** Kimi's text: each kept part as its header and content, joined by a blank line. */
export function kimiContext(parts: readonly KimiPart[], fits: readonly KimiFit[]): string {
  const kept: string[] = [];
  parts.forEach((part, i) => {
    if (fits[i].content !== '') kept.push(kimiHeader(part.path) + fits[i].content);
  });
  return kept.join('\n\n');
}
