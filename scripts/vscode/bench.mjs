#!/usr/bin/env node
// How fast the view feels in the real VS Code host (code-server driven by headless Chromium):
// activation, editor switch → view rows updated, keystroke in AGENTS.md → live preview updated,
// and the workbench's main-thread long tasks (> 50 ms) while it runs.
//
//   npm run bench:vscode -- [--files 200000] [--switches 100] [--keystrokes 10] [--json out.json] [--timeout 1800] [--profile DIR]
//
// --pace MS waits MS after each switch and keystroke, so the screen settles before the next step
// (the on-screen figures need it on a slow machine; long tasks then belong to one step each).
// --view hidden closes the sidebar: the same steps with nothing of the view rendered, to tell the
// workbench's own long tasks from the view's; --view alone keeps the view but stops the Explorer's
// file tree from revealing each opened file.
// --baseline is the control run: the same steps with Holaryn not loaded. A placeholder extension
// (an empty view named like Holaryn's, in the same place in the Explorer) is the extension under
// development, and where the bench waits for Holaryn's view it waits a fixed time instead (about
// what Holaryn's answer takes), so what is left is the workbench's own work: its long tasks and the
// time it takes to tell the extension host of a switch or an edit.
// --profile writes CPU profiles of the extension host's thread during the switches and the
// keystrokes (DIR/switches.cpuprofile, DIR/keystrokes.cpuprofile; open them in Chrome's DevTools).
//
// The tree is the bench monorepo (scripts/bench/tree.mjs) grown to about --files files, built
// once and reused. The in-host half (scripts/vscode/bench-suite.ts, bundled to out/bench/suite.js)
// drives the editor through the extension's API and prints timed records; this half opens the
// workbench with the view visible, watches the view's rows in the page (a MutationObserver on
// the rows' text) and the page's long tasks, and matches both by wall-clock time.
import fs from 'node:fs';
import path from 'node:path';
import { editorTree } from '../bench/tree.mjs';
import { launchChromium, log, MARK, onSignals, openWorkbench, parseArgs, ROOT, startCodeServer, writeSuiteWrapper } from './host.mjs';

const USAGE = `usage: node scripts/vscode/bench.mjs [--files 200000] [--switches 100] [--keystrokes 10] [--json out.json] [--timeout 1800] [--pace MS] [--view visible|alone|hidden] [--baseline] [--profile DIR] [--verbose]
       node scripts/vscode/bench.mjs --report out.json   (the table again from a saved run)`;
const args = parseArgs(
  process.argv.slice(2),
  {
    files: 'number',
    switches: 'number',
    keystrokes: 'number',
    json: 'string',
    report: 'string',
    timeout: 'number',
    profile: 'string',
    pace: 'number',
    view: 'string',
    baseline: 'boolean',
    verbose: 'boolean',
  },
  USAGE,
);
if (args.report) {
  const saved = JSON.parse(fs.readFileSync(args.report, 'utf8'));
  report(saved, saved.tree);
  process.exit(0);
}
const wanted = args.files ?? 200_000;
const suite = path.join(ROOT, 'out', 'bench', 'suite.js');
if (!fs.existsSync(suite)) {
  console.error(`${suite} is missing: run \`npm run build\` first`);
  process.exit(2);
}

log(`building the bench tree (~${wanted.toLocaleString('en-US')} files; reused when it exists)…`);
const tree = editorTree(wanted);
log(`tree ${tree.root}: ${tree.manifest.files.toLocaleString('en-US')} files, ${tree.manifest.instructionFiles} instruction files`);

/** Runs in the page before the workbench: long tasks and the view's row texts, with wall-clock times. */
function pageProbe() {
  /* global window, document, MutationObserver */
  const probe = (window.__holarynBench = { longTasks: [], rows: [] });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) probe.longTasks.push({ at: performance.timeOrigin + e.startTime, ms: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    probe.longTasks = null; // not supported
  }
  const last = {};
  const record = (key, text) => {
    if (last[key] === text) return;
    last[key] = text;
    probe.rows.push({ at: Date.now(), key, text });
  };
  const look = () => {
    for (const row of document.querySelectorAll('.monaco-list-row')) {
      const name = row.querySelector('.label-name')?.textContent;
      if (name?.startsWith('Preview of ')) record('preview', row.querySelector('.label-description')?.textContent ?? '');
    }
    // The first rows of the view as rendered (the first agent and its files), top to bottom.
    const pane = [...document.querySelectorAll('.part.sidebar .pane')].find(
      (p) => p.querySelector('.pane-header h3.title')?.textContent.trim().toLowerCase() === 'repository instructions',
    );
    if (!pane) return;
    const rows = [...pane.querySelectorAll('.pane-body .monaco-list-row')]
      .sort((a, b) => Number(a.getAttribute('data-index')) - Number(b.getAttribute('data-index')))
      .map((r) => r.querySelector('.label-name')?.textContent.trim() ?? '');
    if (rows.length > 0) record('first', rows.join('\n'));
  };
  const start = () => new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
function ms(v) {
  return Number.isFinite(v) ? `${Math.round(v)} ms` : 'n/a';
}

// The extension host inherits code-server's environment, which inherits this one.
process.env.HOLARYN_BENCH_SWITCHES = String(args.switches ?? 100);
process.env.HOLARYN_BENCH_KEYSTROKES = String(args.keystrokes ?? 10);
if (args.profile) process.env.HOLARYN_BENCH_PROFILE = path.resolve(args.profile);
if (args.view !== undefined && !['visible', 'alone', 'hidden'].includes(args.view)) {
  console.error(`--view is visible, alone or hidden, not ${JSON.stringify(args.view)}\n${USAGE}`);
  process.exit(2);
}
process.env.HOLARYN_BENCH_VIEW = args.view ?? 'visible';
process.env.HOLARYN_BENCH_PACE = String(args.pace ?? 0);
/** The control run's stand-in for Holaryn: an extension with one empty view where Holaryn's is. */
const PLACEHOLDER = {
  name: 'bench-baseline',
  publisher: 'holaryn-bench',
  version: '0.0.0',
  engines: { vscode: '^1.95.0' },
  main: './extension.js',
  contributes: { views: { explorer: [{ id: 'holarynBenchBaseline.instructions', name: 'Repository instructions' }] } },
};
if (args.baseline) {
  const ids = { extension: `${PLACEHOLDER.publisher}.${PLACEHOLDER.name}`, view: PLACEHOLDER.contributes.views.explorer[0].id };
  process.env.HOLARYN_BENCH_BASELINE = JSON.stringify(ids);
}

/** Writes the placeholder extension into `dir` and returns `dir`. */
function writePlaceholder(dir) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(PLACEHOLDER, null, 2));
  const view = PLACEHOLDER.contributes.views.explorer[0].id;
  fs.writeFileSync(
    path.join(dir, 'extension.js'),
    `'use strict';
const vscode = require('vscode');
exports.activate = (context) => {
  context.subscriptions.push(vscode.window.registerTreeDataProvider(${JSON.stringify(view)}, { getChildren: () => [], getTreeItem: (e) => e }));
};
`,
  );
  return dir;
}

let server, browser;
async function cleanup() {
  await browser?.close();
  await server?.stop();
}
onSignals(cleanup);

async function main() {
  server = await startCodeServer({ workspace: tree.root, echo: args.verbose });
  const wrapper = writeSuiteWrapper(path.join(server.dataDir, 'suite'), suite);
  browser = await launchChromium();
  const { page } = browser;
  await page.addInitScript(pageProbe);
  const records = [];
  let exit;
  const exited = new Promise((r) => (exit = r));
  const tStart = Date.now();
  await openWorkbench(page, {
    url: server.url,
    folder: tree.root,
    payload: [
      ['extensionDevelopmentPath', server.remoteUri(args.baseline ? writePlaceholder(path.join(server.dataDir, 'placeholder')) : ROOT)],
      ['extensionTestsPath', server.remoteUri(wrapper)],
    ],
    onLog: (_level, msg) => {
      const text = Array.isArray(msg) ? msg.join(' ') : String(msg);
      const i = text.indexOf(MARK);
      if (i < 0) return;
      const line = text.slice(i + MARK.length).replaceAll(MARK, '');
      if (line.startsWith('BENCH ')) {
        const r = JSON.parse(line.slice(6));
        records.push(r);
        if (r.kind !== 'switch' || r.i % 25 === 0)
          log(`  ${r.kind}${r.i !== undefined ? ` ${r.i}` : ''}${r.k !== undefined ? ` ${r.k}` : ''}`);
      } else if (args.verbose || /Error|failed/i.test(line)) process.stderr.write(`${line}\n`);
    },
    onExit: (code) => exit(code),
  });
  log(`workbench open in ${((Date.now() - tStart) / 1000).toFixed(1)} s; the bench runs in the extension host…`);
  // With --profile, the page's main thread too (the workbench: where its long tasks go).
  const cdp = args.profile ? await page.context().newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const timeout = new Promise((r) => setTimeout(() => r('timeout'), (args.timeout ?? 1800) * 1000));
  const code = await Promise.race([exited, timeout]);
  const probe = await page.evaluate(() => window.__holarynBench).catch(() => ({ longTasks: null, rows: [] }));
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    // Sample times are the page's monotonic clock; the long tasks are wall-clock: keep the offset.
    const origin = await page.evaluate(() => performance.timeOrigin);
    fs.mkdirSync(args.profile, { recursive: true });
    fs.writeFileSync(path.join(args.profile, 'workbench.cpuprofile'), JSON.stringify({ ...profile, timeOrigin: origin }));
  }
  if (code !== 0)
    throw new Error(code === 'timeout' ? 'the bench timed out' : `the in-host bench failed (exit ${code}); rerun with --verbose`);
  return { records, probe };
}

/**
 * When the page first showed `key`'s row satisfying `ok` once the host had it (at `t1`, less a
 * little clock slack): the screen lags behind the host, so an earlier change showing the same
 * text belongs to an earlier step. Undefined when the row never showed it (the workbench,
 * running late, rendered a later state straight away).
 */
function shownAt(rows, key, t1, until, ok) {
  return rows.find((r) => r.key === key && r.at >= t1 - 2 && r.at < until && ok(r.text))?.at;
}

function report({ records, probe }, manifest = tree.manifest) {
  const act = records.find((r) => r.kind === 'activation');
  const switches = records.filter((r) => r.kind === 'switch');
  const keys = records.filter((r) => r.kind === 'keystroke');
  const inHost = (list) => list.map((r) => r.t1 - r.t0);
  const onScreen = (list, key, ok) =>
    // A row seen after the next step was ready belongs to no step: the screen skipped this one.
    list
      .map((r, i) => shownAt(probe.rows, key, r.t1, list[i + 1]?.t1 ?? Infinity, (text) => ok(r, text)))
      .flatMap((at, i) => (at === undefined ? [] : [at - list[i].t0]));
  const eventToRows = switches.filter((r) => r.te >= r.t0).map((r) => r.t1 - r.te);
  const globKeys = records.filter((r) => r.kind === 'glob-keystroke');
  const told = (list) => list.filter((r) => r.tc >= r.t0).map((r) => r.t1 - r.tc);
  const counted = (list) => list.filter((r) => r.tb >= r.t0).map((r) => r.t1 - r.tb);
  const keyTold = told(keys);
  const keyCount = counted(keys);
  const globScreen = onScreen(globKeys, 'preview', (r, text) => text === r.description);
  // The rendered rows are the first of the rows the host built for this target (as many as fit).
  const switchScreen = onScreen(switches, 'first', (r, text) => text.split('\n').every((label, i) => label === r.rows?.[i]));
  const keyScreen = onScreen(keys, 'preview', (r, text) => text === r.description);
  const between = (from, to) => {
    if (!probe.longTasks) return { count: NaN, max: NaN, sum: NaN };
    const tasks = probe.longTasks.filter((t) => t.at >= from && t.at <= to);
    return { count: tasks.length, max: Math.max(0, ...tasks.map((t) => t.ms)), sum: tasks.reduce((a, t) => a + t.ms, 0) };
  };
  const during = (list) => (list.length === 0 ? { count: NaN, max: NaN, sum: NaN } : between(list[0].t0, list[list.length - 1].t1 + 500));
  const loops = Object.fromEntries(records.filter((r) => r.kind.endsWith('-loop')).map((r) => [r.kind, r]));
  const rows = [
    ['activation: bundle loaded → activate() returned', ms(act?.activate), '', ''],
    // The host loads the bundle and the extension's context (its storage, from the workbench) at
    // the same time, and calls activate() once both are there: the wait is the host's.
    [
      'activation: activate() itself (without the host waiting for the extension context)',
      ms(act?.steps ? act.activate - (act.steps.load ?? 0) : NaN),
      '',
      '',
    ],
    ['activation: bundle loaded → first resolution shown', ms(act?.firstView), '', ''],
    [
      `editor switch → view rows (in host), ${switches.length} switches`,
      `p50 ${ms(percentile(inHost(switches), 50))}`,
      `p95 ${ms(percentile(inHost(switches), 95))}`,
      `max ${ms(Math.max(...inHost(switches)))}`,
    ],
    [
      'editor switch: extension host told → view rows (in host)',
      `p50 ${ms(percentile(eventToRows, 50))}`,
      `p95 ${ms(percentile(eventToRows, 95))}`,
      `max ${ms(Math.max(...eventToRows))}`,
    ],
    [
      `editor switch → rows on screen, ${switchScreen.length} seen`,
      `p50 ${ms(percentile(switchScreen, 50))}`,
      `p95 ${ms(percentile(switchScreen, 95))}`,
      `max ${ms(Math.max(...switchScreen))}`,
    ],
    [
      `keystroke in AGENTS.md → preview (in host), ${keys.length} keys`,
      `p50 ${ms(percentile(inHost(keys), 50))}`,
      `p95 ${ms(percentile(inHost(keys), 95))}`,
      `max ${ms(Math.max(...inHost(keys)))}`,
    ],
    [
      'keystroke: extension host told of the edit → preview (in host)',
      `p50 ${ms(percentile(keyTold, 50))}`,
      `p95 ${ms(percentile(keyTold, 95))}`,
      `max ${ms(Math.max(...keyTold))}`,
    ],
    [
      'keystroke: unsaved buffers rebuilt (after the quiet time) → preview (in host)',
      `p50 ${ms(percentile(keyCount, 50))}`,
      `p95 ${ms(percentile(keyCount, 95))}`,
      `max ${ms(Math.max(...keyCount))}`,
    ],
    [
      `keystroke → preview on screen, ${keyScreen.length} seen`,
      `p50 ${ms(percentile(keyScreen, 50))}`,
      `p95 ${ms(percentile(keyScreen, 95))}`,
      `max ${ms(Math.max(...keyScreen))}`,
    ],
  ];
  const spread = (label, values) => [
    label,
    `p50 ${ms(percentile(values, 50))}`,
    `p95 ${ms(percentile(values, 95))}`,
    `max ${ms(Math.max(...values))}`,
  ];
  if (globKeys.length > 0) {
    rows.push(
      spread(`keystroke in a frontmatter glob (a new pattern each) → preview (in host), ${globKeys.length} keys`, inHost(globKeys)),
    );
    rows.push(spread('glob keystroke: extension host told of the edit → preview (in host)', told(globKeys)));
    rows.push(spread('glob keystroke: unsaved buffers rebuilt → preview (in host)', counted(globKeys)));
    rows.push(spread(`glob keystroke → preview on screen, ${globScreen.length} seen`, globScreen));
  }
  // Switches while the first workspace lint still ran in the background, and after it.
  const lintDone = records.find((r) => r.kind === 'lint-done')?.at;
  if (lintDone !== undefined) {
    const told = (list) => list.filter((r) => r.te >= r.t0).map((r) => r.t1 - r.te);
    const busy = switches.filter((r) => r.t0 < lintDone);
    const free = switches.filter((r) => r.t0 >= lintDone);
    rows.push(spread(`editor switch: told → rows, while the first workspace lint ran (${busy.length} switches)`, told(busy)));
    rows.push(spread(`editor switch: told → rows, after it (${free.length} switches)`, told(free)));
  }
  // The workbench's part, measured the same way with and without Holaryn (--baseline): from the
  // step to the extension host told of it. The control run has only these and the ones below.
  const run = records.find((r) => r.kind === 'settings');
  if (run?.baseline) rows.length = 0;
  const delivered = (list) => list.filter((r) => r.tc >= r.t0).map((r) => r.tc - r.t0);
  const [firstKey, ...laterKeys] = keys;
  const opened = switches.filter((r) => r.te >= r.t0).map((r) => r.te - r.t0);
  rows.push(spread(`editor switch → extension host told (the workbench opening the editor), ${switches.length} switches`, opened));
  rows.push(spread(`keystroke → extension host told of the edit (the workbench delivering it), ${keys.length} keys`, delivered(keys)));
  rows.push([
    'first keystroke after opening AGENTS.md: delivered / told → preview / total',
    ms(firstKey ? firstKey.tc - firstKey.t0 : NaN),
    run?.baseline ? '' : ms(firstKey ? firstKey.t1 - firstKey.tc : NaN),
    run?.baseline ? '' : ms(firstKey ? firstKey.t1 - firstKey.t0 : NaN),
  ]);
  rows.push(spread(`later keystrokes (${laterKeys.length}): delivered`, delivered(laterKeys)));
  if (!run?.baseline) {
    rows.push(spread('later keystrokes: told → preview (the quiet time, then the count)', told(laterKeys)));
    rows.push(spread('later keystrokes: keystroke → preview, in all (in host)', inHost(laterKeys)));
  }
  const sw = during(switches);
  const ks = during(keys);
  const open = records.find((r) => r.kind === 'open-agents');
  if (open && firstKey) {
    const os = between(open.t0, firstKey.t0);
    rows.push([
      'workbench long tasks > 50 ms from opening AGENTS.md to the first keystroke',
      `${os.count}`,
      `max ${ms(os.max)}`,
      `in all ${ms(os.sum)}`,
    ]);
  }
  rows.push(['workbench long tasks > 50 ms during the switches', `${sw.count}`, `max ${ms(sw.max)}`, `in all ${ms(sw.sum)}`]);
  rows.push(['workbench long tasks > 50 ms during the keystrokes', `${ks.count}`, `max ${ms(ks.max)}`, `in all ${ms(ks.sum)}`]);
  if (globKeys.length > 0) {
    const gs = during(globKeys);
    rows.push(['workbench long tasks > 50 ms during the glob keystrokes', `${gs.count}`, `max ${ms(gs.max)}`, `in all ${ms(gs.sum)}`]);
  }
  // Typing without waiting for the preview: what the quiet time after the last keystroke trades.
  for (const [kind, label] of [
    ['typing', 'in the text'],
    ['glob-typing', 'in a frontmatter glob'],
  ]) {
    const t = records.find((r) => r.kind === kind);
    const last = records.find((r) => r.kind === `${kind}-last`);
    if (!t) continue;
    const lt = between(t.t0, t.t1 + 500);
    rows.push([
      `typing ${label}, ${t.keys} keys ${t.every} ms apart: buffers rebuilt / last key → told / told → preview`,
      run?.baseline ? '' : `${t.rebuilds} rebuilds`,
      ms(last ? last.tc - last.t0 : NaN),
      run?.baseline ? '' : ms(last ? last.t1 - last.tc : NaN),
    ]);
    rows.push([`… long tasks > 50 ms / extension host blocked at most`, `${lt.count}`, `max ${ms(lt.max)}`, `host ${ms(t.maxBlockMs)}`]);
  }
  rows.push([
    'extension host event loop blocked (switches / keystrokes / glob keystrokes)',
    `max ${ms(loops['switch-loop']?.maxBlockMs)}`,
    `max ${ms(loops['keystroke-loop']?.maxBlockMs)}`,
    `max ${ms(loops['glob-keystroke-loop']?.maxBlockMs)} (glob keystrokes)`,
  ]);
  const preview = records.find((r) => r.kind === 'preview-first')?.description;
  if (act?.steps) {
    const parts = Object.entries(act.steps).map(([name, v]) => `${name} ${ms(v)}`);
    console.log(`\nactivation steps: ${parts.join(', ')}`);
  }
  const how = run ? `; view ${run.view}, ${run.pace} ms between steps` : '';
  const what = run?.baseline ? 'control run, Holaryn not loaded (a placeholder view, fixed waits)' : `preview of AGENTS.md: ${preview}`;
  console.log(`\nTree: ${manifest.files.toLocaleString('en-US')} files; ${what}${how}\n`);
  console.log('| measure | | | |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  if (args.json && !args.report) fs.writeFileSync(args.json, JSON.stringify({ tree: manifest, records, probe }, null, 2));
}

main().then(
  async (result) => {
    await cleanup();
    report(result);
    process.exit(0);
  },
  async (err) => {
    log(`ERROR: ${err?.message ?? err}`);
    await cleanup().catch(() => {});
    process.exit(1);
  },
);
