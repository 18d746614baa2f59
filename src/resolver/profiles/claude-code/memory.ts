/**
 * Reading Claude Code's memory files: one file and the files it imports (depth first, up to
 * MAX_IMPORT_DEPTH), a rules folder in the order the file system lists it, `claudeMdExcludes`,
 * the files named but not loaded (reported unless loaded after all), and how the evidence names a
 * path. The base of the discovery (discover.ts): the AGENTS.md plugin (agents-plugin.ts) and the
 * launch and on-touch walks build on it.
 */
import type { SourceScope } from '../../evidence';
import { PatternSet, patternBoundsProblem, patternTotalProblem } from '../../globs';
import { MAX_PATTERNS_PER_KEY } from '../../limits';
import { canonicalize, isInside } from '../../paths';
import type { Probe } from '../../boundary';
import type { DiscoverContext } from '../../profile';
import { walkRuleFolder } from '../agent/folders';
import { kindOf, listInOrder, peekText } from '../agent/peek';
import type { MemoryKind } from './format';
import type { ClaudeOptions } from './settings';
import { isTextName, memoryText } from './text';

/** Claude Code loads a memory file of up to 4 MiB and skips a larger one. */
export const MAX_MEMORY_BYTES = 4 * 1024 * 1024;
/** A file reached through this many imports is not loaded (the fourth import's file is). */
export const MAX_IMPORT_DEPTH = 5;
/** Rules folders are walked this deep (a bound; Claude Code has none but never walks a folder twice). */
const MAX_RULE_DEPTH = 10;

/** One memory file Claude Code loads (or names and does not load). */
export interface Memory {
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
export function chainRoot(m: Memory): Memory {
  let r = m;
  while (r.parent) r = r.parent;
  return r;
}

export class MemoryReader {
  protected readonly P;
  /** Directories from the top of the file system (below `/`) down to the working directory. */
  protected readonly chain: string[] = [];
  /** Files named but not loaded (too deep, outside the working directory, excluded): reported unless loaded. */
  protected readonly pending = new Map<string, { m: Memory; reason: string; delivery: 'baseline' | 'on-touch' }>();
  /** Reports are recorded only while this is true (a dry load decides without reporting). */
  protected reporting = true;
  protected readonly memos = new Map<string, unknown>();
  /** Rules whose `paths` were said to be over the bounds (once each). */
  protected readonly saidPaths = new Set<string>();
  /** Per folder of a target: the directories below the working directory down to it. */
  protected readonly chains = new Map<string, string[]>();

  constructor(
    protected readonly ctx: DiscoverContext,
    protected readonly opts: ClaudeOptions,
  ) {
    this.P = ctx.fs.path;
    for (let dir = ctx.root; this.P.dirname(dir) !== dir; dir = this.P.dirname(dir)) this.chain.unshift(dir);
  }

  protected excludedBy(abs: string, kind: MemoryKind): { pattern: string; from: string } | undefined {
    if (kind === 'managed') return undefined;
    const p = abs.replace(/\\/g, '/').replace(/^\/+/, '');
    return this.opts.excludes.find((e) => new PatternSet([e.pattern.replace(/\\/g, '/').replace(/^\/+/, '')]).firstMatch(p) !== undefined);
  }

  protected pend(m: Memory, reason: string, delivery: 'baseline' | 'on-touch'): void {
    if (this.reporting && !this.pending.has(m.abs)) this.pending.set(m.abs, { m, reason, delivery });
  }

  /** Whether `abs` (its real path) is inside the working directory. */
  protected insideCwd(abs: string): boolean {
    const c = canonicalize(this.ctx.fs, abs);
    return isInside(this.P, this.ctx.root, c.path);
  }

  /**
   * A memory file and the files it imports, depth first, each after the file importing it; []
   * when it is not loaded. `external`: imports may leave the working directory. `seen` holds
   * every path (and real path) already taken.
   */
  protected load(
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
  protected checkedGlobs(abs: string, globs: string[]): string[] {
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

  protected outsideReason(importer: Memory): string {
    return `imported by ${this.shown(importer.abs)} from outside the working directory: Claude Code asks before it loads such an import and, unapproved, leaves it out`;
  }

  /** An import's absolute path: `~/` from the home directory, relative ones from the importing file's real folder. */
  protected importPath(spec: string, dir: string): string {
    const P = this.P;
    if (spec.startsWith('~/')) return P.join(this.ctx.homedir, spec.slice(2));
    return P.resolve(dir, spec);
  }

  /**
   * The `.md` files of a rules folder, in the order the file system lists them, sub-folders where
   * they are listed; each with its imports. `conditional`: those with `paths`, else those without.
   */
  protected rules(
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

  /** Each memo's value once per call: many targets share their directories' files. */
  protected memo<T>(key: string, make: () => T): T {
    if (!this.memos.has(key)) this.memos.set(key, make());
    return this.memos.get(key) as T;
  }

  /** Directories strictly below the working directory down to `abs`'s own, shallow first. */
  protected dirsBelow(abs: string): string[] {
    const { ctx, P } = this;
    const parent = P.dirname(abs);
    let dirs = this.chains.get(parent);
    if (dirs) return dirs;
    dirs = [];
    for (let d = parent; d !== ctx.root && isInside(P, ctx.root, d) && P.dirname(d) !== d; d = P.dirname(d)) dirs.unshift(d);
    this.chains.set(parent, dirs);
    return dirs;
  }

  /** Where the walk found a file of its own: the nearest directory of the chain above it, and the name there. */
  protected probeOf(abs: string): Probe | undefined {
    const P = this.P;
    for (let i = this.chain.length - 1; i >= 0; i--) {
      const dir = this.chain[i];
      if (isInside(P, dir, abs) && abs !== dir) return { dir, name: P.relative(dir, abs).split(P.sep).join('/'), fixed: true };
    }
    return undefined;
  }

  /** An absolute path as the evidence names it. */
  protected shown(abs: string): string {
    return this.where(abs).path;
  }

  /**
   * Evidence path and scope of an absolute path. A file of the workspace is the repository's, even
   * below the home directory; another file below the home directory is named `~/…` (scope global).
   */
  protected where(abs: string): { path: string; scope: SourceScope } {
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
}
