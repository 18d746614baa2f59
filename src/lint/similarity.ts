/**
 * How much of two texts is the same, for `near-duplicate` (docs/contract.md §11).
 *
 * The measure is on words, in order: each text is split into words at whitespace (so line
 * endings, indentation and re-wrapped paragraphs do not count), and the similarity is
 * `1 - d / (n + m)`, where `n` and `m` are the two word counts and `d` the fewest words deleted
 * from one and inserted into the other to turn it into the other (so `2 * common / (n + m)`,
 * with `common` the longest common subsequence of words). `d` is found with Myers' O((n+m)·d)
 * diff, given up as soon as `d` exceeds what the threshold allows, and bounded by a work budget:
 * only texts that are nearly the same cost more than a length comparison.
 */

/** At least this share the same (words, in order): a near duplicate. */
export const NEAR_DUPLICATE_SIMILARITY = 0.9;

/** Diff steps spent on one pair at most; past it the pair is left undecided (not reported). */
export const MAX_SIMILARITY_WORK = 20_000_000;

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w !== '');
}

/**
 * The similarity of two texts (see the module comment) when it is at least `threshold`;
 * undefined when it is lower, or could not be told within `maxWork` steps.
 */
export function textSimilarity(
  a: string,
  b: string,
  threshold = NEAR_DUPLICATE_SIMILARITY,
  maxWork = MAX_SIMILARITY_WORK,
): number | undefined {
  const wa = words(a);
  const wb = words(b);
  const total = wa.length + wb.length;
  if (total === 0) return 1;
  const maxD = Math.floor((1 - threshold) * total + 1e-9);
  if (Math.abs(wa.length - wb.length) > maxD) return undefined;
  // Words as numbers: one comparison per step.
  const ids = new Map<string, number>();
  const id = (w: string) => {
    let n = ids.get(w);
    if (n === undefined) ids.set(w, (n = ids.size));
    return n;
  };
  const A = Int32Array.from(wa, id);
  const B = Int32Array.from(wb, id);
  const n = A.length;
  const m = B.length;
  const offset = maxD + 1;
  const V = new Int32Array(2 * maxD + 3);
  let work = 0;
  for (let d = 0; d <= maxD; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && V[offset + k - 1] < V[offset + k + 1]) ? V[offset + k + 1] : V[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && A[x] === B[y]) {
        x++;
        y++;
        work++;
      }
      V[offset + k] = x;
      if (x >= n && y >= m) return 1 - d / total;
      if (++work > maxWork) return undefined;
    }
  }
  return undefined;
}
