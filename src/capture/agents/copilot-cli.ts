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
import type { AgentDriver, ExtractInput, Extracted } from './types';

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

/**
 * The files one listed source stands for. A relative path is from the repository root, except a
 * working-directory rule file (`vscode`), which is from the working directory; one source may
 * name several paths joined by ` + ` (a link and its target: one file, taken under the first). The `nested-agents` source names
 * no path: it stands for the AGENTS.md of each COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder, which the
 * extractor takes in the variable's order (the listing shows one entry for all of them).
 */
function filesOf(source: ListedSource, input: ExtractInput, root: string): string[] {
  if (source.type === 'nested-agents')
    return customInstructionDirs(input.env?.COPILOT_CUSTOM_INSTRUCTIONS_DIRS, input.cwd)
      .map((d) => path.join(d, 'AGENTS.md'))
      .filter((f) => fs.existsSync(f));
  const base = source.location === 'working-directory' && source.type === 'vscode' ? input.cwd : root;
  // Names joined by ` + ` are one file reached by several (a link and its target): read once, under the first.
  const [first] = source.sourcePath.split(' + ');
  return [onDisk(path.isAbsolute(first) ? first : path.resolve(base, first))];
}

function extract(input: ExtractInput): Extracted {
  const listed = parseListing(input.stdout ?? '');
  if (typeof listed === 'string') return { files: [], parts: [], problems: [listed] };
  const root = repositoryRoot(input.cwd);
  return { files: listed.flatMap((s) => filesOf(s, input, root)), parts: [], problems: [] };
}

export const COPILOT_CLI_DRIVER: AgentDriver = {
  name: 'copilot-cli',
  profile: 'copilot-cli',
  protocol: 'openai-chat',
  compares: 'files',
  ends: 'exit',
  homeFiles: ['.copilot/copilot-instructions.md', '.copilot/instructions', '.copilot/config.json', '.copilot/settings.json'],
  launch: ({ executable, cwd, home, state, port }) => ({
    command: executable,
    args: ['instruction', 'list', '--json'],
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
    },
  }),
  profileEnv: () => ({}),
  extract,
};
