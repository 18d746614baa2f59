/**
 * Claude Code (`claude -p`), checked against 2.1.328 (the native binary of the platform package).
 *
 * Launch: `-p` with only the Read tool, hooks off (`disableAllHooks` in `--settings`, the highest
 * settings layer), MCP servers only from the command line (`--strict-mcp-config`, none given), no
 * session saved; the endpoint is `ANTHROPIC_BASE_URL`, with traffic other than the model's off.
 * The same `--settings` gives every command setting a harmless value of the driver's and carries
 * an `env` that outranks, key by key, the `env` of the repository's settings files (which 2.1.328
 * hands to every process it starts, git at each start: a loader variable there ran a committed
 * library): the provider, proxy and command variables, and each hazardous key (hazards.ts) a
 * repository settings file sets. A settings file or `env` block it cannot read is refused.
 * No `--model`: the model is the one the user's configuration (or a case's `ANTHROPIC_MODEL` and
 * settings files) chooses, else Claude Code's default, as for a user running `claude -p`.
 *
 * What it sends: `POST /v1/messages?beta=true`, streamed. The baseline files are one text block
 * of the first user message, a `<system-reminder>` that starts with "Codebase and user
 * instructions are shown below", each file introduced by `Contents of <absolute path> (<label>):`.
 * Files loaded when the Read tool touches a path come in one of two layouts, by model
 * (src/resolver/profiles/claude-code/model.ts): inside that tool's result, first the AGENTS.md
 * plugin's `<system-reminder>` (`tool.call hook additional context: Contents of <path>:` …, every
 * file of the read), then each file the engine loads in a `<system-reminder>` starting `Contents
 * of <path>:`; or (the default model) each engine file's reminder as a text block after the tool
 * result and the plugin's text, unwrapped, as a message with role `system`. Any other later text
 * block naming file contents is taken as a system message of its own.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import { hazardousVariable } from './hazards';
import type { AgentDriver, ChatMessage, ExtractInput, Extracted, ExtractedListing, ExtractedPart, ResidueKind } from './types';
import { DriverRefusal, GIT_STATUS_RESIDUE, mainRequests, messagesOf } from './types';

const BASELINE = '<system-reminder>\nCodebase and user instructions are shown below.';
/** A file the engine loads on touch, as a text block of its own beside the tool result (the default model). */
const ENGINE_BLOCK = '<system-reminder>\nContents of /';
/** The token count a model with Claude Code's `total_tokens_reminder` gets at the end of the system message: not a memory file. */
const TOTAL_TOKENS = /\n\n(?:<system-reminder>\n)?<total_tokens>[^<]*<\/total_tokens>(?:\n<\/system-reminder>)?$/;
/** A reminder introducing files: the engine's (one file each) or the AGENTS.md plugin's (`tool.call hook additional context: `, every file of the read). */
const REMINDER = /<system-reminder>\n(?:tool\.call hook additional context: )?Contents of [\s\S]*?<\/system-reminder>/g;
const FILE_LINE = /^(?:tool\.call hook additional context: )?Contents of (\/.*?)(?: \([^()\n]*\))?:$/gm;

interface Block {
  type?: unknown;
  text?: unknown;
  content?: unknown;
}

function blocksOf(content: unknown): Block[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as Block[]) : [];
}

/** The text of a tool result's content (a string or text blocks). */
function toolResultText(block: Block): string {
  return blocksOf(block.content)
    .map((b) => (b.type === 'text' && typeof b.text === 'string' ? b.text : ''))
    .join('');
}

/** The absolute paths a part's text introduces, in order. */
export function filesIn(text: string): string[] {
  return [...text.matchAll(FILE_LINE)].map((m) => m[1]);
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Claude Code sent no model request'] };
  const parts: ExtractedPart[] = [];
  const first = messagesOf(requests[0]);
  const firstUser = first.find((m) => m.role === 'user');
  for (const b of blocksOf(firstUser?.content)) {
    if (b.type === 'text' && typeof b.text === 'string' && b.text.startsWith(BASELINE))
      parts.push({ place: 'first-user-message', text: b.text });
  }
  // What came after the first request: the messages the last request adds to it.
  const last = messagesOf(requests[requests.length - 1]);
  for (const m of last.slice(first.length)) {
    if (m.role === 'system') {
      // The default model's layout: the plugin's text is a system message of its own, unwrapped.
      for (const b of blocksOf(m.content))
        if (b.type === 'text' && typeof b.text === 'string' && filesIn(b.text).length > 0)
          parts.push({ place: 'system-message', text: b.text.replace(TOTAL_TOKENS, '') });
      continue;
    }
    if (m.role !== 'user') continue;
    for (const b of blocksOf(m.content)) {
      if (b.type === 'tool_result') for (const r of toolResultText(b).match(REMINDER) ?? []) parts.push({ place: 'tool-result', text: r });
      // The default model's layout: each engine file is a text block after the tool result.
      else if (b.type === 'text' && typeof b.text === 'string' && b.text.startsWith(ENGINE_BLOCK))
        parts.push({ place: 'tool-result', text: b.text });
      else if (b.type === 'text' && typeof b.text === 'string' && filesIn(b.text).length > 0)
        parts.push({ place: 'system-message', text: b.text });
    }
  }
  const listings = listingsOf(last, input.files);
  return { files: parts.flatMap((p) => filesIn(p.text)), parts, problems: [], listings };
}

/** The Agent tool's listing: this line, then one entry per line (a description may hold line breaks), up to a blank line. */
const AGENTS_HEADER = 'Available agent types for the Agent tool:\n';
/** The Skill tool's listing (at launch, and again for what a touch adds): this line, a blank line, the entries, up to a blank line. */
const SKILLS_HEADER = 'The following skills are available for use with the Skill tool:\n\n';
/** An entry's first line: `- name`, then ` (display name)` and `: description`, or nothing more. */
const ENTRY = /^- (\S+?)(?: \([^()\n]*\))?(?:: |$)/;

/** Claude Code 2.1.328's own entries (its bundled skills and built-in commands, its built-in agents). */
const BUILT_IN_SKILLS = new Set([
  'dataviz',
  'update-config',
  'keybindings-help',
  'code-review',
  'simplify',
  'fewer-permission-prompts',
  'loop',
  'claude-api',
  'workflow-authoring',
  'run',
  'plugin-authoring',
  'init',
  'security-review',
]);
const BUILT_IN_AGENTS = new Set(['claude', 'Explore', 'general-purpose', 'Plan', 'statusline-setup']);

/**
 * The names of the skills, commands and subagents the tree and the home define, by their files
 * (their real paths): a skill is its folder's name (`…/skills/<name>/SKILL.md`), a command its
 * path below a `commands` folder with `:` for `/`, a subagent its header's `name`. An entry is
 * the repository's or the home's when its name is not one of Claude Code's own (BUILT_IN_*), or
 * is one of these (a repository entry that replaced Claude Code's own of that name): so entries
 * reached through a linked folder, whose real path names no skill, are still told apart.
 */
function definedNames(files: ReadonlyMap<string, Uint8Array>): { skills: Set<string>; agents: Set<string> } {
  const skills = new Set<string>();
  const agents = new Set<string>();
  for (const [file, bytes] of files) {
    const p = file.split(path.sep).join('/');
    const skill = /\/skills\/([^/]+)\/SKILL\.md$/.exec(p);
    if (skill) skills.add(skill[1]);
    const command = /\/commands\/(.+)\.md$/.exec(p);
    if (command) skills.add(command[1].split('/').join(':'));
    if (/\/agents\/.+\.md$/.test(p)) {
      const header = /^---\s*\n([\s\S]*?)---\s*\n?/.exec(Buffer.from(bytes).toString('utf8'));
      try {
        const name = header ? (parseYaml(header[1]) as { name?: unknown } | null)?.name : undefined;
        if (typeof name === 'string') agents.add(name);
      } catch {
        // a header that does not parse names no agent
      }
    }
  }
  return { skills, agents };
}

/**
 * The name an entry's first line starts (`- name`, then ` (display name)` and `: description`, or
 * nothing more), or undefined for a line that goes on an entry before it. A name may hold spaces
 * (Claude Code lists a `two words` skill or command): a line that starts with one of the names the
 * files define is taken first, the longest of them; else the name is what runs up to a space.
 */
function entryName(line: string, known: readonly string[]): string | undefined {
  for (const n of known) {
    const rest = line.startsWith(`- ${n}`) ? line.slice(n.length + 2) : undefined;
    if (rest !== undefined && (rest === '' || rest.startsWith(': ') || /^ \([^()\n]*\)(?:: |$)/.test(rest))) return n;
  }
  return ENTRY.exec(line)?.[1];
}

/** The entries of one listing section (its text after the header, up to the blank line that ends it). */
function entriesOf(section: string, known: readonly string[]): string[] {
  const entries: string[] = [];
  for (const line of section.split('\n')) {
    if (entryName(line, known) !== undefined || entries.length === 0) entries.push(line);
    else entries[entries.length - 1] += `\n${line}`;
  }
  return entries;
}

/** Where a message of the request is, as a context place. */
function placeOf(m: ChatMessage, firstUser: boolean): string {
  if (m.role === 'system') return 'system-message';
  return firstUser ? 'first-user-message' : 'tool-result';
}

/**
 * The repository's and the home's entries of Claude Code's listings, in the order the model sees
 * them: in each message, the Agent tool's listing, then the Skill tool's (the launch message has
 * both; a touch that brings skills in adds a message with the Skill tool's listing alone).
 */
function listingsOf(messages: readonly ChatMessage[], files: ReadonlyMap<string, Uint8Array>): ExtractedListing[] {
  const names = definedNames(files);
  const out: ExtractedListing[] = [];
  let sawUser = false;
  for (const m of messages) {
    const firstUser = m.role === 'user' && !sawUser;
    if (m.role === 'user') sawUser = true;
    for (const b of blocksOf(m.content)) {
      // An older model's layout: what a touch adds is a reminder inside the tool's result.
      const inResult = b.type === 'tool_result';
      if (!inResult && (b.type !== 'text' || typeof b.text !== 'string')) continue;
      const text = inResult ? toolResultText(b) : (b.text as string);
      const place = inResult ? 'tool-result' : placeOf(m, firstUser);
      for (const [header, kind, defined, builtIn] of [
        [AGENTS_HEADER, 'agent', names.agents, BUILT_IN_AGENTS],
        [SKILLS_HEADER, undefined, names.skills, BUILT_IN_SKILLS],
      ] as const) {
        for (let at = text.indexOf(header); at >= 0; at = text.indexOf(header, at + header.length)) {
          const start = at + header.length;
          const end = text.indexOf('\n\n', start);
          // In a reminder (an older model's layout) the section ends where the reminder does.
          const section = text.slice(start, end < 0 ? text.length : end).replace(/\n<\/system-reminder>\n?$/, '');
          const known = [...defined].sort((a, b) => b.length - a.length);
          for (const entry of entriesOf(section, known)) {
            const name = entryName(entry, known);
            if (name === undefined || (builtIn.has(name) && !defined.has(name))) continue;
            out.push({ ...(kind ? { kind } : {}), name, place, text: entry });
          }
        }
      }
    }
  }
  return out;
}

/**
 * Lines of the request that change with the repository's skill files but are not an entry's text
 * (the two-run proof): the Skill tool's listing header, which a touch sends again only when it
 * brings skills in, the notice naming the skills a nested folder brought in, with their names,
 * Claude Code's own entries a repository entry replaced, and (an older model's layout) the
 * reminder tags around what a touch adds.
 */
export const CLAUDE_CODE_RESIDUE: readonly ResidueKind[] = [
  { kind: 'skills header', pattern: /^The following skills are available for use with the Skill tool:$/ },
  { kind: 'new skills notice', pattern: /^New skills discovered in .+, now available via the Skill tool:$/ },
  // A repository entry of the same name replaces Claude Code's own; without the file its own is
  // listed (and without the repository's skills its own built-in commands keep their descriptions).
  { kind: 'built-in agent', pattern: /^- (?:claude|Explore|general-purpose|Plan|statusline-setup): / },
  {
    kind: 'built-in skill',
    pattern:
      /^- (?:dataviz|update-config|keybindings-help|code-review|simplify|fewer-permission-prompts|loop|claude-api|workflow-authoring|run|plugin-authoring|init|security-review)(?:: |$)/,
  },
  { kind: 'new skill name', pattern: /^- (\S+)$/, listedName: true },
  // An older model's layout: the notice and the listing a touch adds are each in a reminder of the tool's result.
  { kind: 'reminder tags', pattern: /^<\/?system-reminder>$/ },
  // In a git repository git takes for one, the system prompt's gitStatus (`?? .claude/`).
  GIT_STATUS_RESIDUE,
];

/**
 * The settings files of the repository Claude Code reads, relative to a folder: the project's and
 * the local ones. Each folder from the repository's top down to the working directory is
 * looked at (see repositorySettings).
 */
export const SETTINGS_FILES = ['.claude/settings.json', '.claude/settings.local.json'];

/**
 * Command settings of 2.1.328 (the binary's own list of settings naming a command: `apiKeyHelper`,
 * `awsAuthRefresh`, `awsCredentialExport`, `fileSuggestion`, `gcpAuthRefresh`, `otelHeadersHelper`,
 * `processWrapper`, `policyHelpers`, `proxyAuthHelper`, `statusLine`, `subagentStatusLine`), each
 * given a harmless value of the driver's in `--settings`, the highest layer a repository cannot
 * outrank: `apiKeyHelper` runs even beside ANTHROPIC_API_KEY, so it is a harmless `echo`; the
 * other helpers are empty (no command); the status lines and file suggestion are `true`.
 * `policyHelper`/`policyHelpers` are honoured only from managed (admin) sources, which are never
 * the repository's, and `--settings` is not one of them, so they are left alone (checked by a run:
 * vector-command-settings-*).
 */
const COMMAND_SETTINGS = {
  apiKeyHelper: 'echo oracle',
  awsAuthRefresh: '',
  awsCredentialExport: '',
  gcpAuthRefresh: '',
  otelHeadersHelper: '',
  proxyAuthHelper: '',
  processWrapper: '',
  fileSuggestion: { type: 'command', command: 'true' },
  statusLine: { type: 'command', command: 'true' },
  subagentStatusLine: { type: 'command', command: 'true' },
};

/**
 * Variables a settings `env` block could set to take the run away from the endpoint (another
 * provider, a base URL, a proxy and the helper that answers it) or make Claude Code itself run a
 * command (a shell prefix, a process wrapper, an environment file sourced before commands, a
 * shell, a managed settings file naming policy helpers): the driver gives each its own value in
 * the `--settings` env, which outranks the repository's (seen in a run).
 */
function providerEnv(port: number): Record<string, string> {
  const off = (names: string[]) => Object.fromEntries(names.map((n) => [n, '0']));
  const empty = (names: string[]) => Object.fromEntries(names.map((n) => [n, '']));
  return {
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
    ANTHROPIC_API_KEY: 'oracle',
    ...off([
      'CLAUDE_CODE_USE_VERTEX',
      'CLAUDE_CODE_USE_BEDROCK',
      'CLAUDE_CODE_USE_FOUNDRY',
      'CLAUDE_CODE_USE_GATEWAY',
      'CLAUDE_CODE_USE_MANTLE',
      'CLAUDE_CODE_USE_ANTHROPIC_AWS',
      'CLAUDE_CODE_USE_ANTHROPIC_GOOGLE_CLOUD',
      'CLAUDE_CODE_ENABLE_PROXY_AUTH_HELPER',
      'CLAUDE_CODE_LAUNCHER_RUNS_API_KEY_HELPER',
      'CLAUDE_CODE_ENABLE_TELEMETRY',
    ]),
    ...empty([
      'HTTPS_PROXY',
      'https_proxy',
      'HTTP_PROXY',
      'http_proxy',
      'ALL_PROXY',
      'all_proxy',
      'CLAUDE_CODE_SHELL_PREFIX',
      'CLAUDE_CODE_PROCESS_WRAPPER',
      'CLAUDE_CODE_SHELL',
      'CLAUDE_CODE_SHELL_LAUNCHER_SCRIPT',
      'CLAUDE_CODE_GIT_BASH_PATH',
      'CLAUDE_ENV_FILE',
      'CLAUDE_CODE_MANAGED_SETTINGS_PATH',
      'CLAUDE_CODE_REMOTE_SETTINGS_PATH',
      'CLAUDE_CODE_TMUX_PREFIX',
      'CLAUDE_PTY_HOST_EXEC',
      'CLAUDE_RUNNER_CLAUDE_BIN',
      'CLAUDE_RUNNER_UPDATE_BIN',
      'CLAUDE_REMOTE_WORKFLOW_SCRIPT',
    ]),
    NO_PROXY: '*',
    no_proxy: '*',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
}

/** The PATH the driver gives Claude Code (and, through its settings env, the programs it starts). */
const PATH = '/usr/local/bin:/usr/bin:/bin';

/** The value a hazardous key a repository settings file sets is given instead (empty: not set, for the loaders, shells and git). */
function neutralValue(key: string, home: string): string {
  if (key === 'PATH') return PATH;
  if (key === 'HOME') return home;
  return '';
}

/** A repository settings file Claude Code reads, parsed. */
export interface RepositorySettings {
  readonly file: string;
  readonly settings: Readonly<Record<string, unknown>>;
}

/** The folders from `top` down to `cwd` (both as given and with links resolved), top first; `cwd` alone when it is not below `top`. */
export function foldersFromTop(top: string, cwd: string): string[] {
  const folders: string[] = [];
  const chain = (from: string, to: string): string[] => {
    const out: string[] = [];
    for (let d = path.resolve(from); ; d = path.dirname(d)) {
      out.unshift(d);
      if (d === path.resolve(to) || path.dirname(d) === d) break;
    }
    return out[0] === path.resolve(to) ? out : [path.resolve(from)];
  };
  const real = (p: string) => {
    try {
      return fs.realpathSync(p);
    } catch {
      return path.resolve(p);
    }
  };
  for (const d of [...chain(cwd, top), ...chain(real(cwd), real(top))]) if (!folders.includes(d)) folders.push(d);
  return folders;
}

/**
 * Every settings file of the repository Claude Code would read (SETTINGS_FILES in each folder from
 * the top down to the working directory, links followed, no size limit), parsed as JSONC; a file
 * that is there but does not parse to an object is refused (what Claude Code would make of it is
 * not known to the driver).
 */
export function repositorySettings(top: string, cwd: string): RepositorySettings[] {
  const found: RepositorySettings[] = [];
  for (const folder of foldersFromTop(top, cwd)) {
    for (const rel of SETTINGS_FILES) {
      const file = path.join(folder, rel);
      let text: string;
      try {
        if (!fs.statSync(file).isFile()) continue;
        text = fs.readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      const errors: ParseError[] = [];
      const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
      if (errors.length > 0 || value === null || typeof value !== 'object' || Array.isArray(value))
        throw new DriverRefusal(
          `${file}: Claude Code settings that do not parse as a JSON object (${errors.length > 0 ? printParseErrorCode(errors[0].error) : 'not an object'}); what Claude Code would run from them cannot be checked, so it is not started`,
        );
      found.push({ file, settings: value as Record<string, unknown> });
    }
  }
  return found;
}

/**
 * The `env` the driver gives in `--settings` (the highest settings layer, whose `env` outranks the
 * repository's per key, seen in a run): its provider, proxy and command variables, and every
 * hazardous key (hazards.ts) a repository settings file sets, given an empty value (PATH the
 * driver's, HOME the throwaway home). An `env` that is not an object of values is refused.
 */
export function flagEnv(found: readonly RepositorySettings[], port: number, home: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { file, settings } of found) {
    const block = settings.env;
    if (block === undefined) continue;
    if (block === null || typeof block !== 'object' || Array.isArray(block))
      throw new DriverRefusal(
        `${file}: its \`env\` is not an object; what Claude Code would set from it cannot be checked, so it is not started`,
      );
    for (const key of Object.keys(block)) {
      if (hazardousVariable(key) !== null || hazardousVariable(key.toUpperCase()) !== null) env[key] = neutralValue(key, home);
    }
  }
  return { ...env, ...providerEnv(port) };
}

/** Settings given on the command line, above the project's and the user's (see COMMAND_SETTINGS, flagEnv). */
export function flagSettings(found: readonly RepositorySettings[], port: number, home: string): Record<string, unknown> {
  return {
    disableAllHooks: true,
    ...COMMAND_SETTINGS,
    enableAllProjectMcpServers: false,
    env: flagEnv(found, port, home),
  };
}

export const CLAUDE_CODE_DRIVER: AgentDriver = {
  name: 'claude-code',
  profile: 'claude-code',
  protocol: 'anthropic-messages',
  launch: ({ executable, cwd, top, home, port, prompt }) => ({
    command: executable,
    args: [
      '-p',
      prompt,
      '--allowedTools',
      'Read',
      '--strict-mcp-config',
      '--settings',
      JSON.stringify(flagSettings(repositorySettings(top, cwd), port, home)),
      '--no-session-persistence',
      '--output-format',
      'text',
      '--max-turns',
      '3',
    ],
    env: {
      PATH,
      HOME: home,
      PWD: cwd,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
      ANTHROPIC_API_KEY: 'oracle',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
  }),
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'Read', input: { file_path: file } }),
  residue: CLAUDE_CODE_RESIDUE,
  extract,
};
