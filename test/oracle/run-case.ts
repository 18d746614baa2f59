/**
 * One oracle case: lay its tree and home out in a fresh sandbox, run the real agent there
 * (src/capture: a loopback-only namespace, the fake endpoint, a throwaway home), read back what
 * it sent, run the profile on the same files, and compare (a) the ordered instruction files and
 * (b) the text per place, byte for byte.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { comparesOf, type AgentDriver, type OracleCompares } from '../../src/capture/agents/types';
import { agrees, captureAgent, type CaptureInput, type CaptureRun, type Side } from '../../src/capture/capture';
import { filesToRemove, maskFolders, proofRunOf, proveDifferences, type ProofResult } from '../../src/capture/proof';
import type { Evidence } from '../../src/resolver';
import type { OracleCase } from './case';
import { oracleStateRoot } from './install';
import { expand, writeTree, type Places } from './tree';
import { markersUnder } from './vectors/marker';

export type { Side };

export interface CaseResult {
  agent: string;
  name: string;
  /** The run's sandbox (removed after the run unless kept). */
  base: string;
  /** The run could not be compared (the agent failed, the tree changed, a hostile command ran). */
  problems: string[];
  /** Null when there was nothing to compare. */
  agentSide: Side | null;
  profileSide: Side | null;
  /** What was compared: with 'files' (a listing agent), textAgrees is false and does not count. */
  compares: OracleCompares;
  filesAgree: boolean;
  textAgrees: boolean;
  /** Whether the listing entries agree; null when the driver does not read them. */
  listingsAgree: boolean | null;
  /**
   * The two-run proof (src/capture/proof.ts): null when it did not run (run A did not agree, or
   * the tree has no file of the profile's to remove); `removed` the files taken out for run B.
   */
  proof: (ProofResult & { removed: string[] }) | null;
  ms: number;
  /** The sandbox, when kept (--keep, or a failure with --keep-failed). */
  kept?: string;
}

export interface RunOptions {
  keep: boolean;
}

export async function runCase(
  agent: string,
  driver: AgentDriver,
  executable: string,
  c: OracleCase,
  options: RunOptions,
): Promise<CaseResult> {
  const started = Date.now();
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `holaryn-oracle-${agent}-`)));
  // Gemini reads a settings file of the driver's only where no one else can write the folders above it: not under /tmp.
  const stateRoot = oracleStateRoot();
  const state = fs.mkdtempSync(path.join(stateRoot, `${agent}-`));
  const places: Places = { root: path.join(base, 'root'), home: path.join(base, 'home'), outside: path.join(base, 'outside') };
  const result: CaseResult = {
    agent,
    name: c.name,
    base,
    problems: [],
    agentSide: null,
    profileSide: null,
    compares: comparesOf(driver),
    filesAgree: false,
    textAgrees: false,
    listingsAgree: null,
    proof: null,
    ms: 0,
  };
  try {
    fs.mkdirSync(places.outside);
    layOut(c, places, []);
    const caseEnv = Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, expand(v, places)]));
    const input: CaptureInput = {
      driver,
      executable,
      cwd: path.join(places.root, c.cwd ?? ''),
      tree: places.root,
      read: c.read === undefined ? null : path.join(places.root, c.read),
      home: places.home,
      work: base,
      state,
      env: caseEnv,
      canaries: [places.outside],
    };
    const run = await captureAgent(input);
    result.problems.push(...run.problems, ...ranProblems(base, places));
    result.agentSide = run.agentSide;
    result.profileSide = run.profileSide;
    result.filesAgree = run.filesAgree;
    result.textAgrees = run.textAgrees;
    result.listingsAgree = run.listingsAgree;
    if (result.problems.length === 0 && agrees(result) && run.evidence && proofWanted(run.evidence))
      result.proof = await secondRun(c, input, places, run, state);
  } catch (err) {
    result.problems.push(`the case could not run: ${(err as Error).stack ?? String(err)}`);
  } finally {
    result.ms = Date.now() - started;
    const ok = result.problems.length === 0 && agrees(result) && (result.proof?.unattributed.length ?? 0) === 0;
    if (options.keep || (!ok && process.env.HOLARYN_ORACLE_KEEP_FAILED === '1')) result.kept = base;
    else fs.rmSync(base, { recursive: true, force: true });
    fs.rmSync(state, { recursive: true, force: true });
  }
  return result;
}

/**
 * Whether a case runs the two-run proof (HOLARYN_ORACLE_PROOF): `all` every case; `off` none (a
 * developer's quick run); by default (`listings`) every case whose answer lists a skill, subagent
 * or command (whatever its status), which keeps the suite within CI's half hour: a second run of
 * each of the suite's cases would double its time.
 */
function proofWanted(ev: Evidence): boolean {
  const mode = process.env.HOLARYN_ORACLE_PROOF ?? 'listings';
  return mode === 'all' || (mode !== 'off' && ev.listings.length > 0);
}

/** Lays the case's tree and home out afresh (removing any earlier copy), without the files `without` (absolute). */
function layOut(c: OracleCase, places: Places, without: readonly string[]): void {
  for (const d of [places.root, places.home]) {
    fs.rmSync(d, { recursive: true, force: true });
    fs.mkdirSync(d);
  }
  writeTree(places.root, c.tree, places);
  writeTree(places.home, c.home ?? {}, places);
  for (const f of without) fs.rmSync(f, { force: true });
}

/** A repository command that ran: anything in the canary folder, a marker anywhere else in the run's folder. */
function ranProblems(base: string, places: Places): string[] {
  const problems: string[] = [];
  const ran = fs.readdirSync(places.outside);
  if (ran.length > 0) problems.push(`a repository command ran: it wrote ${ran.join(', ')} outside the tree`);
  const marks = markersUnder(base).filter((m) => !m.startsWith('outside/'));
  if (marks.length > 0) problems.push(`a repository command ran: it left ${marks.join(', ')}`);
  return problems;
}

/** A run B and the folders of its own that its requests name (its case's folder, its state folder). */
interface WithoutRun {
  run: CaptureRun;
  folders: string[];
}

/**
 * Runs B already made, by what they ran on (withoutKey): a case whose tree without the profile's
 * files is the same as an earlier case's (same agent, files, home, working directory, read and
 * environment, its own folders aside) takes that run instead of running the agent again.
 */
const withoutRuns = new Map<string, Promise<WithoutRun>>();

/** How many runs B were made (each key once), for the suite's summary. */
export function withoutRunsMade(): number {
  return withoutRuns.size;
}

/** Every entry under `dir` (relative path, kind, content or link target), folders `own` masked, in order. */
function entriesOf(dir: string, own: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const abs = path.join(d, name);
      const r = rel === '' ? name : `${rel}/${name}`;
      const st = fs.lstatSync(abs);
      if (st.isSymbolicLink()) out.push(`l ${r} ${maskFolders(fs.readlinkSync(abs), own)}`);
      else if (st.isDirectory()) {
        out.push(`d ${r}`);
        walk(abs, r);
      } else
        out.push(
          `f ${r} ${createHash('sha256')
            .update(maskFolders(fs.readFileSync(abs, 'latin1'), own))
            .digest('hex')}`,
        );
    }
  };
  walk(dir, '');
  return out;
}

/** What run B runs on, its own folders aside: equal keys make equal runs. */
function withoutKey(input: CaptureInput, places: Places, folders: readonly string[]): string {
  const rel = (p: string | null) => (p === null ? null : path.relative(places.root, p));
  const key = {
    agent: input.driver.name,
    tree: entriesOf(places.root, folders),
    home: entriesOf(places.home, folders),
    cwd: rel(input.cwd),
    read: rel(input.read),
    env: maskFolders(JSON.stringify(input.env ?? {}), folders),
  };
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}

/** Run B on the case's folders, laid out without `removed`. */
async function runWithout(input: CaptureInput, places: Places, state: string): Promise<CaptureRun> {
  for (const d of ['run', 'tmp', 'layer']) fs.rmSync(path.join(input.work, d), { recursive: true, force: true });
  fs.rmSync(state, { recursive: true, force: true });
  fs.mkdirSync(state, { mode: 0o700 });
  const second = await captureAgent(input);
  second.problems.push(...ranProblems(input.work, places));
  return second;
}

/** Run B of the two-run proof: the same case without the profile's files, compared with run A's requests. */
async function secondRun(
  c: OracleCase,
  input: CaptureInput,
  places: Places,
  first: CaptureRun,
  state: string,
): Promise<ProofResult & { removed: string[] }> {
  const env = { HOME: places.home, ...input.driver.profileEnv(places.home), ...(input.env ?? {}) };
  const removed = filesToRemove(first.evidence!, input, env);
  if (removed.length === 0) return { removed, attributed: [], unattributed: [] };
  layOut(c, places, removed);
  const folders = [input.work, state];
  const key = withoutKey(input, places, folders);
  let made = withoutRuns.get(key);
  if (!made) {
    made = runWithout(input, places, state).then((run) => ({ run, folders }));
    withoutRuns.set(key, made);
  }
  const { run: second, folders: theirs } = await made;
  const shown = removed.map((f) => path.relative(places.root, f));
  if (second.problems.length > 0)
    return {
      removed: shown,
      attributed: [],
      unattributed: second.problems.map((p) => ({ run: 'without files' as const, line: `(the run failed) ${p}` })),
    };
  if (!second.evidence || !agrees(second))
    return {
      removed: shown,
      attributed: [],
      unattributed: [{ run: 'without files', line: '(the profile does not agree with the agent on this run either)' }],
    };
  return { removed: shown, ...proveDifferences(proofRunOf(first, folders), proofRunOf(second, theirs), input.driver.residue ?? []) };
}
