/**
 * Auggie (`@augmentcode/auggie`, Augment's CLI), checked against 0.36.0: a Node script
 * (`augment.mjs`, one bundle). Auggie builds no prompt: it sends Augment's own `chat-stream`
 * request, in which the repository's files are fields (`workspace_guidelines`, `rules[]`,
 * `skills[]`), and Augment's servers write the model's prompt. What this driver reads back, and
 * the oracle compares, is that request.
 *
 * Launch: `auggie --print "<prompt>"` with `AUGMENT_SESSION_AUTH` (a session whose `tenantURL` is
 * the endpoint: every call of its backend goes there; the session needs `accessToken`,
 * `tenantURL` and a `scopes` list), and:
 *
 * - `--augment-cache-dir <state>/augment`: Auggie's own folder (sessions, binaries, the user
 *   settings layer) is the driver's, not the home's `~/.augment` (the rules, skills and skill
 *   modes it reads from the home are read all the same). Its settings deny indexing everywhere
 *   (`indexingDenyDirs: ["/"]`; Auggie unites the deny lists of all its settings layers, and a
 *   denied folder wins over an allowed one), so no file of the repository is uploaded;
 * - `--mcp-config` with no server: given, Auggie takes no MCP server from any settings file (the
 *   repository's `.augment/settings.json` included); the servers its backend names come from the
 *   endpoint, which names none;
 * - `--startup-script :`: the command line's startup script outranks the `startupScript` of every
 *   settings file, which Auggie runs at the start of a session (the hostile tree's ran without
 *   it, before any tool was called, `--disable-process-tools` or not);
 * - `--disable-process-tools`: no shell tools (launch-process and the others), so no shell the
 *   model could ask for;
 * - `--dont-save-session`; `AUGMENT_DISABLE_AUTO_UPDATE`.
 *
 * Switched off by the endpoint's answers: Auggie asks its backend for its feature flags
 * (`/get-models`), and the endpoint answers every call but `chat-stream` "not found", so Auggie
 * runs on its built-in defaults, under which hooks (`enableHooks`), plugins
 * (`enablePluginMarketplace`), client overrides of the flags, error reports (Sentry) and the
 * rules it would add to a write tool's result are all off. Its analytics and event uploads go to
 * the endpoint, which refuses them.
 *
 * Refused: a `toolPermissions` rule with a `script-policy` in the repository's
 * `.augment/settings.json` or `.augment/settings.local.json`, or in `/etc/augment/settings.json`
 * (the scripted read would run that script, and such a policy outranks an `allow`).
 *
 * At every start Auggie fetches ripgrep from github.com into `~/.augment/binaries` when it has
 * none (nothing is downloaded in the sandbox).
 *
 * What it sends: `POST /chat-stream`, a JSON request; each answer is newline-delimited JSON.
 * Auggie's own built-in rule (`non-interactive-prompt.md`, sent in `--print` mode) has no
 * `settingsStored` key, which every rule read from a file has: the driver leaves it out. A read
 * (the `view` tool) returns the file alone; were rules added to a tool's result (Auggie's
 * `<supervisor>` block, only on writes and only under a flag the endpoint leaves off), the driver
 * reads them as a `tool-result` part.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import type { AgentDriver, ExtractInput, Extracted, ExtractedListing, ExtractedPart } from './types';
import { DriverRefusal, bodyOf, mainRequests } from './types';

/** Auggie's own folder in the run's state (`--augment-cache-dir`). */
export const CACHE_FOLDER = 'augment';
/** The MCP configuration with no server (`--mcp-config`). */
export const MCP_CONFIG = 'mcp.json';
/** The driver's user settings layer: indexing denied everywhere. */
export const DRIVER_SETTINGS = { indexingDenyDirs: ['/'] } as const;
/** The startup script the driver gives (a no-op): Auggie's command line outranks every settings file's `startupScript`. */
export const STARTUP_SCRIPT = ':';
/** Auggie's organisation settings file on Linux and macOS. */
export const MANAGED_SETTINGS = '/etc/augment/settings.json';

const SUPERVISOR = '<supervisor>\n';
const CONTENTS = /^Contents of (.+):$/gm;

/** The session Auggie takes from AUGMENT_SESSION_AUTH: its backend at the endpoint. */
export function session(port: number): string {
  return JSON.stringify({ accessToken: 'oracle', tenantURL: `http://127.0.0.1:${port}/`, scopes: ['read', 'write'] });
}

/** Why a settings file's text cannot be run with, or null: a script policy in its tool permissions. */
export function settingsRefusal(file: string, text: string): string | null {
  const errors: ParseError[] = [];
  const doc = parse(text, errors, { allowTrailingComma: true }) as unknown;
  if (errors.length > 0 && /toolPermissions/.test(text))
    return `${file} does not parse, and it names toolPermissions: a script policy there (a script Auggie runs on a tool call) could not be ruled out`;
  const rules = (doc as { toolPermissions?: unknown } | null)?.toolPermissions;
  if (!Array.isArray(rules)) return null;
  for (const rule of rules as { permission?: { type?: unknown }; 'tool-name'?: unknown; toolName?: unknown }[]) {
    if (rule?.permission?.type === 'script-policy')
      return `${file} sets a script-policy tool permission: Auggie would run that script on the scripted read, and no setting outranks it`;
  }
  return null;
}

/** The settings files a run reads that could hold a script policy: the repository's (at its workspace root) and the organisation's. */
export function settingsFiles(top: string, cwd: string): string[] {
  const roots = [...new Set([top, cwd])];
  return [
    ...roots.flatMap((r) => [path.join(r, '.augment', 'settings.json'), path.join(r, '.augment', 'settings.local.json')]),
    MANAGED_SETTINGS,
  ];
}

function checkSettings(files: readonly string[]): void {
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const why = settingsRefusal(file, text);
    if (why !== null) throw new DriverRefusal(why);
  }
}

interface Rule {
  path?: unknown;
  content?: unknown;
  description?: unknown;
  settingsStored?: unknown;
}

interface Skill {
  name?: unknown;
  description?: unknown;
  location?: unknown;
  source?: unknown;
}

interface ChatRequest {
  workspace_guidelines?: unknown;
  rules?: unknown;
  skills?: unknown;
  nodes?: unknown;
}

interface Node {
  type?: unknown;
  ide_state_node?: { workspace_folders?: { repository_root?: unknown; folder_root?: unknown }[] };
  tool_result_node?: { content?: unknown };
}

/** The workspace root the request names (its IDE state node), or undefined. */
export function workspaceOf(body: ChatRequest): string | undefined {
  for (const n of Array.isArray(body.nodes) ? (body.nodes as Node[]) : []) {
    const folder = n.ide_state_node?.workspace_folders?.[0];
    const root = folder?.repository_root ?? folder?.folder_root;
    if (typeof root === 'string') return root;
  }
  return undefined;
}

/** A rule's text as the oracle compares it: its content, then its description on the next line when it has one. */
export function ruleText(rule: Rule): string {
  const content = typeof rule.content === 'string' ? rule.content : '';
  return typeof rule.description === 'string' ? `${content}\n${rule.description}` : content;
}

/** A skill entry's text: its strings as the request carries them, one a line. */
export function skillText(skill: Skill): string {
  return [skill.name, skill.description, skill.location, skill.source].map((v) => (typeof v === 'string' ? v : '')).join('\n');
}

/** The rules read from files (every one has a `settingsStored` key; Auggie's built-in one has none). */
export function fileRules(body: ChatRequest): Rule[] {
  return (Array.isArray(body.rules) ? (body.rules as Rule[]) : []).filter((r) => typeof r?.settingsStored === 'boolean');
}

/** The `<supervisor>` rules block at the end of a tool result, or null. */
export function supervisorPart(result: string): string | null {
  const at = result.indexOf(SUPERVISOR);
  return at < 0 ? null : result.slice(at);
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Auggie sent no chat-stream request'] };
  const first = bodyOf(requests[0]) as ChatRequest | undefined;
  if (first === undefined || typeof first !== 'object') return { files: [], parts: [], problems: ['the chat-stream request is not JSON'] };
  const root = workspaceOf(first) ?? input.cwd;
  const files: string[] = [];
  const parts: ExtractedPart[] = [];
  if (typeof first.workspace_guidelines === 'string' && first.workspace_guidelines !== '') {
    parts.push({ place: 'system-prompt', text: first.workspace_guidelines });
    files.push(path.join(root, '.augment-guidelines'));
  }
  for (const rule of fileRules(first)) {
    // An empty rule sends no text: no part, as the profile's evidence has none for it.
    const text = ruleText(rule);
    if (text === '') continue;
    parts.push({ place: 'system-prompt', text });
    const p = typeof rule.path === 'string' ? rule.path : '';
    files.push(path.isAbsolute(p) ? p : path.join(root, p));
  }
  const listings: ExtractedListing[] = (Array.isArray(first.skills) ? (first.skills as Skill[]) : []).map((s) => ({
    kind: 'skill',
    name: typeof s.name === 'string' ? s.name : '',
    place: 'system-prompt',
    text: skillText(s),
  }));
  // What a tool's result brought (Auggie's rules block after a write; a read brings none).
  for (const r of requests.slice(1)) {
    const body = bodyOf(r) as ChatRequest | undefined;
    for (const n of Array.isArray(body?.nodes) ? (body.nodes as Node[]) : []) {
      const content = n.tool_result_node?.content;
      const part = typeof content === 'string' ? supervisorPart(content) : null;
      if (part === null) continue;
      parts.push({ place: 'tool-result', text: part });
      for (const m of part.matchAll(CONTENTS)) files.push(path.join(root, m[1]));
    }
  }
  return { files, parts, problems: [], listings };
}

export const AUGGIE_DRIVER: AgentDriver = {
  name: 'auggie',
  profile: 'auggie',
  protocol: 'augment',
  knownLookups: {
    'github.com': 'Auggie fetches ripgrep into ~/.augment/binaries at every start where it has none; nothing is downloaded',
  },
  stateFiles: () => ({
    [`${CACHE_FOLDER}/settings.json`]: JSON.stringify(DRIVER_SETTINGS, null, 2),
    [MCP_CONFIG]: JSON.stringify({ mcpServers: {} }),
  }),
  launch: ({ executable, node, cwd, top, home, state, port, prompt }) => {
    checkSettings(settingsFiles(top, cwd));
    return {
      command: node,
      args: [
        executable,
        '--print',
        '--augment-cache-dir',
        path.join(state, CACHE_FOLDER),
        '--mcp-config',
        path.join(state, MCP_CONFIG),
        '--dont-save-session',
        '--disable-process-tools',
        '--startup-script',
        STARTUP_SCRIPT,
        prompt,
      ],
      env: {
        HOME: home,
        PWD: cwd,
        AUGMENT_SESSION_AUTH: session(port),
        AUGMENT_DISABLE_AUTO_UPDATE: '1',
      },
    };
  },
  residue: [
    // Each rule's path beside its text: the request names every rule file.
    { kind: 'rule path', pattern: /^(?:AGENTS\.md|CLAUDE\.md|\.augment\/rules\/.+\.mdc?|\/.+\/\.augment\/rules\/.+\.mdc?)$/ },
    // The source of a rule of the user's ~/.augment/rules.
    { kind: 'rule source', pattern: /^user$/ },
  ],
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'view', input: { path: file, type: 'file' } }),
  extract,
};
