/**
 * What opencode 1.18.33 loads for one session (its `Instruction` service), computed once per call:
 *
 * - the global file: the first of `<config>/AGENTS.md` and `~/.claude/CLAUDE.md` that exists
 *   (`<config>` is `$XDG_CONFIG_HOME/opencode`, else `~/.config/opencode`); it is chosen by
 *   existence, so an empty one (or a folder of that name) sends nothing and claims the place;
 * - the project files, unless `OPENCODE_DISABLE_PROJECT_CONFIG`: for the names AGENTS.md,
 *   CLAUDE.md, CONTEXT.md in that order, every folder from the working directory up to the
 *   worktree (the git top level; without a repository the filesystem root) that has the name;
 *   the first name found anywhere wins the whole walk; nearest first;
 * - each `instructions` entry of the configuration (settings.ts): a URL is fetched (not modelled:
 *   nothing here), `~/` is the home, an absolute entry is its folder globbed for its last segment,
 *   a relative one is globbed in every folder of the walk (in the configuration folder when the
 *   project configuration is off); a path already found is not added again;
 * - for a file target (the read tool), the first of the same names in each folder from the
 *   file's own up to just below the working directory (a string prefix test: a sibling whose name
 *   starts with the working directory's counts), nearest first, leaving out the file itself, the
 *   session's files and the files an earlier read loaded.
 *
 * The CLAUDE.md names go when `OPENCODE_DISABLE_CLAUDE_CODE` or `OPENCODE_DISABLE_CLAUDE_CODE_PROMPT`
 * is true. Files are named as opencode writes them: absolute, joined to the working directory.
 */
import type { ResolverFs } from '../../fs';
import type { Delivery, DiscoverContext } from '../../profile';
import type { Probe } from '../../boundary';
import { isInside } from '../../paths';
import { flagOn, globIn as globAny, kindOf, walkUp, worktreeOf } from '../agent/opencode-core';
import { ConfigProblem } from '../agent/config';
import { InstructionEntry, readOpencodeConfig } from './settings';

/** The regular files in `dir` that `pattern` matches (relative to it), in name order. */
function globIn(ctx: DiscoverContext, dir: string, pattern: string): string[] {
  return globAny(ctx, dir, pattern, 'opencode');
}

export interface OpencodeSource {
  /** Where to read it. */
  readonly abs: string;
  /** The path opencode writes in `Instructions from:`. */
  readonly written: string;
  /** Evidence path. */
  readonly path: string;
  readonly scope: 'global' | 'workspace' | 'project';
  readonly delivery: Delivery;
  /** Root-relative folder it applies to (null: every target). */
  readonly directory: string | null;
  readonly depth: number;
  readonly filename: string;
  /** The target whose read loads it (on-touch). */
  readonly target?: string;
  readonly probe?: Probe;
  readonly own: boolean;
  readonly note?: string;
  readonly report?: { readonly status: 'not-loaded'; readonly reason: string };
}

export interface OpencodeResult {
  readonly sources: OpencodeSource[];
  readonly problems: ConfigProblem[];
  readonly configFiles: string[];
  /** `instructions` entries that gave no file (the pitfall). */
  readonly unmatched: InstructionEntry[];
  readonly worktree: string;
  /** The folders from the working directory up to the worktree, nearest first. */
  readonly walk: readonly string[];
  /** The configuration layers that parsed, in merge order (listings.ts reads `skills` and `agent`). */
  readonly docs: ReturnType<typeof readOpencodeConfig>['docs'];
}

export function opencodeNames(env: Readonly<Record<string, string | undefined>>): string[] {
  const claude = !(flagOn(env.OPENCODE_DISABLE_CLAUDE_CODE) || flagOn(env.OPENCODE_DISABLE_CLAUDE_CODE_PROMPT));
  return ['AGENTS.md', ...(claude ? ['CLAUDE.md'] : []), 'CONTEXT.md'];
}

/** The global configuration folder and how evidence names it. */
export function configDirOf(
  env: Readonly<Record<string, string | undefined>>,
  homedir: string,
  P: ResolverFs['path'],
): { abs: string; display: string } {
  const xdg = env.XDG_CONFIG_HOME;
  if (xdg) return { abs: P.join(P.resolve(homedir, xdg), 'opencode'), display: '$XDG_CONFIG_HOME/opencode' };
  return { abs: P.join(homedir, '.config', 'opencode'), display: '~/.config/opencode' };
}

/** An empty file: opencode reads it, sends nothing, and the file still took its place. */
const EMPTY = {
  status: 'not-loaded' as const,
  reason: 'empty: opencode sends nothing for an empty file (it still took the place of the names after it)',
};

type Addition = Partial<OpencodeSource> & { delivery: Delivery; own: boolean };

/** One call of `resolveOpencode`: the session's places and what it found so far, one method per step. */
class Session {
  readonly P: ResolverFs['path'];
  readonly cwd: string;
  readonly worktree: string;
  readonly walk: string[];
  readonly projectConfig: boolean;
  readonly names: string[];
  readonly configDir: { abs: string; display: string };
  readonly sources: OpencodeSource[] = [];
  /** The paths the session already sends (or whose place they took). */
  readonly written = new Set<string>();

  constructor(readonly ctx: DiscoverContext) {
    const { fs, env, homedir } = ctx;
    this.P = fs.path;
    this.cwd = ctx.root;
    this.worktree = worktreeOf(fs, this.cwd);
    this.walk = walkUp(this.P, this.cwd, this.worktree);
    this.projectConfig = !flagOn(env.OPENCODE_DISABLE_PROJECT_CONFIG);
    this.names = opencodeNames(env);
    this.configDir = configDirOf(env, homedir, this.P);
  }

  /** How the evidence names a path: under the configuration folder, `~/.claude`, the home, or the root. */
  readonly display = (abs: string): string => {
    const { P, configDir, ctx } = this;
    const { homedir } = ctx;
    if (isInside(P, configDir.abs, abs)) return configDir.display + abs.slice(configDir.abs.length);
    if (isInside(P, P.join(homedir, '.claude'), abs)) return '~/.claude' + abs.slice(P.join(homedir, '.claude').length);
    if (!isInside(P, ctx.projectRoot, abs) && isInside(P, homedir, abs)) return '~' + abs.slice(homedir.length);
    return ctx.display(abs);
  };

  add(abs: string, extra: Addition): void {
    const { P, ctx } = this;
    const path = this.display(abs);
    const rel = ctx.display(P.dirname(abs));
    const inTree = !path.startsWith('~') && !path.startsWith('$') && !P.isAbsolute(path);
    this.sources.push({
      abs,
      written: abs,
      path,
      scope: extra.own && !inTree ? 'global' : path.startsWith('../') ? 'project' : 'workspace',
      directory: extra.delivery === 'on-touch' ? rel : null,
      depth: inTree ? ctx.depthOf(rel === '.' ? '' : rel) : 0,
      filename: P.basename(abs),
      ...extra,
    });
  }

  isFile(abs: string): boolean {
    return kindOf(this.ctx.fs, abs) === 'file';
  }

  exists(abs: string): boolean {
    return kindOf(this.ctx.fs, abs) !== undefined;
  }

  sizeOf(abs: string): number {
    try {
      return this.ctx.fs.stat(abs)?.size ?? 0;
    } catch {
      return 0;
    }
  }

  emptyReport(abs: string): { report?: typeof EMPTY } {
    return this.sizeOf(abs) === 0 ? { report: EMPTY } : {};
  }

  /** The global file: chosen by existence. */
  globalFile(): void {
    const { P, configDir, names } = this;
    const { homedir } = this.ctx;
    const globals = [P.join(configDir.abs, 'AGENTS.md'), ...(names.includes('CLAUDE.md') ? [P.join(homedir, '.claude', 'CLAUDE.md')] : [])];
    const global = globals.find((abs) => this.exists(abs));
    if (global === undefined) return;
    this.written.add(global);
    if (this.isFile(global)) this.add(global, { delivery: 'baseline', own: true, ...this.emptyReport(global) });
    for (const other of globals.slice(globals.indexOf(global) + 1))
      if (this.isFile(other))
        this.add(other, {
          delivery: 'baseline',
          own: true,
          report: { status: 'not-loaded', reason: `opencode takes one global file: ${this.display(global)} exists` },
        });
  }

  /**
   * The project files: the first name found anywhere on the walk. The files of the later names
   * are shown as not loaded, with the name that won.
   */
  projectWalk(): void {
    if (!this.projectConfig) return;
    let winner: string | undefined;
    for (const name of this.names) {
      const hits = this.walk.map((dir) => this.P.join(dir, name)).filter((abs) => this.exists(abs));
      if (hits.length === 0) continue;
      if (winner !== undefined) this.projectLosers(hits, name, winner);
      else {
        winner = name;
        this.projectWinners(hits, name);
      }
    }
  }

  private projectWinners(hits: readonly string[], name: string): void {
    for (const abs of hits) {
      if (this.written.has(abs)) continue;
      this.written.add(abs);
      if (this.isFile(abs))
        this.add(abs, { delivery: 'baseline', own: false, probe: { dir: this.P.dirname(abs), name }, ...this.emptyReport(abs) });
    }
  }

  private projectLosers(hits: readonly string[], name: string, winner: string): void {
    const report = {
      status: 'not-loaded' as const,
      reason: `opencode found ${winner} on its walk up to the git root, and takes only the files of the first name it finds`,
    };
    for (const abs of hits)
      if (this.isFile(abs) && !this.written.has(abs))
        this.add(abs, { delivery: 'baseline', own: false, probe: { dir: this.P.dirname(abs), name }, report });
  }

  /** The `instructions` entries of the configuration; returns what was read and the entries that gave no file. */
  instructionsEntries(): { config: ReturnType<typeof readOpencodeConfig>; unmatched: InstructionEntry[] } {
    const { ctx, walk, projectConfig, configDir, display } = this;
    const { fs, env, homedir } = ctx;
    const config = readOpencodeConfig({ fs, env, configDir, homedir, walk, projectConfig, display });
    const unmatched: InstructionEntry[] = [];
    for (const item of config.instructions) {
      const { entry } = item;
      if (entry.startsWith('https://') || entry.startsWith('http://')) continue;
      const found = this.entryFiles(entry);
      if (found.length === 0) unmatched.push(item);
      for (const abs of found) {
        if (this.written.has(abs)) continue;
        this.written.add(abs);
        this.add(abs, {
          ...this.emptyReport(abs),
          delivery: 'baseline',
          own: item.own,
          note: `listed in instructions (${item.from}: ${JSON.stringify(entry)})`,
        });
      }
    }
    return { config, unmatched };
  }

  /** The files one (non-URL) entry names: `~/` is the home, absolute is globbed in its folder, relative in the walk. */
  private entryFiles(entry: string): string[] {
    const { P, ctx } = this;
    const expanded = entry.startsWith('~/') ? P.join(ctx.homedir, entry.slice(2)) : entry;
    if (P.isAbsolute(expanded))
      return globIn(ctx, P.dirname(expanded), P.basename(expanded)).filter((f) => P.dirname(f) === P.dirname(expanded));
    return (this.projectConfig ? this.walk : [this.configDir.abs]).flatMap((dir) => globIn(ctx, dir, expanded));
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
        if (abs === file || this.written.has(abs) || loaded.has(abs)) continue;
        if (!this.isFile(abs)) continue;
        loaded.add(abs);
        this.add(abs, { delivery: 'on-touch', own: false, target: target.path, probe: { dir, name }, ...this.emptyReport(abs) });
      }
    }
  }
}

export function resolveOpencode(ctx: DiscoverContext): OpencodeResult {
  const session = new Session(ctx);
  session.globalFile();
  session.projectWalk();
  const { config, unmatched } = session.instructionsEntries();
  session.onTouch();
  return {
    sources: session.sources,
    problems: config.problems,
    configFiles: config.files,
    unmatched,
    worktree: session.worktree,
    walk: session.walk,
    docs: config.docs,
  };
}
