// In-process measurements (docs/speed.md), run in a fresh `node` per call by run.mjs:
//   batch <lib> <root> <targets-file>   resolve all targets once and write the JSON to the null device,
//                                       as the CLI does, timing only the work (not startup)
//   warm  <lib> <root> <targets-file> [samples] [--touch]
//                                       single-target resolutions: cold (empty cache) and warm
//                                       (shared cache), median and p95, and files opened; with
//                                       --touch, one instruction file's mtime is moved (and put
//                                       back) to show that only it is read again
// Prints one JSON line.
import { closeSync, openSync, statSync, utimesSync, writeSync } from 'node:fs';
import { devNull } from 'node:os';
import { createRequire } from 'node:module';
import { targetLines } from './tree.mjs';

const [mode, libFile, root, list, samplesArg, touchArg] = process.argv.slice(2);
const start = performance.now();
const lib = createRequire(import.meta.url)(libFile);
const loaded = performance.now();
const lines = () => targetLines(list);

function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
}

if (mode === 'batch') {
  const t0 = performance.now();
  const evidence = lib.resolveInstructions(root, lines(), { globalFile: null });
  const t1 = performance.now();
  const fd = openSync(devNull, 'w');
  lib.writeJson(evidence, { stdout: (text) => writeSync(fd, text) });
  closeSync(fd);
  const t2 = performance.now();
  process.stdout.write(
    JSON.stringify({
      load: loaded - start,
      resolve: t1 - t0,
      json: t2 - t1,
      ms: t2 - t0,
      targets: evidence.targets.length,
      sources: evidence.sources.length,
    }) + '\n',
  );
} else if (mode === 'warm') {
  const all = lines();
  const n = Math.min(Number(samplesArg ?? 500), all.length);
  const step = all.length / n;
  const sample = Array.from({ length: n }, (_, i) => all[Math.floor(i * step)]);
  // Counts opened files: the warm path must open none when nothing changed.
  const base = lib.createNodeFs();
  let opened = [];
  const fs = { ...base, path: base.path, open: (p, st) => (opened.push(p), base.open(p, st)) };
  const options = (cache) => ({ fs, cache, globalFile: null });
  // Warm-up of the code itself (JIT), so cold and warm differ only by the cache.
  for (const t of sample.slice(0, 50)) lib.resolveInstructions(root, [t], options(new lib.FileCache()));
  const cold = [];
  for (const t of sample) {
    const a = performance.now();
    lib.resolveInstructions(root, [t], options(new lib.FileCache()));
    cold.push(performance.now() - a);
  }
  const cache = new lib.FileCache();
  for (const t of sample) lib.resolveInstructions(root, [t], options(cache));
  opened = [];
  const unsettledBefore = cache.unsettled;
  const warm = [];
  let sources = 0;
  for (const t of sample) {
    const a = performance.now();
    const ev = lib.resolveInstructions(root, [t], options(cache));
    warm.push(performance.now() - a);
    sources += ev.sources.length;
  }
  const warmOpened = opened.length;
  // Files written less than 2 s before a read are read again until settled (FileCache): counted
  // so that such a tree's reads are not mistaken for a cold path.
  const warmUnsettled = cache.unsettled - unsettledBefore;
  // One instruction file changes (new mtime): re-resolving re-reads that file only.
  const first = lib.resolveInstructions(root, [sample[0]], options(cache));
  const changed = first.sources.find((s) => s.scope === 'workspace');
  let afterChange = null;
  if (changed && touchArg === '--touch') {
    const file = `${first.root}/${changed.path}`;
    const st = statSync(file);
    utimesSync(file, st.atime, new Date(st.mtimeMs + 1000));
    try {
      opened = [];
      const a = performance.now();
      lib.resolveInstructions(root, [sample[0]], options(cache));
      afterChange = { ms: performance.now() - a, opened: opened.map((p) => p.slice(first.root.length + 1)), changed: changed.path };
    } finally {
      utimesSync(file, st.atime, st.mtime);
    }
  }
  process.stdout.write(
    JSON.stringify({
      samples: n,
      avgSources: sources / n,
      cold: { median: quantile(cold, 0.5), p95: quantile(cold, 0.95) },
      warm: { median: quantile(warm, 0.5), p95: quantile(warm, 0.95), opened: warmOpened, unsettled: warmUnsettled },
      afterChange,
    }) + '\n',
  );
} else {
  process.stderr.write('usage: inprocess.mjs batch|warm <lib> <root> <targets-file> [samples]\n');
  process.exitCode = 2;
}
