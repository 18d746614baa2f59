/**
 * What Claude Code loads, in its order (see README.md in this folder): the managed file, the
 * user's CLAUDE.md and rules, then CLAUDE.md / CLAUDE.local.md from the filesystem root down to
 * the working directory (there also `.claude/CLAUDE.md` and the rules without `paths`); later, on
 * a READ of a file below the working directory, the CLAUDE.md files of its directories and the
 * rules whose `paths` match it. Each memory file's `@imports` come just before it, once per file.
 */
import type { NotApplicableFor } from '../../evidence';
import { PatternSet, patternBoundsProblem, patternTotalProblem } from '../../globs';
import { MAX_PATTERNS_PER_KEY } from '../../limits';
import { canonicalize, isInside, joinUnder } from '../../paths';
import { derived, type Applicability, type Delivery, type DiscoverContext, type NamedCandidate } from '../../profile';
import type { SourceScope } from '../../evidence';
import { agentHeader, stringOrList } from '../agent/frontmatter';
import { Peeked, kindOf, peekText } from '../agent/peek';
import { addChainDirectories, walkRuleFolder } from '../agent/folders';
import { importsOf, stripBlockComments } from './text';

/** Claude Code loads a memory file of up to 4 MiB and skips a larger one. */
export const MAX_MEMORY_BYTES = 4 * 1024 * 1024;
/** Imports are followed this many hops deep. */
export const MAX_IMPORT_HOPS = 4;
/** Rules folders are walked this deep (a bound; Claude Code documents none): a deeper folder is said (`too-large`). */
const MAX_RULE_DEPTH = 10;

export interface ClaudeDirs {
  /** `~/.claude` or `$CLAUDE_CONFIG_DIR` (absolute) and its display name. */
  config: { path: string; display: string };
  /** The managed policy folder (absolute) and its display name. */
  managed: { path: string; display: string };
}

export interface ClaudeOptions {
  dirs: ClaudeDirs;
  /** `claudeMdExcludes`, merged over every settings layer. */
  excludes: readonly { pattern: string; from: string }[];
  /** CLAUDE_CODE_DISABLE_CLAUDE_MDS is set. */
  disabled: boolean;
}

interface Origin {
  delivery: Delivery;
  /** A user-scope or managed file: its imports need no approval, a link there is followed. */
  own: boolean;
  /** Found by probing a name in a directory of the walk (not an import, not a rule). */
  probed?: boolean;
  hops: number;
  directory: string | null;
  applicability?: Applicability;
  note?: string;
  tag: string;
}

/** `c` reported as not loaded. */
function notLoaded(c: NamedCandidate, reason: string): NamedCandidate {
  return derived(c, { report: { status: 'not-loaded', reason } });
}

/** A glob of `paths` with a `[` that opens no bracket expression matches nothing. */
function invalidBracket(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === '[') {
      const close = pattern.indexOf(']', i + 2);
      const slash = pattern.indexOf('/', i);
      if (close < 0 || (slash >= 0 && slash < close)) return true;
      i = close;
    }
  }
  return false;
}

/**
 * A rule's `paths`, checked and compiled once: the patterns Claude Code can match (a `[` that
 * opens no bracket expression matches nothing), or why Holaryn does not evaluate them (over the
 * bounds every profile's globs share).
 */
function rulePaths(patterns: readonly string[]): { set: PatternSet; problem?: undefined } | { problem: string } {
  if (patterns.length > MAX_PATTERNS_PER_KEY)
    return { problem: `paths holds ${patterns.length} patterns; the limit is ${MAX_PATTERNS_PER_KEY}` };
  const total = patternTotalProblem(patterns, 'paths');
  if (total !== undefined) return { problem: total };
  for (const p of patterns) {
    const why = patternBoundsProblem(p);
    if (why !== undefined) return { problem: `paths ${JSON.stringify(p.length > 80 ? `${p.slice(0, 80)}…` : p)}: ${why}` };
  }
  return { set: new PatternSet(patterns.filter((p) => !invalidBracket(p))) };
}

/** Whether `set` matches `rel` (a `/`-separated path relative to the rule's base). */
function matches(set: PatternSet, rel: string): boolean {
  return rel !== '' && !rel.startsWith('../') && set.firstMatch(rel) !== undefined;
}

export function claudeDiscover(opts: ClaudeOptions): (ctx: DiscoverContext) => NamedCandidate[] {
  return (ctx) => new Discovery(ctx, opts).run();
}

class Discovery {
  private readonly out: NamedCandidate[] = [];
  private readonly loaded = new Set<string>();
  /** Files named but not loaded (import too deep, needs approval), reported at the end unless loaded later. */
  private readonly pending = new Map<string, NamedCandidate>();
  private readonly P;
  /** Targets Claude reads (existing files and directories below or at the cwd) and writes (missing). */
  private readonly reads: { path: string; abs: string }[];
  private readonly writes: { path: string; abs: string }[];
  /** `claudeMdExcludes` within the bounds every profile's globs share, each compiled once. */
  private readonly excludes: { pattern: string; from: string; set: PatternSet }[] = [];

  constructor(
    private readonly ctx: DiscoverContext,
    private readonly opts: ClaudeOptions,
  ) {
    this.P = ctx.fs.path;
    for (const e of opts.excludes) {
      const why = patternBoundsProblem(e.pattern);
      if (why === undefined) this.excludes.push({ ...e, set: new PatternSet([e.pattern]) });
      else
        ctx.diagnostic(
          'invalid-value',
          null,
          null,
          `claudeMdExcludes pattern from ${e.from}: ${why}; Holaryn does not evaluate it (Claude Code would), so it excludes nothing`,
        );
    }
    const abs = (p: string) => (p === '' ? ctx.root : joinUnder(this.P, ctx.root, p));
    this.reads = ctx.targets.filter((t) => t.path !== '' && t.kind !== 'missing').map((t) => ({ path: t.path, abs: abs(t.path) }));
    this.writes = ctx.targets.filter((t) => t.kind === 'missing').map((t) => ({ path: t.path, abs: abs(t.path) }));
  }

  run(): NamedCandidate[] {
    const { P, ctx, opts } = this;
    const conditional: (() => void)[] = [];
    // Managed, then the user's own files.
    this.memory(joinUnder(P, opts.dirs.managed.path, 'CLAUDE.md'), {
      delivery: 'baseline',
      own: true,
      hops: 0,
      directory: null,
      tag: 'managed',
    });
    this.memory(joinUnder(P, opts.dirs.config.path, 'CLAUDE.md'), {
      delivery: 'baseline',
      own: true,
      hops: 0,
      directory: null,
      tag: 'user',
    });
    this.rules(opts.dirs.config.path, true, ctx.root, null, conditional);
    // The filesystem root down to the working directory.
    const chain: string[] = [];
    for (let dir = ctx.root; ; dir = P.dirname(dir)) {
      chain.unshift(dir);
      if (P.dirname(dir) === dir) break;
    }
    for (const dir of chain) {
      const here = dir === ctx.root;
      const origin = (tag: string): Origin => ({ delivery: 'baseline', own: false, probed: true, hops: 0, directory: null, tag });
      this.memory(joinUnder(P, dir, 'CLAUDE.md'), origin('project'));
      if (here) {
        this.memory(joinUnder(P, dir, '.claude/CLAUDE.md'), origin('project'));
        this.rules(dir, false, dir, null, conditional);
      }
      this.memory(joinUnder(P, dir, 'CLAUDE.local.md'), origin('local'));
    }
    // On a read: the directories below the cwd on each read target's chain, shallow first.
    const readDirs = this.dirsBelow(this.reads);
    const writeDirs = this.dirsBelow(this.writes).filter((d) => !readDirs.includes(d));
    for (const rel of readDirs) {
      const dir = joinUnder(P, ctx.root, rel);
      const note = 'loaded when Claude Code reads a file in this directory';
      const origin = (tag: string): Origin => ({ delivery: 'on-touch', own: false, probed: true, hops: 0, directory: rel, tag, note });
      this.memory(joinUnder(P, dir, 'CLAUDE.md'), origin('project'));
      this.memory(joinUnder(P, dir, 'CLAUDE.local.md'), origin('local'));
      this.rules(dir, false, dir, rel, conditional);
    }
    for (const rel of writeDirs) {
      const dir = joinUnder(P, ctx.root, rel);
      for (const name of ['CLAUDE.md', 'CLAUDE.local.md']) {
        const abs = joinUnder(P, dir, name);
        if (kindOf(ctx.fs, abs) !== 'file' || this.loaded.has(abs)) continue;
        this.out.push(
          notLoaded(
            this.candidate(abs, { delivery: 'on-touch', own: false, hops: 0, directory: rel, tag: 'project' }),
            'Claude Code loads a subdirectory CLAUDE.md when it READS a file there; the target does not exist, and writing a new file is not a read',
          ),
        );
      }
    }
    for (const run of conditional) run();
    this.agentsFiles([...chain, ...[...readDirs, ...writeDirs].map((rel) => joinUnder(P, ctx.root, rel))]);
    for (const [abs, c] of this.pending) if (!this.loaded.has(abs)) this.out.push(c);
    if (opts.disabled)
      return this.out.map((c) => ({
        ...c,
        report: { status: 'not-loaded', reason: 'CLAUDE_CODE_DISABLE_CLAUDE_MDS is set: Claude Code loads no memory file' },
      }));
    return this.out;
  }

  /** AGENTS.md in the directories Claude Code looks in: never loaded unless imported (or linked as CLAUDE.md). */
  private agentsFiles(dirs: readonly string[]): void {
    const { ctx, P } = this;
    const real = new Set([...this.loaded].map((abs) => canonicalize(ctx.fs, abs).path));
    for (const dir of dirs) {
      const abs = joinUnder(P, dir, 'AGENTS.md');
      if (this.loaded.has(abs) || kindOf(ctx.fs, abs) !== 'file' || real.has(canonicalize(ctx.fs, abs).path)) continue;
      const c = this.candidate(abs, { delivery: 'baseline', own: false, hops: 0, directory: null, tag: 'agents' });
      this.out.push(notLoaded(c, 'Claude Code reads AGENTS.md only through an @AGENTS.md import'));
      if (c.scope === 'workspace')
        ctx.diagnostic(
          'agent-pitfall',
          c.path,
          null,
          `Claude Code never reads ${c.path}: add a line "@AGENTS.md" to the CLAUDE.md beside it (or make CLAUDE.md a link to it)`,
        );
    }
  }

  /** Root-relative directories below the cwd on the chains of `targets`, shallow first. */
  private dirsBelow(targets: readonly { path: string; abs: string }[]): string[] {
    const dirs = new Set<string>();
    for (const t of targets) addChainDirectories(dirs, t.path, kindOf(this.ctx.fs, t.abs) === 'directory');
    const depth = (d: string) => {
      let n = 1;
      for (let i = d.indexOf('/'); i >= 0; i = d.indexOf('/', i + 1)) n++;
      return n;
    };
    return [...dirs]
      .map((d) => ({ d, n: depth(d) }))
      .sort((a, b) => a.n - b.n || (a.d < b.d ? -1 : a.d > b.d ? 1 : 0))
      .map((x) => x.d);
  }

  /**
   * Evidence path and scope of an absolute path, and whether it is the user's own (the managed
   * folder, Claude Code's own folder: a link there is followed). A file of the workspace is the
   * repository's, even below the home directory; another file below the home directory is named
   * `~/…` (scope global) but is no more trusted than the repository's.
   */
  private where(abs: string): { path: string; scope: SourceScope; own: boolean } {
    const { ctx, P, opts } = this;
    const inWorkspace = isInside(P, ctx.boundary.workspace, abs);
    const rel = (base: string) => P.relative(base, abs).split(P.sep).join('/');
    if (!inWorkspace && isInside(P, opts.dirs.managed.path, abs))
      return { path: `${opts.dirs.managed.display}/${rel(opts.dirs.managed.path)}`, scope: 'global', own: true };
    if (!inWorkspace && isInside(P, opts.dirs.config.path, abs))
      return { path: `${opts.dirs.config.display}/${rel(opts.dirs.config.path)}`, scope: 'global', own: true };
    if (!inWorkspace && isInside(P, ctx.homedir, abs)) return { path: `~/${rel(ctx.homedir)}`, scope: 'global', own: false };
    const shown = ctx.display(abs);
    return { path: shown, scope: shown.startsWith('../') ? 'project' : 'workspace', own: false };
  }

  private candidate(abs: string, o: Origin): NamedCandidate {
    const { path, scope, own } = this.where(abs);
    const slash = path.lastIndexOf('/');
    const dirRel = slash < 0 ? '' : path.slice(0, slash);
    return {
      abs,
      path,
      scope,
      directory: o.directory,
      depth: scope === 'global' ? 0 : this.ctx.depthOf(dirRel),
      filename: this.P.basename(abs),
      delivery: o.delivery,
      own: o.own || own,
      ...(o.probed ? { probe: { dir: this.P.dirname(abs), name: this.P.basename(abs) } } : {}),
      tag: o.tag,
      ...(o.applicability ? { applicability: o.applicability } : {}),
      ...(o.note !== undefined ? { note: o.note } : {}),
    };
  }

  private excludedBy(abs: string, tag: string): { pattern: string; from: string } | undefined {
    if (tag === 'managed') return undefined;
    const p = abs.replace(/\\/g, '/');
    const rel = p.replace(/^\/+/, '');
    return this.excludes.find((e) => e.set.firstMatch(rel) !== undefined);
  }

  /**
   * One memory file: its imports first (depth first), then itself. Nothing when it does not exist.
   * `peeked`: its text, when the caller read it already (a rule's header), so it is not read twice.
   */
  private memory(abs: string, o: Origin, peeked?: Peeked): void {
    const { ctx } = this;
    if (this.loaded.has(abs) || kindOf(ctx.fs, abs) !== 'file') return;
    this.loaded.add(abs);
    const self = this.candidate(abs, o);
    const excluded = this.excludedBy(abs, o.tag);
    if (excluded) {
      this.out.push(notLoaded(self, `excluded by claudeMdExcludes ${JSON.stringify(excluded.pattern)} (${excluded.from})`));
      return;
    }
    const probe = self.probe;
    const shows = self.own ? null : (real: string) => ctx.boundary.shows(real, probe);
    peeked ??= peekText(ctx.fs, abs, shows, MAX_MEMORY_BYTES, MAX_MEMORY_BYTES, ctx.options.cache);
    if (peeked.ok) {
      const body = stripBlockComments(agentHeader(peeked.text).body);
      for (const imp of importsOf(body)) this.importFrom(abs, self.path, imp.path, imp.line, o);
    }
    this.out.push(self);
  }

  private importFrom(fromAbs: string, fromPath: string, spec: string, line: number, o: Origin): void {
    const { ctx, P } = this;
    const target =
      spec === '~' || spec.startsWith('~/')
        ? P.join(ctx.homedir, spec.slice(1))
        : P.isAbsolute(spec)
          ? P.resolve(spec)
          : P.resolve(P.dirname(fromAbs), spec);
    if (this.loaded.has(target)) return;
    const kind = kindOf(ctx.fs, target);
    if (kind !== 'file') {
      if (/[./]/.test(spec))
        ctx.diagnostic('import', fromPath, line, `@${spec} in ${fromPath} names no file Claude Code can import; it stays as text`);
      return;
    }
    const imported: Origin = { ...o, probed: false, hops: o.hops + 1, tag: 'import', note: `imported by ${fromPath}` };
    if (imported.hops > MAX_IMPORT_HOPS) {
      this.pend(
        target,
        imported,
        `@${spec} in ${fromPath} is more than ${MAX_IMPORT_HOPS} import hops from the file Claude Code loaded: not imported`,
      );
      return;
    }
    if (!o.own) {
      if (!isInside(P, ctx.root, target)) {
        this.pend(
          target,
          imported,
          `@${spec} in ${fromPath} leads outside the working directory: Claude Code asks for approval before it imports it (not loaded until approved)`,
        );
        return;
      }
    }
    this.memory(target, imported);
  }

  private pend(abs: string, o: Origin, reason: string): void {
    if (!this.pending.has(abs)) this.pending.set(abs, notLoaded(this.candidate(abs, o), reason));
  }

  /**
   * The `.md` files under `<dir>/.claude/rules` (or `<config>/rules` for the user's), in path
   * order: those without `paths` load now; those with `paths` are decided after the baseline.
   */
  private rules(dir: string, user: boolean, base: string, onTouchDir: string | null, conditional: (() => void)[]): void {
    const { ctx, P } = this;
    const top = user ? joinUnder(P, dir, 'rules') : joinUnder(P, dir, '.claude/rules');
    // Claude Code 2.1.328, run: a linked rules folder, subfolder or file is followed when it leads
    // inside the project and its files are named by their real path; one leading outside is not
    // read at all. The user's own folder is theirs: its links are followed wherever they lead.
    const inside = (real: string) => isInside(P, ctx.boundary.workspace, real);
    const files = walkRuleFolder(ctx, {
      top,
      maxDepth: MAX_RULE_DEPTH,
      agent: 'Claude Code',
      wanted: (name) => name.endsWith('.md'),
      order: (entries) => entries.map((e) => e.name).sort(),
      link: (abs, real, kind) =>
        user || inside(real)
          ? { follow: true }
          : {
              follow: false,
              why: `${ctx.display(abs)} is a link to a ${kind === 'directory' ? 'folder' : 'file'} outside the project (${real}): Claude Code does not read ${kind === 'directory' ? 'the rules in it' : 'it'}`,
            },
    });
    for (const { abs } of files) {
      // Read as a memory file is (its imports need the whole text): once for its header and imports.
      const peeked = peekText(
        ctx.fs,
        abs,
        user ? null : (real) => ctx.boundary.shows(real),
        MAX_MEMORY_BYTES,
        MAX_MEMORY_BYTES,
        ctx.options.cache,
      );
      const attributes = peeked.ok ? agentHeader(peeked.text).attributes : undefined;
      const paths = attributes && 'paths' in attributes ? stringOrList(attributes.paths) : undefined;
      const tag = user ? 'user' : 'project';
      if (paths === undefined) {
        const delivery = onTouchDir === null ? 'baseline' : 'on-touch';
        this.memory(abs, { delivery, own: user, hops: 0, directory: onTouchDir, tag }, peeked);
        continue;
      }
      conditional.push(() => this.pathRule(abs, paths, base, user, tag));
    }
  }

  /** A rule with `paths`: loads (on touch) when a READ target matches, relative to `base`. */
  private pathRule(abs: string, patterns: readonly string[], base: string, user: boolean, tag: string): void {
    const { P } = this;
    const rel = (t: { abs: string }) => P.relative(base, t.abs).split(P.sep).join('/');
    const described = `paths ${JSON.stringify(patterns)}`;
    const origin: Origin = { delivery: 'on-touch', own: user, hops: 0, directory: null, tag };
    const compiled = rulePaths(patterns);
    if (compiled.problem !== undefined) {
      if (this.loaded.has(abs)) return;
      this.loaded.add(abs);
      const c = this.candidate(abs, origin);
      this.ctx.diagnostic(
        'invalid-value',
        c.path,
        null,
        `${compiled.problem}: Holaryn does not evaluate these paths (Claude Code would), so the rule is taken as matching no file`,
      );
      this.out.push(notLoaded(c, `its paths are over Holaryn's pattern bounds (${compiled.problem}): not evaluated`));
      return;
    }
    const { set } = compiled;
    const read = this.reads.find((t) => matches(set, rel(t)));
    const written = this.writes.find((t) => matches(set, rel(t)));
    if (!read && written) {
      if (this.loaded.has(abs)) return;
      this.loaded.add(abs);
      this.out.push(
        notLoaded(
          this.candidate(abs, origin),
          `${described} matches ${written.path}, but it does not exist: creating it is a write, and Claude Code loads a path rule only when it reads a matching file`,
        ),
      );
      return;
    }
    const reads = new Set(this.reads.map((t) => t.path));
    // Each `why` is one fixed sentence: the reason names the paths and the targets once.
    const applicability: Applicability = {
      test: (target) => {
        const no = (why?: string): NotApplicableFor =>
          why === undefined
            ? { target: target.path, key: 'applies_to', pattern: null }
            : { target: target.path, key: 'applies_to', pattern: null, why };
        if (target.path === '') return no('a path rule loads only when Claude Code reads a matching file, and none was read');
        if (!matches(set, rel({ abs: joinUnder(P, this.ctx.root, target.path) }))) return no();
        if (!reads.has(target.path)) return no('its paths match a file that does not exist yet, and writing a new file is not a read');
        return null;
      },
      describe: () => described,
    };
    this.memory(abs, { ...origin, applicability, note: read ? `${described} matches ${read.path}, read by Claude Code` : undefined });
  }
}
