/**
 * One capture: run an agent in the sandbox (sandbox.ts) on a tree that is already on disk, with
 * a throwaway home, read back what it sent (the driver's extractor), report what it wrote into
 * the repository's throwaway layer and any attempt to leave, check the real tree did not change,
 * and run the agent's Holaryn profile on the same files and home to compare. The oracle suite
 * (test/oracle/run-case.ts) lays a case's tree out and calls this; `holaryn capture` calls it on
 * the user's repository with the user's installed agent.
 *
 * Refused before anything runs (a `refused` run): an agent executable inside the repository, a
 * repository whose git configuration would run a command (git.ts), a tree the driver cannot make
 * safe (DriverRefusal).
 */
import { asNodeEnvironment } from './node';
import type { RecordedRequest } from './endpoint';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, ResolveError, nodeResolverFs, resolveInstructions } from '../resolver';
import { withoutFiles } from './without';
import { comparesOf, DriverRefusal, type AgentDriver, type Extracted, type Launch, type OracleCompares } from './agents/types';
import { GIT_GUARD, gitHazards } from './git';
import { isUnder, realOrSelf } from './paths';
import { describeAttempt } from './outside';
import { SANDBOX_PORT, baseEnvironment, installFolder, layerWrites, runSandboxed, type CaptureResult, type LayerWrite } from './sandbox';
import { changes, fingerprint, type FileFilter, regularFiles } from './tree';

/** What every agent is asked: nothing that makes a model call any tool of its own. */
export const PROMPT = 'Reply with the word done.';

/** A run that takes longer is stopped (the agents answer in about 1 to 6 seconds). */
export const CAPTURE_TIMEOUT_MS = 90_000;

/** One side of a comparison: the ordered instruction files (canonical paths) and the text per place. */
export interface Side {
  files: string[];
  parts: { place: string; text: string }[];
  /**
   * The skill, subagent and command entries sent (or, on the profile's side, `included` or `cut`),
   * in order; absent on the agent's side when its driver does not read them (then not compared).
   */
  listings?: SideListing[];
  /** The agent's side only: its order of the listing entries is not fixed (Extracted.listingsInAnyOrder). */
  listingsInAnyOrder?: true;
}

/** A listing entry as compared: its kind only where the agent's request tells kinds apart. */
export interface SideListing {
  kind?: string;
  name: string;
  place: string;
  text: string;
}

export interface CaptureInput {
  readonly driver: AgentDriver;
  readonly executable: string;
  /** The agent's working directory and Holaryn's root (absolute, as given), at or below `tree`. */
  readonly cwd: string;
  /**
   * The repository's top folder (see LaunchInput.top): the agent sees it through a throwaway
   * layer, the extractor reads its files, and its real copy must not change.
   */
  readonly tree: string;
  /** The file the scripted read touches (absolute), or null. */
  readonly read: string | null;
  /** The throwaway home, laid out. */
  readonly home: string;
  /** The run's own folder (`run/` for the job, result and output, `tmp/`, `layer/`), which exists; not inside `tree`. */
  readonly work: string;
  /** A private folder for the driver's state files (see LaunchInput.state), which exists. */
  readonly state: string;
  /** Extra environment for both the agent and the profile. */
  readonly env?: Readonly<Record<string, string>>;
  /** Which of the tree's files the driver and the extractor are shown (all by default). */
  readonly files?: FileFilter;
  readonly timeoutMs?: number;
  /** Folders the sandbox also lets the run write (the oracle's canary folder, which hostile payloads aim at). */
  readonly canaries?: readonly string[];
  /**
   * Files of `tree` (absolute) the run goes without: removed in the run's overlay before the agent
   * starts and hidden from the profile (without.ts), the repository itself untouched (run B of the
   * two-run proof).
   */
  readonly without?: readonly string[];
}

export interface CaptureRun {
  /** Why the run does not count (the agent failed or ignored a switch, tried to leave, the tree changed). */
  problems: string[];
  /** Why the run was refused before it started (then `problems` holds the same line), or null. */
  refused: string | null;
  /** What the run wrote into the repository's throwaway layer (nothing reached the repository). */
  writes: LayerWrite[];
  /** Every attempt to reach anything but the fake endpoint, one line each. */
  outside: string[];
  /** What the agent sent; null when nothing could be read back. */
  agentSide: Side | null;
  /** The profile's answer on the same files; null when it failed. */
  profileSide: Side | null;
  evidence: Evidence | null;
  /** What was compared (see OracleCompares): with 'files', the text is not compared and textAgrees is false. */
  compares: OracleCompares;
  filesAgree: boolean;
  textAgrees: boolean;
  /** Whether the listing entries agree; null when the driver does not read them from the request. */
  listingsAgree: boolean | null;
  /** The requests the agent sent, as recorded (for the two-run proof, proof.ts). */
  requests: RecordedRequest[];
  /** The agent's error output (the last lines). */
  stderr: string;
  outcome: CaptureResult['outcome'];
}

/** The absolute path of a source as the evidence names it: `~/…`, `$VAR/…`, `../…` or root-relative. */
export function absoluteSource(p: string, root: string, home: string, env: Readonly<Record<string, string | undefined>>): string {
  if (p === '~' || p.startsWith('~/')) return path.join(home, p.slice(1));
  const variable = /^\$([A-Za-z_][A-Za-z0-9_]*)(\/.*)?$/.exec(p);
  if (variable) {
    const value = env[variable[1]];
    const base =
      value === undefined ? '' : value === '~' || value.startsWith('~/') ? path.join(home, value.slice(1)) : path.resolve(home, value);
    return path.join(base, variable[2] ?? '');
  }
  return path.resolve(root, p);
}

export function profileSide(ev: Evidence, home: string, env: Readonly<Record<string, string>>): Side {
  return {
    files: ev.contextParts.flatMap((p) => p.sources.map((s) => realOrSelf(absoluteSource(s, ev.root, home, env)))),
    parts: ev.contextParts.map((p) => ({ place: p.place, text: p.text })),
    listings: ev.listings
      .filter((l) => l.status === 'included' || l.status === 'cut')
      .map((l) => ({ kind: l.kind, name: l.name, place: l.place, text: l.text })),
  };
}

function agentSide(x: Extracted): Side {
  const side: Side = { files: x.files.map(realOrSelf), parts: x.parts.map((p) => ({ place: p.place, text: p.text })) };
  if (x.listings)
    side.listings = x.listings.map((l) => ({
      ...(l.kind === undefined ? {} : { kind: l.kind }),
      name: l.name,
      place: l.place,
      text: l.text,
    }));
  if (x.listings && x.listingsInAnyOrder) side.listingsInAnyOrder = true;
  return side;
}

/**
 * The two sides' listing entries as compared: in the order sent, or, where the agent's order is
 * not fixed, each side sorted by name, place and text.
 */
export function comparedListings(agent: Side, profile: Side): { sent: SideListing[]; has: SideListing[] } {
  const sent = agent.listings ?? [];
  const has = profile.listings ?? [];
  if (!agent.listingsInAnyOrder) return { sent, has };
  const key = (l: SideListing) => JSON.stringify([l.name, l.place, l.text]);
  const sorted = (ls: SideListing[]) => [...ls].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
  return { sent: sorted(sent), has: sorted(has) };
}

/** Whether two listing entries agree (the kind compared where the agent's side has one). */
export function sameListing(l: SideListing, p: SideListing): boolean {
  return (l.kind === undefined || l.kind === p.kind) && l.name === p.name && l.place === p.place && l.text === p.text;
}

/** Whether the two sides' listing entries agree (kinds compared where the agent's side has them); null when the agent's side has none. */
export function listingsAgree(agent: Side, profile: Side): boolean | null {
  if (agent.listings === undefined) return null;
  const { sent, has } = comparedListings(agent, profile);
  return sent.length === has.length && sent.every((l, i) => sameListing(l, has[i]));
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Whether a run counts as agreeing: its files, and its text unless the driver compares files only. */
export function agrees(run: Pick<CaptureRun, 'compares' | 'filesAgree' | 'textAgrees' | 'listingsAgree'>): boolean {
  return run.filesAgree && (run.compares === 'files' || run.textAgrees) && run.listingsAgree !== false;
}

function outcomeProblem(r: CaptureResult, timeoutMs: number, stderr: string, ends: 'endpoint' | 'exit'): string | null {
  if (ends === 'exit' && r.outcome === 'exited') {
    if (r.exit?.code === 0) return null;
    const why = `the agent's command failed (${r.exit?.signal ?? `exit code ${r.exit?.code}`})`;
    return stderr === '' ? why : `${why}; its last output:\n${stderr}`;
  }
  if (ends === 'endpoint' && r.outcome === 'done') return null;
  if (ends === 'exit' && r.outcome === 'done') return 'the agent sent a model request where its listing command should send none';
  const why =
    r.outcome === 'exited'
      ? `the agent exited (${r.exit?.signal ?? `code ${r.exit?.code}`}) before the endpoint had what it needs`
      : r.outcome === 'timeout'
        ? `the agent did not finish within ${timeoutMs / 1000} s`
        : (r.error ?? 'the sandbox failed');
  return stderr === '' ? why : `${why}; its last output:\n${stderr}`;
}

/**
 * The repository's top folder for a session started in `cwd`: the nearest folder at or above it
 * holding a `.git` entry, else `root` (the folder the user named).
 */
export function repositoryTop(cwd: string, root: string): string {
  for (let d = path.resolve(cwd); ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return path.resolve(root);
  }
}

/** The result of a run refused before it started. */
function refusedRun(driver: AgentDriver, why: string): CaptureRun {
  return {
    problems: [`refused: ${why}`],
    refused: why,
    writes: [],
    outside: [],
    agentSide: null,
    profileSide: null,
    evidence: null,
    compares: comparesOf(driver),
    filesAgree: false,
    textAgrees: false,
    listingsAgree: null,
    requests: [],
    stderr: '',
    outcome: 'error',
  };
}

/** Why `command` may not be started, or null: an executable inside the repository. */
function executableRefusal(input: CaptureInput, command: string): string | null {
  return path.isAbsolute(command) && isUnder(realOrSelf(command), realOrSelf(input.tree))
    ? `the agent's executable ${command} is inside the repository; give one installed outside it`
    : null;
}

/** Why the run cannot start on this tree, or null: an executable inside it, git configuration that runs commands. */
function treeRefusal(input: CaptureInput): string | null {
  const inside = executableRefusal(input, input.executable);
  if (inside) return inside;
  const git = gitHazards(input.tree);
  return git.length > 0 ? `the repository's git configuration would run commands when the agent runs git: ${git.join('; ')}` : null;
}

/** The folders the agent's launch must be able to read: the executable's install, and the command's. */
function installsOf(launch: Launch, executable: string): string[] {
  const out = new Set<string>();
  for (const p of [executable, launch.command]) {
    if (!path.isAbsolute(p)) continue;
    try {
      out.add(installFolder(p));
    } catch {}
  }
  return [...out];
}

/** The driver's launch for this tree, or why the run is refused (the driver's refusal, an executable inside it, its git configuration). */
function prepareLaunch(input: CaptureInput, files: ReadonlyMap<string, Uint8Array>): Launch | { refused: string } {
  const { driver, state } = input;
  const early = treeRefusal(input);
  if (early) return { refused: early };
  let launch: Launch;
  try {
    for (const [rel, text] of Object.entries(driver.stateFiles?.({ port: SANDBOX_PORT, state, files }) ?? {})) {
      fs.mkdirSync(path.dirname(path.join(state, rel)), { recursive: true });
      fs.writeFileSync(path.join(state, rel), text);
    }
    launch = driver.launch({
      executable: input.executable,
      node: process.execPath,
      cwd: input.cwd,
      top: input.tree,
      home: input.home,
      state,
      port: SANDBOX_PORT,
      prompt: PROMPT,
      env: input.env ?? {},
      files,
    });
  } catch (err) {
    if (err instanceof DriverRefusal) return { refused: err.message };
    throw err;
  }
  // The driver may start another file than the one given (Cline's native binary): checked too; git once is enough.
  const late = executableRefusal(input, launch.command);
  return late ? { refused: late } : launch;
}

/** The run's writes but the removals the run was asked for (CaptureInput.without). */
function withoutRemovals(writes: LayerWrite[], input: CaptureInput): LayerWrite[] {
  const asked = new Set((input.without ?? []).map((f) => path.relative(input.tree, f).split(path.sep).join('/')));
  return writes.filter((w) => !(w.change === 'removed' && asked.has(w.path)));
}

/** The profile's answer on the run's files and home, compared with what the agent sent (fills `result`). */
function compareWithProfile(input: CaptureInput, result: CaptureRun): void {
  const { driver, home, read } = input;
  const profileEnv: Record<string, string> = { HOME: home, ...driver.profileEnv(home), ...(input.env ?? {}) };
  try {
    result.evidence = resolveInstructions(input.cwd, read === null ? [] : [read], {
      profile: driver.profile,
      env: profileEnv,
      homedir: home,
      ...(input.without?.length ? { fs: withoutFiles(nodeResolverFs, input.without) } : {}),
    });
    result.profileSide = profileSide(result.evidence, home, profileEnv);
  } catch (err) {
    result.problems.push(
      `the ${driver.profile} profile failed: ${err instanceof ResolveError ? `${err.code}: ${err.message}` : (err as Error).stack}`,
    );
  }
  if (result.agentSide && result.profileSide) {
    result.filesAgree = JSON.stringify(result.agentSide.files) === JSON.stringify(result.profileSide.files);
    result.textAgrees =
      result.compares === 'files-and-text' && JSON.stringify(result.agentSide.parts) === JSON.stringify(result.profileSide.parts);
    result.listingsAgree = listingsAgree(result.agentSide, result.profileSide);
  }
}

/** Each attempt to reach the network, one line, a lookup the driver knows of said so. */
function outsideLines(driver: AgentDriver, run: CaptureResult): string[] {
  const known = driver.knownLookups ?? {};
  return (run.outside ?? []).map((a) => {
    const why = a.kind === 'dns' ? known[a.target.toLowerCase()] : undefined;
    return why === undefined ? describeAttempt(a) : `${describeAttempt(a)} (${why}; answered "no such name")`;
  });
}

/** Why a finished run does not count, from how it ended and what the agent printed. */
function runProblems(
  driver: AgentDriver,
  run: CaptureResult,
  outside: readonly string[],
  timeoutMs: number,
  stderr: string,
  allStderr: string,
): string[] {
  const problems: string[] = [];
  if (run.outcome === 'outside')
    problems.push(`the agent tried to reach the network (${outside.slice(0, 5).join('; ')}); the run was stopped there`);
  else {
    const failed = outcomeProblem(run, timeoutMs, stderr, driver.ends ?? 'endpoint');
    if (failed) problems.push(failed);
  }
  const refused = driver.refusal?.(allStderr);
  if (refused) problems.push(refused);
  return problems;
}

/** Runs one capture (see the module comment). Never throws for the agent's behaviour. */
export async function captureAgent(given: CaptureInput): Promise<CaptureRun> {
  // The run's own folders by their real paths: the sandbox shows each there.
  const input: CaptureInput = { ...given, home: realOrSelf(given.home), work: realOrSelf(given.work), state: realOrSelf(given.state) };
  const { driver, cwd, home, work, state, read } = input;
  const timeoutMs = input.timeoutMs ?? driver.timeoutMs ?? CAPTURE_TIMEOUT_MS;
  const extraEnv = input.env ?? {};
  const files = regularFiles(home, regularFiles(input.tree, undefined, input.files));
  for (const f of input.without ?? []) files.delete(f);
  const launch = prepareLaunch(input, files);
  if ('refused' in launch) return refusedRun(driver, launch.refused);
  const tmp = path.join(work, 'tmp');
  const out = path.join(work, 'run');
  const layer = path.join(work, 'layer');
  for (const d of [tmp, out]) fs.mkdirSync(d, { recursive: true });
  const before = fingerprint(input.tree);
  const env = {
    ...baseEnvironment(tmp),
    ...GIT_GUARD,
    ...launch.env,
    ...(launch.command === process.execPath ? asNodeEnvironment() : {}),
    ...extraEnv,
  };
  const stderrFile = path.join(out, 'stderr.txt');
  const run = await runSandboxed(
    {
      driver: driver.name,
      launch: { ...launch, env },
      cwd,
      port: SANDBOX_PORT,
      read,
      timeoutMs,
      result: path.join(out, 'result.json'),
      stdout: path.join(out, 'stdout.txt'),
      stderr: stderrFile,
      ...(input.without?.length ? { remove: input.without } : {}),
    },
    out,
    {
      top: input.tree,
      layer,
      writable: [home, state, tmp, ...(input.canaries ?? [])],
      readable: installsOf(launch, input.executable),
    },
  );
  const allStderr = readText(stderrFile);
  const stderr = allStderr.trim().split('\n').slice(-8).join('\n');
  const outside = outsideLines(driver, run);
  const problems = runProblems(driver, run, outside, timeoutMs, stderr, allStderr);
  const after = fingerprint(input.tree);
  const changed = changes(before, after);
  if (changed.length > 0) problems.push(`the repository itself changed during the run: ${changed.slice(0, 10).join(', ')}`);
  const incomplete = before.incomplete ?? after.incomplete;
  if (incomplete) problems.push(`the repository could not be checked whole for changes: ${incomplete}`);

  const stdout = readText(path.join(out, 'stdout.txt'));
  const extracted = driver.extract({ requests: run.requests, files, cwd, home, stdout, env });
  for (const p of extracted.problems) problems.push(`reading what the agent sent: ${p}`);
  const result: CaptureRun = {
    problems,
    refused: null,
    writes: withoutRemovals(layerWrites(layer, input.tree), input),
    outside,
    agentSide: agentSide(extracted),
    profileSide: null,
    evidence: null,
    compares: comparesOf(driver),
    filesAgree: false,
    textAgrees: false,
    listingsAgree: null,
    requests: [...run.requests],
    stderr,
    outcome: run.outcome,
  };
  compareWithProfile(input, result);
  return result;
}
