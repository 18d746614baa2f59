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
import { parseArgs } from 'node:util';
import {
  CAPTURE_EXIT,
  CAPTURE_SCHEMA,
  DRIVERS,
  captureExitCode,
  differences,
  driverByName,
  runCapture,
  type AgentDriver,
  type CaptureReport,
  type Side,
} from '../capture';
import { agentOnPath, versionNote } from '../installed/version';
import { profileCard, type AgentSigns } from '../resolver';
import { UsageError } from './args';
import { CliIo, EXIT, colors, printable } from './io';
import { writeJson } from './json';

export { CAPTURE_EXIT, CAPTURE_SCHEMA, type CaptureReport };

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
  --no-proof           run the agent once: without it, a run that agrees is followed by a
                       second run without the repository's instruction, skill, agent and
                       command files (left out in the throwaway layer), and every line the
                       two requests differ in must be the profile's text or one of the
                       agent's own lines of a known kind (the two-run proof)
  --json               print {"schema":"${CAPTURE_SCHEMA}",…}
  -h, --help           show this help

Exit codes: 0 the agent and the profile agree, 3 they differ (or the proof found repository text
the profile does not show), 4 the run failed or was refused
(the agent did not answer, tried to reach the network, or the repository holds something it
would run), 5 the agent cannot be isolated on this machine (no bubblewrap, no user namespaces),
2 usage error, 1 internal failure.
`;

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
  if (side.listings && side.listings.length > 0) {
    out.push('  skills, subagents and commands listed, in order:');
    for (const l of side.listings) {
      out.push(`    ${l.kind ?? 'entry'} ${printable(l.name)} (${l.place}):`);
      for (const line of l.text.split('\n')) out.push(`    │ ${printable(line)}`);
    }
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
      'no-proof': { type: 'boolean' },
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
  // The agent's executables and npm packages are its profile's knowledge (AgentSigns).
  const signs = profileCard(driver.profile)?.signs;
  const executable = agentExecutable(driver, signs, values['agent-bin'], io);
  const env: Record<string, string> = {};
  for (const pair of values.env ?? []) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(pair);
    if (!m) throw new UsageError(`--env takes NAME=VALUE, got ${JSON.stringify(pair)}`);
    env[m[1]] = m[2];
  }

  const request = {
    driver,
    signs,
    executable,
    root,
    cwd,
    file,
    env,
    realHome: io.env.HOME || os.homedir(),
    keep: !!values.keep,
    proof: !values['no-proof'],
  };
  const outcome = await runCapture({ ...request, cacheHome: io.env.XDG_CACHE_HOME }, () => {
    if (!values.json && io.stderrIsTTY) io.stderr(`running ${driver.name} in the sandbox…\n`);
  });
  if ('cannotIsolate' in outcome) {
    if (values.json) io.stdout(JSON.stringify({ error: { code: 'cannot-isolate', message: outcome.cannotIsolate } }) + '\n');
    else io.stderr(`holaryn: refusing to run ${driver.name}: ${outcome.cannotIsolate}\n`);
    return CAPTURE_EXIT.cannotIsolate;
  }
  const { report } = outcome;
  if (values.json) writeJson(report, io);
  else io.stdout(reportText(report, io));
  return captureExitCode(report);
}

/** The report as text: the run's notes, each side, and how they differ. */
function reportText(report: CaptureReport, io: CliIo): string {
  const c = colors(io);
  const { root, cwd, top, file, home, installed } = report;
  const show = (p: string) => shownPath(p, root, home);
  const out: string[] = [
    c.bold(
      `${report.agent} ${installed.version ?? '(version unknown)'} on ${printable(root)}${file ? `, reading ${printable(show(file))}` : ''}`,
    ),
  ];
  const note = versionNote(installed);
  if (note) out.push(c.yellow(`the ${report.profile} profile was ${note}`));
  if (cwd !== root) out.push(`started in ${printable(show(cwd))}`);
  for (const p of report.problems) out.push(c.red(`problem: ${printable(p)}`));
  if (report.outside.length > 0 && !report.problems.some((p) => p.startsWith('the agent tried to reach')))
    out.push(c.yellow(`the agent looked for the network (the sandbox has none): ${report.outside.map(printable).join('; ')}`));
  if (report.repositoryWrites.length > 0) {
    out.push(c.yellow(`the agent wrote into the repository (kept in the sandbox's throwaway layer; nothing reached ${printable(top)}):`));
    for (const w of report.repositoryWrites.slice(0, 50)) out.push(`  ${w.change} ${printable(w.path)}`);
    if (report.repositoryWrites.length > 50) out.push(`  … and ${report.repositoryWrites.length - 50} more`);
  }
  const { agentSent, profileHas } = report;
  if (agentSent) out.push('', c.bold('What the agent sent:'), ...sideText(agentSent, show));
  if (profileHas) out.push('', c.bold(`What the ${report.profile} profile answers:`), ...sideText(profileHas, show));
  if (agentSent && profileHas) {
    const diff = differences(agentSent, profileHas, (t) => t.split(home).join('~'), report.compares);
    const same =
      report.compares === 'files'
        ? 'The agent and the profile agree on the files and their order (the agent lists them; its text is not compared).'
        : report.listingsAgree === true
          ? 'The agent and the profile agree: same files, same order, same text, same skill, subagent and command entries.'
          : 'The agent and the profile agree: same files, same order, same text.';
    out.push('', diff.length === 0 ? c.green(same) : c.bold('Differences:'));
    out.push(...diff.map((l) => printable(l)));
  }
  out.push(...proofText(report, c));
  if (report.kept) out.push('', `run kept: ${report.kept}`);
  return out.join('\n') + '\n';
}

/** The two-run proof's lines: what was left out, the agent's own lines by kind, and anything nothing accounts for. */
function proofText(report: CaptureReport, c: ReturnType<typeof colors>): string[] {
  const { proof } = report;
  if (proof === null) return [];
  if (proof.removed.length === 0) return ['', 'Two-run proof: not run (the profile names no file of the repository to leave out).'];
  const out = ['', c.bold(`Two-run proof: run again without ${proof.removed.map(printable).join(', ')}`)];
  const own = proof.attributed.map((a) => `${a.kind} ${a.lines} lines, ${a.chars} chars`).join('; ');
  if (own) out.push(`  the agent's own lines (not repository text): ${printable(own)}`);
  if (proof.unattributed.length === 0) out.push(c.green("  every other line the two requests differ in is the profile's text."));
  else {
    out.push(c.red(`  ${proof.unattributed.length} differing lines the profile does not account for:`));
    for (const u of proof.unattributed.slice(0, 20)) out.push(`    ${u.run}: ${printable(JSON.stringify(u.line))}`);
    if (proof.unattributed.length > 20) out.push(`    … and ${proof.unattributed.length - 20} more`);
  }
  return out;
}
