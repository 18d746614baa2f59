/**
 * What pi 0.73.1 loads for one session (`DefaultResourceLoader.reload`, `loadProjectContextFiles`
 * in its resource-loader.js), in the order its system prompt holds them:
 *
 * - the system prompt file: `<cwd>/.pi/SYSTEM.md` when it exists, else `<agent>/SYSTEM.md`
 *   (`<agent>` is `$PI_CODING_AGENT_DIR`, else `~/.pi/agent`); its text replaces pi's own prompt,
 *   unless it is empty (pi keeps its own prompt then, and the other file is not read);
 * - the appended text: `<cwd>/.pi/APPEND_SYSTEM.md`, else `<agent>/APPEND_SYSTEM.md`, the same way;
 * - the context files: in `<agent>`, then in every folder from `/` down to the working directory,
 *   the first of `AGENTS.md`, `AGENTS.MD`, `CLAUDE.md`, `CLAUDE.MD` that can be read as a file
 *   (a folder of that name is passed over), each whole, an empty one too. A path already taken
 *   (the agent folder on the walk) is not taken twice.
 *
 * Only the working directory's `.pi` counts (no walk for it). Nothing loads when a tool touches a
 * file. Paths are written as pi joins them: the working directory as the process has it (links
 * resolved), the agent folder as the variable or the home gives it.
 */
import type { Delivery, DiscoverContext, NamedCandidate } from '../../profile';
import type { FsStat, PathApi } from '../../fs';
import { isInside } from '../../paths';
import { agentHome, type AgentHome } from '../agent/config';
import type { PiPiece } from './format';

export const CONTEXT_NAMES = ['AGENTS.md', 'AGENTS.MD', 'CLAUDE.md', 'CLAUDE.MD'] as const;

/** The start of the reason of a name a folder's taken file passed over (pitfalls.ts reads it). */
export const PASSED_OVER = 'pi takes one file per folder: ';

/** pi's agent folder: `$PI_CODING_AGENT_DIR` (a leading `~` from the home), else `~/.pi/agent`. */
export function piAgentDir(where: { env: Readonly<Record<string, string | undefined>>; homedir: string; path: PathApi }): AgentHome {
  return agentHome({ env: { ...where.env }, homedir: where.homedir, path: where.path }, 'PI_CODING_AGENT_DIR', '.pi/agent');
}

/** Folders from `/` down to `dir`, the top first. */
function foldersDown(P: DiscoverContext['fs']['path'], dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; ; d = P.dirname(d)) {
    out.unshift(d);
    if (P.dirname(d) === d) return out;
  }
}

/** One call's discovery: the candidates in pi's order, as they are found. */
class PiDiscovery {
  readonly out: NamedCandidate[] = [];
  readonly P: PathApi;
  readonly agent: AgentHome;

  constructor(readonly ctx: DiscoverContext) {
    this.P = ctx.fs.path;
    this.agent = piAgentDir({ env: ctx.env, homedir: ctx.homedir, path: this.P });
  }

  stat(abs: string): FsStat | undefined {
    try {
      return this.ctx.fs.stat(abs);
    } catch {
      return undefined;
    }
  }

  /** How the evidence names a path: under the agent folder, the home, or the root. */
  display(abs: string): string {
    const { P, agent, ctx } = this;
    if (isInside(P, agent.path, abs) && !isInside(P, ctx.projectRoot, abs)) return agent.display + abs.slice(agent.path.length);
    if (isInside(P, ctx.homedir, abs) && !isInside(P, ctx.projectRoot, abs)) return '~' + abs.slice(ctx.homedir.length);
    return ctx.display(abs);
  }

  add(abs: string, piece: PiPiece, own: boolean, extra: Partial<NamedCandidate> = {}): void {
    const { P, ctx } = this;
    const path = this.display(abs);
    const inTree = !path.startsWith('~') && !path.startsWith('$') && !P.isAbsolute(path);
    const delivery: Delivery = 'baseline';
    this.out.push({
      abs,
      path,
      scope: own && !inTree ? 'global' : path.startsWith('../') ? 'project' : 'workspace',
      directory: null,
      depth: inTree ? ctx.depthOf(ctx.display(P.dirname(abs))) : 0,
      filename: P.basename(abs),
      delivery,
      own,
      tag: piece,
      facts: { written: abs },
      ...(own ? {} : { probe: { dir: P.dirname(abs), name: P.basename(abs) } }),
      ...extra,
    });
  }

  /** SYSTEM.md and APPEND_SYSTEM.md: chosen by existence, the working directory's first. */
  promptFiles(): void {
    const { P, agent } = this;
    for (const [name, piece] of [
      ['SYSTEM.md', 'system'],
      ['APPEND_SYSTEM.md', 'append'],
    ] as const) {
      const project = P.join(this.ctx.root, '.pi', name);
      const global = P.join(agent.path, name);
      const chosen = this.stat(project) !== undefined ? project : this.stat(global) !== undefined ? global : undefined;
      if (chosen === undefined) continue;
      const st = this.stat(chosen);
      const empty = st?.kind === 'file' && st.size === 0;
      const what = piece === 'system' ? 'pi keeps its own system prompt' : 'nothing is appended';
      this.add(chosen, piece, chosen === global, empty ? { report: { status: 'not-loaded', reason: `empty: ${what}` } } : {});
      if (chosen === project && this.stat(global) !== undefined)
        this.add(global, piece, true, {
          report: { status: 'not-loaded', reason: `pi reads one ${name}: ${this.display(project)} exists` },
        });
    }
  }

  /** The first of pi's names in `dir` that is a file (links followed). */
  first(dir: string): string | undefined {
    return CONTEXT_NAMES.map((n) => this.P.join(dir, n)).find((abs) => this.stat(abs)?.kind === 'file');
  }

  /** The other names of a folder whose file was taken: shown as not loaded, with the one that was. */
  passedOver(dir: string, taken: string, own: boolean): void {
    for (const name of CONTEXT_NAMES) {
      const abs = this.P.join(dir, name);
      if (abs === taken || this.stat(abs)?.kind !== 'file') continue;
      this.add(abs, 'context', own, { report: { status: 'not-loaded', reason: `${PASSED_OVER}${this.display(taken)} is there` } });
    }
  }

  /** Context files: the agent folder's, then each folder from / down to the working directory. */
  contextFiles(): void {
    const seen = new Set<string>();
    const global = this.first(this.agent.path);
    if (global !== undefined) {
      this.add(global, 'context', true);
      seen.add(global);
      this.passedOver(this.agent.path, global, true);
    }
    for (const dir of foldersDown(this.P, this.ctx.root)) {
      const abs = this.first(dir);
      if (abs === undefined || seen.has(abs)) continue;
      seen.add(abs);
      this.add(abs, 'context', false);
      this.passedOver(dir, abs, false);
    }
  }
}

export function discoverPi(ctx: DiscoverContext): NamedCandidate[] {
  const d = new PiDiscovery(ctx);
  d.promptFiles();
  d.contextFiles();
  return d.out;
}
