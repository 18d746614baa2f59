/** What a CLI command may touch: injected, so tests run commands in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input (only called for `-`). */
  readStdin: () => Promise<string>;
  /** Whether stdout is a terminal (colour, escaping). */
  isTTY: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Exit codes of every Holaryn command (spec section 9). */
export const EXIT = Object.freeze({ ok: 0, internal: 1, usage: 2 });

/**
 * Characters a terminal acts on rather than shows: C0 and C1 controls (ESC, and U+009B, a CSI on
 * its own), DEL, the line and paragraph separators, and the bidirectional controls that reorder
 * what follows (U+202E).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
// JSON.stringify escapes C0 controls itself; these it leaves as they are.
const UNSAFE_AFTER_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g;

const escaped = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Shows a path or name safely on a terminal: such characters become visible escapes, JSON-style. */
export function printable(s: string): string {
  return UNSAFE.test(s) ? JSON.stringify(s).slice(1, -1).replace(UNSAFE_AFTER_JSON, escaped) : s;
}

/** Keeps newlines and tabs of multi-line text but makes the other such characters visible. */
export function printableText(s: string): string {
  return s.replace(UNSAFE_IN_TEXT, escaped);
}

export interface Colors {
  bold: (s: string) => string;
  dim: (s: string) => string;
  red: (s: string) => string;
  yellow: (s: string) => string;
  green: (s: string) => string;
  cyan: (s: string) => string;
}

/** ANSI colour only on a terminal, never with NO_COLOR (https://no-color.org). */
export function colors(io: Pick<CliIo, 'isTTY' | 'env'>): Colors {
  const on = io.isTTY && !('NO_COLOR' in io.env && io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') && io.env.TERM !== 'dumb';
  const wrap = (open: number, close: number) => (s: string) => (on ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { bold: wrap(1, 22), dim: wrap(2, 22), red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), cyan: wrap(36, 39) };
}
