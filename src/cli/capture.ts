/**
 * `holaryn capture <agent> <root> [<file>] [--cwd <folder>]`: what the installed agent really
 * sends. Runs the user's own agent the way the oracle suite does (src/capture): in the bubblewrap
 * sandbox holding only loopback, against the fake model endpoint, with a throwaway home holding
 * read-only copies of only the files the driver names from the real home, its hooks and MCP
 * servers off by its own switches, the repository seen through a throwaway layer (what the agent
 * writes there is named, nothing lands). Then the agent's profile answers on the same files and
 * home, and the two are compared.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { secureStateRoot } from '../capture/state-dir';
import { parseArgs } from 'node:util';
import { DRIVERS, driverByName } from '../capture/agents';
import type { AgentDriver, OracleCompares } from '../capture/agents/types';
import { agrees, captureAgent, repositoryTop, type CaptureRun, type Side } from '../capture/capture';
import { differences } from '../capture/report';
import { sandboxProblem } from '../capture/sandbox';
import { agentOnPath, installedAgent, versionNote, type InstalledAgent } from '../capture/version';
import { profileCard, type AgentSigns } from '../resolver';
import { UsageError } from './args';
import { CliIo, EXIT, colors, printable } from './io';
import { writeJson } from './json';

export const CAPTURE_SCHEMA = 'holaryn.capture/v1';

/** Exit codes of `capture` beyond EXIT's. */
export const CAPTURE_EXIT = Object.freeze({ differs: 3, failed: 4, cannotIsolate: 5 });

export const CAPTURE_HELP = `Usage: holaryn capture <agent> <root> [<file>] [options]

Runs your installed agent once on the repository and shows what it really sent the model: the
instruction files, in order, and the exact text per place (system prompt, first user message,
with a tool result). Then the same answer from Holaryn's profile for that agent, and where the
two differ. With <file>, the agent is made to read that file, so files it loads on touch show.

The agent runs in a bubblewrap sandbox that holds only loopback (an attempt to reach anything
else is named and stops the run), against a fake model endpoint of Holaryn's. It sees the
system's programs read-only, its own install, a throwaway HOME holding read-only copies of only
that agent's global instruction files and settings, and the repository (from its git root down)
through a throwaway layer: what the agent writes there is named in the report and never reaches
the repository. Nothing else of your machine is there: not your home, /run, /tmp or any socket.
Its hooks, MCP servers, plugins and helpers are switched off by its own switches; a repository
that would still run something (an agent executable inside it, git configuration naming
commands, a setting the agent has no switch for) is refused before the run. Linux only, with
bubblewrap (bwrap), unshare, ip and unprivileged user namespaces.

Agents: ${DRIVERS.map((d) => d.name).join(', ')}

Arguments:
  <agent>              which agent
  <root>               the repository (Holaryn's root; the agent's working directory
                       unless --cwd says otherwise)
  <file>               a file under the root for the agent to read

Options:
  --cwd FOLDER         start the agent in FOLDER (under <root>, relative to it), as a
                       session started there; the files above it up to the git root are
                       read back and compared too
  --agent-bin PATH     the agent's executable (default: "<command>" found on PATH)
  --env NAME=VALUE     set NAME for the agent and the profile (repeatable), e.g.
                       GEMINI_CLI_TRUST_WORKSPACE=true to run Gemini CLI in a folder it
                       does not trust yet; nothing else of your environment reaches the agent
  --keep               keep the run's folder (the throwaway home, what the agent printed)
  --json               print {"schema":"${CAPTURE_SCHEMA}",…}
  -h, --help           show this help

Exit codes: 0 the agent and the profile agree, 3 they differ, 4 the run failed or was refused
(the agent did not answer, tried to reach the network, or the repository holds something it
would run), 5 the agent cannot be isolated on this machine (no bubblewrap, no user namespaces),
2 usage error, 1 internal failure.
`;

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
  /** The run's folder, when kept. */
  kept?: string;
}

/** Copies the driver's home files from `realHome` into `home`, every file read-only. */
export function copyHomeFiles(driver: AgentDriver, realHome: string, home: string): string[] {
  const copied: string[] = [];
  for (const rel of driver.homeFiles) {
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
function stateRoot(io: CliIo, realHome: string, driver: AgentDriver): string | { refused: string } {
  const cache = (base: string) => path.join(base, 'holaryn', 'capture');
  const candidates = [...(io.env.XDG_CACHE_HOME ? [cache(io.env.XDG_CACHE_HOME)] : []), cache(path.join(realHome, '.cache'))];
  try {
    return secureStateRoot(candidates);
  } catch (err) {
    if (driver.privateState) return { refused: (err as Error).message };
    fs.mkdirSync(candidates[0], { recursive: true, mode: 0o700 });
    return candidates[0];
  }
}

function agentExecutable(driver: AgentDriver, signs: AgentSigns | undefined, given: string | undefined, io: CliIo): string {
  if (given !== undefined) {
    const p = path.resolve(io.cwd, given);
    if (!fs.existsSync(p)) throw new UsageError(`--agent-bin ${given}: no such file`);
    return p;
  }
  const found = agentOnPath(signs, io.env.PATH);
  if (found === null) {
    throw new UsageError(`${signs?.executables?.join(' or ') ?? driver.name} is not on PATH; give its executable with --agent-bin`);
  }
  return found;
}

function shownPath(p: string, root: string, home: string): string {
  if (p.startsWith(home + path.sep)) return `~${p.slice(home.length)}`;
  const rel = path.relative(root, p);
  return rel === '' ? '.' : rel.startsWith('..') ? p : rel;
}

function sideText(side: Side, show: (p: string) => string): string[] {
  const out = ['  files, in the order the model sees them:'];
  if (side.files.length === 0) out.push('    (none)');
  side.files.forEach((f, i) => out.push(`    ${i + 1}. ${printable(show(f))}`));
  for (const part of side.parts) {
    out.push(`  ${part.place} (${Buffer.byteLength(part.text, 'utf8')} bytes):`);
    for (const line of part.text.split('\n')) out.push(`    │ ${printable(line)}`);
  }
  return out;
}

export async function captureCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      'agent-bin': { type: 'string' },
      cwd: { type: 'string' },
      env: { type: 'string', multiple: true },
      keep: { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(CAPTURE_HELP);
    return EXIT.ok;
  }
  const [agentName, rootArg, fileArg, ...extra] = positionals;
  if (agentName === undefined || rootArg === undefined) throw new UsageError('capture needs <agent> and <root>');
  if (extra.length > 0) throw new UsageError(`capture takes one <file>, got ${positionals.length - 2}`);
  const driver = driverByName(agentName);
  if (!driver) throw new UsageError(`unknown agent ${JSON.stringify(agentName)}; agents: ${DRIVERS.map((d) => d.name).join(', ')}`);
  const root = path.resolve(io.cwd, rootArg);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw new UsageError(`${rootArg} is not a directory`);
  let file: string | null = null;
  if (fileArg !== undefined) {
    file = path.resolve(root, fileArg);
    const rel = path.relative(fs.realpathSync(root), fs.existsSync(file) ? fs.realpathSync(file) : file);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`${fileArg} is not a file under ${rootArg}`);
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new UsageError(`${fileArg} is outside ${rootArg}`);
  }
  const cwd = values.cwd === undefined ? root : path.resolve(root, values.cwd);
  if (values.cwd !== undefined) {
    if (!fs.existsSync(cwd) || !fs.statSync(cwd).isDirectory())
      throw new UsageError(`--cwd ${values.cwd} is not a folder under ${rootArg}`);
    const rel = path.relative(fs.realpathSync(root), fs.realpathSync(cwd));
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new UsageError(`--cwd ${values.cwd} is outside ${rootArg}`);
  }
  const top = repositoryTop(cwd, root);
  // The agent's executables and npm packages are its profile's knowledge (AgentSigns).
  const signs = profileCard(driver.profile)?.signs;
  const executable = agentExecutable(driver, signs, values['agent-bin'], io);
  const env: Record<string, string> = {};
  for (const pair of values.env ?? []) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(pair);
    if (!m) throw new UsageError(`--env takes NAME=VALUE, got ${JSON.stringify(pair)}`);
    env[m[1]] = m[2];
  }

  const isolation = sandboxProblem();
  if (isolation !== null) {
    if (values.json) io.stdout(JSON.stringify({ error: { code: 'cannot-isolate', message: isolation } }) + '\n');
    else io.stderr(`holaryn: refusing to run ${driver.name}: ${isolation}\n`);
    return CAPTURE_EXIT.cannotIsolate;
  }

  const realHome = io.env.HOME || os.homedir();
  const stateFolder = stateRoot(io, realHome, driver);
  if (typeof stateFolder !== 'string') {
    const why = `${stateFolder.refused}; set XDG_CACHE_HOME to a folder only you can write`;
    if (values.json) io.stdout(JSON.stringify({ error: { code: 'cannot-isolate', message: why } }) + '\n');
    else io.stderr(`holaryn: refusing to run ${driver.name}: ${why}\n`);
    return CAPTURE_EXIT.cannotIsolate;
  }
  const work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `holaryn-capture-${driver.name}-`)));
  const state = fs.mkdtempSync(path.join(stateFolder, `${driver.name}-`));
  const home = path.join(work, 'home');
  let run: CaptureRun;
  try {
    fs.mkdirSync(home);
    copyHomeFiles(driver, realHome, home);
    if (!values.json && io.stderrIsTTY) io.stderr(`running ${driver.name} in the sandbox…\n`);
    run = await captureAgent({
      driver,
      executable,
      cwd,
      tree: top,
      read: file,
      home,
      work,
      state,
      env,
      // The driver and the extractor see the repository's own files, not its dependencies or git objects.
      files: { skipFolder: (name) => name === '.git' || name === 'node_modules', maxBytes: 1 << 20 },
    });
  } finally {
    fs.rmSync(state, { recursive: true, force: true });
    if (!values.keep) fs.rmSync(work, { recursive: true, force: true });
  }
  const installed = installedAgent(signs, executable, run.evidence?.profileVersion);
  const show = (p: string) => shownPath(p, root, home);
  const report: CaptureReport = {
    schema: CAPTURE_SCHEMA,
    agent: driver.name,
    profile: driver.profile,
    root,
    cwd,
    top,
    file,
    installed,
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
    ...(values.keep ? { kept: work } : {}),
  };
  const code = report.problems.length > 0 ? CAPTURE_EXIT.failed : agrees(report) ? EXIT.ok : CAPTURE_EXIT.differs;
  if (values.json) {
    writeJson(report, io);
    return code;
  }
  const c = colors(io);
  const out: string[] = [
    c.bold(
      `${driver.name} ${installed.version ?? '(version unknown)'} on ${printable(root)}${file ? `, reading ${printable(show(file))}` : ''}`,
    ),
  ];
  const note = versionNote(installed);
  if (note) out.push(c.yellow(`the ${driver.profile} profile was ${note}`));
  if (cwd !== root) out.push(`started in ${printable(show(cwd))}`);
  for (const p of report.problems) out.push(c.red(`problem: ${printable(p)}`));
  if (report.outside.length > 0 && !report.problems.some((p) => p.startsWith('the agent tried to reach')))
    out.push(c.yellow(`the agent looked for the network (the sandbox has none): ${report.outside.map(printable).join('; ')}`));
  if (report.repositoryWrites.length > 0) {
    out.push(c.yellow(`the agent wrote into the repository (kept in the sandbox's throwaway layer; nothing reached ${printable(top)}):`));
    for (const w of report.repositoryWrites.slice(0, 50)) out.push(`  ${w.change} ${printable(w.path)}`);
    if (report.repositoryWrites.length > 50) out.push(`  … and ${report.repositoryWrites.length - 50} more`);
  }
  if (run.agentSide) out.push('', c.bold('What the agent sent:'), ...sideText(run.agentSide, show));
  if (run.profileSide) out.push('', c.bold(`What the ${driver.profile} profile answers:`), ...sideText(run.profileSide, show));
  if (run.agentSide && run.profileSide) {
    const diff = differences(run.agentSide, run.profileSide, (t) => t.split(home).join('~'), run.compares);
    const same =
      run.compares === 'files'
        ? 'The agent and the profile agree on the files and their order (the agent lists them; its text is not compared).'
        : 'The agent and the profile agree: same files, same order, same text.';
    out.push('', diff.length === 0 ? c.green(same) : c.bold('Differences:'));
    out.push(...diff.map((l) => printable(l)));
  }
  if (report.kept) out.push('', `run kept: ${report.kept}`);
  io.stdout(out.join('\n') + '\n');
  return code;
}
