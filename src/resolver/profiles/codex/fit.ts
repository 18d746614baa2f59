/**
 * Codex's byte budget for project files (README.md in this folder), copied from its reader: files
 * in discovery order (project root first), each taken whole while it fits; the first that does
 * not is cut to the bytes left and decoded lossily; once nothing is left, the rest are left out.
 * Text that is empty or only whitespace (Rust's `trim`) is dropped and costs nothing, even after
 * a cut, so a file cut down to whitespace gives its bytes back to the next one. Codex writes no
 * marker where it cuts.
 */
import { decodeLossy, rustTrim } from '../agent/text';

export type CodexFitStatus =
  /** Whole. */
  | 'included'
  /** Cut to the bytes that were left. */
  | 'truncated'
  /** Never read: the budget was already spent (or is 0). */
  | 'omitted'
  /** Empty or only whitespace: skipped, costs nothing. */
  | 'empty'
  /** Cut down to whitespace only: dropped, its bytes go to the next file. */
  | 'cut-to-empty';

export interface CodexFit {
  status: CodexFitStatus;
  /** The text Codex sends for this file ('' unless included or truncated). */
  text: string;
  /** Bytes of the file that reach the model. */
  keptBytes: number;
  /** The bytes given (or their kept part) held invalid UTF-8, replaced by U+FFFD. */
  invalidUtf8: boolean;
}

/** Fits the files' bytes (discovery order) into `maxBytes`. */
export function fitCodexProject(files: readonly Uint8Array[], maxBytes: number): CodexFit[] {
  let remaining = maxBytes;
  return files.map((bytes): CodexFit => {
    if (remaining <= 0) return { status: 'omitted', text: '', keptBytes: 0, invalidUtf8: false };
    const cut = bytes.length > remaining;
    const data = cut ? bytes.subarray(0, remaining) : bytes;
    const { text, invalid } = decodeLossy(data);
    if (rustTrim(text) === '') return { status: cut ? 'cut-to-empty' : 'empty', text: '', keptBytes: 0, invalidUtf8: invalid };
    remaining -= data.length;
    return { status: cut ? 'truncated' : 'included', text, keptBytes: data.length, invalidUtf8: invalid };
  });
}
