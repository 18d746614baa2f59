// Bundles the CLI and (later) the extension. Type-checking is separate: `npm run typecheck`.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

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
};

// The CLI is one small bundle for `holaryn instructions` (the command agents and reviewers run
// most, so its start-up matters: every gate call spawns it) and one per other command, loaded
// only when that command runs. cli.ts requires `./check`, `./gate` and `./mcp` lazily; in the
// main bundle those requires point at the sibling bundles instead of being inlined.
const LAZY_COMMANDS = ['check', 'gate', 'mcp'];
const lazyCommands = {
  name: 'lazy-commands',
  setup(build) {
    const dispatcher = fileURLToPath(new URL('./src/cli/cli.ts', import.meta.url));
    build.onResolve({ filter: new RegExp(`^\\./(${LAZY_COMMANDS.join('|')})$`) }, (args) =>
      path.resolve(args.importer) === dispatcher ? { path: `./cli-${args.path.slice(2)}.js`, external: true } : undefined,
    );
  },
};

const entries = [
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' }, plugins: [lazyCommands] },
  ...LAZY_COMMANDS.map((name) => ({ entryPoints: [`src/cli/${name}.ts`], outfile: `dist/cli-${name}.js` })),
  { entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  // Integration suites run inside the extension host: vscode and mocha stay external.
  { entryPoints: ['test/integration/single.ts'], outfile: 'out/integration/single.js', external: ['vscode', 'mocha'] },
  { entryPoints: ['test/integration/multi.ts'], outfile: 'out/integration/multi.js', external: ['vscode', 'mocha'] },
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
