/**
 * `lintWorkspace`: every instruction file under a root, linted with `lintFile` against one shared
 * listing. Each file is loaded as the resolver loads a candidate (containment of symlinks,
 * regular files only, streamed and bounded read), so it gets the resolver's `unreadable`,
 * `symlink-outside-root` and `too-large` findings too.
 *
 * The lint runs in steps (`lintWorkspaceSteps`): every few thousand paths of a listing, each
 * instruction file, each resolution of the budget check and of the agent pitfalls. The command
 * line runs them at once (`lintWorkspace`); an editor pauses between them (`lintWorkspaceAsync`).
 */
import * as nodePath from 'node:path';
import {
  FileCache,
  HOLARYN_POLICY,
  MAX_CONTENT_BYTES,
  Metadata,
  ResolverFs,
  ResolverPolicy,
  parseInstructions,
  canonicalRoot,
  locateCandidate,
  depthOf,
  joinRelative,
  readInstructionFile,
} from '../resolver';
import { compareFindings, lintFile, sourceDirectory } from './file';
import { SKIPPED_DIRECTORIES, WorkspaceListing } from './listing';
import { DirEntry, WalkFs, createNodeWalkFs, walkSteps } from './walk';
import { BudgetInput, BudgetLimits, BudgetSource, LintProgress, budgetSteps, progressReporter } from './budget';
import { textSimilarity } from './similarity';
import { AgentLintOptions, AgentLintResult, agentLintSteps } from './agents';
import { STEP_MASK, runPaused, runToEnd } from './pause';
import { LineIndex } from './text';
import type { Finding } from './types';

/** The resolver's filesystem plus directory listing, which only the workspace walk needs. */
export type LintFs = WalkFs;

/** The real disk. */
export const createNodeLintFs = createNodeWalkFs;

export interface LintWorkspaceOptions {
  /** Default: the real disk. Needs `readdir` unless `listFiles` is given. */
  fs?: ResolverFs & Partial<Pick<LintFs, 'readdir'>>;
  /**
   * Root-relative `/`-separated paths of the workspace's files (an editor's file index, `git
   * ls-files`, ...), used instead of walking the tree: instruction files are taken from it and
   * globs are matched against it (directories are derived).
   */
  listFiles?: (root: string) => Iterable<string>;
  /** With `listFiles`: false when that list is known to be partial (then "matches nothing" is not reported). Default true. */
  listingComplete?: boolean;
  /** With `listFiles`: directories that exist but are not listed (ignored, excluded); globs reaching them are not judged. */
  opaqueDirectories?: readonly string[];
  /** Resolve every file to find sources the budget cuts or leaves out (`budget-exceeded`; default true). */
  budgetCheck?: boolean;
  /** Bounds of that check (tests, editors). */
  budgetLimits?: BudgetLimits;
  /** Warm-resolution cache for that check (an editor keeps one across runs). */
  cache?: FileCache;
  /** Honour `.gitignore` files and `.git/info/exclude` in the walk (default true; `--no-ignore` is false). */
  ignore?: boolean;
  policy?: ResolverPolicy;
  /** Agents whose pitfalls to report (`--agents`; ./agents.ts), with their environment and settings. */
  agents?: Omit<AgentLintOptions, 'files' | 'fs'>;
  /** Told how far the check is (a terminal's progress line), at most every few hundred files. */
  onProgress?: (progress: LintProgress) => void;
}

export interface LintResult {
  /** Canonical absolute root. */
  root: string;
  /** Root-relative paths of the instruction files linted, sorted. */
  files: string[];
  /** Further paths to a file already linted in the same or a parent directory (never in effect). */
  duplicates: { path: string; duplicateOf: string }[];
  findings: Finding[];
  errors: number;
  warnings: number;
  /** Info findings (`foreign-key`): shown, never counted against `--max-warnings`. */
  infos: number;
  /** What the budget check resolves (an editor that runs it later, asynchronously, passes this to `checkBudgetAsync`). */
  budgetInput: BudgetInput;
  /** How the budget check went, when it ran. */
  budget?: { checked: number; complete: boolean; resolutions: number };
  /** The listing the glob checks used; front ends can pass it to `lintFile` for open editors. */
  listing: WorkspaceListing;
  /** With `agents`: each agent's own instruction files, and where a bound kept the check from asking about everything. */
  agents?: Omit<AgentLintResult, 'findings'>;
}

function isSkippedPath(rel: string): boolean {
  return rel.split('/').some((segment) => SKIPPED_DIRECTORIES.includes(segment));
}

/** A listed path without a leading `./` or trailing `/` (most have neither: the checks are on characters, not patterns). */
function plainPath(p: string): string {
  const dotSlash = p.charCodeAt(0) === 0x2e && p.charCodeAt(1) === 0x2f;
  if (!dotSlash && p.charCodeAt(p.length - 1) !== 0x2f) return p;
  return p.replace(/^\.\//, '').replace(/\/+$/, '');
}

/**
 * The instruction files of one walked directory: candidate names among its entries (a symlinked
 * one too: it is loaded, and reported, as the resolver loads it); through a possibly symlinked
 * `.holaryn`, or in a directory that could not be listed, probed as the resolver probes.
 */
function candidatesIn(fs: ResolverFs, rel: string, abs: string, entries: DirEntry[] | undefined, policy: ResolverPolicy): string[] {
  const P = fs.path;
  const out: string[] = [];
  const names = new Set(entries?.map((e) => e.name));
  for (const candidate of policy.candidates) {
    const first = candidate.split('/')[0];
    if (entries && !names.has(first)) continue;
    if (first === candidate && entries) {
      out.push(joinRelative(rel, candidate));
      continue;
    }
    try {
      if (fs.lstat(P.join(abs, ...candidate.split('/'))) !== undefined) out.push(joinRelative(rel, candidate));
    } catch {
      out.push(joinRelative(rel, candidate));
    }
  }
  return out;
}

type Loaded =
  | { ok: true; text: string; tooLarge: boolean; bytes: number; identity: string }
  | { ok: false; code: 'unreadable' | 'symlink-outside-root'; message: string };

/** Loads one candidate exactly as the resolver does (same checks, same messages). */
function loadCandidate(fs: ResolverFs, rootPath: string, rel: string, filename: string, policy: ResolverPolicy): Loaded {
  const found = locateCandidate(fs, rootPath, rel, filename, policy);
  if (!found) return { ok: false, code: 'unreadable', message: `${rel} vanished while being checked; skipped` };
  if (!found.ok) return { ok: false, code: found.reason, message: found.message };
  const read = readInstructionFile(fs, found.canonical, found.stat);
  if (!read.ok) return { ok: false, code: 'unreadable', message: `${rel}: ${read.message}; skipped` };
  return { ok: true, text: read.text, tooLarge: read.tooLarge, bytes: read.bytes, identity: `${found.stat.dev}:${found.stat.ino}` };
}

/** What decides where a source is in effect: two files that differ here never meet in one context. */
function placement(metadata: Metadata | null): string {
  return JSON.stringify([metadata?.applies_to ?? null, metadata?.excludes ?? [], metadata?.mode ?? 'append']);
}

/**
 * `near-duplicate`: a file of a directory whose contributed text is at least
 * NEAR_DUPLICATE_SIMILARITY the same as an earlier file's there (see ./similarity.ts), both in
 * effect for the same files. Reported once, on the later file, naming the first such file.
 */
function nearDuplicates(group: { path: string; text: string }[], policy: ResolverPolicy): Finding[] {
  if (group.length < 2) return [];
  const parsed = group.map((g) => {
    const body = g.text.charCodeAt(0) === 0xfeff ? g.text.slice(1) : g.text;
    const p = parseInstructions(body, policy.frontmatter);
    return { path: g.path, content: p.content, placement: placement(p.metadata), empty: p.content.trim() === '' };
  });
  const out: Finding[] = [];
  for (let j = 1; j < parsed.length; j++) {
    const later = parsed[j];
    if (later.empty) continue;
    for (let i = 0; i < j; i++) {
      const earlier = parsed[i];
      if (earlier.empty || earlier.placement !== later.placement) continue;
      const similarity = textSimilarity(earlier.content, later.content);
      if (similarity === undefined) continue;
      const link = nodePath.posix.relative(nodePath.posix.dirname(later.path), earlier.path);
      const share = similarity === 1 ? 'the same as' : `${Math.floor(similarity * 100)}% the same as`;
      out.push({
        file: later.path,
        severity: 'warning',
        code: 'near-duplicate',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        message:
          `${later.path} is ${share} ${earlier.path} (its words, in order), and both are in effect for the same files: ` +
          `the model reads these rules twice. Make ${later.path} a symbolic link to ${link} (the resolver then reads it once), ` +
          `or replace its text with the one-line pointer "@${link}"`,
      });
      break;
    }
  }
  return out;
}

/** An error about a file or directory as a whole, placed at its start. */
function wholeFileError(file: string, code: Finding['code'], message: string): Finding {
  return { file, severity: 'error', code, line: 1, column: 1, endLine: 1, endColumn: 1, message };
}

/** Lints every instruction file under `root` (see the module comment). Throws ResolveError `root-not-found`. */
export function lintWorkspace(root: string, options: LintWorkspaceOptions = {}): LintResult {
  return runToEnd(lintWorkspaceSteps(root, options));
}

/**
 * The same lint with `pause` between its steps (an editor: default one macrotask); undefined
 * once `isCancelled` says so. Rejects with what `lintWorkspace` throws.
 */
export function lintWorkspaceAsync(
  root: string,
  options: LintWorkspaceOptions & { pause?: () => Promise<void>; isCancelled?: () => boolean } = {},
): Promise<LintResult | undefined> {
  return runPaused(lintWorkspaceSteps(root, options), options.pause, options.isCancelled);
}

/** The file system a lint of a workspace reads (a listing from the editor spares `readdir`). */
type WorkspaceFs = NonNullable<LintWorkspaceOptions['fs']>;

/** The workspace's files: its listing, the files to resolve (targets), the instruction file candidates and the folders whose names are not text. */
interface Gathered {
  listing: WorkspaceListing;
  targets: string[];
  candidates: string[];
  undecodable: string[];
}

/** The files the editor listed, with the candidates among them. */
function* listedFiles(rootPath: string, options: LintWorkspaceOptions, policy: ResolverPolicy): Generator<void, Gathered> {
  const given: string[] = [];
  const candidates: string[] = [];
  let n = 0;
  for (const listed of options.listFiles!(rootPath)) {
    if ((++n & STEP_MASK) === 0) yield;
    const p = plainPath(listed);
    if (p === '') continue;
    given.push(p);
    const dir = sourceDirectory(p, policy);
    if (dir !== undefined && !isSkippedPath(dir)) candidates.push(p);
  }
  const listing = yield* WorkspaceListing.build(given, options.listingComplete ?? true, undefined, options.opaqueDirectories);
  return { listing, targets: given, candidates, undecodable: [] };
}

/** The files a walk of the root finds (honouring ignore files), with the candidates among them. */
function* walkedFiles(fs: WorkspaceFs, rootPath: string, options: LintWorkspaceOptions, policy: ResolverPolicy): Generator<void, Gathered> {
  if (!fs.readdir) throw new TypeError('lintWorkspace needs fs.readdir or options.listFiles');
  const found: string[] = [];
  const walked = progressReporter(options.onProgress);
  let entriesSeen = 0;
  const w = yield* walkSteps(fs as WalkFs, rootPath, {
    ignore: options.ignore,
    onDirectory: (rel, abs, entries) => {
      found.push(...candidatesIn(fs, rel, abs, entries, policy));
      entriesSeen += entries?.length ?? 0;
      walked({ phase: 'walk', done: entriesSeen });
    },
  });
  const listing = yield* WorkspaceListing.build(w.paths, w.complete, undefined, w.opaque);
  return { listing, targets: w.files, candidates: found, undecodable: w.undecodable };
}

/** Candidates once each, in precedence order for identical files: shallow first, then filename order. */
function rankedCandidates(candidates: readonly string[], policy: ResolverPolicy): { path: string; dir: string; rank: number }[] {
  const rank = (p: string) => policy.candidates.findIndex((c) => p === c || p.endsWith(`/${c}`));
  const unique = [...new Set(candidates)].map((path) => ({ path, dir: sourceDirectory(path, policy)!, rank: rank(path) }));
  unique.sort((a, b) => depthOf(a.dir) - depthOf(b.dir) || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0) || a.rank - b.rank);
  return unique;
}

/** What linting the instruction files one by one gives. */
interface Linted {
  findings: Finding[];
  files: string[];
  budgetSources: BudgetSource[];
  duplicates: LintResult['duplicates'];
  /** The loaded instruction files of each directory, in precedence order. */
  byDirectory: Map<string, { path: string; text: string }[]>;
}

/** A loaded file's entry for the budget check: its directory, whether globs decide where it applies, its first line's end. */
function budgetSource(path: string, dir: string, text: string, policy: ResolverPolicy): BudgetSource {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const metadata = parseInstructions(body, policy.frontmatter).metadata;
  const firstLine = body.search(/\r?\n/);
  return {
    path,
    dir,
    globbed: metadata !== null && (metadata.applies_to !== null || metadata.excludes.length > 0),
    firstLineEnd: firstLine < 0 ? body.length : firstLine,
  };
}

/** The warning on a file past the read limit, over its first line. */
function tooLargeFinding(path: string, text: string, bytes: number): Finding {
  const index = new LineIndex(text);
  const range = index.range(0, index.lineEnd(1));
  return {
    file: path,
    severity: 'warning',
    code: 'too-large',
    line: 1,
    column: 1,
    endLine: range.endLine,
    endColumn: range.endColumn,
    message: `file is ${bytes} bytes; only its first ${MAX_CONTENT_BYTES} bytes are read and used (the rest never reaches the model; the hash covers what was read, the size and the mtime)`,
  };
}

/** Loads and lints each candidate in precedence order, a step per file; a later path to a file already linted is a duplicate. */
function* lintFiles(
  fs: WorkspaceFs,
  rootPath: string,
  unique: readonly { path: string; dir: string; rank: number }[],
  listing: WorkspaceListing,
  options: LintWorkspaceOptions,
  policy: ResolverPolicy,
): Generator<void, Linted> {
  const out: Linted = { findings: [], files: [], budgetSources: [], duplicates: [], byDirectory: new Map() };
  const seen = new Map<string, { path: string; dir: string }[]>();
  const linted = progressReporter(options.onProgress);
  for (const [i, c] of unique.entries()) {
    if (i > 0) yield;
    linted({ phase: 'lint', done: i, total: unique.length });
    const loaded = loadCandidate(fs, rootPath, c.path, policy.candidates[c.rank], policy);
    if (!loaded.ok) {
      out.files.push(c.path);
      out.findings.push(wholeFileError(c.path, loaded.code, loaded.message));
      continue;
    }
    const earlier = seen.get(loaded.identity)?.find((s) => s.dir === '' || s.dir === c.dir || c.dir.startsWith(`${s.dir}/`));
    if (earlier) {
      out.duplicates.push({ path: c.path, duplicateOf: earlier.path });
      continue;
    }
    seen.set(loaded.identity, [...(seen.get(loaded.identity) ?? []), { path: c.path, dir: c.dir }]);
    out.files.push(c.path);
    const inDir = out.byDirectory.get(c.dir) ?? [];
    inDir.push({ path: c.path, text: loaded.text });
    out.byDirectory.set(c.dir, inDir);
    out.findings.push(...lintFile(c.path, loaded.text, { listing, policy }));
    out.budgetSources.push(budgetSource(c.path, c.dir, loaded.text, policy));
    if (loaded.tooLarge) out.findings.push(tooLargeFinding(c.path, loaded.text, loaded.bytes));
  }
  return out;
}

/** The lint as steps: yields where an editor may pause. */
export function* lintWorkspaceSteps(root: string, options: LintWorkspaceOptions = {}): Generator<void, LintResult> {
  const fs = options.fs ?? createNodeLintFs();
  const policy = options.policy ?? HOLARYN_POLICY;
  const rootPath = canonicalRoot(fs, root);
  const { listing, targets, candidates, undecodable } = options.listFiles
    ? yield* listedFiles(rootPath, options, policy)
    : yield* walkedFiles(fs, rootPath, options, policy);
  const unique = rankedCandidates(candidates, policy);
  const { findings, files, budgetSources, duplicates, byDirectory } = yield* lintFiles(fs, rootPath, unique, listing, options, policy);
  yield;
  for (const group of byDirectory.values()) {
    findings.push(...nearDuplicates(group, policy));
    if (group.length > 1) yield;
  }
  for (const dir of undecodable) {
    findings.push(
      wholeFileError(
        dir,
        'unreadable',
        'directory name is not valid UTF-8: it cannot be opened by its name as text, so instruction files in it are not checked (rename it)',
      ),
    );
  }
  const budgetInput: BudgetInput = { root: rootPath, files: targets, sources: budgetSources };
  let budget: LintResult['budget'];
  if (options.budgetCheck !== false) {
    const checked = yield* budgetSteps(budgetInput, {
      ...options.budgetLimits,
      fs,
      cache: options.cache,
      policy,
      onProgress: options.onProgress,
    });
    findings.push(...checked.findings);
    budget = { checked: checked.checked, complete: checked.complete, resolutions: checked.resolutions };
  }
  let agents: LintResult['agents'];
  if (options.agents && options.agents.agents.length > 0) {
    yield;
    const found = yield* agentLintSteps(rootPath, { ...options.agents, files: targets, fs });
    findings.push(...found.findings);
    agents = { files: found.files, cuts: found.cuts };
  }
  findings.sort(compareFindings);
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    root: rootPath,
    files,
    duplicates,
    findings,
    errors: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity === 'warning').length,
    infos: findings.filter((f) => f.severity === 'info').length,
    budgetInput,
    budget,
    listing,
    ...(agents ? { agents } : {}),
  };
}
