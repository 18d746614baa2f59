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
import {
  ensureTools,
  launchChromium,
  log,
  MARK,
  onSignals,
  openWorkbench,
  parseArgs,
  startCodeServer,
  startPageProbe,
  writeSuiteWrapper,
} from './host.mjs';

const USAGE = `usage: node scripts/vscode/run-tests.mjs --extension <dir> --suite <suite index.js> --workspace <dir|.code-workspace> [--timeout 300] [--verbose] [--keep]
  --timeout  seconds for the whole run, tools install excluded (default 300)
  --verbose  also print code-server's output and the page's console errors
  --keep     keep the run folder (.vscode-test/runs/...) with code-server.log`;

const args = parseArgs(
  process.argv.slice(2),
  {
    extension: 'string',
    suite: 'string',
    workspace: 'string',
    timeout: 'number',
    verbose: 'boolean',
    keep: 'boolean',
  },
  USAGE,
);
for (const k of ['extension', 'suite', 'workspace']) {
  if (!args[k]) {
    console.error(`missing --${k}\n${USAGE}`);
    process.exit(2);
  }
  args[k] = path.resolve(args[k]);
  if (!fs.existsSync(args[k])) {
    console.error(`--${k}: ${args[k]} does not exist`);
    process.exit(2);
  }
}
if (!fs.existsSync(path.join(args.extension, 'package.json'))) {
  console.error(`--extension: no package.json in ${args.extension}`);
  process.exit(2);
}
const timeoutSec = args.timeout ?? 300;

let server, browser, probe;
let failed = true;
let sawSuiteOutput = false;
const workbenchLog = [];
async function cleanup() {
  await browser?.close();
  await server?.stop({ keep: args.keep || failed });
  await probe?.close();
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
    // The suite asks the page what is on screen through this (helpers.ts `pageRows`).
    probe = await startPageProbe();
    process.env.HOLARYN_PAGE_PROBE = probe.url;
    server = await startCodeServer({ workspace: args.workspace, echo: args.verbose });
    const wrapper = writeSuiteWrapper(path.join(server.dataDir, 'suite'), args.suite);
    log(`code-server ${server.url} (pid ${server.pid}) ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    browser = await launchChromium();
    const { page } = browser;
    probe.setPage(page);
    if (args.verbose) {
      page.on('console', (m) => {
        if (m.type() === 'error') process.stderr.write(`[page] ${m.text()}\n`);
      });
      page.on('pageerror', (e) => process.stderr.write(`[page] ${e.message}\n`));
    }
    let exitResolve;
    const exited = new Promise((r) => {
      exitResolve = r;
    });
    // server died under us: fail fast instead of waiting for the timeout
    server.exited.then((e) => exitResolve({ serverDied: e }));
    await openWorkbench(page, {
      url: server.url,
      folder: args.workspace,
      payload: [
        ['extensionDevelopmentPath', server.remoteUri(args.extension)],
        ['extensionTestsPath', server.remoteUri(wrapper)],
      ],
      onLog: (level, msg) => {
        let text = Array.isArray(msg) ? msg.join(' ') : String(msg);
        const i = text.indexOf(MARK);
        if (i >= 0) {
          text = text.slice(i + MARK.length).replaceAll(MARK, '');
          sawSuiteOutput = true;
          process.stdout.write(text.endsWith('\n') ? text : text + '\n');
        } else {
          workbenchLog.push(`[${level}] ${text}`);
          if (args.verbose) process.stderr.write(`[workbench ${level}] ${text}\n`);
        }
      },
      onExit: (code) => exitResolve({ code }),
    });
    log(`workbench open, running ${path.relative(process.cwd(), args.suite) || args.suite}…`);
    return exited;
  })();

  run.catch(() => {}); // after a timeout, a late failure of `run` must not crash the exit path
  const r = await Promise.race([run, timeout]);
  clearTimeout(timer);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  if (r.timedOut) {
    log(
      `FAILED: no result from the extension host after ${timeoutSec} s (--timeout); code-server log: ${server?.logFile ?? '(not started)'}`,
    );
    return 124;
  }
  if (r.serverDied) {
    log(`FAILED: code-server exited (${r.serverDied.code ?? r.serverDied.signal}) before the tests finished; log: ${server.logFile}`);
    return 1;
  }
  const code = typeof r.code === 'number' ? r.code : 1;
  failed = code !== 0;
  if (failed) {
    const file = path.join(server.dataDir, 'workbench.log');
    fs.writeFileSync(file, workbenchLog.join('\n') + '\n');
    if (!sawSuiteOutput && !args.verbose) {
      // the suite never printed: probably it did not load (missing mocha, syntax error...)
      process.stderr.write(
        workbenchLog
          .slice(-25)
          .map((l) => `[workbench] ${l}\n`)
          .join(''),
      );
    }
    log(`workbench log: ${file}`);
  }
  log(code === 0 ? `tests passed (${secs} s)` : `tests FAILED: extension host exit code ${code} (${secs} s)`);
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
