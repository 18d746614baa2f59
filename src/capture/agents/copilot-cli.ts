/**
 * GitHub Copilot CLI (`copilot`), checked against 1.0.102 by its own listing, files only.
 *
 * A prompt needs a GitHub login, so the oracle does not send one: it runs
 * `copilot instruction list --json`, which needs no login and prints the instruction sources a
 * session would load (the same discovery a session calls, `instructionsDiscover` in the bundle's
 * cli-main.js) as a JSON array of `{ id, label, location, type, sourcePath, defaultDisabled,
 * applyTo? }`, `location` one of repository, working-directory, user, plugin. The extractor
 * turns `sourcePath` (relative to the repository root, or absolute for the user's files) into
 * absolute paths, in the listed order. The text is not compared (`compares: 'files'`).
 *
 * Launch: offline (`COPILOT_OFFLINE`: no login, no network use), no auto-update, no keychain, no
 * login-shell environment probe, no telemetry; the endpoint is named as the provider all the same
 * (`COPILOT_PROVIDER_BASE_URL`), so anything the command might send goes to 127.0.0.1 only.
 * The listing runs no hook, MCP server or plugin (it starts no session); the hostile case checks it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { messagesOf, type AgentDriver, type ExtractInput, type Extracted } from './types';

/** One instruction source of `copilot instruction list --json`. */
export interface ListedSource {
  id: string;
  label: string;
  location: string;
  type: string;
  sourcePath: string;
  defaultDisabled: boolean;
  applyTo?: unknown;
}

/** The sources of `copilot instruction list --json` output, or a reason it does not parse. */
export function parseListing(stdout: string): ListedSource[] | string {
  const text = stdout.trim();
  if (text === 'No instruction sources found.') return [];
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return `the listing is not JSON: ${JSON.stringify(text.slice(0, 200))}`;
  }
  if (!Array.isArray(doc)) return 'the listing is not a JSON array';
  const out: ListedSource[] = [];
  for (const item of doc as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null || typeof item.sourcePath !== 'string' || typeof item.location !== 'string')
      return `a listed source has no sourcePath or location: ${JSON.stringify(item)}`;
    out.push(item as unknown as ListedSource);
  }
  return out;
}

/** The repository root the listing's relative paths start from: the nearest folder with `.git` above `cwd`, else `cwd`. */
export function repositoryRoot(cwd: string): string {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return cwd;
  }
}

/**
 * The file a listed path names. The listing names a root file by its canonical spelling
 * (`AGENTS.md` for an `agents.md` on disk), so a path that does not exist is looked up in its
 * folder without regard to case.
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

/** The user folder the session reads from: `--config-dir` in the run's state, with links to the home's instruction files. */
function linkUserInstructions(home: string, config: string): void {
  fs.mkdirSync(config, { recursive: true });
  for (const name of ['copilot-instructions.md', 'instructions']) {
    const target = path.join(home, '.copilot', name);
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
const BLOCK = /<custom_instruction>\n([\s\S]*?)\n<\/custom_instruction>/g;
const ROW = /^\| .* \| '([^']+)' \| .*\|$/gm;

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

function extractPrompt(input: ExtractInput): Extracted {
  const request = input.requests.find((r) => r.main && r.protocol === 'openai-chat');
  if (!request) return { files: [], parts: [], problems: ['no chat completions request was recorded'] };
  const system = messagesOf(request).find((m) => m.role === 'system');
  if (typeof system?.content !== 'string') return { files: [], parts: [], problems: ['the request has no system message'] };
  const text = instructionText(system.content);
  if (text === null) return { files: [], parts: [], problems: ['the system message has no tools section followed by notifications'] };
  const root = repositoryRoot(input.cwd);
  const used = new Set<string>();
  const byText = (t: string): string | undefined => {
    for (const [file, bytes] of input.files) if (!used.has(file) && decoded(bytes) === t) return file;
    return undefined;
  };
  const found: { at: number; file: string }[] = [];
  for (const m of text.matchAll(BLOCK)) {
    const file = byText(m[1]);
    if (file) {
      used.add(file);
      found.push({ at: m.index, file });
    }
  }
  for (const m of text.matchAll(ROW)) {
    const named = m[1];
    found.push({ at: m.index, file: onDisk(path.isAbsolute(named) ? named : path.resolve(root, named)) });
  }
  // Rule files are sent bare: each found by its text outside the blocks.
  const outside = text.replace(BLOCK, (b) => ' '.repeat(b.length));
  for (const [file, bytes] of input.files) {
    if (used.has(file) || !/(\.instructions\.md|\/\.claude\/rules\/.*\.md)$/.test(file)) continue;
    const t = decoded(bytes);
    const at = t === '' ? -1 : outside.indexOf(t);
    if (at >= 0) {
      used.add(file);
      found.push({ at, file });
    }
  }
  found.sort((x, y) => x.at - y.at);
  const parts = text === '' ? [] : [{ place: 'system-prompt', text }];
  return { files: found.map((f) => f.file), parts, problems: [] };
}

export const COPILOT_CLI_DRIVER: AgentDriver = {
  name: 'copilot-cli',
  profile: 'copilot-cli',
  protocol: 'openai-chat',
  homeFiles: ['.copilot/copilot-instructions.md', '.copilot/instructions', '.copilot/config.json', '.copilot/settings.json'],
  stateFiles: () => ({ 'config/settings.json': JSON.stringify({ disableAllHooks: true }) + '\n' }),
  launch: ({ executable, cwd, home, state, port, prompt, files }) => {
    const config = path.join(state, 'config');
    linkUserInstructions(home, config);
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
  extract: extractPrompt,
};
