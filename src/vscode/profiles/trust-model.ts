/**
 * The repository trust decision in the view (docs/profiles.md §4–§5): a row for the evidence's
 * RepositoryTrust object, and the consent question asked when the decision is `unknown`. The
 * question names the four things the answer governs — the instruction root, the instruction
 * files, the resource folders and the project config — and offers the parent folder only when
 * the RepositoryTrust object has `parent`. VS Code's Restricted Mode wins over any stored answer.
 *
 * Pure: data in, tree nodes and question text out.
 */
import type { RepositoryTrust } from '../../resolver';
import type { TreeNode } from '../model';

export type { RepositoryTrust };

/** Whether an evidence's `trust` field is a RepositoryTrust object. */
export function isRepositoryTrust(x: unknown): x is RepositoryTrust {
  const t = x as Partial<RepositoryTrust> | null;
  return (
    typeof t === 'object' &&
    t !== null &&
    typeof t.repository === 'string' &&
    typeof t.instructionRoot === 'string' &&
    (t.decision === 'trusted' || t.decision === 'refused' || t.decision === 'unknown') &&
    Array.isArray(t.instructionFiles) &&
    Array.isArray(t.resourceDirs)
  );
}

/** The answers the question offers, as the store records them. */
export type ConsentAnswer = 'trust' | 'trust-parent' | 'refuse';

export interface ConsentQuestion {
  /** The repository asked about (canonical): the key the session remembers. */
  repository: string;
  message: string;
  detail: string;
  /** Button labels, in order, with what each records. */
  buttons: { label: string; answer: ConsentAnswer }[];
}

export const TRUST_LABEL = 'Trust';
export const TRUST_PARENT_LABEL = 'Trust Parent Folder';
export const REFUSE_LABEL = 'Refuse';

function listOr(items: readonly string[], none: string): string {
  return items.length === 0 ? none : items.join(', ');
}

/** The modal question for a repository whose decision is `unknown`. */
export function consentQuestion(trust: RepositoryTrust, storeFile: string): ConsentQuestion {
  const lines = [
    `Repository: ${trust.repository}`,
    `Instruction root: ${trust.instructionRoot}`,
    `Instruction files: ${listOr(trust.instructionFiles, 'none present now')}`,
    `Resource folders: ${listOr(trust.resourceDirs, 'none present now')}`,
    `Project config: ${trust.projectConfig ?? 'none present now'}`,
    '',
    'Trusting lets Narya put these instruction files (and the files the project config names) in front of the model, and use the resource folders.',
  ];
  if (trust.parent !== undefined)
    lines.push(`Trust Parent Folder records the answer for ${trust.parent}, which every repository below it inherits.`);
  lines.push(`The answer is stored in ${storeFile}, the same store \`holaryn trust\` uses; it can be changed there at any time.`);
  const buttons: ConsentQuestion['buttons'] = [{ label: TRUST_LABEL, answer: 'trust' }];
  if (trust.parent !== undefined) buttons.push({ label: TRUST_PARENT_LABEL, answer: 'trust-parent' });
  buttons.push({ label: REFUSE_LABEL, answer: 'refuse' });
  return {
    repository: trust.repository,
    message: `Narya: trust the instructions of ${trust.repository}?`,
    detail: lines.join('\n'),
    buttons,
  };
}

/** The directory and decision an answer records. */
export function recordedDecision(trust: RepositoryTrust, answer: ConsentAnswer): { directory: string; decision: 'trusted' | 'refused' } {
  if (answer === 'trust-parent' && trust.parent !== undefined) return { directory: trust.parent, decision: 'trusted' };
  return { directory: trust.repository, decision: answer === 'refuse' ? 'refused' : 'trusted' };
}

export interface TrustRowOptions {
  /** VS Code's Restricted Mode (`workspace.isTrusted === false`): nothing loads whatever the store says. */
  restricted: boolean;
  storeFile: string;
}

/** The Trust row: the effective decision, what it governs, and (clicked) the question again. */
export function trustNode(trust: RepositoryTrust, options: TrustRowOptions): TreeNode {
  const inherited = trust.inheritedFrom === undefined ? '' : ` (inherited from ${trust.inheritedFrom})`;
  const description = options.restricted
    ? `Restricted Mode: nothing loads (stored answer: ${trust.decision}${inherited})`
    : trust.decision === 'trusted'
      ? `trusted${inherited}`
      : trust.decision === 'refused'
        ? `refused${inherited}: nothing loads`
        : 'unknown: nothing loads until you decide';
  const icon = options.restricted
    ? 'lock|list.warningForeground'
    : trust.decision === 'trusted'
      ? 'shield|testing.iconPassed'
      : 'shield|list.warningForeground';
  const leaf = (key: string, label: string, value: string, icon: string): TreeNode => ({
    id: `trust:${key}`,
    label,
    description: value,
    tooltip: `${label}: ${value}`,
    icon,
  });
  const children: TreeNode[] = [];
  if (options.restricted) {
    children.push(
      leaf(
        'restricted',
        'Restricted Mode',
        'VS Code does not trust this workspace, so no repository instructions load, whatever the trust store says',
        'lock',
      ),
    );
  }
  children.push(
    leaf('repository', 'Repository', trust.repository, 'repo'),
    leaf('root', 'Instruction root', trust.instructionRoot, 'root-folder'),
    leaf('files', 'Instruction files', listOr(trust.instructionFiles, 'none'), 'files'),
    leaf('resources', 'Resource folders', listOr(trust.resourceDirs, 'none'), 'folder-library'),
    leaf('config', 'Project config', trust.projectConfig ?? 'none', 'settings-gear'),
  );
  if (trust.parent !== undefined) children.push(leaf('parent', 'Parent (may be trusted instead)', trust.parent, 'arrow-up'));
  children.push(leaf('store', 'Stored in', options.storeFile, 'database'));
  return {
    id: 'trust',
    label: 'Trust',
    description,
    tooltip: `${description}\n${options.restricted ? '' : 'Click to answer the trust question again.'}`.trim(),
    icon,
    contextValue: 'holaryn-trust',
    expanded: trust.decision !== 'trusted' || options.restricted,
    action: options.restricted ? undefined : { kind: 'ask-trust', repository: trust.repository },
    children,
  };
}
