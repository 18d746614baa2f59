/**
 * One capture: run an agent in the sandbox (sandbox.ts) on a tree that is already on disk, with
 * a throwaway home, read back what it sent (the driver's extractor), check the tree did not
 * change, and run the agent's Holaryn profile on the same files and home to compare. The oracle
 * suite (test/oracle/run-case.ts) lays a case's tree out and calls this; `holaryn capture` calls
 * it on the user's repository with the user's installed agent.
 */
import { asNodeEnvironment } from './node';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, ResolveError, resolveInstructions } from '../resolver';
import { comparesOf, type AgentDriver, type Extracted, type OracleCompares } from './agents/types';
import { SANDBOX_PORT, baseEnvironment, runSandboxed, type CaptureResult } from './sandbox';
import { changes, fingerprint, type FileFilter, regularFiles } from './tree';

/** What every agent is asked: nothing that makes a model call any tool of its own. */
export const PROMPT = 'Reply with the word done.';

/** A run that takes longer is stopped (the agents answer in about 1 to 6 seconds). */
export const CAPTURE_TIMEOUT_MS = 90_000;

/** One side of a comparison: the ordered instruction files (canonical paths) and the text per place. */
export interface Side {
  files: string[];
  parts: { place: string; text: string }[];
}

export interface CaptureInput {
  readonly driver: AgentDriver;
  readonly executable: string;
  /** The agent's working directory and Holaryn's root (absolute, as given). */
  readonly cwd: string;
  /** The tree whose fingerprint must not change (the repository). */
  readonly tree: string;
  /** The file the scripted read touches (absolute), or null. */
  readonly read: string | null;
  /** The throwaway home, laid out. */
  readonly home: string;
  /** The run's own folder (job, result, output, `tmp/`), which exists. */
  readonly work: string;
  /** A private folder for the driver's state files (see LaunchInput.state), which exists. */
  readonly state: string;
  /** Extra environment for both the agent and the profile. */
  readonly env?: Readonly<Record<string, string>>;
  /** Which of the tree's files the driver and the extractor are shown (all by default). */
  readonly files?: FileFilter;
  readonly timeoutMs?: number;
}

export interface CaptureRun {
  /** Why the run does not count (the agent failed or ignored a switch, the tree changed). */
  problems: string[];
  /** What the agent sent; null when nothing could be read back. */
  agentSide: Side | null;
  /** The profile's answer on the same files; null when it failed. */
  profileSide: Side | null;
  evidence: Evidence | null;
  /** What was compared (see OracleCompares): with 'files', the text is not compared and textAgrees is false. */
  compares: OracleCompares;
  filesAgree: boolean;
  textAgrees: boolean;
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

function canonical(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

export function profileSide(ev: Evidence, home: string, env: Readonly<Record<string, string>>): Side {
  return {
    files: ev.contextParts.flatMap((p) => p.sources.map((s) => canonical(absoluteSource(s, ev.root, home, env)))),
    parts: ev.contextParts.map((p) => ({ place: p.place, text: p.text })),
  };
}

function agentSide(x: Extracted): Side {
  return { files: x.files.map(canonical), parts: x.parts.map((p) => ({ place: p.place, text: p.text })) };
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Whether a run counts as agreeing: its files, and its text unless the driver compares files only. */
export function agrees(run: Pick<CaptureRun, 'compares' | 'filesAgree' | 'textAgrees'>): boolean {
  return run.filesAgree && (run.compares === 'files' || run.textAgrees);
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

/** Runs one capture (see the module comment). Never throws for the agent's behaviour. */
export async function captureAgent(input: CaptureInput): Promise<CaptureRun> {
  const { driver, cwd, home, work, state, read } = input;
  const timeoutMs = input.timeoutMs ?? CAPTURE_TIMEOUT_MS;
  const extraEnv = input.env ?? {};
  const files = regularFiles(home, regularFiles(input.tree, undefined, input.files));
  for (const [rel, text] of Object.entries(driver.stateFiles?.({ port: SANDBOX_PORT, state, files }) ?? {})) {
    fs.mkdirSync(path.dirname(path.join(state, rel)), { recursive: true });
    fs.writeFileSync(path.join(state, rel), text);
  }
  const tmp = path.join(work, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const before = fingerprint(input.tree);
  const launch = driver.launch({
    executable: input.executable,
    node: process.execPath,
    cwd,
    top: input.tree,
    home,
    state,
    port: SANDBOX_PORT,
    prompt: PROMPT,
    files,
  });
  const env = { ...baseEnvironment(tmp), ...launch.env, ...(launch.command === process.execPath ? asNodeEnvironment() : {}), ...extraEnv };
  const stderrFile = path.join(work, 'stderr.txt');
  const run = await runSandboxed(
    {
      driver: driver.name,
      launch: { ...launch, env },
      cwd,
      port: SANDBOX_PORT,
      read,
      timeoutMs,
      result: path.join(work, 'result.json'),
      stdout: path.join(work, 'stdout.txt'),
      stderr: stderrFile,
    },
    work,
  );
  const allStderr = readText(stderrFile);
  const stderr = allStderr.trim().split('\n').slice(-8).join('\n');
  const problems: string[] = [];
  const failed = outcomeProblem(run, timeoutMs, stderr, driver.ends ?? 'endpoint');
  if (failed) problems.push(failed);
  const refused = driver.refusal?.(allStderr);
  if (refused) problems.push(refused);
  const changed = changes(before, fingerprint(input.tree));
  if (changed.length > 0) problems.push(`the run changed the tree: ${changed.slice(0, 10).join(', ')}`);

  const stdout = readText(path.join(work, 'stdout.txt'));
  const extracted = driver.extract({ requests: run.requests, files, cwd, home, stdout, env });
  for (const p of extracted.problems) problems.push(`reading what the agent sent: ${p}`);
  const result: CaptureRun = {
    problems,
    agentSide: agentSide(extracted),
    profileSide: null,
    evidence: null,
    compares: comparesOf(driver),
    filesAgree: false,
    textAgrees: false,
    stderr,
    outcome: run.outcome,
  };
  const profileEnv: Record<string, string> = { HOME: home, ...driver.profileEnv(home), ...extraEnv };
  try {
    result.evidence = resolveInstructions(cwd, read === null ? [] : [read], { profile: driver.profile, env: profileEnv, homedir: home });
    result.profileSide = profileSide(result.evidence, home, profileEnv);
  } catch (err) {
    problems.push(
      `the ${driver.profile} profile failed: ${err instanceof ResolveError ? `${err.code}: ${err.message}` : (err as Error).stack}`,
    );
  }
  if (result.agentSide && result.profileSide) {
    result.filesAgree = JSON.stringify(result.agentSide.files) === JSON.stringify(result.profileSide.files);
    result.textAgrees =
      result.compares === 'files-and-text' && JSON.stringify(result.agentSide.parts) === JSON.stringify(result.profileSide.parts);
  }
  return result;
}
