/**
 * Kilo Code CLI (`kilo run`), checked against 7.7.7 (the native build of the platform package,
 * `@kilocode/cli-linux-x64` / `-linux-arm64`: a Bun executable that needs no Node). Kilo is a
 * fork of opencode: the same run command, provider configuration and `Instructions from:` blocks,
 * with its own names (`kilo.json(c)`, `.kilo` and `.kilocode` folders, `KILO_*` variables) and
 * the legacy Kilo Code files (`.kilocode/rules`, `.kilocode/mcp.json`, workflows, modes).
 *
 * Launch: the endpoint is the `openai` provider of a configuration given in `KILO_CONFIG_CONTENT`
 * (the last configuration layer but the administrator's `/etc/kilo`), so the case's own
 * configuration files stay as they are and the profile reads them unchanged. `--pure` loads no
 * external plugin; the same configuration turns language servers and formatters off and every
 * MCP server a configuration file Kilo reads names (`mcp.<name>.enabled: false`), including the
 * legacy `.kilocode/mcp.json` / `.kilo/mcp.json` of the working directory and the VS Code
 * extension's `mcp_settings.json`; updates, the models catalogue, sharing, session ingest,
 * presence, codebase indexing, the skills' shell commands, telemetry and the background daemon are
 * off by their `KILO_*` switches.
 *
 * Which files: every configuration file Kilo 7.7.7 reads (the global folder `~/.config/kilo`,
 * `kilo.json(c)` and `opencode.json(c)` from the working directory up to the top, the same names
 * in each `.kilo` and `.kilocode` folder there and in the home), read from disk as the opencode
 * driver reads opencode's: through links, any size, after `{env:…}`/`{file:…}` substitution;
 * a file it cannot read is refused.
 *
 * What it would run regardless: like opencode, the plugin modules (`{plugin,plugins}/*.{ts,js}`)
 * and custom tools (`{tool,tools}/*.{js,ts}`) of every configuration folder, and a `plugin` entry
 * of a configuration file: the driver refuses to start Kilo where any exists. Kilo also installs
 * its plugin package (`@kilocode/plugin`) into its folders: a folder whose install could fetch
 * anything else is refused (packageProblem).
 *
 * Kilo is a Bun executable: Bun reads `bunfig.toml` (its `preload` modules run) and dotenv files
 * from the process's working directory, so the driver starts Kilo in a folder of its state and
 * gives the repository by `--dir` (as the Cline driver does).
 *
 * What it sends: `POST /v1/responses`, a title request (no `<env>`: not counted), then the
 * session's request, whose system message holds the `<env>` block, then each instruction file as
 * `Instructions from: <absolute path>` + newline + text, joined by newlines. The read tool's
 * output ends with a `<system-reminder>` holding the files a read loaded.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseConfigText, profileCard } from '../../resolver';
import type { RecordedRequest } from '../endpoint';
import type { AgentDriver, ExtractInput, Extracted, ExtractedListing, ExtractedPart } from './types';
import { DriverRefusal, bodyOf, mainRequests } from './types';
import { isUnder, realOrSelf } from '../paths';
import { OpencodeConfig, foldersUp, packageProblem, parseBlocks, substitute } from './opencode';

/** The release the profile was verified against (its card), named in a refusal. */
const KILO_RELEASE = profileCard('kilo')?.signs?.release ?? 'kilo';

const ENV_END = '</env>\n';
const BLOCK = 'Instructions from: ';
const REMINDER_OPEN = '<system-reminder>\n';
const REMINDER_CLOSE = '\n</system-reminder>';

/** The configuration file names Kilo reads in a project folder and in each configuration folder. */
const CONFIG_NAMES = ['kilo.jsonc', 'kilo.json', 'opencode.jsonc', 'opencode.json'];
/** ... and in its global folder. */
const GLOBAL_NAMES = ['config.json', 'kilo.json', 'kilo.jsonc', 'opencode.json', 'opencode.jsonc'];
/** The configuration folders' names (`.opencode` is not read). */
const DOT_FOLDERS = ['.kilo', '.kilocode'];

interface InputItem {
  type?: unknown;
  role?: unknown;
  content?: unknown;
  output?: unknown;
}

function inputOf(request: RecordedRequest): InputItem[] {
  const input = (bodyOf(request) as { input?: unknown } | undefined)?.input;
  return Array.isArray(input) ? (input as InputItem[]) : [];
}

/** The system message's text (a string, or input_text blocks). */
function systemText(request: RecordedRequest): string | undefined {
  for (const item of inputOf(request)) {
    if (item?.role !== 'system') continue;
    if (typeof item.content === 'string') return item.content;
    if (Array.isArray(item.content))
      return (item.content as { text?: unknown }[]).map((c) => (typeof c?.text === 'string' ? c.text : '')).join('');
  }
  return undefined;
}

const SKILLS_OPEN = '<available_skills>\n';
const SKILLS_CLOSE = '</available_skills>';
const SKILL = /^ {2}<skill>\n {4}<name>([^\n]*)<\/name>\n[\s\S]*?\n {4}<location>([^\n]*)<\/location>\n {2}<\/skill>/;

/**
 * The skills of the system prompt's `<available_skills>` block, each entry from `  <skill>` to
 * `  </skill>`, leaving out Kilo's built-in ones (location `builtin`). A description may hold
 * newlines: an entry ends at the first `</location>` line followed by `  </skill>`.
 */
export function skillListings(system: string): ExtractedListing[] {
  const open = system.indexOf(SKILLS_OPEN);
  if (open < 0) return [];
  const close = system.indexOf(`\n${SKILLS_CLOSE}`, open);
  const block = system.slice(open + SKILLS_OPEN.length, close < 0 ? system.length : close + 1);
  const out: ExtractedListing[] = [];
  let rest = block;
  while (rest.length > 0) {
    const m = SKILL.exec(rest);
    if (!m || m.index !== 0) break;
    if (m[2] !== 'builtin') out.push({ kind: 'skill', name: m[1], place: 'system-prompt', text: m[0] });
    rest = rest.slice(m[0].length + 1);
  }
  return out;
}

const AGENTS_HEADER = 'Available agent types and the tools they have access to:\n';
/** Kilo's built-in subagents (seen in a run with no agent of the repository's or the home's). */
const BUILTIN_AGENTS = new Set(['explore', 'general']);

/**
 * The subagents of the `task` tool's description: each `- <name>: <description>` entry after its
 * header (a description may run over several lines), leaving out Kilo's built-in ones.
 */
export function agentListings(request: RecordedRequest): ExtractedListing[] {
  const tools = (bodyOf(request) as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  const task = (tools as { name?: unknown; description?: unknown }[]).find((t) => t?.name === 'task');
  const description = typeof task?.description === 'string' ? task.description : '';
  const at = description.indexOf(AGENTS_HEADER);
  if (at < 0) return [];
  const entries: string[] = [];
  for (const line of description.slice(at + AGENTS_HEADER.length).split('\n')) {
    if (line.startsWith('- ') || entries.length === 0) entries.push(line);
    else entries[entries.length - 1] += `\n${line}`;
  }
  const out: ExtractedListing[] = [];
  for (const text of entries) {
    const m = /^- ([^:\n]+): /.exec(text);
    if (m && !BUILTIN_AGENTS.has(m[1])) out.push({ kind: 'agent', name: m[1], place: 'tool-description', text });
  }
  return out;
}

/** What follows the instruction blocks in Kilo's system prompt: its skills section. */
const SKILLS_INTRO = '\nSkills provide specialized instructions';

/**
 * The `Instructions from:` blocks of `text` (cut where they must end) by opencode's reader, but
 * a block whose text is not its file's is no problem here: Kilo substitutes `{file:…}` and
 * `{env:…}` before it sends a file, so such a block runs to the next heading or the cut.
 */
function kiloBlocks(text: string, at: number, separator: string, files: ReadonlyMap<string, Uint8Array>, problems: string[]) {
  const own: string[] = [];
  const got = parseBlocks(text, at, separator, files, own);
  problems.push(...own.filter((p) => !p.endsWith("is not that file's text")));
  return got;
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Kilo sent no model request'] };
  const problems: string[] = [];
  const parts: ExtractedPart[] = [];
  const files: string[] = [];
  const system = systemText(requests[0]);
  const listings = [...(system === undefined ? [] : skillListings(system)), ...agentListings(requests[0])];
  if (system === undefined) problems.push('the first request has no system message');
  else {
    const env = system.indexOf(ENV_END);
    if (env < 0) problems.push('the system message has no <env> block');
    else {
      const start = system.indexOf(BLOCK, env + ENV_END.length);
      if (start >= 0) {
        const skills = system.indexOf(SKILLS_INTRO, start);
        const got = kiloBlocks(skills < 0 ? system : system.slice(0, skills), start, '\n', input.files, problems);
        if (got.files.length > 0) {
          parts.push({ place: 'system-prompt', text: system.slice(start, got.end) });
          files.push(...got.files);
        }
      }
    }
  }
  const last = requests[requests.length - 1];
  if (last !== requests[0]) {
    for (const item of inputOf(last)) {
      if (item?.type !== 'function_call_output' || typeof item.output !== 'string') continue;
      const output = item.output;
      const open = output.lastIndexOf(REMINDER_OPEN + BLOCK);
      if (open < 0) continue;
      const close = output.lastIndexOf(REMINDER_CLOSE);
      const got = kiloBlocks(close < open ? output : output.slice(0, close), open + REMINDER_OPEN.length, '\n\n', input.files, problems);
      if (!output.startsWith(REMINDER_CLOSE, got.end)) problems.push('the read tool’s reminder does not end after its last file');
      parts.push({ place: 'tool-result', text: output.slice(open, got.end + REMINDER_CLOSE.length) });
      files.push(...got.files);
    }
  }
  return { files, parts, problems, listings };
}

/** The keys of an object, or [] when it is none. */
function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
}

/** `KILO_CONFIG_DIR` of the caller's environment, absolute, or undefined. */
function configDirVar(env: Readonly<Record<string, string>> | undefined, cwd: string): string | undefined {
  const dir = env?.KILO_CONFIG_DIR;
  return dir ? path.resolve(cwd, dir) : undefined;
}

/** The folders Kilo 7.7.7 takes configuration, plugins, tools and packages from (ConfigPaths.directories). */
export function kiloFolders(cwd: string, top: string, home: string, configDir?: string): string[] {
  return [
    path.join(home, '.config', 'kilo'),
    ...foldersUp(cwd, top).flatMap((d) => DOT_FOLDERS.map((n) => path.join(d, n))),
    ...DOT_FOLDERS.map((n) => path.join(home, n)),
    ...(configDir ? [configDir] : []),
  ];
}

/** Every configuration file Kilo 7.7.7 reads that exists (links followed), and `$KILO_CONFIG`. */
export function kiloConfigFiles(cwd: string, top: string, home: string, env?: Readonly<Record<string, string>>): string[] {
  const global = path.join(home, '.config', 'kilo');
  const configDir = configDirVar(env, cwd);
  const candidates = [
    ...[...GLOBAL_NAMES, 'config'].map((n) => path.join(global, n)),
    ...(env?.KILO_CONFIG ? [path.resolve(cwd, env.KILO_CONFIG)] : []),
    ...foldersUp(cwd, top).flatMap((d) => CONFIG_NAMES.map((n) => path.join(d, n))),
    ...kiloFolders(cwd, top, home, configDir)
      .slice(1)
      .flatMap((d) => CONFIG_NAMES.map((n) => path.join(d, n))),
  ];
  return [...new Set(candidates)].filter((f) => fs.existsSync(f));
}

/**
 * Reads every configuration file Kilo reads (kiloConfigFiles) the way it does, through links,
 * whatever its size, and refuses the run (DriverRefusal) on one it cannot read the same: not
 * JSON with comments, a link whose target is outside the repository's top and the home (Kilo,
 * like opencode, writes `$schema` into a file that lacks it), a TOML global `config`, a file
 * naming the driver's own `KILO_CONFIG_CONTENT`, or an MCP server named by a variable the driver
 * does not set.
 */
export function readKiloConfigs(
  cwd: string,
  top: string,
  home: string,
  env: Readonly<Record<string, string>>,
  caller?: Readonly<Record<string, string>>,
): OpencodeConfig[] {
  const out: OpencodeConfig[] = [];
  const topReal = realOrSelf(top);
  const homeReal = realOrSelf(home);
  for (const file of kiloConfigFiles(cwd, top, home, caller)) {
    const real = realOrSelf(file);
    if (!fs.statSync(real).isFile())
      throw new DriverRefusal(`${file} is not a regular file; Kilo cannot read it as configuration; not starting it`);
    if (real !== file && !isUnder(real, topReal) && !isUnder(real, homeReal))
      throw new DriverRefusal(
        `${file} is a link to ${real}, outside the repository: Kilo writes into the configuration files it reads ($schema); not starting it`,
      );
    if (path.basename(file) === 'config')
      throw new DriverRefusal(`${file} is a TOML configuration Kilo converts into config.json; not starting it`);
    const raw = fs.readFileSync(real, 'utf8');
    const known = (fill: string) => (name: string) => (name === 'KILO_CONFIG_CONTENT' ? '\u0000' : (env[name] ?? fill));
    const text = substitute(raw, file, home, known(''));
    if (text.includes('\u0000'))
      throw new DriverRefusal(`${file} names {env:KILO_CONFIG_CONTENT}, the driver's own configuration; not starting it`);
    const read = parseConfigText(text, file, 'jsonc');
    if (read.status !== 'read')
      throw new DriverRefusal(`Kilo's configuration ${file} cannot be read as Kilo reads it (${read.problem.message}); not starting it`);
    const other = parseConfigText(substitute(raw, file, home, known('x')), file, 'jsonc');
    if (other.status !== 'read' || keysOf(other.doc.mcp).join('\n') !== keysOf(read.doc.mcp).join('\n'))
      throw new DriverRefusal(`${file} names an MCP server by a variable the driver does not set; not starting it`);
    out.push({ file, doc: read.doc });
  }
  return out;
}

/**
 * The legacy Kilo Code MCP files Kilo 7.7.7 turns into MCP servers (McpMigrator): `.kilocode/mcp.json`
 * and `.kilo/mcp.json` of the working directory, and the VS Code extension's global
 * `settings/mcp_settings.json`; each server under `mcpServers`. A file that does not parse is
 * skipped by Kilo and so here.
 */
export function legacyMcpNames(cwd: string, home: string): string[] {
  const files = [
    path.join(home, '.config', 'Code', 'User', 'globalStorage', 'kilocode.kilo-code', 'settings', 'mcp_settings.json'),
    ...['.kilocode', '.kilo'].map((d) => path.join(cwd, d, 'mcp.json')),
  ];
  const names: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      continue;
    }
    names.push(...keysOf((doc as { mcpServers?: unknown } | null)?.mcpServers));
  }
  return names;
}

const MODULES = [
  { folders: ['plugin', 'plugins'], file: /\.(?:js|ts)$/ },
  { folders: ['tool', 'tools'], file: /\.(?:js|ts)$/ },
];

/**
 * What Kilo would import and run from this tree or home although the driver asks it not to: each
 * plugin or tool module of a configuration folder, and each configuration file with a `plugin`
 * entry. Empty: safe to start.
 */
export function kiloModules(folders: readonly string[], configs: readonly OpencodeConfig[]): string[] {
  const found: string[] = [];
  for (const folder of folders)
    for (const kind of MODULES)
      for (const sub of kind.folders) {
        let names: string[];
        try {
          names = fs.readdirSync(path.join(folder, sub));
        } catch {
          continue;
        }
        for (const name of names.sort()) if (kind.file.test(name)) found.push(path.join(folder, sub, name));
      }
  for (const { file, doc } of configs) {
    const plugin = doc.plugin;
    if (plugin !== undefined && !(Array.isArray(plugin) && plugin.length === 0)) found.push(`${file} (plugin)`);
  }
  return found;
}

/** The configuration the driver lays over every other layer (KILO_CONFIG_CONTENT). */
export function kiloOracleConfig(port: number, mcpNames: readonly string[]): string {
  const mcp: Record<string, { enabled: false }> = {};
  for (const name of mcpNames) mcp[name] = { enabled: false };
  return JSON.stringify({
    $schema: 'https://app.kilo.ai/config.json',
    provider: { openai: { options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'oracle' } } },
    model: 'openai/gpt-4o',
    small_model: 'openai/gpt-4o',
    // Kilo's own gateway provider fetches its models from its servers at start.
    enabled_providers: ['openai'],
    disabled_providers: ['kilo'],
    autoupdate: false,
    share: 'disabled',
    lsp: false,
    formatter: false,
    // No git snapshots of the working tree (a one-shot run undoes nothing).
    snapshot: false,
    mcp,
  });
}

/** The environment Kilo is started with, beside KILO_CONFIG_CONTENT. */
function baseEnv(home: string): Record<string, string> {
  return {
    HOME: home,
    KILO_PURE: '1',
    KILO_DISABLE_DEFAULT_PLUGINS: '1',
    KILO_DISABLE_AUTOUPDATE: '1',
    KILO_DISABLE_MODELS_FETCH: '1',
    KILO_DISABLE_LSP_DOWNLOAD: '1',
    KILO_DISABLE_SHARE: '1',
    KILO_DISABLE_SESSION_INGEST: '1',
    KILO_DISABLE_PRESENCE: '1',
    KILO_DISABLE_CODEBASE_INDEXING: '1',
    KILO_DISABLE_SKILL_SHELL: '1',
    KILO_TELEMETRY_LEVEL: 'off',
    KILO_NO_DAEMON: '1',
    // Its session database in memory: a fresh home would otherwise be migrated on disk at every start (slow).
    KILO_DB: ':memory:',
    // Neither its web interface nor a file watcher: a one-shot run needs neither.
    KILO_DISABLE_EMBEDDED_WEB_UI: '1',
    KILO_EXPERIMENTAL_DISABLE_FILEWATCHER: '1',
  };
}

const KILO_PACKAGE = '@kilocode/plugin';

/** The folder of the run's state Kilo is started in: Bun reads `bunfig.toml` and `.env` files from its process folder. */
export const KILO_PROCESS_FOLDER = 'process';

export const KILO_DRIVER: AgentDriver = {
  name: 'kilo',
  profile: 'kilo',
  protocol: 'openai-responses',
  // A start takes 20-40 s on an idle machine (a 170 MB executable, its database, its server), over
  // 90 s on a loaded one: seen in runs, where 90 s stopped half the cases before their first request.
  timeoutMs: 240_000,
  knownLookups: {
    'registry.npmjs.org':
      'Kilo installs its plugin package into its configuration folders at start, with no switch to stop it; nothing is installed',
  },
  stateFiles: () => ({
    [`${KILO_PROCESS_FOLDER}/bunfig.toml`]:
      '# Kilo is started here, outside the repository: Bun reads no bunfig.toml or .env of the repository.\n',
  }),
  launch: ({ executable, cwd, top, home, state, port, prompt, env: caller }) => {
    const env = baseEnv(home);
    const configs = readKiloConfigs(cwd, top, home, env, caller);
    const folders = kiloFolders(cwd, top, home, configDirVar(caller, cwd));
    const modules = kiloModules(folders, configs);
    if (modules.length > 0)
      throw new DriverRefusal(
        `Kilo ${KILO_RELEASE} would import and run ${modules.length === 1 ? 'this module' : 'these modules'} even with --pure: ${modules.join(', ')}; not starting it`,
      );
    for (const folder of folders) {
      const problem = packageProblem(folder, KILO_PACKAGE);
      if (problem) throw new DriverRefusal(`Kilo ${KILO_RELEASE} installs packages into ${folder} at start: ${problem}; not starting it`);
    }
    const names = [...new Set([...configs.flatMap(({ doc }) => keysOf(doc.mcp)), ...legacyMcpNames(cwd, home)])];
    const processFolder = path.join(state, KILO_PROCESS_FOLDER);
    return {
      command: executable,
      args: ['run', '--pure', '--dir', cwd, '-m', 'openai/gpt-4o', prompt],
      // Not the repository: Bun would read its bunfig.toml and .env files (the repository is --dir).
      cwd: processFolder,
      env: { ...env, PWD: processFolder, KILO_CONFIG_CONTENT: kiloOracleConfig(port, names) },
    };
  },
  profileEnv: () => ({}),
  // Lines of the request that differ between any two runs whatever the files: the session's id (prompt_cache_key).
  residue: [{ kind: 'session id', pattern: /^ses_[0-9A-Za-z]+$/ }],
  toolCall: (file) => ({ name: 'read', input: { filePath: file } }),
  // The session's requests carry the <env> block; the title request does not.
  isMain: (_request, body) => {
    const input = (body as { input?: unknown } | undefined)?.input;
    return JSON.stringify(input ?? '').includes('<env>');
  },
  extract,
};
