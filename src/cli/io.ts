/** What a CLI command may touch: injected, so tests run commands in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input (only called for `-`). */
  readStdin: () => Promise<string>;
  /** Whether stdout is a terminal (colour, escaping). */
  isTTY: boolean;
  /** Whether stderr is a terminal (a progress line may be drawn there); default false. */
  stderrIsTTY?: boolean;
  /** Milliseconds from some fixed point (tests pass a fake clock); default the process's monotonic clock. */
  now?: () => number;
  env: Record<string, string | undefined>;
  cwd: string;
}

/** Exit codes of every Holaryn command (docs/contract.md §9). */
export const EXIT = Object.freeze({ ok: 0, internal: 1, usage: 2 });

export { printable, printableText } from '../resolver';

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
