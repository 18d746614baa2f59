/**
 * One capture as a user asks for it (`holaryn capture`, Verify with the Installed Agent): the
 * user's installed agent on their repository, with a throwaway home holding read-only copies of
 * only the files its profile reads from the real home, a private state folder, the run's own
 * folder; then the report both front ends read. Front ends parse their input and print; the
 * work is here.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AgentDriver, OracleCompares } from './agents/types';
import { agrees, captureAgent, repositoryTop, type CaptureInput, type CaptureRun, type Side } from './capture';
import { filesToRemove, proofRunOf, proveDifferences, type ProofResult } from './proof';
import { sandboxProblem } from './sandbox';
import { secureStateRoot } from './state-dir';
import { installedAgent, type InstalledAgent } from '../installed/version';
import { nodeResolverFs, profileByName, type AgentSigns } from '../resolver';

export const CAPTURE_SCHEMA = 'holaryn.capture/v1';

/** Exit codes of a capture beyond 0 (agree), 1 (internal) and 2 (usage). */
export const CAPTURE_EXIT = Object.freeze({ differs: 3, failed: 4, cannotIsolate: 5 });

export interface CaptureReport {
  schema: typeof CAPTURE_SCHEMA;
  agent: string;
  profile: string;
  root: string;
  /** The agent's working directory (the root unless --cwd). */
  cwd: string;
  /** The repository's top folder the agent saw (the git root at or above the cwd, else the root). */
  top: string;
  file: string | null;
  installed: InstalledAgent;
  /** The throwaway HOME the agent ran with, as its paths appear in `agentSent` (removed after the run unless kept). */
  home: string;
  /** Why the run does not count; empty when it does. */
  problems: string[];
  /** Why the run was refused before it started, or null. */
  refused: string | null;
  /** What the agent wrote into the repository's throwaway layer, relative to `top` (nothing reached the repository). */
  repositoryWrites: { path: string; change: string }[];
  /** Every attempt to reach anything but the fake endpoint, one line each. */
  outside: string[];
  agentSent: Side | null;
  profileHas: Side | null;
  /** What was compared: 'files' for an agent checked by its own listing (textAgrees is then false and does not count). */
  compares: OracleCompares;
  filesAgree: boolean;
  textAgrees: boolean;
  /** Whether the skill, subagent and command entries agree; null when the driver does not read them. */
  listingsAgree: boolean | null;
  /**
   * The two-run proof (proof.ts): the agent run again without the repository's files the profile
   * named, every line the two requests differ in covered by the profile's texts or of a kind the
   * driver names; null when it did not run (asked not to, or the first run did not agree).
   * `removed`: the files left out, relative to `top` (none: nothing to remove, no second run).
   */
  proof: CaptureProof | null;
  /** The run's folder, when kept. */
  kept?: string;
}

export interface CaptureProof {
  removed: string[];
  /** The agent's own lines, by kind (its listing headers, a directory tree): lines and characters. */
  attributed: ProofResult['attributed'];
  /** Lines nothing accounts for: repository text the profile does not show. */
  unattributed: ProofResult['unattributed'];
}

/** What a front end asks for, checked (paths absolute, the file and cwd under the root). */
export interface CaptureRequest {
  readonly driver: AgentDriver;
  readonly signs: AgentSigns | undefined;
  readonly executable: string;
  readonly root: string;
  readonly cwd: string;
  readonly file: string | null;
  readonly env: Readonly<Record<string, string>>;
  /** The user's real home (its driver's files are copied) and XDG_CACHE_HOME, if set (the state folder). */
  readonly realHome: string;
  readonly cacheHome: string | undefined;
  readonly keep: boolean;
  /** Whether to run the two-run proof (a second run without the files): `holaryn capture` does unless `--no-proof`. */
  readonly proof?: boolean;
}

/**
 * The files and folders of the user's home that the driver's profile reads for a call from `cwd`
 * (Profile.homeFiles: found by the profile's own code, so capture copies what the profile reads),
 * relative to the home; those outside it are not copied.
 */
export function homeFilesOf(
  driver: Pick<AgentDriver, 'profile'>,
  realHome: string,
  cwd: string,
  env: Readonly<Record<string, string>>,
): string[] {
  const profile = profileByName(driver.profile);
  const ctx = { fs: nodeResolverFs, env: { HOME: realHome, ...env }, homedir: realHome, settings: {}, options: {}, cwd };
  const relative = (profile.homeFiles?.(ctx) ?? []).map((abs) => path.relative(realHome, abs));
  return [...new Set(relative)].filter((rel) => rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Copies the home files of the driver's profile (homeFilesOf) from `realHome` into `home`, every file read-only. */
export function copyHomeFiles(
  driver: Pick<AgentDriver, 'profile'>,
  from: { realHome: string; cwd: string; env: Readonly<Record<string, string>> },
  home: string,
): string[] {
  const realHome = from.realHome;
  const copied: string[] = [];
  for (const rel of homeFilesOf(driver, realHome, from.cwd, from.env)) {
    const from = path.join(realHome, rel);
    if (!fs.existsSync(from)) continue;
    const to = path.join(home, rel);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.cpSync(from, to, { recursive: true, dereference: true });
    const readOnly = (p: string) => {
      const st = fs.lstatSync(p);
      if (st.isDirectory()) for (const n of fs.readdirSync(p)) readOnly(path.join(p, n));
      else if (st.isFile()) fs.chmodSync(p, 0o444);
    };
    readOnly(to);
    copied.push(rel);
  }
  return copied;
}

/**
 * A private folder for the driver's state. Gemini CLI reads it only where no one else may write
 * above it: for such a driver none is a refusal (why); another driver takes the first candidate,
 * itself private, whatever is above it.
 */
function stateRoot(request: CaptureRequest): string | { refused: string } {
  const cache = (base: string) => path.join(base, 'holaryn', 'capture');
  const candidates = [...(request.cacheHome ? [cache(request.cacheHome)] : []), cache(path.join(request.realHome, '.cache'))];
  try {
    return secureStateRoot(candidates);
  } catch (err) {
    if (request.driver.privateState) return { refused: `${(err as Error).message}; set XDG_CACHE_HOME to a folder only you can write` };
    fs.mkdirSync(candidates[0], { recursive: true, mode: 0o700 });
    return candidates[0];
  }
}

function reportOf(request: CaptureRequest, run: CaptureRun, work: string, home: string, proof: CaptureProof | null): CaptureReport {
  const { driver } = request;
  return {
    schema: CAPTURE_SCHEMA,
    agent: driver.name,
    profile: driver.profile,
    root: request.root,
    cwd: request.cwd,
    top: repositoryTop(request.cwd, request.root),
    file: request.file,
    installed: installedAgent(request.signs, request.executable, run.evidence?.profileVersion),
    home,
    problems: run.problems.map((p) => p.split(work).join('<run>')),
    refused: run.refused,
    repositoryWrites: run.writes.map((w) => ({ path: w.path, change: w.change })),
    outside: run.outside,
    agentSent: run.agentSide,
    profileHas: run.profileSide,
    compares: run.compares,
    filesAgree: run.filesAgree,
    textAgrees: run.textAgrees,
    listingsAgree: run.listingsAgree,
    proof,
    ...(request.keep ? { kept: work } : {}),
  };
}

/** The exit code a report stands for: 0 agree, 3 differ (or the proof found text the profile does not show), 4 failed or refused. */
export function captureExitCode(report: CaptureReport): number {
  if (report.problems.length > 0) return CAPTURE_EXIT.failed;
  return agrees(report) && (report.proof?.unattributed.length ?? 0) === 0 ? 0 : CAPTURE_EXIT.differs;
}

/**
 * The run's own folders as a second run starts at the same paths: the first run's output,
 * temporary, overlay, home and state folders moved into `first-run/` (kept with the run's folder,
 * for a look at everything it left), a fresh copy of the home, an empty state.
 */
function resetRun(request: CaptureRequest, work: string, home: string, state: string): void {
  const first = path.join(work, 'first-run');
  fs.mkdirSync(first);
  for (const d of ['run', 'tmp', 'layer', 'home'])
    if (fs.existsSync(path.join(work, d))) fs.renameSync(path.join(work, d), path.join(first, d));
  try {
    fs.cpSync(state, path.join(first, 'state'), { recursive: true, verbatimSymlinks: true });
  } catch {
    // a socket or fifo the agent left: the rest of its state is copied, and it is not needed again
  }
  fs.mkdirSync(home);
  copyHomeFiles(request.driver, request, home);
  fs.rmSync(state, { recursive: true, force: true });
  fs.mkdirSync(state, { mode: 0o700 });
}

/**
 * Run B of the two-run proof, when run A agreed: the same run without every source and listing
 * file of the profile's inside the repository (left out in the run's overlay and hidden from the
 * profile, the repository untouched), then both requests compared.
 */
async function secondRun(request: CaptureRequest, input: CaptureInput, first: CaptureRun): Promise<CaptureProof | null> {
  if (request.proof === false || first.problems.length > 0 || !first.evidence || !agrees(first)) return null;
  const env = { HOME: input.home, ...request.driver.profileEnv(input.home), ...(request.env ?? {}) };
  const removed = filesToRemove(first.evidence, input, env);
  const shown = removed.map((f) => path.relative(input.tree, f));
  if (removed.length === 0) return { removed: [], attributed: [], unattributed: [] };
  resetRun(request, input.work, input.home, input.state);
  const second = await captureAgent({ ...input, without: removed });
  const failed = (line: string): CaptureProof => ({ removed: shown, attributed: [], unattributed: [{ run: 'without files', line }] });
  if (second.problems.length > 0) return failed(`(the run failed) ${second.problems.join('; ')}`);
  if (!second.evidence || !agrees(second)) return failed('(the profile does not agree with the agent on this run either)');
  const folders = [input.work, input.state];
  return { removed: shown, ...proveDifferences(proofRunOf(first, folders), proofRunOf(second, folders), request.driver.residue ?? []) };
}

/**
 * Runs one capture, or says in one line why the agent cannot be isolated here (no bubblewrap, no
 * user namespaces, no private folder for a driver that needs one). Never throws for the agent's
 * behaviour.
 */
export async function runCapture(
  request: CaptureRequest,
  started: () => void = () => {},
): Promise<{ report: CaptureReport } | { cannotIsolate: string }> {
  const isolation = sandboxProblem();
  if (isolation !== null) return { cannotIsolate: isolation };
  const stateFolder = stateRoot(request);
  if (typeof stateFolder !== 'string') return { cannotIsolate: stateFolder.refused };
  const { driver } = request;
  const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `holaryn-capture-${driver.name}-`)));
  const state = fs.mkdtempSync(path.join(stateFolder, `${driver.name}-`));
  const home = path.join(work, 'home');
  try {
    fs.mkdirSync(home);
    copyHomeFiles(driver, request, home);
    started();
    const input: CaptureInput = {
      driver,
      executable: request.executable,
      cwd: request.cwd,
      tree: repositoryTop(request.cwd, request.root),
      read: request.file,
      home,
      work,
      state,
      env: request.env,
      // The driver and the extractor see the repository's own files, not its dependencies or git objects.
      files: { skipFolder: (name) => name === '.git' || name === 'node_modules', maxBytes: 1 << 20 },
    };
    const run = await captureAgent(input);
    const proof = await secondRun(request, input, run);
    return { report: reportOf(request, run, work, home, proof) };
  } finally {
    fs.rmSync(state, { recursive: true, force: true });
    if (!request.keep) fs.rmSync(work, { recursive: true, force: true });
  }
}
