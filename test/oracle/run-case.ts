/**
 * One oracle case: lay its tree and home out in a fresh sandbox, run the real agent there
 * (src/capture: a loopback-only namespace, the fake endpoint, a throwaway home), read back what
 * it sent, run the profile on the same files, and compare (a) the ordered instruction files and
 * (b) the text per place, byte for byte.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AgentDriver, Extracted } from '../../src/capture/agents/types';
import { SANDBOX_PORT, baseEnvironment, runSandboxed, type CaptureResult } from '../../src/capture/sandbox';
import { Evidence, ResolveError, resolveInstructions } from '../../src/resolver';
import type { OracleCase } from './case';
import { cacheDir } from './install';
import { changes, expand, fingerprint, regularFiles, writeTree, type Places } from './tree';

/** What every agent is asked: nothing that makes a model call any tool of its own. */
export const PROMPT = 'Reply with the word done.';

/** A run that takes longer is stopped (the agents answer in about 1 to 6 seconds). */
export const CASE_TIMEOUT_MS = 90_000;

export interface Side {
  files: string[];
  parts: { place: string; text: string }[];
}

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
  filesAgree: boolean;
  textAgrees: boolean;
  ms: number;
  /** The sandbox, when kept (--keep, or a failure with --keep-failed). */
  kept?: string;
}

/** The absolute path of a source as the evidence names it: `~/…`, `$VAR/…`, `../…` or root-relative. */
export function absoluteSource(p: string, root: string, home: string, env: Record<string, string | undefined>): string {
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

function profileSide(ev: Evidence, home: string, env: Record<string, string>): Side {
  return {
    files: ev.contextParts.flatMap((p) => p.sources.map((s) => canonical(absoluteSource(s, ev.root, home, env)))),
    parts: ev.contextParts.map((p) => ({ place: p.place, text: p.text })),
  };
}

function agentSide(x: Extracted): Side {
  return { files: x.files.map(canonical), parts: x.parts.map((p) => ({ place: p.place, text: p.text })) };
}

function tail(file: string, lines = 8): string {
  try {
    return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function outcomeProblem(r: CaptureResult, stderr: string): string | null {
  if (r.outcome === 'done') return null;
  const why =
    r.outcome === 'exited'
      ? `the agent exited (${r.exit?.signal ?? `code ${r.exit?.code}`}) before the endpoint had what it needs`
      : r.outcome === 'timeout'
        ? `the agent did not finish within ${CASE_TIMEOUT_MS / 1000} s`
        : (r.error ?? 'the sandbox failed');
  return stderr === '' ? why : `${why}; its last output:\n${stderr}`;
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
  const stateRoot = path.join(cacheDir(), 'state');
  fs.mkdirSync(stateRoot, { recursive: true, mode: 0o755 });
  const state = fs.mkdtempSync(path.join(stateRoot, `${agent}-`));
  const places: Places = { root: path.join(base, 'root'), home: path.join(base, 'home'), outside: path.join(base, 'outside') };
  const result: CaseResult = {
    agent,
    name: c.name,
    base,
    problems: [],
    agentSide: null,
    profileSide: null,
    filesAgree: false,
    textAgrees: false,
    ms: 0,
  };
  try {
    for (const d of [places.root, places.home, places.outside, path.join(base, 'tmp')]) fs.mkdirSync(d);
    writeTree(places.root, c.tree, places);
    writeTree(places.home, c.home ?? {}, places);
    for (const [rel, text] of Object.entries(driver.stateFiles?.({ port: SANDBOX_PORT, state }) ?? {})) {
      fs.mkdirSync(path.dirname(path.join(state, rel)), { recursive: true });
      fs.writeFileSync(path.join(state, rel), text);
    }
    const caseEnv = Object.fromEntries(Object.entries(c.env ?? {}).map(([k, v]) => [k, expand(v, places)]));
    const cwd = path.join(places.root, c.cwd ?? '');
    const read = c.read === undefined ? null : path.join(places.root, c.read);
    const files = regularFiles(places.home, regularFiles(places.root));
    const before = fingerprint(places.root);

    const launch = driver.launch({
      executable,
      node: process.execPath,
      cwd,
      home: places.home,
      state,
      port: SANDBOX_PORT,
      prompt: PROMPT,
      files,
    });
    const env = { ...baseEnvironment(path.join(base, 'tmp')), ...launch.env, ...caseEnv };
    const run = await runSandboxed(
      {
        driver: driver.name,
        launch: { ...launch, env },
        cwd,
        port: SANDBOX_PORT,
        read,
        timeoutMs: CASE_TIMEOUT_MS,
        result: path.join(base, 'result.json'),
        stdout: path.join(base, 'stdout.txt'),
        stderr: path.join(base, 'stderr.txt'),
      },
      base,
    );
    const stderr = tail(path.join(base, 'stderr.txt'));
    const failed = outcomeProblem(run, stderr);
    if (failed) result.problems.push(failed);
    const refused = driver.refusal?.(
      fs.existsSync(path.join(base, 'stderr.txt')) ? fs.readFileSync(path.join(base, 'stderr.txt'), 'utf8') : '',
    );
    if (refused) result.problems.push(refused);
    const changed = changes(before, fingerprint(places.root));
    if (changed.length > 0) result.problems.push(`the run changed the tree: ${changed.slice(0, 10).join(', ')}`);
    const ran = fs.readdirSync(places.outside);
    if (ran.length > 0) result.problems.push(`a repository command ran: it wrote ${ran.join(', ')} outside the tree`);

    const extracted = driver.extract({ requests: run.requests, files, cwd, home: places.home });
    for (const p of extracted.problems) result.problems.push(`reading what the agent sent: ${p}`);
    result.agentSide = agentSide(extracted);

    const profileEnv: Record<string, string> = { HOME: places.home, ...driver.profileEnv(places.home), ...caseEnv };
    try {
      const ev = resolveInstructions(cwd, read === null ? [] : [read], { profile: driver.profile, env: profileEnv, homedir: places.home });
      result.profileSide = profileSide(ev, places.home, profileEnv);
    } catch (err) {
      result.problems.push(
        `the ${driver.profile} profile failed: ${err instanceof ResolveError ? `${err.code}: ${err.message}` : (err as Error).stack}`,
      );
    }
    if (result.agentSide && result.profileSide) {
      result.filesAgree = JSON.stringify(result.agentSide.files) === JSON.stringify(result.profileSide.files);
      result.textAgrees = JSON.stringify(result.agentSide.parts) === JSON.stringify(result.profileSide.parts);
    }
  } catch (err) {
    result.problems.push(`the case could not run: ${(err as Error).stack ?? String(err)}`);
  } finally {
    result.ms = Date.now() - started;
    const ok = result.problems.length === 0 && result.filesAgree && result.textAgrees;
    if (options.keep || (!ok && process.env.HOLARYN_ORACLE_KEEP_FAILED === '1')) result.kept = base;
    else fs.rmSync(base, { recursive: true, force: true });
    fs.rmSync(state, { recursive: true, force: true });
  }
  return result;
}
