/**
 * The oracle suite (`npm run test:oracle`, part of `npm test`): every case of every pinned agent
 * (agents.json, cases/<agent>.ts and the hostile tree) run against the real agent and compared
 * with its profile. See README.md in this folder.
 *
 *   tsx test/oracle/run.ts [--agent NAME]... [--case NAME]... [--jobs N] [--keep] [--show]
 *   tsx test/oracle/run.ts --install-only [--agent NAME]...
 *
 * `--install-only` installs the pinned releases (three downloads at a time) and runs nothing:
 * `npm test` starts it in the background while the CPU-bound suites run. `--share-with PID` runs
 * one case at a time until the process PID has ended (`npm test`'s unit suites, which keep one
 * of the two cores busy), then `--jobs`.
 * HOLARYN_ORACLE=skip skips the suite (for a developer running the rest; CI never sets it);
 * HOLARYN_ORACLE_AGENTS=a,b runs only those agents; HOLARYN_ORACLE_KEEP_FAILED=1 keeps the sandbox
 * of each failing case. A machine that cannot isolate the agents, or install them, fails the
 * suite with one line saying why.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { driverByName } from '../../src/capture/agents';
import { sandboxProblem } from '../../src/capture/sandbox';
import type { OracleCase } from './case';
import { HOSTILE } from './hostile';
import { AgentRelease, ensureAgent, readManifest } from './install';
import { TEXT_NOT_COMPARED, caseOk, explain } from './report';
import { CaseResult, runCase, withoutRunsMade } from './run-case';

/**
 * At most two cases at a time: the machines the suite runs on have two cores, and the agents'
 * start-up is CPU-bound (three at a time measured no faster on two cores).
 */
const MAX_JOBS = 2;

/** Downloads at a time with --install-only: they wait on the registry, not the CPU. */
const INSTALL_JOBS = 3;

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function log(line: string): void {
  process.stdout.write(`[oracle] ${line}\n`);
}

function fail(line: string): never {
  process.stderr.write(`[oracle] ${line}\n`);
  process.exit(1);
}

/** The hostile vectors of one agent (vectors/<agent>.ts exports `cases`), or none. */
function vectorsOf(agent: string): OracleCase[] {
  const file = path.join(__dirname, 'vectors', `${agent}.ts`);
  if (!fs.existsSync(file)) return [];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = (require(file) as { cases?: unknown }).cases;
  if (!Array.isArray(loaded)) fail(`${path.relative(process.cwd(), file)} exports no \`cases\` array`);
  return loaded as OracleCase[];
}

/** The cases an agent's cases file exports (`cases/<name>.ts`), or undefined when there is no such file. */
function casesFile(name: string): OracleCase[] | undefined {
  const file = path.join(__dirname, 'cases', `${name}.ts`);
  if (!fs.existsSync(file)) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = (require(file) as { cases?: unknown }).cases;
  if (!Array.isArray(loaded)) fail(`${path.relative(process.cwd(), file)} exports no \`cases\` array`);
  return loaded as OracleCase[];
}

/**
 * The cases of one agent: its cases file (when there is one) and its listing cases file
 * (`cases/<agent>-listings.ts`, skills, subagents and commands, when there is one), the hostile
 * tree and its hostile vectors.
 */
function casesOf(release: AgentRelease): { cases: OracleCase[]; note?: string } {
  const cases: OracleCase[] = [];
  let note: string | undefined;
  const own = casesFile(release.name);
  if (own) cases.push(...own);
  else note = `no cases file (test/oracle/cases/${release.name}.ts): only the hostile tree runs`;
  cases.push(...(casesFile(`${release.name}-listings`) ?? []));
  const hostile = HOSTILE[release.name];
  if (hostile) cases.push(hostile);
  cases.push(...vectorsOf(release.name));
  const seen = new Set<string>();
  for (const c of cases) {
    if (typeof c.name !== 'string' || !KEBAB.test(c.name)) fail(`${release.name}: case name ${JSON.stringify(c.name)} is not kebab-case`);
    if (seen.has(c.name)) fail(`${release.name}: two cases are named ${c.name}`);
    seen.add(c.name);
    if (typeof c.why !== 'string' || c.why.trim() === '') fail(`${release.name}/${c.name}: says nothing in \`why\``);
    if (typeof c.tree !== 'object' || c.tree === null) fail(`${release.name}/${c.name}: has no \`tree\``);
  }
  return { cases, note };
}

/** Resolves once the process `pid` has ended (polled: it need not be a child of this one). */
async function ended(pid: number): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  };
  while (alive()) await new Promise((resolve) => setTimeout(resolve, 500));
}

/**
 * Runs `tasks` with at most `jobs` at a time, results in the tasks' order. With `shareWith`, a
 * process that keeps one core busy, every worker but the first waits until it has ended.
 */
async function pool<T>(tasks: (() => Promise<T>)[], jobs: number, shareWith?: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (index: number) => {
    if (index > 0 && shareWith !== undefined) await ended(shareWith);
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, (_, index) => worker(index)));
  return results;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The table's two-run proof cell: cases whose proof ran and found nothing unattributed, of those
 * where it ran, and what the agents' own lines came to (kind: lines, characters).
 */
function proofCell(rs: readonly CaseResult[]): string {
  const ran = rs.filter((r) => r.proof !== null && r.proof.removed.length > 0);
  if (ran.length === 0) return 'not run';
  return `${ran.filter((r) => r.proof!.unattributed.length === 0).length} of ${ran.length}`;
}

/** Per agent, what the proof attributed to the agent itself, by kind: lines and characters over all its cases. */
function residueLines(plan: readonly { release: AgentRelease }[], done: readonly { r: CaseResult }[]): string[] {
  const out: string[] = [];
  for (const p of plan) {
    const sums = new Map<string, { lines: number; chars: number; cases: number }>();
    for (const { r } of done) {
      if (r.agent !== p.release.name) continue;
      for (const a of r.proof?.attributed ?? []) {
        const s = sums.get(a.kind) ?? { lines: 0, chars: 0, cases: 0 };
        s.lines += a.lines;
        s.chars += a.chars;
        s.cases += 1;
        sums.set(a.kind, s);
      }
    }
    if (sums.size > 0)
      out.push(
        `  not modelled (${p.release.name}): ${[...sums].map(([k, s]) => `${k} ${s.lines} lines, ${s.chars} chars in ${s.cases} cases`).join('; ')}`,
      );
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      agent: { type: 'string', multiple: true },
      case: { type: 'string', multiple: true },
      jobs: { type: 'string' },
      keep: { type: 'boolean', default: false },
      show: { type: 'boolean', default: false },
      'install-only': { type: 'boolean', default: false },
      'share-with': { type: 'string' },
    },
  });
  if (process.env.HOLARYN_ORACLE === 'skip') {
    log('skipped: HOLARYN_ORACLE=skip (the agents were not checked)');
    return;
  }
  const manifest = readManifest();
  const wanted =
    values.agent ?? (process.env.HOLARYN_ORACLE_AGENTS ? process.env.HOLARYN_ORACLE_AGENTS.split(',').map((s) => s.trim()) : undefined);
  for (const name of wanted ?? [])
    if (!manifest.agents.some((a) => a.name === name)) fail(`no agent named ${name} in test/oracle/agents.json`);
  const releases = manifest.agents.filter((a) => !wanted || wanted.includes(a.name));
  const jobs = Math.max(1, Math.min(MAX_JOBS, Number(values.jobs ?? MAX_JOBS) || MAX_JOBS));
  if (values['install-only']) {
    const got = await pool(
      releases.map((release) => () => ensureAgent(release, log)),
      INSTALL_JOBS,
    );
    got.forEach((g, i) => {
      if ('problem' in g) fail(`cannot install ${releases[i].package}@${releases[i].version}: ${g.problem}`);
    });
    log(`${releases.length} pinned releases installed`);
    return;
  }
  const problem = sandboxProblem();
  if (problem) fail(`cannot run the agents in isolation: ${problem} (HOLARYN_ORACLE=skip runs the other tests without them)`);

  const plan: { release: AgentRelease; executable: string; cases: OracleCase[]; note?: string }[] = [];
  for (const release of releases) {
    const driver = driverByName(release.driver);
    if (!driver) fail(`${release.name}: no driver named ${release.driver} in src/capture/agents`);
    const { cases, note } = casesOf(release);
    const selected = values.case ? cases.filter((c) => values.case!.includes(c.name)) : cases;
    if (selected.length === 0) continue;
    const got = await ensureAgent(release, log);
    if ('problem' in got) fail(`cannot install ${release.package}@${release.version}: ${got.problem}`);
    plan.push({ release, executable: got.executable, cases: selected, note });
  }
  if (plan.length === 0) fail('no case to run');
  log(
    `${plan.map((p) => `${p.release.name} ${p.release.version}`).join(', ')}: ${plan.reduce((n, p) => n + p.cases.length, 0)} cases, ${jobs} at a time`,
  );

  const started = Date.now();
  const tasks = plan.flatMap((p) =>
    p.cases.map((c) => async () => {
      const r = await runCase(p.release.name, driverByName(p.release.driver)!, p.executable, c, { keep: values.keep ?? false });
      const what = caseOk(r)
        ? ''
        : `  ${[
            r.problems.length > 0 ? 'did not run cleanly' : '',
            r.filesAgree ? '' : 'files differ',
            r.compares === 'files' || r.textAgrees ? '' : 'text differs',
            r.listingsAgree === false ? 'listings differ' : '',
            (r.proof?.unattributed.length ?? 0) > 0 ? 'unattributed differences' : '',
          ]
            .filter(Boolean)
            .join(', ')}`;
      process.stdout.write(`  ${caseOk(r) ? '✔' : '✘'} ${`${r.agent}/${r.name}`.padEnd(56)} ${seconds(r.ms).padStart(7)}${what}\n`);
      if (values.show && r.agentSide) process.stdout.write(`${JSON.stringify(r.agentSide, null, 2)}\n`);
      return { r, c };
    }),
  );
  const shareWith = values['share-with'] === undefined ? undefined : Number(values['share-with']);
  if (shareWith !== undefined && !(Number.isInteger(shareWith) && shareWith > 0)) fail(`--share-with takes a process id`);
  const done = await pool(tasks, jobs, shareWith);

  process.stdout.write('\n');
  const header = [
    'agent',
    'release',
    'cases',
    'files agree',
    'text agrees',
    'listings agree',
    'proof clean',
    'time: total',
    'mean',
    'slowest',
  ];
  const rows = plan.map((p) => {
    const rs = done.filter((d) => d.r.agent === p.release.name).map((d) => d.r);
    const total = rs.reduce((n, r) => n + r.ms, 0);
    const clean = (pred: (r: CaseResult) => boolean) => `${rs.filter((r) => r.problems.length === 0 && pred(r)).length} of ${rs.length}`;
    return [
      p.release.name,
      p.release.version,
      String(rs.length),
      clean((r) => r.filesAgree),
      rs.every((r) => r.compares === 'files') ? TEXT_NOT_COMPARED : clean((r) => r.compares === 'files-and-text' && r.textAgrees),
      rs.every((r) => r.listingsAgree === null) ? 'not read' : clean((r) => r.listingsAgree === true),
      proofCell(rs),
      seconds(total),
      seconds(total / Math.max(1, rs.length)),
      seconds(Math.max(0, ...rs.map((r) => r.ms))),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => '  ' + cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(`${line(header)}\n`);
  for (const r of rows) process.stdout.write(`${line(r)}\n`);
  for (const p of plan) if (p.note) process.stdout.write(`  note: ${p.release.name}: ${p.note}\n`);
  for (const l of residueLines(plan, done)) process.stdout.write(`${l}\n`);
  const proved = done.filter((d) => (d.r.proof?.removed.length ?? 0) > 0).length;
  if (proved > 0)
    process.stdout.write(`  two-run proof: ${proved} cases, ${withoutRunsMade()} runs without the files (the others shared one)\n`);
  process.stdout.write(`  wall time ${seconds(Date.now() - started)}\n\n`);

  const failed = done.filter((d) => !caseOk(d.r));
  for (const { r, c } of failed) process.stdout.write(`${explain(r, c).join('\n')}\n\n`);
  // Counted by .ci/run's closing line like mocha's.
  process.stdout.write(`  ${done.length - failed.length} passing\n`);
  if (failed.length > 0) {
    process.stdout.write(`  ${failed.length} failing: ${failed.map(({ r }) => `${r.agent}/${r.name}`).join(', ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((err) => fail(`the suite itself failed: ${(err as Error).stack ?? String(err)}`));
