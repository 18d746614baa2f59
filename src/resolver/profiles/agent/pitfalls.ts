/**
 * Helpers the agents' pitfalls share (src/resolver/pitfalls.ts is the seam): message wording and
 * the budget losses of an agent that cuts its files at a byte budget (Codex root first, Kimi
 * deepest first).
 */
import type { Evidence, ListingEvidence } from '../../evidence';
import type { AgentCode, PitfallFinding, PitfallWorkspace } from '../../pitfalls';

/** Paths named in one message at most. */
const NAMED = 3;

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** "a, b, c (and 4 more)". */
export function named(paths: readonly string[]): string {
  const shown = paths.slice(0, NAMED).join(', ');
  return paths.length > NAMED ? `${shown} (and ${paths.length - NAMED} more)` : shown;
}

export function where(cwd: string): string {
  return cwd === '' ? 'the root' : cwd;
}

export function alsoIn(others: number): string {
  return others > 0 ? ` (and in ${plural(others, 'other working directory', 'other working directories')})` : '';
}

export interface Loss {
  cwd: string;
  /** Units of the file that reach the model (0: left out). */
  kept: number;
  /** Its size in the unit. */
  size: number;
}

/** Per file under the root: every working directory whose budget cuts it or leaves it out. */
export function* budgetLosses(ws: PitfallWorkspace, cwds: readonly string[]): Generator<void, Map<string, Loss[]>> {
  const out = new Map<string, Loss[]>();
  for (const cwd of cwds) {
    const ev = ws.resolve(cwd);
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

/**
 * One finding per file a budget cuts, at the first byte that never arrives, worded by `describe`
 * for the working directory that loses most of it. `stripped`: the agent trims a file's leading
 * blank lines before counting (Kimi).
 */
export function* lossFindings(
  ws: PitfallWorkspace,
  stripped: boolean,
  code: AgentCode,
  losses: Map<string, Loss[]>,
  describe: (rel: string, worst: Loss, others: number, at: { line: number; column: number }) => string,
): Generator<void, PitfallFinding[]> {
  const out: PitfallFinding[] = [];
  for (const [rel, list] of losses) {
    yield;
    const worst = list.reduce((a, b) => (b.kept < a.kept ? b : a));
    const ev = ws.resolve(worst.cwd);
    const source = ev?.sources.find((s) => ws.rel(ev, s.path, s.scope) === rel);
    if (!source) continue;
    const text = ws.text(rel);
    const at = worst.kept === 0 ? { line: 1, column: 1 } : firstLost(text, source.content, worst.kept, stripped);
    const f = ws.onLine(rel, code, text, at.line, describe(rel, worst, list.length - 1, at));
    f.column = at.column;
    out.push(f);
  }
  return out;
}

/** What a listing pitfall says of one entry: its code and message, on its file's `name:` line (or `description:`). */
export interface ListingJudgement {
  readonly code: AgentCode;
  readonly message: string;
  /** The header key whose line the finding sits on (default `name`; line 1 without it). */
  readonly key?: 'name' | 'description';
}

/** Decides what (if anything) a listing entry found in the workspace is worth a finding for. */
export type ListingJudge = (entry: ListingEvidence, rel: string) => ListingJudgement | undefined;

/**
 * Findings on the workspace's own listing files (skills, subagents, commands: evidence
 * `listings`) of one answer: `judge` says which code and message each entry deserves, or nothing.
 */
export function listingFindingsIn(ws: PitfallWorkspace, ev: Evidence, judge: ListingJudge): PitfallFinding[] {
  const out: PitfallFinding[] = [];
  for (const entry of ev.listings) {
    const rel = ws.rel(ev, entry.source, 'workspace');
    if (rel === undefined) continue;
    const said = judge(entry, rel);
    if (!said) continue;
    const text = ws.text(rel);
    const key = said.key ?? 'name';
    const pattern = new RegExp(`^${key}\\s*[:=]`);
    const i = text === undefined ? -1 : text.split('\n').findIndex((l) => pattern.test(l));
    out.push(ws.onLine(rel, said.code, text, i < 0 ? 1 : i + 1, said.message, { key }));
  }
  return out;
}

/** The same, for the agent's answer when started in the workspace's root. */
export function* listingFindings(ws: PitfallWorkspace, judge: ListingJudge): Generator<void, PitfallFinding[]> {
  const ev = ws.resolve('');
  yield;
  return ev ? listingFindingsIn(ws, ev, judge) : [];
}

/** Which listing statuses a profile reports as a pitfall, under which code. */
export type ListingPitfallCodes = Partial<Record<'cut' | 'dropped' | 'shadowed', AgentCode>>;

/**
 * A judge of entries by status alone: an entry the agent cuts, drops or hides behind another of
 * the same name, on its `description:` line, the entry's reason in the message.
 */
export function byStatus(label: string, codes: ListingPitfallCodes): ListingJudge {
  return (l) => {
    const code = (codes as Record<string, AgentCode | undefined>)[l.status];
    if (code === undefined) return undefined;
    const what = l.kind === 'agent' ? 'agent' : l.kind === 'command' ? 'command' : 'skill';
    const verb = l.status === 'cut' ? 'cuts' : l.status === 'dropped' ? 'leaves out' : 'hides';
    return { code, message: `${label} ${verb} the ${what} ${l.name}: ${l.reason ?? l.status}.`, key: 'description' };
  };
}
