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

/** Items gathered until `delayMs` pass without a new one, then handed over together, once each. */
export class DebouncedBatch<T> implements Disposable {
  private pending = new Set<T>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly delayMs: number,
    private readonly flush: (items: Set<T>) => void,
  ) {}

  add(item: T): void {
    this.pending.add(item);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const items = this.pending;
      this.pending = new Set();
      this.flush(items);
    }, this.delayMs);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.pending.clear();
  }
}

interface Disposable {
  dispose(): void;
}
