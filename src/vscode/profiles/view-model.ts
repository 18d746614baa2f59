/**
 * The view's first screen (docs/vscode.md, "The Repository instructions view"): for the open
 * file, the files that reach the model under the first of the view's agents, in the order the
 * model sees them; then the other chosen agents, one line each; then validation, truncation,
 * conflicts, diagnostics and the model context as model.ts builds them; then the target, the
 * snapshot, where the agents come from, and every profile side by side (Compare all, closed).
 * Pure: the view's title description and rows are unit-tested without an editor.
 */
import type { Evidence } from '../../resolver';
import type { TreeNode } from '../model';
import type { AgentsOrigin } from './agents-model';
import { verifiableContext } from './verify-model';
import { ProfileAnswer, agentNode, agentRowId, countStatuses, pendingAgent, reachesModel, summaryText } from './compare-model';

/** Why the view answers for the profile it shows first. */
export type ProfileOrigin = 'view-as' | 'setting' | AgentsOrigin;

export interface ProfileShown {
  name: string;
  description: string;
  /** `view-as`: View as… for this window; `setting`: holaryn.profile; else where the list of agents comes from. */
  origin: ProfileOrigin;
  /** The `holaryn.profile` setting's value. */
  setting: string;
  /** The view's agents: `name` first, then the other chosen agents in their order. */
  agents: readonly string[];
  /** Where the chosen agents (all but a View as… or holaryn.profile first) come from. */
  chosen: AgentsOrigin;
  /** For detected agents: the signs seen, in words. */
  because?: Readonly<Record<string, readonly string[]>>;
}

/** The view's title description: the agents always (the one answered for first), then what the view already says (targets, pin). */
export function viewDescription(shown: Pick<ProfileShown, 'agents' | 'name'>, rest: string): string {
  const agents = shown.agents.length > 0 ? shown.agents.join(', ') : shown.name;
  return `${agents}${rest === '' ? '' : ` · ${rest}`}`;
}

const CHOSEN_TEXT: Record<AgentsOrigin, string> = {
  agents: 'holaryn.agents setting',
  detected: 'detected in this workspace and on this machine',
  default: "no agent detected: Holaryn's own rules",
};

/** Why the first agent is first, in words. */
export function originText(shown: ProfileShown): string {
  if (shown.origin === 'view-as') return `View as… for this window (setting: ${shown.setting})`;
  if (shown.origin === 'setting') return 'holaryn.profile setting';
  return CHOSEN_TEXT[shown.origin];
}

/** The Agents row: the view's agents and where they come from; a click changes them. */
export function agentsRow(shown: ProfileShown): TreeNode {
  const first = originText(shown);
  const chosen = CHOSEN_TEXT[shown.chosen];
  const signs = shown.agents.flatMap((n) => (shown.because?.[n] ? [`${n}: ${shown.because[n].join(', ')}`] : []));
  return {
    id: 'agents',
    label: 'Agents',
    description: `${shown.agents.join(', ')} · ${shown.origin === 'view-as' || shown.origin === 'setting' ? `${shown.name} by ${first}` : first}`,
    tooltip: [
      `The view answers for ${shown.name} first (${first}), then ${shown.agents.length > 1 ? shown.agents.slice(1).join(', ') : 'no other agent'} (${chosen}).`,
      ...signs,
      'Click to choose the agents (the holaryn.agents setting).',
    ].join('\n'),
    icon: 'account',
    contextValue: 'holaryn-agents',
    action: { kind: 'pick-agents' },
  };
}

/** The id of the first agent's row. */
export const FIRST_AGENT_ID = 'first-agent';

/**
 * The first agent's row, open: its files that reach the model, in order (model.ts's source rows:
 * a click opens the file, the children explain it), its Skills · Agents · Commands (model.ts's
 * listings row), then the others under "Not included", open.
 */
export function firstAgentNode(
  shown: ProfileShown,
  ev: Evidence,
  sourceRows: readonly TreeNode[],
  sourcesText?: string,
  listings?: TreeNode,
): TreeNode {
  const reached: TreeNode[] = [];
  const rest: TreeNode[] = [];
  ev.sources.forEach((s, i) => {
    const row = sourceRows[i];
    if (row) (reachesModel(s) ? reached : rest).push(row);
  });
  const children = [...reached];
  if (listings) children.push(listings);
  if (rest.length > 0) {
    children.push({
      id: 'not-included',
      label: 'Not included',
      description: countStatuses(ev.sources.filter((s) => !reachesModel(s))),
      tooltip: `Files ${shown.name} considered for this target that do not reach the model, each with why.`,
      icon: 'circle-slash|disabledForeground',
      expanded: true,
      children: rest,
    });
  }
  const viewAs = shown.origin === 'view-as' ? ' · View as…' : '';
  return {
    id: FIRST_AGENT_ID,
    label: shown.name,
    description: ev.sources.length === 0 ? 'no instruction file on the chain' : `${summaryText(ev)}${viewAs}`,
    tooltip: [
      `${shown.name}: ${shown.description}`,
      `Answered for first: ${originText(shown)}.`,
      ...(sourcesText ? [`Sources: ${sourcesText}`] : []),
      'The files below reach the model in this order; click one to open it.',
    ].join('\n'),
    icon: 'hubot',
    contextValue: verifiableContext('holaryn-first-agent', shown.name),
    expanded: true,
    children,
  };
}

export interface ScreenParts {
  shown: ProfileShown;
  /** The first agent's evidence (the rows were built from it). */
  evidence: Evidence;
  /** Every resolved answer for the same targets (the other agents and Compare all), once there. */
  answers?: readonly ProfileAnswer[];
  /** The answers are being resolved (they follow the rows, in a task of their own). */
  resolving: boolean;
  /** The agent rows shown last, by id: kept, marked as updating, until the answers are there. */
  last?: ReadonlyMap<string, TreeNode>;
  trust?: TreeNode;
  compare?: TreeNode;
}

/** Rows model.ts builds that the first screen places itself. */
const PLACED = new Set(['target', 'targets', 'snapshot', 'preview', 'sources', 'listings']);

/**
 * The view's rows from model.ts's rows for the first agent's evidence: the first agent (open),
 * the live preview, the trust row, the other agents (closed), the target, then the rest in
 * model.ts's order (validation, truncation, conflicts, diagnostics, model context), then the
 * snapshot, the Agents row and Compare all.
 */
export function firstScreen(rows: readonly TreeNode[], parts: ScreenParts): TreeNode[] {
  const { shown, evidence } = parts;
  const take = (...ids: string[]) => rows.filter((r) => ids.includes(r.id));
  const sources = rows.find((r) => r.id === 'sources');
  const ref = { name: shown.name, evidence };
  const others = shown.agents.slice(1).map((name) => {
    const answer = parts.answers?.find((a) => a.name === name);
    return answer ? agentNode(answer, ref) : pendingAgent(name, parts.last?.get(agentRowId(name)), parts.resolving);
  });
  return [
    firstAgentNode(
      shown,
      evidence,
      sources?.children ?? [],
      sources?.description,
      rows.find((r) => r.id === 'listings'),
    ),
    ...take('preview'),
    ...(parts.trust ? [parts.trust] : []),
    ...others,
    ...take('target', 'targets'),
    ...rows.filter((r) => !PLACED.has(r.id)),
    ...take('snapshot'),
    agentsRow(shown),
    ...(parts.compare ? [parts.compare] : []),
  ];
}
