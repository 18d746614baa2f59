/**
 * GitHub Copilot CLI (`copilot`), checked against 1.0.102 on files and text by a real prompt,
 * offline: bring-your-own-model (`copilot -p` with `COPILOT_OFFLINE`, `COPILOT_PROVIDER_BASE_URL`
 * the endpoint on 127.0.0.1, `COPILOT_MODEL`), OpenAI chat completions, no GitHub login.
 *
 * What it sends: the instruction text sits in the system message between `</tools>\n\n` and
 * `\n<system_notifications>`: one `<custom_instruction>\n…\n</custom_instruction>` block per
 * copilot-instructions.md / AGENTS.md / CLAUDE.md / GEMINI.md in the listing's order, then each
 * rule file with no `applyTo` (or `"**"`) whole, then tables naming the other rule files and the
 * COPILOT_CUSTOM_INSTRUCTIONS_DIRS AGENTS.md files (src/resolver/profiles/copilot-cli/format.ts).
 * The extractor reads the pieces in that order and finds each block's and whole rule's file by its
 * text, files of equal text told apart by the order Copilot CLI lists its sources (`candidates`);
 * a table row names its file.
 *
 * Launch: offline, no auto-update, no keychain, no login-shell probe, no telemetry, no remote, no
 * built-in MCP servers, every MCP server a configuration file names disabled by name. The session
 * reads its user folder from `--config-dir` in the run's state: a `settings.json` with
 * `disableAllHooks` and links to the user folder's (`$COPILOT_HOME` or `~/.copilot`)
 * copilot-instructions.md and instructions/ only. Without it the hostile run loaded 25 repository
 * hooks and started the `.mcp.json` server; with it the folder is untrusted and neither happens.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  DriverRefusal,
  messagesOf,
  type AgentDriver,
  type ExtractInput,
  type Extracted,
  type ExtractedListing,
  type ResidueKind,
} from './types';
import { realOrSelf } from '../paths';

/** The repository root the table's relative paths start from: the nearest folder with `.git` above `cwd`, else `cwd`. */
export function repositoryRoot(cwd: string): string {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return cwd;
  }
}

/**
 * The file a table row's path names; a path that does not exist is looked up in its folder
 * without regard to case (a root file is named by its canonical spelling).
 */
function onDisk(file: string): string {
  try {
    fs.lstatSync(file);
    return file;
  } catch {
    try {
      const name = path.basename(file).toLowerCase();
      const found = fs.readdirSync(path.dirname(file)).filter((n) => n.toLowerCase() === name);
      return found.length === 1 ? path.join(path.dirname(file), found[0]) : file;
    } catch {
      return file;
    }
  }
}

/** The folders COPILOT_CUSTOM_INSTRUCTIONS_DIRS names: comma-separated, a relative one from the working directory. */
export function customInstructionDirs(value: string | undefined, cwd: string): string[] {
  return (value ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '')
    .map((d) => path.resolve(cwd, d));
}

/**
 * The user folder Copilot CLI would read: `$COPILOT_HOME` (from the caller's extra environment;
 * `~` or `~/…` from the home, a relative one from the home as the profile takes it), else
 * `~/.copilot`. `--config-dir` outranks the variable, so the driver links this folder's
 * instruction files into its own config folder. A folder outside the throwaway home and the
 * repository is not in the sandbox: refused rather than run without it.
 */
export function userFolder(home: string, top: string, env: Readonly<Record<string, string>> | undefined): string {
  const value = env?.COPILOT_HOME;
  if (value === undefined || value === '') return path.join(home, '.copilot');
  const expanded = value === '~' || value.startsWith('~/') ? path.join(home, value.slice(1)) : value;
  const dir = path.resolve(home, expanded);
  const inside = (base: string) => dir === base || dir.startsWith(base + path.sep);
  if (!inside(home) && !inside(top))
    throw new DriverRefusal(
      `COPILOT_HOME (${value}) is outside the throwaway home and the repository: the sandboxed agent could not read it`,
    );
  return dir;
}

/**
 * The user folder the session reads from: `--config-dir` in the run's state, with links to the
 * user folder's instruction files, skills and custom agents (what a session of the user lists).
 */
function linkUserInstructions(user: string, config: string): void {
  fs.mkdirSync(config, { recursive: true });
  for (const name of ['copilot-instructions.md', 'instructions', 'skills', 'agents']) {
    const target = path.join(user, name);
    const link = path.join(config, name);
    if (fs.existsSync(target) && !fs.existsSync(link)) fs.symlinkSync(target, link);
  }
}

/** Every MCP server name a configuration file of the tree or home names (`mcpServers`, `servers`). */
export function mcpServerNames(files: ReadonlyMap<string, Uint8Array>): string[] {
  const names = new Set<string>();
  for (const [file, bytes] of files) {
    const base = path.basename(file);
    if (!['.mcp.json', 'mcp.json', 'mcp-config.json', 'settings.json', 'settings.local.json', 'plugin.json'].includes(base)) continue;
    let doc: unknown;
    try {
      doc = JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      continue;
    }
    if (typeof doc !== 'object' || doc === null) continue;
    for (const key of ['mcpServers', 'servers']) {
      const servers = (doc as Record<string, unknown>)[key];
      if (typeof servers === 'object' && servers !== null) for (const n of Object.keys(servers)) names.add(n);
    }
  }
  return [...names].sort();
}

/** Where the instruction text starts and ends in the system message of 1.0.102. */
export const TEXT_START = '</tools>\n\n';
export const TEXT_END = '\n<system_notifications>';
const OPEN = '<custom_instruction>\n';
const CLOSE = '\n</custom_instruction>';
const BLOCK = /<custom_instruction>\n([\s\S]*?)\n<\/custom_instruction>/y;
const ROW = /^\| .* \| '([^']+)' \| .*\|$/gm;
const TABLE = 'Here is a list of ';
const SEP = '\n\n';

function decoded(bytes: Uint8Array): string {
  const t = Buffer.from(bytes).toString('utf8');
  return t.startsWith('\ufeff') ? t.slice(1) : t;
}

/** The instruction text of the system message: between the tool guidance and the notifications section, verbatim. */
export function instructionText(system: string): string | null {
  const a = system.indexOf(TEXT_START);
  if (a < 0) return null;
  const b = system.indexOf(TEXT_END, a + TEXT_START.length);
  if (b < 0) return null;
  return system.slice(a + TEXT_START.length, b);
}

/** The file `name` names in `dir`, canonical: itself, else the one entry equal to it without regard to case; null when none. */
function named(dir: string, name: string): string | null {
  let hit = path.join(dir, name);
  if (!fs.existsSync(hit)) {
    let entries: string[] = [];
    try {
      entries = fs.readdirSync(dir).filter((n) => n.toLowerCase() === name.toLowerCase());
    } catch {}
    if (entries.length !== 1) return null;
    hit = path.join(dir, entries[0]);
  }
  try {
    return fs.realpathSync(hit);
  } catch {
    return null;
  }
}

/** Every file below `dir` that `wanted` accepts, sorted by relative path, canonical. */
function walk(dir: string, wanted: (rel: string) => boolean, depth = 0, rel = ''): string[] {
  if (depth > 10) return [];
  let names: string[] = [];
  try {
    names = fs.readdirSync(path.join(dir, rel)).sort();
  } catch {}
  const out: string[] = [];
  for (const n of names) {
    const r = rel === '' ? n : `${rel}/${n}`;
    let st: fs.Stats;
    try {
      st = fs.statSync(path.join(dir, r));
    } catch {
      continue;
    }
    if (st.isDirectory()) out.push(...walk(dir, wanted, depth + 1, r));
    else if (wanted(r)) out.push(fs.realpathSync(path.join(dir, r)));
  }
  return out;
}

/**
 * The files that may stand behind the text, in the order 1.0.102 lists them (the order the
 * listing showed; docs/agents.md): the `<custom_instruction>` files, then the rule files. Used
 * only to tell apart files whose text is the same: which file a piece of text is comes from its
 * text, and a piece no such file has is matched with any file of the sandbox.
 */
export function candidates(cwd: string, user: string, customDirs: readonly string[]): { blocks: string[]; rules: string[] } {
  const root = repositoryRoot(cwd);
  const between: string[] = [];
  for (let d = path.dirname(cwd); d !== root && d.startsWith(root + path.sep); d = path.dirname(d)) between.push(d);
  const here = cwd === root ? [root] : [root, cwd];
  const repoFile = (d: string) => named(path.join(d, '.github'), 'copilot-instructions.md');
  const model = (d: string) => ['AGENTS.md', 'CLAUDE.md', 'GEMINI.md'].map((n) => named(d, n));
  const blocks = [
    named(user, 'copilot-instructions.md'),
    ...here.map(repoFile),
    ...here.flatMap(model),
    ...between.flatMap((d) => [repoFile(d), ...model(d)]),
  ];
  const ruleFolders = (d: string) => [
    ...walk(path.join(d, '.github', 'instructions'), (r) => r.endsWith('.instructions.md')),
    ...walk(path.join(d, '.claude', 'rules'), (r) => r.endsWith('.md')),
  ];
  const rules = [
    ...walk(path.join(user, 'instructions'), (r) => r.endsWith('.instructions.md')),
    ...here.flatMap(ruleFolders),
    ...customDirs.flatMap(ruleFolders),
  ];
  const unique = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => x !== null))];
  return { blocks: unique(blocks), rules: unique(rules) };
}

/** Which files the sent text holds, in order: each file taken once, the first unused one whose text fits. */
class Attribution {
  readonly files: string[] = [];
  readonly problems: string[] = [];
  private readonly used = new Set<string>();
  constructor(private readonly input: ExtractInput) {}

  textOf(file: string): string | undefined {
    const bytes = this.input.files.get(file);
    return bytes === undefined ? undefined : decoded(bytes);
  }

  /** The first unused file (`list` in order, then any file of the sandbox) whose text `fits`. */
  take(list: readonly string[], fits: (t: string) => boolean): string | undefined {
    for (const file of [...list, ...this.input.files.keys()]) {
      const t = this.used.has(file) ? undefined : this.textOf(file);
      if (t !== undefined && fits(t)) return this.add(file);
    }
    return undefined;
  }

  add(file: string): string {
    this.used.add(file);
    this.files.push(file);
    return file;
  }

  isUsed(file: string): boolean {
    return this.used.has(file);
  }
}

/** 1. The blocks, one per file, joined by a blank line; returns where they end. */
function readBlocks(text: string, at: number, order: readonly string[], a: Attribution): number {
  let pos = at;
  while (text.startsWith(OPEN, pos)) {
    const here = pos;
    const hit = a.take(
      order,
      (t) => text.startsWith(OPEN + t + CLOSE, here) && /^(\n\n|\n?$)/.test(text.slice(here + OPEN.length + t.length + CLOSE.length)),
    );
    if (hit !== undefined) pos += OPEN.length + a.textOf(hit)!.length + CLOSE.length;
    else {
      BLOCK.lastIndex = pos;
      const m = BLOCK.exec(text);
      if (!m) break;
      a.problems.push(`a <custom_instruction> block matches no file of the sandbox: ${JSON.stringify(m[1].slice(0, 80))}`);
      pos += m[0].length;
    }
    if (text.startsWith(SEP, pos)) pos += SEP.length;
  }
  return pos;
}

/** 2. Rule files sent whole, each followed by a blank line (or the end), until the first table; returns where they end. */
function readRules(text: string, at: number, order: readonly string[], a: Attribution): number {
  let pos = at;
  while (pos < text.length && !text.startsWith(TABLE, pos)) {
    const here = pos;
    const hit = a.take(order, (t) => t !== '' && text.startsWith(t, here) && /^(\n\n|\n?$)/.test(text.slice(here + t.length)));
    if (hit === undefined) {
      const next = text.indexOf(TABLE, pos);
      a.problems.push(
        `text that is no file of the sandbox: ${JSON.stringify(text.slice(pos, Math.min(pos + 80, next < 0 ? text.length : next)))}`,
      );
      break;
    }
    pos += a.textOf(hit)!.length;
    if (text.startsWith(SEP, pos)) pos += SEP.length;
    else if (text.slice(pos) === '\n') pos += 1;
  }
  return pos;
}

/**
 * 3. The tables: each row names its file, absolutely, or from the repository root or the working
 * directory (the first unused rule file in the listing's order with that name from either).
 */
function readTables(tables: string, root: string, cwd: string, order: readonly string[], a: Attribution): void {
  const bases = [realOrSelf(root), realOrSelf(cwd)];
  for (const m of tables.matchAll(ROW)) {
    const p = m[1];
    const rel = (c: string) => bases.some((b) => path.relative(b, c).split(path.sep).join('/') === p);
    const hit = path.isAbsolute(p) ? undefined : order.find((c) => !a.isUsed(c) && rel(c));
    a.add(hit ?? onDisk(path.isAbsolute(p) ? p : path.resolve(root, p)));
  }
}

const SKILL_ENTRY = /<skill>\n {2}<name>(.*?)<\/name>\n {2}<description>(.*?)<\/description>\n {2}<location>(\w+)<\/location>\n<\/skill>/gs;

/**
 * The skill entries of `<available_skills>` in the system message. Copilot CLI's own skills carry
 * `<location>builtin</location>` and are left out; the others come from a file of the repository
 * or the user's folder. A command (`.claude/commands`) is written as a skill, so no kind is given.
 */
export function skillEntries(system: string): ExtractedListing[] {
  const a = system.indexOf('<available_skills>\n');
  const b = system.indexOf('\n</available_skills>', a);
  if (a < 0 || b < 0) return [];
  const out: ExtractedListing[] = [];
  for (const m of system.slice(a, b + 1).matchAll(SKILL_ENTRY))
    if (m[3] !== 'builtin') out.push({ name: m[1], place: 'system-prompt', text: m[0] });
  return out;
}

const CUSTOM_AGENTS = '\nUser-provided custom agents:\n';

/**
 * The custom agents of the `task` tool's description: the entries after `User-provided custom
 * agents:` (Copilot CLI's own agent types come before that header), one `- **name**: …` each,
 * separated by a blank line.
 */
export function agentEntries(description: string): ExtractedListing[] {
  const at = description.indexOf(CUSTOM_AGENTS);
  if (at < 0) return [];
  return description
    .slice(at + CUSTOM_AGENTS.length)
    .split('\n\n')
    .map((text) => ({ text, m: /^- \*\*(.+?)\*\*: /.exec(text) }))
    .filter((e) => e.m !== null)
    .map((e) => ({ kind: 'agent', name: e.m![1], place: 'tool-description', text: e.text }));
}

/** The `task` tool's description in a chat completions request, or undefined. */
function taskDescription(body: unknown): string | undefined {
  const tools = (body as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return undefined;
  for (const t of tools as { function?: { name?: unknown; description?: unknown } }[])
    if (t?.function?.name === 'task' && typeof t.function.description === 'string') return t.function.description;
  return undefined;
}

/**
 * Lines that change with the repository's skills and agents but are no entry's text: the
 * `User-provided custom agents:` header (sent only with a custom agent) and the names in the
 * `task` tool's `agent_type` enum (one JSON string each, a line of its own in the proof's text).
 */
export const COPILOT_CLI_RESIDUE: readonly ResidueKind[] = Object.freeze([
  { kind: 'custom agents header', pattern: /^User-provided custom agents:$/ },
  { kind: 'agent_type enum (custom agent names)', pattern: /^(.+)$/, listedName: true },
]);

function extractPrompt(input: ExtractInput): Extracted {
  const request = input.requests.find((r) => r.main && r.protocol === 'openai-chat');
  if (!request) return { files: [], parts: [], problems: ['no chat completions request was recorded'] };
  const system = messagesOf(request).find((m) => m.role === 'system');
  if (typeof system?.content !== 'string') return { files: [], parts: [], problems: ['the request has no system message'] };
  const text = instructionText(system.content);
  if (text === null) return { files: [], parts: [], problems: ['the system message has no tools section followed by notifications'] };
  const root = repositoryRoot(input.cwd);
  const env = input.env ?? {};
  let user = path.join(input.home, '.copilot');
  try {
    user = userFolder(input.home, root, env);
  } catch {}
  const order = candidates(input.cwd, user, customInstructionDirs(env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS, input.cwd));
  const a = new Attribution(input);
  const afterRules = readRules(text, readBlocks(text, 0, order.blocks, a), order.rules, a);
  readTables(text.slice(afterRules), root, input.cwd, order.rules, a);
  const task = taskDescription(JSON.parse(request.body) as unknown);
  const listings = [...skillEntries(system.content), ...(task === undefined ? [] : agentEntries(task))];
  return { files: a.files, parts: text === '' ? [] : [{ place: 'system-prompt', text }], problems: a.problems, listings };
}

export const COPILOT_CLI_DRIVER: AgentDriver = {
  name: 'copilot-cli',
  profile: 'copilot-cli',
  protocol: 'openai-chat',
  stateFiles: () => ({ 'config/settings.json': JSON.stringify({ disableAllHooks: true }) + '\n' }),
  launch: ({ executable, cwd, top, home, state, port, prompt, files, env }) => {
    const config = path.join(state, 'config');
    linkUserInstructions(userFolder(home, top, env), config);
    return {
      command: executable,
      args: [
        '-p',
        prompt,
        '--no-auto-update',
        '--disable-builtin-mcps',
        '--no-ask-user',
        '--disable-client-telemetry',
        '--no-remote',
        '--config-dir',
        config,
        ...mcpServerNames(files).flatMap((n) => ['--disable-mcp-server', n]),
      ],
      env: {
        HOME: home,
        PWD: cwd,
        // The bundle unpacks itself into its cache on first start: the run's state, not the home the profile reads.
        COPILOT_CACHE_HOME: path.join(state, 'cache'),
        COPILOT_OFFLINE: 'true',
        COPILOT_AUTO_UPDATE: 'false',
        COPILOT_DISABLE_KEYTAR: '1',
        COPILOT_DISABLE_LOGIN_SHELL_ENV: '1',
        COPILOT_GITHUB_TELEMETRY_DISABLED: '1',
        COPILOT_PROVIDER_BASE_URL: `http://127.0.0.1:${port}/v1`,
        COPILOT_PROVIDER_API_KEY: 'oracle',
        COPILOT_MODEL: 'gpt-4o',
      },
    };
  },
  profileEnv: () => ({}),
  residue: COPILOT_CLI_RESIDUE,
  extract: extractPrompt,
};
