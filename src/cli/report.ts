/**
 * The human-readable report of the evidence: the same facts as `--json`, for a terminal. Lists
 * that grow with the target set (the targets, a source's targets, a reason naming targets) are
 * summarised with counts and the first few names; `--json` keeps them whole.
 */
import { installedAgentLine } from '../installed/version';
import { clipped, measure, placeHeading, placeWords, sizeAgainstBudget, unitByName } from '../resolver';
import type { Evidence, SourceEvidence, TargetEvidence, TargetKind } from '../resolver';
import { Colors, printable, printableText } from './io';

/** Names shown before a list is summarised as "and N more" (as the context's headings do). */
export const LISTED_NAMES = 5;

/** Characters of a source's reason shown; a reason naming many targets is cut there. */
const MAX_REASON_CHARS = 400;

/** A target as the evidence may give it: `requested` is the path as asked, when it differs. */
export type ReportTarget = TargetEvidence & { requested?: string };

/** `n` with thousands separators, so counts read at a glance. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${count(n)} ${n === 1 ? word : many}`;
}

/** A target's name for people: `.` for the root. */
export function targetName(p: string): string {
  return p === '' ? '. (root)' : printable(p);
}

/** The first LISTED_NAMES items, then "and N more". */
export function someOf<T>(items: readonly T[], name: (item: T) => string, max = LISTED_NAMES): string {
  const shown = items.slice(0, max).map(name).join(', ');
  return items.length > max ? `${shown} and ${count(items.length - max)} more` : shown;
}

/** How many targets of each kind, in a fixed order: "12 files, 1 directory, 2 missing". */
export function kindCounts(targets: readonly TargetEvidence[]): string {
  const by: Record<TargetKind, number> = { file: 0, directory: 0, missing: 0 };
  for (const t of targets) by[t.kind]++;
  const parts = [plural(by.file, 'file'), plural(by.directory, 'directory', 'directories'), `${count(by.missing)} missing`];
  return parts.filter((p) => !p.startsWith('0 ')).join(', ');
}

function describeTarget(t: ReportTarget): string {
  const asked = t.requested !== undefined && t.requested !== t.path ? `, asked as ${printable(t.requested)}` : '';
  return `${targetName(t.path)} (${t.kind}${asked})`;
}

function targetsLine(targets: readonly ReportTarget[]): string {
  if (targets.length === 0) return '(none)';
  if (targets.length <= LISTED_NAMES) return targets.map(describeTarget).join(', ');
  return `${count(targets.length)} (${kindCounts(targets)}): ${someOf(targets, describeTarget)}; all of them in --json`;
}

/** Pads every cell but the last of each row to its column's width. */
function padCells(rows: string[][]): string[][] {
  // A loop, not Math.max(...): a row per target can be more arguments than the stack holds.
  const w = rows[0].map((_, i) => rows.reduce((max, r) => Math.max(max, [...r[i]].length), 0));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(w[i] - [...cell].length))));
}

function targetsOf(s: SourceEvidence, all: number): string {
  if (s.status === 'duplicate') return `= ${printable(s.duplicateOf ?? '')}`;
  if (s.appliesTo.length === 0) return '-';
  if (s.appliesTo.length === all) return all === 1 ? 'yes' : 'all';
  if (s.appliesTo.length > LISTED_NAMES) return `${count(s.appliesTo.length)} targets`;
  return s.appliesTo.map(targetName).join(', ');
}

/** The heading lines: root, targets, snapshot, any notice and the installed agent. */
function headerLines(ev: Evidence, c: Colors): string[] {
  const out = [
    c.bold('Holaryn: repository instructions'),
    `root      ${printable(ev.root)}`,
    `targets   ${targetsLine(ev.targets)}`,
    `snapshot  ${ev.snapshot}`,
  ];
  if (ev.notice) out.push(`notice    ${c.yellow(printable(ev.notice))}`);
  const installed = installedAgentLine(ev);
  if (installed !== null) out.push(`agent     ${ev.installedAgent?.differs ? c.yellow(printable(installed)) : printable(installed)}`);
  return out;
}

/** The sources as a table in precedence order, each with its reason below it. */
function sourceLines(ev: Evidence, c: Colors): string[] {
  if (ev.sources.length === 0) return [c.bold('Sources') + '  none: no instruction file on the chain'];
  const out = [c.bold('Sources') + c.dim('  (precedence order: later takes precedence)')];
  const statusColor = (s: SourceEvidence['status']) =>
    s === 'included' ? c.green(s) : s === 'truncated' || s === 'omitted' ? c.yellow(s) : c.dim(s);
  const rows = [['#', 'path', 'status', 'scope', 'depth', 'prio', 'mode', 'sha256', 'targets']];
  for (const s of ev.sources) {
    rows.push([
      String(s.order),
      printable(s.path),
      s.status,
      s.scope,
      String(s.depth),
      String(s.metadata?.priority ?? 0),
      s.metadata?.mode ?? 'append',
      s.sha256.slice(0, 8),
      targetsOf(s, ev.targets.length),
    ]);
  }
  const padded = padCells(rows);
  out.push(c.dim(padded[0].join('  ')));
  ev.sources.forEach((s, i) => {
    const cells = padded[i + 1];
    cells[2] = statusColor(s.status) + cells[2].slice(s.status.length);
    out.push(cells.join('  ').trimEnd());
    if (s.reason) out.push(c.dim(`      ${clipped(printable(s.reason), MAX_REASON_CHARS)}`));
    else if (s.supersededFor.length > 0) {
      out.push(c.dim(`      superseded by ${printable(s.supersededBy ?? '')} for ${someOf(s.supersededFor, targetName)}`));
    }
  });
  return out;
}

/** The skills, subagents and commands the agent lists, each with its status, place and file (no section when there are none). */
function listingLines(ev: Evidence, c: Colors): string[] {
  const listings = ev.listings ?? [];
  if (listings.length === 0) return [];
  const out = ['', c.bold('Listings') + c.dim('  (skills, subagents and commands the agent lists to its model, in its order)')];
  const rows = [
    ['kind', 'name', 'status', 'place', 'source'],
    ...listings.map((l) => [l.kind, printable(l.name), l.status, l.place, printable(l.source)]),
  ];
  const padded = padCells(rows);
  out.push(c.dim(padded[0].join('  ')));
  listings.forEach((l, i) => {
    const cells = padded[i + 1];
    const color = l.status === 'included' ? c.green : l.status === 'cut' || l.status === 'dropped' ? c.yellow : c.dim;
    cells[2] = color(l.status) + cells[2].slice(l.status.length);
    out.push(`  ${cells.join('  ').trimEnd()}`);
    if (l.reason) out.push(c.dim(`      ${clipped(printable(l.reason), MAX_REASON_CHARS)}`));
  });
  return out;
}

/** Validation commands, replace conflicts and diagnostics, a section each. */
function findingLines(ev: Evidence, c: Colors): string[] {
  const out = [c.bold('Validation') + c.dim('  (shown to the model; never run by Holaryn)')];
  if (ev.validation.length === 0) out.push('  none');
  for (const v of ev.validation) out.push(`  ${printable(v.command)}  ${c.dim('from ' + printable(v.source))}`);
  out.push('', c.bold('Conflicts'));
  if (ev.conflicts.length === 0) out.push('  none');
  for (const k of ev.conflicts) {
    const dir = k.directory === null ? 'global' : k.directory === '' ? '.' : k.directory;
    out.push(`  replace in ${printable(dir)}: ${k.sources.map(printable).join(', ')} -> ${printable(k.winner)} wins`);
  }
  out.push('', c.bold('Diagnostics'));
  if (ev.diagnostics.length === 0) out.push('  none');
  for (const d of ev.diagnostics) {
    const sev = d.severity === 'error' ? c.red(d.severity) : d.severity === 'warning' ? c.yellow(d.severity) : c.cyan(d.severity);
    const where = d.source === null ? '' : `${printable(d.source)}${d.line === null ? '' : `:${d.line}`}  `;
    out.push(`  ${sev}  ${where}${d.code}: ${printable(d.message)}`);
  }
  return out;
}

/** The budget: the context's size, what was omitted or cut, and the size of each place. */
function truncationLines(ev: Evidence, c: Colors): string[] {
  const t: Partial<Pick<Evidence['truncation'], 'needed' | 'unit' | 'size'>> & Omit<Evidence['truncation'], 'needed' | 'unit' | 'size'> =
    ev.truncation;
  const unit = unitWord(t.unit);
  const out = [c.bold('Truncation')];
  const needs = t.truncated && t.needed !== undefined ? `; needs ${count(t.needed)} to include everything` : '';
  out.push(`  model context: ${budgetPhrase(t)}${t.truncated ? needs : '; nothing omitted or cut'}`);
  for (const o of t.omitted) out.push(`  omitted  ${printable(o.path)} (${count(o.chars)} ${unit})`);
  for (const k of t.cut) out.push(`  cut      ${printable(k.path)} (${count(k.included)} of ${count(k.chars)} ${unit} kept)`);
  // Evidence of an older Holaryn has no parts: its context is one text.
  const parts = ev.contextParts ?? [];
  if (parts.length > 1) {
    for (const p of parts) {
      const from = p.sources.length === 0 ? '' : `: ${someOf(p.sources, printable)}`;
      out.push(`  in the ${placeWords(p.place)}  ${plural(measure(p.text), 'character')}${from}`);
    }
  }
  return out;
}

/** The model context itself, one block per place when there are several. */
function contextLines(ev: Evidence, c: Colors): string[] {
  const parts = ev.contextParts ?? [];
  const out = ['', c.bold('Model context')];
  if (ev.context === '') out.push('  (empty)');
  else if (parts.length <= 1) out.push(printableText(ev.context).trimEnd());
  else
    parts.forEach((p, i) => {
      if (i > 0) out.push('');
      out.push(c.cyan(placeHeading(p.place)));
      out.push(printableText(p.text).trimEnd());
    });
  const sent = (ev.listings ?? []).filter((l) => l.text !== '');
  if (sent.length > 0) out.push('', c.bold('Listing entries') + c.dim('  (each exactly as the agent writes it)'));
  for (const l of sent) {
    out.push(c.cyan(`${l.kind} ${printable(l.name)}, ${l.status}, in the ${placeWords(l.place)}:`));
    out.push(printableText(l.text).trimEnd());
  }
  return out;
}

export function renderReport(ev: Evidence, c: Colors, withContext: boolean): string {
  const out = [
    ...headerLines(ev, c),
    '',
    ...sourceLines(ev, c),
    ...listingLines(ev, c),
    '',
    ...findingLines(ev, c),
    '',
    ...truncationLines(ev, c),
    ...(withContext ? contextLines(ev, c) : []),
  ];
  return out.join('\n') + '\n';
}

/** How a budget unit is written in prose: code points are "characters". */
export function unitWord(unit: Evidence['truncation']['unit'] | undefined): string {
  return unitByName(unit).words;
}

/** "1,234 of 24,000 characters" (or bytes), or "1,234 characters (no budget)" for a profile without one. */
export function budgetPhrase(t: { chars: number; size?: number; budget: number | null; unit?: Evidence['truncation']['unit'] }): string {
  return sizeAgainstBudget(t.size ?? t.chars, t.budget, t.unit);
}
