// `npm run bench` (docs/speed.md): Holaryn's CLI against the I/O floor and editorconfig-core-js on the
// same generated monorepo, in one run, alternating, several rounds; medians and ratios. Then warm
// single-target resolution in-process, and the two scale cases (1,200 instruction files on one
// chain; 50,000 targets from a file). Then every registered profile as a whole process on the
// same targets, and `compare` of all of them on one file at a time, warm, in-process. Prints
// Markdown tables; the targets are reported, never asserted.
//
// Usage: node scripts/bench/run.mjs [--rounds N] [--samples N] [--scale-rounds N] [--no-scale]
//          [--no-profiles]               leave out the profile rows and the compare row
//          [--root DIR --targets FILE]   compare on another tree (its own .editorconfig files, if any)
//          [--out FILE]                  also write the results as JSON
//          [--cli FILE]                  another build of the CLI (default: bin.holaryn)
// Needs a build (`npm run build`): it runs dist/cli.js, the file `bin.holaryn` names.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, usageErrorFor } from './args.mjs';
import { bundleLibrary } from './bundle.mjs';
import { benchDir, buildTree, targetLines } from './tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const benchStart = Date.now();
const repo = path.resolve(here, '..', '..');

const USAGE = `usage: npm run bench -- [--rounds N] [--samples N] [--scale-rounds N] [--no-scale]
                      [--no-profiles] [--root DIR --targets FILE] [--out FILE] [--cli FILE]`;

/** Bad input: one clear line and the usage, exit 2 (no stack trace). */
const usageError = usageErrorFor('bench', USAGE);

const values = parseScriptArgs(
  {
    rounds: { type: 'string', default: '7' },
    samples: { type: 'string', default: '500' },
    'scale-rounds': { type: 'string', default: '3' },
    'no-scale': { type: 'boolean', default: false },
    'no-profiles': { type: 'boolean', default: false },
    root: { type: 'string' },
    targets: { type: 'string' },
    out: { type: 'string' },
    cli: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  usageError,
  USAGE,
);
/** A whole number of at least 1 given for `--name`. */
function count(name) {
  const n = Number(values[name]);
  if (!Number.isSafeInteger(n) || n < 1) usageError(`--${name} takes a whole number of at least 1, not ${JSON.stringify(values[name])}`);
  return n;
}
const rounds = count('rounds');
const samples = count('samples');
const scaleRounds = count('scale-rounds');
const withScale = !values['no-scale'];
const withProfiles = !values['no-profiles'];
const outFile = values.out;
if ((values.root === undefined) !== (values.targets === undefined)) usageError('--root and --targets go together');
if (values.root !== undefined) {
  if (!statSync(values.root, { throwIfNoEntry: false })?.isDirectory())
    usageError(`--root ${JSON.stringify(values.root)} is not a directory`);
  if (!statSync(values.targets, { throwIfNoEntry: false })?.isFile())
    usageError(`--targets ${JSON.stringify(values.targets)} is not a readable file`);
  if (targetLines(values.targets).length === 0) usageError(`--targets ${JSON.stringify(values.targets)} lists no target (one path a line)`);
}

const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
const cli = path.resolve(values.cli ?? path.join(repo, pkg.bin.holaryn));
if (!existsSync(cli)) {
  console.error(`bench: ${path.relative(repo, cli)} is missing; run "npm run build" first`);
  process.exit(2);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** CPU time (user + system) of reaped children so far, in ms (Linux /proc; else NaN). */
function childCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100; // cutime + cstime, USER_HZ = 100
  } catch {
    return NaN;
  }
}

const devNull = openSync(os.devNull, 'w');

/** Runs one whole `node` process; returns wall ms, child CPU ms, and its stdout when asked. */
function run(args, { capture = false, env = undefined } = {}) {
  const cpu0 = childCpuMs();
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, {
    env: env && { ...process.env, ...env },
    stdio: ['ignore', capture ? 'pipe' : devNull, 'pipe'],
    maxBuffer: 1 << 30,
    encoding: 'utf8',
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = childCpuMs() - cpu0;
  if (r.status !== 0) {
    // The CLI reports refusals (a target outside the root, a missing root) as JSON on stdout.
    let refusal = '';
    try {
      refusal = JSON.parse(r.stdout).error.message;
    } catch {
      // not the CLI's JSON: stderr says what happened
    }
    console.error(
      `bench: \`node ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}\` exited with ${r.status ?? r.signal}: ${refusal || r.stderr.trim()}`,
    );
    process.exit(1);
  }
  return { wall, cpu, stdout: r.stdout };
}

function libBundle() {
  return bundleLibrary(repo, path.join(benchDir(), `lib-${process.pid}.cjs`));
}

/** The CLI's arguments for a tree. `--no-global`: the operator's own file must not count. */
function cliArgs(tree) {
  return [cli, 'instructions', tree.root, '--targets-from', tree.targetsFile, '--json', '--no-global'];
}

/** At most this many CLI runs to find the lines it refuses (a symlink loop is reported one at a time). */
const REFUSAL_ROUNDS = 50;

/**
 * The target list of another tree as every contender gets it. The CLI refuses a whole list for
 * one target outside the root (a symlink leading out, an absolute path elsewhere) or one that
 * cannot be resolved (a symlink loop): such lines are found with the CLI itself, left out for
 * every contender alike (in a list written beside the bench's bundle), and reported.
 */
function usableTargets(root, file) {
  let lines = targetLines(file);
  const left = [];
  for (let round = 0; round < REFUSAL_ROUNDS; round++) {
    const r = spawnSync(process.execPath, cliArgs({ root, targetsFile: file }), {
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 30,
      encoding: 'utf8',
    });
    if (r.status === 0) return { file, left };
    let refused;
    try {
      const { error } = JSON.parse(r.stdout);
      if ((error.code === 'target-outside-root' || error.code === 'usage') && Array.isArray(error.targets) && error.targets.length > 0)
        refused = error;
    } catch {
      // not a refusal of targets: reported below as it is
    }
    if (!refused) return { file, left }; // the check run below shows what happened
    const out = new Set(refused.targets);
    left.push(...lines.filter((l) => out.has(l)));
    lines = lines.filter((l) => !out.has(l));
    file = path.join(benchDir(), `targets-${process.pid}.txt`);
    writeFileSync(file, lines.join('\n') + '\n');
    ownFiles.push(file);
  }
  return { file, left };
}

console.error(`bench: building ${values.root ? '' : 'the trees (cached between runs) and '}the library bundle...`);
const lib = await libBundle();
// The bench's own files go however it ends (a refused tree, an error, the report written).
const ownFiles = [lib];
process.on('exit', () => {
  for (const f of ownFiles) rmSync(f, { force: true, recursive: true });
});
const rootArg = values.root;
let leftOut = [];
let main;
if (!rootArg) main = buildTree('monorepo');
else {
  const root = path.resolve(rootArg);
  const usable = usableTargets(root, path.resolve(values.targets));
  leftOut = usable.left;
  main = { root, targetsFile: usable.file, manifest: { name: 'given', targets: targetLines(usable.file).length } };
  const shown = `${leftOut
    .slice(0, 3)
    .map((l) => JSON.stringify(l))
    .join(', ')}${leftOut.length > 3 ? ', …' : ''}`;
  if (leftOut.length > 0 && main.manifest.targets === 0)
    usageError(`the CLI refuses every target line of ${values.targets} (${shown}): outside the root or unresolvable`);
  if (leftOut.length > 0)
    console.error(
      `bench: ${leftOut.length} target line${leftOut.length === 1 ? '' : 's'} left out for every contender: the CLI refuses ${leftOut.length === 1 ? 'it' : 'them'} (${shown})`,
    );
}

// The contenders, as whole processes.
const contenders = {
  cli: { label: 'Holaryn CLI `instructions --targets-from … --json`', args: cliArgs(main), env: { HOLARYN_CODE_CACHE: undefined } },
  // The same executable compiling its bundle afresh: what the build's V8 code cache saves.
  cliNoCache: {
    label: '(reference) Holaryn CLI without its code cache (`HOLARYN_CODE_CACHE=off`)',
    args: cliArgs(main),
    env: { HOLARYN_CODE_CACHE: 'off' },
  },
  floor: {
    label: 'I/O floor (lstat per candidate per chain directory, read + sha256)',
    args: [path.join(here, 'floor.cjs'), main.root, main.targetsFile],
  },
  floorTargets: {
    label: '(reference) I/O floor + one lstat per target',
    args: [path.join(here, 'floor.cjs'), main.root, main.targetsFile, '--stat-targets'],
  },
  floorListed: {
    label: '(reference) I/O floor, a directory holding targets listed instead (one readdir)',
    args: [path.join(here, 'floor.cjs'), main.root, main.targetsFile, '--list-targets'],
  },
  editorconfig: {
    label: 'editorconfig-core-js 3 (`parseSync`, with its cache)',
    args: [path.join(here, 'editorconfig.mjs'), main.root, main.targetsFile],
  },
  inprocess: {
    label: 'Holaryn library in-process (resolve + streaming JSON)',
    args: [path.join(here, 'inprocess.mjs'), 'batch', lib, main.root, main.targetsFile],
  },
  // What every process above pays before its first line runs (no output to time itself).
  nodeStart: { label: '(reference) Node start alone (`node -e 0`)', args: ['-e', '0'] },
};
/** The contenders that print their own timing of the work (`{"ms": …}`), startup excluded. */
const selfTimed = new Set(['floor', 'floorTargets', 'floorListed', 'editorconfig', 'inprocess']);

/** Whether a profile's answer is its trusted one: no trust decision, or one that lets files in. */
function isTrusted(ev) {
  return ev.trust === undefined || ev.trust.trusted === true || ev.trust.decision === 'trusted';
}

/** What reaches the model, to tell whether trust changes a profile's answer. */
function answerOf(ev) {
  return JSON.stringify([ev.sources.map((s) => [s.path, s.status]), ev.context]);
}

// Every registered profile (the library's registry, `listProfiles()`), as a whole process on the
// same targets. A temp home keeps the operator's own agent files and settings out. A profile
// that asks for trust is measured trusted, so that its row measures loading: Holaryn's trust
// store (a temp file written by the CLI's own `trust` command, trusting the root) and Gemini's
// workspace-trust variable (`GEMINI_CLI_TRUST_WORKSPACE=true`, what `--skip-trust` sets; unlike
// `--set security.folderTrust.enabled=false` it is no error for the other profiles, so `compare`
// can take it too). A profile whose answer differs untrusted (a store with no answer, no
// variable) gets an untrusted row as well.
const profiles = [];
let profileHome;
if (withProfiles) {
  profileHome = mkdtempSync(path.join(benchDir(), 'home-'));
  ownFiles.push(profileHome);
  const trustStore = path.join(profileHome, 'trusted.json');
  const home = { HOME: profileHome, HOLARYN_HOME: profileHome };
  const states = {
    trusted: { args: ['--trust-store', trustStore], env: { ...home, GEMINI_CLI_TRUST_WORKSPACE: 'true' } },
    untrusted: {
      args: ['--trust-store', path.join(profileHome, 'no-answers.json')],
      env: { ...home, GEMINI_CLI_TRUST_WORKSPACE: undefined },
    },
  };
  const trustRun = spawnSync(process.execPath, [cli, 'trust', main.root, '--set', 'trusted', '--trust-store', trustStore], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (trustRun.status !== 0)
    console.error(
      `bench: this CLI wrote no trust store (\`trust\` exited with ${trustRun.status}): a profile asking for trust is measured untrusted`,
    );
  const profileArgs = (name, state) => [
    cli,
    'instructions',
    main.root,
    '--targets-from',
    main.targetsFile,
    '--profile',
    name,
    '--json',
    '--no-global',
    ...states[state].args,
  ];
  const probe = (name, state) =>
    spawnSync(process.execPath, profileArgs(name, state), {
      env: { ...process.env, ...states[state].env },
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 30,
      encoding: 'utf8',
    });
  for (const { name } of createRequire(import.meta.url)(lib).listProfiles()) {
    const trusted = probe(name, 'trusted');
    if (trusted.status !== 0) {
      // An older build (--cli) without this profile, or without --profile at all.
      let why = trusted.stderr.trim();
      try {
        why = JSON.parse(trusted.stdout).error.message;
      } catch {
        // stderr says what happened
      }
      console.error(`bench: no row for profile ${name}: the CLI refuses it (${why})`);
      continue;
    }
    const ev = JSON.parse(trusted.stdout);
    const untrusted = probe(name, 'untrusted');
    const differs = untrusted.status === 0 && answerOf(JSON.parse(untrusted.stdout)) !== answerOf(ev);
    const inContext = ev.sources.filter((x) => x.status === 'included' || x.status === 'truncated').length;
    const row = {
      name,
      trusted: isTrusted(ev),
      sources: ev.sources.length,
      inContext,
      unit: ev.truncation?.unit,
      bytes: Buffer.byteLength(trusted.stdout),
      untrusted: differs ? { bytes: Buffer.byteLength(untrusted.stdout) } : undefined,
    };
    profiles.push(row);
    contenders[`profile:${name}`] = { label: `\`--profile ${name}\``, args: profileArgs(name, 'trusted'), env: states.trusted.env };
    if (differs)
      contenders[`profile:${name}:untrusted`] = {
        label: `\`--profile ${name}\`, untrusted`,
        args: profileArgs(name, 'untrusted'),
        env: states.untrusted.env,
      };
  }
}

// One untimed run each: warms the page cache and checks the outputs.
console.error(`bench: ${main.manifest.targets} targets under ${main.root}`);
const check = run(cliArgs(main), { capture: true });
const evidence = JSON.parse(check.stdout);
if (evidence.targets.length === 0) usageError(`${values.targets ?? main.targetsFile} lists no target (one path a line)`);
for (const c of selfTimed) run(contenders[c].args);

const names = Object.keys(contenders);
const results = Object.fromEntries(names.map((n) => [n, { wall: [], cpu: [], inner: [] }]));
for (let r = 0; r < rounds; r++) {
  // Alternate: each round starts with the next contender.
  for (let k = 0; k < names.length; k++) {
    const name = names[(r + k) % names.length];
    const { wall, cpu, stdout } = run(contenders[name].args, { capture: selfTimed.has(name), env: contenders[name].env });
    results[name].wall.push(wall);
    results[name].cpu.push(cpu);
    if (selfTimed.has(name)) results[name].inner.push(JSON.parse(stdout).ms);
  }
  console.error(`bench: round ${r + 1}/${rounds}`);
}
const med = Object.fromEntries(
  names.map((n) => [
    n,
    { wall: median(results[n].wall), cpu: median(results[n].cpu), inner: results[n].inner.length ? median(results[n].inner) : NaN },
  ]),
);

// Warm single-target resolution (in-process): a few fresh processes, medians of their figures.
const warmRuns = [];
for (let i = 0; i < 3; i++)
  warmRuns.push(
    JSON.parse(
      run([path.join(here, 'inprocess.mjs'), 'warm', lib, main.root, main.targetsFile, String(samples), ...(rootArg ? [] : ['--touch'])], {
        capture: true,
      }).stdout,
    ),
  );
const warm = {
  samples: warmRuns[0].samples,
  avgSources: warmRuns[0].avgSources,
  cold: { median: median(warmRuns.map((w) => w.cold.median)), p95: median(warmRuns.map((w) => w.cold.p95)) },
  warm: {
    median: median(warmRuns.map((w) => w.warm.median)),
    p95: median(warmRuns.map((w) => w.warm.p95)),
    opened: Math.max(...warmRuns.map((w) => w.warm.opened)),
    unsettled: Math.max(...warmRuns.map((w) => w.warm.unsettled ?? 0)),
  },
  afterChange: warmRuns[0].afterChange,
};

// `compare` of every profile, one file a call, warm, in-process: a few fresh processes, medians.
let compareRow;
if (profiles.length > 0) {
  const store = path.join(profileHome, 'trusted.json');
  const runs = [];
  for (let i = 0; i < 3; i++)
    runs.push(
      JSON.parse(
        run(
          [
            path.join(here, 'inprocess.mjs'),
            'compare',
            lib,
            main.root,
            main.targetsFile,
            String(Math.min(samples, 200)),
            store,
            profileHome,
          ],
          {
            capture: true,
          },
        ).stdout,
      ),
    );
  const of = (state) => ({
    median: median(runs.map((r) => r[state].median)),
    p95: median(runs.map((r) => r[state].p95)),
    bestP95: median(runs.map((r) => r[state].bestP95)),
    cpu: median(runs.map((r) => r[state].cpu)),
    notTrusted: runs[0][state].notTrusted,
    // With kept answers (a build that has MomentMemo): first call of a file, and the same file again.
    kept: runs[0][state].kept && {
      computedMedian: median(runs.map((r) => r[state].kept.computedMedian)),
      computedP95: median(runs.map((r) => r[state].kept.computedP95)),
      againMedian: median(runs.map((r) => r[state].kept.againMedian)),
      againP95: median(runs.map((r) => r[state].kept.againP95)),
    },
  });
  compareRow = { samples: runs[0].samples, profiles: runs[0].profiles, trusted: of('trusted'), untrusted: of('untrusted') };
}

// Scale: 1,200 instruction files on one chain; 50,000 targets from a file.
const scale = {};
if (withScale) {
  for (const [key, tree] of [
    ['deep', buildTree('deep')],
    ['large', buildTree('large')],
  ]) {
    run(cliArgs(tree));
    const walls = [];
    const floors = [];
    for (let r = 0; r < scaleRounds; r++) {
      walls.push(run(cliArgs(tree)).wall);
      floors.push(run([path.join(here, 'floor.cjs'), tree.root, tree.targetsFile]).wall);
    }
    scale[key] = {
      targets: tree.manifest.targets,
      instructionFiles: tree.manifest.instructionFiles,
      wall: median(walls),
      floor: median(floors),
    };
  }
}

// The report.
const cpu = os.cpus();
const machine = `${cpu[0]?.model?.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.versions.node}`;
const ms = (x) =>
  Number.isFinite(x) ? (x >= 100 ? `${Math.round(x).toLocaleString('en-US')} ms` : `${x.toFixed(x >= 10 ? 1 : 2)} ms`) : '—';
const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
const m = main.manifest;
const lines = [];
lines.push(
  `Tree: ${m.name === 'monorepo' ? 'generated monorepo' : main.root} — ${m.targets.toLocaleString('en-US')} targets` +
    (m.instructionFiles ? `, ${m.instructionFiles} instruction files, ${m.editorconfigs} .editorconfig files` : '') +
    (leftOut.length > 0
      ? ` (${leftOut.length} more lines left out for every contender: the CLI refuses them, as outside the root or unresolvable)`
      : '') +
    `. Medians of ${rounds} alternating rounds, page cache warm.`,
);
lines.push(`Machine: ${machine}.`);
lines.push('');
lines.push('| | whole process (wall) | CPU (user+sys) | in-process |');
lines.push('|---|---:|---:|---:|');
for (const n of ['cli', 'floor', 'editorconfig', 'cliNoCache', 'floorTargets', 'floorListed', 'nodeStart']) {
  const inner = n === 'cli' ? med.inprocess.inner : med[n].inner;
  lines.push(`| ${contenders[n].label} | ${ms(med[n].wall)} | ${ms(med[n].cpu)} | ${ms(inner)} |`);
}
lines.push(
  `| **Holaryn ÷ I/O floor** (target ≤ 1.5×) | **${ratio(med.cli.wall, med.floor.wall)}** | ${ratio(med.cli.cpu, med.floor.cpu)} | ${ratio(med.inprocess.inner, med.floor.inner)} |`,
);
lines.push(
  `| **Holaryn ÷ editorconfig** (target ≤ 0.7×) | **${ratio(med.cli.wall, med.editorconfig.wall)}** | ${ratio(med.cli.cpu, med.editorconfig.cpu)} | ${ratio(med.inprocess.inner, med.editorconfig.inner)} |`,
);
if (process.env.NODE_EXTRA_CA_CERTS) {
  // Node reads and parses that certificate file at every start, before any script runs.
  lines.push('');
  lines.push(
    `NODE_EXTRA_CA_CERTS is set in this environment: every Node process above loads those certificates at start (in every whole-process figure, and in the Node start row).`,
  );
}
lines.push('');
lines.push(`| single target, in-process (${warm.samples} targets, ~${warm.avgSources.toFixed(1)} sources each) | median | p95 |`);
lines.push('|---|---:|---:|');
lines.push(`| cold (empty cache) | ${ms(warm.cold.median)} | ${ms(warm.cold.p95)} |`);
lines.push(`| warm (shared \`FileCache\`; target p95 < 2 ms) | ${ms(warm.warm.median)} | **${ms(warm.warm.p95)}** |`);
lines.push('');
lines.push(
  `Warm: ${warm.warm.opened} files opened over ${warm.samples} re-resolutions with nothing changed` +
    (warm.warm.unsettled > 0
      ? ` (${warm.warm.unsettled === warm.warm.opened ? 'all' : warm.warm.unsettled} of them files written less than 2 s before they were read: the cache keeps a file once its mtime is settled)`
      : '') +
    (warm.afterChange
      ? `; after \`${warm.afterChange.changed}\` changed, ${warm.afterChange.opened.length} opened (${warm.afterChange.opened.map((p) => `\`${p}\``).join(', ')}).`
      : '.'),
);
if (profiles.length > 0) {
  const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
  lines.push('');
  lines.push(
    `| each profile: CLI \`instructions --targets-from … --profile NAME --json\`, ${m.targets.toLocaleString('en-US')} targets, whole process | wall | CPU (user+sys) | files in the context / considered | JSON |`,
  );
  lines.push('|---|---:|---:|---:|---:|');
  for (const p of profiles) {
    const key = `profile:${p.name}`;
    const state = p.untrusted ? ' (trusted)' : p.trusted ? '' : ' (untrusted: the bench knows no way to trust it)';
    lines.push(
      `| ${contenders[key].label}${state} | ${ms(med[key].wall)} | ${ms(med[key].cpu)} | ${p.inContext} / ${p.sources} | ${mb(p.bytes)} |`,
    );
    if (p.untrusted) {
      const u = `${key}:untrusted`;
      lines.push(`| ${contenders[u].label} | ${ms(med[u].wall)} | ${ms(med[u].cpu)} | | ${mb(p.untrusted.bytes)} |`);
    }
  }
}
if (compareRow) {
  const c = compareRow;
  lines.push('');
  lines.push(
    `| \`compare\` of all ${c.profiles.length} profiles (${c.profiles.join(', ')}), one file a call, in-process, warm (shared \`FileCache\`; ${c.samples} files) | median | p95 |`,
  );
  lines[lines.length - 1] += ' p95, best of 3 calls a file | CPU a call |';
  lines.push('|---|---:|---:|---:|---:|');
  const note = (x) => (x.notTrusted.length > 0 ? ` (${x.notTrusted.join(', ')} not trusted)` : '');
  const cells = (x) => `${ms(x.median)} | **${ms(x.p95)}** | ${ms(x.bestP95)} | ${ms(x.cpu)}`;
  lines.push(`| trusted (target p95 < 5 ms)${note(c.trusted)} | ${cells(c.trusted)} |`);
  lines.push(`| untrusted (no trust answer)${note(c.untrusted)} | ${cells(c.untrusted)} |`);
  if (c.trusted.kept) {
    lines.push('');
    lines.push('| `compare` with kept answers (as the editor holds them), trusted | median | p95 |');
    lines.push('|---|---:|---:|');
    const k = c.trusted.kept;
    lines.push(`| a file's first call (computed, then kept) | ${ms(k.computedMedian)} | ${ms(k.computedP95)} |`);
    lines.push(`| the same file again (the disk checked, nothing computed) | ${ms(k.againMedian)} | **${ms(k.againP95)}** |`);
  }
}
if (withScale) {
  lines.push('');
  lines.push('| scale case (CLI, whole process, `--json`) | wall | I/O floor |');
  lines.push('|---|---:|---:|');
  lines.push(
    `| ${scale.deep.instructionFiles.toLocaleString('en-US')} instruction files on one chain, 1 target | ${ms(scale.deep.wall)} | ${ms(scale.deep.floor)} |`,
  );
  lines.push(
    `| ${scale.large.targets.toLocaleString('en-US')} targets from a file (${scale.large.instructionFiles} instruction files) | ${ms(scale.large.wall)} | ${ms(scale.large.floor)} |`,
  );
}
lines.push('');
lines.push(`The bench took ${Math.round((Date.now() - benchStart) / 1000)} s, building included.`);
console.log(lines.join('\n'));
if (outFile)
  writeFileSync(
    outFile,
    JSON.stringify({ machine, tree: m, leftOut, rounds, results, medians: med, warm, scale, profiles, compare: compareRow }, null, 2) +
      '\n',
  );
closeSync(devNull);
