/**
 * `budget-exceeded` (docs/contract.md §11): every file under the root is resolved as its own
 * target, with the policy's default budget, by the resolver itself; a source that is cut or
 * omitted for some files gets a warning on its line 1 saying for how many (with an example) and
 * what budget would include everything for them.
 *
 * Files are resolved in groups whose result cannot differ, one representative each:
 * - files whose directories have the same sources on their chain (the same instruction files in
 *   the same ancestors) get the same context when no source on that chain has `applies_to` or
 *   `excludes`: a single-target context does not name its target, and without globs what is in
 *   effect (supersession by `mode: replace` included) is the same for every file;
 * - on a chain with globs, the files are resolved together in batches with budget 0 (one
 *   multi-target resolution tells, per source, the files it is in effect for), and grouped by
 *   the set of sources in effect for them.
 * Bounded: at most `maxFiles` files (the first in path order), `maxResolutions` groups, and
 * `maxWork` sources loaded over all resolutions; past any of them the result says so. Runs in steps, so an editor can pause between them.
 */
import {
  Evidence,
  HOLARYN_POLICY,
  FileCache,
  MAX_BUDGET,
  ResolveError,
  ResolverFs,
  ResolverPolicy,
  SourceEvidence,
  resolveInstructions,
} from '../resolver';
import type { Finding } from './types';
import { STEP_MASK, runPaused, runToEnd } from './pause';

/** Files examined at most. */
export const MAX_BUDGET_FILES = 200_000;
/** Groups (single-target resolutions) examined at most. */
export const MAX_BUDGET_RESOLUTIONS = 5_000;
/**
 * Sources loaded at most, summed over the resolutions (a resolution costs the sources on its
 * chain): a tree of hundreds of instruction files nested in one another is checked in part.
 */
export const MAX_BUDGET_WORK = 20_000;
/** Targets per budget-0 resolution on a chain with globs. */
export const BUDGET_BATCH = 256;

/** Files between two progress reports (so a reporter is not called for every file). */
export const PROGRESS_EVERY = 256;

/** How far a workspace check is: files walked, instruction files linted, files resolved for the budget check. */
export type LintProgress =
  { phase: 'walk'; done: number } | { phase: 'lint'; done: number; total: number } | { phase: 'budget'; done: number; total: number };

/** Calls `report` when `done` has moved PROGRESS_EVERY past the last call (and for the first time at 0). */
export function progressReporter(report: ((p: LintProgress) => void) | undefined): (p: LintProgress) => void {
  let last = -Infinity;
  return (p) => {
    if (!report || p.done - last < PROGRESS_EVERY) return;
    last = p.done;
    report(p);
  };
}

/** An instruction file lint loaded, as the budget check needs it. */
export interface BudgetSource {
  /** Root-relative path. */
  path: string;
  /** Its source directory (`""` for the root). */
  dir: string;
  /** Whether its frontmatter has `applies_to` or `excludes` (then files of one directory can differ). */
  globbed: boolean;
  /** UTF-16 length of its first line (the finding covers it). */
  firstLineEnd: number;
}

export interface BudgetInput {
  /** Canonical root. */
  root: string;
  /** Root-relative files to resolve one at a time. */
  files: readonly string[];
  /** Every instruction file found (a chain is keyed by them). */
  sources: readonly BudgetSource[];
}

export interface BudgetLimits {
  maxFiles?: number;
  maxResolutions?: number;
  maxWork?: number;
  batchSize?: number;
}

export interface BudgetOptions extends BudgetLimits {
  fs?: ResolverFs;
  cache?: FileCache;
  policy?: ResolverPolicy;
  /** Told how many of the files have been resolved, at most every PROGRESS_EVERY files. */
  onProgress?: (progress: LintProgress) => void;
}

export interface BudgetResult {
  findings: Finding[];
  /** Files whose context was examined. */
  checked: number;
  /** False when a bound stopped the check before every file. */
  complete: boolean;
  /** Groups resolved with the budget (one single-target resolution each). */
  resolutions: number;
}

function parentOf(rel: string): string {
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether `paths` is in code-unit order without repeats (as a sorted listing is). */
function strictlyAscending(paths: readonly string[]): boolean {
  for (let i = 1; i < paths.length; i++) if (!(paths[i - 1] < paths[i])) return false;
  return true;
}

/** Resolves; targets the resolver rejects (a link leading outside the root, a loop) are dropped and the rest resolved again. */
function resolveDropping(root: string, targets: string[], options: Parameters<typeof resolveInstructions>[2]): Evidence | undefined {
  let remaining = targets;
  for (let attempt = 0; attempt < 4 && remaining.length > 0; attempt++) {
    try {
      return resolveInstructions(root, remaining, options);
    } catch (err) {
      if (!(err instanceof ResolveError) || err.code === 'root-not-found') throw err;
      const rejected = err.details.targets as string[] | undefined;
      if (!rejected || rejected.length === 0) return undefined;
      const drop = new Set(rejected);
      remaining = remaining.filter((t) => !drop.has(t));
    }
  }
  return undefined;
}

const IN_EFFECT = new Set(['included', 'truncated', 'omitted']);

/** Per source: files it is in effect for, and those it is cut or left out for. */
interface Tally {
  inEffect: number;
  cut: number;
  cutExample?: string;
  omitted: number;
  omittedExample?: string;
  needed: number;
}

/** The budget that would include everything: the evidence's `needed` when the resolver gives it, else the complete text's length. */
function neededBudget(ev: Evidence, target: string, resolve: (targets: string[], budget: number) => Evidence | undefined): number {
  const given = (ev.truncation as { needed?: unknown }).needed;
  if (typeof given === 'number' && Number.isFinite(given)) return given;
  const whole = resolve([target], MAX_BUDGET);
  return whole ? whole.truncation.chars : ev.truncation.chars;
}

type Resolve = (targets: string[], budget?: number) => Evidence | undefined;

/** The chain of a directory: the deepest directory at or above it holding an instruction file (its key). */
interface Chain {
  key: string;
  globbed: boolean;
  cost: number;
}

/** What the bounds have used so far: the work spent, and whether any bound stopped the check. */
interface Spent {
  work: number;
  complete: boolean;
}

/**
 * Chain groups: a directory's chain is that of the deepest directory at or above it holding an
 * instruction file, which is its key; whether a glob is on it is known per such directory.
 */
function* chainGroups(
  files: readonly string[],
  sources: readonly BudgetSource[],
): Generator<void, Map<string, { globbed: boolean; cost: number; files: string[] }>> {
  const sourceDirs = new Map<string, { globbed: boolean; cost: number }>();
  for (const s of sources) {
    const d = sourceDirs.get(s.dir) ?? { globbed: false, cost: 0 };
    d.globbed ||= s.globbed;
    d.cost++;
    sourceDirs.set(s.dir, d);
  }
  const chainAt = new Map<string, Chain>();
  const chainOf = (dir: string): Chain => {
    const pending: string[] = [];
    let d = dir;
    let found: Chain | undefined;
    for (;;) {
      found = chainAt.get(d);
      if (found) break;
      pending.push(d);
      if (d === '') break;
      d = parentOf(d);
    }
    // From the top down: each pending directory's chain is its parent's, plus its own files.
    let chain = found ?? { key: '\0none', globbed: false, cost: 0 };
    for (let i = pending.length - 1; i >= 0; i--) {
      const own = sourceDirs.get(pending[i]);
      if (own) chain = { key: pending[i], globbed: chain.globbed || own.globbed, cost: chain.cost + own.cost };
      chainAt.set(pending[i], chain);
    }
    return chain;
  };
  const chains = new Map<string, { globbed: boolean; cost: number; files: string[] }>();
  let grouped = 0;
  for (const file of files) {
    // A step every few thousand files: grouping 200,000 is otherwise one block before the first pause.
    if ((++grouped & STEP_MASK) === 0) yield;
    const chain = chainOf(parentOf(file));
    const group = chains.get(chain.key);
    if (group) group.files.push(file);
    else chains.set(chain.key, { globbed: chain.globbed, cost: chain.cost, files: [file] });
  }
  return chains;
}

/**
 * Groups whose contexts cannot differ: a chain without globs is one group; a chain with globs is
 * split by the set of sources in effect for each file (resolved in batches with budget 0).
 */
function* contextGroups(
  chains: Map<string, { globbed: boolean; cost: number; files: string[] }>,
  resolve: Resolve,
  batchSize: number,
  maxWork: number,
  spent: Spent,
): Generator<void, { files: string[]; cost: number }[]> {
  const groups: { files: string[]; cost: number }[] = [];
  for (const chain of chains.values()) {
    if (!chain.globbed) {
      groups.push({ files: chain.files, cost: chain.cost + 1 });
      continue;
    }
    const bySet = new Map<string, string[]>();
    for (let i = 0; i < chain.files.length; i += batchSize) {
      const batch = chain.files.slice(i, i + batchSize);
      spent.work += chain.cost + 1;
      if (spent.work > maxWork) {
        spent.complete = false;
        break;
      }
      const ev = resolve(batch, 0);
      yield;
      if (!ev) continue;
      const effect = new Map<string, string[]>();
      for (const s of ev.sources) {
        if (s.scope !== 'workspace' || s.status === 'duplicate') continue;
        const superseded = new Set(s.supersededFor);
        for (const t of s.appliesTo) if (!superseded.has(t)) effect.set(t, [...(effect.get(t) ?? []), s.path]);
      }
      for (const file of batch) {
        const key = (effect.get(file) ?? []).join('\0');
        const group = bySet.get(key);
        if (group) group.push(file);
        else bySet.set(key, [file]);
      }
    }
    for (const group of bySet.values()) groups.push({ files: group, cost: chain.cost + 1 });
  }
  return groups;
}

/** One source's tally from one group's resolution: in effect, cut or left out for the group's files. */
function tallySource(t: Tally, s: SourceEvidence, size: number, example: string, needed: () => number): void {
  t.inEffect += size;
  if (s.status === 'included') return;
  t.needed = Math.max(t.needed, needed());
  if (s.status === 'truncated') {
    t.cut += size;
    if (t.cutExample === undefined || example < t.cutExample) t.cutExample = example;
  } else {
    t.omitted += size;
    if (t.omittedExample === undefined || example < t.omittedExample) t.omittedExample = example;
  }
}

/** Resolves one file per group with the budget and tallies, per source, what the budget did to it. */
function* tallySteps(
  groups: readonly { files: string[]; cost: number }[],
  total: number,
  resolve: Resolve,
  options: BudgetOptions,
  spent: Spent,
): Generator<void, { tallies: Map<string, Tally>; checked: number; resolutions: number }> {
  const maxResolutions = options.maxResolutions ?? MAX_BUDGET_RESOLUTIONS;
  const maxWork = options.maxWork ?? MAX_BUDGET_WORK;
  const tallies = new Map<string, Tally>();
  let resolutions = 0;
  let checked = 0;
  const progress = progressReporter(options.onProgress);
  let covered = 0;
  for (const { files: group, cost } of groups) {
    progress({ phase: 'budget', done: covered, total });
    covered += group.length;
    spent.work += cost;
    if (resolutions >= maxResolutions || spent.work > maxWork) {
      spent.complete = false;
      break;
    }
    resolutions++;
    const example = group[0];
    const ev = resolve([example]);
    yield;
    if (!ev) continue;
    checked += group.length;
    let needed: number | undefined;
    // Worked out once per group, and only when a source is cut or left out.
    const neededOnce = () => {
      if (needed === undefined) {
        needed = neededBudget(ev, example, resolve);
        spent.work += cost;
      }
      return needed;
    };
    for (const s of ev.sources as SourceEvidence[]) {
      if (s.scope !== 'workspace' || !IN_EFFECT.has(s.status)) continue;
      const t = tallies.get(s.path) ?? { inEffect: 0, cut: 0, omitted: 0, needed: 0 };
      tallies.set(s.path, t);
      tallySource(t, s, group.length, example, neededOnce);
    }
  }
  return { tallies, checked, resolutions };
}

/** A `budget-exceeded` warning for each source the budget cut or left out for some file. */
function budgetFindings(
  sources: BudgetInput['sources'],
  tallies: ReadonlyMap<string, Tally>,
  budget: number,
  complete: boolean,
  checked: number,
): Finding[] {
  const count = (n: number) => n.toLocaleString('en-US');
  const files_ = (n: number) => `${count(n)} file${n === 1 ? '' : 's'}`;
  const findings: Finding[] = [];
  for (const source of sources) {
    const t = tallies.get(source.path);
    if (!t || t.cut + t.omitted === 0) continue;
    const parts: string[] = [];
    const of = `of the ${files_(t.inEffect)} it is in effect for`;
    if (t.cut > 0) parts.push(`cut for ${count(t.cut)} ${of} (e.g. ${t.cutExample})`);
    if (t.omitted > 0) parts.push(`left out for ${count(t.omitted)}${t.cut > 0 ? '' : ` ${of}`} (e.g. ${t.omittedExample})`);
    const partial = complete ? '' : ` (only ${files_(checked)} were checked: the check is bounded on large trees)`;
    findings.push({
      file: source.path,
      severity: 'warning',
      code: 'budget-exceeded',
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: source.firstLineEnd + 1,
      message:
        `with the context budget of ${count(budget)} characters this file is ${parts.join(' and ')}${partial}: ` +
        `instruction files of higher precedence take the room first; a budget of ${count(t.needed)} characters would include everything for them`,
    });
  }
  return findings;
}

export function* budgetSteps(input: BudgetInput, options: BudgetOptions = {}): Generator<void, BudgetResult> {
  const maxFiles = options.maxFiles ?? MAX_BUDGET_FILES;
  const batchSize = Math.max(1, options.batchSize ?? BUDGET_BATCH);
  const cache = options.cache ?? new FileCache();
  const resolve: Resolve = (targets, budget) =>
    resolveDropping(input.root, targets, { fs: options.fs, cache, profile: options.policy?.name, globalFile: null, budget });

  // The editor's listing comes sorted and without repeats: checked in one pass, not sorted again
  // (sorting 200,000 paths is one long block of the extension host's thread).
  const sorted = strictlyAscending(input.files) ? input.files : [...new Set(input.files)].sort(byPath);
  const files = sorted.slice(0, maxFiles);
  const spent: Spent = { work: 0, complete: files.length === sorted.length };
  const sources = [...input.sources].sort((a, b) => byPath(a.dir, b.dir) || byPath(a.path, b.path));
  const chains = yield* chainGroups(files, sources);
  const groups = yield* contextGroups(chains, resolve, batchSize, options.maxWork ?? MAX_BUDGET_WORK, spent);
  const { tallies, checked, resolutions } = yield* tallySteps(groups, files.length, resolve, options, spent);
  const budget = (options.policy ?? HOLARYN_POLICY).budget.size;
  return {
    findings: budgetFindings(input.sources, tallies, budget, spent.complete, checked),
    checked,
    complete: spent.complete,
    resolutions,
  };
}

/** The whole check at once (the CLI). */
export function checkBudget(input: BudgetInput, options: BudgetOptions = {}): BudgetResult {
  return runToEnd(budgetSteps(input, options));
}

/** The check with a pause between resolutions (an editor); undefined when cancelled. */
export async function checkBudgetAsync(
  input: BudgetInput,
  options: BudgetOptions & { pause?: () => Promise<void>; isCancelled?: () => boolean } = {},
): Promise<BudgetResult | undefined> {
  return runPaused(budgetSteps(input, options), options.pause, options.isCancelled);
}
