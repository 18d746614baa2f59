/**
 * Where activation time goes: milliseconds per named part of `activate`, and from loading the
 * bundle to the view's first answer, for the bench (docs/speed.md). Kept out of `activate` so that
 * it stays the wiring it is.
 */
import type * as vscode from 'vscode';

export interface ActivationTimings {
  /** From loading this bundle to the end of `activate`. */
  activate: number;
  /** From loading this bundle to the view's first resolution shown; undefined until then. */
  firstView?: number;
  /** Milliseconds each part of `activate` took, in order (where activation time goes). */
  steps: Record<string, number>;
}

export class ActivationClock {
  readonly timings: ActivationTimings;
  private last: number;

  /** `loadedAt`: when the bundle was loaded (activation starts by loading it). */
  constructor(private readonly loadedAt: number) {
    this.last = performance.now();
    this.timings = { activate: 0, steps: { load: this.last - loadedAt } };
  }

  /** Runs one part of activation and records its time under `name`. */
  step<T>(name: string, part: () => T): T {
    const value = part();
    const now = performance.now();
    this.timings.steps[name] = now - this.last;
    this.last = now;
    return value;
  }

  /** Records when `onDidUpdate` first fires (the view's first answer shown). */
  firstView(onDidUpdate: vscode.Event<unknown>): vscode.Disposable {
    const first = onDidUpdate(() => {
      this.timings.firstView = performance.now() - this.loadedAt;
      first.dispose();
    });
    return first;
  }

  /** The end of `activate`: the timings, for the extension's API. */
  done(): ActivationTimings {
    this.timings.activate = performance.now() - this.loadedAt;
    return this.timings;
  }
}
