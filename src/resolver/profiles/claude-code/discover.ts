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
import type { NotApplicableFor } from '../../evidence';
import { joinUnder } from '../../paths';
import type { Probe } from '../../boundary';
import { derived, type Applicability, type DiscoverContext, type NamedCandidate } from '../../profile';
import { kindOf } from '../agent/peek';
import { HOOK_TAG, type MemoryKind } from './format';
import { pathRuleMatches } from './rules';
import { AgentsPlugin } from './agents-plugin';
import { Memory, chainRoot } from './memory';
import type { ClaudeOptions } from './settings';

export function claudeDiscover(opts: ClaudeOptions): (ctx: DiscoverContext) => NamedCandidate[] {
  return (ctx) => new Discovery(ctx, opts).run();
}

/** A file loaded on touch and the targets that load it. */
interface Touched {
  m: Memory;
  targets: Set<string>;
}

/** The launch files, then what each touch loads (the engine's files, the plugin's), as candidates in Claude Code's order. */
class Discovery extends AgentsPlugin {
  private readonly perDir = new Map<string, { files: Memory[]; pathRules: Memory[] }>();
  /** Every path rule read (a file with `paths`), by path. */
  private readonly pathRules = new Map<string, Memory>();

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

  /** Root-relative targets with their absolute paths. */
  private targets(): { path: string; abs: string; kind: string }[] {
    const { ctx, P } = this;
    return ctx.targets.filter((t) => t.path !== '').map((t) => ({ path: t.path, abs: joinUnder(P, ctx.root, t.path), kind: t.kind }));
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

  private probeField(m: Memory): { probe?: Probe } {
    const probe = m.parent === undefined ? this.probeOf(m.abs) : undefined;
    return probe ? { probe } : {};
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
