// The editor's first workspace lint, in process (docs/speed.md, "The first workspace lint"): how
// long the lint keeps one thread from answering anything else. Each run is a fresh `node` that
// lists the bench monorepo grown to ~200,000 files as the extension's index does (the lint's
// walk, capped at 200,000 entries, sorted), then runs the lint as the Problems panel runs it
// while a 1 ms timer notes every gap between two turns of the event loop. Reported: the longest
// gap (the longest block), gaps over 50 ms, and the lint's whole time. Measured, never asserted.
//
// Usage: node scripts/bench/editor-lint.mjs [--repo DIR]... [--runs N] [--agents LIST|all] [--files N]
//   --repo DIR    a checkout of this repository (default: this one; repeat it to compare builds,
//                 the runs alternated). A checkout without `lintWorkspaceAsync` is run as the
//                 Problems panel ran it before: `lintWorkspace` at once without the budget check,
//                 then `checkBudgetAsync` with a macrotask between resolutions, then `lintAgents`.
//   --agents      the agents of `holaryn.lint.agents` (default none); their home is an empty temp dir
//   --runs N      fresh processes per checkout (default 3)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, usageErrorFor } from './args.mjs';
import { bundleLibrary } from './bundle.mjs';
import { benchDir, editorTree } from './tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const USAGE = 'usage: node scripts/bench/editor-lint.mjs [--repo DIR]... [--runs N] [--agents LIST|all] [--files N]';

if (process.argv[2] === '--measure') {
  await measure(...process.argv.slice(3));
  process.exit(0);
}

const usageError = usageErrorFor('editor-lint', USAGE);
const values = parseScriptArgs(
  {
    repo: { type: 'string', multiple: true, default: [] },
    runs: { type: 'string', default: '3' },
    agents: { type: 'string', default: '' },
    files: { type: 'string', default: '200000' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  usageError,
  USAGE,
);
const runs = Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) usageError(`--runs takes a whole number of at least 1, not ${JSON.stringify(values.runs)}`);
const wanted = Number(values.files);
if (!Number.isSafeInteger(wanted) || wanted < 1) usageError(`--files takes a whole number, not ${JSON.stringify(values.files)}`);
const repos = (values.repo.length > 0 ? values.repo : [path.resolve(here, '..', '..')]).map((r) => path.resolve(r));
for (const r of repos) if (!existsSync(path.join(r, 'src', 'lint', 'index.ts'))) usageError(`${r} is not a checkout of this repository`);

const tree = editorTree(wanted);
const home = mkdtempSync(path.join(os.tmpdir(), 'holaryn-editor-lint-home-'));
const libs = repos.map((_, i) => path.join(benchDir(), `editor-lint-lib-${process.pid}-${i}.cjs`));
process.on('exit', () => {
  for (const l of libs) rmSync(l, { force: true });
  rmSync(home, { recursive: true, force: true });
});
for (const [i, r] of repos.entries()) await bundleLibrary(r, libs[i], path.join('src', 'lint', 'index.ts'));

const results = repos.map(() => []);
for (let run = 0; run < runs; run++) {
  for (const [i, lib] of libs.entries()) {
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--measure', lib, tree.root, values.agents], {
      encoding: 'utf8',
      // Only what the agents read: an empty home, no agent variables of this machine.
      env: { PATH: process.env.PATH, HOME: home },
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) {
      console.error(child.stderr);
      process.exit(1);
    }
    results[i].push(JSON.parse(child.stdout));
  }
}

/** Lowest–highest over the runs, rounded, with `unit`. */
const range = (xs, unit = ' ms') => {
  const [lo, hi] = [Math.round(Math.min(...xs)), Math.round(Math.max(...xs))];
  return `${lo === hi ? lo : `${lo}–${hi}`}${unit}`;
};
console.log(
  `Editor's first workspace lint: ${tree.manifest.files.toLocaleString('en-US')}-file tree, ${results[0][0].paths.toLocaleString('en-US')} paths listed, ` +
    `agents: ${values.agents || 'none'}; ${runs} fresh process${runs === 1 ? '' : 'es'} per build.`,
);
console.log('');
console.log('| build | form | longest block | gaps over 50 ms | whole lint | findings |');
console.log('|---|---|---:|---:|---:|---:|');
for (const [i, r] of repos.entries()) {
  const described = spawnSync('git', ['-C', r, 'log', '-1', '--format=%h'], { encoding: 'utf8' });
  const label = described.status === 0 ? `${path.basename(r)} (${described.stdout.trim()})` : path.basename(r);
  const rs = results[i];
  console.log(
    `| ${label} | ${rs[0].form} | ${range(rs.map((x) => x.longest))} | ${range(
      rs.map((x) => x.over50),
      '',
    )} | ${range(rs.map((x) => x.total))} | ${rs[0].findings} |`,
  );
  if (rs[0].phases) {
    const blocks = Object.keys(rs[0].phases).map((k) => `${k} ${range(rs.map((x) => x.phases[k]))}`);
    console.log(`|  | of which at once: ${blocks.join(', ')} | | | | |`);
  }
}

/** One run in this process: the listing, then the lint as the Problems panel runs it, with the gaps timed. */
async function measure(libFile, root, agentsArg) {
  const lib = createRequire(import.meta.url)(libFile);
  const walk = lib.walkTree(lib.createNodeWalkFs(), root, { maxEntries: 200_000 });
  const paths = [...walk.files].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const agents = agentsArg === '' ? [] : lib.parseAgentList(agentsArg);
  const options = { listFiles: () => paths, listingComplete: walk.complete, opaqueDirectories: walk.opaque };

  let longest = 0;
  let over50 = 0;
  let last = performance.now();
  const beat = setInterval(() => {
    const now = performance.now();
    const gap = now - last;
    last = now;
    if (gap > longest) longest = gap;
    if (gap > 50) over50++;
  }, 1);
  // Let the timer start before the lint does.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const t0 = performance.now();
  last = t0;
  let findings;
  let form;
  let phases;
  if (lib.lintWorkspaceAsync) {
    form = 'lintWorkspaceAsync, 8 ms slices';
    const result = await lib.lintWorkspaceAsync(root, {
      ...options,
      agents: agents.length === 0 ? undefined : { agents },
      pause: lib.slicedPause(),
    });
    findings = result.findings.length;
  } else {
    form = 'lintWorkspace, then checkBudgetAsync, then lintAgents';
    const a = performance.now();
    const result = lib.lintWorkspace(root, { ...options, budgetCheck: false });
    const b = performance.now();
    const budget = await lib.checkBudgetAsync(result.budgetInput, {});
    const c = performance.now();
    const pitfalls = agents.length === 0 ? [] : lib.lintAgents(result.root, { agents, files: paths });
    const d = performance.now();
    phases = { lintWorkspace: b - a, ...(agents.length > 0 ? { lintAgents: d - c } : {}) };
    findings = result.findings.length + budget.findings.length + pitfalls.length;
  }
  const total = performance.now() - t0;
  // The last block ends with the lint: the timer's next turn sees it.
  await new Promise((resolve) => setTimeout(resolve, 2));
  clearInterval(beat);
  process.stdout.write(JSON.stringify({ form, paths: paths.length, longest, over50, total, findings, phases }) + '\n');
}
