/**
 * Agent pitfalls (`holaryn check --agents …`): places where a coding agent will quietly do
 * something its user does not expect, each found in that agent's profile evidence
 * (docs/agents.md) rather than by re-implementing the agent's rules here. One small function per
 * pitfall; `lintAgents` runs the ones of the agents asked for. Pure TypeScript over a ResolverFs
 * (no editor API): the CLI and the VS Code Problems panel share it.
 *
 * Every finding is on a file under the root, with a line, and a quick fix where one exists.
 * Files an agent reads above the root or in its home are used for the answer but never reported.
 *
 * Each pitfall runs in steps (a generator that yields after each of the agent's answers and every
 * few thousand files of a scan), so an editor can pause between them; `lintAgents` runs them at once.
 */
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import {
  Evidence,
  ResolveError,
  ResolveOptions,
  ResolverFs,
  SourceEvidence,
  nodeResolverFs,
  profileNames,
  resolveInstructions,
} from '../resolver';
import { YAML_OPTIONS } from '../resolver/frontmatter';
import { agentHeader } from '../resolver/profiles/agent/frontmatter';
import { peekText } from '../resolver/profiles/agent/peek';
import { isInside } from '../resolver/paths';
import { codexNames } from '../resolver/profiles/codex';
import { AGENTS_KEPT_OUT } from '../resolver/profiles/claude-code/reasons';
import { MATCH_ALL, globMatchesIgnoreCase, patternParts } from '../resolver/profiles/copilot/match';
import { effectivePattern, instructionKind } from '../resolver/profiles/copilot';
import { LineIndex } from './text';
import { STEP_MASK, runToEnd } from './pause';
import type { Severity } from '../resolver';
import type { Finding, Fix, TextEdit } from './types';

/** The agents `--agents` knows, in the order their pitfalls are checked. */
export const AGENT_NAMES = Object.freeze(['codex', 'copilot', 'claude-code', 'gemini', 'kimi'] as const);
export type AgentName = (typeof AGENT_NAMES)[number];

/** Finding codes of the agent pitfalls, with their usual severity. */
export const AGENT_SEVERITY = Object.freeze({
  'agent-codex-cut': 'warning',
  'agent-codex-override': 'warning',
  'agent-copilot-applyto-list': 'warning',
  'agent-copilot-unanchored-glob': 'warning',
  'agent-claude-agents-md': 'warning',
  /** Info; a warning when no file of the workspace matches (the rule never loads). */
  'agent-claude-rule-on-read': 'info',
  'agent-gemini-untrusted': 'warning',
  'agent-kimi-cut': 'warning',
} as const satisfies Record<string, Severity>);
export type AgentCode = keyof typeof AGENT_SEVERITY;
export const AGENT_CODES: readonly AgentCode[] = Object.freeze(Object.keys(AGENT_SEVERITY) as AgentCode[]);

/** Parses `--agents`: a comma-separated list of names, or `all`. Throws an Error listing the known names. */
export function parseAgentList(text: string): AgentName[] {
  const names = text
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.length === 0) throw new Error(`--agents takes a comma-separated list of ${AGENT_NAMES.join(', ')}, or all`);
  if (names.includes('all')) return [...AGENT_NAMES];
  for (const n of names) {
    if (!(AGENT_NAMES as readonly string[]).includes(n))
      throw new Error(`unknown agent ${JSON.stringify(n)} for --agents; known agents: ${AGENT_NAMES.join(', ')} (or all)`);
  }
  return AGENT_NAMES.filter((a) => names.includes(a));
}

/** Bounds: an agent's answer is computed for at most this many working directories / targets. */
export const MAX_AGENT_CWDS = 400;
export const MAX_AGENT_TARGETS = 5_000;
/** Paths named in one message at most. */
const NAMED = 3;

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
export class AgentWorkspace {
  readonly fs: ResolverFs;
  readonly files: readonly string[];
  private readonly evidence = new Map<string, Evidence | undefined>();

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

  /** Every file to `visit`, in steps of a few thousand (a workspace can list hundreds of thousands). */
  *scan(visit: (file: string) => void): Generator<void, void> {
    let n = 0;
    for (const f of this.files) {
      if ((++n & STEP_MASK) === 0) yield;
      visit(f);
    }
  }

  /** Root-relative directories holding a file whose name is one of `names` (the root first, then path order). */
  *directoriesWith(names: readonly string[], includeRoot = true): Generator<void, string[]> {
    const dirs = new Set<string>(includeRoot ? [''] : []);
    yield* this.scan((f) => {
      const i = f.lastIndexOf('/');
      if (names.includes(f.slice(i + 1))) dirs.add(i < 0 ? '' : f.slice(0, i));
    });
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
    return ev;
  }

  /** A source's path as a root-relative path, or undefined when it is outside the root (or in an agent's home). */
  rel(ev: Evidence, path: string, scope?: SourceEvidence['scope']): string | undefined {
    if (scope === 'global' || scope === 'agent') return undefined;
    const P = this.fs.path;
    const rel = P.relative(this.root, P.resolve(ev.root, ...path.split('/')));
    if (rel === '' || rel.startsWith('..') || P.isAbsolute(rel)) return undefined;
    return rel.split(P.sep).join('/');
  }

  /** The text of a root-relative file (lossy UTF-8), or undefined. */
  text(rel: string): string | undefined {
    const P = this.fs.path;
    const peeked = peekText(this.fs, this.abs(rel), (real) => isInside(P, this.root, real), 4 * 1024 * 1024);
    return peeked.ok ? peeked.text : undefined;
  }
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** "a, b, c (and 4 more)". */
function named(paths: readonly string[]): string {
  const shown = paths.slice(0, NAMED).join(', ');
  return paths.length > NAMED ? `${shown} (and ${paths.length - NAMED} more)` : shown;
}

function where(cwd: string): string {
  return cwd === '' ? 'the root' : cwd;
}

function finding(file: string, code: AgentCode, line: number, message: string, extra: Partial<Finding> = {}): Finding {
  return { file, severity: AGENT_SEVERITY[code], code, line, column: 1, endLine: line, endColumn: 1, message, ...extra };
}

/** A finding spanning one whole line of `text`. */
function onLine(
  file: string,
  code: AgentCode,
  text: string | undefined,
  line: number,
  message: string,
  extra: Partial<Finding> = {},
): Finding {
  const f = finding(file, code, line, message, extra);
  if (text !== undefined) {
    const index = new LineIndex(text);
    const l = Math.min(Math.max(1, line), index.lineCount);
    const end = index.position(index.lineEnd(l));
    Object.assign(f, { line: l, endLine: end.line, endColumn: end.column });
  }
  return f;
}

// --- Budget losses (Codex root first, Kimi deepest first) ----------------------------------------

interface Loss {
  cwd: string;
  /** Units of the file that reach the model (0: left out). */
  kept: number;
  /** Its size in the unit. */
  size: number;
}

/** Per file under the root: every working directory whose budget cuts it or leaves it out. */
function* budgetLosses(ws: AgentWorkspace, agent: AgentName, cwds: readonly string[]): Generator<void, Map<string, Loss[]>> {
  const out = new Map<string, Loss[]>();
  for (const cwd of cwds) {
    const ev = ws.resolve(agent, cwd);
    yield;
    if (!ev) continue;
    const losses = [
      ...ev.truncation.cut.map((c) => ({ path: c.path, kept: c.included, size: c.chars })),
      ...ev.truncation.omitted.map((o) => ({ path: o.path, kept: 0, size: o.chars })),
    ];
    for (const loss of losses) {
      const source = ev.sources.find((s) => s.path === loss.path);
      // An empty file "left out" loses nothing.
      if (!source || source.content.trim() === '') continue;
      const rel = ws.rel(ev, loss.path, source.scope);
      if (rel === undefined) continue;
      const list = out.get(rel) ?? [];
      list.push({ cwd, kept: loss.kept, size: utf8Length(source.content) });
      out.set(rel, list);
    }
  }
  return out;
}

function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Offset in `content` after its first `bytes` UTF-8 bytes (a split character counts as not arrived). */
function offsetAfterBytes(content: string, bytes: number): number {
  let used = 0;
  let i = 0;
  for (const ch of content) {
    const n = utf8Length(ch);
    if (used + n > bytes) return i;
    used += n;
    i += ch.length;
  }
  return content.length;
}

/**
 * Line and column in the file where the first byte that never arrives sits. `content` is the text
 * the agent used; when the agent `stripped` it (Kimi), the lines it dropped at the start are
 * counted back in.
 */
function firstLost(fileText: string | undefined, content: string, kept: number, stripped: boolean): { line: number; column: number } {
  const offset = offsetAfterBytes(content, kept);
  const before = content.slice(0, offset);
  let lead = 0;
  if (stripped && fileText !== undefined) {
    const start = fileText.replace(/\r\n?/g, '\n').search(/\S/);
    if (start > 0) lead = (fileText.replace(/\r\n?/g, '\n').slice(0, start).match(/\n/g) ?? []).length;
  }
  const lines = before.split('\n');
  return { line: lead + lines.length, column: lines[lines.length - 1].length + 1 };
}

function* lossFindings(
  ws: AgentWorkspace,
  agent: 'codex' | 'kimi',
  code: AgentCode,
  losses: Map<string, Loss[]>,
  describe: (rel: string, worst: Loss, others: number, at: { line: number; column: number }) => string,
): Generator<void, Finding[]> {
  const out: Finding[] = [];
  for (const [rel, list] of losses) {
    yield;
    const worst = list.reduce((a, b) => (b.kept < a.kept ? b : a));
    const ev = ws.resolve(agent, worst.cwd);
    const source = ev?.sources.find((s) => ws.rel(ev, s.path, s.scope) === rel);
    if (!source) continue;
    const text = ws.text(rel);
    const at = worst.kept === 0 ? { line: 1, column: 1 } : firstLost(text, source.content, worst.kept, agent === 'kimi');
    const f = onLine(rel, code, text, at.line, describe(rel, worst, list.length - 1, at));
    f.column = at.column;
    out.push(f);
  }
  return out;
}

function alsoIn(others: number): string {
  return others > 0 ? ` (and in ${plural(others, 'other working directory', 'other working directories')})` : '';
}

/**
 * Codex cutting a file: resolved with the codex profile as Codex would run in the root and in each
 * directory that holds one of its instruction files; a file its byte budget (spent root first)
 * cuts or leaves out is named with the bytes that never arrive. The model is never told; Codex
 * 0.169.0 warns its user at start-up of a cut (not of a file left out whole).
 */
export function* codexCuts(ws: AgentWorkspace): Generator<void, Finding[]> {
  const first = ws.resolve('codex', '');
  yield;
  if (!first) return [];
  const fallbacks = (first.settings?.project_doc_fallback_filenames as { value?: unknown } | undefined)?.value;
  const names = codexNames(Array.isArray(fallbacks) ? fallbacks.map(String) : []);
  const budget = first.truncation.budget;
  const losses = yield* budgetLosses(ws, 'codex', yield* ws.directoriesWith(names));
  return yield* lossFindings(ws, 'codex', 'agent-codex-cut', losses, (rel, worst, others, at) => {
    const run = `When Codex runs in ${where(worst.cwd)}${alsoIn(others)}`;
    const limit = `project_doc_max_bytes (${budget ?? 'its limit'} bytes, spent from the project root down)`;
    if (worst.kept === 0)
      return `${run}, none of the ${worst.size} bytes of ${rel} reach the model: ${limit} is used up by the files above it. Codex does not say so.`;
    return (
      `${run}, only the first ${worst.kept} of ${worst.size} bytes of ${rel} reach the model: bytes ${worst.kept + 1}–${worst.size} ` +
      `(from line ${at.line}, column ${at.column}) never arrive, cut by ${limit} without a word to the model (Codex only warns you as it starts). Shorten the files on the way, ` +
      `or raise project_doc_max_bytes in Codex's config.toml.`
    );
  });
}

/** Codex: an AGENTS.override.md that hides the AGENTS.md beside it (an empty one hides it and gives nothing). */
export function* codexOverrides(ws: AgentWorkspace): Generator<void, Finding[]> {
  const out: Finding[] = [];
  const overrides = new Set(yield* ws.directoriesWith(['AGENTS.override.md'], false));
  if (overrides.size === 0) return out;
  for (const dir of yield* ws.directoriesWith(['AGENTS.md'], false)) {
    if (!overrides.has(dir)) continue;
    const ev = ws.resolve('codex', dir);
    yield;
    if (!ev) continue;
    const hidden = ev.sources.find((s) => s.path === 'AGENTS.md' && s.status === 'shadowed' && s.shadowedBy === 'AGENTS.override.md');
    if (!hidden) continue;
    const override = ev.sources.find((s) => s.path === 'AGENTS.override.md');
    const rel = ws.rel(ev, hidden.path, hidden.scope);
    if (rel === undefined) continue;
    const overrideRel = rel.replace(/AGENTS\.md$/, 'AGENTS.override.md');
    const empty = override !== undefined && override.content.trim() === '';
    const message = empty
      ? `Codex never reads ${rel}: ${overrideRel} in the same directory comes first, and it is empty, so Codex takes nothing from this directory. Delete ${overrideRel} or give it text.`
      : `Codex never reads ${rel}: ${overrideRel} in the same directory comes first and replaces it. Put what ${rel} says into ${overrideRel}, or delete the override.`;
    out.push(onLine(rel, 'agent-codex-override', ws.text(rel), 1, message));
  }
  return out;
}

/** The `applyTo` list of a header as one comma-separated string (the edit replaces the key and its list). */
function applyToListFix(text: string): Fix | undefined {
  const lines = text.split('\n');
  if (!/^---\s*$/.test(lines[0] ?? '')) return undefined;
  const close = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
  if (close < 0) return undefined;
  const start = lines[0].length + 1;
  const end = lines.slice(0, close).reduce((n, l) => n + l.length + 1, 0);
  const doc = parseDocument(text.slice(start, end), YAML_OPTIONS);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'applyTo');
  const key = pair?.key as Node | undefined;
  const value = pair?.value as Node | null | undefined;
  if (!key?.range || !isSeq(value) || !value.range) return undefined;
  const items = value.items.map((i) => (isScalar(i) ? String(i.value) : undefined));
  if (items.some((i) => i === undefined)) return undefined;
  const index = new LineIndex(text);
  const from = start + key.range[0];
  let to = start + value.range[1];
  while (to > from && /\s/.test(text[to - 1])) to--;
  const edit: TextEdit = { range: index.range(from, to), newText: `applyTo: ${JSON.stringify(items.join(', '))}` };
  return { title: 'Write applyTo as one comma-separated string', edits: [edit] };
}

/** Copilot ignoring an `applyTo` written as a YAML list: the file never applies. From the profile's own diagnostic. */
export function* copilotApplyToLists(ws: AgentWorkspace): Generator<void, Finding[]> {
  const ev = ws.resolve('copilot', '');
  yield;
  if (!ev) return [];
  const out: Finding[] = [];
  for (const d of ev.diagnostics) {
    if (d.code !== 'agent-pitfall' || d.source === null || !/applyTo is a YAML list/.test(d.message)) continue;
    const rel = ws.rel(ev, d.source);
    if (rel === undefined) continue;
    const text = ws.text(rel);
    const fix = text === undefined ? undefined : applyToListFix(text);
    out.push(
      onLine(
        rel,
        'agent-copilot-applyto-list',
        text,
        d.line ?? 1,
        `Copilot never attaches ${rel} by itself: it reads applyTo only as a string and ignores a YAML list. Write the patterns as one comma-separated string.`,
        fix ? { fixes: [fix] } : {},
      ),
    );
  }
  return out;
}

/**
 * Copilot matching an unanchored glob outside its folder: Copilot puts `**\/` in front of a
 * pattern such as `src/**\/*.ts` and matches it against the absolute path, so it also applies to
 * `app/src/x.ts`. The files it applies to come from the copilot evidence for every file of the
 * workspace; those no pattern matches from the workspace's top are named.
 */
export function* copilotUnanchoredGlobs(ws: AgentWorkspace): Generator<void, Finding[]> {
  const targets = ws.files.slice(0, MAX_AGENT_TARGETS);
  if (targets.length === 0) return [];
  const ev = ws.resolve('copilot', '', targets);
  yield;
  if (!ev) return [];
  const out: Finding[] = [];
  for (const s of ev.sources) {
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined || s.appliesTo.length === 0) continue;
    const kind = instructionKind(s.filename, ws.abs(rel));
    if (!kind) continue;
    const text = ws.text(rel);
    if (text === undefined) continue;
    const header = agentHeader(text);
    const { pattern } = effectivePattern(header.attributes, kind === 'claude-rule');
    if (pattern === undefined) continue;
    const parts = patternParts(pattern);
    const loose = parts.filter((p) => !MATCH_ALL.includes(p) && !p.startsWith('/') && !p.startsWith('**/'));
    if (loose.length === 0) continue;
    const anchored = (path: string) => parts.some((p) => MATCH_ALL.includes(p) || globMatchesIgnoreCase(p, path));
    const outside = s.appliesTo.filter((p) => !anchored(p));
    if (outside.length === 0) continue;
    const key = kind === 'claude-rule' ? 'paths' : 'applyTo';
    const line = header.lines[key] ?? 1;
    out.push(
      onLine(
        rel,
        'agent-copilot-unanchored-glob',
        text,
        line,
        `Copilot puts **/ in front of ${loose.map((p) => JSON.stringify(p)).join(', ')} and matches it anywhere in the absolute path, ` +
          `so ${rel} also applies to ${plural(outside.length, 'file')} outside that folder: ${named(outside)}. ` +
          `Copilot has no pattern anchored at the workspace folder; name the folders you mean more precisely.`,
      ),
    );
  }
  return out;
}

/**
 * Claude Code leaving an AGENTS.md out: 2.1.328 reads AGENTS.md (and .claude/AGENTS.md) only
 * where no CLAUDE file loads, from the working directory up at launch and, on a read, in the
 * directory itself. Resolved with the claude-code profile reading each AGENTS.md, the ones it
 * reports kept out by a CLAUDE file are named with that file. Quick fix: the CLAUDE.md beside it
 * imports it (created, or the line added to the existing one).
 */
export function* claudeUnseenAgentsMd(ws: AgentWorkspace): Generator<void, Finding[]> {
  const agentsFiles = (yield* ws.filesNamed(['AGENTS.md'])).slice(0, MAX_AGENT_TARGETS);
  if (agentsFiles.length === 0) return [];
  const ev = ws.resolve('claude-code', '', agentsFiles);
  yield;
  if (!ev) return [];
  const out: Finding[] = [];
  /** The workspace's CLAUDE.md files, listed once when first needed (not searched for each AGENTS.md). */
  let claudeFiles: Set<string> | undefined;
  for (const s of ev.sources) {
    if (s.filename !== 'AGENTS.md' || s.status !== 'not-loaded' || !AGENTS_KEPT_OUT.some((r) => (s.reason ?? '').startsWith(r))) continue;
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined) continue;
    // AGENTS.md is imported by the CLAUDE.md of its folder; .claude/AGENTS.md by the CLAUDE.md above its .claude folder.
    const inDotClaude = rel === '.claude/AGENTS.md' || rel.endsWith('/.claude/AGENTS.md');
    const dir = rel.slice(0, rel.length - (inDotClaude ? '.claude/AGENTS.md' : 'AGENTS.md').length);
    const line = inDotClaude ? '@.claude/AGENTS.md' : '@AGENTS.md';
    const claude = `${dir}CLAUDE.md`;
    claudeFiles ??= new Set(yield* ws.filesNamed(['CLAUDE.md']));
    const existing = claudeFiles.has(claude) ? ws.text(claude) : undefined;
    let fix: Fix;
    if (existing === undefined) {
      fix = {
        title: `Create ${claude} with "${line}"`,
        edits: [],
        files: [{ file: claude, create: true, edits: [{ range: new LineIndex('').range(0, 0), newText: `${line}\n` }] }],
      };
    } else {
      const end = existing.length;
      const sep = existing === '' || existing.endsWith('\n') ? '' : '\n';
      fix = {
        title: `Add "${line}" to ${claude}`,
        edits: [],
        files: [{ file: claude, edits: [{ range: new LineIndex(existing).range(end, end), newText: `${sep}${line}\n` }] }],
      };
    }
    const by = /\(([^()]+)\)$/.exec(s.reason ?? '')?.[1] ?? /and (\S+) does$/.exec(s.reason ?? '')?.[1];
    out.push(
      onLine(
        rel,
        'agent-claude-agents-md',
        ws.text(rel),
        1,
        `Claude Code skips ${rel}: it reads AGENTS.md only where no CLAUDE.md, .claude/CLAUDE.md or CLAUDE.local.md loads, ` +
          `and ${by ?? 'one'} does${by !== undefined && by.startsWith('../') ? ' (above this folder)' : ''}. ` +
          `A line "${line}" in ${claude} brings it in.`,
        { fixes: [fix] },
      ),
    );
    yield;
  }
  return out;
}

/**
 * A Claude Code rule (`.claude/rules/*.md` with `paths`) only loads when Claude Code touches a
 * matching file (a read, or a write of a new one), never when a session starts. Info; a warning
 * when no file of the workspace matches (then it never loads).
 */
export function* claudeRulesOnRead(ws: AgentWorkspace): Generator<void, Finding[]> {
  const rules = yield* ws.filesWhere((f) => f.startsWith('.claude/rules/') && f.endsWith('.md'));
  if (rules.length === 0) return [];
  const ev = ws.resolve('claude-code', '', ws.files.slice(0, MAX_AGENT_TARGETS));
  yield;
  if (!ev) return [];
  const out: Finding[] = [];
  for (const rel of rules) {
    yield;
    const text = ws.text(rel);
    if (text === undefined) continue;
    const header = agentHeader(text);
    if (!header.attributes || !('paths' in header.attributes)) continue;
    const s = ev.sources.find((x) => ws.rel(ev, x.path, x.scope) === rel);
    if (!s || s.delivery !== 'on-touch') continue;
    const line = header.lines.paths ?? 1;
    const matched = s.appliesTo;
    if (matched.length === 0) {
      const f = onLine(
        rel,
        'agent-claude-rule-on-read',
        text,
        line,
        `Claude Code loads ${rel} only when it reads or writes a file its paths match, and no file here matches them: it never loads this rule. ` +
          `Its paths are matched like .gitignore patterns against the path below the folder holding .claude (a pattern without a slash matches at any depth).`,
      );
      f.severity = 'warning';
      out.push(f);
      continue;
    }
    out.push(
      onLine(
        rel,
        'agent-claude-rule-on-read',
        text,
        line,
        `Claude Code loads ${rel} only after it reads or writes a matching file (${plural(matched.length, 'file')} here: ${named(matched)}): ` +
          `it is not in the context when a session starts. Drop paths to load it always.`,
      ),
    );
  }
  return out;
}

/** Where Gemini keeps its trust decisions, as the user would type it. */
function trustedFoldersFile(env: Record<string, string | undefined>): string {
  if (env.GEMINI_CLI_TRUSTED_FOLDERS_PATH) return env.GEMINI_CLI_TRUSTED_FOLDERS_PATH;
  return `${env.GEMINI_CLI_HOME ? env.GEMINI_CLI_HOME : '~'}/.gemini/trustedFolders.json`;
}

/**
 * Gemini loading nothing in an untrusted folder: its project context files are `untrusted`. Says
 * how to trust it. Gemini CLI 0.61.0 behaves so in the oracle cases `untrusted-global-only` and
 * `restricted-mode` (test/oracle/cases/gemini.ts: the global file only, nothing on touch); with
 * folder trust on, a headless run refuses to start (exit 55, no request at all).
 */
export function* geminiUntrusted(ws: AgentWorkspace, env: Record<string, string | undefined>): Generator<void, Finding[]> {
  const first = ws.resolve('gemini', '');
  yield;
  if (!first) return [];
  const configured = (first.settings?.['context.fileName'] as { value?: unknown } | undefined)?.value;
  const names = [...new Set([...(Array.isArray(configured) ? configured : configured ? [configured] : []).map(String), 'GEMINI.md'])];
  const files = (yield* ws.filesNamed(names)).slice(0, MAX_AGENT_TARGETS);
  if (files.length === 0) return [];
  const ev = ws.resolve('gemini', '', files);
  yield;
  if (!ev) return [];
  const trust = ev.trust as { trusted?: boolean; decidedBy?: string } | undefined;
  const out: Finding[] = [];
  for (const s of ev.sources) {
    if (s.status !== 'untrusted') continue;
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined) continue;
    const why = (s.reason ?? '').replace(/^Gemini loads no project context file in an untrusted folder: /, '');
    out.push(
      onLine(
        rel,
        'agent-gemini-untrusted',
        ws.text(rel),
        1,
        `Gemini CLI loads none of this folder's context files, ${rel} included: the folder is not trusted (${why || trust?.decidedBy || 'no trust decision'}). ` +
          (trust?.decidedBy === 'env'
            ? why.startsWith('GEMINI_RESTRICTED_MODE')
              ? `${why} outweighs every trust decision: unset it.`
              : 'GEMINI_CLI_TRUST_WORKSPACE=false outweighs every trust decision: unset it, or set it to true.'
            : 'Headless (gemini -p) it refuses to start here; an interactive session asks, and sends only the global context files unless trusted. ' +
              `To trust it, run gemini here and choose "Trust folder", or add ${JSON.stringify(ws.root)}: "TRUST_FOLDER" to ${trustedFoldersFile(env)}, ` +
              `or start Gemini with GEMINI_CLI_TRUST_WORKSPACE=true (or --skip-trust).`),
      ),
    );
  }
  return out;
}

/**
 * Kimi's budget spent deepest first: run in a deep directory, Kimi cuts or drops the shallower
 * files (the root AGENTS.md first). Resolved with the kimi profile in the root and in each
 * directory holding one of its files.
 */
export function* kimiDeepestFirst(ws: AgentWorkspace): Generator<void, Finding[]> {
  const first = ws.resolve('kimi', '');
  yield;
  if (!first) return [];
  const budget = first.truncation.budget;
  const dirs = new Set(yield* ws.directoriesWith(['AGENTS.md', 'agents.md']));
  yield* ws.scan((f) => {
    if (f === '.kimi/AGENTS.md' || f.endsWith('/.kimi/AGENTS.md')) dirs.add(f.slice(0, -'.kimi/AGENTS.md'.length).replace(/\/$/, ''));
  });
  const losses = yield* budgetLosses(ws, 'kimi', [...dirs].slice(0, MAX_AGENT_CWDS));
  return yield* lossFindings(ws, 'kimi', 'agent-kimi-cut', losses, (rel, worst, others, at) => {
    const run = `When Kimi runs in ${where(worst.cwd)}${alsoIn(others)}`;
    const limit = `its ${budget ?? 32768}-byte budget goes to the deepest files first`;
    if (worst.kept === 0)
      return `${run}, ${limit}, and none of ${rel} reaches the model (${worst.size} bytes left out). Kimi does not say so.`;
    return (
      `${run}, ${limit}: only the first ${worst.kept} of ${worst.size} bytes of ${rel} reach the model, ` +
      `and from line ${at.line}, column ${at.column} on nothing arrives. Kimi does not say so; shorten the deeper files.`
    );
  });
}

/** Every pitfall of the agents asked for, in agent order, in steps. */
export function* lintAgentsSteps(root: string, options: AgentLintOptions): Generator<void, Finding[]> {
  const ws = new AgentWorkspace(root, options);
  const env = options.env ?? process.env;
  const out: Finding[] = [];
  for (const agent of options.agents) {
    switch (agent) {
      case 'codex':
        out.push(...(yield* codexCuts(ws)), ...(yield* codexOverrides(ws)));
        break;
      case 'copilot':
        out.push(...(yield* copilotApplyToLists(ws)), ...(yield* copilotUnanchoredGlobs(ws)));
        break;
      case 'claude-code':
        out.push(...(yield* claudeUnseenAgentsMd(ws)), ...(yield* claudeRulesOnRead(ws)));
        break;
      case 'gemini':
        out.push(...(yield* geminiUntrusted(ws, env)));
        break;
      case 'kimi':
        out.push(...(yield* kimiDeepestFirst(ws)));
        break;
    }
  }
  return out;
}

/** Every pitfall of the agents asked for, at once (the command line). */
export function lintAgents(root: string, options: AgentLintOptions): Finding[] {
  return runToEnd(lintAgentsSteps(root, options));
}
