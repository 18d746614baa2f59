/**
 * The two-run proof: what an agent sends that comes from the repository's instruction, skill,
 * agent and command files is exactly what the profile says it sends. The agent runs twice on the
 * same tree, home and working directory: once as it is (run A) and once with those files removed
 * (run B). Every line the two requests differ in must be
 *
 * - covered: text of the profile's `contextParts` or of its `listings` entries (removed from A
 *   before the comparison), or
 * - attributed: a line of a kind the driver names (AgentDriver.residue: the agent's own listing
 *   headers, a directory tree, git status), counted by kind and size;
 *
 * anything else is unattributed, and the proof fails naming it. Values that change from one run
 * to the next whatever the files (ids, times) are masked in both requests first.
 */
import { diffLines } from 'diff';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Evidence } from '../resolver';
import { absoluteSource, type CaptureInput, type CaptureRun } from './capture';
import type { RecordedRequest } from './endpoint';
import type { ResidueKind } from './agents/types';

/** What the proof found. */
export interface ProofResult {
  /** Lines attributed to the agent itself, by kind: how many and how many characters. */
  attributed: { kind: string; lines: number; chars: number }[];
  /** Lines nothing accounts for, in order (each at most UNATTRIBUTED_LINE_CHARS), with the run they are in. */
  unattributed: { run: 'with files' | 'without files'; line: string }[];
}

/** Characters of an unattributed line kept in the report. */
const UNATTRIBUTED_LINE_CHARS = 200;

/**
 * Covered texts at least this long, or spanning lines, are taken out of the whole request before
 * the comparison (they cannot occur by chance); shorter ones only from the lines that differ.
 */
const WHOLE_REQUEST_MIN_CHARS = 40;

/** Values that differ between any two runs: ids, times, a random temporary name. */
const VOLATILE: readonly RegExp[] = [
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
  /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g,
  /\b[0-9a-f]{24,}\b/gi,
];

function masked(text: string): string {
  return VOLATILE.reduce((t, re) => t.replace(re, '<volatile>'), text);
}

/** Keys whose values say what shape a message or block has (`"type": "text"`, `"role": "user"`), not what it says. */
const SHAPE_KEYS = new Set(['type', 'role']);

/** Every string in a JSON value, depth first, in order, but the shape keys' values. */
function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (!(SHAPE_KEYS.has(k) && typeof v === 'string')) stringsOf(v, out);
}

/** The text of a run's requests that counted: every string of each JSON body, one after the other. */
export function requestText(requests: readonly RecordedRequest[]): string {
  const out: string[] = [];
  for (const r of requests) {
    if (!r.main) continue;
    try {
      stringsOf(JSON.parse(r.body) as unknown, out);
    } catch {
      out.push(r.body);
    }
  }
  return out.join('\n');
}

function removeAll(text: string, covered: string): string {
  return covered === '' ? text : text.split(covered).join('\n');
}

/** A short covered text where it stands alone: not inside a longer word or name (a skill named `a` is not the `a` of `Available`). */
function standingAlone(text: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}_-])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'gu');
}

/** The kind a line is of, or undefined; a kind of listed names only when its group is one of `names`. */
function kindOf(line: string, kinds: readonly ResidueKind[], names: ReadonlySet<string>): string | undefined {
  return kinds.find((k) => {
    const m = k.pattern.exec(line);
    return m !== null && (!k.listedName || (m[1] !== undefined && names.has(m[1])));
  })?.kind;
}

/**
 * Compares run A's requests (`withFiles`) with run B's (`withoutFiles`): `covered` are the texts
 * the profile accounts for (its contextParts' and listing entries' texts), `kinds` the driver's.
 */
/**
 * One run for the proof: its requests, the texts its profile accounts for (contextParts' and
 * listing entries' texts), and the names of the entries its profile lists as sent.
 */
export interface ProofRun {
  readonly requests: readonly RecordedRequest[];
  readonly covered: readonly string[];
  readonly names?: readonly string[];
}

/** The covered texts, longest first: those taken out of the whole request, and the short ones taken out of differing lines. */
function coveredTexts(covered: readonly string[]): { whole: string[]; short: string[] } {
  const texts = [...new Set(covered.filter((t) => t.trim() !== '').map(masked))].sort((x, y) => y.length - x.length);
  const whole = texts.filter((t) => t.length >= WHOLE_REQUEST_MIN_CHARS || t.includes('\n'));
  return { whole, short: texts.filter((t) => !whole.includes(t)) };
}

/** A run's request text with its whole covered texts taken out. */
function uncovered(run: ProofRun, whole: readonly string[]): string {
  let text = masked(requestText(run.requests));
  for (const t of whole) text = removeAll(text, t);
  // Every line ends with a newline, so a last line compares equal to the same line elsewhere.
  return `${text}\n`;
}

/**
 * Compares run A (`withFiles`) with run B (`withoutFiles`), each with what its own profile answer
 * covers, by the driver's `kinds`.
 */
export function proveDifferences(withFiles: ProofRun, withoutFiles: ProofRun, kinds: readonly ResidueKind[]): ProofResult {
  const coverA = coveredTexts(withFiles.covered);
  const coverB = coveredTexts(withoutFiles.covered);
  const a = uncovered(withFiles, coverA.whole);
  const b = uncovered(withoutFiles, coverB.whole);
  const names = new Set([...(withFiles.names ?? []), ...(withoutFiles.names ?? [])]);
  const attributed = new Map<string, { lines: number; chars: number }>();
  const unattributed: ProofResult['unattributed'] = [];
  for (const change of diffLines(b, a)) {
    if (!change.added && !change.removed) continue;
    const run = change.added ? 'with files' : 'without files';
    const short = change.added ? coverA.short : coverB.short;
    for (const raw of change.value.split('\n')) {
      let line = raw;
      for (const t of short) line = line.replace(standingAlone(t), '');
      if (line.trim() === '') continue;
      const kind = kindOf(line, kinds, names);
      if (kind === undefined) {
        unattributed.push({ run, line: line.length > UNATTRIBUTED_LINE_CHARS ? `${line.slice(0, UNATTRIBUTED_LINE_CHARS)}…` : line });
        continue;
      }
      const n = attributed.get(kind) ?? { lines: 0, chars: 0 };
      n.lines += 1;
      n.chars += line.length;
      attributed.set(kind, n);
    }
  }
  return { attributed: [...attributed].map(([kind, n]) => ({ kind, ...n })), unattributed };
}

/**
 * The files of the tree run B goes without: every source and listing file the profile named that
 * lies in the tree (whatever its status), but not the file the scripted read touches.
 */
export function filesToRemove(
  ev: Evidence,
  input: Pick<CaptureInput, 'tree' | 'home' | 'read'>,
  env: Readonly<Record<string, string>>,
): string[] {
  const named = [...ev.sources.map((s) => s.path), ...ev.listings.map((l) => l.source)];
  const out = new Set<string>();
  for (const p of named) {
    const abs = absoluteSource(p, ev.root, input.home, env);
    if (abs === input.read || !abs.startsWith(input.tree + path.sep)) continue;
    if (fs.lstatSync(abs, { throwIfNoEntry: false })) out.add(abs);
  }
  return [...out].sort();
}

/**
 * `text` with each of the run's own folders written as `<folder N>`, also as agents encode a path
 * into a folder name (Claude Code's project folders: every character but letters and digits as `-`).
 */
export function maskFolders(text: string, folders: readonly string[]): string {
  return folders.reduce(
    (t, f, i) =>
      t
        .split(f)
        .join(`<folder ${i}>`)
        .split(f.replace(/[^A-Za-z0-9]/g, '-'))
        .join(`<folder ${i}>`),
    text,
  );
}

/** A run as the proof takes it: its requests and the texts its profile answer accounts for, its own folders masked in both. */
export function proofRunOf(run: CaptureRun, folders: readonly string[]): ProofRun {
  const ev = run.evidence!;
  const mask = (t: string) => maskFolders(t, folders);
  return {
    requests: run.requests.map((r) => ({ ...r, body: mask(r.body) })),
    covered: [...ev.contextParts.map((p) => mask(p.text)), ...ev.listings.map((l) => mask(l.text))],
    names: ev.listings.filter((l) => l.status === 'included' || l.status === 'cut').map((l) => l.name),
  };
}
