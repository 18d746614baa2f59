#!/usr/bin/env node
// Runs an extension's integration suite inside a real VS Code extension host (code-server,
// driven by headless Chromium), relays mocha's output, exits with the extension host's code.
//
//   node scripts/vscode/run-tests.mjs --extension <dir> --suite <abs compiled suite index.js> \
//        --workspace <dir | file.code-workspace> [--timeout 300] [--verbose] [--keep]
//
// The suite's index.js exports run(): Promise that rejects on failures (the same entry
// @vscode/test-electron uses); mocha must be resolvable from the extension folder.
import fs from 'node:fs';
import path from 'node:path';
import { ensureTools, launchChromium, log, onSignals, openWorkbench, parseArgs, startCodeServer } from './host.mjs';

const USAGE = `usage: node scripts/vscode/run-tests.mjs --extension <dir> --suite <suite index.js> --workspace <dir|.code-workspace> [--timeout 300] [--verbose] [--keep]
  --timeout  seconds for the whole run, tools install excluded (default 300)
  --verbose  also print code-server's output and the page's console errors
  --keep     keep the run folder (.vscode-test/runs/...) with code-server.log`;

const args = parseArgs(process.argv.slice(2), {
  extension: 'string', suite: 'string', workspace: 'string', timeout: 'number', verbose: 'boolean', keep: 'boolean',
}, USAGE);
for (const k of ['extension', 'suite', 'workspace']) {
  if (!args[k]) { console.error(`missing --${k}\n${USAGE}`); process.exit(2); }
  args[k] = path.resolve(args[k]);
  if (!fs.existsSync(args[k])) { console.error(`--${k}: ${args[k]} does not exist`); process.exit(2); }
}
if (!fs.existsSync(path.join(args.extension, 'package.json'))) {
  console.error(`--extension: no package.json in ${args.extension}`); process.exit(2);
}
const timeoutSec = args.timeout ?? 300;

let server, browser;
let failed = true;
async function cleanup() {
  await browser?.close();
  await server?.stop({ keep: args.keep || failed });
}
onSignals(cleanup);

async function main() {
  await ensureTools(); // progress lines; not counted in --timeout
  const t0 = Date.now();
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), timeoutSec * 1000);
  });

  const run = (async () => {
    server = await startCodeServer({ workspace: args.workspace, echo: args.verbose });
    log(`code-server ${server.url} (pid ${server.pid}) ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    browser = await launchChromium();
    const { page } = browser;
    if (args.verbose) {
      page.on('console', (m) => { if (m.type() === 'error') process.stderr.write(`[page] ${m.text()}\n`); });
      page.on('pageerror', (e) => process.stderr.write(`[page] ${e.message}\n`));
    }
    let exitResolve;
    const exited = new Promise((r) => { exitResolve = r; });
    // server died under us: fail fast instead of waiting for the timeout
    server.exited.then((e) => exitResolve({ serverDied: e }));
    await openWorkbench(page, {
      url: server.url,
      folder: args.workspace,
      payload: [
        ['extensionDevelopmentPath', server.remoteUri(args.extension)],
        ['extensionTestsPath', server.remoteUri(args.suite)],
      ],
      onLog: (_level, msg) => {
        const text = Array.isArray(msg) ? msg.join(' ') : String(msg);
        process.stdout.write(text.endsWith('\n') ? text : text + '\n');
      },
      onExit: (code) => exitResolve({ code }),
    });
    log(`workbench open, running ${path.relative(process.cwd(), args.suite) || args.suite}…`);
    return exited;
  })();

  const r = await Promise.race([run, timeout]);
  clearTimeout(timer);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.timedOut) {
    log(`FAILED: no result from the extension host after ${timeoutSec} s (--timeout); code-server log: ${server?.logFile ?? '(not started)'}`);
    return 124;
  }
  if (r.serverDied) {
    log(`FAILED: code-server exited (${r.serverDied.code ?? r.serverDied.signal}) before the tests finished; log: ${server.logFile}`);
    return 1;
  }
  const code = typeof r.code === 'number' ? r.code : 1;
  log(code === 0 ? `tests passed (${secs} s)` : `tests FAILED: extension host exit code ${code} (${secs} s)`);
  failed = code !== 0;
  return code;
}

main().then(
  async (code) => {
    await cleanup();
    if (failed && server) log(`run folder kept: ${server.dataDir}`);
    process.exit(code);
  },
  async (err) => {
    log(`ERROR: ${err?.stack ?? err}`);
    await cleanup().catch(() => {});
    process.exit(1);
  },
);
