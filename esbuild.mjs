// Bundles the CLI, its command bundles, the extension and the integration suites. Type-checking is separate: `npm run typecheck`.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

// package.json's profile lists and profile settings are generated from the registry
// (scripts/vscode/sync-profiles.ts) before anything reads the manifest; a packaging build only
// checks them, so a package is never made from a manifest it rewrote on the way.
const sync = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/vscode/sync-profiles.ts', ...(process.argv.includes('--production') ? ['--check'] : [])],
  { cwd: path.dirname(fileURLToPath(import.meta.url)), stdio: ['ignore', 'ignore', 'inherit'], timeout: 120_000 },
);
if (sync.status !== 0) {
  console.error(
    `build: package.json's profile lists could not be generated from the registry (${sync.error?.message ?? sync.status ?? sync.signal})`,
  );
  process.exit(1);
}

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  logOverride: { 'import-is-undefined': 'error' },
  define: { HOLARYN_VERSION: JSON.stringify(pkg.version) },
  // jsonc-parser's `main` is a UMD build whose inner requires a bundle cannot follow: take the
  // ES module build (`module`) where a package has one.
  mainFields: ['module', 'main'],
};

// The CLI is one small bundle for `holaryn instructions` (the command agents and reviewers run
// most, so its start-up matters: every gate call spawns it) and one per other command, loaded
// only when that command runs. cli.ts requires `./check`, `./gate` and `./mcp` lazily; in the
// main bundle those requires point at the sibling bundles instead of being inlined.
const LAZY_COMMANDS = ['check', 'gate', 'mcp', 'compare', 'trust', 'capture'];
const lazyCommands = {
  name: 'lazy-commands',
  setup(build) {
    const dispatcher = fileURLToPath(new URL('./src/cli/cli.ts', import.meta.url));
    build.onResolve({ filter: new RegExp(`^\\./(${LAZY_COMMANDS.join('|')})$`) }, (args) =>
      path.resolve(args.importer) === dispatcher ? { path: `./cli-${args.path.slice(2)}.js`, external: true } : undefined,
    );
  },
};

// The profiles other than the default (src/resolver/profiles/<name>/, each with its about.ts) go
// into one bundle of their own, dist/profiles.js, which the CLI and the extension load the first
// time one of them is asked for: a call of the default profile neither reads nor compiles them.
// The registry's `require('./<name>')` of such a folder becomes `require('./profiles.js')[name]`,
// and its `require('./<name>/pitfalls')` (an agent's pitfalls, for `check --agents`) likewise.
const registry = fileURLToPath(new URL('./src/resolver/profiles/index.ts', import.meta.url));
const profilesDir = path.dirname(registry);
const LAZY_PROFILES = readdirSync(profilesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && e.name !== 'holaryn' && existsSync(path.join(profilesDir, e.name, 'about.ts')))
  .map((e) => e.name);
const LAZY_MODULES = [
  ...LAZY_PROFILES,
  ...LAZY_PROFILES.filter((name) => existsSync(path.join(profilesDir, name, 'pitfalls.ts'))).map((name) => `${name}/pitfalls`),
];
const lazyProfiles = {
  name: 'lazy-profiles',
  setup(build) {
    build.onResolve({ filter: /^\.\/[a-z-]+(\/pitfalls)?$/ }, (args) =>
      path.resolve(args.importer) === registry && LAZY_MODULES.includes(args.path.slice(2))
        ? { path: args.path.slice(2), namespace: 'lazy-profile' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'lazy-profile' }, (args) => ({
      contents: `module.exports = require('./profiles.js')[${JSON.stringify(args.path)}];`,
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/profiles\.js$/, namespace: 'lazy-profile' }, () => ({ path: './profiles.js', external: true }));
  },
};
const profilesBundle = {
  stdin: {
    contents: LAZY_MODULES.map((name) => `exports[${JSON.stringify(name)}] = require('./${name}');`).join('\n'),
    resolveDir: profilesDir,
    sourcefile: 'lazy-profiles.js',
    loader: 'js',
  },
  outfile: 'dist/profiles.js',
};

const entries = [
  // dist/cli.js (bin.holaryn) is the small launcher that loads dist/cli-main.js with its code cache.
  { entryPoints: ['src/cli/launch.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli-main.js', plugins: [lazyCommands, lazyProfiles] },
  profilesBundle,
  ...LAZY_COMMANDS.map((name) => ({ entryPoints: [`src/cli/${name}.ts`], outfile: `dist/cli-${name}.js` })),
  // The sandbox's first process (`holaryn capture`): dist/cli-capture.js starts it from beside itself.
  { entryPoints: ['src/capture/runner.ts'], outfile: 'dist/runner.js' },
  { entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'], plugins: [lazyProfiles] },
  // Integration suites run inside the extension host: vscode and mocha stay external.
  { entryPoints: ['test/integration/single.ts'], outfile: 'out/integration/single.js', external: ['vscode', 'mocha'] },
  { entryPoints: ['test/integration/multi.ts'], outfile: 'out/integration/multi.js', external: ['vscode', 'mocha'] },
  // The in-host half of `npm run bench:vscode`.
  { entryPoints: ['scripts/vscode/bench-suite.ts'], outfile: 'out/bench/suite.js', external: ['vscode'] },
  { entryPoints: ['test/integration/profiles.ts'], outfile: 'out/integration/profiles.js', external: ['vscode', 'mocha'] },
  { entryPoints: ['test/integration/first.ts'], outfile: 'out/integration/first.js', external: ['vscode', 'mocha'] },
];

for (const entry of entries) {
  const ctx = await esbuild.context({ ...common, ...entry });
  if (watch) {
    await ctx.watch();
  } else {
    await ctx.rebuild();
    await ctx.dispose();
  }
}

/** Every file of the demo workspace, root-relative: the training run's targets. */
function demoFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? demoFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

// The code cache of dist/cli-main.js (src/cli/launch.ts): one training run of the CLI on the
// demo workspace compiles what a resolution uses, and the launcher writes that bytecode next to
// the bundle. It is made by the Node that builds; another Node refuses it and compiles afresh. In
// watch mode the bundle changes without it, and the launcher then ignores the stale file.
const cacheFile = 'dist/cli-main.js.v8cache';
rmSync(cacheFile, { force: true });
if (!watch) {
  const demo = 'examples/demo-workspace';
  const training = spawnSync(process.execPath, ['dist/cli.js', 'instructions', demo, ...demoFiles(demo), '--json', '--no-global'], {
    env: { ...process.env, HOLARYN_CODE_CACHE: 'write' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 60_000,
  });
  if (training.status !== 0) {
    rmSync(cacheFile, { force: true });
    console.error(
      `build: the code cache's training run failed (${training.error?.message ?? training.status ?? training.signal}); dist/cli.js works without it, only slower`,
    );
  }
}
