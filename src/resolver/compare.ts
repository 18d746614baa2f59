/**
 * The same targets under several profiles (docs/profiles.md §6): the resolutions, and the pieces
 * every front end shows them with — the rows (every file any profile considered, in one order)
 * and each profile's cell for a row. `holaryn compare` prints them as a table, the editor's
 * Compare section as a tree.
 */
import type { Evidence, ListingEvidence, SourceEvidence } from './evidence';
import { type ResolverFs, nodeResolverFs } from './fs';
import * as os from 'node:os';
import { momentFs } from './moment-fs';
import { derived } from './profile';
import type { MomentMemo } from './moment-memo';
import type { ResolveOptions } from './profile';
import { resolveInstructions } from './resolve';
import { defaultTrustStorePath } from '../trust/store';

export const COMPARE_SCHEMA = 'holaryn.compare/v1';

export interface Comparison {
  schema: typeof COMPARE_SCHEMA;
  targets: Evidence['targets'];
  profiles: Record<string, Evidence>;
}

/**
 * Resolves the targets once per profile, each with its own default budget, all against one
 * moment of the file system (momentFs): the profiles describe the same tree, and what they have
 * in common is asked of the disk once. A failure of one profile fails the whole comparison.
 *
 * With `memo` (an editor's Compare section asks again on every switch), the same comparison is
 * returned again, frozen, while the disk still answers that moment's questions the same and the
 * trust store is unchanged (./moment-memo.ts).
 */
export function compareProfiles(
  root: string,
  targets: readonly string[],
  names: readonly string[],
  options: ResolveOptions,
  memo?: MomentMemo<Comparison>,
): Comparison {
  const base = options.fs ?? nodeResolverFs;
  const compare = (fs: ResolverFs): Comparison => {
    const profiles: Record<string, Evidence> = {};
    for (const [name, ev] of resolveEach(root, targets, names, derived(options, { fs }))) profiles[name] = ev;
    return { schema: COMPARE_SCHEMA, targets: profiles[names[0]].targets, profiles };
  };
  // A trust lookup given as a function cannot be checked later: nothing is kept then.
  if (!memo || typeof options.trustStore === 'function') return compare(momentFs(base));
  const env = options.env ?? process.env;
  const homedir = options.homedir ?? os.homedir();
  const trustStore = options.trustStore ?? defaultTrustStorePath(env, homedir);
  const { globalFile, candidates, settings } = options;
  const key = JSON.stringify([root, targets, names, globalFile, candidates, settings, env, homedir, trustStore]);
  return memo.run(key, base, [trustStore], compare);
}

/**
 * The resolutions of a comparison one at a time, each made when it is asked for (a caller that
 * writes each and lets it go holds one evidence at a time: `compare --json`), all against one
 * moment of `options.fs` (the file system as it is, unless given), each profile with its own
 * default budget.
 */
export function* eachProfile(
  root: string,
  targets: readonly string[],
  names: readonly string[],
  options: ResolveOptions,
): Generator<readonly [string, Evidence]> {
  return yield* resolveEach(root, targets, names, derived(options, { fs: momentFs(options.fs ?? nodeResolverFs) }));
}

/** Each profile's resolution against `options.fs` as given (one moment already), with its own default budget. */
function* resolveEach(
  root: string,
  targets: readonly string[],
  names: readonly string[],
  options: ResolveOptions,
): Generator<readonly [string, Evidence]> {
  const shared: ResolveOptions = derived(options, { budget: undefined });
  for (const name of names) yield [name, resolveInstructions(root, targets, derived(shared, { profile: name }))];
}

/** The cell of a file a profile did not consider. */
export const NOT_CONSIDERED = '—';

/** The short unit of a profile's sizes in a cell: `B` for bytes, `chars` for code points. */
export function cellUnit(unit: Evidence['truncation']['unit']): string {
  return unit === 'utf8-bytes' ? 'B' : 'chars';
}

/** What one profile does with one file, in a few words: `included`, `cut 64000/90000 B`, `not loaded`, `—`. */
export function compareCell(ev: Evidence, s: SourceEvidence | undefined): string {
  if (s === undefined) return NOT_CONSIDERED;
  if (s.status === 'truncated') {
    const cut = ev.truncation.cut.find((k) => k.path === s.path);
    return cut ? `cut ${cut.included}/${cut.chars} ${cellUnit(ev.truncation.unit)}` : 'cut';
  }
  return s.status.replace(/-/g, ' ');
}

/**
 * The rows: every file any column's evidence considered, matched by evidence path. A file takes
 * its place from the first column that has it, in that column's precedence order; files first met
 * in a later column come after the earlier columns' files; any tie by path. A column without
 * evidence (a failed resolution) adds no rows.
 */
export function compareRows(columns: readonly (Evidence | undefined)[]): string[] {
  const rank = new Map<string, [number, number]>();
  columns.forEach((ev, column) => {
    ev?.sources.forEach((s, i) => {
      if (!rank.has(s.path)) rank.set(s.path, [column, s.order ?? i + 1]);
    });
  });
  return [...rank.keys()].sort((a, b) => {
    const [ca, oa] = rank.get(a)!;
    const [cb, ob] = rank.get(b)!;
    return ca - cb || oa - ob || (a < b ? -1 : a > b ? 1 : 0);
  });
}

/** A listing row of a comparison: one file some profile lists, with the kind and name the first profile listing it gives. */
export interface ListingRow {
  source: string;
  kind: ListingEvidence['kind'];
  name: string;
}

/**
 * The listing rows: every file any column lists (a skill, subagent or command), matched by its
 * source path, in the order of the first column that lists it, later columns' new files after.
 */
export function listingRows(columns: readonly (Evidence | undefined)[]): ListingRow[] {
  const rows = new Map<string, ListingRow>();
  for (const ev of columns)
    for (const l of ev?.listings ?? []) if (!rows.has(l.source)) rows.set(l.source, { source: l.source, kind: l.kind, name: l.name });
  return [...rows.values()];
}

/** What one profile does with one listed file: its entry's status in words (`included`, `cut`, `not loaded`), or `—`. */
export function listingCell(ev: Evidence, row: ListingRow): string {
  const entry = (ev.listings ?? []).find((l) => l.source === row.source);
  return entry === undefined ? NOT_CONSIDERED : entry.status.replace(/-/g, ' ');
}
