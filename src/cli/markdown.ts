/**
 * `holaryn instructions … --format markdown`: a review summary of the evidence for a change set,
 * for a GitHub job summary or a pull-request comment. It groups the changed files by the
 * instruction file that applies to them (counts and a few names, never a wall of paths), lists
 * the validation commands those files require, what the budget cut or left out, and the
 * diagnostics, and stays within MAX_MARKDOWN_CHARS however large the change.
 *
 * Everything that comes from the repository (paths, commands, messages) is shown literally: in
 * code spans or a fenced block, after `printable` has made control characters visible, so a file
 * name cannot add markup, links, HTML or mentions to the summary.
 */
import { clipped, printable } from '../resolver';
import type { Diagnostic, Evidence, SourceEvidence } from '../resolver';
import { LISTED_NAMES, budgetPhrase, count, kindCounts, plural, someOf, unitWord } from './report';

/** Characters of the whole summary: a pull-request comment holds at most 65,536. */
export const MAX_MARKDOWN_CHARS = 60_000;

/** Characters of one path or command shown (a name can be 4 KB). */
const MAX_NAME_CHARS = 200;
/** Characters of one diagnostic message shown. */
const MAX_MESSAGE_CHARS = 300;
/** Items listed in a section before "and N more". */
const MAX_SOURCES = 40;
const MAX_COMMANDS = 30;
const MAX_DIAGNOSTICS = 40;

/** `s` as an inline code span: shown literally whatever it holds (backticks included). */
export function code(s: string): string {
  const text = clipped(printable(s), MAX_NAME_CHARS);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A span that starts or ends with a backtick (or is all spaces) needs a space inside its fence.
  const pad = text.startsWith('`') || text.endsWith('`') || /^ *$/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/** Lines shown literally in a fenced block whose fence no line can close. */
function fenced(lines: string[]): string {
  const longest = Math.max(2, ...lines.flatMap((l) => (l.match(/`{3,}/g) ?? []).map((run) => run.length)));
  const fence = '`'.repeat(longest + 1);
  return [`${fence}text`, ...lines, fence].join('\n');
}

function targetLabel(p: string): string {
  return p === '' ? code('.') : code(p);
}

const IN_EFFECT = new Set<SourceEvidence['status']>(['included', 'truncated', 'omitted']);

/** What happened to a source in effect in the model context. */
function budgetNote(s: SourceEvidence): string {
  if (s.status === 'truncated') return ` — **cut** to ${count(s.includedChars)} of ${count(s.chars)} characters by the budget`;
  if (s.status === 'omitted') return ` — **left out** by the budget (${count(s.chars)} characters)`;
  return '';
}

function appliesNote(s: SourceEvidence, all: number): string {
  if (s.appliesTo.length === all) return all === 1 ? '' : ` — all ${count(all)} changed files`;
  return ` — ${plural(s.appliesTo.length, 'changed file')}: ${someOf(s.appliesTo, targetLabel)}`;
}

function sourceLine(s: SourceEvidence, all: number): string {
  const scope = s.scope === 'global' ? ' (operator-global)' : '';
  return `- ${code(s.path)}${scope}${appliesNote(s, all)}${budgetNote(s)}`;
}

function diagnosticLine(d: Diagnostic): string {
  const where = d.source === null ? '' : `${printable(d.source)}${d.line === null ? '' : `:${d.line}`}  `;
  return clipped(`${d.severity.padEnd(7)}  ${where}${d.code}: ${printable(d.message)}`, MAX_MESSAGE_CHARS);
}

function severityCounts(diagnostics: readonly Diagnostic[]): string {
  const by = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) by[d.severity]++;
  const parts = [plural(by.error, 'error'), plural(by.warning, 'warning'), `${count(by.info)} info`];
  return parts.filter((p) => !p.startsWith('0 ')).join(', ');
}

/** "and N more" as a list's last item, when there are more. */
function more(n: number, what: string): string[] {
  return n > 0 ? [`- … and ${count(n)} more ${what}`] : [];
}

/** One line of facts: files in effect, validation commands, what the budget did, the diagnostics. */
function factsBlock(ev: Evidence, inEffect: readonly SourceEvidence[]): string {
  const all = ev.targets.length;
  const facts = [
    `**${plural(inEffect.length, 'instruction file')}** in effect for ${plural(all, 'changed file')} (${kindCounts(ev.targets)})`,
    `**${plural(ev.validation.length, 'validation command')}** required`,
  ];
  const omitted = inEffect.filter((s) => s.status === 'omitted').length;
  const cut = inEffect.filter((s) => s.status === 'truncated').length;
  if (ev.truncation.truncated)
    facts.push(`budget: **${[cut ? `${count(cut)} cut` : '', omitted ? `${count(omitted)} left out` : ''].filter(Boolean).join(', ')}**`);
  if (ev.diagnostics.length > 0) facts.push(severityCounts(ev.diagnostics));
  return facts.join(' · ');
}

/** Instruction files, grouped: each with the changed files it applies to; then the files no instruction file covers. */
function sourceBlocks(ev: Evidence, inEffect: readonly SourceEvidence[]): string[] {
  const all = ev.targets.length;
  const blocks: string[] = [];
  if (inEffect.length === 0) {
    blocks.push('No instruction file (AGENTS.md, CLAUDE.md, .holaryn/instructions.md) applies to the changed files.');
  } else {
    const lines = inEffect.slice(0, MAX_SOURCES).map((s) => sourceLine(s, all));
    blocks.push(
      [
        '### Instruction files',
        '',
        'In precedence order: a later file takes precedence over an earlier one.',
        '',
        ...lines,
        ...more(inEffect.length - MAX_SOURCES, 'instruction files'),
      ].join('\n'),
    );
    const covered = new Set(inEffect.flatMap((s) => s.appliesTo));
    const uncovered = ev.targets.filter((x) => !covered.has(x.path));
    if (uncovered.length > 0) {
      blocks.push(
        `No instruction file applies to ${plural(uncovered.length, 'changed file')}: ${someOf(uncovered, (x) => targetLabel(x.path))}.`,
      );
    }
  }
  const notInEffect = ev.sources.filter((s) => !IN_EFFECT.has(s.status));
  if (notInEffect.length > 0) {
    const named = someOf(notInEffect, (s) => `${code(s.path)} (${s.status})`, LISTED_NAMES);
    blocks.push(`Found on the way but not in effect: ${named}.`);
  }
  return blocks;
}

/** The skills, subagents and commands the agent lists: repository text its model sees beside the instruction files. */
function listingBlocks(ev: Evidence): string[] {
  const listings = ev.listings ?? [];
  if (listings.length === 0) return [];
  const lines = listings
    .slice(0, MAX_SOURCES)
    .map((l) => `- ${l.kind} ${code(l.name)} — ${l.status.replace(/-/g, ' ')}${l.reason ? ` (${l.reason})` : ''}, from ${code(l.source)}`);
  return [
    [
      '### Skills, subagents and commands the agent lists',
      '',
      'Their names and descriptions reach the model beside the instructions; their bodies load only when used.',
      '',
      ...lines,
      ...more(listings.length - MAX_SOURCES, 'entries'),
    ].join('\n'),
  ];
}

/** Validation: what the instructions require a change to pass. */
function validationBlocks(ev: Evidence): string[] {
  if (ev.validation.length === 0) return [];
  const lines = ev.validation.slice(0, MAX_COMMANDS).map((v) => `- ${code(v.command)} — from ${code(v.source)}`);
  return [
    [
      '### Validation the instructions require',
      '',
      'Shown to coding agents as required checks; Holaryn never runs them.',
      '',
      ...lines,
      ...more(ev.validation.length - MAX_COMMANDS, 'commands'),
    ].join('\n'),
  ];
}

/** The budget: what a coding agent working on this change would not see whole. */
function budgetBlocks(ev: Evidence): string[] {
  const t: Evidence['truncation'] & { needed?: number } = ev.truncation;
  if (!t.truncated) return [];
  const lines = [
    ...t.cut.map((k) => `- cut: ${code(k.path)} — ${count(k.included)} of ${count(k.chars)} ${unitWord(t.unit)} kept`),
    ...t.omitted.slice(0, MAX_SOURCES).map((o) => `- left out: ${code(o.path)} — ${count(o.chars)} ${unitWord(t.unit)}`),
    ...more(t.omitted.length - MAX_SOURCES, 'left out'),
  ];
  const needs = t.needed === undefined ? '' : ` Including everything needs ${count(t.needed)}.`;
  return [
    ['### Budget', '', `The model context for all the changed files at once is ${budgetPhrase(t)}.${needs}`, '', ...lines].join('\n'),
  ];
}

/** Diagnostics, literally: errors first, then warnings (what a reviewer must act on comes before the notes). */
function diagnosticBlocks(ev: Evidence): string[] {
  if (ev.diagnostics.length === 0) return [];
  const rank = { error: 0, warning: 1, info: 2 };
  const sorted = [...ev.diagnostics].sort((a, b) => rank[a.severity] - rank[b.severity]);
  const lines = sorted.slice(0, MAX_DIAGNOSTICS).map(diagnosticLine);
  if (ev.diagnostics.length > MAX_DIAGNOSTICS) lines.push(`… and ${count(ev.diagnostics.length - MAX_DIAGNOSTICS)} more`);
  return [['### Diagnostics', '', fenced(lines)].join('\n')];
}

/** The review summary: sections of Markdown, at most MAX_MARKDOWN_CHARS in all. */
export function renderMarkdown(ev: Evidence, max = MAX_MARKDOWN_CHARS): string {
  const all = ev.targets.length;
  const headline = all === 0 ? 'no changed files' : `${plural(all, 'changed file')}`;
  if (all === 0) return finish([`## Repository instructions: ${headline}`, 'No changed files, so no instruction file applies.'], max);
  const inEffect = ev.sources.filter((s) => IN_EFFECT.has(s.status));
  const blocks = [
    `## Repository instructions: ${headline}`,
    factsBlock(ev, inEffect),
    ...sourceBlocks(ev, inEffect),
    ...listingBlocks(ev),
    ...validationBlocks(ev),
    ...budgetBlocks(ev),
    ...diagnosticBlocks(ev),
  ];
  return finish(blocks, max);
}

/** The blocks joined, as many as fit in `max` characters, with a note when some did not. */
function finish(blocks: string[], max: number): string {
  const note = (n: number) => `*… ${plural(n, 'more section')} left out to keep this summary short; \`--json\` has everything.*`;
  const out: string[] = [];
  let size = 0;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i];
    const reserve = i === blocks.length - 1 ? 0 : note(blocks.length).length + 2;
    if (size + block.length + 2 + reserve > max) {
      out.push(note(blocks.length - i));
      break;
    }
    out.push(block);
    size += block.length + 2;
  }
  return out.join('\n\n') + '\n';
}
