/**
 * OpenAI Codex CLI (`codex exec`), checked against 0.169.0.
 *
 * Launch: the endpoint is a model provider given on the command line (`-c` overrides, the
 * highest configuration layer), so the case's own `config.toml` stays as it is and the profile
 * reads it unchanged; hooks, plugins, apps, the JavaScript REPL and notifications are off by
 * Codex's own switches, and the session is `--ephemeral`. A project's `.codex/config.toml` (MCP
 * servers, hooks) is only loaded for a trusted project; the driver reads every one Codex could
 * read, on disk (codexConfigFiles), and switches off each MCP server they name.
 *
 * What it sends: `POST /v1/responses`; the instruction files are one `input_text` of a user
 * message, `# AGENTS.md instructions for <cwd>` (or without ` for <cwd>` when only the global
 * file has text), then `<INSTRUCTIONS>`. Codex names no file in it, so the extractor finds the
 * files by their text: the global text (trimmed) among the files of `$CODEX_HOME`, then the
 * project texts joined by blank lines, the last possibly cut at a byte, among the tree's files.
 * Codex loads nothing when a tool touches a file, so it gets no scripted tool call.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseConfigText, decodeLossy, rustTrim } from '../../resolver';
import type { AgentDriver, ExtractInput, Extracted, ExtractedListing, ResidueKind } from './types';
import { DriverRefusal, bodyOf, mainRequests } from './types';
import { isUnder, realOrSelf, walkStop } from '../paths';

const PROVIDER = 'holaryn_oracle';
const KEY_VARIABLE = 'HOLARYN_ORACLE_KEY';
const HEADING = '# AGENTS.md instructions';
const OPEN = '<INSTRUCTIONS>\n';
const CLOSE = '\n</INSTRUCTIONS>';
const SEPARATOR = '\n\n--- project-doc ---\n\n';

/** A TOML basic string (the `-c` value is parsed as TOML). */
function tomlString(s: string): string {
  return JSON.stringify(s);
}

interface InputItem {
  type?: unknown;
  role?: unknown;
  content?: unknown;
}

/** Every user `input_text` of a Responses request, in order. */
export function userTexts(body: unknown): string[] {
  const input = (body as { input?: unknown } | undefined)?.input;
  if (!Array.isArray(input)) return [];
  const texts: string[] = [];
  for (const item of input as InputItem[]) {
    if (item?.type !== 'message' || item.role !== 'user' || !Array.isArray(item.content)) continue;
    for (const c of item.content as { type?: unknown; text?: unknown }[])
      if (c?.type === 'input_text' && typeof c.text === 'string') texts.push(c.text);
  }
  return texts;
}

/** The parts of Codex's instructions message: the working directory named, the global and project texts. */
export function parseInstructions(message: string): { cwd: string | null; global: string | null; project: string | null } | undefined {
  const start = message.indexOf('\n\n' + OPEN);
  if (start < 0 || !message.endsWith(CLOSE)) return undefined;
  const heading = message.slice(0, start);
  const body = message.slice(start + 2 + OPEN.length, message.length - CLOSE.length);
  let cwd: string | null = null;
  if (heading.startsWith(`${HEADING} for `)) cwd = heading.slice(`${HEADING} for `.length);
  else if (heading !== HEADING) return undefined;
  if (cwd === null) return { cwd, global: body, project: null };
  const at = body.indexOf(SEPARATOR);
  return at < 0 ? { cwd, global: null, project: body } : { cwd, global: body.slice(0, at), project: body.slice(at + SEPARATOR.length) };
}

/** Whether `text` is `bytes` cut at some byte and decoded lossily (a split character is U+FFFD). */
function isCutOf(text: string, bytes: Uint8Array): boolean {
  const whole = Buffer.from(text, 'utf8');
  const stem = Buffer.from(text.replace(/\ufffd+$/, ''), 'utf8').length;
  for (let k = stem; k <= Math.min(bytes.length - 1, whole.length + 3); k++)
    if (decodeLossy(bytes.subarray(0, k)).text === text) return true;
  return false;
}

/**
 * The files whose texts, joined by blank lines in this order, make `text` (the last one possibly
 * cut): the first way found, trying shallower paths first (Codex reads from the project root down).
 */
export function splitProject(text: string, files: readonly { path: string; bytes: Uint8Array }[]): string[] | undefined {
  const decoded = files.map((f) => ({ ...f, text: decodeLossy(f.bytes).text }));
  const walk = (at: number, used: Set<string>): string[] | undefined => {
    const rest = text.slice(at);
    for (const f of decoded) {
      if (used.has(f.path) || rustTrim(f.text) === '') continue;
      if (rest === f.text) return [f.path];
      if (rest.startsWith(f.text + '\n\n')) {
        const tail = walk(at + f.text.length + 2, new Set([...used, f.path]));
        if (tail) return [f.path, ...tail];
      }
    }
    for (const f of decoded) if (!used.has(f.path) && rest.length > 0 && isCutOf(rest, f.bytes)) return [f.path];
    return undefined;
  };
  return text === '' ? [] : walk(0, new Set());
}

/** Every `input_text` of a message of `role` in a Responses request, in order. */
function roleTexts(body: unknown, role: string): string[] {
  const input = (body as { input?: unknown } | undefined)?.input;
  if (!Array.isArray(input)) return [];
  const texts: string[] = [];
  for (const item of input as InputItem[]) {
    if (item?.type !== 'message' || item.role !== role || !Array.isArray(item.content)) continue;
    for (const c of item.content as { type?: unknown; text?: unknown }[])
      if (c?.type === 'input_text' && typeof c.text === 'string') texts.push(c.text);
  }
  return texts;
}

const SKILLS_OPEN = '<skills_instructions>\n';
const SKILLS_CLOSE = '\n</skills_instructions>';
const ROOT_LINE = /^- `(r\d+)` = `(.*)`$/;
const SKILL_LINE = /^- (.*?): (?:(.*) )?\(file: (r\d+)\/(.*)\)$/;

/**
 * The skill entries of the developer message `<skills_instructions>`: each line of the
 * `### Available skills` section. An entry is Codex's own (left out) when its alias names the
 * built-in root, `$CODEX_HOME/skills/.system` (the skill roots table says which alias that is):
 * Codex writes its system skills there and no repository or user file is in it.
 */
export function skillEntries(message: string): ExtractedListing[] {
  if (!message.startsWith(SKILLS_OPEN)) return [];
  const body = message.endsWith(SKILLS_CLOSE) ? message.slice(SKILLS_OPEN.length, -SKILLS_CLOSE.length) : message.slice(SKILLS_OPEN.length);
  const lines = body.split('\n');
  const builtIn = new Set<string>();
  for (const line of lines) {
    const m = ROOT_LINE.exec(line);
    if (m && /\/skills\/\.system$/.test(m[2])) builtIn.add(m[1]);
  }
  const at = lines.indexOf('### Available skills');
  if (at < 0) return [];
  const out: ExtractedListing[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.startsWith('### ')) break;
    const m = SKILL_LINE.exec(line);
    if (!m || builtIn.has(m[3])) continue;
    out.push({ kind: 'skill', name: m[1], place: 'system-message', text: line });
  }
  return out;
}

interface ToolItem {
  type?: unknown;
  name?: unknown;
  tools?: unknown;
  parameters?: { properties?: Record<string, { description?: unknown }> };
}

/** The `agent_type` description of the `spawn_agent` tool (in the `multi_agent_v1` namespace or on its own), or undefined. */
function agentTypeDescription(body: unknown): string | undefined {
  const tools = (body as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return undefined;
  const all: ToolItem[] = [];
  for (const t of tools as ToolItem[]) {
    all.push(t);
    if (Array.isArray(t?.tools)) all.push(...(t.tools as ToolItem[]));
  }
  const spawn = all.find((t) => t?.name === 'spawn_agent');
  const d = spawn?.parameters?.properties?.agent_type?.description;
  return typeof d === 'string' ? d : undefined;
}

/**
 * Codex's own roles, told apart from a file's by name and the first line of their text (a user
 * role may take a built-in's name and replace it: then its text differs).
 */
const BUILT_IN_ROLES: Readonly<Record<string, string>> = Object.freeze({
  default: 'Default agent.',
  explorer: 'Use `explorer` for specific codebase questions.',
  worker: 'Use for execution and production work.',
});

/** The role entries of the `agent_type` description: `name: {` … `}` after `Available roles:`, Codex's own left out. */
export function roleEntries(description: string): ExtractedListing[] {
  const at = description.indexOf('\nAvailable roles:\n');
  if (at < 0) return [];
  const lines = description.slice(at + '\nAvailable roles:\n'.length).split('\n');
  const out: ExtractedListing[] = [];
  for (let i = 0; i < lines.length; i++) {
    const head = /^(.+): \{$/.exec(lines[i]);
    if (!head) continue;
    let end = i + 1;
    while (end < lines.length && !(lines[end] === '}' && (end + 1 === lines.length || /^.+: \{$/.test(lines[end + 1])))) end++;
    const text = lines.slice(i, end + 1).join('\n');
    if (BUILT_IN_ROLES[head[1]] !== lines[i + 1]) out.push({ kind: 'agent', name: head[1], place: 'tool-description', text });
    i = end;
  }
  return out;
}

/** The listing entries of the first request: skills, then agent roles. */
function listingsOf(body: unknown): ExtractedListing[] {
  const skills = roleTexts(body, 'developer')
    .filter((t) => t.startsWith(SKILLS_OPEN))
    .flatMap(skillEntries);
  const roles = agentTypeDescription(body);
  return [...skills, ...(roles === undefined ? [] : roleEntries(roles))];
}

/**
 * Lines of the request that change with the repository's skills and roles but are no entry's
 * text: the skill roots table (one line per root in use), and Codex's system skills, whose alias
 * (`rN`) moves when a root before theirs comes or goes; a built-in role line reappears when a
 * repository role stops replacing it.
 */
export const CODEX_RESIDUE: readonly ResidueKind[] = Object.freeze([
  { kind: 'skill roots table', pattern: /^- `r\d+` = `.*`$/ },
  {
    kind: 'system skill entry (alias renumbered)',
    pattern: /^- (imagegen|openai-docs|skill-creator|skill-installer): .* \(file: r\d+\/.*\)$/,
  },
  // Codex sends the `agent_type` parameter only when a custom role exists: its header and the
  // built-in roles come and go with the repository's roles (and a built-in one with the role that replaces it).
  {
    kind: 'agent_type header and built-in roles',
    pattern: /^(Agent type override for the new agent\. .*|Available roles:|(default|explorer|worker): \{|\}|Default agent\.)$/,
  },
  {
    kind: 'agent_type header and built-in roles',
    pattern:
      /^(Use `explorer` for specific codebase questions\.|Explorers are fast and authoritative\.|They must be used to ask specific, well-scoped questions on the codebase\.|Rules:|- In order to avoid redundant work, .*|- You are encouraged to spawn up multiple explorers .*|- Reuse existing explorers for related questions\.|Use for execution and production work\.|Typical tasks:|- Implement part of a feature|- Fix tests or bugs|- Split large refactors into independent chunks|- Explicitly assign \*\*ownership\*\* .*|- Always tell workers they are \*\*not alone in the codebase\*\*.*)$/,
  },
  // Not from the repository: the turn's metadata holds its start time in milliseconds (the ids are
  // masked already), and a masked id alone on a line moves with it in the line diff.
  { kind: 'turn metadata (start time)', pattern: /^\{"installation_id":"<volatile>".*"turn_started_at_unix_ms":\d+/ },
  { kind: 'turn metadata (start time)', pattern: /^<volatile>(:0)?$/ },
]);

function depth(p: string): number {
  return p.split('/').length;
}

function extract(input: ExtractInput): Extracted {
  const problems: string[] = [];
  const [first] = mainRequests(input.requests);
  if (!first) return { files: [], parts: [], problems: ['Codex sent no model request'] };
  const listings = listingsOf(bodyOf(first));
  const message = userTexts(bodyOf(first)).find((t) => t.startsWith(HEADING));
  if (message === undefined) return { files: [], parts: [], problems, listings };
  const parsed = parseInstructions(message);
  if (!parsed)
    return {
      files: [],
      parts: [{ place: 'first-user-message', text: message }],
      problems: ['the AGENTS.md message does not parse'],
      listings,
    };
  const all = [...input.files]
    .map(([path, bytes]) => ({ path, bytes }))
    .sort((a, b) => depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : 1));
  const inHome = (p: string) => p.startsWith(input.home + '/');
  const files: string[] = [];
  if (parsed.global !== null) {
    // A file of the home, or (the global file being a link) any other.
    const withText = all.filter((f) => rustTrim(decodeLossy(f.bytes).text) === parsed.global);
    const global = withText.some((f) => inHome(f.path)) ? withText.filter((f) => inHome(f.path)) : withText;
    if (global.length === 1) files.push(global[0].path);
    else problems.push(global.length === 0 ? 'no file has the global text Codex sent' : `the global text is in ${global.length} files`);
  }
  if (parsed.project !== null) {
    const found = splitProject(
      parsed.project,
      all.filter((f) => !inHome(f.path)),
    );
    if (found) files.push(...found);
    else problems.push('the project text Codex sent is not the tree’s files joined by blank lines');
  }
  return { files, parts: [{ place: 'first-user-message', text: message }], problems, listings };
}

/** A `config.toml` Codex 0.169.0 reads, as the driver read it from disk. */
export interface CodexConfig {
  /** The path Codex opens (links not resolved: it reads through them). */
  readonly file: string;
  readonly doc: Record<string, unknown>;
}

/**
 * Every `config.toml` Codex 0.169.0 reads from this tree and home: `$CODEX_HOME/config.toml`
 * (`~/.codex`), and the `.codex/config.toml` of each folder from the project root (the nearest
 * folder holding a `project_root_markers` entry, `.git` by default, at or above the working
 * directory: here the repository's top) down to the working directory, as given and with links
 * resolved (load_project_layers reads them through links, whatever their size). A trusted
 * project's layers are applied; the driver reads them whether the project is trusted or not.
 */
export function codexConfigFiles(cwd: string, top: string, home: string): string[] {
  const files = [path.join(home, '.codex', 'config.toml')];
  for (const [start, stop] of [
    [path.resolve(cwd), walkStop(path.resolve(cwd), path.resolve(top))],
    [realOrSelf(cwd), walkStop(realOrSelf(cwd), realOrSelf(top))],
  ]) {
    const chain: string[] = [];
    for (let dir = start; ; dir = path.dirname(dir)) {
      chain.push(dir);
      if (dir === stop || !isUnder(start, stop) || path.dirname(dir) === dir) break;
    }
    for (const dir of chain.reverse()) files.push(path.join(dir, '.codex', 'config.toml'));
  }
  return [...new Set(files)].filter((f) => fs.existsSync(f));
}

/**
 * Reads each file codexConfigFiles finds, whatever its size, through links, and refuses the run
 * (DriverRefusal) on one that is not TOML as the resolver reads it (64 levels deep at most): the
 * driver cannot then know what it names.
 */
export function readCodexConfigs(cwd: string, top: string, home: string): CodexConfig[] {
  return codexConfigFiles(cwd, top, home).map((file) => {
    if (!fs.statSync(file).isFile()) throw new DriverRefusal(`${file} is not a regular file; not starting Codex`);
    const read = parseConfigText(fs.readFileSync(file, 'utf8'), file, 'toml');
    if (read.status !== 'read')
      throw new DriverRefusal(`Codex's configuration ${file} cannot be read (${read.problem.message}); not starting it`);
    return { file, doc: read.doc };
  });
}

/** A key `-c` takes in a dotted path as it is. */
const BARE_KEY = /^[A-Za-z0-9_-]+$/;

function tableOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * `-c mcp_servers.<name>.enabled=false` for every MCP server a configuration file names: a
 * trusted project's `.codex/config.toml` (and the user's) start their servers at session start,
 * and `-c` is the layer above both. Each also gets a transport of the driver's (`/bin/false`, or
 * a closed loopback port for a server given by `url`), which also replaces the file's command:
 * the driver reads layers Codex may leave out (an untrusted folder, one above the project root),
 * and Codex refuses to start on a server that has no transport. A name `-c` cannot spell stops
 * the run before it starts.
 */
export function mcpSwitches(configs: readonly CodexConfig[]): string[] {
  const servers = new Map<string, boolean>();
  for (const { file, doc } of configs)
    for (const [name, server] of Object.entries(tableOf(doc.mcp_servers))) {
      if (!BARE_KEY.test(name))
        throw new DriverRefusal(`cannot switch off the MCP server ${JSON.stringify(name)} of ${file}: -c cannot name it`);
      servers.set(name, (servers.get(name) ?? false) || 'url' in tableOf(server));
    }
  return [...servers.keys()]
    .sort()
    .flatMap((name) => [
      '-c',
      `mcp_servers.${name}.enabled=false`,
      '-c',
      servers.get(name) ? `mcp_servers.${name}.url="http://127.0.0.1:9/"` : `mcp_servers.${name}.command="/bin/false"`,
    ]);
}

/**
 * The driver's own model provider must be the driver's alone: `-c` merges into the table a file
 * gives under the same name (a provider's `auth` command would be kept), so a file that names it
 * is refused. (A `profile = …` key needs no switch: 0.169.0 selects a profile only by `--profile`,
 * which the driver does not pass; given by `-c` it refuses to start, in a project layer the
 * vector case saw nothing run.)
 */
export function ownNamesTaken(configs: readonly CodexConfig[]): void {
  for (const { file, doc } of configs)
    if (PROVIDER in tableOf(doc.model_providers))
      throw new DriverRefusal(`${file} defines the model provider ${PROVIDER}, the driver's own; not starting Codex`);
}

export const CODEX_DRIVER: AgentDriver = {
  name: 'codex',
  profile: 'codex',
  protocol: 'openai-responses',
  launch: ({ executable, cwd, top, home, port, prompt }) => {
    const configs = readCodexConfigs(cwd, top, home);
    ownNamesTaken(configs);
    const provider = `{ name = "Holaryn oracle", base_url = ${tomlString(`http://127.0.0.1:${port}/v1`)}, env_key = "${KEY_VARIABLE}", wire_api = "responses", request_max_retries = 0, stream_max_retries = 0 }`;
    return {
      command: executable,
      args: [
        'exec',
        '--skip-git-repo-check',
        '--ephemeral',
        '--color',
        'never',
        '--disable',
        'hooks',
        '--disable',
        'plugins',
        '--disable',
        'apps',
        '--disable',
        'shell_snapshot',
        '--disable',
        'js_repl',
        '-c',
        `model_provider=${tomlString(PROVIDER)}`,
        '-c',
        `model_providers.${PROVIDER}=${provider}`,
        '-c',
        'model="gpt-5"',
        '-c',
        'notify=[]',
        '-c',
        'check_for_update_on_startup=false',
        ...mcpSwitches(configs),
        prompt,
      ],
      // CODEX_HOME is left to its default, `~/.codex`, as on most machines.
      env: { HOME: home, [KEY_VARIABLE]: 'oracle', PWD: cwd },
    };
  },
  profileEnv: () => ({}),
  residue: CODEX_RESIDUE,
  extract,
};
