/**
 * Stage 4a, order (docs/contract.md §6, §2): sources in precedence order, lowest first, then
 * identity: a later path to an already-seen file is a duplicate of the first.
 */
import type { OrderKey, Profile } from '../profile';
import type { Entry } from './types';

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Global and agent-home files come before the project's and the workspace's. */
const SCOPE_RANK: Readonly<Record<OrderKey['scope'], number>> = { global: 0, agent: 0, project: 1, workspace: 1 };

/**
 * Holaryn's precedence: global before workspace, shallow before deep (files above the root are
 * shallower still), low priority before high, compatible filename order, then path.
 */
export function PRECEDENCE(a: OrderKey, b: OrderKey): number {
  return (
    (a.scope === b.scope ? 0 : SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope]) ||
    a.depth - b.depth ||
    a.priority - b.priority ||
    a.rank - b.rank ||
    compareCodeUnits(a.path, b.path)
  );
}

/** Discovery order: the order the profile found its sources in. */
export function DISCOVERY_ORDER(a: OrderKey, b: OrderKey): number {
  return a.seq - b.seq;
}

export interface Ordered {
  entries: Entry[];
  /** Later paths to a file already seen, with the first one. */
  duplicateOf: Map<Entry, Entry>;
}

export function orderSources(entries: Entry[], profile: Profile): Ordered {
  entries.sort(profile.order);
  // Identity before applicability: later paths to an already-seen file are duplicates. A shadowed
  // or not-loaded candidate was never loaded by the system, so it names no file (a name climbing
  // out with `..` reaches one file from every directory, loaded from some only). Paths that yield
  // (hooks.dedupe.yieldsToSameFile) claim a file only after every path that does not.
  const firstByIdentity = new Map<string, Entry>();
  const duplicateOf = new Map<Entry, Entry>();
  let yielding = false;
  for (const e of entries) {
    if (e.report?.status === 'shadowed' || e.report?.status === 'not-loaded') continue;
    if (e.yieldsToSameFile) yielding = true;
    else claim(e, firstByIdentity, duplicateOf);
  }
  if (yielding)
    for (const e of entries)
      if (e.yieldsToSameFile && e.report?.status !== 'shadowed' && e.report?.status !== 'not-loaded')
        claim(e, firstByIdentity, duplicateOf);
  return { entries, duplicateOf };
}

function claim(e: Entry, firstByIdentity: Map<string, Entry>, duplicateOf: Map<Entry, Entry>): void {
  const first = firstByIdentity.get(e.identity);
  if (first) duplicateOf.set(e, first);
  else firstByIdentity.set(e.identity, e);
}
