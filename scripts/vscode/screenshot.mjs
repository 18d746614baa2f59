#!/usr/bin/env node
// Screenshot of the real workbench with the extension under development loaded.
//
//   node scripts/vscode/screenshot.mjs --extension <dir> --workspace <dir|.code-workspace> --out <png>
//        [--open <file, relative to the workspace folder>] [--view-title "Demo view"] [--expand-all]
//        [--collapse-others]  (collapse the Explorer's other panes: the view gets the full height)
//        [--sidebar-width 480] (drag the sidebar wider)
//        [--collapse-rows "Sources,Validation"] [--expand-rows "narya"]  (view rows, by label, in order)
//        [--view-height 520]  (drag the sash above the view: the view this tall, the Files view above it)
//        [--width 1400 --height 900] [--timeout 120] [--verbose] [--quick-open]
//        [--files "src,src/app"] (the Files view instead of --view-title: these folders expanded,
//        other Explorer panes collapsed) [--hover src/app] (a row of the Files view hovered, for its tooltip)
//
// --view-title defaults to the first view the extension contributes to the Explorer.
import fs from 'node:fs';
import path from 'node:path';
import {
  ensureTools,
  launchChromium,
  log,
  onSignals,
  openWorkbench,
  parseArgs,
  revealView,
  startCodeServer,
  step,
  VIEWPORT,
  waitForQuietStatusBar,
} from './host.mjs';

const USAGE = `usage: node scripts/vscode/screenshot.mjs --extension <dir> --workspace <dir|.code-workspace> --out <png>
       [--open <relative file>] [--view-title "<title>"] [--expand-all] [--collapse-others] [--sidebar-width <px>]
       [--collapse-rows "<label>,<label>"] [--expand-rows "<label>,<label>"] [--view-height <px>]
       [--width 1400] [--height 900] [--timeout 120] [--verbose] [--files "a,a/b"] [--hover a/b]
  --files       screenshot the Files view with these folders expanded (its decorations show)
  --open        opened as the initial editor (payload "openFile"); --quick-open: through Ctrl+P instead`;

const args = parseArgs(
  process.argv.slice(2),
  {
    extension: 'string',
    workspace: 'string',
    out: 'string',
    open: 'string',
    'view-title': 'string',
    'expand-all': 'boolean',
    'quick-open': 'boolean',
    'collapse-others': 'boolean',
    'sidebar-width': 'number',
    'collapse-rows': 'string',
    'expand-rows': 'string',
    'view-height': 'number',
    width: 'number',
    height: 'number',
    timeout: 'number',
    verbose: 'boolean',
    files: 'string',
    hover: 'string',
  },
  USAGE,
);
for (const k of ['extension', 'workspace', 'out']) {
  if (!args[k]) {
    console.error(`missing --${k}\n${USAGE}`);
    process.exit(2);
  }
  args[k] = path.resolve(args[k]);
}
for (const k of ['extension', 'workspace']) {
  if (!fs.existsSync(args[k])) {
    console.error(`--${k}: ${args[k]} does not exist`);
    process.exit(2);
  }
}
const manifest = JSON.parse(fs.readFileSync(path.join(args.extension, 'package.json'), 'utf8'));
const viewTitle = args.viewTitle ?? manifest.contributes?.views?.explorer?.[0]?.name;
const timeoutMs = (args.timeout ?? 120) * 1000;

/** The file to open: absolute, or relative to the folder (or to the .code-workspace's folder). */
function resolveOpen() {
  if (!args.open) return undefined;
  if (path.isAbsolute(args.open)) return args.open;
  const base = args.workspace.endsWith('.code-workspace') ? path.dirname(args.workspace) : args.workspace;
  let file = path.join(base, args.open);
  if (!fs.existsSync(file) && args.workspace.endsWith('.code-workspace')) {
    // try each folder of the multi-root workspace
    try {
      const ws = JSON.parse(fs.readFileSync(args.workspace, 'utf8').replace(/^\s*\/\/.*$/gm, ''));
      for (const f of ws.folders ?? []) {
        const cand = path.join(path.resolve(base, f.path ?? ''), args.open);
        if (fs.existsSync(cand)) {
          file = cand;
          break;
        }
      }
    } catch {}
  }
  if (!fs.existsSync(file)) {
    console.error(`--open: ${file} does not exist`);
    process.exit(2);
  }
  return file;
}
const openFile = resolveOpen();

let server, browser;
async function cleanup(keep = false) {
  await browser?.close();
  await server?.stop({ keep });
}
onSignals(() => cleanup());

async function main() {
  await ensureTools();
  const t0 = Date.now();
  server = await startCodeServer({ workspace: args.workspace, echo: args.verbose });
  browser = await launchChromium({ viewport: { width: args.width ?? VIEWPORT.width, height: args.height ?? VIEWPORT.height } });
  const { page } = browser;
  page.setDefaultTimeout(timeoutMs);
  if (args.verbose)
    page.on('console', (m) => {
      if (m.type() === 'error') process.stderr.write(`[page] ${m.text()}\n`);
    });

  const payload = [['extensionDevelopmentPath', server.remoteUri(args.extension)]];
  // The workbench opens `openFile` as its initial editor (payload honoured for any build).
  if (openFile && !args.quickOpen) payload.push(['openFile', server.remoteUri(openFile)]);
  await step('workbench did not load', () => openWorkbench(page, { url: server.url, folder: args.workspace, payload, timeoutMs }));
  log(`workbench loaded (${((Date.now() - t0) / 1000).toFixed(1)} s)`);

  if (openFile) {
    const name = path.basename(openFile);
    const tab = page.locator('.tabs-container .tab', { hasText: name }).first();
    const opened =
      !args.quickOpen &&
      (await tab.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      ));
    if (!opened) {
      // Fallback: Quick Open.
      log(`opening ${name} through Quick Open`);
      await page
        .locator('.monaco-workbench')
        .click({ position: { x: 700, y: 450 } })
        .catch(() => {});
      await page.keyboard.press('Control+P');
      await page.locator('.quick-input-widget input').waitFor();
      await page.keyboard.type(args.open);
      await page.locator('.quick-input-list .monaco-list-row').first().waitFor();
      await page.keyboard.press('Enter');
      await step(`file ${name} did not open`, () => tab.waitFor({ timeout: 20_000 }));
    }
    // wait for the editor text itself
    await page
      .locator('.editor-instance .view-lines .view-line')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => {});
  }

  if (args.files !== undefined) {
    await showFiles(page, args.files.split(',').filter(Boolean), args.hover);
    log(`screenshot of the Files view (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    await page.waitForTimeout(args.hover ? 0 : 800);
    fs.mkdirSync(path.dirname(args.out), { recursive: true });
    await page.screenshot({ path: args.out });
    log(`screenshot ${args.out}`);
    return;
  }

  const labels = await revealView(page, {
    viewTitle,
    expandAll: args.expandAll,
    collapseOthers: args.collapseOthers,
    sidebarWidth: args.sidebarWidth,
  });
  if (viewTitle) {
    log(`view "${viewTitle}": ${labels.length} row(s) rendered: ${labels.slice(0, 8).join(' | ')}${labels.length > 8 ? ' | …' : ''}`);
  }
  if (viewTitle && args.viewHeight) await resizeView(page, viewTitle, args.viewHeight);
  if (viewTitle && (args.collapseRows || args.expandRows)) {
    await setRowsExpanded(page, viewTitle, args.collapseRows, false);
    await setRowsExpanded(page, viewTitle, args.expandRows, true);
  }
  await waitForQuietStatusBar(page);

  // Park the mouse on the empty part of the title bar (no hover), let animations settle.
  await page.mouse.move(Math.round((args.width ?? VIEWPORT.width) * 0.85), 12);
  await page.waitForTimeout(800);
  fs.mkdirSync(path.dirname(args.out), { recursive: true });
  await page.screenshot({ path: args.out });
  log(`screenshot ${args.out} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/**
 * The Files view with `folders` (workspace-relative, parents first) expanded and every other
 * Explorer pane collapsed; with `hover`, that row is hovered until its tooltip shows.
 */
async function showFiles(page, folders, hover) {
  await revealView(page, { sidebarWidth: args.sidebarWidth });
  // The extension's view opens itself on the first run, once its first answer is there: wait for
  // that, so it does not move the Files view after the folders are laid out (and the hover is shown).
  if (viewTitle) {
    const own = paneHeader(page, viewTitle);
    await own.waitFor({ timeout: 15_000 }).catch(() => {});
    await page
      .waitForFunction((el) => el?.getAttribute('aria-expanded') === 'true', await own.elementHandle().catch(() => null), {
        timeout: 20_000,
      })
      .catch(() => log(`the view "${viewTitle}" did not open by itself`));
  }
  const panes = page.locator('.part.sidebar .pane-header');
  for (const h of await panes.all()) {
    const files = await h.evaluate((el) => el.parentElement.querySelector('.explorer-folders-view') !== null);
    const expanded = (await h.getAttribute('aria-expanded')) === 'true';
    if (files !== expanded) await h.click();
  }
  const tree = page.locator('.part.sidebar .explorer-folders-view');
  await tree.locator('.monaco-list-row').first().waitFor();
  const row = (rel) => {
    const depth = rel.split('/').length;
    const name = rel.split('/').pop();
    return tree
      .locator(`.monaco-list-row[aria-level="${depth}"]`)
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) })
      .first();
  };
  for (const rel of folders) {
    const r = row(rel);
    await step(`no folder ${rel} in the Files view`, () => r.waitFor({ timeout: 15_000 }));
    if ((await r.getAttribute('aria-expanded')) !== 'true') await r.click();
    await page.waitForTimeout(300);
  }
  await page.keyboard.press('Escape');
  if (hover) {
    const r = row(hover);
    const box = await r.locator('.label-name').boundingBox();
    // The workbench shows a row's hover after the pointer comes to rest on it (not after a click
    // there): leave, come back, rest.
    await page.mouse.move(box.x + 600, box.y);
    await page.waitForTimeout(500);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + 3, box.y + box.height / 2, { steps: 3 });
    await page
      .locator('.workbench-hover, .monaco-hover')
      .filter({ hasText: /\S/ })
      .first()
      .waitFor({ state: 'visible', timeout: 10_000 })
      .catch(() => log('no tooltip showed'));
    await page.waitForTimeout(500);
  } else {
    await page.mouse.move(Math.round((args.width ?? VIEWPORT.width) * 0.85), 12);
  }
}

/** The header of the Explorer pane titled `title` (case-insensitive, whole). */
function paneHeader(page, title) {
  return page
    .locator('.part.sidebar .pane-header')
    .filter({ has: page.locator('h3.title', { hasText: new RegExp(`^\\s*${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'i') }) })
    .first();
}

/** Drags the sash above the view titled `title` until the view is `height` px tall (the panes above it give way). */
async function resizeView(page, title, height) {
  const header = paneHeader(page, title);
  const box = await header.locator('xpath=..').boundingBox();
  const sashes = await page
    .locator('.part.sidebar .monaco-sash.horizontal')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 })));
  const sash = box && sashes.find((s) => Math.abs(s.y - box.y) < 6);
  if (!sash) {
    log(`no sash above the view "${title}": its height is left as it is`);
    return;
  }
  await page.mouse.move(sash.x, sash.y);
  await page.mouse.down();
  await page.mouse.move(sash.x, sash.y - (height - box.height), { steps: 10 });
  await page.mouse.up();
  await page.waitForTimeout(300);
}

/** Collapses (or expands) the view's rows whose label is one of `list` (comma-separated), in order. */
async function setRowsExpanded(page, title, list, expanded) {
  if (!list) return;
  const header = paneHeader(page, title);
  const body = header.locator('xpath=..').locator('.pane-body');
  for (const label of list
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const row = body
      .locator('.monaco-list-row')
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }) })
      .first();
    if (!(await row.count())) {
      log(`row "${label}" is not shown: left as it is`);
      continue;
    }
    if ((await row.getAttribute('aria-expanded')) === String(!expanded)) {
      await row.locator('.monaco-tl-twistie').click();
      await page.waitForTimeout(300);
    }
  }
}

main().then(
  async () => {
    await cleanup();
    process.exit(0);
  },
  async (err) => {
    log(`ERROR: ${err?.message ?? err}`);
    try {
      if (browser) {
        const fail = args.out.replace(/\.png$/i, '') + '.failed.png';
        await browser.page.screenshot({ path: fail });
        log(`state at failure: ${fail}`);
      }
    } catch {}
    await cleanup(true).catch(() => {});
    if (server) log(`code-server log kept: ${server.logFile}`);
    process.exit(1);
  },
);
