/**
 * The profile rows of the view: which profile the view shows (and why that one), the trust row
 * and the Compare section, placed around the rows model.ts builds from one evidence object.
 * Pure: the view's title description and rows are unit-tested without an editor.
 */
import type { TreeNode } from '../model';

/** Where the shown profile comes from. */
export type ProfileOrigin = 'setting' | 'view-as';

export interface ProfileShown {
  name: string;
  description: string;
  origin: ProfileOrigin;
  /** The `holaryn.profile` setting's value (the profile shown when there is no View as… choice). */
  setting: string;
}

/** The view's title description: the profile always, then what the view already says (targets, pin). */
export function viewDescription(shown: ProfileShown, rest: string): string {
  return `${shown.name}${rest === '' ? '' : ` · ${rest}`}`;
}

/** The first row: the profile, whose rules it is, and where the choice comes from; a click offers View as…. */
export function profileRow(shown: ProfileShown): TreeNode {
  const origin = shown.origin === 'view-as' ? `View as… for this window (setting: ${shown.setting})` : 'holaryn.profile setting';
  return {
    id: 'profile',
    label: 'Profile',
    description: `${shown.name} · ${origin}`,
    tooltip: `${shown.name}: ${shown.description}\nShown because of: ${origin}\nClick to view as another profile.`,
    icon: 'account',
    contextValue: 'holaryn-profile',
    action: { kind: 'view-as' },
  };
}

/**
 * The view's rows: the profile row first, then the target and snapshot rows, then the trust row
 * and the Compare section (when there are any), then the rest as model.ts ordered them.
 */
export function withProfileRows(rows: readonly TreeNode[], extra: { profile: TreeNode; trust?: TreeNode; compare?: TreeNode }): TreeNode[] {
  const head = rows.filter((r) => r.id === 'target' || r.id === 'targets' || r.id === 'snapshot');
  const tail = rows.filter((r) => !head.includes(r));
  return [extra.profile, ...head, ...(extra.trust ? [extra.trust] : []), ...(extra.compare ? [extra.compare] : []), ...tail];
}
