/** Debounced work per key: a new request for a key replaces its pending one. */
export class KeyedDebounce implements Disposable {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly delayMs: number) {}

  /** Runs `fn` after the delay unless `key` is requested again first. */
  run(key: string, fn: () => void): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        fn();
      }, this.delayMs),
    );
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}

interface Disposable {
  dispose(): void;
}
