/**
 * Continue CLI (`cn -p`), checked against 1.5.47 (the npm package's `dist/cn.js`, run by Node).
 *
 * Launch: `-p` with a configuration file of the driver's own (`--config`, in the run's state: one
 * OpenAI-compatible chat model whose `apiBase` is the endpoint, no MCP server, no rule), so no
 * configuration of the user's or the repository's is unrolled (the hub is never asked).
 * `CONTINUE_GLOBAL_DIR` names a folder of the state holding a `settings.json` with
 * `disableAllHooks` (Continue ORs that switch over every hooks settings file it reads: the home's
 * and the working directory's `.claude/settings*.json` and `.continue/settings*.json`), its
 * global context with automatic updates off, and links to the user folder's (`$CONTINUE_GLOBAL_DIR`
 * or `~/.continue`) `rules` and `skills` only. Telemetry off (`CONTINUE_METRICS_ENABLED=0`,
 * `CONTINUE_CLI_ENABLE_TELEMETRY=0`, no OpenTelemetry exporter). 1.5.47 loads hooks but never
 * fires them (the hostile tree's wrote no marker with the switch off too); the switch is kept for
 * a release that does. A caller's own `CONTINUE_GLOBAL_DIR` outranks the driver's: then a hooks
 * settings file naming hooks, with none turning them off, is refused.
 *
 * Environment from the repository: `cn` applies the working directory's `.env` with dotenv at
 * start (keys the process lacks only). The driver sets the variables it relies on itself and
 * refuses a `.env` there that sets a loader, shell, git or home variable (hazards.ts) or one of
 * Continue's own.
 *
 * What it sends: `POST /v1/chat/completions`. The system message ends with
 * `<context name="userRules">\n…\n</context>`: the first of `AGENTS.md`, `AGENT.md`, `CLAUDE.md`,
 * `CODEX.md` in the working directory, then each always-applied rule of `.continue/rules` (the
 * working directory's, then the user folder's), joined by blank lines; no file is named. The
 * extractor finds each piece's file by its text (src/resolver/profiles/continue/format.ts).
 * Skills are listed in the `Skills` tool's description.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { envRefusal, readEnvFile, refusedVariable } from './env-sources';
import type { AgentDriver, ChatMessage, ExtractInput, Extracted, ExtractedListing } from './types';
import type { RecordedRequest } from '../endpoint';
import { DriverRefusal, GIT_STATUS_RESIDUE, bodyOf, mainRequests, messagesOf } from './types';
import { continueRule, decodeLossy } from '../../resolver';

const CONFIG = 'continue-config.yaml';
const GLOBAL = 'continue-home';
const OPEN = '<context name="userRules">\n';
/** The agent file's names, in the order Continue looks for them (systemMessage.ts). */
const AGENT_FILES = ['AGENTS.md', 'AGENT.md', 'CLAUDE.md', 'CODEX.md'];
const CLOSE = '\n</context>';

/** The user folder Continue reads (`$CONTINUE_GLOBAL_DIR` from the caller's environment, a relative one from the working directory, else `~/.continue`). */
export function continueHome(cwd: string, home: string, env: Readonly<Record<string, string>> | undefined): string {
  const value = env?.CONTINUE_GLOBAL_DIR;
  return value === undefined || value === '' ? path.join(home, '.continue') : path.resolve(cwd, value);
}

/** Why a Continue variable may not come from a repository's `.env`, or null. */
export function continueVariable(key: string): string | null {
  if (/^CONTINUE_/.test(key)) return 'a Continue CLI variable: its user folder, its hub, its output limits';
  if (/^OTEL_/.test(key)) return 'an OpenTelemetry variable: where Continue CLI sends its metrics';
  return null;
}

/** Refuses a `.env` in the working directory that sets what the agent must not take from a repository. */
export function checkDotenv(cwd: string, pinned: ReadonlySet<string>): void {
  const file = path.join(cwd, '.env');
  const env = readEnvFile(file);
  if (env === null) return;
  const bad = Object.keys(env).flatMap((k): [string, string][] => {
    const why = refusedVariable(k, continueVariable, pinned);
    return why === null ? [] : [[k, why]];
  });
  if (bad.length > 0) throw envRefusal(file, 'sets', bad);
}

/** The settings files Continue reads hooks from (hookConfig.ts), for a user folder `user`. */
export function hookSettingsFiles(cwd: string, home: string, user: string): string[] {
  return [
    path.join(home, '.claude', 'settings.json'),
    path.join(user, 'settings.json'),
    path.join(cwd, '.claude', 'settings.json'),
    path.join(cwd, '.continue', 'settings.json'),
    path.join(cwd, '.claude', 'settings.local.json'),
    path.join(cwd, '.continue', 'settings.local.json'),
  ];
}

/**
 * Where the caller names its own user folder (`CONTINUE_GLOBAL_DIR` in the extra environment,
 * which outranks the driver's), the driver's settings with `disableAllHooks` are not read: the run
 * is refused when a settings file Continue reads hooks from names one and none turns them off.
 * A file that is not JSON is one Continue skips too.
 */
export function checkOwnUserFolder(cwd: string, home: string, user: string): void {
  const named: string[] = [];
  for (const file of hookSettingsFiles(cwd, home, user)) {
    let value: unknown;
    try {
      value = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    } catch {
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const settings = value as { disableAllHooks?: unknown; hooks?: unknown };
    if (settings.disableAllHooks) return;
    if (settings.hooks && typeof settings.hooks === 'object' && Object.keys(settings.hooks).length > 0) named.push(file);
  }
  if (named.length > 0)
    throw new DriverRefusal(
      `CONTINUE_GLOBAL_DIR is given, so the driver's own user folder (with disableAllHooks) is not read, and ${named.join(', ')} name${named.length === 1 ? 's' : ''} hooks Continue would load`,
    );
}

function textOf(m: ChatMessage | undefined): string {
  if (typeof m?.content === 'string') return m.content;
  if (!Array.isArray(m?.content)) return '';
  return (m.content as { text?: unknown }[]).map((c) => (typeof c?.text === 'string' ? c.text : '')).join('');
}

/** The `<context name="userRules">…</context>` block ending a system message, or undefined. */
export function userRulesBlock(system: string): string | undefined {
  const start = system.indexOf(OPEN);
  if (start < 0 || !system.endsWith(CLOSE)) return undefined;
  return system.slice(start);
}

/** A piece of text Continue could send and the file it comes from. */
export interface Piece {
  readonly file: string;
  readonly text: string;
  /** The agent file (only ever first). */
  readonly agent: boolean;
}

/**
 * The pieces Continue could send, in the order it would take them (which tells equal texts
 * apart): the agent file names of the working directory, then each `.md` file below
 * `.continue/rules` of the working directory and of the user folder as Node lists them
 * (`readdirSync` recursive, as Continue lists them), each rule as Continue reads it.
 */
export function pieces(cwd: string, userFolder: string): Piece[] {
  const out: Piece[] = [];
  const read = (file: string): string | undefined => {
    try {
      return fs.statSync(file).isFile() ? decodeLossy(fs.readFileSync(file)).text : undefined;
    } catch {
      return undefined;
    }
  };
  for (const name of AGENT_FILES) {
    const text = read(path.join(cwd, name));
    if (text !== undefined && text !== '') out.push({ file: path.join(cwd, name), text, agent: true });
  }
  for (const dir of [path.join(cwd, '.continue', 'rules'), path.join(userFolder, 'rules')]) {
    let names: string[];
    try {
      names = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.endsWith('.md')) continue;
      const text = read(path.join(dir, name));
      if (text === undefined) continue;
      const rule = continueRule(text);
      if (rule.sent) out.push({ file: path.join(dir, name), text: rule.text, agent: false });
    }
  }
  return out;
}

/**
 * The files whose texts make up `body` (the block's text between its opening and closing lines):
 * the agent file's text first when it is there, then rule texts joined by blank lines. The split
 * that uses every character is found by trying the pieces in Continue's order, each file once.
 */
export function splitBody(body: string, all: readonly Piece[]): string[] | undefined {
  const walk = (at: number, used: ReadonlySet<Piece>): string[] | undefined => {
    if (at === body.length) return [];
    for (const p of all) {
      if (used.has(p) || (p.agent && at !== 0) || !body.startsWith(p.text, at)) continue;
      const end = at + p.text.length;
      const next = end === body.length ? end : body.startsWith('\n\n', end) ? end + 2 : -1;
      if (next < 0 || (next === body.length && end !== body.length)) continue;
      const rest = walk(next, new Set([...used, p]));
      if (rest !== undefined) return [p.file, ...rest];
    }
    return undefined;
  };
  return walk(0, new Set());
}

/** What the Skills tool's description says before its entries. */
export const SKILLS_HEAD = 'The skill name should match one of the available skills listed below:\n';

/** The description of the request's `Skills` tool, or undefined. */
function skillsDescription(request: RecordedRequest): string | undefined {
  const tools = (bodyOf(request) as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return undefined;
  for (const t of tools as { function?: { name?: unknown; description?: unknown } }[])
    if (t?.function?.name === 'Skills' && typeof t.function.description === 'string') return t.function.description;
  return undefined;
}

/**
 * The skill entries of the Skills tool's description: after its head, each
 * `\nname: <name>\ndescription: <description>\n`, joined by commas. Undefined when the entries
 * cannot be read so.
 */
export function skillEntries(description: string): ExtractedListing[] | undefined {
  const at = description.indexOf(SKILLS_HEAD);
  if (at < 0) return undefined;
  const rest = description.slice(at + SKILLS_HEAD.length);
  const out: ExtractedListing[] = [];
  let p = 0;
  while (p < rest.length) {
    if (out.length > 0) {
      if (rest[p] !== ',') return undefined;
      p += 1;
    }
    const m = /^\nname: ([^\n]*)\ndescription: /.exec(rest.slice(p));
    if (!m) return undefined;
    const start = p + m[0].length;
    const next = rest.indexOf('\n,\nname: ', start);
    const end = next >= 0 ? next + 1 : rest.endsWith('\n') ? rest.length : -1;
    if (end < 0) return undefined;
    out.push({ kind: 'skill', name: m[1], place: 'tool-description', text: rest.slice(p, end) });
    p = end;
  }
  return out;
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Continue CLI sent no model request'] };
  const problems: string[] = [];
  const description = skillsDescription(requests[0]);
  const listings = description === undefined ? [] : skillEntries(description);
  if (listings === undefined) problems.push('the Skills tool description does not read as its entries');
  const system = messagesOf(requests[0]).find((m) => m.role === 'system');
  const block = userRulesBlock(textOf(system));
  // Continue lists its skills as their parallel reads finish: their order is not fixed (README.md of the profile).
  const listed = { listings: listings ?? [], listingsInAnyOrder: true } as const;
  if (block === undefined) return { files: [], parts: [], problems, ...listed };
  const body = block.slice(OPEN.length, block.length - CLOSE.length);
  const files = splitBody(body, pieces(input.cwd, continueHome(input.cwd, input.home, input.env)));
  if (files === undefined) problems.push('the userRules block is not made of the texts of the files Continue reads');
  return { files: files ?? [], parts: [{ place: 'system-prompt', text: block }], problems, ...listed };
}

export const CONTINUE_DRIVER: AgentDriver = {
  name: 'continue',
  profile: 'continue',
  protocol: 'openai-chat',
  residue: [
    // The commas between the Skills tool's entries (the entries themselves are the listings' texts).
    { kind: 'skill-separator', pattern: /^,$/ },
    // The system message's gitStatus context: `git status --porcelain` at start, one line per path.
    GIT_STATUS_RESIDUE,
  ],
  knownLookups: {
    'api.continue.dev':
      'Continue CLI asks its service for the newest release at every start (its update service is started without the headless flag); nothing reaches it, and automatic updates are off',
  },
  stateFiles: ({ port }) => ({
    [CONFIG]: [
      'name: holaryn-oracle',
      'version: 0.0.1',
      'schema: v1',
      'models:',
      '  - name: oracle',
      '    provider: openai',
      '    model: gpt-4o',
      `    apiBase: http://127.0.0.1:${port}/v1`,
      '    apiKey: oracle',
      '    roles:',
      '      - chat',
      '',
    ].join('\n'),
    [`${GLOBAL}/settings.json`]: JSON.stringify({ disableAllHooks: true }) + '\n',
    // The update service reads this before it would install a newer release.
    [`${GLOBAL}/index/globalContext.json`]: JSON.stringify({ autoUpdateCli: false }) + '\n',
  }),
  launch: ({ executable, node, cwd, home, state, prompt, env: extra }) => {
    const global = path.join(state, GLOBAL);
    const user = continueHome(cwd, home, extra);
    fs.mkdirSync(global, { recursive: true });
    for (const name of ['rules', 'skills']) {
      const target = path.join(user, name);
      const link = path.join(global, name);
      if (fs.existsSync(target) && !fs.existsSync(link)) fs.symlinkSync(target, link);
    }
    const env: Record<string, string> = {
      HOME: home,
      PWD: cwd,
      CONTINUE_GLOBAL_DIR: global,
      CONTINUE_CLI_ENABLE_TELEMETRY: '0',
      CONTINUE_METRICS_ENABLED: '0',
      BASH_ENV: '/dev/null',
      ENV: '/dev/null',
      NO_COLOR: '1',
    };
    checkDotenv(cwd, new Set(Object.keys(env)));
    if (extra?.CONTINUE_GLOBAL_DIR !== undefined && extra.CONTINUE_GLOBAL_DIR !== '') checkOwnUserFolder(cwd, home, user);
    return { command: node, args: [executable, '-p', prompt, '--config', path.join(state, CONFIG)], env };
  },
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'Read', input: { filepath: file } }),
  extract,
};
