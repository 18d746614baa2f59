/**
 * A process-wide memo keyed by (long) text: values computed once per distinct text, bounded by
 * the characters of the keys it holds, started afresh when full. Used where the same contents
 * come back across files and resolutions (frontmatter blocks, instruction contents).
 */
export class TextKeyedCache<V> {
  private readonly entries = new Map<string, V>();
  private chars = 0;

  /** `minChars`: shorter keys are not kept (computing again is cheaper than remembering). */
  constructor(
    private readonly capacityChars: number,
    private readonly minChars = 0,
  ) {}

  /** The value for `key`, computed by `compute` unless already held. */
  get(key: string, compute: (key: string) => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (key.length >= this.minChars && key.length <= this.capacityChars) {
      if (this.chars + key.length > this.capacityChars) {
        this.entries.clear();
        this.chars = 0;
      }
      this.entries.set(key, value);
      this.chars += key.length;
    }
    return value;
  }
}

/** `value` and everything in it, frozen: a cached value is shared by every caller, none may change it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
