// The installable CLI, checked as a user gets it: `npm pack` the built checkout, install the
// tarball into a temporary prefix without the network (every runtime dependency is bundled, so
// the package declares none), then run the installed `holaryn` (its shebang, not `node …`) on the
// demo workspace, through every lazily loaded command bundle.
//
//   node scripts/pack-check.mjs          (after `npm run build`; part of `npm test`)
//
// Exit 0 when the package installs and works; 1 with the reason otherwise.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** What the package must hold, exactly: the CLI, its code cache, the schema, and npm's own three. */
const EXPECTED = [
  'LICENSE',
  'README.md',
  'dist/cli-capture.js',
  'dist/cli-check.js',
  'dist/cli-compare.js',
  'dist/cli-gate.js',
  'dist/cli-main.js',
  'dist/cli-main.js.v8cache',
  'dist/cli-mcp.js',
  'dist/cli-trust.js',
  'dist/cli.js',
  'dist/profiles.js',
  'dist/runner.js',
  'package.json',
  'schema/evidence.schema.json',
];

function fail(message) {
  console.error(`pack-check: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

function seconds(start) {
  return `${((performance.now() - start) / 1000).toFixed(1)} s`;
}

/** Runs the installed command; returns stdout, failing on a non-zero exit. */
function holaryn(bin, args, env, input = '') {
  const r = spawnSync(bin, args, { cwd: repo, env, input, encoding: 'utf8', timeout: 60_000 });
  if (r.error) fail(`holaryn ${args.join(' ')}: ${r.error.message}`);
  if (r.status !== 0) fail(`holaryn ${args.join(' ')} exited ${r.status}:\n${r.stderr}${r.stdout.slice(0, 2000)}`);
  return r.stdout;
}

const tmp = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'holaryn-pack-')));
try {
  if (!existsSync(path.join(repo, pkg.bin.holaryn))) fail(`${pkg.bin.holaryn} is missing: run "npm run build" first`);
  if (pkg.dependencies && Object.keys(pkg.dependencies).length > 0) {
    fail(
      `package.json declares runtime dependencies (${Object.keys(pkg.dependencies).join(', ')}); the CLI bundles them, so they belong in devDependencies`,
    );
  }

  // Pack (the build is already done: no prepack rebuild).
  let start = performance.now();
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', tmp], { cwd: repo, encoding: 'utf8' }),
  )[0];
  const files = packed.files.map((f) => f.path).sort();
  const packTime = seconds(start);
  if (JSON.stringify(files) !== JSON.stringify(EXPECTED)) {
    fail(`the package holds ${JSON.stringify(files)}, expected ${JSON.stringify(EXPECTED)}`);
  }
  const tarball = path.join(tmp, packed.filename);

  // Install into a prefix of its own, offline: nothing may need the registry.
  start = performance.now();
  const prefix = path.join(tmp, 'prefix');
  const install = spawnSync(
    npm,
    ['install', '--global', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--no-update-notifier', tarball],
    { cwd: tmp, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error' } },
  );
  if (install.status !== 0) fail(`npm install -g failed:\n${install.stderr}`);
  const installTime = seconds(start);
  const bin = process.platform === 'win32' ? path.join(prefix, 'holaryn.cmd') : path.join(prefix, 'bin', 'holaryn');
  if (!existsSync(bin)) fail(`npm installed no ${bin}`);

  // Run it as a user would, with an empty HOME (no operator-global file).
  start = performance.now();
  const home = path.join(tmp, 'home');
  const env = { ...process.env, HOME: home, USERPROFILE: home, NO_COLOR: '1' };
  delete env.HOLARYN_HOME;
  const version = holaryn(bin, ['--version'], env).trim();
  if (version !== `holaryn ${pkg.version}`) fail(`--version says ${JSON.stringify(version)}`);
  const evidence = JSON.parse(holaryn(bin, ['instructions', 'examples/demo-workspace', 'src/app/main.ts', '--json'], env));
  if (evidence.schema !== 'holaryn.instructions/v1') fail(`the evidence's schema is ${JSON.stringify(evidence.schema)}`);
  if (!evidence.sources.some((s) => s.path === 'src/app/AGENTS.md' || s.path === 'AGENTS.md'))
    fail('the demo workspace resolved no AGENTS.md');
  // The installed schema is the one the evidence names.
  const schema = JSON.parse(readFileSync(path.join(prefix, 'lib', 'node_modules', pkg.name, 'schema', 'evidence.schema.json'), 'utf8'));
  if (schema.definitions?.evidence?.properties?.schema?.const !== evidence.schema)
    fail('the installed schema does not describe the evidence');
  // A profile other than the default comes from its own bundle, loaded on first use.
  const codex = JSON.parse(
    holaryn(bin, ['instructions', 'examples/demo-workspace', 'src/app/main.ts', '--profile', 'codex', '--json'], env),
  );
  if (codex.profile !== 'codex') fail(`--profile codex printed ${JSON.stringify(codex).slice(0, 200)}`);
  // Every lazily loaded command bundle.
  const check = JSON.parse(spawnSync(bin, ['check', 'examples/demo-workspace', '--json'], { cwd: repo, env, encoding: 'utf8' }).stdout);
  if (check.schema !== 'holaryn.check/v1') fail(`check printed ${JSON.stringify(check).slice(0, 200)}`);
  const gate = holaryn(bin, ['gate', 'examples/demo-workspace'], env, '{"id":1,"kind":"read","targets":["src/app/main.ts"]}\n');
  const answers = gate
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  if (answers[0].type !== 'preamble' || answers[1]?.decision !== 'proceed') fail(`gate answered ${gate.slice(0, 300)}`);
  if (!holaryn(bin, ['mcp', '--help'], env).includes('repository_instructions')) fail('mcp --help did not load');
  const compare = JSON.parse(holaryn(bin, ['compare', 'examples/demo-workspace', 'src/app/main.ts', '--json'], env));
  if (compare.schema !== 'holaryn.compare/v1') fail(`compare printed ${JSON.stringify(compare).slice(0, 200)}`);
  const trustStore = path.join(tmp, 'trust.json');
  const trust = JSON.parse(holaryn(bin, ['trust', 'examples/demo-workspace', '--trust-store', trustStore, '--json'], env));
  if (trust.decision !== 'unknown') fail(`trust printed ${JSON.stringify(trust).slice(0, 200)}`);
  const markdown = holaryn(
    bin,
    ['instructions', 'examples/demo-workspace', '--targets-from', '-', '--null', '--format', 'markdown'],
    env,
    'src/app/main.ts\0',
  );
  if (!markdown.startsWith('## Repository instructions: 1 changed file')) fail(`--format markdown printed ${markdown.slice(0, 200)}`);
  const runTime = seconds(start);

  console.log(
    `pack-check: ${packed.filename} (${files.length} files, ${Math.round(packed.size / 1024)} kB packed, ` +
      `${Math.round(packed.unpackedSize / 1024)} kB installed): pack ${packTime}, offline install ${installTime}, ` +
      `6 runs of the installed holaryn ${runTime}`,
  );
} catch (err) {
  if (!process.exitCode) {
    console.error(`pack-check: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
