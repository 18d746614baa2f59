// A real VS Code (code-server) plus headless Chromium, offline: the shared pieces of
// run-tests.mjs, screenshot.mjs and start.mjs. See CONTRIBUTING.md, "The real VS Code host".
//
//   const cs = await startCodeServer({ workspace });       // {url, port, remoteUri(), stop(), ...}
//   const browser = await launchChromium();                 // {context, page, close()}
//   await openWorkbench(browser.page, { url: cs.url, folder: workspace,
//     payload: [['extensionDevelopmentPath', cs.remoteUri(extDir)]] });
//   await revealView(browser.page, { viewTitle: 'Demo view', expandAll: true });
//   ...; await browser.close(); await cs.stop();
//
// Loading the extension under development: code-server has no --extensionDevelopmentPath flag
// (its server never hands one to the web workbench). The web workbench reads it from the
// `payload` URL parameter instead, and only when the server runs with
// `--vscode-option enable-smoke-test-driver` (always passed here). So the extension is loaded
// by the URL, not by the server: every page opened with that URL (and every reload of it) runs
// the folder's current code in an "[Extension Development Host]" window (Development mode);
// the bare URL does not. Other payload entries used here: extensionTestsPath (tests) and
// openFile (the initial editor, honoured even without the smoke-test flag).
// The other way, linkExtension(): a symlink <publisher>.<name>-<version> in the extensions dir
// makes it an installed extension (Production mode) that any URL loads; start.mjs does both.
//
// playwright-core is resolved from <project>/node_modules (a devDependency), or from NODE_PATH.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ensureTools, log, ROOT, TOOLS_DIR } from './ensure-tools.mjs';

export { ensureTools, log, ROOT, TOOLS_DIR };

// Used by run-tests.mjs and bench.mjs: a suite (extensionTestsPath) run inside the extension host.
// Lines from the suite carry this mark: codeAutomationLog also receives the workbench's own
// info log (connection, open-vsx lookups...), printed only with --verbose.
export const MARK = '\u2063holaryn-test\u2063';

/** A CommonJS test entry that formats the extension host's console output itself (the
 *  workbench would print mocha's "%s" format strings unformatted), marks it, then runs the
 *  real suite. VS Code defines console.log & co. with a getter and a no-op setter, so the
 *  patch must use Object.defineProperty. */
export function writeSuiteWrapper(dir, suite) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"commonjs"}\n');
  const file = path.join(dir, 'suite-wrapper.js');
  fs.writeFileSync(
    file,
    `'use strict';
const util = require('util');
const path = require('path');
const MARK = ${JSON.stringify(MARK)};
const SUITE = ${JSON.stringify(suite)};
for (const m of ['log', 'info', 'warn', 'error', 'debug']) {
  const orig = console[m];
  if (typeof orig !== 'function') continue;
  const fn = (...a) => orig.call(console, MARK + util.format(...a));
  try { Object.defineProperty(console, m, { get: () => fn, set: () => {}, configurable: true }); } catch {}
}
exports.run = (_testsRoot, cb) => require(SUITE).run(path.dirname(SUITE), cb);
`,
  );
  return file;
}

export const DEFAULT_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'git.openRepositoryInParentFolders': 'never',
  // The web workbench saves every edited file after one second (files.autoSave "afterDelay");
  // desktop VS Code, which the extension is written for, never saves on its own. Tests and
  // measurements of unsaved text need the desktop behaviour.
  'files.autoSave': 'off',
  // the tools folder may sit inside the opened workspace (e.g. the repo itself)
  'files.watcherExclude': { '**/.vscode-test/**': true },
  'search.exclude': { '**/.vscode-test': true },
  'files.exclude': { '**/.vscode-test': true },
};

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORT = { width: 1400, height: 900 };

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function httpStatus(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/** Env for code-server: no npm_* (from `npm run`) and no VSCODE_* (from a VS Code terminal). */
function serverEnv(extra) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(npm_|VSCODE_|ELECTRON_)/i.test(k) || k === 'INIT_CWD') continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

const liveGroups = new Set();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // Last resort when the script exits without calling stop(): never leave a server behind.
  // (Not run when the process dies of a signal it does not handle: the CLI scripts handle
  // SIGINT/SIGTERM/SIGHUP with onSignals(); importers should do the same.)
  process.on('exit', () => {
    for (const pid of liveGroups) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {}
    }
  });
}

/**
 * Starts code-server on 127.0.0.1 with isolated state under .vscode-test/.
 * @param {object} o
 * @param {string} [o.workspace] folder or .code-workspace file the bare URL opens
 * @param {number} [o.port] default: a free port
 * @param {string} [o.extensionDevelopmentPath] gives the result a devUrl: the workspace with this
 *   extension loaded through the payload (see top); the server itself does not load it
 * @param {object} [o.userSettings] merged over DEFAULT_SETTINGS into User/settings.json
 * @param {string} [o.dataDir] keep state in this folder (reused across runs); default: a fresh
 *   folder under .vscode-test/runs/ removed by stop() (unless stop({keep:true}))
 * @param {boolean} [o.workspaceTrust] true: do not pass --disable-workspace-trust
 * @param {string} [o.linkExtension] extension folder to symlink into the extensions dir (see linkExtension)
 * @param {boolean} [o.echo] also copy the server's output to stderr
 * @param {number} [o.startTimeoutMs] default 60000
 */
export async function startCodeServer(o = {}) {
  const tools = await ensureTools();
  const port = o.port ?? (await freePort());
  const fresh = !o.dataDir;
  if (fresh) pruneRuns();
  const dataDir = path.resolve(
    o.dataDir ?? path.join(TOOLS_DIR, 'runs', `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${port}`),
  );
  const dirs = {
    userData: path.join(dataDir, 'user-data'),
    extensions: path.join(dataDir, 'extensions'),
    xdgData: path.join(dataDir, 'xdg', 'data'),
    xdgConfig: path.join(dataDir, 'xdg', 'config'),
    xdgCache: path.join(dataDir, 'xdg', 'cache'),
  };
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true });
  if (o.linkExtension) linkExtension(dirs.extensions, o.linkExtension);
  const settingsFile = path.join(dirs.userData, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
  let existing = {};
  if (fs.existsSync(settingsFile)) {
    try {
      existing = JSON.parse(fs.readFileSync(settingsFile, 'utf8'));
    } catch {
      existing = null; // JSONC edited by hand: leave it alone
      log(`keeping ${settingsFile} as it is (not plain JSON)`);
    }
  }
  if (existing) {
    // a kept profile keeps its own changes; explicit userSettings win over both
    fs.writeFileSync(settingsFile, JSON.stringify({ ...DEFAULT_SETTINGS, ...existing, ...(o.userSettings ?? {}) }, null, 2) + '\n');
  }
  const configFile = path.join(dataDir, 'config.yaml');
  // Flags below override the file; it exists so code-server never writes ~/.config/code-server.
  fs.writeFileSync(configFile, 'auth: none\ncert: false\n');
  const logFile = path.join(dataDir, 'code-server.log');
  const logFd = fs.openSync(logFile, 'w');

  const args = [
    tools.codeServerEntry,
    '--config',
    configFile,
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--auth',
    'none',
    '--user-data-dir',
    dirs.userData,
    '--extensions-dir',
    dirs.extensions,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--vscode-option',
    'enable-smoke-test-driver',
  ];
  if (!o.workspaceTrust) args.push('--disable-workspace-trust');
  if (o.workspace) args.push(path.resolve(o.workspace));

  const child = spawn(tools.node24, args, {
    cwd: dataDir,
    detached: true, // own process group: stop() kills the server, its extension hosts and pty host
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv({
      XDG_DATA_HOME: dirs.xdgData,
      XDG_CONFIG_HOME: dirs.xdgConfig,
      XDG_CACHE_HOME: dirs.xdgCache,
    }),
  });
  const tail = [];
  const onData = (chunk) => {
    fs.writeSync(logFd, chunk);
    if (o.echo) process.stderr.write(chunk);
    for (const line of chunk.toString().split('\n')) if (line) tail.push(line);
    while (tail.length > 40) tail.shift();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  liveGroups.add(child.pid);
  installExitHook();
  let exited = null;
  const exitPromise = new Promise((r) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      r(exited);
    }),
  );
  // (the group stays in liveGroups until stop(): its other processes may outlive the leader)

  const url = `http://127.0.0.1:${port}`;
  const authority = `127.0.0.1:${port}`;
  let stopped = false;
  async function stop({ keep = false } = {}) {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      const t = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 5000);
      await exitPromise;
      clearTimeout(t);
    }
    // Children of the group that outlived the leader (extension host shutting down).
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
    liveGroups.delete(child.pid);
    try {
      fs.closeSync(logFd);
    } catch {}
    if (fresh && !keep) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  }

  const deadline = Date.now() + (o.startTimeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      await stop({ keep: true });
      throw new Error(`code-server exited during start (${exited.code ?? exited.signal}); log ${logFile}:\n${tail.join('\n')}`);
    }
    if ((await httpStatus(`${url}/healthz`)) === 200) break;
    if (Date.now() > deadline) {
      await stop({ keep: true });
      throw new Error(`code-server did not answer ${url}/healthz in time; log ${logFile}:\n${tail.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const result = {
    url,
    port,
    authority,
    dataDir,
    dirs,
    logFile,
    pid: child.pid,
    exited: exitPromise,
    stop,
    /** vscode-remote URI of an absolute path on this server, for payload entries. */
    remoteUri: (p) => remoteUri(authority, p),
    /** Workbench URL for a folder / workspace file, with optional payload. */
    workbenchUrl: (opts) => workbenchUrl(url, opts),
  };
  if (o.extensionDevelopmentPath) {
    result.devUrl = workbenchUrl(url, {
      folder: o.workspace,
      payload: [['extensionDevelopmentPath', remoteUri(authority, path.resolve(o.extensionDevelopmentPath))]],
    });
  }
  return result;
}

/** Deletes run folders (kept after failures) older than 3 days or beyond the newest 10,
 *  never one whose process is alive (name: <time>-<pid>-<port>). */
function pruneRuns() {
  const runs = path.join(TOOLS_DIR, 'runs');
  let entries;
  try {
    entries = fs.readdirSync(runs);
  } catch {
    return;
  }
  const items = entries
    .map((name) => {
      const full = path.join(runs, name);
      let mtime = 0;
      try {
        mtime = fs.statSync(full).mtimeMs;
      } catch {}
      return { name, full, mtime, pid: Number(/-(\d+)-\d+$/.exec(name)?.[1] ?? 0) };
    })
    .sort((a, b) => b.mtime - a.mtime);
  items.forEach((it, i) => {
    if (i < 10 && Date.now() - it.mtime < 3 * 864e5) return;
    try {
      if (it.pid) {
        process.kill(it.pid, 0);
        return;
      }
    } catch {}
    fs.rmSync(it.full, { recursive: true, force: true });
  });
}

/**
 * Makes the extension folder an installed extension of `extensionsDir` by a symlink named
 * <publisher>.<name>-<version> (VS Code scans the folder and records it in extensions.json), so
 * that a workbench opened without the payload (the bare URL) loads it too, in Production mode.
 * Any other link to the same folder is removed first (version bumps).
 */
export function linkExtension(extensionsDir, extensionDir) {
  const target = fs.realpathSync(extensionDir);
  const m = JSON.parse(fs.readFileSync(path.join(target, 'package.json'), 'utf8'));
  const name = `${m.publisher}.${m.name}-${m.version}`.toLowerCase();
  fs.mkdirSync(extensionsDir, { recursive: true });
  for (const e of fs.readdirSync(extensionsDir)) {
    const full = path.join(extensionsDir, e);
    try {
      if (fs.lstatSync(full).isSymbolicLink() && fs.realpathSync(full) === target && e !== name) fs.rmSync(full);
    } catch {
      fs.rmSync(full, { force: true }); // dangling link
    }
  }
  const link = path.join(extensionsDir, name);
  if (!fs.existsSync(link)) fs.symlinkSync(target, link, 'dir');
  return link;
}

/** vscode-remote://<authority><abs path>, each path segment percent-encoded. */
export function remoteUri(authority, absPath) {
  const p = path.resolve(absPath).split('/').map(encodeURIComponent).join('/');
  return `vscode-remote://${authority}${p}`;
}

/** Like the workbench's own encodeWorkspacePath: an absolute path, '/' kept. */
function encodePath(p) {
  return encodeURIComponent(path.resolve(p)).replaceAll('%2F', '/');
}

/**
 * http://host:port/?folder=<abs>|workspace=<abs .code-workspace>&payload=<json>.
 * `folder` may be a .code-workspace file too: it is then sent as ?workspace=.
 */
export function workbenchUrl(url, { folder, workspace, payload } = {}) {
  const q = [];
  if (folder && !workspace && folder.endsWith('.code-workspace')) {
    workspace = folder;
    folder = undefined;
  }
  if (workspace) q.push(`workspace=${encodePath(workspace)}`);
  else if (folder) q.push(`folder=${encodePath(folder)}`);
  else q.push('ew=true');
  if (payload && payload.length) q.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `${url.replace(/\/$/, '')}/?${q.join('&')}`;
}

/** playwright-core from <project>/node_modules (or NODE_PATH), with a clear message if missing. */
export function loadPlaywright() {
  const req = createRequire(path.join(ROOT, 'package.json'));
  try {
    return req('playwright-core');
  } catch (e) {
    if (e && e.code === 'MODULE_NOT_FOUND' && String(e.message).includes("'playwright-core'")) {
      throw new Error(
        `playwright-core is not installed in ${path.join(ROOT, 'node_modules')}: run \`npm i -D playwright-core\` (or set NODE_PATH)`,
        { cause: e },
      );
    }
    throw e;
  }
}

/**
 * Headless Debian Chromium through playwright-core, fresh profile in a temp dir.
 * @returns {Promise<{context, page, close(): Promise<void>}>}
 */
export async function launchChromium({ viewport = VIEWPORT, headless = true } = {}) {
  const { chromium } = loadPlaywright();
  const tools = await ensureTools();
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: tools.chromium,
    headless,
    args: headless ? CHROMIUM_ARGS : CHROMIUM_ARGS.filter((a) => a !== '--headless'),
    viewport,
    deviceScaleFactor: 1,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  let closed = false;
  return {
    context,
    page,
    async close() {
      if (closed) return;
      closed = true;
      await context.close().catch(() => {});
      fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/**
 * Opens the workbench in `page` and waits for it.
 * @param page Playwright page
 * @param {object} o
 * @param {string} o.url code-server base URL
 * @param {string} [o.folder] folder, or .code-workspace file (sent as ?workspace=)
 * @param {string} [o.workspace] .code-workspace file
 * @param {Array<[string,string]>} [o.payload] e.g. [['extensionDevelopmentPath', uri]]
 * @param {(type:string, args:any[]) => void} [o.onLog] receives codeAutomationLog (mocha output)
 * @param {(code:number) => void} [o.onExit] receives codeAutomationExit (extension host exit code)
 * @param {number} [o.timeoutMs] wait for .monaco-workbench, default 60000
 */
export async function openWorkbench(page, o) {
  if (o.onLog) await page.exposeFunction('codeAutomationLog', (type, args) => o.onLog(type, args));
  if (o.onExit) await page.exposeFunction('codeAutomationExit', (code) => o.onExit(code));
  const target = workbenchUrl(o.url, o);
  await page.goto(target, { waitUntil: 'domcontentloaded', timeout: o.timeoutMs ?? 60_000 });
  await page.waitForSelector('.monaco-workbench', { timeout: o.timeoutMs ?? 60_000 });
  return target;
}

/** Runs fn; on failure rethrows as "<what>: <first line of the error>". */
export async function step(what, fn) {
  try {
    return await fn();
  } catch (e) {
    throw new Error(`${what}: ${String(e?.message ?? e).split('\n')[0]}`, { cause: e });
  }
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Makes sure the Explorer is shown (Ctrl+Shift+E when it is not), and, with viewTitle, that
 * the view pane of that title is expanded and has rows. Returns the rendered rows' text.
 * A pane is `.pane` > `.pane-header[aria-expanded]` (with `h3.title`) + `.pane-body`; the title is
 * matched case-insensitively and whole (the header shows "Demo View" for a view named "Demo view").
 * @param {object} o
 * @param {string} [o.viewTitle]
 * @param {boolean} [o.expandAll] click every collapsed row open, level by level, scrolling the
 *   (virtualized: only visible rows exist in the DOM) list down as needed, then back to the top
 * @param {boolean} [o.collapseOthers] collapse the other Explorer panes (the folder tree...) so
 *   the view gets the sidebar's height
 * @param {number} [o.sidebarWidth] drag the sidebar's sash to this width in px
 */
export async function revealView(page, { viewTitle, expandAll = false, collapseOthers = false, sidebarWidth, timeoutMs = 30_000 } = {}) {
  const explorer = page.locator('.part.sidebar #workbench\\.view\\.explorer');
  if (!(await explorer.isVisible().catch(() => false))) {
    await page.keyboard.press('Control+Shift+E');
    await step('Explorer did not open (Ctrl+Shift+E)', () => explorer.waitFor({ state: 'visible', timeout: 15_000 }));
  }
  if (sidebarWidth) await resizeSidebar(page, sidebarWidth);
  if (!viewTitle) return [];
  const header = page
    .locator('.part.sidebar .pane-header')
    .filter({
      has: page.locator('h3.title', { hasText: new RegExp(`^\\s*${escapeRe(viewTitle)}\\s*$`, 'i') }),
    })
    .first();
  await step(`no view pane titled "${viewTitle}" in the Explorer`, () => header.waitFor({ timeout: timeoutMs }));
  if (collapseOthers) {
    const others = page.locator('.part.sidebar .pane-header[aria-expanded="true"]');
    for (const h of await others.all()) {
      if (await h.evaluate((el, mine) => el === mine, await header.elementHandle())) continue;
      await h.click();
    }
  }
  if ((await header.getAttribute('aria-expanded')) !== 'true') {
    await header.click();
    await step(`view "${viewTitle}" did not expand`, async () =>
      page.waitForFunction((el) => el.getAttribute('aria-expanded') === 'true', await header.elementHandle(), { timeout: 10_000 }),
    );
  }
  const pane = header.locator('xpath=..'); // the .pane holding header and body
  const body = pane.locator('.pane-body');
  const rows = body.locator('.monaco-list-row');
  await step(`view "${viewTitle}" shows no rows`, () => rows.first().waitFor({ timeout: timeoutMs }));
  if (expandAll) await expandAllRows(page, body);
  await settleRows(page, body);
  return rows.evaluateAll((els) =>
    els.map((e) => {
      const part = (sel) => e.querySelector(sel)?.textContent.trim() ?? '';
      const text = [part('.label-name'), part('.label-description')].filter(Boolean).join(' ');
      return (text || e.textContent).replace(/\s+/g, ' ').trim();
    }),
  );
}

async function expandAllRows(page, body) {
  const box = await body.boundingBox();
  let clicked = false;
  for (let i = 0; i < 1000; i++) {
    const collapsed = body.locator('.monaco-list-row[aria-expanded="false"]');
    if ((await collapsed.count()) > 0) {
      const row = await collapsed.first().elementHandle();
      await collapsed.first().locator('.monaco-tl-twistie').click();
      clicked = true;
      // expanded once its children are loaded (or re-rendered / found empty): up to 5 s
      await page
        .waitForFunction((el) => !el.isConnected || el.getAttribute('aria-expanded') !== 'false', row, { timeout: 5000 })
        .catch(() => {});
      await settleRows(page, body);
      continue;
    }
    // nothing collapsed among the rendered rows: done if the last element is rendered
    if ((await body.locator('.monaco-list-row[data-last-element="true"]').count()) > 0) break;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, Math.max(100, box.height * 0.8));
    await page.waitForTimeout(100);
  }
  // back to the top (Home: list.focusFirst), then selection and focus cleared (Escape: list.clear)
  if (clicked) {
    await page.keyboard.press('Home');
    await page.keyboard.press('Escape');
  } else {
    for (let i = 0; i < 50; i++) await page.mouse.wheel(0, -2000);
  }
  await page.waitForTimeout(300);
}

/** Waits (up to 5 s) until the rendered rows stop changing for ~300 ms. */
async function settleRows(page, body) {
  const sig = () =>
    body
      .locator('.monaco-list-row')
      .evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-label')}|${e.getAttribute('aria-expanded')}`).join('\n'));
  let last = await sig();
  let stable = 0;
  for (const end = Date.now() + 5000; Date.now() < end && stable < 2;) {
    await page.waitForTimeout(150);
    const now = await sig();
    stable = now === last ? stable + 1 : 0;
    last = now;
  }
}

/**
 * What a person sees of the view titled `viewTitle` (case-insensitive): whether its pane is
 * shown and expanded, its height, and its rows that are wholly inside the pane's visible body,
 * top to bottom (label, description, tree level, expanded), read from the DOM (a list renders
 * only the rows in view, and this also leaves out the ones cut off at the bottom). Also whether
 * the Files view is expanded, and the window's size.
 */
export function visibleRows(page, viewTitle) {
  return page.evaluate((title) => {
    /* global document, window */
    const want = title.trim().toLowerCase();
    const panes = [...document.querySelectorAll('.part.sidebar .pane')];
    const titleOf = (p) => p.querySelector('.pane-header h3.title')?.textContent.trim().toLowerCase();
    const pane = panes.find((p) => titleOf(p) === want);
    const files = panes.find((p) => p.querySelector('.explorer-folders-view'));
    const out = {
      window: { width: window.innerWidth, height: window.innerHeight },
      filesExpanded: files?.querySelector('.pane-header')?.getAttribute('aria-expanded') === 'true',
      found: pane !== undefined && pane.getBoundingClientRect().height > 0,
      expanded: false,
      height: 0,
      rows: [],
    };
    if (!out.found) return out;
    out.expanded = pane.querySelector('.pane-header')?.getAttribute('aria-expanded') === 'true';
    out.height = Math.round(pane.getBoundingClientRect().height);
    const body = pane.querySelector('.pane-body');
    if (!out.expanded || !body) return out;
    const box = body.getBoundingClientRect();
    out.rows = [...body.querySelectorAll('.monaco-list-row')]
      .map((r) => ({ r, b: r.getBoundingClientRect() }))
      .filter(({ b }) => b.height > 0 && b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5)
      .sort((x, y) => x.b.top - y.b.top)
      .map(({ r }) => ({
        label: r.querySelector('.label-name')?.textContent.trim() ?? '',
        description: r.querySelector('.label-description')?.textContent.trim() ?? '',
        level: Number(r.getAttribute('aria-level')),
        expanded: r.getAttribute('aria-expanded'),
      }));
    return out;
  }, viewTitle);
}

/**
 * A small HTTP server on 127.0.0.1 through which a suite inside the extension host asks the page
 * what is on screen (the extension host cannot see the DOM): `GET /view-rows?title=<view title>`
 * answers visibleRows() as JSON. Start it before code-server and pass `url` in the environment
 * (HOLARYN_PAGE_PROBE), which the extension host inherits; `setPage` once the page exists.
 */
export async function startPageProbe() {
  let page;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (url.pathname !== '/view-rows' || !page) throw new Error(page ? `unknown request ${url.pathname}` : 'no page yet');
      const body = JSON.stringify(await visibleRows(page, url.searchParams.get('title') ?? ''));
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    } catch (e) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e?.message ?? e));
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    setPage: (p) => {
      page = p;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Drags the primary sidebar's sash (`.monaco-sash.primary-sidebar-sash`) to make it `width` px wide. */
export async function resizeSidebar(page, width) {
  const sb = await page.locator('.part.sidebar').boundingBox();
  const sash = await page
    .locator('.monaco-sash.primary-sidebar-sash')
    .first()
    .boundingBox()
    .catch(() => null);
  if (!sb || !sash) return;
  const x = sash.x + sash.width / 2;
  const y = sash.y + sash.height / 2;
  const onRight = sash.x < sb.x; // sidebar on the right: the sash is on its left edge
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(onRight ? sb.x + sb.width - width : sb.x + width, y, { steps: 10 });
  await page.mouse.up();
  await page.waitForTimeout(300);
}

/** Best effort: wait (up to timeoutMs) until no status bar item spins (e.g. TS "Analyzing…"). */
export async function waitForQuietStatusBar(page, timeoutMs = 15_000) {
  await page
    .waitForFunction(() => !document.querySelector('.part.statusbar .codicon-modifier-spin'), null, { timeout: timeoutMs })
    .catch(() => {});
}

/** Parses --key value / --flag arguments; `spec` maps names to 'string' | 'number' | 'boolean'. */
export function parseArgs(argv, spec, usage) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      console.log(usage);
      process.exit(0);
    }
    const m = /^--([^=]+)(?:=(.*))?$/.exec(a);
    if (!m || !(m[1] in spec)) {
      console.error(`unknown argument: ${a}\n${usage}`);
      process.exit(2);
    }
    const key = m[1].replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (spec[m[1]] === 'boolean') {
      out[key] = true;
      continue;
    }
    const v = m[2] ?? argv[++i];
    if (v === undefined) {
      console.error(`--${m[1]} needs a value\n${usage}`);
      process.exit(2);
    }
    out[key] = spec[m[1]] === 'number' ? Number(v) : v;
  }
  return out;
}

/** Stops everything on Ctrl+C / SIGTERM, then exits with 130 / 143. */
export function onSignals(cleanup) {
  let busy = false;
  for (const [sig, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.on(sig, async () => {
      if (busy) process.exit(code);
      busy = true;
      try {
        await cleanup();
      } finally {
        process.exit(code);
      }
    });
  }
}
