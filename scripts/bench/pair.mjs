// Paired A/B runs of two or more builds (docs/speed.md, "Comparing two builds"): each build's
// CLI as a whole process on the bench tree, and its library in-process (resolve + streaming
// JSON, startup excluded), the builds alternated in every round, each round starting with the
// next build. Prints, per build, the median and spread of each figure, and against the first
// build the median of the per-round ratios with its spread. Reported, never asserted.
//
// Usage: node scripts/bench/pair.mjs --repo DIR --repo DIR [--repo DIR...] [--rounds N]
//          [--root DIR --targets FILE] [--out FILE]
// Each DIR is a checkout of this repository with node_modules and a build (`npm run build`):
// its dist/cli.js runs whole, and its scripts/bench/lib.ts is bundled for the in-process figure.
import { spawnSync } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDir, buildTree } from './tree.mjs';
import { parseScriptArgs, usageErrorFor } from './args.mjs';
import { bundleLibrary } from './bundle.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const USAGE =
  'usage: node scripts/bench/pair.mjs --repo DIR --repo DIR [--repo DIR...] [--rounds N] [--root DIR --targets FILE] [--out FILE]';

const usageError = usageErrorFor('pair', USAGE);

const values = parseScriptArgs(
  {
    repo: { type: 'string', multiple: true, default: [] },
    rounds: { type: 'string', default: '31' },
    root: { type: 'string' },
    targets: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  usageError,
  USAGE,
);
const rounds = Number(values.rounds);
if (!Number.isSafeInteger(rounds) || rounds < 1)
  usageError(`--rounds takes a whole number of at least 1, not ${JSON.stringify(values.rounds)}`);
if (values.repo.length < 2) usageError('give at least two --repo checkouts to compare');
if ((values.root === undefined) !== (values.targets === undefined)) usageError('--root and --targets go together');
const repos = values.repo.map((r) => path.resolve(r));
for (const r of repos) {
  if (!existsSync(path.join(r, 'dist', 'cli.js'))) usageError(`${r} has no dist/cli.js: run "npm run build" there first`);
  if (!existsSync(path.join(r, 'scripts', 'bench', 'lib.ts'))) usageError(`${r} has no scripts/bench/lib.ts`);
}
const tree =
  values.root !== undefined ? { root: path.resolve(values.root), targetsFile: path.resolve(values.targets) } : buildTree('monorepo');
if (!statSync(tree.root, { throwIfNoEntry: false })?.isDirectory()) usageError(`--root ${JSON.stringify(values.root)} is not a directory`);

/** A short name for a checkout: its commit, else its folder name. */
function label(dir) {
  const r = spawnSync('git', ['-C', dir, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.trim() !== '' ? r.stdout.trim().slice(0, 60) : path.basename(dir);
}

const ownFiles = [];
process.on('exit', () => {
  for (const f of ownFiles) rmSync(f, { force: true });
});
const builds = [];
for (const [i, dir] of repos.entries()) {
  const lib = path.join(benchDir(), `pair-lib-${process.pid}-${i}.cjs`);
  ownFiles.push(lib);
  await bundleLibrary(dir, lib);
  builds.push({ dir, name: label(dir), cli: path.join(dir, 'dist', 'cli.js'), lib });
}

const devNull = openSync(os.devNull, 'w');
function childCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
function run(args, capture) {
  const cpu0 = childCpuMs();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, {
    stdio: ['ignore', capture ? 'pipe' : devNull, 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) {
    console.error(`pair: \`node ${args.join(' ')}\` exited with ${r.status ?? r.signal}: ${r.stderr.trim()}`);
    process.exit(1);
  }
  return { wall, cpu: childCpuMs() - cpu0, stdout: r.stdout };
}
const cliArgs = (b) => [b.cli, 'instructions', tree.root, '--targets-from', tree.targetsFile, '--json', '--no-global'];
const inArgs = (b) => [path.join(here, 'inprocess.mjs'), 'batch', b.lib, tree.root, tree.targetsFile];

// Same answer from every build (the schema's fields may grow; the sources' statuses may not move).
const answers = builds.map((b) => {
  const ev = JSON.parse(run(cliArgs(b), true).stdout);
  return JSON.stringify(ev.sources.map((s) => [s.path, s.status])) + JSON.stringify(ev.context ?? null);
});
const sameAnswer = answers.every((a) => a === answers[0]);
for (const b of builds) run(inArgs(b), true); // warm the page cache for every bundle

const figures = builds.map(() => ({ wall: [], cpu: [], inner: [], innerCpu: [] }));
const started = Date.now();
for (let r = 0; r < rounds; r++) {
  for (let k = 0; k < builds.length; k++) {
    const i = (r + k) % builds.length;
    const w = run(cliArgs(builds[i]));
    figures[i].wall.push(w.wall);
    figures[i].cpu.push(w.cpu);
  }
  for (let k = 0; k < builds.length; k++) {
    const i = (r + k + 1) % builds.length;
    const inner = JSON.parse(run(inArgs(builds[i]), true).stdout);
    figures[i].inner.push(inner.ms);
    figures[i].innerCpu.push(inner.cpu);
  }
  if ((r + 1) % 5 === 0 || r + 1 === rounds) console.error(`pair: round ${r + 1}/${rounds}`);
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
};
const fmt = (x) => (x >= 100 ? `${Math.round(x)}` : x.toFixed(1));
const spread = (xs) => `${fmt(quantile(xs, 0.5))} (${fmt(quantile(xs, 0.25))}–${fmt(quantile(xs, 0.75))})`;
const ratios = (a, b) => a.map((x, j) => x / b[j]);
const rfmt = (xs) => `${quantile(xs, 0.5).toFixed(3)}× (${quantile(xs, 0.25).toFixed(3)}–${quantile(xs, 0.75).toFixed(3)})`;

const lines = [];
lines.push(
  `${rounds} alternated rounds on ${tree.root} (${readFileSync(tree.targetsFile, 'utf8').split('\n').filter(Boolean).length} targets), ` +
    `${Math.round((Date.now() - started) / 1000)} s; median (quartiles) in ms; ratios are per-round, against the first build.` +
    (sameAnswer ? ' Every build gives the same statuses and context.' : ' The builds give different answers on this tree.'),
);
lines.push('');
lines.push(
  '| build | CLI whole process, wall | CLI CPU | in-process resolve + JSON, wall | in-process CPU | CLI wall ÷ first | CLI CPU ÷ first | in-process wall ÷ first | in-process CPU ÷ first |',
);
lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
builds.forEach((b, i) => {
  const f = figures[i];
  const first = figures[0];
  const vs = (key) => (i === 0 ? '—' : rfmt(ratios(f[key], first[key])));
  lines.push(
    `| ${b.name} | ${spread(f.wall)} | ${spread(f.cpu)} | ${spread(f.inner)} | ${spread(f.innerCpu)} | ${vs('wall')} | ${vs('cpu')} | ${vs('inner')} | ${vs('innerCpu')} |`,
  );
});
console.log(lines.join('\n'));
if (values.out)
  writeFileSync(values.out, JSON.stringify({ tree, rounds, builds: builds.map((b) => b.name), figures, sameAnswer }, null, 2) + '\n');
