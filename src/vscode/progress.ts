/**
 * Progress for work that is usually quick: shown (through `window.withProgress`) only once the
 * work has taken longer than PROGRESS_DELAY_MS, so a small workspace never flashes a spinner.
 * The task gets a token that the progress UI's Cancel button cancels.
 */
import * as vscode from 'vscode';

/** Below this, work finishes without any progress shown (people notice waits of about a second). */
export const PROGRESS_DELAY_MS = 1000;

export interface SlowProgress {
  location: vscode.ProgressLocation;
  title: string;
  /** Milliseconds before the progress shows (tests lower it). */
  delayMs?: number;
}

/** `report(message)` updates the progress text (kept until the progress shows, then shown). */
export type ProgressReport = (message: string) => void;

export async function withSlowProgress<T>(
  options: SlowProgress,
  task: (token: vscode.CancellationToken, report: ProgressReport) => Promise<T>,
): Promise<T> {
  const cancel = new vscode.CancellationTokenSource();
  let message: string | undefined;
  let shown: vscode.Progress<{ message?: string }> | undefined;
  const report: ProgressReport = (m) => {
    message = m;
    shown?.report({ message: m });
  };
  const work = task(cancel.token, report);
  const timer = setTimeout(() => {
    void vscode.window.withProgress({ location: options.location, title: options.title, cancellable: true }, (progress, token) => {
      shown = progress;
      if (message) progress.report({ message });
      const sub = token.onCancellationRequested(() => cancel.cancel());
      return work.then(
        () => sub.dispose(),
        () => sub.dispose(),
      );
    });
  }, options.delayMs ?? PROGRESS_DELAY_MS);
  try {
    return await work;
  } finally {
    clearTimeout(timer);
    cancel.dispose();
  }
}
