// The benchmark library of a checkout (its scripts/bench/lib.ts) bundled into one CommonJS file,
// for the in-process figures of run.mjs, pair.mjs, root-share.mjs and editor-lint.mjs.
import * as esbuild from 'esbuild';
import * as path from 'node:path';

/** Bundles `<checkout>/scripts/bench/lib.ts` (or another `entry` of the checkout) into `outfile`; resolves to `outfile`. */
export async function bundleLibrary(checkout, outfile, entry = path.join('scripts', 'bench', 'lib.ts')) {
  await esbuild.build({
    entryPoints: [path.join(checkout, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'warning',
    // As esbuild.mjs: jsonc-parser's UMD `main` cannot be bundled; its ES module build can.
    mainFields: ['module', 'main'],
  });
  return outfile;
}
