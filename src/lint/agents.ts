/**
 * Agent pitfalls (`holaryn check --agents …`): places where a coding agent will quietly do
 * something its user does not expect, each found in that agent's profile evidence
 * (docs/agents.md) rather than by re-implementing the agent's rules here. The pitfalls live in
 * their agent's profile folder (src/resolver/profiles/<name>/pitfalls.ts, the seam in
 * src/resolver/pitfalls.ts); this engine knows no agent by name: it runs the registry's agents
 * asked for, each over a PitfallWorkspace bound to it, and adds the problems their profiles found
 * in their own files. Pure TypeScript over a ResolverFs (no editor API): the CLI and the VS Code
 * Problems panel share it.
 *
 * Every finding is on a file under the root, with a line, and a quick fix where one exists.
 * Files an agent reads above the root or in its home are used for the answer but never reported.
 *
 * Each pitfall runs in steps (a generator that yields after each of the agent's answers and every
 * few thousand files of a scan), so an editor can pause between them; `lintAgents` runs them at once.
 */
import {
  AgentCode,
  Evidence,
  PitfallFinding,
  PitfallWorkspace,
  ResolveError,
  ResolveOptions,
  ResolverFs,
  Severity,
  SourceEvidence,
  TextRange,
  agentEntries,
  nodeResolverFs,
  profileNames,
  resolveInstructions,
  peekText,
  isInside,
  MAX_AGENT_CWDS,
  MAX_AGENT_PAIRS,
  MAX_AGENT_TARGETS,
} from '../resolver';
import { LineIndex } from './text';
import { STEP_MASK, runToEnd } from './pause';
import type { Finding } from './types';

/** An agent's name: a profile that declares pitfalls or signs of use (the registry's `agentEntries`). */
export type AgentName = string;

/**
 * What an agent's profile found reading one of the agent's own files (unreadable, cut at a bound,
 * binary, a glob over the pattern bounds, a link it refuses): every agent's, its severity the
 * profile diagnostic's. The agents' own codes are on their cards.
 */
export const AGENT_FILE_CODE = 'agent-file';

/** The agents `--agents` knows, in the order their pitfalls are checked. */
export function agentNames(): AgentName[] {
  return agentEntries().map((a) => a.name);
}

/** Every finding code of the agent pitfalls, with its usual severity (`agent-file` last). */
export function agentSeverity(): Readonly<Record<AgentCode, Severity>> {
  return Object.freeze(
    Object.assign({}, ...agentEntries().map((a) => a.codes), { [AGENT_FILE_CODE]: 'warning' }) as Record<AgentCode, Severity>,
  );
}

/** Whether `code` is an agent pitfall's (or `agent-file`). */
export function isAgentCode(code: string): code is AgentCode {
  return code === AGENT_FILE_CODE || agentEntries().some((a) => code in a.codes);
}

/** Parses `--agents`: a comma-separated list of names, or `all`. Throws an Error listing the known names. */
export function parseAgentList(text: string): AgentName[] {
  const known = agentNames();
  const names = text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.length === 0) throw new Error(`--agents takes a comma-separated list of ${known.join(', ')}, or all`);
  if (names.includes('all')) return known;
  for (const n of names) {
    if (!known.includes(n)) throw new Error(`unknown agent ${JSON.stringify(n)} for --agents; known agents: ${known.join(', ')} (or all)`);
  }
  return known.filter((a) => names.includes(a));
}

export { MAX_AGENT_CWDS, MAX_AGENT_TARGETS };

/** Where a bound kept `check --agents` from asking an agent about everything. */
export interface AgentCut {
  agent: AgentName;
  /** What was asked about: "files", "working directories". */
  what: string;
  checked: number;
  of: number;
  /** The bound's name (limits.ts or this module). */
  bound: string;
}

/** Profile diagnostics that a pitfall of its own reports already, or that say nothing about one file. */
const NOT_FILE_PROBLEMS: ReadonlySet<string> = new Set(['agent-pitfall', 'untrusted', 'budget-truncated', 'git-quoted-path']);

export interface AgentLintOptions {
  agents: readonly AgentName[];
  /** Root-relative files of the workspace (the walk's or the editor's list). */
  files: readonly string[];
  fs?: ResolverFs;
  env?: Record<string, string | undefined>;
  homedir?: string;
  /** Each agent's settings, by the agent's own names (as `--set`; VS Code's `chat.*` for copilot). */
  settings?: Partial<Record<AgentName, Readonly<Record<string, string>>>>;
}

/** What every pitfall reads: the workspace and a memoised resolver per agent and working directory. */
class AgentWorkspace {
  readonly fs: ResolverFs;
  readonly files: readonly string[];
  /** Where a bound kept an agent from being asked about everything, once per agent and kind. */
  readonly cuts: AgentCut[] = [];
  private readonly evidence = new Map<string, Evidence | undefined>();
  /** Every answer each agent gave, in the order asked: its own files and their problems come from them. */
  private readonly answers = new Map<AgentName, Evidence[]>();

  constructor(
    readonly root: string,
    private readonly options: AgentLintOptions,
  ) {
    this.fs = options.fs ?? nodeResolverFs;
    this.files = options.files;
  }

  /** Absolute path of a root-relative one. */
  abs(rel: string): string {
    return rel === '' ? this.root : this.fs.path.join(this.root, ...rel.split('/'));
  }

  /** How many of the workspace's files `agent` was asked about in the root, when a bound kept it from all of them. */
  filesChecked(agent: AgentName): number | undefined {
    return this.cuts.find((c) => c.agent === agent && c.what === 'files')?.checked;
  }

  /** Records that only `checked` of `of` items were asked about (nothing when all were). */
  note(agent: AgentName, what: string, checked: number, of: number, bound: string): void {
    if (checked >= of || this.cuts.some((c) => c.agent === agent && c.what === what)) return;
    this.cuts.push({ agent, what, checked, of, bound });
  }

  /** Every file to `visit`, in steps of a few thousand (a workspace can list hundreds of thousands). */
  *scan(visit: (file: string) => void): Generator<void, void> {
    let n = 0;
    for (const f of this.files) {
      if ((++n & STEP_MASK) === 0) yield;
      visit(f);
    }
  }

  /**
   * Root-relative directories holding a file whose name is one of `names` (the root first, then
   * path order), at most MAX_AGENT_CWDS (noted for `agent`).
   */
  *directoriesWith(agent: AgentName, names: readonly string[], includeRoot = true): Generator<void, string[]> {
    const dirs = new Set<string>(includeRoot ? [''] : []);
    yield* this.scan((f) => {
      const i = f.lastIndexOf('/');
      if (names.includes(f.slice(i + 1))) dirs.add(i < 0 ? '' : f.slice(0, i));
    });
    this.note(agent, 'working directories', MAX_AGENT_CWDS, dirs.size, 'MAX_AGENT_CWDS');
    return [...dirs].slice(0, MAX_AGENT_CWDS);
  }

  /** Files for which `keep` holds, in order. */
  *filesWhere(keep: (file: string) => boolean): Generator<void, string[]> {
    const out: string[] = [];
    yield* this.scan((f) => {
      if (keep(f)) out.push(f);
    });
    return out;
  }

  /** Files whose name is one of `names`. */
  filesNamed(names: readonly string[]): Generator<void, string[]> {
    return this.filesWhere((f) => names.includes(f.slice(f.lastIndexOf('/') + 1)));
  }

  /**
   * The agent's answer with `cwd` (root-relative) as its working directory, for root-relative
   * `targets` below it (others are dropped); undefined when it cannot be had.
   */
  resolve(agent: AgentName, cwd: string, targets: readonly string[] = []): Evidence | undefined {
    if (!profileNames().includes(agent)) return undefined;
    const key = JSON.stringify([agent, cwd, targets]);
    if (this.evidence.has(key)) return this.evidence.get(key);
    const options: ResolveOptions = {
      profile: agent,
      fs: this.fs,
      settings: this.options.settings?.[agent],
      ...(this.options.env ? { env: this.options.env } : {}),
      ...(this.options.homedir ? { homedir: this.options.homedir } : {}),
    };
    const prefix = cwd === '' ? '' : `${cwd}/`;
    let ev: Evidence | undefined;
    let given = targets.filter((t) => t.startsWith(prefix) && t !== cwd).map((t) => t.slice(prefix.length));
    // Targets the resolver refuses (a link leading out of the root) are dropped and the rest resolved again.
    for (let attempt = 0; attempt < 4 && ev === undefined; attempt++) {
      try {
        ev = resolveInstructions(this.abs(cwd), given, options);
      } catch (err) {
        if (!(err instanceof ResolveError)) throw err;
        const rejected = err.details.targets as string[] | undefined;
        if (err.code !== 'target-outside-root' || !rejected || rejected.length === 0) break;
        const drop = new Set(rejected);
        given = given.filter((t) => !drop.has(t));
      }
    }
    this.evidence.set(key, ev);
    if (ev) {
      const list = this.answers.get(agent);
      if (list) list.push(ev);
      else this.answers.set(agent, [ev]);
    }
    return ev;
  }

  /**
   * The agent's answer in the root for many `targets` (`what` names them for the note), bounded:
   * every rule of Copilot or Claude Code is tested against every target, so at most
   * MAX_AGENT_PAIRS source–target pairs are asked for (and at most MAX_AGENT_TARGETS targets),
   * the first targets in order; the rest is noted.
   */
  resolveAcross(agent: AgentName, targets: readonly string[], what = 'files'): Evidence | undefined {
    const sources = Math.max(1, this.resolve(agent, '')?.sources.length ?? 1);
    const byPairs = Math.max(1, Math.floor(MAX_AGENT_PAIRS / sources));
    const limit = Math.min(MAX_AGENT_TARGETS, byPairs);
    this.note(agent, what, limit, targets.length, byPairs < MAX_AGENT_TARGETS ? 'MAX_AGENT_PAIRS' : 'MAX_AGENT_TARGETS');
    return this.resolve(agent, '', targets.length > limit ? targets.slice(0, limit) : targets);
  }

  /** A source's path as a root-relative path, or undefined when it is outside the root (or in an agent's home). */
  rel(ev: Evidence, path: string, scope?: SourceEvidence['scope']): string | undefined {
    if (scope === 'global' || scope === 'agent') return undefined;
    const P = this.fs.path;
    const rel = P.relative(this.root, P.resolve(ev.root, ...path.split('/')));
    if (rel === '' || rel.startsWith('..') || P.isAbsolute(rel)) return undefined;
    return rel.split(P.sep).join('/');
  }

  /**
   * The agent's own instruction files in the workspace, sorted: every file one of its answers
   * loaded, listed, kept out as untrusted or skipped (not those it only names as never read).
   */
  ownFiles(agent: AgentName): string[] {
    const out = new Set<string>();
    for (const ev of this.answers.get(agent) ?? []) {
      for (const s of ev.sources) {
        if (s.status === 'not-loaded') continue;
        const rel = this.rel(ev, s.path, s.scope);
        if (rel !== undefined) out.add(rel);
      }
      for (const k of ev.skipped) {
        const rel = this.rel(ev, k.path);
        if (rel !== undefined) out.add(rel);
      }
    }
    return [...out].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The problems the agent's answers found in files of the workspace, once each (`agent-file`). */
  fileFindings(agent: AgentName, label: string): Finding[] {
    const out: Finding[] = [];
    const seen = new Set<string>();
    for (const ev of this.answers.get(agent) ?? []) {
      for (const d of ev.diagnostics) {
        if (d.source === null || NOT_FILE_PROBLEMS.has(d.code)) continue;
        const rel = this.rel(ev, d.source);
        if (rel === undefined) continue;
        const key = JSON.stringify([rel, d.line, d.code, d.message]);
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(onLine(rel, AGENT_FILE_CODE, d.severity, this.textIfSmall(rel), d.line ?? 1, `${label} (${d.code}): ${d.message}`));
      }
    }
    return out;
  }

  /** The text of a root-relative file (lossy UTF-8), or undefined. */
  text(rel: string): string | undefined {
    const P = this.fs.path;
    const peeked = peekText(this.fs, this.abs(rel), (real) => isInside(P, this.root, real), 4 * 1024 * 1024);
    return peeked.ok ? peeked.text : undefined;
  }

  /** The text of a file for placing a finding on its lines, when it is not too large to be worth reading for that. */
  private textIfSmall(rel: string): string | undefined {
    const P = this.fs.path;
    const peeked = peekText(this.fs, this.abs(rel), (real) => isInside(P, this.root, real), 256 * 1024, 256 * 1024);
    return peeked.ok ? peeked.text : undefined;
  }
}

/** A finding spanning one whole line of `text` (the given line when the text is unknown). */
function onLine(
  file: string,
  code: AgentCode,
  severity: Severity,
  text: string | undefined,
  line: number,
  message: string,
  extra: Partial<PitfallFinding> = {},
): PitfallFinding {
  const f: PitfallFinding = { file, severity, code, line, column: 1, endLine: line, endColumn: 1, message, ...extra };
  if (text !== undefined) {
    const index = new LineIndex(text);
    const l = Math.min(Math.max(1, line), index.lineCount);
    const end = index.position(index.lineEnd(l));
    Object.assign(f, { line: l, endLine: end.line, endColumn: end.column });
  }
  return f;
}

/** The workspace as one agent's pitfalls see it (src/resolver/pitfalls.ts): every call is for that agent. */
class AgentView implements PitfallWorkspace {
  readonly root: string;
  readonly files: readonly string[];
  readonly fs: ResolverFs;

  constructor(
    private readonly ws: AgentWorkspace,
    private readonly agent: AgentName,
    private readonly codes: Readonly<Record<AgentCode, Severity>>,
    readonly env: Readonly<Record<string, string | undefined>>,
  ) {
    this.root = ws.root;
    this.files = ws.files;
    this.fs = ws.fs;
  }

  abs(rel: string): string {
    return this.ws.abs(rel);
  }
  scan(visit: (file: string) => void): Generator<void, void> {
    return this.ws.scan(visit);
  }
  filesWhere(keep: (file: string) => boolean): Generator<void, string[]> {
    return this.ws.filesWhere(keep);
  }
  filesNamed(names: readonly string[]): Generator<void, string[]> {
    return this.ws.filesNamed(names);
  }
  directoriesWith(names: readonly string[], includeRoot = true): Generator<void, string[]> {
    return this.ws.directoriesWith(this.agent, names, includeRoot);
  }
  resolve(cwd: string, targets: readonly string[] = []): Evidence | undefined {
    return this.ws.resolve(this.agent, cwd, targets);
  }
  resolveAcross(targets: readonly string[], what = 'files'): Evidence | undefined {
    return this.ws.resolveAcross(this.agent, targets, what);
  }
  rel(ev: Evidence, path: string, scope?: SourceEvidence['scope']): string | undefined {
    return this.ws.rel(ev, path, scope);
  }
  text(rel: string): string | undefined {
    return this.ws.text(rel);
  }
  note(what: string, checked: number, of: number, bound: string): void {
    this.ws.note(this.agent, what, checked, of, bound);
  }
  filesChecked(): number | undefined {
    return this.ws.filesChecked(this.agent);
  }
  onLine(
    file: string,
    code: AgentCode,
    text: string | undefined,
    line: number,
    message: string,
    extra?: Partial<PitfallFinding>,
  ): PitfallFinding {
    const severity = this.codes[code];
    if (severity === undefined) throw new Error(`${this.agent}'s card declares no pitfall code ${code}`);
    return onLine(file, code, severity, text, line, message, extra);
  }
  range(text: string, start: number, end: number): TextRange {
    return new LineIndex(text).range(start, end);
  }
}

/** What `check --agents` found: the pitfalls and problems, each agent's own files, and where a bound kept it from asking about everything. */
export interface AgentLintResult {
  findings: Finding[];
  /** Per agent asked for: the root-relative paths of its own instruction files in the workspace, sorted. */
  files: Partial<Record<AgentName, string[]>>;
  cuts: AgentCut[];
}

/** Every pitfall of the agents asked for, and the problems of their own files, in agent order, in steps. */
export function* agentLintSteps(root: string, options: AgentLintOptions): Generator<void, AgentLintResult> {
  const ws = new AgentWorkspace(root, options);
  const env = options.env ?? process.env;
  const out: Finding[] = [];
  const files: AgentLintResult['files'] = {};
  const known = new Map(agentEntries().map((a) => [a.name, a]));
  for (const agent of options.agents) {
    const entry = known.get(agent);
    if (!entry) throw new Error(`unknown agent ${JSON.stringify(agent)}; known agents: ${[...known.keys()].join(', ')}`);
    // The agent's answer in the root: its files there are counted even when no pitfall asks.
    ws.resolve(agent, '');
    yield;
    if (entry.pitfalls) out.push(...(yield* entry.pitfalls()(new AgentView(ws, agent, entry.codes, env))));
    out.push(...ws.fileFindings(agent, entry.label));
    files[agent] = ws.ownFiles(agent);
  }
  return { findings: out, files, cuts: ws.cuts };
}

/** Every pitfall of the agents asked for, in agent order, in steps. */
export function* lintAgentsSteps(root: string, options: AgentLintOptions): Generator<void, Finding[]> {
  return (yield* agentLintSteps(root, options)).findings;
}

/** Every pitfall of the agents asked for, at once (the command line). */
export function lintAgents(root: string, options: AgentLintOptions): Finding[] {
  return runToEnd(lintAgentsSteps(root, options));
}
