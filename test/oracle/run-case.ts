/**
 * One oracle case: lay its tree and home out in a fresh sandbox, run the real agent there
 * (src/capture: a loopback-only namespace, the fake endpoint, a throwaway home), read back what
 * it sent, run the profile on the same files, and compare (a) the ordered instruction files and
 * (b) the text per place, byte for byte.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { comparesOf, type AgentDriver, type OracleCompares } from '../../src/capture/agents/types';
import { agrees, captureAgent, type Side } from '../../src/capture/capture';
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
    ms: 0,
  };
  try {
    for (const d of [places.root, places.home, places.outside]) fs.mkdirSync(d);
    writeTree(places.root, c.tree, places);
    writeTree(places.home, c.home ?? {}, places);
    const caseEnv = Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, expand(v, places)]));
    const run = await captureAgent({
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
    });
    result.problems.push(...run.problems);
    const ran = fs.readdirSync(places.outside);
    if (ran.length > 0) result.problems.push(`a repository command ran: it wrote ${ran.join(', ')} outside the tree`);
    const marks = markersUnder(base).filter((m) => !m.startsWith('outside/'));
    if (marks.length > 0) result.problems.push(`a repository command ran: it left ${marks.join(', ')}`);
    result.agentSide = run.agentSide;
    result.profileSide = run.profileSide;
    result.filesAgree = run.filesAgree;
    result.textAgrees = run.textAgrees;
  } catch (err) {
    result.problems.push(`the case could not run: ${(err as Error).stack ?? String(err)}`);
  } finally {
    result.ms = Date.now() - started;
    const ok = result.problems.length === 0 && agrees(result);
    if (options.keep || (!ok && process.env.HOLARYN_ORACLE_KEEP_FAILED === '1')) result.kept = base;
    else fs.rmSync(base, { recursive: true, force: true });
    fs.rmSync(state, { recursive: true, force: true });
  }
  return result;
}
