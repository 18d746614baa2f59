#!/usr/bin/env node
// For a human: a real VS Code (code-server) in the browser with the extension under
// development loaded, until Ctrl+C.
//
//   node scripts/vscode/start.mjs --extension <dir> --workspace <dir|.code-workspace> [--open <file>] [--port 8080] [--fresh]
//
// --open names a file (relative to the workspace folder) both URLs open as the first editor, so
// the extension's view has something to answer for at once (the view opens itself on the first run).
// It prints two URLs:
//  - the development URL (payload extensionDevelopmentPath): the extension runs in Development
//    mode, as under F5; after rebuilding, reload the page (or "Developer: Reload Window").
//  - the plain URL: loads the same folder as an installed extension (a symlink in the profile's
//    extensions dir), in Production mode.
// State (settings, opened editors...) is kept in .vscode-test/profiles/start/ (--fresh wipes it);
// the extensions dir there is rebuilt on every start.
import fs from 'node:fs';
import path from 'node:path';
import { ensureTools, log, onSignals, parseArgs, startCodeServer, TOOLS_DIR } from './host.mjs';

const USAGE = `usage: node scripts/vscode/start.mjs --extension <dir> --workspace <dir|.code-workspace> [--open <file>] [--port <n>] [--fresh] [--verbose]
  --open     a file to open first, relative to the workspace folder
  --port     default: a free port
  --fresh    start from an empty profile (.vscode-test/profiles/start)
  --verbose  print code-server's output`;

const args = parseArgs(
  process.argv.slice(2),
  {
    extension: 'string',
    workspace: 'string',
    open: 'string',
    port: 'number',
    fresh: 'boolean',
    verbose: 'boolean',
  },
  USAGE,
);
for (const k of ['extension', 'workspace']) {
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
const openFile = args.open
  ? path.resolve(args.workspace.endsWith('.code-workspace') ? path.dirname(args.workspace) : args.workspace, args.open)
  : undefined;
if (openFile && !fs.existsSync(openFile)) {
  console.error(`--open: ${openFile} does not exist`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(path.join(args.extension, 'package.json'), 'utf8'));
if (
  manifest.main &&
  !fs.existsSync(path.resolve(args.extension, manifest.main)) &&
  !fs.existsSync(path.resolve(args.extension, manifest.main + '.js'))
) {
  log(`warning: ${manifest.main} (package.json "main") does not exist yet: build the extension first`);
}

const profile = path.join(TOOLS_DIR, 'profiles', 'start');
const lock = path.join(TOOLS_DIR, 'profiles', 'start.pid');

function takeProfile() {
  fs.mkdirSync(path.dirname(profile), { recursive: true });
  try {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid) {
      process.kill(pid, 0); // throws when not running
      console.error(`another start.mjs (pid ${pid}) is using ${profile}; stop it first`);
      process.exit(1);
    }
  } catch {}
  fs.writeFileSync(lock, String(process.pid));
  if (args.fresh) fs.rmSync(profile, { recursive: true, force: true });
  fs.rmSync(path.join(profile, 'extensions'), { recursive: true, force: true });
}

let server;
let stopping = false;
async function cleanup() {
  if (server && !stopping) log('stopping code-server…');
  stopping = true;
  await server?.stop();
  try {
    if (Number(fs.readFileSync(lock, 'utf8')) === process.pid) fs.rmSync(lock);
  } catch {}
}
onSignals(cleanup);

async function main() {
  await ensureTools();
  takeProfile();
  server = await startCodeServer({
    workspace: args.workspace,
    port: args.port,
    dataDir: profile,
    linkExtension: args.extension,
    echo: args.verbose,
  });
  const first = openFile ? [['openFile', server.remoteUri(openFile)]] : [];
  const dev = server.workbenchUrl({
    folder: args.workspace,
    payload: [['extensionDevelopmentPath', server.remoteUri(args.extension)], ...first],
  });
  const plain = server.workbenchUrl({ folder: args.workspace, payload: first });
  console.log(`
[holaryn] VS Code (code-server) is running with ${manifest.publisher}.${manifest.name} from ${args.extension}

  Open (extension in Development mode, as under F5; reload the page after a rebuild):
    ${dev}

  Plain URL (same folder as an installed extension):
    ${plain}

  Bound to 127.0.0.1 only; from another machine: ssh -L ${server.port}:127.0.0.1:${server.port} <this host>
  Extension output: browser devtools console, and "Output > Extension Host".
  Log: ${server.logFile}
  Ctrl+C to stop.
`);
  const e = await server.exited;
  if (stopping) return new Promise(() => {}); // Ctrl+C: the signal handler exits
  log(`code-server exited on its own (${e.code ?? e.signal})`);
  await cleanup();
  process.exit(e.code || 1);
}

main().catch(async (err) => {
  log(`ERROR: ${err?.message ?? err}`);
  await cleanup().catch(() => {});
  process.exit(1);
});
