/**
 * What Kilo Code CLI 7.7.7 loads for one session (its `Instruction` service, opencode's with
 * Kilo's trust added), computed once per call:
 *
 * - the global file: the first that exists of `$KILO_CONFIG_DIR/AGENTS.md`,
 *   `<config>/AGENTS.md` (`<config>` is `$XDG_CONFIG_HOME/kilo`, else `~/.config/kilo`) and
 *   `~/.claude/CLAUDE.md` (left out after a finished Claude Code migration: settings of the state
 *   folder); chosen by existence, trusted;
 * - the project files, unless `KILO_DISABLE_PROJECT_CONFIG`: for the names AGENTS.md, CLAUDE.md,
 *   CONTEXT.md in that order, every folder from the working directory up to the worktree that has
 *   the name; the first name found anywhere wins the whole walk; nearest first; not trusted;
 * - each `instructions` entry (settings.ts, the legacy `.kilocode/rules` among them): a URL is
 *   fetched (not modelled), `~/` is the home, an absolute entry is its folder globbed for its last
 *   segment, a relative one is globbed in every folder of the walk; trusted only when absolute and
 *   from a trusted layer; a path found again keeps its place (and becomes trusted when the later
 *   find is);
 * - for a file target (the read tool), the first of the same names in each folder from the file's
 *   own up to just below the working directory, as opencode does; not trusted.
 *
 * A file Kilo does not trust is sent only when its real path lies in the project (the worktree, or
 * the working directory without a repository), and after substitution (imports.ts). Files are
 * named as Kilo writes them: absolute, joined to the working directory.
 */
import type { Delivery, DiscoverContext } from '../../profile';
import type { ResolverFs } from '../../fs';
import type { Probe } from '../../boundary';
import { isInside } from '../../paths';
import { flagOn, globIn, kindOf, walkUp, worktreeOf } from '../agent/opencode-core';
import { ConfigProblem } from '../agent/config';
import { MAX_CONTENT_BYTES } from '../../limits';
import { peekText } from '../agent/peek';
import { KiloInstruction, readKiloConfig } from './settings';
import { inScope, substitute } from './imports';

export interface KiloSource {
  readonly abs: string;
  /** The path Kilo writes in `Instructions from:`. */
  readonly written: string;
  /** Evidence path. */
  readonly path: string;
  readonly scope: 'global' | 'workspace' | 'project';
  readonly delivery: Delivery;
  readonly directory: string | null;
  readonly depth: number;
  readonly filename: string;
  readonly target?: string;
  readonly probe?: Probe;
  readonly own: boolean;
  readonly trusted: boolean;
  readonly note?: string;
  readonly report?: { readonly status: 'not-loaded'; readonly reason: string };
  /** The text Kilo sends (after substitution), when it sends the file. */
  readonly text?: string;
}

export interface KiloResult {
  readonly sources: KiloSource[];
  readonly problems: ConfigProblem[];
  readonly configFiles: string[];
  readonly unmatched: KiloInstruction[];
  readonly worktree: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The names Kilo walks for (CLAUDE.md is left out by KILO_DISABLE_CLAUDE_CODE(_PROMPT)). */
export function kiloNames(env: Env): string[] {
  return ['AGENTS.md', ...(claudePrompt(env) ? ['CLAUDE.md'] : []), 'CONTEXT.md'];
}

function claudePrompt(env: Env): boolean {
  return !(flagOn(env.KILO_DISABLE_CLAUDE_CODE) || flagOn(env.KILO_DISABLE_CLAUDE_CODE_PROMPT));
}

/** The global configuration folder and how evidence names it. */
export function kiloConfigDir(env: Env, homedir: string, P: ResolverFs['path']): { abs: string; display: string } {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg) return { abs: P.join(P.resolve(homedir, xdg), 'kilo'), display: '$XDG_CONFIG_HOME/kilo' };
  return { abs: P.join(homedir, '.config', 'kilo'), display: '~/.config/kilo' };
}

/** Kilo's state folder's Claude Code migration receipt: after a migration, `~/.claude/CLAUDE.md` is no longer read. */
export function migrationReceipt(env: Env, homedir: string, P: ResolverFs['path']): string {
  const xdg = env.XDG_STATE_HOME;
  return P.join(xdg ? P.resolve(homedir, xdg) : P.join(homedir, '.local', 'state'), 'kilo', 'claude-migration.json');
}

/** Whether the migration receipt counts: no Claude or Kilo configuration variable is set. */
function handedOff(ctx: DiscoverContext): boolean {
  const { env, fs, homedir } = ctx;
  const unsupported = ['CLAUDE_CONFIG_DIR', 'KILO_CONFIG_DIR', 'KILO_CONFIG', 'KILO_CONFIG_CONTENT'].some(
    (k) => (env[k] ?? '').trim() !== '',
  );
  return !unsupported && kindOf(fs, migrationReceipt(env, homedir, fs.path)) !== undefined;
}

const EMPTY = 'empty: Kilo sends nothing for an empty file (it still took the place of the names after it)';

interface Found {
  readonly abs: string;
  trusted: boolean;
  readonly delivery: Delivery;
  readonly own: boolean;
  readonly probe?: Probe;
  readonly target?: string;
  readonly note?: string;
  readonly report?: { readonly status: 'not-loaded'; readonly reason: string };
}

class Session {
  readonly P: ResolverFs['path'];
  readonly cwd: string;
  readonly worktree: string;
  /** The folder an untrusted file must lie in (the worktree, or the working directory without one). */
  readonly scopeRoot: string;
  readonly walk: string[];
  readonly projectConfig: boolean;
  readonly names: string[];
  readonly configDir: { abs: string; display: string };
  /** Kilo's map of the session's files: path → trust, in insertion order. */
  readonly found = new Map<string, Found>();
  readonly touched: Found[] = [];

  constructor(readonly ctx: DiscoverContext) {
    const { fs, env, homedir } = ctx;
    this.P = fs.path;
    this.cwd = ctx.root;
    this.worktree = worktreeOf(fs, this.cwd);
    this.scopeRoot = this.P.dirname(this.worktree) === this.worktree ? this.cwd : this.worktree;
    this.walk = walkUp(this.P, this.cwd, this.worktree);
    this.projectConfig = !flagOn(env.KILO_DISABLE_PROJECT_CONFIG);
    this.names = kiloNames(env);
    this.configDir = kiloConfigDir(env, homedir, this.P);
  }

  /** How the evidence names a path: under the configuration folder, `~/.claude`, the home, or the root. */
  readonly display = (abs: string): string => {
    const { P, configDir, ctx } = this;
    const { homedir } = ctx;
    if (isInside(P, configDir.abs, abs)) return configDir.display + abs.slice(configDir.abs.length);
    if (!isInside(P, ctx.projectRoot, abs) && isInside(P, homedir, abs)) return '~' + abs.slice(homedir.length);
    return ctx.display(abs);
  };

  inProject(abs: string): boolean {
    return isInside(this.P, this.cwd, abs) || isInside(this.P, this.worktree, abs);
  }

  exists(abs: string): boolean {
    return kindOf(this.ctx.fs, abs) !== undefined;
  }

  /** Kilo's `R`: a path already trusted stays; otherwise the later find's trust replaces it, in the same place. */
  claim(found: Found): void {
    const had = this.found.get(found.abs);
    if (had === undefined) this.found.set(found.abs, found);
    else if (!had.trusted) had.trusted = found.trusted;
  }

  globalFile(): void {
    const { P, ctx } = this;
    const { env, homedir } = ctx;
    const list = [
      ...(env.KILO_CONFIG_DIR ? [P.join(P.resolve(this.cwd, env.KILO_CONFIG_DIR), 'AGENTS.md')] : []),
      P.join(this.configDir.abs, 'AGENTS.md'),
      ...(claudePrompt(env) && !handedOff(ctx) ? [P.join(homedir, '.claude', 'CLAUDE.md')] : []),
    ];
    const global = list.find((abs) => this.exists(abs));
    if (global !== undefined) this.claim({ abs: global, trusted: true, delivery: 'baseline', own: true });
  }

  projectWalk(): void {
    if (!this.projectConfig) return;
    for (const name of this.names) {
      const hits = this.walk.map((dir) => this.P.join(dir, name)).filter((abs) => this.exists(abs));
      if (hits.length === 0) continue;
      for (const abs of hits)
        this.claim({ abs, trusted: false, delivery: 'baseline', own: false, probe: { dir: this.P.dirname(abs), name } });
      return;
    }
  }

  instructions(): { config: ReturnType<typeof readKiloConfig>; unmatched: KiloInstruction[] } {
    const { ctx, P } = this;
    const { fs, env, homedir } = ctx;
    const config = readKiloConfig({
      fs,
      env,
      homedir,
      configDir: this.configDir,
      cwd: this.cwd,
      walk: this.walk,
      projectConfig: this.projectConfig,
      inProject: (abs) => this.inProject(abs),
      display: this.display,
    });
    const unmatched: KiloInstruction[] = [];
    for (const item of config.instructions) {
      const { entry } = item;
      if (entry.startsWith('https://') || entry.startsWith('http://')) continue;
      const expanded = entry.startsWith('~/') ? P.join(homedir, entry.slice(2)) : entry;
      const absolute = P.isAbsolute(expanded);
      const files = absolute
        ? globIn(ctx, P.dirname(expanded), P.basename(expanded), 'Kilo').filter((f) => P.dirname(f) === P.dirname(expanded))
        : this.globUp(expanded);
      if (files.length === 0) unmatched.push(item);
      const trusted = item.trusted && (absolute || !this.projectConfig);
      for (const abs of files)
        this.claim({
          abs,
          trusted,
          delivery: 'baseline',
          own: item.trusted,
          note: `listed in instructions (${item.from}: ${JSON.stringify(entry)})`,
        });
    }
    return { config, unmatched };
  }

  private globUp(pattern: string): string[] {
    const { ctx, P } = this;
    if (this.projectConfig) return this.walk.flatMap((dir) => globIn(ctx, dir, pattern, 'Kilo'));
    const dir = ctx.env.KILO_CONFIG_DIR ? P.resolve(this.cwd, ctx.env.KILO_CONFIG_DIR) : this.configDir.abs;
    return globIn(ctx, dir, pattern, 'Kilo');
  }

  /** The read tool: each file target, in the order given. */
  onTouch(): void {
    const { P, ctx, cwd, names } = this;
    const loaded = new Set<string>();
    for (const target of ctx.targets) {
      if (target.kind !== 'file') continue;
      const file = P.join(ctx.root, target.path);
      for (let dir = P.dirname(file); dir.startsWith(cwd) && dir !== cwd; dir = P.dirname(dir)) {
        const name = names.find((n) => this.exists(P.join(dir, n)));
        if (name === undefined) continue;
        const abs = P.join(dir, name);
        if (abs === file || this.found.has(abs) || loaded.has(abs)) continue;
        loaded.add(abs);
        this.touched.push({ abs, trusted: false, delivery: 'on-touch', own: false, target: target.path, probe: { dir, name } });
      }
    }
  }

  /** What Kilo sends for one file: its substituted text, or why nothing. */
  private textOf(f: Found): { text: string } | { reason: string } {
    const { ctx } = this;
    const { fs } = ctx;
    if (kindOf(fs, f.abs) !== 'file') return { reason: 'not a regular file: Kilo reads nothing from it (it still took its place)' };
    if (!f.trusted && !inScope(fs, f.abs, this.scopeRoot))
      return { reason: 'outside the project: Kilo reads a project file only inside its worktree and sends nothing for it' };
    const shows = f.own ? null : (real: string) => ctx.boundary.shows(real, f.probe);
    const read = peekText(fs, f.abs, shows, MAX_CONTENT_BYTES, MAX_CONTENT_BYTES);
    if (!read.ok) return { text: '' };
    // A leading BOM is kept, in a file Kilo trusts and in one it does not (both seen in runs).
    const raw = read.text;
    if (raw === '') return { reason: EMPTY };
    const out = substitute(raw, {
      fs,
      env: ctx.env,
      homedir: ctx.homedir,
      path: f.abs,
      trust: f.trusted ? { trusted: true } : { trusted: false, root: this.scopeRoot },
      shows: f.trusted ? null : (real: string) => ctx.boundary.shows(real),
    });
    if (!out.ok) return { reason: out.reason };
    if (out.text === '') return { reason: 'empty once substituted: Kilo sends nothing for it' };
    return { text: out.text };
  }

  source(f: Found): KiloSource {
    const { P, ctx } = this;
    const path = this.display(f.abs);
    const rel = ctx.display(P.dirname(f.abs));
    const inTree = !path.startsWith('~') && !path.startsWith('$') && !P.isAbsolute(path);
    const got = this.textOf(f);
    return {
      abs: f.abs,
      written: f.abs,
      path,
      scope: f.own && !inTree ? 'global' : path.startsWith('../') ? 'project' : 'workspace',
      delivery: f.delivery,
      directory: f.delivery === 'on-touch' ? rel : null,
      depth: inTree ? ctx.depthOf(rel === '.' ? '' : rel) : 0,
      filename: P.basename(f.abs),
      own: f.own,
      trusted: f.trusted,
      ...(f.target !== undefined ? { target: f.target } : {}),
      ...(f.probe ? { probe: f.probe } : {}),
      ...(f.note ? { note: f.note } : {}),
      ...('reason' in got ? { report: { status: 'not-loaded' as const, reason: got.reason } } : { text: got.text }),
    };
  }
}

export function resolveKilo(ctx: DiscoverContext): KiloResult {
  const session = new Session(ctx);
  session.globalFile();
  session.projectWalk();
  const { config, unmatched } = session.instructions();
  session.onTouch();
  const sources = [...session.found.values(), ...session.touched].map((f) => session.source(f));
  return { sources, problems: config.problems, configFiles: config.files, unmatched, worktree: session.worktree };
}
