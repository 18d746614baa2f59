// Shared helpers for the integration suites (run inside a real VS Code extension host).
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { HolarynApi } from '../../src/extension';
import type { ViewState } from '../../src/vscode/instructions-view';
import type { TreeNode } from '../../src/vscode/model';

export const EXTENSION_ID = 'holaryn.holaryn';

export async function api(): Promise<HolarynApi> {
  const ext = vscode.extensions.getExtension<HolarynApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls until `check` returns a value (not undefined) or throws the last failure. */
export async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(100);
  }
}

export function folderUri(name?: string): vscode.Uri {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const f = name ? folders.find((x) => x.name === name) : folders[0];
  assert.ok(f, `no workspace folder ${name ?? ''}`);
  return f.uri;
}

export async function open(rel: string, folder?: string): Promise<vscode.TextEditor> {
  const uri = vscode.Uri.joinPath(folderUri(folder), rel);
  return vscode.window.showTextDocument(uri, { preview: false });
}

/** Waits until the view shows evidence whose targets are exactly `targets`. */
export async function viewShows(
  holaryn: HolarynApi,
  targets: string[],
  extra?: (s: ViewState) => boolean,
  timeoutMs?: number,
): Promise<ViewState> {
  return until(
    `view showing ${targets.join(', ')}`,
    () => {
      const s = holaryn.view.current;
      const shown = s.evidence?.targets.map((t) => t.path);
      if (shown && JSON.stringify(shown) === JSON.stringify(targets) && (!extra || extra(s))) return s;
      return undefined;
    },
    timeoutMs,
  );
}

export function rows(holaryn: HolarynApi): TreeNode[] {
  return [...holaryn.view.provider.getRoots()];
}

export function sourceRows(holaryn: HolarynApi): TreeNode[] {
  return rows(holaryn).find((n) => n.id === 'sources')?.children ?? [];
}

export function allNodes(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...allNodes(n.children ?? [])]);
}
