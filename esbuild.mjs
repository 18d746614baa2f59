// Bundles the CLI and (later) the extension. Type-checking is separate: `npm run typecheck`.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

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

const entries = [
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
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
