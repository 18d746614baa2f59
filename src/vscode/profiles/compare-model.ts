/**
 * The view's Compare all section (docs/profiles.md §6) and the other agents' one-line answers
 * (docs/vscode.md, "The Repository instructions view"): the open file resolved under several
 * profiles, one child per profile. Each child says in its description what reaches the model
 * and how large the context is in that profile's own unit; its children are the files any
 * profile considered, in the same order under every profile, each with that profile's cell
 * (`included`, `cut 64000/90000 B`, `omitted`, `shadowed`, `not loaded`, `untrusted`, `—`), so
 * the same row can be read across profiles. A profile whose answer differs from the reference
 * profile's (the view's first agent) is marked, and so is every cell that differs.
 *
 * Pure: evidence in, tree nodes out (provider.ts renders them).
 */
import { installedAgentLine } from '../../installed/version';
import { DEFAULT_PROFILE, cellUnit, compareCell, compareRows } from '../../resolver';
import type { Evidence, SourceEvidence } from '../../resolver';
import { STATUS_ICON, listingsNode, type TreeNode } from '../model';
import { verifiableContext } from './verify-model';

/** One profile's answer for the compared targets: its evidence, or why it has none. */
export interface ProfileAnswer {
  name: string;
  description: string;
  evidence?: Evidence;
  /** The resolution failed (e.g. an unreadable trust store): the message. */
  error?: string;
  /** Settings the editor could not use for this profile. */
  problems?: string[];
}

export interface CompareOptions {
  /** The profile the rest of the view shows (marked). */
  shown: string;
  /** Differences are marked against this profile: the first of the view's agents (default: the default profile). */
  reference?: string;
}

/** The context's size in the profile's unit, and its budget: `4,120 of 65,536 B`, `812 chars, no budget`. */
export function sizeText(ev: Evidence): string {
  const t = ev.truncation;
  const n = (x: number) => x.toLocaleString('en-US');
  const unit = cellUnit(t.unit);
  return t.budget === null ? `${n(t.size)} ${unit}, no budget` : `${n(t.size)} of ${n(t.budget)} ${unit}`;
}

/** Whether a source's text reaches the model (whole or cut). */
export function reachesModel(s: SourceEvidence): boolean {
  return s.status === 'included' || s.status === 'truncated';
}

/** Files that reach the model (included or cut), in order, with their cells: what "the answer" is. */
export function answerOf(ev: Evidence): string[] {
  return ev.sources.filter(reachesModel).map((s) => `${s.path} ${compareCell(ev, s)}`);
}

/** Whether two answers put different text in front of the model (files, order, cuts). */
export function answersDiffer(a: Evidence, b: Evidence): boolean {
  const x = answerOf(a);
  const y = answerOf(b);
  return x.length !== y.length || x.some((v, i) => v !== y[i]);
}

/** Short names for the status counts of a profile's description, in this order. */
const COUNTED: [SourceEvidence['status'], string][] = [
  ['included', 'included'],
  ['truncated', 'cut'],
  ['omitted', 'omitted'],
  ['untrusted', 'untrusted'],
  ['shadowed', 'shadowed'],
  ['not-loaded', 'not loaded'],
  ['not-applicable', 'not applicable'],
  ['superseded', 'superseded'],
  ['duplicate', 'duplicate'],
];

/** `2 included · 1 shadowed · 3 not loaded`, or `no file` when the profile considered none. */
export function statusCounts(ev: Evidence): string {
  return countStatuses(ev.sources);
}

/** The status counts of some sources (statusCounts for a whole answer). */
export function countStatuses(sources: readonly SourceEvidence[]): string {
  const parts = COUNTED.map(([status, word]) => {
    const n = sources.filter((s) => s.status === status).length;
    return n > 0 ? `${n} ${word}` : '';
  }).filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'no file';
}

/**
 * One agent's answer in one line: how many files reach the model, the context's size in the
 * agent's own unit, and what the budget leaves out: `2 files · 1,481 B · cuts nothing`.
 */
export function summaryText(ev: Evidence): string {
  const n = ev.sources.filter(reachesModel).length;
  const t = ev.truncation;
  const left = [t.omitted.length > 0 ? `omits ${t.omitted.length}` : '', t.cut.length > 0 ? `cuts ${t.cut.length}` : ''].filter(Boolean);
  const untrusted = ev.sources.some((s) => s.status === 'untrusted') ? ' · untrusted: kept out' : '';
  return `${n} file${n === 1 ? '' : 's'} · ${t.size.toLocaleString('en-US')} ${cellUnit(t.unit)} · ${left.length > 0 ? left.join(', ') : 'cuts nothing'}${untrusted}`;
}

const CELL_ICON_NOT_CONSIDERED = 'dash|disabledForeground';

/** One file's row under a profile: its cell, and the reference profile's when that differs. */
function rowNode(id: string, p: string, a: ProfileAnswer, ev: Evidence, ref: ProfileAnswer | undefined, isRef: boolean): TreeNode {
  const refEv = ref?.evidence;
  const s = ev.sources.find((x) => x.path === p);
  const cell = compareCell(ev, s);
  const refCell =
    refEv && !isRef
      ? compareCell(
          refEv,
          refEv.sources.find((x) => x.path === p),
        )
      : undefined;
  const cellDiffers = refCell !== undefined && refCell !== cell;
  return {
    id,
    label: p,
    description: cellDiffers ? `${cell}   ≠ ${ref!.name}: ${refCell}` : cell,
    tooltip: [
      `${p} under ${a.name}: ${cell}`,
      s?.reason ?? (s ? '' : `${a.name} does not consider this file`),
      cellDiffers ? `${ref!.name}: ${refCell}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    icon: s ? STATUS_ICON[s.status] : CELL_ICON_NOT_CONSIDERED,
    // A file of the repository (user-level files are shown by display name only; a file outside
    // the workspace is never opened).
    action:
      s && (s.scope === 'workspace' || s.scope === 'project') && s.disclosed === undefined ? { kind: 'open-file', path: p } : undefined,
  };
}

/** The rows above the files: settings ignored, the installed agent, the notice (in that order). */
function noteNodes(id: string, a: ProfileAnswer, ev: Evidence): TreeNode[] {
  const notes: TreeNode[] = [];
  for (const [i, problem] of (a.problems ?? []).entries()) {
    notes.unshift({ id: `${id}:problem:${i}`, label: 'Setting ignored', description: problem, tooltip: problem, icon: 'warning' });
  }
  const installed = installedAgentLine(ev);
  if (installed !== null) {
    const icon = ev.installedAgent?.differs ? 'warning' : 'info';
    notes.push({ id: `${id}:installed`, label: 'Installed agent', description: installed, tooltip: installed, icon });
  }
  if (ev.notice) notes.push({ id: `${id}:notice`, label: 'Notice', description: ev.notice, tooltip: ev.notice, icon: 'shield' });
  return notes;
}

function profileNode(a: ProfileAnswer, rows: readonly string[], ref: ProfileAnswer | undefined, options: CompareOptions): TreeNode {
  const id = `compare:${a.name}`;
  const shownMark = a.name === options.shown ? ' (shown)' : '';
  const ev = a.evidence;
  if (!ev) {
    return {
      id,
      label: `${a.name}${shownMark}`,
      description: `could not resolve: ${a.error ?? 'unknown error'}`,
      tooltip: `${a.name}: ${a.description}\n${a.error ?? ''}`,
      icon: 'error|list.errorForeground',
    };
  }
  const refEv = ref?.evidence;
  const isRef = ref !== undefined && a.name === ref.name;
  const differs = !isRef && refEv !== undefined && answersDiffer(ev, refEv);
  const untrusted = ev.notice !== undefined && ev.sources.some((s) => s.status === 'untrusted');
  const icon = untrusted
    ? 'shield|list.warningForeground'
    : differs
      ? 'diff|list.warningForeground'
      : isRef
        ? 'star-full'
        : 'pass|testing.iconPassed';
  const mark = isRef ? ' · reference' : refEv === undefined ? '' : differs ? ` · differs from ${ref!.name}` : ` · same as ${ref!.name}`;
  const children = [...noteNodes(id, a, ev), ...rows.map((p, i) => rowNode(`${id}:${i}:${p}`, p, a, ev, ref, isRef))];
  return {
    id,
    label: `${a.name}${shownMark}`,
    description: `${statusCounts(ev)} · ${sizeText(ev)}${mark}`,
    tooltip: [
      `${a.name}: ${a.description}`,
      `context ${sizeText(ev)}`,
      statusCounts(ev),
      ...(ev.profileVersion ? [`emulates ${ev.profileVersion}`] : []),
      ...(ev.installedAgent?.differs ? [`installed: ${installedAgentLine(ev)}`] : []),
      ...(ev.fidelity ?? []).map((f) => `approximate: ${f}`),
      ...(ev.notice ? [ev.notice] : []),
    ].join('\n'),
    icon,
    contextValue: verifiableContext('holaryn-compare-profile', a.name),
    expanded: false,
    children,
  };
}

/** The Compare section: one child per answer, in the given order. */
export function compareSection(answers: readonly ProfileAnswer[], options: CompareOptions): TreeNode {
  const refName = options.reference ?? DEFAULT_PROFILE.name;
  const ref = answers.find((a) => a.name === refName && a.evidence !== undefined);
  const rows = compareRows(answers.map((a) => a.evidence));
  const children = answers.map((a) => profileNode(a, rows, ref, options));
  const differing = ref
    ? answers.filter((a) => a.evidence && a.name !== ref.name && answersDiffer(a.evidence, ref.evidence!)).map((a) => a.name)
    : [];
  const target = answers
    .find((a) => a.evidence)
    ?.evidence?.targets.map((t) => (t.path === '' ? '.' : t.path))
    .join(', ');
  return {
    id: 'compare',
    label: 'Compare all',
    description: `${answers.length} profiles${target ? ` for ${target}` : ''}${ref ? ` · ${differing.length} differ from ${ref.name}` : ''}`,
    tooltip:
      `The same target under each profile: what reaches the model, and the context size in each profile's own unit.` +
      (ref ? `\nDiffer from ${ref.name}: ${differing.length > 0 ? differing.join(', ') : 'none'}` : ''),
    icon: 'split-horizontal',
    // Never open by default: the view's own agents come first (the command "Compare All" opens it).
    expanded: false,
    children,
  };
}

/** The id of the Compare section while it resolves (the finished section's is `compare`). */
export const PENDING_COMPARE_ID = 'compare-pending';

/**
 * The Compare section while the next one resolves: the last one shown, marked as updating, so
 * the rows below it do not move; or, before any, one line saying it is on its way.
 */
export function pendingCompare(last: TreeNode | undefined): TreeNode {
  if (!last) {
    return { id: PENDING_COMPARE_ID, label: 'Compare all', description: 'resolving under each profile…', icon: 'loading~spin' };
  }
  return {
    ...last,
    id: PENDING_COMPARE_ID,
    description: `updating… (was: ${last.description ?? ''})`,
    tooltip: `Resolving the new target under each profile; until then this is the previous answer.`,
    icon: 'loading~spin',
  };
}

/** The id of another agent's row (view-model.ts places them; `agentOf` reads the name back). */
export function agentRowId(name: string): string {
  return `agent:${name}`;
}

/** The agent an agent row is for (its inline View as… action). */
export function agentOf(node: Pick<TreeNode, 'id'>): string | undefined {
  return node.id.startsWith('agent:') && !node.id.slice(6).includes(':') ? node.id.slice(6) : undefined;
}

/** One source of another agent's answer: its cell, its reason, and (a repository file) a click that opens it. */
function agentSourceRow(id: string, name: string, ev: Evidence, s: SourceEvidence): TreeNode {
  const cell = compareCell(ev, s);
  return {
    id: `${id}:${s.order}:${s.path}`,
    label: `${s.order}. ${s.path}`,
    description: cell,
    tooltip: [`${s.path} under ${name}: ${cell}`, s.reason ?? ''].filter(Boolean).join('\n'),
    icon: STATUS_ICON[s.status],
    action: s.scope === 'workspace' || s.scope === 'project' ? { kind: 'open-file', path: s.path } : undefined,
  };
}

/**
 * Another chosen agent's answer in one line (`codex  2 files · 1,481 B · cuts nothing · differs
 * from claude-code`), collapsed; expanded, the files that reach the model in its order, then the
 * others under "Not included". `ref` is the first agent's evidence.
 */
export function agentNode(a: ProfileAnswer, ref: { name: string; evidence: Evidence } | undefined): TreeNode {
  const id = agentRowId(a.name);
  const ev = a.evidence;
  if (!ev) {
    return {
      id,
      label: a.name,
      description: `could not resolve: ${a.error ?? 'unknown error'}`,
      tooltip: `${a.name}: ${a.description}\n${a.error ?? ''}`,
      icon: 'error|list.errorForeground',
      contextValue: verifiableContext('holaryn-agent', a.name),
    };
  }
  const differs = ref !== undefined && answersDiffer(ev, ref.evidence);
  const mark = ref === undefined ? '' : differs ? ` · differs from ${ref.name}` : ` · same as ${ref.name}`;
  const reached = ev.sources.filter(reachesModel);
  const rest = ev.sources.filter((s) => !reachesModel(s));
  const children: TreeNode[] = [];
  for (const [i, problem] of (a.problems ?? []).entries()) {
    children.push({ id: `${id}:problem:${i}`, label: 'Setting ignored', description: problem, tooltip: problem, icon: 'warning' });
  }
  if (ev.notice) children.push({ id: `${id}:notice`, label: 'Notice', description: ev.notice, tooltip: ev.notice, icon: 'shield' });
  children.push(...reached.map((s) => agentSourceRow(id, a.name, ev, s)));
  const listings = listingsNode(ev, `${id}:`, false);
  if (listings) children.push(listings);
  if (rest.length > 0) {
    children.push({
      id: `${id}:not-included`,
      label: 'Not included',
      description: countStatuses(rest),
      tooltip: `Files ${a.name} considered that do not reach the model, each with why.`,
      icon: 'circle-slash|disabledForeground',
      expanded: false,
      children: rest.map((s) => agentSourceRow(id, a.name, ev, s)),
    });
  }
  const untrusted = ev.notice !== undefined && ev.sources.some((s) => s.status === 'untrusted');
  return {
    id,
    label: a.name,
    description: `${summaryText(ev)}${mark}`,
    tooltip: [
      `${a.name}: ${a.description}`,
      `${summaryText(ev)} (${sizeText(ev)})`,
      statusCounts(ev),
      ...(differs ? [`What reaches the model differs from ${ref!.name}'s answer.`] : []),
      ...(ev.profileVersion ? [`emulates ${ev.profileVersion}`] : []),
      ...(ev.notice ? [ev.notice] : []),
      'View as… (the row action) shows every detail of this answer.',
    ].join('\n'),
    icon: untrusted ? 'shield|list.warningForeground' : differs ? 'diff|list.warningForeground' : 'pass|testing.iconPassed',
    contextValue: verifiableContext('holaryn-agent', a.name),
    expanded: false,
    children,
  };
}

/**
 * Another agent's row before its answer is there: the row shown last, marked as updating (so
 * the rows below do not move and an open row stays open), or one line saying it is on its way.
 */
export function pendingAgent(name: string, last: TreeNode | undefined, resolving: boolean): TreeNode {
  const description = resolving ? 'resolving…' : 'not resolved';
  if (last) return { ...last, description: resolving ? `updating…` : description, icon: resolving ? 'loading~spin' : 'circle-slash' };
  return {
    id: agentRowId(name),
    label: name,
    description,
    icon: resolving ? 'loading~spin' : 'circle-slash',
    contextValue: verifiableContext('holaryn-agent', name),
  };
}
