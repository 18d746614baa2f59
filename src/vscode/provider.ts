/** TreeDataProvider over the pure model: nodes → TreeItems, and nothing else. */
import * as vscode from 'vscode';
import { clipped, printable, printableText } from '../resolver';
import { MAX_DESCRIPTION, MAX_LABEL, MAX_TOOLTIP, TreeNode } from './model';

export const NODE_COMMAND = '_holaryn.runNodeAction';

export class InstructionsTreeProvider implements vscode.TreeDataProvider<TreeNode> {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private roots: TreeNode[] = [];
  private readonly parents = new Map<TreeNode, TreeNode | undefined>();

  /** Replaces the whole tree (ids are stable, so expansion state survives). */
  setRoots(roots: TreeNode[]): void {
    this.roots = roots;
    this.parents.clear();
    const walk = (nodes: TreeNode[], parent: TreeNode | undefined) => {
      for (const n of nodes) {
        this.parents.set(n, parent);
        if (n.children) walk(n.children, n);
      }
    };
    walk(roots, undefined);
    this.changed.fire(undefined);
  }

  getRoots(): readonly TreeNode[] {
    return this.roots;
  }

  getChildren(node?: TreeNode): TreeNode[] {
    return node ? (node.children ?? []) : this.roots;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return this.parents.get(node);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    const state =
      node.children && node.children.length > 0
        ? node.expanded
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed
        : vscode.TreeItemCollapsibleState.None;
    // Names, paths, commands and messages come from the repository: controls and bidirectional
    // overrides are shown as escapes (a command must read as it runs), and every text is bounded.
    const item = new vscode.TreeItem(clipped(printable(node.label), MAX_LABEL), state);
    item.id = node.id;
    item.description = node.description === undefined ? undefined : clipped(printable(node.description), MAX_DESCRIPTION);
    // A plain string: untrusted text is never rendered as markdown or links.
    item.tooltip = node.tooltip === undefined ? undefined : clipped(printableText(node.tooltip), MAX_TOOLTIP);
    item.contextValue = node.contextValue;
    if (node.icon) {
      const [id, color] = node.icon.split('|');
      item.iconPath = new vscode.ThemeIcon(id, color ? new vscode.ThemeColor(color) : undefined);
    }
    if (node.action) item.command = { command: NODE_COMMAND, title: 'Open', arguments: [node] };
    return item;
  }
}
