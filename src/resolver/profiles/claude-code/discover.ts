/**
 * What Claude Code 2.1.328 loads, in its order (README.md in this folder):
 *
 * 1. **At launch** (first user message): the managed CLAUDE.md and rules, the user's CLAUDE.md
 *    and rules, then in each directory from the top of the file system (below `/`) down to the
 *    working directory its CLAUDE.md, .claude/CLAUDE.md, .claude/rules without `paths` and
 *    CLAUDE.local.md; every file followed by the files it imports. Where none of those CLAUDE
 *    files exists from the working directory up, the AGENTS.md plugin adds each directory's
 *    AGENTS.md and .claude/AGENTS.md among them (its `instructionFiles` option decides).
 * 2. **When a tool touches a path** (after the tool's result): the user's and managed path rules
 *    it matches, then for each directory below the working directory down to the path's own,
 *    shallow first, its CLAUDE files, rules without `paths` and the path rules it matches, then
 *    the path rules of the working directory and its ancestors that match it.
 * 3. **When Claude Code reads an existing file** (a system message): the AGENTS.md files of the
 *    directories below the working directory on its way, where the plugin adds them.
 */
import type { NotApplicableFor, SourceScope } from '../../evidence';
import { PatternSet, patternBoundsProblem, patternTotalProblem } from '../../globs';
import { MAX_PATTERNS_PER_KEY } from '../../limits';
import { canonicalize, isInside, joinUnder } from '../../paths';
import type { Probe } from '../../boundary';
import { walkRuleFolder } from '../agent/folders';
import { derived, type Applicability, type DiscoverContext, type NamedCandidate } from '../../profile';
import { kindOf, listInOrder, peekText } from '../agent/peek';
import { HOOK_TAG, type MemoryKind } from './format';
import { isTextName, memoryText } from './text';
import { pathRuleMatches } from './rules';
import { AGENTS_KEPT_OUT } from './reasons';

/** Claude Code loads a memory file of up to 4 MiB and skips a larger one. */
export const MAX_MEMORY_BYTES = 4 * 1024 * 1024;
/** A file reached through this many imports is not loaded (the fourth import's file is). */
export const MAX_IMPORT_DEPTH = 5;
/** Rules folders are walked this deep (a bound; Claude Code has none but never walks a folder twice). */
const MAX_RULE_DEPTH = 10;

/** The CLAUDE files that make a project one with CLAUDE.md (no AGENTS.md then, by default). */
const CLAUDE_NAMES = ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'];
const AGENTS_NAMES = ['AGENTS.md', '.claude/AGENTS.md'];

/** The AGENTS.md plugin's `instructionFiles` option. */
export const INSTRUCTION_FILES_MODES = ['claude-md', 'claude-md-or-agents-md', 'claude-md-and-agents-md', 'managed-only'] as const;
export type InstructionFilesMode = (typeof INSTRUCTION_FILES_MODES)[number];

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
  /** Why no memory file loads at all (CLAUDE_CODE_DISABLE_CLAUDE_MDS, CLAUDE_CODE_SIMPLE), if so. */
  disabled: string | undefined;
  /** Why nothing loads on touch (CLAUDE_CODE_DISABLE_ATTACHMENTS), if so. */
  noAttachments: string | undefined;
  mode: InstructionFilesMode;
  /** The project's external imports were approved (`hasClaudeMdExternalIncludesApproved`). */
  approved: boolean;
}

/** One memory file Claude Code loads (or names and does not load). */
interface Memory {
  /** The path Claude Code reads it by and names it with (links not resolved; a rule: its real path). */
  abs: string;
  kind: MemoryKind;
  /** The file that imports it, if any. */
  parent?: Memory;
  /** `paths` globs, when it has them. */
  globs?: readonly string[];
  /** Processed text, untrimmed (undefined: not read, e.g. a link leading outside). */
  content?: string;
  /** False for a file Claude Code skips once read (empty, too large): reported, not loaded. */
  loads: boolean;
}

/** Why a rule's `paths` are over the bounds every profile's globs share, if they are. */
function pathsProblem(patterns: readonly string[]): string | undefined {
  if (patterns.length > MAX_PATTERNS_PER_KEY) return `paths holds ${patterns.length} patterns; the limit is ${MAX_PATTERNS_PER_KEY}`;
  const total = patternTotalProblem(patterns, 'paths');
  if (total !== undefined) return total;
  for (const p of patterns) {
    const why = patternBoundsProblem(p);
    if (why !== undefined) return `paths ${JSON.stringify(p.length > 80 ? `${p.slice(0, 80)}…` : p)}: ${why}`;
  }
  return undefined;
}

/** The top of an import chain. */
function chainRoot(m: Memory): Memory {
  let r = m;
  while (r.parent) r = r.parent;
  return r;
}

/** The folder a project file belongs to: the one holding its `.claude` folder, or its own. */
function projectDir(abs: string): string {
  const p = abs.replace(/\\/g, '/');
  const dot = p.lastIndexOf('/.claude/');
  const cut = dot >= 0 ? dot : p.lastIndexOf('/');
  return cut <= 0 ? '/' : p.slice(0, cut);
}

const below = (dir: string, abs: string) => abs.replace(/\\/g, '/').startsWith(`${dir.replace(/\\/g, '/').replace(/\/$/, '')}/`);

export function claudeDiscover(opts: ClaudeOptions): (ctx: DiscoverContext) => NamedCandidate[] {
  return (ctx) => new Discovery(ctx, opts).run();
}

/** A file loaded on touch and the targets that load it. */
interface Touched {
  m: Memory;
  targets: Set<string>;
}

class Discovery {
  private readonly P;
  /** Directories from the top of the file system (below `/`) down to the working directory. */
  private readonly chain: string[] = [];
  /** Files named but not loaded (too deep, outside the working directory, excluded): reported unless loaded. */
  private readonly pending = new Map<string, { m: Memory; reason: string; delivery: 'baseline' | 'on-touch' }>();
  /** Reports are recorded only while this is true (a dry load decides without reporting). */
  private reporting = true;
  private readonly memos = new Map<string, unknown>();
  private readonly perDir = new Map<string, { files: Memory[]; pathRules: Memory[] }>();
  /** Rules whose `paths` were said to be over the bounds (once each). */
  private readonly saidPaths = new Set<string>();
  /** Per folder of a target: the directories below the working directory down to it. */
  private readonly chains = new Map<string, string[]>();
  /** Every path rule read (a file with `paths`), by path. */
  private readonly pathRules = new Map<string, Memory>();

  constructor(
    private readonly ctx: DiscoverContext,
    private readonly opts: ClaudeOptions,
  ) {
    this.P = ctx.fs.path;
    for (let dir = ctx.root; this.P.dirname(dir) !== dir; dir = this.P.dirname(dir)) this.chain.unshift(dir);
  }

  run(): NamedCandidate[] {
    const { opts } = this;
    const baseline = this.baseline();
    const touched: { engine: Touched[]; hook: Touched[] } =
      opts.noAttachments === undefined ? this.onTouch(baseline) : { engine: [], hook: [] };
    const out: NamedCandidate[] = [];
    const emitted = new Set<string>();
    const emit = (c: NamedCandidate, abs: string) => {
      if (emitted.has(abs)) return;
      emitted.add(abs);
      out.push(c);
    };
    for (const m of baseline) emit(this.candidate(m, 'baseline'), m.abs);
    for (const t of touched.engine) emit(this.candidate(t.m, 'on-touch', t.targets, false), t.m.abs);
    for (const t of touched.hook) emit(this.candidate(t.m, 'on-touch', t.targets, true), t.m.abs);
    for (const [abs, p] of this.pending) {
      if (emitted.has(abs) || kindOf(this.ctx.fs, abs) !== 'file') continue;
      emit(derived(this.candidate(p.m, p.delivery), { report: { status: 'not-loaded', reason: p.reason } }), abs);
    }
    if (opts.disabled === undefined) return out;
    const reason = `${opts.disabled}: Claude Code loads no memory file`;
    return out.map((c) => derived(c, { report: { status: 'not-loaded', reason } }));
  }

  // -------------------------------------------------------------------------------------------
  // Reading one memory file and its imports

  private excludedBy(abs: string, kind: MemoryKind): { pattern: string; from: string } | undefined {
    if (kind === 'managed') return undefined;
    const p = abs.replace(/\\/g, '/').replace(/^\/+/, '');
    return this.opts.excludes.find((e) => new PatternSet([e.pattern.replace(/\\/g, '/').replace(/^\/+/, '')]).firstMatch(p) !== undefined);
  }

  private pend(m: Memory, reason: string, delivery: 'baseline' | 'on-touch'): void {
    if (this.reporting && !this.pending.has(m.abs)) this.pending.set(m.abs, { m, reason, delivery });
  }

  /** Whether `abs` (its real path) is inside the working directory. */
  private insideCwd(abs: string): boolean {
    const c = canonicalize(this.ctx.fs, abs);
    return isInside(this.P, this.ctx.root, c.path);
  }

  /**
   * A memory file and the files it imports, depth first, each after the file importing it; []
   * when it is not loaded. `external`: imports may leave the working directory. `seen` holds
   * every path (and real path) already taken.
   */
  private load(
    abs: string,
    kind: MemoryKind,
    seen: Set<string>,
    external: boolean,
    delivery: 'baseline' | 'on-touch',
    depth = 0,
    parent?: Memory,
  ): Memory[] {
    const { ctx, P } = this;
    const self: Memory = { abs, kind, parent, loads: true };
    // Most names probed do not exist: one stat says so before anything costlier.
    if (seen.has(abs) || kindOf(ctx.fs, abs) !== 'file') return [];
    if (depth >= MAX_IMPORT_DEPTH) {
      this.pend(
        self,
        `imported ${depth} imports deep from ${this.shown(chainRoot(self).abs)}: Claude Code follows 4 imports and no more`,
        delivery,
      );
      return [];
    }
    const excluded = this.excludedBy(abs, kind);
    if (excluded) {
      this.pend(self, `excluded by claudeMdExcludes ${JSON.stringify(excluded.pattern)} (${excluded.from})`, delivery);
      return [];
    }
    const c = canonicalize(ctx.fs, abs);
    if (!c.exists) return [];
    if (depth > 0 && !external && !isInside(P, ctx.root, c.path)) {
      this.pend(self, this.outsideReason(parent!), delivery);
      return [];
    }
    const linked = c.path !== abs;
    if (linked && seen.has(c.path)) return [];
    seen.add(abs);
    if (linked) seen.add(c.path);
    if (!isTextName(P.basename(abs))) {
      this.pend(
        self,
        `imported by ${this.shown(parent?.abs ?? abs)}, but Claude Code imports only text files and ${P.basename(abs)} is not one by its name`,
        delivery,
      );
      return [];
    }
    // A file the walk found where it lies (not an import) may be read above the root too, as
    // Claude Code reads it; anything else outside the workspace and Claude Code's own folders is
    // disclosed, never read.
    const probe = depth === 0 ? this.probeOf(abs) : undefined;
    const shows = kind === 'user' || kind === 'managed' ? null : (real: string) => ctx.boundary.shows(real, probe);
    const peeked = peekText(ctx.fs, abs, shows, MAX_MEMORY_BYTES, MAX_MEMORY_BYTES, ctx.options.cache);
    if (!peeked.ok) {
      // Too large or unreadable: the load stage reports it. Outside the repository: shown as a
      // placeholder, its text (and so its imports) never read.
      return peeked.why === 'outside' ? [self] : [{ ...self, loads: false }];
    }
    const text = memoryText(peeked.text);
    if (text.content.trim() === '') return [{ ...self, loads: false }];
    self.content = text.content;
    if (text.globs) self.globs = this.checkedGlobs(abs, text.globs);
    const out: Memory[] = [self];
    const dir = P.dirname(c.path);
    for (const spec of text.imports) {
      const target = this.importPath(spec, dir);
      if (!external && !this.insideCwd(target)) {
        if (!seen.has(target)) this.pend({ abs: target, kind, parent: self, loads: false }, this.outsideReason(self), delivery);
        continue;
      }
      out.push(...this.load(target, kind, seen, external, delivery, depth + 1, self));
    }
    return out;
  }

  /**
   * A rule's `paths`, or none when they are over the bounds every profile's globs share: said
   * once per file, not evaluated (the rule then matches no file).
   */
  private checkedGlobs(abs: string, globs: string[]): string[] {
    const problem = pathsProblem(globs);
    if (problem !== undefined && !this.saidPaths.has(abs)) {
      this.saidPaths.add(abs);
      this.ctx.diagnostic(
        'invalid-value',
        this.shown(abs),
        null,
        `${problem}; Holaryn does not evaluate it (Claude Code would), so the rule matches no file here`,
      );
    }
    return problem === undefined ? globs : [];
  }

  private outsideReason(importer: Memory): string {
    return `imported by ${this.shown(importer.abs)} from outside the working directory: Claude Code asks before it loads such an import and, unapproved, leaves it out`;
  }

  /** An import's absolute path: `~/` from the home directory, relative ones from the importing file's real folder. */
  private importPath(spec: string, dir: string): string {
    const P = this.P;
    if (spec.startsWith('~/')) return P.join(this.ctx.homedir, spec.slice(2));
    return P.resolve(dir, spec);
  }

  /**
   * The `.md` files of a rules folder, in the order the file system lists them, sub-folders where
   * they are listed; each with its imports. `conditional`: those with `paths`, else those without.
   */
  private rules(
    top: string,
    kind: MemoryKind,
    seen: Set<string>,
    external: boolean,
    conditional: boolean,
    delivery: 'baseline' | 'on-touch',
  ): Memory[] {
    const { ctx, P } = this;
    const out: Memory[] = [];
    // Walked once per folder (the conditional and unconditional rules both come from it), so what
    // the walk says is said once.
    const found = this.memo(`walk\0${top}`, () =>
      walkRuleFolder(ctx, {
        top,
        maxDepth: MAX_RULE_DEPTH,
        agent: 'Claude Code',
        wanted: (name) => name.endsWith('.md'),
        // The order the file system lists each folder in, as Claude Code reads it.
        order: (entries, dir) => {
          const here = new Set(entries.map((e) => e.name));
          const listed = listInOrder(ctx.fs, dir).filter((n) => here.has(n));
          return listed.length === here.size ? listed : [...listed, ...[...here].filter((n) => !listed.includes(n)).sort()];
        },
        // A link in a project's rules leading outside the working directory is not read (seen in
        // runs of 2.1.328); the user's and managed rules are theirs, followed wherever they lead.
        link: (abs, real) =>
          external || isInside(P, ctx.root, real)
            ? { follow: true }
            : {
                follow: false,
                why: `${this.shown(abs)} leads outside the working directory (${ctx.boundary.name(real)}): Claude Code does not read it, and neither does Holaryn`,
              },
      }),
    );
    for (const rule of found) {
      const loaded = this.load(rule.abs, kind, seen, external, delivery);
      out.push(...loaded.filter((m) => (m.globs !== undefined) === conditional));
    }
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // At launch

  /** The launch files in Claude Code's order, AGENTS.md files placed where the plugin puts them. */
  private baseline(): Memory[] {
    const { P, opts } = this;
    const seen = new Set<string>();
    const out: Memory[] = [];
    const managedRules = joinUnder(P, opts.dirs.managed.path, '.claude/rules');
    out.push(...this.load(joinUnder(P, opts.dirs.managed.path, 'CLAUDE.md'), 'managed', seen, opts.approved, 'baseline'));
    out.push(...this.rules(managedRules, 'managed', seen, opts.approved, false, 'baseline'));
    if (opts.mode !== 'managed-only') {
      out.push(...this.load(joinUnder(P, opts.dirs.config.path, 'CLAUDE.md'), 'user', seen, true, 'baseline'));
      out.push(...this.rules(joinUnder(P, opts.dirs.config.path, 'rules'), 'user', seen, true, false, 'baseline'));
      for (const dir of this.chain) {
        for (const name of ['CLAUDE.md', '.claude/CLAUDE.md'])
          out.push(...this.load(joinUnder(P, dir, name), 'project', seen, opts.approved, 'baseline'));
        out.push(...this.rules(joinUnder(P, dir, '.claude/rules'), 'project', seen, opts.approved, false, 'baseline'));
        out.push(...this.load(joinUnder(P, dir, 'CLAUDE.local.md'), 'local', seen, opts.approved, 'baseline'));
      }
    }
    return this.withAgentsFiles(out);
  }

  /** The plugin's own set of paths taken: only the managed and the user CLAUDE.md. */
  private hookSeen(): Set<string> {
    const { P, opts } = this;
    return new Set([joinUnder(P, opts.dirs.managed.path, 'CLAUDE.md'), joinUnder(P, opts.dirs.config.path, 'CLAUDE.md')]);
  }

  /** A CLAUDE file that Claude Code would load, in the working directory or above it (the plugin's test). */
  private claudeFileAbove(): string | undefined {
    const { P } = this;
    this.reporting = false;
    try {
      for (const dir of [...this.chain].reverse()) {
        for (const name of CLAUDE_NAMES) {
          const abs = joinUnder(P, dir, name);
          const loaded = this.load(abs, 'project', this.hookSeen(), this.opts.approved, 'baseline');
          if (loaded.length > 0 && loaded[0].abs === abs && loaded[0].loads) return abs;
        }
      }
      return undefined;
    } finally {
      this.reporting = true;
    }
  }

  /**
   * The AGENTS.md files of the directories in `dirs` (top first), each followed by its imports,
   * without those already in `present` (same path, or a project file's trimmed text).
   */
  private agentsFiles(dirs: readonly string[], present: readonly Memory[], delivery: 'baseline' | 'on-touch'): Memory[][] {
    const { P } = this;
    const paths = new Set(present.map((m) => m.abs));
    const texts = new Set(
      present.filter((m) => m.loads && (m.kind === 'project' || m.kind === 'local')).map((m) => m.content?.trim() ?? ''),
    );
    texts.delete('');
    const groups: Memory[][] = [];
    for (const dir of dirs) {
      const group: Memory[] = [];
      // Read once per directory however many targets pass it (repeats across directories are dropped below).
      const found = this.memo(`agents\0${dir}\0${delivery}`, () => {
        const seen = this.hookSeen();
        return AGENTS_NAMES.flatMap((name) => this.load(joinUnder(P, dir, name), 'project', seen, this.opts.approved, delivery));
      });
      for (const m of found) {
        const text = m.content?.trim() ?? '';
        if (paths.has(m.abs) || (text !== '' && texts.has(text))) continue;
        paths.add(m.abs);
        group.push(m);
      }
      if (group.length > 0) groups.push(group);
    }
    return groups;
  }

  private withAgentsFiles(engine: Memory[]): Memory[] {
    const { opts } = this;
    if (opts.mode === 'claude-md' || opts.mode === 'managed-only') {
      this.reportAgents(
        this.chain,
        `Claude Code's AGENTS.md plugin is set to ${opts.mode}: it adds no AGENTS.md`,
        'baseline',
        undefined,
        engine,
      );
      return engine;
    }
    if (opts.mode === 'claude-md-or-agents-md') {
      const claude = this.claudeAbove();
      if (claude !== undefined) {
        this.reportAgents(this.chain, this.claudeProjectReason(claude), 'baseline', claude, engine);
        return engine;
      }
    }
    const out = [...engine];
    for (const group of this.agentsFiles(this.chain, engine, 'baseline'))
      out.splice(this.insertionIndex(out, projectDir(group[0].abs)), 0, ...group);
    return out;
  }

  /** Where the plugin puts a directory's AGENTS.md files among the engine's: before a deeper directory's project files. */
  private insertionIndex(list: readonly Memory[], dir: string): number {
    const project = (m: Memory) => m.loads && (m.kind === 'project' || m.kind === 'local');
    const deeper = list.findIndex((m) => project(m) && below(dir, projectDir(chainRoot(m).abs)));
    if (deeper >= 0) return deeper;
    let last = -1;
    list.forEach((m, i) => {
      if (project(m)) last = i;
    });
    return last >= 0 ? last + 1 : list.length;
  }

  private claudeProjectReason(claude: string): string {
    return `${AGENTS_KEPT_OUT[0]}, .claude/CLAUDE.md or CLAUDE.local.md loads from the working directory up, and ${this.shown(claude)} does`;
  }

  /**
   * AGENTS.md files in `dirs` reported as not loaded, with `reason`; `claude`: the CLAUDE file
   * that keeps them out, for a pitfall warning on each in the working directory's tree.
   */
  private reportAgents(
    dirs: readonly string[],
    reason: string,
    delivery: 'baseline' | 'on-touch',
    claude?: string,
    loaded: readonly Memory[] = [],
  ): void {
    // An AGENTS.md that reaches the model anyway (imported, or the file a CLAUDE.md links to) is not reported.
    let real: Set<string> | undefined;
    for (const dir of dirs)
      for (const name of AGENTS_NAMES) {
        const abs = joinUnder(this.P, dir, name);
        if (this.pending.has(abs) || kindOf(this.ctx.fs, abs) !== 'file') continue;
        real ??= new Set(loaded.filter((m) => m.loads).map((m) => canonicalize(this.ctx.fs, m.abs).path));
        if (real.has(canonicalize(this.ctx.fs, abs).path)) continue;
        this.pend({ abs, kind: 'project', loads: false }, reason, delivery);
        const where = this.where(abs);
        if (claude !== undefined && where.scope === 'workspace')
          this.ctx.diagnostic(
            'agent-pitfall',
            where.path,
            null,
            `Claude Code skips ${where.path} because ${this.shown(claude)} loads: it reads AGENTS.md only where no CLAUDE file does. Import it with a line "@${name}" in a CLAUDE.md beside it, or make that CLAUDE.md a link to it.`,
          );
      }
  }

  // -------------------------------------------------------------------------------------------
  // On touch

  /** Root-relative targets with their absolute paths. */
  private targets(): { path: string; abs: string; kind: string }[] {
    const { ctx, P } = this;
    return ctx.targets.filter((t) => t.path !== '').map((t) => ({ path: t.path, abs: joinUnder(P, ctx.root, t.path), kind: t.kind }));
  }

  /** Directories strictly below the working directory down to `abs`'s own, shallow first. */
  private dirsBelow(abs: string): string[] {
    const { ctx, P } = this;
    const parent = P.dirname(abs);
    let dirs = this.chains.get(parent);
    if (dirs) return dirs;
    dirs = [];
    for (let d = parent; d !== ctx.root && isInside(P, ctx.root, d) && P.dirname(d) !== d; d = P.dirname(d)) dirs.unshift(d);
    this.chains.set(parent, dirs);
    return dirs;
  }

  /** A `/`-separated path of `abs` relative to `base`, or undefined when it is not below it. */
  private relative(base: string, abs: string): string | undefined {
    const rel = this.P.relative(base, abs).split(this.P.sep).join('/');
    return rel === '' || rel.startsWith('..') || this.P.isAbsolute(rel) ? undefined : rel;
  }

  private matching(rules: Memory[], base: string, abs: string): Memory[] {
    if (rules.length === 0) return rules;
    const rel = this.relative(base, abs);
    return rel === undefined ? [] : rules.filter((m) => pathRuleMatches(m.globs ?? [], rel));
  }

  /** Each memo's value once per call: many targets share their directories' files. */
  private memo<T>(key: string, make: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, make());
    return this.memos.get(key) as T;
  }

  /** A rules folder's files (with or without paths), read once per call. */
  private rulesOnce(top: string, kind: MemoryKind, external: boolean, conditional: boolean): Memory[] {
    return this.memo(`rules\0${top}\0${conditional}`, () => {
      const found = this.rules(top, kind, new Set(), external, conditional, 'on-touch');
      if (conditional) for (const m of found) this.pathRules.set(m.abs, m);
      return found;
    });
  }

  /** A directory's own files the engine loads on touch: CLAUDE files (with their imports), then rules without paths. */
  private dirFiles(dir: string): Memory[] {
    const { P } = this;
    return this.memo(`dir\0${dir}`, () => {
      const seen = new Set<string>();
      const out: Memory[] = [];
      for (const name of ['CLAUDE.md', '.claude/CLAUDE.md'])
        out.push(...this.load(joinUnder(P, dir, name), 'project', seen, false, 'on-touch'));
      out.push(...this.load(joinUnder(P, dir, 'CLAUDE.local.md'), 'local', seen, false, 'on-touch'));
      return [...out, ...this.rulesOnce(joinUnder(P, dir, '.claude/rules'), 'project', false, false)];
    });
  }

  /**
   * A directory's part of every touch below it: its own files, and its rules with paths (matched
   * per target). Keyed by the directory itself, the same string for every target of a folder
   * (dirsBelow), so a deep tree's many targets never build and hash a long memo key per level.
   */
  private onTouchIn(dir: string): { files: Memory[]; pathRules: Memory[] } {
    let own = this.perDir.get(dir);
    if (!own) {
      const files = this.dirFiles(dir);
      own = { files, pathRules: this.rulesOnce(joinUnder(this.P, dir, '.claude/rules'), 'project', false, true) };
      this.perDir.set(dir, own);
    }
    return own;
  }

  /** What the engine loads when a tool touches `t` (after the tool's result), in its order. */
  private touch(t: { path: string; abs: string }, announced: ReadonlySet<string>): Memory[] {
    const { P, ctx, opts } = this;
    const engine: Memory[] = [
      ...this.matching(this.rulesOnce(joinUnder(P, opts.dirs.managed.path, '.claude/rules'), 'managed', false, true), ctx.root, t.abs),
      ...this.matching(this.rulesOnce(joinUnder(P, opts.dirs.config.path, 'rules'), 'user', true, true), ctx.root, t.abs),
    ];
    for (const dir of this.dirsBelow(t.abs)) {
      const own = this.onTouchIn(dir);
      engine.push(...own.files, ...this.matching(own.pathRules, dir, t.abs));
    }
    for (const dir of this.chain)
      engine.push(...this.matching(this.rulesOnce(joinUnder(P, dir, '.claude/rules'), 'project', false, true), dir, t.abs));
    // Each file once, never one sent at launch, nor the file the tool touched (its text is the result).
    const seen = new Set<string>();
    const out: Memory[] = [];
    for (const m of engine) {
      if (seen.has(m.abs) || announced.has(m.abs) || m.abs === t.abs) continue;
      seen.add(m.abs);
      out.push(m);
    }
    return out;
  }

  /** Whether a CLAUDE file of the directory's own loads (the plugin then leaves its AGENTS.md out, by default). */
  private ownClaudeFiles(dir: string): Memory[] {
    return this.memo(`claude\0${dir}`, () => CLAUDE_NAMES.flatMap((n) => this.dryLoad(joinUnder(this.P, dir, n))).filter((m) => m.loads));
  }

  /** The AGENTS.md files the plugin adds when Claude Code reads the existing file `t`. */
  private hook(t: { path: string; abs: string }, announced: readonly Memory[], touched: readonly Memory[] = []): Memory[] {
    // The same for every file of a folder but the file itself (taken out below).
    const all = this.memo(`hook\0${this.P.dirname(t.abs)}`, () => this.hookFor(t, announced, touched));
    return all.some((m) => m.abs === t.abs) ? all.filter((m) => m.abs !== t.abs) : all;
  }

  /** The plugin's AGENTS.md files for a read of a file in `t`'s folder, that file itself included. */
  private hookFor(t: { abs: string }, announced: readonly Memory[], touched: readonly Memory[]): Memory[] {
    const { opts } = this;
    if (opts.mode === 'claude-md' || opts.mode === 'managed-only') return [];
    const dirs = this.dirsBelow(t.abs);
    if (opts.mode === 'claude-md-or-agents-md') {
      const claude = this.claudeAbove();
      if (claude !== undefined) {
        this.reportAgents(dirs, this.claudeProjectReason(claude), 'on-touch', claude, [...announced, ...touched]);
        return [];
      }
    }
    const claudeDirs = dirs.filter((d) => this.ownClaudeFiles(d).length > 0);
    const open = opts.mode === 'claude-md-or-agents-md' ? dirs.filter((d) => !claudeDirs.includes(d)) : dirs;
    if (opts.mode === 'claude-md-or-agents-md')
      for (const dir of claudeDirs)
        this.reportAgents(
          [dir],
          `${AGENTS_KEPT_OUT[1]} (${this.shown(this.ownClaudeFiles(dir)[0].abs)})`,
          'on-touch',
          this.ownClaudeFiles(dir)[0].abs,
          [...announced, ...touched, ...this.ownClaudeFiles(dir)],
        );
    const present = [...announced, ...claudeDirs.flatMap((d) => this.ownClaudeFiles(d))];
    return this.agentsFiles(open, present, 'on-touch').flat();
  }

  /** The CLAUDE file above that turns the plugin off (once per call). */
  private claudeAbove(): string | undefined {
    return this.memo('claude-above', () => this.claudeFileAbove());
  }

  /** A file and its imports as the plugin would load them, without reporting anything. */
  private dryLoad(abs: string): Memory[] {
    this.reporting = false;
    try {
      return this.load(abs, 'project', this.hookSeen(), this.opts.approved, 'on-touch');
    } finally {
      this.reporting = true;
    }
  }

  /**
   * What every target loads on touch, each file once with the targets it loads for: the engine's
   * (the path rules read but matched by no target as well, in effect for none), then the plugin's
   * for targets that are existing files.
   */
  private onTouch(announced: readonly Memory[]): { engine: Touched[]; hook: Touched[] } {
    const engine = new Map<string, Touched>();
    const hook = new Map<string, Touched>();
    const sent = new Set(announced.map((m) => m.abs));
    const add = (into: Map<string, Touched>, m: Memory, target?: string) => {
      let at = into.get(m.abs);
      if (!at) into.set(m.abs, (at = { m, targets: new Set() }));
      if (target !== undefined && m.loads) at.targets.add(target);
    };
    // The path rules of the chain and of the user and managed folders are read whatever the targets.
    const { P, opts } = this;
    this.rulesOnce(joinUnder(P, opts.dirs.managed.path, '.claude/rules'), 'managed', false, true);
    this.rulesOnce(joinUnder(P, opts.dirs.config.path, 'rules'), 'user', true, true);
    for (const dir of this.chain) this.rulesOnce(joinUnder(P, dir, '.claude/rules'), 'project', false, true);
    for (const t of this.targets()) {
      const touched = this.touch(t, sent);
      for (const m of touched) add(engine, m, t.path);
      if (t.kind === 'file') for (const m of this.hook(t, announced, touched)) if (!engine.has(m.abs)) add(hook, m, t.path);
    }
    for (const m of this.pathRules.values()) if (!sent.has(m.abs) && !engine.has(m.abs)) add(engine, m);
    return { engine: [...engine.values()], hook: [...hook.values()] };
  }

  // -------------------------------------------------------------------------------------------
  // Candidates

  /** Where the walk found a file of its own: the nearest directory of the chain above it, and the name there. */
  private probeOf(abs: string): Probe | undefined {
    const P = this.P;
    for (let i = this.chain.length - 1; i >= 0; i--) {
      const dir = this.chain[i];
      if (isInside(P, dir, abs) && abs !== dir) return { dir, name: P.relative(dir, abs).split(P.sep).join('/'), fixed: true };
    }
    return undefined;
  }

  private probeField(m: Memory): { probe?: Probe } {
    const probe = m.parent === undefined ? this.probeOf(m.abs) : undefined;
    return probe ? { probe } : {};
  }

  /** An absolute path as the evidence names it. */
  private shown(abs: string): string {
    return this.where(abs).path;
  }

  /**
   * Evidence path and scope of an absolute path. A file of the workspace is the repository's, even
   * below the home directory; another file below the home directory is named `~/…` (scope global).
   */
  private where(abs: string): { path: string; scope: SourceScope } {
    const { ctx, P, opts } = this;
    const inWorkspace = isInside(P, ctx.boundary.workspace, abs);
    const rel = (base: string) => P.relative(base, abs).split(P.sep).join('/');
    if (!inWorkspace && isInside(P, opts.dirs.managed.path, abs))
      return { path: `${opts.dirs.managed.display}/${rel(opts.dirs.managed.path)}`, scope: 'global' };
    if (!inWorkspace && isInside(P, opts.dirs.config.path, abs))
      return { path: `${opts.dirs.config.display}/${rel(opts.dirs.config.path)}`, scope: 'global' };
    if (!inWorkspace && isInside(P, ctx.homedir, abs)) return { path: `~/${rel(ctx.homedir)}`, scope: 'global' };
    const shown = ctx.display(abs);
    return { path: shown, scope: shown.startsWith('../') ? 'project' : 'workspace' };
  }

  private candidate(m: Memory, delivery: 'baseline' | 'on-touch', targets?: Set<string>, hook = false): NamedCandidate {
    const { path, scope } = this.where(m.abs);
    const slash = path.lastIndexOf('/');
    const dirRel = slash < 0 ? '' : path.slice(0, slash);
    const c: NamedCandidate = {
      abs: m.abs,
      path,
      scope,
      directory: null,
      depth: scope === 'global' ? 0 : this.ctx.depthOf(dirRel),
      filename: this.P.basename(m.abs),
      delivery,
      // The user's and managed files and their imports in the home are the user's own; a project file never is.
      own: (m.kind === 'user' || m.kind === 'managed') && scope === 'global',
      tag: hook ? HOOK_TAG : m.kind,
      // Claude Code names a file by the path it read it by (links not resolved).
      facts: { written: m.abs },
      ...this.probeField(m),
      trim: delivery === 'baseline',
      ...(m.parent ? { note: `imported by ${this.shown(m.parent.abs)}` } : {}),
    };
    if (!targets) return c;
    return derived(c, { applicability: this.applicability(m, targets, hook) });
  }

  /** An on-touch file is in effect for the targets that loaded it. */
  private applicability(m: Memory, targets: Set<string>, hook: boolean): Applicability {
    const what = m.globs
      ? `paths ${JSON.stringify(m.globs)}`
      : hook
        ? `an AGENTS.md the plugin adds when Claude Code reads a file below ${this.shown(this.P.dirname(chainRoot(m).abs)) || 'here'}`
        : `loaded when a tool touches a path below its folder`;
    return {
      test: (target) => {
        if (targets.has(target.path)) return null;
        // Short per target (the rule's whole `paths` is in its reason once, not in every record).
        const brief = m.globs ? 'its paths' : what;
        const why =
          target.path === ''
            ? `${brief}: it loads only when Claude Code touches a matching path, and none was touched`
            : `${brief}: touching this path does not load it`;
        const no: NotApplicableFor = { target: target.path, key: 'applies_to', pattern: null, why };
        return no;
      },
      describe: () => what,
    };
  }
}
