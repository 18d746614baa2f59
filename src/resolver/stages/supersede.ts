/**
 * Stage 4c, supersede (docs/contract.md §6): `mode: replace` supersedes earlier applicable
 * sources in the same directory only, for the targets it applies to; conflicts when several
 * replace. Then, per source, the targets it is in effect for and those it is superseded for.
 */
import type { ConflictEvidence } from '../evidence';
import type { Profile } from '../profile';
import type { Applied } from './apply';
import type { Entry } from './types';

export interface Settled extends Applied {
  /** Per superseded source: target index → the winner. */
  supersededFor: Map<Entry, Map<number, Entry>>;
  conflicts: Map<string, { conflict: ConflictEvidence; winner: Entry }>;
  /** Per source: target indices it is in effect for, in target order. */
  effect: Map<Entry, number[]>;
  /** Per source: target indices it applies to but is superseded for. */
  supersededList: Map<Entry, number[]>;
}

/**
 * Only directories holding an applicable `replace` source are visited, and for each only the
 * targets such a source applies to; targets in order, and for one target its directories in the
 * order of their first applicable source (the order conflicts are recorded in).
 */
function replaceInDirectory(applied: Applied): Pick<Settled, 'supersededFor' | 'conflicts'> {
  const { entries, applies } = applied;
  const supersededFor = new Map<Entry, Map<number, Entry>>();
  const conflicts = new Map<string, { conflict: ConflictEvidence; winner: Entry }>();
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    if (applies.get(e)!.length === 0) continue;
    const key = e.directory ?? '\0global';
    const group = groups.get(key);
    if (group) group.push(e);
    else groups.set(key, [e]);
  }
  const position = new Map<Entry, number>(entries.map((e, i) => [e, i]));
  type Touch = { first: number; members: Entry[] };
  const touched = new Map<number, Touch[]>();
  for (const group of groups.values()) {
    if (!group.some((e) => e.metadata?.mode === 'replace')) continue;
    const sets = group.map((e) => new Set(applies.get(e)!));
    const candidates = new Set<number>();
    group.forEach((e) => {
      if (e.metadata?.mode === 'replace') for (const i of applies.get(e)!) candidates.add(i);
    });
    for (const t of candidates) {
      const members = group.filter((_, k) => sets[k].has(t));
      const list = touched.get(t);
      const touch = { first: position.get(members[0])!, members };
      if (list) list.push(touch);
      else touched.set(t, [touch]);
    }
  }
  for (const t of [...touched.keys()].sort((a, b) => a - b)) {
    for (const { members } of touched.get(t)!.sort((a, b) => a.first - b.first)) {
      const replacing = members.filter((e) => e.metadata?.mode === 'replace');
      const winner = replacing[replacing.length - 1];
      for (const e of members) {
        if (e === winner) break;
        let map = supersededFor.get(e);
        if (!map) supersededFor.set(e, (map = new Map()));
        map.set(t, winner);
      }
      if (replacing.length > 1) {
        const sources = replacing.map((e) => e.path);
        const key = JSON.stringify([winner.directory, sources, winner.path]);
        if (!conflicts.has(key))
          conflicts.set(key, { conflict: { kind: 'replace', directory: winner.directory, sources, winner: winner.path }, winner });
      }
    }
  }
  return { supersededFor, conflicts };
}

export function supersede(applied: Applied, profile: Profile): Settled {
  const { supersededFor, conflicts } =
    profile.supersede === 'replace-in-directory' ? replaceInDirectory(applied) : { supersededFor: new Map(), conflicts: new Map() };
  // Per source: the targets it is in effect for and those it is superseded for, in target order.
  const effect = new Map<Entry, number[]>();
  const supersededList = new Map<Entry, number[]>();
  for (const e of applied.entries) {
    const all = applied.applies.get(e)!;
    const superseded = supersededFor.get(e);
    if (!superseded) {
      effect.set(e, all);
      supersededList.set(e, []);
    } else {
      effect.set(
        e,
        all.filter((i) => !superseded.has(i)),
      );
      supersededList.set(
        e,
        all.filter((i) => superseded.has(i)),
      );
    }
  }
  if (profile.hooks?.dedupe?.sameText) dedupeText(applied, effect);
  // Keys written out: on Node 20, spreading `applied` and adding keys builds a hidden class per call.
  const { entries, duplicateOf, applies, notApplicable } = applied;
  return { entries, duplicateOf, applies, notApplicable, supersededFor, conflicts, effect, supersededList };
}

/**
 * hooks.dedupe.sameText: a source in effect whose text equals an earlier one's in effect is a
 * duplicate of it, and is in effect for nothing.
 */
function dedupeText(applied: Applied, effect: Map<Entry, number[]>): void {
  const firstByText = new Map<string, Entry>();
  for (const e of applied.entries) {
    if (applied.duplicateOf.has(e) || e.report || effect.get(e)!.length === 0) continue;
    const first = firstByText.get(e.content);
    if (first === undefined) firstByText.set(e.content, e);
    else {
      applied.duplicateOf.set(e, first);
      effect.set(e, []);
    }
  }
}
