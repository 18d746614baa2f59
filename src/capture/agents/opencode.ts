/**
 * opencode (`opencode run`), checked against 1.18.33 (the native build of the platform package,
 * `opencode-linux-x64` / `opencode-linux-arm64`: a Bun executable that needs no Node).
 *
 * Launch: the endpoint is the `openai` provider of a configuration given in
 * `OPENCODE_CONFIG_CONTENT` (the last configuration layer opencode merges, above the global and
 * the project's `opencode.json`), so the case's own configuration files stay as they are and the
 * profile reads them unchanged. Setting that variable also keeps opencode from writing a global
 * `opencode.json` into the home. `--pure` loads no external plugin (npm specs and the files of a
 * `.opencode/plugins` folder, it says, but 1.18.33 still imports them: see below); the same configuration turns language servers and formatters off
 * (`lsp: false`, `formatter: false`) and every MCP server any configuration file of the tree or the
 * home names (`mcp.<name>.enabled: false`); updates, the models catalogue and sharing are off.
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
import { decodeLossy, parseConfigText } from '../../resolver';
import type { RecordedRequest } from '../endpoint';
import type { AgentDriver, ExtractInput, Extracted, ExtractedPart } from './types';
import { bodyOf, mainRequests } from './types';

const ENV_END = '</env>\n';
const BLOCK = 'Instructions from: ';
const REMINDER_OPEN = '<system-reminder>\n';
const REMINDER_CLOSE = '\n</system-reminder>';

/** The file names opencode reads its configuration from (global, project, `.opencode`). */
const CONFIG_FILE = /(?:^|\/)(?:opencode\.jsonc?|config\.json)$/;

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
  return { files, parts, problems };
}

/**
 * `{ <name>: { enabled: false } }` for every MCP server any opencode configuration file of the
 * tree or the home names (opencode starts a configured local server at session start). A file
 * that does not parse is left to opencode, which then refuses to start.
 */
export function mcpOff(files: ReadonlyMap<string, Uint8Array>): Record<string, { enabled: false }> {
  const off: Record<string, { enabled: false }> = {};
  for (const [file, bytes] of files) {
    if (!CONFIG_FILE.test(file)) continue;
    const read = parseConfigText(decodeLossy(bytes).text, file, 'jsonc');
    if (read.status !== 'read') continue;
    const servers = read.doc.mcp;
    if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) continue;
    for (const name of Object.keys(servers)) off[name] = { enabled: false };
  }
  return off;
}

/** The folders opencode takes plugin and tool modules from, below one configuration folder. */
const MODULE_FOLDERS = ['plugin', 'plugins', 'tool', 'tools'];
const MODULE_FILE = /\.(?:js|ts)$/;

/**
 * What opencode would import and run from this tree or home although the driver asks it not to:
 * each plugin or tool module (any entry ending .js or .ts, links included) of a `.opencode` folder
 * from the working directory up, of `~/.opencode` and of the global configuration folder, and
 * each configuration file with a `plugin` entry. Empty: safe to start.
 */
export function opencodeModules(cwd: string, home: string, files: ReadonlyMap<string, Uint8Array>): string[] {
  const found: string[] = [];
  const folders = [path.join(home, '.opencode'), path.join(home, '.config', 'opencode')];
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    folders.push(path.join(dir, '.opencode'));
    if (path.dirname(dir) === dir) break;
  }
  for (const folder of folders)
    for (const sub of MODULE_FOLDERS) {
      let names: string[];
      try {
        names = fs.readdirSync(path.join(folder, sub));
      } catch {
        continue;
      }
      for (const name of names) if (MODULE_FILE.test(name)) found.push(path.join(folder, sub, name));
    }
  for (const [file, bytes] of files) {
    if (!CONFIG_FILE.test(file)) continue;
    const read = parseConfigText(decodeLossy(bytes).text, file, 'jsonc');
    if (read.status !== 'read') continue;
    const plugin = read.doc.plugin;
    if (plugin !== undefined && !(Array.isArray(plugin) && plugin.length === 0)) found.push(`${file} (plugin)`);
  }
  return found;
}

/** The configuration the driver lays over every other layer (OPENCODE_CONFIG_CONTENT). */
export function oracleConfig(port: number, files: ReadonlyMap<string, Uint8Array>): string {
  return JSON.stringify({
    $schema: 'https://opencode.ai/config.json',
    provider: { openai: { options: { baseURL: `http://127.0.0.1:${port}/v1`, apiKey: 'oracle' } } },
    model: 'openai/gpt-4o',
    autoupdate: false,
    share: 'disabled',
    lsp: false,
    formatter: false,
    mcp: mcpOff(files),
  });
}

export const OPENCODE_DRIVER: AgentDriver = {
  name: 'opencode',
  profile: 'opencode',
  protocol: 'openai-responses',
  knownLookups: {
    'registry.npmjs.org':
      'opencode installs its plugin package into its configuration folders at every start, with no switch to stop it; nothing is installed',
  },
  // The global instruction files and the configuration that can name more (instructions).
  homeFiles: [
    '.config/opencode/AGENTS.md',
    '.config/opencode/config.json',
    '.config/opencode/opencode.json',
    '.config/opencode/opencode.jsonc',
    '.claude/CLAUDE.md',
  ],
  launch: ({ executable, cwd, home, port, prompt, files }) => {
    const modules = opencodeModules(cwd, home, files);
    if (modules.length > 0)
      throw new Error(
        `opencode 1.18.33 would import and run ${modules.length === 1 ? 'this module' : 'these modules'} even with --pure: ${modules.join(', ')}; not starting it`,
      );
    return {
      command: executable,
      args: ['run', '--pure', prompt],
      env: {
        HOME: home,
        PWD: cwd,
        OPENCODE_CONFIG_CONTENT: oracleConfig(port, files),
        OPENCODE_PURE: '1',
        OPENCODE_DISABLE_AUTOUPDATE: '1',
        OPENCODE_DISABLE_MODELS_FETCH: '1',
        OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
        OPENCODE_DISABLE_SHARE: '1',
      },
    };
  },
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'read', input: { filePath: file } }),
  // The session's requests carry the <env> block; the title request does not.
  isMain: (_request, body) => {
    const input = (body as { input?: unknown } | undefined)?.input;
    return JSON.stringify(input ?? '').includes('<env>');
  },
  extract,
};
