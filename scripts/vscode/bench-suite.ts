// The in-host half of `npm run bench:vscode` (scripts/vscode/bench.mjs): runs inside the
// extension host as an extensionTestsPath entry, drives the editor through the API, and prints
// one `BENCH {json}` line per measurement with wall-clock times (Date.now(), which the browser
// half shares) so the runner can match them with the rows it saw change on screen.
import * as fs from 'node:fs';
import { Session } from 'node:inspector';
import * as path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { HolarynApi } from '../../src/extension';
import type { TreeNode } from '../../src/vscode/model';

const SWITCHES = Number(process.env.HOLARYN_BENCH_SWITCHES ?? 100);
const KEYSTROKES = Number(process.env.HOLARYN_BENCH_KEYSTROKES ?? 10);
/**
 * `visible` (the default); `alone`: visible, with the Explorer's file tree no longer revealing each
 * opened file; `hidden`: the sidebar is closed, so the view renders nothing (what the workbench
 * costs without it).
 */
const VIEW = process.env.HOLARYN_BENCH_VIEW ?? 'visible';
/** Milliseconds to wait after each measured step, so the screen settles before the next. */
const PACE_MS = Number(process.env.HOLARYN_BENCH_PACE ?? 0);
/** Milliseconds between the keys of the typing phases (keys sent without waiting for the preview). */
const TYPING_MS = Number(process.env.HOLARYN_BENCH_TYPING ?? 180);
/** A directory for CPU profiles of the extension host (switches, keystrokes), or none. */
const PROFILE_DIR = process.env.HOLARYN_BENCH_PROFILE;
/** One wait may take this long on the largest tree before the bench gives up. */
const WAIT_MS = 300_000;
/**
 * The control run (`--baseline`): Holaryn is not loaded, the extension under development is a
 * placeholder whose empty view takes the same place in the Explorer (HOLARYN_BENCH_BASELINE holds
 * its id). The steps are the same; where the bench waits for Holaryn's view, it waits a fixed time
 * instead, about what Holaryn's answer takes, so the workbench gets the same pace.
 */
const BASELINE = process.env.HOLARYN_BENCH_BASELINE
  ? (JSON.parse(process.env.HOLARYN_BENCH_BASELINE) as { extension: string; view: string })
  : undefined;
/**
 * The control run's fixed waits (ms), near Holaryn's answers on the bench tree: after a switch's
 * editor is shown, and after the host is told of an edit (the quiet time and the count).
 * `open` is not a stand-in: both modes type the first key no sooner than this after AGENTS.md
 * is shown.
 */
const STAND_IN = {
  switch: 10,
  keystroke: 220,
  'glob-setup': 320,
  'glob-keystroke': 320,
  'typing-last': 220,
  'glob-typing-last': 320,
  open: 500,
} as const;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Profiles the extension host's thread while `work` runs, into PROFILE_DIR/<name>.cpuprofile. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    fs.writeFileSync(path.join(PROFILE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

function out(record: object): void {
  console.log(`BENCH ${JSON.stringify(record)}`);
}

/** Resolves once `check` holds, re-checked on each view update (and at once). */
function whenView(api: HolarynApi, what: string, check: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`bench: timed out waiting for ${what}`));
    }, WAIT_MS);
    const sub = api.view.onDidUpdate(() => {
      if (!check()) return;
      clearTimeout(timer);
      sub.dispose();
      resolve();
    });
  });
}

function row(api: HolarynApi, id: string): TreeNode | undefined {
  return api.view.provider.getRoots().find((n) => n.id === id);
}

/** The labels of the view's first rows as a person reads them (each open row's children after it), as the page renders them. */
function firstLabels(nodes: readonly TreeNode[], n = 24): string[] {
  const out: string[] = [];
  const walk = (list: readonly TreeNode[]) => {
    for (const node of list) {
      if (out.length >= n) return;
      out.push(node.label);
      if (node.expanded && node.children) walk(node.children);
    }
  };
  walk(nodes);
  return out;
}

/** Activates Holaryn and waits for its first resolution; in the control run, the placeholder (and no Holaryn). */
async function start(): Promise<HolarynApi | undefined> {
  if (BASELINE) {
    if (vscode.extensions.getExtension('holaryn.holaryn')) throw new Error('bench: Holaryn is loaded in the control run');
    const placeholder = vscode.extensions.getExtension(BASELINE.extension);
    if (!placeholder) throw new Error(`bench: the placeholder extension ${BASELINE.extension} is not loaded`);
    await placeholder.activate();
    return undefined;
  }
  const ext = vscode.extensions.getExtension<HolarynApi>('holaryn.holaryn');
  if (!ext) throw new Error('bench: the extension is not loaded');
  const api = await ext.activate();
  // The first workspace lint runs in the background after activation (listing, lint, budget
  // check): when its Problems appear, the extension host is free of it.
  const linted = vscode.languages.onDidChangeDiagnostics((e) => {
    if (!e.uris.some((u) => vscode.languages.getDiagnostics(u).some((d) => d.source === 'holaryn'))) return;
    linted.dispose();
    out({ kind: 'lint-done', at: Date.now() });
  });
  await whenView(api, 'the first resolution', () => api.view.current.evidence !== undefined);
  out({ kind: 'activation', ...api.timings });
  return api;
}

export async function run(): Promise<void> {
  const root = vscode.workspace.workspaceFolders![0].uri;
  const api = await start();
  out({ kind: 'settings', view: VIEW, pace: PACE_MS, switches: SWITCHES, keystrokes: KEYSTROKES, baseline: BASELINE !== undefined });
  if (VIEW === 'hidden') await vscode.commands.executeCommand('workbench.action.closeSidebar');
  else {
    if (VIEW === 'alone') {
      // The Explorer's file tree no longer reveals each opened file (on a large tree that is much of a switch's rendering).
      await vscode.workspace.getConfiguration('explorer').update('autoReveal', false, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.files.action.collapseExplorerFolders');
    }
    await vscode.commands.executeCommand(BASELINE ? `${BASELINE.view}.focus` : 'holaryn.instructions.focus');
  }
  const settle = () => (PACE_MS > 0 ? new Promise((r) => setTimeout(r, PACE_MS)) : Promise.resolve());

  // Editor switches between files in different packages (each a different chain).
  const byPackage = new Map<string, vscode.Uri>();
  for (const uri of await vscode.workspace.findFiles('{packages,apps}/*/src/**/*.ts', '**/gen/**', 5000)) {
    const pkg = vscode.workspace.asRelativePath(uri, false).split('/').slice(0, 2).join('/');
    if (!byPackage.has(pkg)) byPackage.set(pkg, uri);
  }
  const files = [...byPackage.values()].slice(0, 12);
  if (files.length < 2) throw new Error('bench: too few files to switch between');
  const rel = (u: vscode.Uri) => vscode.workspace.asRelativePath(u, false);
  // When the extension host learns of the switch: the part before it is the workbench opening the editor.
  let switchedAt = 0;
  const onSwitch = vscode.window.onDidChangeActiveTextEditor((e) => {
    if (e) switchedAt = Date.now();
  });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  await profiled('switches', async () => {
    for (let i = -files.length; i < SWITCHES; i++) {
      // The first round opens each file once (not measured): later rounds switch between open editors.
      const uri = files[(i + files.length) % files.length];
      const target = rel(uri);
      if (i === 0) loop.enable();
      const t0 = Date.now();
      await vscode.window.showTextDocument(uri, { preview: false });
      if (api) await whenView(api, `the view on ${target}`, () => api.view.current.evidence?.targets[0]?.path === target);
      else await sleep(STAND_IN.switch);
      const t1 = Date.now();
      if (i >= 0) out({ kind: 'switch', i, t0, te: switchedAt, t1, target, rows: api ? firstLabels(api.view.provider.getRoots()) : [] });
      await settle();
    }
  });
  onSwitch.dispose();
  loop.disable();
  out({ kind: 'switch-loop', maxBlockMs: loop.max / 1e6, p99BlockMs: loop.percentile(99) / 1e6 });

  // Keystrokes in the root AGENTS.md: the live preview counts its reach over the workspace.
  const agents = vscode.Uri.joinPath(root, 'AGENTS.md');
  const opened = Date.now();
  const editor = await vscode.window.showTextDocument(agents, { preview: false });
  const shown = Date.now();
  const settled = (holaryn: HolarynApi) => () => {
    const p = row(holaryn, 'preview');
    return p !== undefined && !p.description?.includes('counting');
  };
  if (api) {
    await whenView(api, 'the first preview', settled(api));
    // Top-level rows only, so the preview row is on screen (the page watches it).
    if (VIEW !== 'hidden') await vscode.commands.executeCommand('workbench.actions.treeView.holaryn.instructions.collapseAll');
  }
  // The first keystroke comes at the same moment in both modes: no sooner than STAND_IN.open
  // after the file is shown (a person reads before typing; the control run cannot wait for a
  // preview), then the pace, as after every other step. Holaryn's preview is usually there first.
  await sleep(shown + STAND_IN.open - Date.now());
  await settle();
  // From opening AGENTS.md to the first keystroke (the workbench loads the Markdown support meanwhile).
  out({ kind: 'open-agents', t0: opened, ts: shown, t1: Date.now() });
  out({ kind: 'preview-first', description: api ? row(api, 'preview')?.description : undefined });
  /** One keystroke (`edit`, at `at`), timed to the settled preview and recorded as `kind`. */
  const keystroke = async (kind: string, k: number, at: vscode.Selection, edit: () => Thenable<unknown>) => {
    editor.selection = at;
    // When the extension host learns of the edit, and when the unsaved buffers are rebuilt.
    let tc = 0;
    let tb = 0;
    const told = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === editor.document && tc === 0) tc = Date.now();
    });
    const rebuilt = new Promise<void>((resolve) => {
      if (!api) {
        // The control run: the same time after the host is told of the edit, for nothing.
        const sub = vscode.workspace.onDidChangeTextDocument((e) => {
          if (e.document !== editor.document) return;
          sub.dispose();
          setTimeout(resolve, STAND_IN[kind as keyof typeof STAND_IN] ?? STAND_IN.keystroke);
        });
        return;
      }
      const sub = api.authoring.buffers.onDidChange(() => {
        // A rebuild for an earlier key (while typing) is not this one's.
        if (tc === 0) return;
        tb = Date.now();
        sub.dispose();
        resolve();
      });
    });
    const t0 = Date.now();
    await edit();
    // The buffers are rebuilt after a quiet time; the preview is then counted again.
    await rebuilt;
    told.dispose();
    if (api) await whenView(api, 'the preview after a keystroke', settled(api));
    out({ kind, k, t0, tc, tb, t1: Date.now(), description: api ? row(api, 'preview')?.description : undefined });
    await settle();
  };
  const last = editor.document.lineCount - 1;
  const keyLoop = monitorEventLoopDelay({ resolution: 10 });
  keyLoop.enable();
  await profiled('keystrokes', async () => {
    // In the text: the globs stay as they were, so what they match is known already.
    for (let k = 0; k < KEYSTROKES; k++) {
      const end = editor.document.lineAt(last).range.end;
      await keystroke('keystroke', k, new vscode.Selection(end, end), () =>
        k % 2 === 0 ? vscode.commands.executeCommand('type', { text: 'x' }) : vscode.commands.executeCommand('deleteLeft'),
      );
    }
  });
  keyLoop.disable();
  out({ kind: 'keystroke-loop', maxBlockMs: keyLoop.max / 1e6, p99BlockMs: keyLoop.percentile(99) / 1e6 });

  // In a frontmatter glob: each key makes a pattern not matched before (`**/util-x*.ts`, then
  // the `x` replaced by 0, 1, …), so the preview matches it over the whole workspace. One `*` per
  // segment, as most globs have (two or more in one segment go to the resolver's slower
  // linear-time matcher).
  const head = 'applies_to: "**/util-';
  await keystroke('glob-setup', 0, new vscode.Selection(0, 0, 0, 0), () =>
    editor.edit((b) => b.insert(new vscode.Position(0, 0), `---\n${head}x*.ts"\n---\n`)),
  );
  const globLoop = monitorEventLoopDelay({ resolution: 10 });
  globLoop.enable();
  await profiled('glob-keystrokes', async () => {
    for (let k = 0; k < KEYSTROKES; k++) {
      await keystroke('glob-keystroke', k, new vscode.Selection(1, head.length, 1, head.length + 1), () =>
        vscode.commands.executeCommand('type', { text: String(k % 10) }),
      );
    }
  });
  globLoop.disable();
  out({ kind: 'glob-keystroke-loop', maxBlockMs: globLoop.max / 1e6, p99BlockMs: globLoop.percentile(99) / 1e6 });

  // Typing as a person types: KEYSTROKES keys, one every TYPING_MS, without waiting for the
  // preview in between. How many times the unsaved buffers were rebuilt (each rebuild resolves
  // and counts again), how long the extension host was blocked, and how long after the last key
  // the preview settled: what the quiet time after the last keystroke trades.
  const typing = async (kind: string, at: vscode.Selection, key: (k: number) => string) => {
    editor.selection = at;
    const before = api?.authoring.buffers.version ?? 0;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t0 = Date.now();
    let tLast = t0;
    for (let k = 0; k < KEYSTROKES; k++) {
      await sleep(t0 + k * TYPING_MS - Date.now());
      tLast = Date.now();
      // The last key is timed like the keystrokes above: to the rebuilt buffers and the settled preview.
      if (k === KEYSTROKES - 1)
        await keystroke(`${kind}-last`, k, editor.selection, () => vscode.commands.executeCommand('type', { text: key(k) }));
      else await vscode.commands.executeCommand('type', { text: key(k) });
    }
    loop.disable();
    const rebuilds = (api?.authoring.buffers.version ?? 0) - before;
    out({ kind, t0, tLast, t1: Date.now(), keys: KEYSTROKES, every: TYPING_MS, rebuilds, maxBlockMs: loop.max / 1e6 });
  };
  const tail = editor.document.lineAt(editor.document.lineCount - 1).range.end;
  await typing('typing', new vscode.Selection(tail, tail), (k) => 'abcdefghij'[k % 10]);
  await typing('glob-typing', new vscode.Selection(1, head.length, 1, head.length), (k) => 'abcdefghij'[k % 10]);
  await vscode.commands.executeCommand('workbench.action.files.revert');
  out({ kind: 'done' });
}
