/**
 * A single progress line on stderr for long runs on a terminal: drawn only when stderr is a
 * terminal, not in CI, and only once the run has taken longer than PROGRESS_DELAY_MS, redrawn in
 * place (`\r` and clear line) and cleared before results are printed. Pipes, CI logs and quick
 * runs never see a byte of it.
 */
import { performance } from 'node:perf_hooks';
import type { LintProgress } from '../lint';
import type { CliIo } from './io';

/** A run shorter than this shows no progress at all. */
export const PROGRESS_DELAY_MS = 1000;
/** The line is redrawn at most this often. */
export const PROGRESS_REDRAW_MS = 100;

const CLEAR_LINE = '\r\u001b[2K';

export interface Progress {
  /** The current state, in words; drawn when the run is slow enough and the last draw is old enough. */
  update(message: string): void;
  /** Removes the line, if one was drawn (call before printing results). */
  clear(): void;
}

const NONE: Progress = { update: () => undefined, clear: () => undefined };

/** Whether a progress line may be drawn: stderr is a terminal that understands it, and this is not a CI run. */
export function progressAllowed(io: Pick<CliIo, 'stderrIsTTY' | 'env'>): boolean {
  const ci = io.env.CI !== undefined && io.env.CI !== '';
  return io.stderrIsTTY === true && !ci && io.env.TERM !== 'dumb';
}

/** A progress line on `io.stderr`, or one that does nothing where none is allowed. */
export function createProgress(io: Pick<CliIo, 'stderr' | 'stderrIsTTY' | 'env' | 'now'>): Progress {
  if (!progressAllowed(io)) return NONE;
  const now = io.now ?? (() => performance.now());
  const start = now();
  let drawnAt: number | undefined;
  let shown = false;
  return {
    update(message) {
      const t = now();
      if (t - start <= PROGRESS_DELAY_MS) return;
      if (drawnAt !== undefined && t - drawnAt < PROGRESS_REDRAW_MS) return;
      drawnAt = t;
      shown = true;
      io.stderr(`${CLEAR_LINE}${message}`);
    },
    clear() {
      if (shown) io.stderr(CLEAR_LINE);
      shown = false;
    },
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/** What `holaryn check` says at each step of the lint engine. */
export function describeLintProgress(p: LintProgress): string {
  switch (p.phase) {
    case 'walk':
      return `listing the workspace: ${count(p.done)} entries…`;
    case 'lint':
      return `checking ${count(p.done)} of ${count(p.total)} instruction files…`;
    case 'budget':
      return `resolving ${count(p.done)} of ${count(p.total)} files for budget-exceeded…`;
  }
}
