/**
 * Stage 4b, apply (docs/contract.md §5): which targets each source applies to, and why not for
 * the others. Holaryn globs match a target's path relative to the source's directory; another
 * dialect's applicability (Copilot `applyTo`, Claude `paths`) decides for itself.
 */
import type { NotApplicableFor, TargetEvidence } from '../evidence';
import type { PathApi } from '../fs';
import type { TargetView } from '../profile';
import type { Ordered } from './order';
import type { Entry, Inputs } from './types';

export interface Applied extends Ordered {
  /** Per source: ascending indices into the targets it applies to. */
  applies: Map<Entry, number[]>;
  notApplicable: Map<Entry, NotApplicableFor[]>;
}

/** First index in `sorted` (code-unit order) whose value is not below `key`. */
function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a root-relative directory is above the root (`..`, `../..`). */
function isAbove(dir: string): boolean {
  return dir === '..' || dir.startsWith('../');
}

/** The names of the last `levels` directories of the root, for globs of a source above it. */
function rootTail(P: PathApi, root: string, levels: number): string[] {
  const names: string[] = [];
  for (let dir = root; names.length < levels && P.dirname(dir) !== dir; dir = P.dirname(dir)) names.unshift(P.basename(dir));
  return names;
}

export function applySources(ordered: Ordered, inputs: Inputs, P: PathApi): Applied {
  const { entries, duplicateOf } = ordered;
  const resolved: readonly TargetEvidence[] = inputs.targets;
  // Applicability, per source and target. Targets are sorted by path, so the targets in a
  // directory's scope (the directory itself and everything below it) are found by binary search
  // and only those are matched: the work is the sum of the scopes, not sources × targets.
  // Target sets are ascending indices into `resolved`, which is the evidence's order.
  // Globs match a target's path relative to the source's directory: its segments after the
  // directory's own, each target split once for every source and pattern.
  const paths = resolved.map((t) => t.path);
  const segments: (string[] | undefined)[] = new Array(paths.length);
  const applies = new Map<Entry, number[]>();
  const notApplicable = new Map<Entry, NotApplicableFor[]>();
  let views: TargetView[] | undefined;
  const view = (i: number): TargetView =>
    ((views ??= new Array(paths.length))[i] ??= {
      path: paths[i],
      kind: resolved[i].kind,
      absolute: paths[i] === '' ? inputs.root : P.join(inputs.root, ...paths[i].split('/')),
    });
  for (const e of entries) {
    const yes: number[] = [];
    const no: NotApplicableFor[] = [];
    if (!duplicateOf.has(e) && !e.report) {
      const dir = e.directory;
      const filtered = e.appliesTo !== null || e.excludes !== null;
      const above = dir !== null && isAbove(dir);
      // A source above the root matches globs against the root's own names, then the target's.
      const prefix = above && filtered ? rootTail(P, inputs.root, -e.depth) : undefined;
      const generic = e.applicability;
      const absoluteDirectory = generic && dir !== null ? (dir === '' ? inputs.root : P.join(inputs.root, ...dir.split('/'))) : null;
      // The directory itself (relative path "") matches no pattern.
      const test = (i: number, self: boolean) => {
        if (generic) {
          const why = generic.test(view(i), { directory: dir, absoluteDirectory });
          if (why) no.push(why);
          else yes.push(i);
          return;
        }
        // The target's segments below the source's directory: from index `depth` on.
        let parts = filtered && !self ? (segments[i] ??= paths[i] === '' ? [] : paths[i].split('/')) : undefined;
        let from = e.depth;
        if (prefix && parts) {
          parts = [...prefix, ...parts];
          from = 0;
        }
        if (e.appliesTo && (parts === undefined || e.appliesTo.firstMatchSegments(parts, from) === undefined)) {
          no.push({ target: paths[i], key: 'applies_to', pattern: null });
          return;
        }
        const excluded = parts && e.excludes?.firstMatchSegments(parts, from);
        if (excluded !== undefined) {
          no.push({ target: paths[i], key: 'excludes', pattern: excluded });
          return;
        }
        yes.push(i);
      };
      // A source without globs or an applicability of its own applies to its whole scope.
      const each = generic || filtered ? test : (i: number) => yes.push(i);
      if (dir === null || dir === '' || above) {
        for (let i = 0; i < paths.length; i++) each(i, paths[i] === '' && !above);
      } else {
        // The directory itself is a target in its scope only as a directory: a file or missing
        // target at that path (`l` → `src/../a` with `src` missing resolves to a missing `a`)
        // has its chain end at the parent, so this source is not on it.
        const self = lowerBound(paths, dir);
        if (paths[self] === dir && resolved[self].kind === 'directory') each(self, true);
        const end = lowerBound(paths, `${dir}0`); // '0' follows '/' in code-unit order
        for (let i = lowerBound(paths, `${dir}/`); i < end; i++) each(i, false);
      }
    }
    applies.set(e, yes);
    notApplicable.set(e, no);
  }
  segments.length = 0; // the splits are garbage from here on: let the next scavenge skip them
  // Keys written out: on Node 20, spreading `ordered` and adding keys builds a hidden class per call.
  return { entries: ordered.entries, duplicateOf: ordered.duplicateOf, applies, notApplicable };
}
