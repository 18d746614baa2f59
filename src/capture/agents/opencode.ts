/**
 * opencode (`opencode run`), checked against 1.18.33 (the native build of the platform package,
 * `opencode-linux-x64` / `opencode-linux-arm64`: a Bun executable that needs no Node).
 *
 * Launch: the endpoint is the `openai` provider of a configuration given in
 * `OPENCODE_CONFIG_CONTENT` (the last configuration layer opencode merges, above the global and
 * the project's `opencode.json`), so the case's own configuration files stay as they are and the
 * profile reads them unchanged. Setting that variable also keeps opencode from writing a global
 * `opencode.json` into the home. `--pure` loads no external plugin (npm specs and the files of a
 * `.opencode/plugins` folder, it says, but 1.18.33 still imports them: see below); the same
 * configuration turns language servers and formatters off (`lsp: false`, `formatter: false`) and
 * every MCP server a configuration file opencode reads names (`mcp.<name>.enabled: false`);
 * updates, the models catalogue and sharing are off.
 *
 * Which files: the driver reads them from disk as 1.18.33 does (Config.loadInstanceState,
 * ConfigPaths): the global folder (`~/.config/opencode`), `opencode.json(c)` of each folder from
 * the working directory up to the top, the `.opencode` folder of each of those and of the home;
 * through links, whatever their size, after opencode's `{env:…}`/`{file:…}` substitution. A file
 * it cannot read as opencode does is refused (readOpencodeConfigs), as is a linked one whose
 * target is outside the top and the home: opencode writes `$schema` into a file that lacks it,
 * through the link. opencode also installs its plugin package into each of those folders at
 * start (npm's installer, scripts off, the folder's `.npmrc` read): a folder whose install could
 * fetch anything else is refused (packageProblem).
 *
 * What it runs regardless: the hostile tree showed 1.18.33 importing, under `--pure`, the plugin
 * modules of a `.opencode/plugin(s)` folder, the custom tools of `.opencode/tool(s)` and a
 * `file://` plugin named in a configuration file. Only OPENCODE_DISABLE_PROJECT_CONFIG stops that,
 * and it also stops the project's instruction files, so the driver refuses to start opencode
 * where any such module or `plugin` entry exists (opencodeModules): nothing is run rather than
 * something of the repository's.
 *
 * What it sends: `POST /v1/responses` (the `openai` provider speaks the Responses API), a title
 * request first (to a small model, no `<env>`: not counted), then the session's request. Its
 * system message holds the `<env>` block, then each instruction file as `Instructions from:
 * <absolute path>` + newline + the file's text, joined by newlines. Files found when the read tool
 * touches a path come at the end of its output, in a `<system-reminder>` holding the same blocks
 * joined by blank lines. A block's end is known from the file's own text, read back from the
 * sandbox, so a file whose text holds such a line is still split right.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeLossy, parseConfigText, profileCard } from '../../resolver';
import type { RecordedRequest } from '../endpoint';
import type { AgentDriver, ExtractInput, Extracted, ExtractedListing, ExtractedPart } from './types';
import { DriverRefusal, bodyOf, mainRequests } from './types';
import { isUnder, realOrSelf, walkStop } from '../paths';

/** The release the profile was verified against (its card), named in a refusal. */
const OPENCODE_RELEASE = profileCard('opencode')?.signs?.release ?? 'opencode';

const ENV_END = '</env>\n';
const BLOCK = 'Instructions from: ';
const REMINDER_OPEN = '<system-reminder>\n';
const REMINDER_CLOSE = '\n</system-reminder>';

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

/** The texts a file may have been sent as: decoded, with and without a leading BOM. */
function textsOf(path: string, files: ReadonlyMap<string, Uint8Array>): string[] {
  let bytes = files.get(path);
  if (!bytes) {
    try {
      bytes = files.get(fs.realpathSync(path));
    } catch {
      bytes = undefined;
    }
  }
  if (!bytes) return [];
  const text = decodeLossy(bytes).text;
  return text.startsWith('\ufeff') ? [text, text.slice(1)] : [text];
}

/**
 * The `Instructions from:` blocks of `text` from `at`, joined by `separator`: each block's path,
 * and where the last one ends. A block's text is the file's own (so a file holding a line that
 * looks like a heading is read right); when it is not, the block runs to the next heading.
 */
export function parseBlocks(
  text: string,
  at: number,
  separator: string,
  files: ReadonlyMap<string, Uint8Array>,
  problems: string[],
): { files: string[]; end: number } {
  const found: string[] = [];
  let pos = at;
  let end = at;
  while (text.startsWith(BLOCK, pos)) {
    const line = text.indexOf('\n', pos);
    if (line < 0) break;
    const path = text.slice(pos + BLOCK.length, line);
    found.push(path);
    const body = line + 1;
    const own = textsOf(path, files).find((t) => t !== '' && text.startsWith(t, body));
    if (own !== undefined) end = body + own.length;
    else {
      problems.push(`the text sent for ${path} is not that file's text`);
      const next = text.indexOf(separator + BLOCK, body);
      end = next < 0 ? text.length : next;
    }
    if (!text.startsWith(separator + BLOCK, end)) break;
    pos = end + separator.length;
  }
  return { files: found, end };
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['opencode sent no model request'] };
  const problems: string[] = [];
  const parts: ExtractedPart[] = [];
  const files: string[] = [];
  const system = systemText(requests[0]);
  if (system === undefined) problems.push('the first request has no system message');
  else {
    const env = system.indexOf(ENV_END);
    if (env < 0) problems.push('the system message has no <env> block');
    else {
      const start = env + ENV_END.length;
      const got = parseBlocks(system, start, '\n', input.files, problems);
      if (got.files.length > 0) {
        parts.push({ place: 'system-prompt', text: system.slice(start, got.end) });
        files.push(...got.files);
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
      const got = parseBlocks(output, open + REMINDER_OPEN.length, '\n\n', input.files, problems);
      if (!output.startsWith(REMINDER_CLOSE, got.end)) problems.push('the read tool’s reminder does not end after its last file');
      parts.push({ place: 'tool-result', text: output.slice(open, got.end + REMINDER_CLOSE.length) });
      files.push(...got.files);
    }
  }
  return { files, parts, problems, listings: system === undefined ? [] : listingsOf(system, requests[0]) };
}

/**
 * opencode's built-in entries, told apart from the repository's and the home's: the built-in skill
 * by its location (`<built-in>`, no file), the built-in subagents by their exact line (a repository
 * agent of the same name with a description of its own gives another line, and is the
 * repository's entry).
 */
const BUILTIN_LOCATION = '&lt;built-in&gt;';
const BUILTIN_SKILL_NAME = 'customize-opencode';
export const OPENCODE_BUILTIN_AGENT_LINES: readonly string[] = [
  '- explore: Fast agent specialized for exploring codebases. Use this when you need to quickly find files by patterns (eg. "src/components/**/*.tsx"), search code for keywords (eg. "API endpoints"), or answer questions about the codebase (eg. "how do API endpoints work?"). When calling this agent, specify the desired thoroughness level: "quick" for basic searches, "medium" for moderate exploration, or "very thorough" for comprehensive analysis across multiple locations and naming conventions.',
  '- general: General-purpose agent for researching complex questions and executing multi-step tasks. Use this agent to execute multiple units of work in parallel.',
];

const SKILLS_OPEN = '<available_skills>\n';
const SKILLS_CLOSE = '\n</available_skills>';
const SKILL_ENTRY =
  / {2}<skill>\n {4}<name>([^\n]*?)<\/name>\n {4}<description>[\s\S]*?<\/description>\n {4}<location>([^\n]*?)<\/location>\n {2}<\/skill>/g;
const AGENTS_HEADER = 'Available agent types and the tools they have access to:\n';
/** An agent entry starts a line with `- <name>: ` (a description may run over several lines). */
const AGENT_START = /^- ([^\n:]+): /gm;

/** The skill entries of the system prompt and the subagent entries of the task tool, repository and home ones only, in order. */
function listingsOf(system: string, request: RecordedRequest): ExtractedListing[] {
  const out: ExtractedListing[] = [];
  const open = system.indexOf(SKILLS_OPEN);
  if (open >= 0) {
    const close = system.indexOf(SKILLS_CLOSE, open);
    const block = system.slice(open + SKILLS_OPEN.length, close < 0 ? system.length : close);
    for (const m of block.matchAll(SKILL_ENTRY))
      if (m[2] !== BUILTIN_LOCATION) out.push({ kind: 'skill', name: m[1], place: 'system-prompt', text: m[0] });
  }
  const tools = (bodyOf(request) as { tools?: unknown } | undefined)?.tools;
  const task = Array.isArray(tools) ? (tools as { name?: unknown; description?: unknown }[]).find((t) => t?.name === 'task') : undefined;
  const description = typeof task?.description === 'string' ? task.description : '';
  const at = description.indexOf(AGENTS_HEADER);
  if (at >= 0) {
    const list = description.slice(at + AGENTS_HEADER.length);
    const starts = [...list.matchAll(AGENT_START)];
    starts.forEach((m, i) => {
      const text = list.slice(m.index, i + 1 < starts.length ? starts[i + 1].index - 1 : list.length);
      if (!OPENCODE_BUILTIN_AGENT_LINES.includes(text)) out.push({ kind: 'agent', name: m[1], place: 'tool-description', text });
    });
  }
  return out;
}

/** The keys of an object, or [] when it is none. */
function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
}

/** A configuration file opencode 1.18.33 reads, as the driver read it from disk. */
export interface OpencodeConfig {
  /** The path opencode opens (links not resolved). */
  readonly file: string;
  /** The parsed document, after opencode's own `{env:…}` and `{file:…}` substitution. */
  readonly doc: Record<string, unknown>;
}

/**
 * The folders from `cwd` up to `top`, nearest first, both as given and with links resolved
 * (opencode walks from its own working directory, which the kernel gives with links resolved).
 * A cwd outside `top` is walked alone.
 */
export function foldersUp(cwd: string, top: string): string[] {
  const out: string[] = [];
  for (const [start, stop] of [
    [path.resolve(cwd), walkStop(path.resolve(cwd), path.resolve(top))],
    [realOrSelf(cwd), walkStop(realOrSelf(cwd), realOrSelf(top))],
  ]) {
    if (!isUnder(start, stop)) {
      if (!out.includes(start)) out.push(start);
      continue;
    }
    for (let dir = start; ; dir = path.dirname(dir)) {
      if (!out.includes(dir)) out.push(dir);
      if (dir === stop || path.dirname(dir) === dir) break;
    }
  }
  return out;
}

/** The folders opencode 1.18.33 takes configuration, plugins, tools and packages from (ConfigPaths.directories). */
export function opencodeFolders(cwd: string, top: string, home: string): string[] {
  return [
    path.join(home, '.config', 'opencode'),
    ...foldersUp(cwd, top).map((d) => path.join(d, '.opencode')),
    path.join(home, '.opencode'),
  ];
}

/**
 * Every configuration file opencode 1.18.33 reads (Config.loadInstanceState): the global
 * `config.json`, `opencode.json`, `opencode.jsonc` (and a TOML `config` it converts), each
 * `opencode.json(c)` from the working directory up to the worktree, and each `opencode.json(c)`
 * of a `.opencode` folder there and in the home. Paths that exist (links followed), in no order
 * that matters here.
 */
export function opencodeConfigFiles(cwd: string, top: string, home: string): string[] {
  const global = path.join(home, '.config', 'opencode');
  const candidates = [
    ...['config.json', 'opencode.json', 'opencode.jsonc', 'config'].map((n) => path.join(global, n)),
    ...foldersUp(cwd, top).flatMap((d) => ['opencode.jsonc', 'opencode.json'].map((n) => path.join(d, n))),
    ...opencodeFolders(cwd, top, home)
      .slice(1)
      .flatMap((d) => ['opencode.json', 'opencode.jsonc'].map((n) => path.join(d, n))),
  ];
  return [...new Set(candidates)].filter((f) => fs.existsSync(f));
}

/**
 * opencode's substitution (ConfigVariable.substitute) before it parses a file: `{env:NAME}` by
 * the variable's value as is, then `{file:path}` (relative to the file's folder, `~/` the home)
 * by that file's trimmed text as a JSON string's inside, except on a line that starts with `//`.
 */
export function substitute(text: string, file: string, home: string, env: (name: string) => string): string {
  const withEnv = text.replace(/\{env:([^}]+)\}/g, (_m, name: string) => env(name));
  let out = '';
  let at = 0;
  for (const m of withEnv.matchAll(/\{file:[^}]+\}/g)) {
    const index = m.index ?? 0;
    out += withEnv.slice(at, index);
    at = index + m[0].length;
    const lineStart = withEnv.lastIndexOf('\n', index - 1) + 1;
    if (withEnv.slice(lineStart, index).trimStart().startsWith('//')) {
      out += m[0];
      continue;
    }
    let target = m[0].slice('{file:'.length, -1);
    if (target.startsWith('~/')) target = path.join(home, target.slice(2));
    target = path.resolve(path.dirname(file), target);
    let read: string;
    try {
      read = fs.readFileSync(target, 'utf8');
    } catch {
      throw new DriverRefusal(`${file} names ${m[0]}, which opencode cannot read (it would refuse to start); not starting it`);
    }
    out += JSON.stringify(read.trim()).slice(1, -1);
  }
  return out + withEnv.slice(at);
}

/**
 * Reads every configuration file opencode reads (opencodeConfigFiles) the way opencode does,
 * whatever its size, through links, and refuses the run (DriverRefusal) on one it cannot read
 * the same: not JSON with comments, nested deeper than the resolver parses (64 levels; opencode
 * has no such cap), a link whose target is outside the repository's top and the home (opencode
 * writes `$schema` into a file that lacks it, through the link), a TOML global `config` (which
 * opencode rewrites into `config.json`), or an MCP server name that depends on a variable the
 * driver does not set.
 */
export function readOpencodeConfigs(cwd: string, top: string, home: string, env: Readonly<Record<string, string>>): OpencodeConfig[] {
  const out: OpencodeConfig[] = [];
  const topReal = realOrSelf(top);
  const homeReal = realOrSelf(home);
  for (const file of opencodeConfigFiles(cwd, top, home)) {
    const real = realOrSelf(file);
    if (!fs.statSync(real).isFile())
      throw new DriverRefusal(`${file} is not a regular file; opencode cannot read it as configuration; not starting it`);
    if (real !== file && !isUnder(real, topReal) && !isUnder(real, homeReal))
      throw new DriverRefusal(
        `${file} is a link to ${real}, outside the repository: opencode writes into the configuration files it reads ($schema); not starting it`,
      );
    if (path.basename(file) === 'config')
      throw new DriverRefusal(`${file} is a TOML configuration opencode converts into config.json and deletes; not starting it`);
    const raw = fs.readFileSync(real, 'utf8');
    const known = (fill: string) => (name: string) => (name === 'OPENCODE_CONFIG_CONTENT' ? '\u0000' : (env[name] ?? fill));
    const text = substitute(raw, file, home, known(''));
    if (text.includes('\u0000'))
      throw new DriverRefusal(`${file} names {env:OPENCODE_CONFIG_CONTENT}, the driver's own configuration; not starting it`);
    const read = parseConfigText(text, file, 'jsonc');
    if (read.status !== 'read')
      throw new DriverRefusal(
        `opencode's configuration ${file} cannot be read as opencode reads it (${read.problem.message}); not starting it`,
      );
    // A variable the driver does not set is empty here but not in the sandbox: it must not name a server.
    const other = parseConfigText(substitute(raw, file, home, known('x')), file, 'jsonc');
    if (other.status !== 'read' || keysOf(other.doc.mcp).join('\n') !== keysOf(read.doc.mcp).join('\n'))
      throw new DriverRefusal(`${file} names an MCP server by a variable the driver does not set; not starting it`);
    out.push({ file, doc: read.doc });
  }
  return out;
}

/** `{ <name>: { enabled: false } }` for every MCP server the configuration files name (opencode starts a configured local server at session start). */
export function mcpOff(configs: readonly OpencodeConfig[]): Record<string, { enabled: false }> {
  const off: Record<string, { enabled: false }> = {};
  for (const { doc } of configs) for (const name of keysOf(doc.mcp)) off[name] = { enabled: false };
  return off;
}

/** The folders opencode takes plugin and tool modules from, below one configuration folder. */
const MODULE_FOLDERS = ['plugin', 'plugins', 'tool', 'tools'];
const MODULE_FILE = /\.(?:js|ts)$/;

/**
 * What opencode would import and run from this tree or home although the driver asks it not to:
 * each plugin or tool module (any entry ending .js or .ts, links included: opencode's globs
 * follow them) of a `.opencode` folder from the working directory up to the top, of
 * `~/.opencode` and of the global configuration folder, and each configuration file with a
 * `plugin` entry. Empty: safe to start.
 */
export function opencodeModules(cwd: string, top: string, home: string, configs: readonly OpencodeConfig[]): string[] {
  const found: string[] = [];
  for (const folder of opencodeFolders(cwd, top, home))
    for (const sub of MODULE_FOLDERS) {
      let names: string[];
      try {
        names = fs.readdirSync(path.join(folder, sub));
      } catch {
        continue;
      }
      for (const name of names.sort()) if (MODULE_FILE.test(name)) found.push(path.join(folder, sub, name));
    }
  for (const { file, doc } of configs) {
    const plugin = doc.plugin;
    if (plugin !== undefined && !(Array.isArray(plugin) && plugin.length === 0)) found.push(`${file} (plugin)`);
  }
  return found;
}

/** The package opencode installs into each of its folders, and the dependency specs it may take from a registry. */
const OPENCODE_PACKAGE = '@opencode-ai/plugin';
const REGISTRY_SPEC = /^(?:[~^<>=]*\s*\d[\w.+-]*|\*|latest)$/;

/**
 * Why opencode's background package install in `folder` (Npm.install: npm's own installer,
 * scripts off, the folder's `.npmrc` read) could fetch anything but its plugin package (`own`;
 * Kilo, a fork, installs its own) from the
 * registry, or null: a `.npmrc`, a dependency other than @opencode-ai/plugin, or one not given by
 * a registry version (a path, a link, a git URL, whose fetch runs the `git` an `.npmrc` names).
 */
export function packageProblem(folder: string, own: string = OPENCODE_PACKAGE): string | null {
  const npmrc = path.join(folder, '.npmrc');
  if (fs.existsSync(npmrc)) return `${npmrc} (npm settings for the package install opencode runs there)`;
  const root: [string, Record<string, unknown>][] = [];
  for (const name of ['package.json', 'package-lock.json']) {
    const file = path.join(folder, name);
    if (!fs.existsSync(file)) continue;
    const read = parseConfigText(fs.readFileSync(file, 'utf8'), file, 'jsonc');
    if (read.status !== 'read') return `${file} (does not parse)`;
    if (name === 'package.json') {
      root.push([file, read.doc]);
      if (read.doc.scripts !== undefined) return `${file} (scripts)`;
      continue;
    }
    const packages = (read.doc.packages ?? {}) as Record<string, unknown>;
    for (const [key, value] of Object.entries(packages)) {
      const entry = (value ?? {}) as Record<string, unknown>;
      if (key === '') root.push([file, entry]);
      else if (entry.link === true || (entry.resolved !== undefined && !String(entry.resolved).startsWith('https://registry.npmjs.org/')))
        return `${file} (${key} is not a registry package)`;
    }
  }
  const FIELDS = [
    'dependencies',
    'devDependencies',
    'peerDependencies',
    'optionalDependencies',
    'bundleDependencies',
    'bundledDependencies',
    'overrides',
    'workspaces',
  ];
  for (const [file, block] of root)
    for (const field of FIELDS) {
      const value = block[field];
      if (value === undefined) continue;
      const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : [['', value]];
      for (const [dep, spec] of entries)
        if (field !== 'dependencies' || dep !== own || typeof spec !== 'string' || !REGISTRY_SPEC.test(spec))
          return `${file} (${field}${dep === '' ? '' : ` ${dep}`}: opencode's package install would fetch it)`;
    }
  return null;
}

/** The configuration the driver lays over every other layer (OPENCODE_CONFIG_CONTENT). */
export function oracleConfig(port: number, configs: readonly OpencodeConfig[]): string {
  return JSON.stringify({
    $schema: 'https://opencode.ai/config.json',
    provider: { openai: { options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'oracle' } } },
    model: 'openai/gpt-4o',
    autoupdate: false,
    share: 'disabled',
    lsp: false,
    formatter: false,
    mcp: mcpOff(configs),
  });
}

/** The environment opencode is started with, beside OPENCODE_CONFIG_CONTENT. */
function baseEnv(home: string, cwd: string): Record<string, string> {
  return {
    HOME: home,
    PWD: cwd,
    OPENCODE_PURE: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
  };
}

export const OPENCODE_DRIVER: AgentDriver = {
  name: 'opencode',
  profile: 'opencode',
  protocol: 'openai-responses',
  knownLookups: {
    'registry.npmjs.org':
      'opencode installs its plugin package into its configuration folders at every start, with no switch to stop it; nothing is installed',
  },
  launch: ({ executable, cwd, top, home, port, prompt }) => {
    const env = baseEnv(home, cwd);
    const configs = readOpencodeConfigs(cwd, top, home, env);
    const modules = opencodeModules(cwd, top, home, configs);
    if (modules.length > 0)
      throw new DriverRefusal(
        `opencode ${OPENCODE_RELEASE} would import and run ${modules.length === 1 ? 'this module' : 'these modules'} even with --pure: ${modules.join(', ')}; not starting it`,
      );
    for (const folder of opencodeFolders(cwd, top, home)) {
      const problem = packageProblem(folder);
      if (problem)
        throw new DriverRefusal(`opencode ${OPENCODE_RELEASE} installs packages into ${folder} at start: ${problem}; not starting it`);
    }
    return {
      command: executable,
      args: ['run', '--pure', prompt],
      env: { ...env, OPENCODE_CONFIG_CONTENT: oracleConfig(port, configs) },
    };
  },
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'read', input: { filePath: file } }),
  // The request's session id (`ses_…`, new each run, its own string in the body): the only line
  // the two-run proof finds beside the instruction and listing texts.
  residue: [
    { kind: 'session id', pattern: /^ses_[0-9A-Za-z]{20,}$/ },
    // opencode's own entries, in a run where a repository entry of the same name replaced them.
    {
      kind: 'built-in entry',
      pattern: new RegExp(
        [
          '^ {2}</?skill>$',
          `^ {4}<name>${BUILTIN_SKILL_NAME}</name>$`,
          "^ {4}<description>Use ONLY when the user is editing or creating opencode's own configuration",
          `^ {4}<location>${BUILTIN_LOCATION}</location>$`,
          ...OPENCODE_BUILTIN_AGENT_LINES.map((l) => `^${l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        ].join('|'),
      ),
    },
  ],
  // The session's requests carry the <env> block; the title request does not.
  isMain: (_request, body) => {
    const input = (body as { input?: unknown } | undefined)?.input;
    return JSON.stringify(input ?? '').includes('<env>');
  },
  extract,
};
