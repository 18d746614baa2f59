// Shared helpers for the integration suites (run inside a real VS Code extension host).
import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import type { HolarynApi } from '../../src/extension';
import type { ViewState } from '../../src/vscode/instructions-view';
import type { TreeNode } from '../../src/vscode/model';
import { FIRST_AGENT_ID } from '../../src/vscode/profiles/view-model';

export const EXTENSION_ID = 'holaryn.holaryn';

export async function api(): Promise<HolarynApi> {
  const ext = vscode.extensions.getExtension<HolarynApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  return ext.activate();
}

/**
 * How long one wait may take. Generous on purpose: with both cores busy the extension host, the
 * workbench and the browser run several times slower than on an idle machine, and a wait that is
 * satisfied early costs nothing.
 */
export const WAIT_MS = 60_000;

export interface WaitOptions {
  /** Re-check whenever one of these fires (the state a test needs changes through them). */
  events?: vscode.Event<unknown>[];
  timeoutMs?: number;
}

/**
 * Resolves with the first value (not undefined) that `check` returns, or rejects with the last
 * failure after the timeout. `check` runs at once (the state may already be reached: subscribing
 * first and checking after never misses it), again whenever one of `events` fires, and on a slow
 * backstop interval for state no event announces (a provider's answer, a registration).
 */
export function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, options: WaitOptions = {}): Promise<T> {
  const events = options.events ?? [];
  const timeoutMs = options.timeoutMs ?? WAIT_MS;
  return new Promise<T>((resolve, reject) => {
    let last: unknown;
    let running = false;
    let again = false;
    let done = false;
    const subscriptions: vscode.Disposable[] = [];
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(backstop);
      for (const d of subscriptions) d.dispose();
      settle();
    };
    // One check at a time; an event during a check asks for one more.
    const evaluate = async (): Promise<void> => {
      if (done) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      do {
        again = false;
        try {
          const v = await check();
          if (v !== undefined) return finish(() => resolve(v));
        } catch (err) {
          last = err;
        }
      } while (again && !done);
      running = false;
    };
    for (const event of events) subscriptions.push(event(() => void evaluate()));
    const backstop = setInterval(() => void evaluate(), events.length > 0 ? 1000 : 100);
    const timer = setTimeout(
      () =>
        finish(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`))),
      timeoutMs,
    );
    void evaluate();
  });
}

/** Waits for the Problems panel's state to satisfy `check` (re-checked on each diagnostics change). */
export function untilDiagnostics<T>(what: string, check: () => T | undefined): Promise<T> {
  return until(what, check, { events: [vscode.languages.onDidChangeDiagnostics] });
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

/** Waits until the view shows evidence whose targets are exactly `targets` (re-checked on each view update). */
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
    { events: [holaryn.view.onDidUpdate], timeoutMs },
  );
}

export function rows(holaryn: HolarynApi): TreeNode[] {
  return [...holaryn.view.provider.getRoots()];
}

/**
 * The first agent's source rows in precedence order (the evidence's order): those that reach the
 * model are its children, the others are under its "Not included" child.
 */
export function sourceRows(holaryn: HolarynApi): TreeNode[] {
  const first = rows(holaryn).find((n) => n.id === FIRST_AGENT_ID);
  const order = (n: TreeNode) => Number(/^source:(\d+):/.exec(n.id)?.[1]);
  return allNodes(first?.children ?? [])
    .filter((n) => n.id.startsWith('source:') && !Number.isNaN(order(n)) && n.contextValue?.startsWith('holaryn-source'))
    .sort((a, b) => order(a) - order(b));
}

/** The user-level `holaryn.agents` (undefined: detected again). */
export async function useAgents(names: string[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('holaryn').update('agents', names, vscode.ConfigurationTarget.Global);
}

/** What the page shows of a view (scripts/vscode/host.mjs `visibleRows`), asked through the runner's page probe. */
export interface PageView {
  window: { width: number; height: number };
  filesExpanded: boolean;
  found: boolean;
  expanded: boolean;
  height: number;
  rows: { label: string; description: string; level: number; expanded: string | null }[];
}

/** The rows a person sees of the view, read from the page's DOM by the runner (HOLARYN_PAGE_PROBE). */
export async function pageRows(title = 'Repository instructions'): Promise<PageView> {
  const probe = process.env.HOLARYN_PAGE_PROBE;
  assert.ok(probe, 'HOLARYN_PAGE_PROBE is not set: run the suite with scripts/vscode/run-tests.mjs');
  const res = await fetch(`${probe}/view-rows?title=${encodeURIComponent(title)}`);
  if (!res.ok) throw new Error(`page probe: ${res.status} ${await res.text()}`);
  return (await res.json()) as PageView;
}

export function allNodes(nodes: readonly TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...allNodes(n.children ?? [])]);
}
