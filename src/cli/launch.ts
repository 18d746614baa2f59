/**
 * The `holaryn` executable (`dist/cli.js`, `bin.holaryn`): loads the CLI bundle beside it
 * (`dist/cli-main.js`, built from main.ts) with the V8 code cache `npm run build` made for it.
 *
 * Without the cache every process compiles the ~420 KB bundle (the resolver, yaml, minimatch)
 * before and while it works: ~17 ms of wall time and ~30 ms of CPU of a 10,000-target run here,
 * ~10 ms of a single-target call (README, "Speed"). With it, V8
 * deserialises the bytecode the build's training run compiled. Node's own built-in modules start
 * the same way; Node 22 offers it as `module.enableCompileCache()`, which the Node 20 this
 * project supports lacks.
 *
 * What it compiles is only ever the sibling bundle, a fixed path next to this file: nothing from a
 * workspace, an argument or the environment (SECURITY.md; the inert guard in
 * test/unit/hostile-inert.test.ts allows `node:vm` in this file alone). The cache is used only
 * when its header holds the sha256 of the bundle's exact text, so a bundle rebuilt without a new
 * cache (`--watch`, an edit by hand) is compiled afresh; V8 itself refuses a cache from another
 * V8 version or flag set. Either way the run is the same, only slower.
 *
 * `HOLARYN_CODE_CACHE=off` runs without the cache (the benchmark's comparison, debugging);
 * `HOLARYN_CODE_CACHE=write` makes the build's training run write it after the command.
 */
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as vm from 'node:vm';

/** The bundle's file name, next to this one. */
export const BUNDLE = 'cli-main.js';
/** The cache's file name, next to the bundle. */
export const CODE_CACHE = `${BUNDLE}.v8cache`;

const HASH_BYTES = 32;

function sourceHash(source: string): Buffer {
  return crypto.createHash('sha256').update(source, 'utf8').digest();
}

/** The cache file's bytes: the sha256 of the bundle's text, then V8's data. */
export function encodeCodeCache(source: string, data: Buffer): Buffer {
  return Buffer.concat([sourceHash(source), data]);
}

/** V8's data from a cache file, or `undefined` when the file is short or made for another text. */
export function decodeCodeCache(source: string, file: Buffer | undefined): Buffer | undefined {
  if (!file || file.length <= HASH_BYTES) return undefined;
  return sourceHash(source).equals(file.subarray(0, HASH_BYTES)) ? file.subarray(HASH_BYTES) : undefined;
}

/** V8's data for the bundle beside it, if any; any failure here only costs the cache. */
function validCache(source: string, cacheFile: string): Buffer | undefined {
  try {
    return decodeCodeCache(source, fs.readFileSync(cacheFile));
  } catch {
    return undefined;
  }
}

function writeAtomically(file: string, bytes: Buffer): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, bytes);
  fs.renameSync(temp, file);
}

/** Runs the bundle as Node would `require` it, with the cache when it is valid. */
function launch(mode: string | undefined): void {
  const bundle = path.join(__dirname, BUNDLE);
  const cacheFile = path.join(__dirname, CODE_CACHE);
  const source = fs.readFileSync(bundle, 'utf8');
  const cachedData = mode === 'off' || mode === 'write' ? undefined : validCache(source, cacheFile);
  const script = new vm.Script(Module.wrap(source), { filename: bundle, cachedData });
  if (mode === 'write') {
    // After the command: the cache then holds every function the training run compiled.
    process.once('exit', () => writeAtomically(cacheFile, encodeCodeCache(source, script.createCachedData())));
  }
  const bundleModule = new Module(bundle, module);
  bundleModule.filename = bundle;
  bundleModule.paths = module.paths;
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(bundleModule.exports, bundleModule.exports, Module.createRequire(bundle), bundleModule, bundle, __dirname);
}

if (require.main === module) launch(process.env.HOLARYN_CODE_CACHE);
