/**
 * Gemini CLI (`gemini -p`), checked against 0.61.0 (the npm bundle, run by Node).
 *
 * Launch: `-p` with a model named (`-m`: no routing request first), no extension (`-e none`), no
 * MCP server but one that does not exist (`--allowed-mcp-server-names`), and a system settings
 * file of the driver's own (GEMINI_CLI_SYSTEM_SETTINGS_PATH, the highest layer, above a trusted
 * workspace's `.gemini/settings.json`) with the API-key auth, hooks, telemetry and updates off.
 * Gemini reads that file only when it and every directory above it belong to root (in the
 * namespace: the user running the suite) and no one else can write them; otherwise it prints
 * "Skipping system settings file" and the driver reports the run as failed. Folder trust is the
 * case's: `GEMINI_CLI_TRUST_WORKSPACE` in its `env`, or a trusted-folders file in its home.
 *
 * Environment from the repository: Gemini loads one `.env` file, the first it finds walking from
 * the working directory to `/` (in each folder `.gemini/.env` first when the workspace is
 * trusted, then `.env`; then the home's), and sets each key the process does not have; untrusted,
 * only four auth keys. It drops the keys of `advanced.excludedEnvVars` (a union of every layer)
 * only from a file whose path does not hold `.gemini`. So the system settings exclude every key
 * any `.env` the driver is shown sets (the capture needs none of them: the driver sets the model,
 * key and endpoint itself, and Holaryn's profile reads no `.env`), `launch` refuses a `.env` on
 * the walk (from the working directory to the repository's top, and the home's) with a key that
 * list misses, and a file Gemini does not filter (`.gemini/.env`) that sets a loader, shell, git
 * or home variable (hazards.ts) or one of Gemini's own (its home, telemetry, sandbox, system
 * prompt file, Google credentials). The system settings also pin the settings that name a
 * command or a file Gemini writes: telemetry (and its outfile), the MCP server command, the
 * sandbox command, the Gemma router's server, the IDE connection, checkpointing, the shell pager.
 *
 * What it sends: `POST /v1beta/models/<model>:streamGenerateContent?alt=sse`. The global
 * `GEMINI.md` ends the system instruction in a `<loaded_context>` block; the project's files are a
 * `<loaded_context>` (holding `<project_context>`) in the first user message; files found when
 * `read_file` touches a path come in its function response, from "--- Newly Discovered Project
 * Context ---" to "--- End Project Context ---". Each file is `--- Context from: <path> ---`.
 * The system instruction also lists subagents ("# Available Sub-Agents") and skills
 * (`<available_skills>`): `listingsIn` reads the repository's and home's entries back. Gemini
 * runs with its default tools (nothing here limits them), so its listings are those of the
 * user's own session.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { RecordedRequest } from '../endpoint';
import { type EnvCheckInput, excludedKeys, envRefusal, readEnvFile, refusedVariable } from './env-sources';
import type { AgentDriver, ExtractInput, Extracted, ExtractedListing, ExtractedPart, ResidueKind } from './types';
import { DriverRefusal, bodyOf, mainRequests } from './types';
import { foldersUp } from '../paths';

const SYSTEM_SETTINGS = 'gemini-system-settings.json';
const OPEN = '<loaded_context>';
const CLOSE = '</loaded_context>';
const DISCOVERED_OPEN = '--- Newly Discovered Project Context ---';
const DISCOVERED_CLOSE = '--- End Project Context ---';
const FILE_LINE = /^--- Context from: (.*) ---$/gm;

/** What Gemini prints when it ignores the driver's system settings (hooks would not be off). */
export const GEMINI_SETTINGS_SKIPPED = 'Skipping system settings file';

/** Gemini's own default `advanced.excludedEnvVars` (replaced, not extended, when a layer sets the list). */
const DEFAULT_EXCLUDED = ['DEBUG', 'DEBUG_MODE', 'GEMINI_CLI_IDE_SERVER_STDIO_COMMAND', 'GEMINI_CLI_IDE_SERVER_STDIO_ARGS'];

/** The model the driver names (`-m`, and `GEMINI_MODEL` so that no `.env` sets another). */
const MODEL = 'gemini-2.5-flash';

/** The keys Gemini's `.env` loading lets through untrusted (each value stripped to `[A-Za-z0-9-_./]`). */
const AUTH_KEYS = new Set(['GEMINI_API_KEY', 'GOOGLE_API_KEY', 'GOOGLE_CLOUD_PROJECT', 'GOOGLE_CLOUD_LOCATION']);

/**
 * Why a Gemini CLI variable may not come from a file it applies unfiltered, or null: its home,
 * system settings, telemetry (outfile, endpoint), sandbox command and flags, system prompt files,
 * IDE server command, Google credentials (a credentials file may name a program) and endpoints.
 */
export function geminiVariable(key: string): string | null {
  if (AUTH_KEYS.has(key)) return null;
  if (/^(GEMINI_|GOOGLE_|OTEL_|CODE_ASSIST_)/.test(key))
    return 'a Gemini CLI variable: its home, settings, telemetry files, sandbox, system prompt files, IDE command, credentials or endpoints';
  if (/^(SANDBOX|SEATBELT_PROFILE$|BUILD_SANDBOX$|CLOUD_SHELL$)/.test(key))
    return 'a Gemini CLI sandbox variable: the command it relaunches itself in';
  return null;
}

/** Whether Gemini drops `advanced.excludedEnvVars` from the `.env` file at `file` (its path holds no `.gemini`). */
function filtered(file: string): boolean {
  return !file.includes('.gemini');
}

/**
 * The driver's `advanced.excludedEnvVars`: Gemini's defaults and every key of every `.env` file
 * among `files` that Gemini filters, sorted.
 */
export function excludedEnvVars(files: ReadonlyMap<string, Uint8Array>): string[] {
  return excludedKeys(DEFAULT_EXCLUDED, files, filtered);
}

/**
 * Refuses (DriverRefusal) a `.env` Gemini could load with a key that would reach it: from a file
 * it filters, a key `excludedEnvVars` misses (a file the driver was not shown: a link, a file left
 * out); from one it does not (`.gemini/.env`), a hazardous or Gemini variable (geminiVariable).
 * The candidates: in each folder from the working directory to the repository's top,
 * `.gemini/.env` and `.env`, then the home's (whether the workspace is trusted is not known here:
 * every one is checked).
 */
export function checkEnvFiles(input: EnvCheckInput): void {
  const excluded = new Set(excludedEnvVars(input.files));
  const candidates = foldersUp(input.cwd, input.top).flatMap((d) => [path.join(d, '.gemini', '.env'), path.join(d, '.env')]);
  candidates.push(path.join(input.home, '.gemini', '.env'), path.join(input.home, '.env'));
  for (const file of candidates) {
    const env = readEnvFile(file);
    if (env === null) continue;
    if (filtered(file)) {
      const missed = Object.keys(env).filter((k) => !excluded.has(k));
      if (missed.length > 0)
        throw new DriverRefusal(
          `${file} sets ${missed.join(', ')}, which the driver could not exclude (Gemini CLI's advanced.excludedEnvVars is made from the .env files the driver was shown, and this one was not among them)`,
        );
    } else {
      const refused = Object.keys(env).flatMap((k): [string, string][] => {
        const why = refusedVariable(k, geminiVariable, input.pinned);
        return why === null ? [] : [[k, why]];
      });
      if (refused.length > 0) throw envRefusal(file, 'sets', refused);
    }
  }
}

interface Content {
  role?: unknown;
  parts?: unknown;
}
interface Part {
  text?: unknown;
  functionResponse?: { response?: { output?: unknown } };
}

function partsOf(value: unknown): Part[] {
  const parts = (value as { parts?: unknown } | undefined)?.parts;
  return Array.isArray(parts) ? (parts as Part[]) : [];
}

function contentsOf(request: RecordedRequest): Content[] {
  const contents = (bodyOf(request) as { contents?: unknown } | undefined)?.contents;
  return Array.isArray(contents) ? (contents as Content[]) : [];
}

/** The last `open`…`close` span of `text`, both included, or undefined. */
function lastSpan(text: string, open: string, close: string): string | undefined {
  const start = text.lastIndexOf(open);
  if (start < 0) return undefined;
  const end = text.indexOf(close, start);
  return end < 0 ? undefined : text.slice(start, end + close.length);
}

/** The paths a part's text introduces, in order. */
export function filesIn(text: string): string[] {
  return [...text.matchAll(FILE_LINE)].map((m) => m[1]);
}

/** The subagents Gemini CLI registers itself (registry.js loadBuiltInAgents): never a file's, since a file's agent of the same name is ignored. */
const BUILTIN_AGENTS = new Set(['codebase_investigator', 'cli_help', 'generalist', 'browser_agent']);

/** A skill entry of `<available_skills>` (snippets.legacy.js renderAgentSkills). */
const SKILL_ENTRY =
  /^ {2}<skill>\n {4}<name>(.*)<\/name>\n {4}<description>[\s\S]*?<\/description>\n {4}<location>(.*)<\/location>\n {2}<\/skill>$/gm;

/** The subagent list of "# Available Sub-Agents" (Gemini 2.5 models: `- name -> description` lines). */
const AGENTS_OPEN = 'The following sub-agents are available:\n\n';
const AGENTS_CLOSE = '\n\nRemember that the closest relevant sub-agent';

function realOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * The repository's and home's skills and subagents listed in the system instruction, in order.
 * A skill is Gemini's own (left out) when its `<location>` is neither under the working
 * directory nor under the home: the built-in skills live in Gemini's install. A subagent is
 * Gemini's own when it has one of the built-in names (BUILTIN_AGENTS): an agent file of the
 * same name is never registered. An entry runs from its `- <slug> -> ` line to the next one.
 */
export function listingsIn(system: string, cwd: string, home: string): ExtractedListing[] {
  const out: ExtractedListing[] = [];
  const open = system.indexOf(AGENTS_OPEN);
  const close = open < 0 ? -1 : system.indexOf(AGENTS_CLOSE, open);
  if (open >= 0 && close > open) {
    const block = system.slice(open + AGENTS_OPEN.length, close);
    const starts = [...block.matchAll(/^- ([a-z0-9_-]+) -> /gm)];
    starts.forEach((m, i) => {
      const end = i + 1 < starts.length ? starts[i + 1].index - 1 : block.length;
      if (!BUILTIN_AGENTS.has(m[1])) out.push({ kind: 'agent', name: m[1], place: 'system-prompt', text: block.slice(m.index, end) });
    });
  }
  const dirs = [cwd, home].flatMap((d) => [d, realOr(d)]).map((d) => (d.endsWith('/') ? d : `${d}/`));
  for (const m of system.matchAll(SKILL_ENTRY))
    if (dirs.some((d) => m[2].startsWith(d))) out.push({ kind: 'skill', name: m[1], place: 'system-prompt', text: m[0] });
  return out;
}

/**
 * Lines of the request the two-run proof attributes to Gemini itself: the id of the scripted
 * tool call (a time), and the workspace's directory
 * tree in the first user message ("Directory Structure", getFolderStructure: `├───`/`└───` after
 * `│   `/`    ` indents, a folder with `/`, a cut one with `/...`), whose lines change when a
 * repository file is removed. The pattern takes a line that is one tree entry, a name with no
 * `/` inside it, and nothing else.
 */
export const GEMINI_RESIDUE: readonly ResidueKind[] = [
  { kind: 'directory tree', pattern: /^(?:│ {3}| {4})*[├└]───(?:[^/\n]+\/?(?:\.\.\.)?|\.\.\.)$/ },
  // A file's skill named like a built-in one takes its place: without the file, the built-in entry is back.
  {
    kind: 'built-in skill entry',
    pattern:
      /^ {2}<\/?skill>$|^ {4}<name>(?:skill-creator|antigravity-support)<\/name>$|^ {4}<location>[^<]*\/bundle\/builtin\/(?:skill-creator|antigravity-support)\/SKILL\.md<\/location>$|^ {4}<description>(?:Guide for creating effective skills\. |Use when the user asks questions, seeks help, or requests instructions related to installing, setting up, or migrating to Antigravity CLI\. )/,
  },
  // The id Gemini gives the scripted read_file call (`read_file_<epoch ms>_<n>`): a time, not the files.
  { kind: 'tool call id', pattern: /^read_file_\d{13}_\d+$/ },
];

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Gemini CLI sent no model request'] };
  const parts: ExtractedPart[] = [];
  const body = bodyOf(requests[0]) as { systemInstruction?: unknown } | undefined;
  const system = partsOf(body?.systemInstruction)
    .map((p) => (typeof p.text === 'string' ? p.text : ''))
    .join('');
  const global = lastSpan(system, OPEN, CLOSE);
  if (global !== undefined) parts.push({ place: 'system-prompt', text: global });
  const first = contentsOf(requests[0]);
  const user = first.find((c) => c.role === 'user');
  for (const p of partsOf(user)) {
    const span = typeof p.text === 'string' ? lastSpan(p.text, OPEN, CLOSE) : undefined;
    if (span !== undefined) parts.push({ place: 'first-user-message', text: span });
  }
  const last = contentsOf(requests[requests.length - 1]);
  for (const c of last.slice(first.length)) {
    for (const p of partsOf(c)) {
      const output = p.functionResponse?.response?.output;
      const span = typeof output === 'string' ? lastSpan(output, DISCOVERED_OPEN, DISCOVERED_CLOSE) : undefined;
      if (span !== undefined) parts.push({ place: 'tool-result', text: span });
    }
  }
  // A skills folder's entries come in the order Gemini's glob finds them, which is not fixed (one CI
  // run in several hundred listed two of three skills swapped): compared whatever their order.
  return {
    files: parts.flatMap((p) => filesIn(p.text)),
    parts,
    problems: [],
    listings: listingsIn(system, input.cwd, input.home),
    listingsInAnyOrder: true,
  };
}

export const GEMINI_DRIVER: AgentDriver = {
  name: 'gemini',
  profile: 'gemini',
  protocol: 'gemini',
  // Gemini CLI skips a system settings file under a folder others may write (src/capture/state-dir.ts).
  privateState: true,
  // The system layer is merged last (a workspace cannot override these); excludedEnvVars is a union of every layer.
  stateFiles: ({ files }) => ({
    [SYSTEM_SETTINGS]: JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      hooksConfig: { enabled: false },
      // A workspace's tool discovery and call commands run its own programs: none; no sandbox command; the pager is cat.
      tools: { discoveryCommand: '', callCommand: '', sandbox: false, shell: { pager: 'cat' } },
      mcp: { serverCommand: '' },
      // Off, so no telemetry file (telemetry.outfile) or collector is written or started.
      telemetry: { enabled: false, traces: false, logPrompts: false, useCollector: false },
      privacy: { usageStatisticsEnabled: false },
      ide: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, checkpointing: { enabled: false } },
      experimental: { gemmaModelRouter: { enabled: false, autoStartServer: false } },
      advanced: { excludedEnvVars: excludedEnvVars(files) },
    }),
  }),
  launch: ({ executable, node, cwd, top, home, state, port, prompt, files }) => {
    const env = {
      HOME: home,
      PWD: cwd,
      GEMINI_API_KEY: 'oracle',
      GEMINI_MODEL: MODEL,
      GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${state}/${SYSTEM_SETTINGS}`,
    };
    checkEnvFiles({ cwd, top, home, files, pinned: new Set(Object.keys(env)) });
    return {
      command: node,
      args: [executable, '-p', prompt, '-m', MODEL, '-e', 'none', '--allowed-mcp-server-names', 'holaryn-oracle-none', '-o', 'text'],
      env,
    };
  },
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'read_file', input: { file_path: file } }),
  residue: GEMINI_RESIDUE,
  refusal: (stderr) =>
    stderr.includes(GEMINI_SETTINGS_SKIPPED)
      ? 'Gemini CLI ignored the driver’s system settings (it needs them and every folder above them owned by the user running it, writable by no one else), so its hooks could not be switched off'
      : null,
  extract,
};
