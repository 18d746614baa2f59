/** Near-miss keys: `applies-to`, `appliesTo`, `Priority`, `prioity`, `exclude`, ... */
import { KNOWN_KEYS } from '../resolver';

/** Largest edit distance (Levenshtein, an adjacent swap counting as one edit) of a near miss. */
export const NEAR_MISS_DISTANCE = 2;

/** `appliesTo`, `Applies-To`, `applies to` → `applies_to`. */
export function normalizeKey(key: string): string {
  return key
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[\s.-]+/g, '_');
}

/** Optimal-string-alignment distance, stopping early once it exceeds `max`. */
export function editDistance(a: string, b: string, max = NEAR_MISS_DISTANCE): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/**
 * The known key an unknown key was probably meant to be, or undefined. Case, `-`, spaces and
 * camelCase are normalised first; then at most NEAR_MISS_DISTANCE edits, but at most one for
 * keys of four letters or fewer (`mode`), so that `name` or `tags` are not taken for `mode`.
 */
export function nearMissKey(key: string): string | undefined {
  if (key.length > 64) return undefined;
  const n = normalizeKey(key);
  if ((KNOWN_KEYS as readonly string[]).includes(n)) return n === key ? undefined : n;
  let best: { key: string; d: number } | undefined;
  for (const known of KNOWN_KEYS) {
    const max = known.length <= 4 ? 1 : NEAR_MISS_DISTANCE;
    const d = editDistance(n, known, max);
    if (d <= max && (!best || d < best.d)) best = { key: known, d };
  }
  return best?.key;
}
