/**
 * The resolution pipeline (spec sections 1–9), top to bottom:
 *   normalise root and targets → list candidate paths on the chain → read (the only I/O)
 *   → order, apply, supersede (pure) → fit the budget and render → evidence.
 * Failures of the whole call throw ResolveError; everything else is data in the evidence.
 */
import * as os from 'node:os';
import { FileCache, LoadedFile } from './cache';
import { renderContext, ContextSource } from './context';
import {
  ConflictEvidence,
  DIAGNOSTIC_SEVERITY,
  Diagnostic,
  DiagnosticCode,
  EVIDENCE_SCHEMA,
  Evidence,
  Metadata,
  NotApplicableFor,
  ResolveError,
  SkippedCandidate,
  SourceEvidence,
  SourceScope,
  SourceStatus,
  TargetEvidence,
  ValidationEvidence,
} from './evidence';
import { parseInstructions } from './frontmatter';
import { canonicalRoot, errorCode, locateCandidate } from './candidates';
import { FsStat, PathApi, ResolverFs, nodeResolverFs } from './fs';
import { PatternSet } from './globs';
import { MAX_CONTENT_BYTES } from './limits';
import { canonicalize, chainOf, depthOf, isInside, joinRelative, parentOf, relativeToDirectory, toRelative } from './paths';
import { HOLARYN_POLICY, ResolverPolicy } from './policy';
import { readInstructionFile } from './read';
import { snapshotId } from './snapshot';

/** The operator-global instruction file and the name it is shown under. */
export interface GlobalFile {
  path: string;
  displayName: string;
}

export interface ResolveOptions {
  /** Model-context budget in the policy's unit; default the policy's (24,000 code points). */
  budget?: number;
  /** The operator-global file; `null` disables it; undefined means the default from the env. */
  globalFile?: GlobalFile | null;
  policy?: ResolverPolicy;
  /** Candidate names per directory, in order; default the policy's (spec section 1 `candidates`). */
  candidates?: readonly string[];
  fs?: ResolverFs;
  /** Warm-resolution cache shared across calls. */
  cache?: FileCache;
  /** Environment for the default global file (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Home directory for the default global file (default `os.homedir()`). */
  homedir?: string;
}

export const GLOBAL_FILE_NAME = 'instructions.md';

/** `$HOLARYN_HOME/instructions.md`, with `HOLARYN_HOME` defaulting to `~/.holaryn`. */
export function defaultGlobalFile(
  env: Record<string, string | undefined> = process.env,
  home: string = os.homedir(),
  P: PathApi = nodeResolverFs.path,
): GlobalFile {
  const holarynHome = env.HOLARYN_HOME;
  if (holarynHome) return { path: P.resolve(holarynHome, GLOBAL_FILE_NAME), displayName: `$HOLARYN_HOME/${GLOBAL_FILE_NAME}` };
  return { path: P.join(home, '.holaryn', GLOBAL_FILE_NAME), displayName: `~/.holaryn/${GLOBAL_FILE_NAME}` };
}

/** A global file named explicitly (`--global FILE`): shown as `<global>/<basename>`. */
export function explicitGlobalFile(path: string, P: PathApi = nodeResolverFs.path): GlobalFile {
  return { path: P.resolve(path), displayName: `<global>/${P.basename(path)}` };
}

interface ResolvedTarget extends TargetEvidence {
  /** What the caller passed. */
  given: string;
}

/** An instruction file found on the chain (or the global file), with its loaded content. */
interface Entry {
  path: string;
  scope: SourceScope;
  directory: string | null;
  depth: number;
  filename: string;
  stat: FsStat;
  identity: string;
  loaded: LoadedFile & { read: { ok: true } };
  metadata: Metadata | null;
  appliesTo: PatternSet | null;
  excludes: PatternSet | null;
}

class Diagnostics {
  readonly list: Diagnostic[] = [];
  add(code: DiagnosticCode, source: string | null, line: number | null, message: string, extra: Partial<Diagnostic> = {}): void {
    this.list.push({ severity: DIAGNOSTIC_SEVERITY[code], code, source, line, message, ...extra });
  }
}

function resolveTargets(fs: ResolverFs, root: string, targets: readonly string[]): ResolvedTarget[] {
  const P = fs.path;
  const rejected: string[] = [];
  const byPath = new Map<string, ResolvedTarget>();
  for (const given of targets) {
    if (typeof given !== 'string' || given.includes('\0')) {
      throw new ResolveError('usage', `target ${JSON.stringify(given)} is not a valid path`);
    }
    let c;
    try {
      c = canonicalize(fs, given === '' ? '.' : given, root);
    } catch (err) {
      throw new ResolveError('usage', `target ${JSON.stringify(given)} cannot be resolved (${errorCode(err)}: too many levels of symbolic links?)`, {
        targets: [given],
      });
    }
    if (!isInside(P, root, c.path)) {
      rejected.push(given);
      continue;
    }
    const path = toRelative(P, root, c.path);
    if (byPath.has(path)) continue;
    let kind: TargetEvidence['kind'] = 'missing';
    if (c.exists) kind = fs.stat(c.path)?.kind === 'directory' ? 'directory' : 'file';
    byPath.set(path, { path, kind, given });
  }
  if (rejected.length > 0) {
    const list = rejected.map((t) => JSON.stringify(t)).join(', ');
    throw new ResolveError('target-outside-root', `target${rejected.length > 1 ? 's' : ''} outside the workspace root: ${list}`, {
      targets: rejected,
      root,
    });
  }
  return [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Loads one file through the cache; `undefined` plus a diagnostic when it cannot be used. */
function load(fs: ResolverFs, canonical: string, st: FsStat, policy: ResolverPolicy, cache: FileCache | undefined): LoadedFile {
  const key = FileCache.key(canonical, st, policy.frontmatter);
  const hit = cache?.get(key);
  if (hit) return hit;
  const read = readInstructionFile(fs, canonical, st);
  const loaded: LoadedFile = { read, parsed: read.ok ? parseInstructions(read.text, policy.frontmatter) : null };
  // Only cache what was read from the state the key describes.
  if (cache && (!read.ok || read.bytes === st.size)) cache.set(key, loaded);
  return loaded;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function resolveInstructions(root: string, targets: readonly string[], options: ResolveOptions = {}): Evidence {
  const fs = options.fs ?? nodeResolverFs;
  const P = fs.path;
  const basePolicy = options.policy ?? HOLARYN_POLICY;
  const policy = options.candidates ? { ...basePolicy, candidates: options.candidates } : basePolicy;
  const budget = options.budget ?? policy.budget.size;
  if (!Number.isSafeInteger(budget) || budget < 0) {
    throw new ResolveError('usage', `budget must be a whole number of at least 0, not ${String(budget)}`);
  }
  const rootPath = canonicalRoot(fs, root, policy);
  const resolved = resolveTargets(fs, rootPath, targets);
  const diagnostics = new Diagnostics();
  const skipped: SkippedCandidate[] = [];
  const skip = (path: string, reason: SkippedCandidate['reason'], message: string) => {
    skipped.push({ path, reason });
    diagnostics.add(reason, path, null, message);
  };

  // Candidate paths on the chain: every directory from the root to each target's directory.
  const chain = new Set<string>();
  for (const t of resolved) {
    for (const dir of chainOf(t.kind === 'directory' ? t.path : parentOf(t.path))) chain.add(dir);
  }
  const dirs = [...chain].sort((a, b) => depthOf(a) - depthOf(b) || compareCodeUnits(a, b));

  const entries: Entry[] = [];
  const loadedByIdentity = new Map<string, LoadedFile>();
  const addEntry = (e: Omit<Entry, 'loaded' | 'metadata' | 'appliesTo' | 'excludes' | 'identity'>, canonical: string): boolean => {
    const identity = `${e.stat.dev}:${e.stat.ino}`;
    let loaded = loadedByIdentity.get(identity);
    if (!loaded) {
      loaded = load(fs, canonical, e.stat, policy, options.cache);
      loadedByIdentity.set(identity, loaded);
    }
    if (!loaded.read.ok) {
      skip(e.path, 'unreadable', `${e.path}: ${loaded.read.message}; skipped`);
      return false;
    }
    const metadata = loaded.parsed?.metadata ?? null;
    entries.push({
      ...e,
      identity,
      loaded: loaded as Entry['loaded'],
      metadata,
      appliesTo: metadata?.applies_to ? new PatternSet(metadata.applies_to) : null,
      excludes: metadata && metadata.excludes.length > 0 ? new PatternSet(metadata.excludes) : null,
    });
    return true;
  };

  if (resolved.length > 0) {
    const global = options.globalFile === undefined ? defaultGlobalFile(options.env, options.homedir, P) : options.globalFile;
    if (global) {
      const name = global.displayName;
      try {
        const st = fs.stat(global.path);
        if (st && st.kind !== 'file') skip(name, 'unreadable', `${name} is not a regular file; skipped`);
        else if (st) {
          const canonical = canonicalize(fs, global.path).path;
          addEntry({ path: name, scope: 'global', directory: null, depth: 0, filename: P.basename(global.path), stat: st }, canonical);
        }
      } catch (err) {
        skip(name, 'unreadable', `${name} cannot be read (${errorCode(err)}); skipped`);
      }
    }
  }

  for (const dir of dirs) {
    for (const filename of policy.candidates) {
      const rel = joinRelative(dir, filename);
      const found = locateCandidate(fs, rootPath, rel, filename, policy);
      if (!found) continue;
      if (!found.ok) {
        skip(rel, found.reason, found.message);
        continue;
      }
      const added = addEntry({ path: rel, scope: 'workspace', directory: dir, depth: depthOf(dir), filename, stat: found.stat }, found.canonical);
      if (added && policy.perDirectory === 'first') break;
    }
  }

  // Precedence: global before workspace, shallow before deep, low priority before high, compatible
  // filename order, then root-relative path.
  const filenameRank = (e: Entry) => (e.scope === 'global' ? -1 : policy.candidates.indexOf(e.filename));
  entries.sort(
    (a, b) =>
      (a.scope === b.scope ? 0 : a.scope === 'global' ? -1 : 1) ||
      a.depth - b.depth ||
      (a.metadata?.priority ?? 0) - (b.metadata?.priority ?? 0) ||
      filenameRank(a) - filenameRank(b) ||
      compareCodeUnits(a.path, b.path),
  );

  // Identity before applicability: later paths to an already-seen file are duplicates.
  const firstByIdentity = new Map<string, Entry>();
  const duplicateOf = new Map<Entry, Entry>();
  for (const e of entries) {
    const first = firstByIdentity.get(e.identity);
    if (first) duplicateOf.set(e, first);
    else firstByIdentity.set(e.identity, e);
  }

  // Applicability, per source and target.
  const applies = new Map<Entry, Set<string>>();
  const notApplicable = new Map<Entry, NotApplicableFor[]>();
  for (const e of entries) {
    const yes = new Set<string>();
    const no: NotApplicableFor[] = [];
    if (!duplicateOf.has(e)) {
      for (const t of resolved) {
        const rel = e.directory === null ? t.path : relativeToDirectory(e.directory, t.path);
        if (rel === undefined) continue; // out of this source's scope
        if (e.appliesTo && e.appliesTo.firstMatch(rel) === undefined) {
          no.push({ target: t.path, key: 'applies_to', pattern: null });
          continue;
        }
        const excluded = e.excludes?.firstMatch(rel);
        if (excluded !== undefined) {
          no.push({ target: t.path, key: 'excludes', pattern: excluded });
          continue;
        }
        yes.add(t.path);
      }
    }
    applies.set(e, yes);
    notApplicable.set(e, no);
  }

  // `mode: replace` supersedes earlier applicable sources in the same directory only.
  const supersededFor = new Map<Entry, Map<string, Entry>>(entries.map((e) => [e, new Map()]));
  const conflicts = new Map<string, { conflict: ConflictEvidence; winner: Entry }>();
  for (const t of resolved) {
    const groups = new Map<string, Entry[]>();
    for (const e of entries) {
      if (!applies.get(e)!.has(t.path)) continue;
      const key = e.directory ?? '\0global';
      const group = groups.get(key);
      if (group) group.push(e);
      else groups.set(key, [e]);
    }
    for (const group of groups.values()) {
      const replacing = group.filter((e) => e.metadata?.mode === 'replace');
      if (replacing.length === 0) continue;
      const winner = replacing[replacing.length - 1];
      for (const e of group) {
        if (e === winner) break;
        supersededFor.get(e)!.set(t.path, winner);
      }
      if (replacing.length > 1) {
        const sources = replacing.map((e) => e.path);
        const key = JSON.stringify([winner.directory, sources, winner.path]);
        if (!conflicts.has(key)) conflicts.set(key, { conflict: { kind: 'replace', directory: winner.directory, sources, winner: winner.path }, winner });
      }
    }
  }

  // Sources in effect, and the model context from them.
  const inEffect = entries.filter((e) => [...applies.get(e)!].some((t) => !supersededFor.get(e)!.has(t)));
  const targetsInEffect = (e: Entry) => resolved.map((t) => t.path).filter((t) => applies.get(e)!.has(t) && !supersededFor.get(e)!.has(t));
  const contextSources: ContextSource[] = inEffect.map((e) => {
    const appliesTo = targetsInEffect(e);
    return {
      path: e.path,
      content: e.loaded.parsed!.content,
      appliesTo: appliesTo.length === resolved.length ? null : appliesTo,
      commands: e.metadata?.required_validation ?? [],
    };
  });
  const context = renderContext(contextSources, budget, policy.budget.unit);
  const budgetStatus = new Map<Entry, { status: 'included' | 'truncated' | 'omitted'; included: number }>();
  inEffect.forEach((e, i) => budgetStatus.set(e, { status: context.status[i], included: context.included[i] }));

  // Parse diagnostics belong to the first path of each file.
  for (const e of entries) {
    if (duplicateOf.has(e)) continue;
    for (const d of e.loaded.parsed?.diagnostics ?? []) {
      const { code, line, message, column, endLine, endColumn } = d;
      diagnostics.add(code, e.path, line, message, column === undefined ? {} : { column, endLine, endColumn });
    }
    if (e.loaded.read.tooLarge) {
      diagnostics.add('too-large', e.path, null, `file is ${e.loaded.read.bytes} bytes; only its first ${MAX_CONTENT_BYTES} bytes are used (the hash covers all of it)`);
    }
  }
  for (const { conflict, winner } of conflicts.values()) {
    const modeLine = winner.loaded.parsed?.keys.find((k) => k.key === 'mode')?.line ?? null;
    const where = conflict.directory === null ? 'the global scope' : JSON.stringify(conflict.directory === '' ? '.' : conflict.directory);
    diagnostics.add(
      'replace-conflict',
      winner.path,
      modeLine,
      `${conflict.sources.length} sources in ${where} use mode: replace (${conflict.sources.join(', ')}); ${winner.path} wins by precedence`,
    );
  }

  const sources: SourceEvidence[] = entries.map((e, index) => {
    const parsed = e.loaded.parsed!;
    const dup = duplicateOf.get(e);
    const superseded = supersededFor.get(e)!;
    const appliesTo = dup ? [] : targetsInEffect(e);
    const supersededTargets = resolved.map((t) => t.path).filter((t) => superseded.has(t));
    const content = dup ? '' : parsed.content;
    const chars = dup ? 0 : [...content].length;
    let status: SourceStatus;
    let reason: string | null = null;
    const budgetInfo = budgetStatus.get(e);
    if (dup) {
      status = 'duplicate';
      reason = `same file as ${dup.path}`;
    } else if (budgetInfo) {
      status = budgetInfo.status;
      if (status === 'truncated') reason = `cut by the budget: ${budgetInfo.included} of ${chars} characters included`;
      if (status === 'omitted') reason = `omitted by the budget: its ${chars} characters did not fit in ${budget}`;
    } else if (supersededTargets.length > 0) {
      status = 'superseded';
      const winner = superseded.get(supersededTargets[0])!;
      reason = `superseded by ${winner.path} (mode: replace in the same directory) for ${supersededTargets.join(', ')}`;
    } else {
      status = 'not-applicable';
      reason =
        notApplicable
          .get(e)!
          .map((n) =>
            n.key === 'excludes'
              ? `excludes ${JSON.stringify(n.pattern)} matches ${JSON.stringify(n.target)}`
              : `applies_to ${JSON.stringify(e.metadata?.applies_to)} does not match ${JSON.stringify(n.target)}`,
          )
          .join('; ') || null;
    }
    return {
      path: e.path,
      scope: e.scope,
      directory: e.directory,
      depth: e.depth,
      filename: e.filename,
      order: index + 1,
      sha256: e.loaded.read.sha256,
      bytes: e.loaded.read.bytes,
      chars,
      status,
      appliesTo,
      supersededFor: supersededTargets,
      supersededBy: supersededTargets.length > 0 ? superseded.get(supersededTargets[0])!.path : null,
      duplicateOf: dup ? dup.path : null,
      reason,
      metadata: e.metadata,
      content,
      notApplicable: notApplicable.get(e)!,
      includedChars: budgetInfo ? budgetInfo.included : 0,
    };
  });

  const validation: ValidationEvidence[] = [];
  const seenCommands = new Set<string>();
  for (const e of inEffect) {
    for (const command of e.metadata?.required_validation ?? []) {
      const key = JSON.stringify([command, e.path]);
      if (seenCommands.has(key)) continue;
      seenCommands.add(key);
      validation.push({ command, source: e.path });
    }
  }

  const omitted = sources.filter((s) => s.status === 'omitted').map((s) => ({ path: s.path, chars: s.chars }));
  const cut = sources.filter((s) => s.status === 'truncated').map((s) => ({ path: s.path, chars: s.chars, included: s.includedChars }));
  for (const o of omitted) diagnostics.add('budget-truncated', o.path, null, `${o.path} (${o.chars} characters) was omitted from the model context by the ${budget}-character budget`);
  for (const c of cut) diagnostics.add('budget-truncated', c.path, null, `${c.path} was cut to ${c.included} of ${c.chars} characters by the ${budget}-character budget`);

  const targetsEvidence = resolved.map(({ path, kind }) => ({ path, kind }));
  return {
    schema: EVIDENCE_SCHEMA,
    root: rootPath,
    targets: targetsEvidence,
    snapshot: snapshotId({ policy: policy.name, root: rootPath, targets: targetsEvidence, sources, skipped, budget }),
    sources,
    validation,
    conflicts: [...conflicts.values()].map((c) => c.conflict),
    diagnostics: diagnostics.list,
    truncation: {
      budget,
      chars: [...context.text].length,
      truncated: omitted.length > 0 || cut.length > 0,
      omitted,
      cut,
    },
    context: context.text,
    skipped,
    policy: policy.name,
  };
}
