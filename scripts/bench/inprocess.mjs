// In-process measurements (docs/speed.md), run in a fresh `node` per call by run.mjs:
//   batch <lib> <root> <targets-file>   resolve all targets once and write the JSON to the null device,
//                                       as the CLI does, timing only the work (not startup)
//   warm  <lib> <root> <targets-file> [samples] [--touch]
//                                       single-target resolutions: cold (empty cache) and warm
//                                       (shared cache), median and p95, and files opened; with
//                                       --touch, one instruction file's mtime is moved (and put
//                                       back) to show that only it is read again
//   compare <lib> <root> <targets-file> [samples] <trust-store> <home>
//                                       \`compare\` of every registered profile, one file a call,
//                                       warm (shared cache): median and p95, trusted and untrusted
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
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const evidence = lib.resolveInstructions(root, lines(), { globalFile: null });
  const t1 = performance.now();
  const fd = openSync(devNull, 'w');
  lib.writeJson(evidence, { stdout: (text) => writeSync(fd, text) });
  closeSync(fd);
  const t2 = performance.now();
  const c = process.cpuUsage(c0);
  process.stdout.write(
    JSON.stringify({
      load: loaded - start,
      resolve: t1 - t0,
      json: t2 - t1,
      ms: t2 - t0,
      // CPU time of the same work (all threads: the garbage collector's helpers count too).
      cpu: (c.user + c.system) / 1000,
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
} else if (mode === 'compare') {
  // `compare` of every registered profile on one file per call, as an editor's Compare section
  // asks it: a shared FileCache, warm. Trusted: the trust store given (trusting the root) and
  // Gemini's workspace-trust variable; untrusted: a store with no answer, no variable. The temp
  // home keeps the operator's own agent files and settings out.
  const [storeArg, homeArg] = process.argv.slice(7);
  const all = lines();
  const n = Math.min(Number(samplesArg ?? 200), all.length);
  const step = all.length / n;
  const sample = Array.from({ length: n }, (_, i) => all[Math.floor(i * step)]);
  const names = lib.listProfiles().map((p) => p.name);
  const missingStore = `${homeArg}/no-answers.json`;
  const states = {
    trusted: { trustStore: storeArg, env: { HOME: homeArg, GEMINI_CLI_TRUST_WORKSPACE: 'true' } },
    untrusted: { trustStore: missingStore, env: { HOME: homeArg } },
  };
  const result = { samples: n, profiles: names };
  for (const [state, given] of Object.entries(states)) {
    const cache = new lib.FileCache();
    const options = { ...given, cache, homedir: homeArg, globalFile: null };
    // Warm: the cache, and the code. V8 is still optimising and dropping optimised code after one
    // pass over the sample (19 deoptimisations and 140 optimisations during the measured calls,
    // with `--trace-deopt`/`--trace-opt`), far less after three (9 and 72): an editor compares
    // files for hours, so the figure is taken after three.
    const WARM_PASSES = 3;
    for (let pass = 0; pass < WARM_PASSES; pass++) for (const t of sample) lib.compare(root, [t], names, options);
    // Each file REPEATS times in a row: every call counts for the median and p95; the best of
    // a file's calls, over the files, is the same figure with the time the process spent
    // descheduled (a shared machine) mostly filtered out.
    const REPEATS = 3;
    const times = [];
    const best = [];
    const notTrusted = new Set();
    const c0 = process.cpuUsage();
    for (const t of sample) {
      let fastest = Infinity;
      for (let r = 0; r < REPEATS; r++) {
        const a = performance.now();
        const cmp = lib.compare(root, [t], names, options);
        const ms = performance.now() - a;
        times.push(ms);
        fastest = Math.min(fastest, ms);
        if (r === 0)
          for (const [name, ev] of Object.entries(cmp.profiles))
            if (ev.trust !== undefined && ev.trust.trusted !== true && ev.trust.decision !== 'trusted') notTrusted.add(name);
      }
      best.push(fastest);
    }
    const c = process.cpuUsage(c0);
    // With kept answers (MomentMemo, as the editor's Compare section holds one): a file's first
    // call computes (nothing kept yet for it, the FileCache warm) and is kept; its next calls
    // only check that the disk answers the same.
    const memo = lib.MomentMemo ? new lib.MomentMemo() : undefined;
    const computed = [];
    const again = [];
    if (memo)
      for (const t of sample)
        for (let r = 0; r < REPEATS; r++) {
          const a = performance.now();
          lib.compare(root, [t], names, options, memo);
          (r === 0 ? computed : again).push(performance.now() - a);
        }
    result[state] = {
      median: quantile(times, 0.5),
      p95: quantile(times, 0.95),
      bestP95: quantile(best, 0.95),
      cpu: (c.user + c.system) / 1000 / times.length,
      notTrusted: [...notTrusted],
      ...(memo && {
        kept: {
          computedMedian: quantile(computed, 0.5),
          computedP95: quantile(computed, 0.95),
          againMedian: quantile(again, 0.5),
          againP95: quantile(again, 0.95),
          hits: memo.hits,
          misses: memo.misses,
        },
      }),
    };
  }
  process.stdout.write(JSON.stringify(result) + '\n');
} else {
  process.stderr.write('usage: inprocess.mjs batch|warm|compare <lib> <root> <targets-file> [samples] [--touch | <trust-store> <home>]\n');
  process.exitCode = 2;
}
