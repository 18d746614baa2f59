/**
 * Cline CLI (`cline`), checked against 3.0.65 (the Bun-compiled binary of the platform package
 * `@cline/cli-<os>-<arch>`; the `cline` package is only a Node wrapper that starts it).
 *
 * Launch: a one-shot run with Cline's default tools (a prompt on the command line runs in act mode
 * with every tool approved; `--yolo` would leave only a small set of tools, and with them the
 * user's session would not be what is recorded: issue 37) with `--data-dir`
 * in the driver's state folder (Cline's "sandbox" mode: sessions, settings and logs go there, no
 * background hub is started), the provider `anthropic` named with `-P`/`-m`/`-k`, and the
 * endpoint given where Cline reads it: the `baseUrl` of that provider in a `providers.json` of the
 * driver's own (CLINE_PROVIDER_SETTINGS_PATH). The global settings (telemetry and updates off,
 * every plugin module of the tree and the home disabled by path) and the MCP settings are files of
 * the driver's too (CLINE_GLOBAL_SETTINGS_PATH, CLINE_MCP_SETTINGS_PATH; the latter never exists,
 * so no MCP server is configured), so the case's home stays as it was laid. Cline names a plugin by
 * the path it found it under, so a working directory reached through a link, with a plugin module
 * in the tree, is refused (`pluginRefusal`).
 *
 * Process folder: a Bun-compiled binary reads `bunfig.toml` (whose `preload` modules it runs) and
 * Bun's dotenv files (`.env`, `.env.local`, `.env.<NODE_ENV>`, `.env.<NODE_ENV>.local`: their
 * variables reach Cline, e.g. `CLINE_DIR`, a folder of hooks) from its process working directory,
 * and no switch of the binary stops it (`BUN_OPTIONS=--no-env-file` does not). Cline takes its
 * workspace from `--cwd`, so the driver starts it in a folder of its own state (`Launch.cwd`),
 * outside the repository, holding only an empty `bunfig.toml` of the driver's.
 *
 * Hooks: Cline 3.0.65 runs every file named after a hook event (`TaskStart`, `UserPromptSubmit.sh`
 * …) in `.clinerules/hooks`, `.cline/hooks`, `~/.cline/hooks` and `~/Documents/Cline/Hooks`, and
 * has no switch to turn them off for a one-shot run. It starts a hook with an interpreter it
 * names without a path (`bash`, `sh`, `zsh`, `python3`, `node`, `bun`, `pwsh`; a `#!/bin/sh` or
 * `#!/usr/bin/env python3` line is reduced to the bare name), so the driver gives it a PATH that
 * holds no command at all: no hook can start. A hook whose first line names any other interpreter
 * by an absolute path would still start, so the driver refuses such a tree before the run
 * (`hookRefusal`). It looks at the hooks folders on disk, as Cline does: whatever the files' size,
 * through linked folders, at the workspace Cline takes (the cwd, or the git root above it when it
 * can run git), and at a linked hook file too (Cline 3.0.65 skips those, the driver does not count
 * on it).
 *
 * What it sends: `POST /messages` (the base URL as given), streamed. The rules are the end of the
 * system prompt: `# Rules`, then per rule `## <name>` and its text, sorted by name. The extractor
 * takes that block and finds each rule's file by its text (the whole text trimmed, or the text
 * after a leading `---` block, trimmed), the heading's name deciding between files of equal text.
 * Cline loads nothing when a tool touches a file, so it gets no scripted tool call.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { decodeLossy } from '../../resolver';
import type { AgentDriver, ExtractedListing, ExtractInput, Extracted } from './types';
import { bodyOf, DriverRefusal, mainRequests } from './types';

const MODEL = 'claude-sonnet-4-6';
const RULES = '# Rules\n';
const FRONTMATTER = /^---\r?\n[\s\S]*?\r?\n---\r?\n?([\s\S]*)$/;

/** The interpreters Cline 3.0.65 starts a hook with by a bare name (resolved through PATH). */
const BARE_INTERPRETERS = new Set(['bash', 'sh', 'zsh', 'python3', 'python']);
/** The hook event names Cline 3.0.65 recognises (file names without extension, any case). */
const HOOK_EVENTS = new Set([
  'taskstart',
  'taskresume',
  'taskcancel',
  'taskcomplete',
  'taskerror',
  'pretooluse',
  'posttooluse',
  'userpromptsubmit',
  'precompact',
  'sessionshutdown',
]);
/** The driver's folder of the run's state that Cline is started in (its process working directory). */
export const PROCESS_FOLDER = 'process';
const HOOK_EXTENSIONS = new Set(['', '.sh', '.bash', '.zsh', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.py', '.ps1']);

function providers(port: number): string {
  return JSON.stringify({
    version: 1,
    lastUsedProvider: 'anthropic',
    modes: {},
    providers: {
      anthropic: {
        settings: { provider: 'anthropic', apiKey: 'oracle', model: MODEL, baseUrl: `http://127.0.0.1:${port}` },
        updatedAt: '2026-01-01T00:00:00.000Z',
        tokenSource: 'manual',
      },
    },
  });
}

/** The platform package's name for this machine, as Cline's npm wrapper names it. */
function platformPackage(): string {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  return `@cline/cli-${os}-${process.arch}`;
}

/**
 * The native binary to start for `executable`. The `cline` on PATH is usually the npm package's
 * Node wrapper (`bin/cline`), which writes a certificate bundle into the home and then starts the
 * platform package's binary: the driver starts that binary itself, found as the wrapper finds it
 * (`bin/.cline` beside the wrapper, else `node_modules/@cline/cli-<os>-<arch>/bin/cline` in a folder
 * above it). Any other file is taken to be the binary.
 */
export function nativeBinary(executable: string): string {
  const real = fs.realpathSync(executable);
  const head = Buffer.alloc(2);
  const fd = fs.openSync(real, 'r');
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') !== '#!') return real;
  const cached = path.join(path.dirname(real), '.cline');
  if (fs.existsSync(cached)) return cached;
  for (let dir = path.dirname(real); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', ...platformPackage().split('/'), 'bin', 'cline');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) break;
  }
  throw new Error(`${executable} is Cline's npm wrapper, but ${platformPackage()} (its binary) is not installed beside it`);
}

/** The hook event a file name stands for (Cline's rule: a known extension, the rest an event's name in any case), or undefined. */
export function hookEvent(name: string): string | undefined {
  const ext = path.extname(name).toLowerCase();
  if (!HOOK_EXTENSIONS.has(ext)) return undefined;
  const event = path.basename(name, path.extname(name)).trim().toLowerCase();
  return HOOK_EVENTS.has(event) ? event : undefined;
}

/**
 * The folders Cline 3.0.65 runs hooks from: `.clinerules/hooks` and `.cline/hooks` of its workspace
 * (the cwd; the git root above it when Cline can run git, which the driver's PATH does not let
 * it: both are looked at), `~/.cline/hooks` and `~/Documents/Cline/Hooks`.
 */
export function hookFolders(where: { cwd: string; top: string; home: string }): string[] {
  const roots = [...new Set([where.cwd, where.top])];
  return [
    ...roots.flatMap((r) => [path.join(r, '.clinerules', 'hooks'), path.join(r, '.cline', 'hooks')]),
    path.join(where.home, '.cline', 'hooks'),
    path.join(where.home, 'Documents', 'Cline', 'Hooks'),
  ];
}

/** The first line of a file, read from disk up to its first line break (however long), without the break. */
export function firstLine(file: string): string {
  const fd = fs.openSync(file, 'r');
  try {
    const chunks: Buffer[] = [];
    const chunk = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const eol = chunk.subarray(0, n).indexOf(0x0a);
      chunks.push(Buffer.from(chunk.subarray(0, eol < 0 ? n : eol)));
      if (eol >= 0) break;
    }
    return decodeLossy(Buffer.concat(chunks)).text.replace(/\r$/, '');
  } finally {
    fs.closeSync(fd);
  }
}

/** The interpreter a hook's first line starts by an absolute path that Cline keeps (`/usr/bin/perl`), or null. */
export function pathInterpreter(first: string): string | null {
  const line = first.replace(/^\ufeff/, '').trim();
  if (!line.startsWith('#!')) return null;
  let words = line.slice(2).trim().split(/\s+/).filter(Boolean);
  while (words.length > 0 && path.basename(words[0]) === 'env') words = words.slice(1);
  if (words.length === 0) return null;
  const [command] = words;
  if (!command.includes('/') || BARE_INTERPRETERS.has(path.basename(command).toLowerCase())) return null;
  return command;
}

/**
 * Why a tree cannot be run safely, or null: a hook file whose first line starts it with an
 * interpreter named by an absolute path that Cline keeps (`#!/usr/bin/perl`), which the driver's
 * empty PATH cannot stop. Cline drops the path of `env`, `bash`, `sh`, `zsh` and `python3`, and
 * starts every other hook by a bare name. Each hooks folder is read on disk (linked folders
 * followed), each hook file by its path, whatever its size (only its first line is read); a
 * linked hook file counts as well. A hooks folder that cannot be listed, or a hook file that
 * cannot be read, is refused too.
 */
export function hookRefusal(where: { cwd: string; top: string; home: string }): string | null {
  for (const dir of hookFolders(where)) {
    let entries: fs.Dirent[];
    try {
      if (!fs.statSync(dir).isDirectory()) continue;
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') continue;
      return `cannot read Cline's hooks folder ${dir} (${(err as Error).message}): Cline would run what it holds`;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!hookEvent(e.name) || !(e.isFile() || e.isSymbolicLink())) continue;
      const file = path.join(dir, e.name);
      let command: string | null;
      try {
        if (!fs.statSync(file).isFile()) continue;
        command = pathInterpreter(firstLine(file));
      } catch (err) {
        if (e.isSymbolicLink() && (err as NodeJS.ErrnoException).code === 'ENOENT') continue;
        return `cannot read the hook ${file} (${(err as Error).message}): Cline would run it`;
      }
      if (command !== null)
        return `cannot keep the hook ${file} from running: its first line starts ${command} by its path, and Cline has no switch for hooks`;
    }
  }
  return null;
}

/**
 * Every file Cline could load as a plugin module (a .js or .ts file anywhere in the tree or the
 * home), by its path: Cline skips a plugin whose path its global `disabledPlugins` lists.
 */
export function pluginModules(files: ReadonlyMap<string, Uint8Array>): string[] {
  return [...files.keys()].filter((f) => /\.[cm]?[jt]sx?$/.test(f)).sort();
}

/**
 * Why the plugins cannot be turned off, or null: Cline names a plugin by the path it found it
 * under, the working directory as given, and `disabledPlugins` lists the files' real paths; they
 * differ when the working directory is reached through a link.
 */
export function pluginRefusal(cwd: string, files: ReadonlyMap<string, Uint8Array>): string | null {
  if (pluginModules(files).length === 0) return null;
  let real: string;
  try {
    real = fs.realpathSync(cwd);
  } catch {
    return null;
  }
  return real === path.resolve(cwd)
    ? null
    : `cannot turn Cline's plugins off: the working directory ${cwd} is reached through a link (give its real path, ${real})`;
}

/** The rule text of a file as Cline may send it: the text after a leading `---` block, or all of it, trimmed. */
function ruleTexts(bytes: Uint8Array): string[] {
  const text = decodeLossy(bytes).text.replace(/^\ufeff/, '');
  const texts = [text.trim()];
  const m = FRONTMATTER.exec(text);
  if (m) texts.unshift(m[1].trim());
  return texts.filter((t) => t !== '');
}

/** The file name without its extension (Cline's default rule name). */
function stem(file: string): string {
  return path.basename(file, path.extname(file));
}

/**
 * The files whose rule texts make the sections of `block` (after `# Rules\n`), in order: each
 * section `## <name>\n<text>`, followed by a blank line and the next or by the end.
 */
export function splitRules(
  block: string,
  files: ReadonlyMap<string, Uint8Array>,
  where?: { cwd: string; home: string },
): { files: string[]; problems: string[] } {
  const candidates = [...files].flatMap(([file, bytes]) => ruleTexts(bytes).map((text) => ({ file, text })));
  const found: string[] = [];
  const problems: string[] = [];
  let at = 0;
  while (at < block.length) {
    if (!block.startsWith('## ', at)) {
      problems.push(`the rules block does not continue with a "## " heading at character ${at}`);
      break;
    }
    const eol = block.indexOf('\n', at);
    if (eol < 0) {
      problems.push('a rule heading has no text after it');
      break;
    }
    const name = block.slice(at + 3, eol);
    const rest = block.slice(eol + 1);
    const fits = candidates.filter(
      (c) => rest.startsWith(c.text) && (rest.length === c.text.length || rest.startsWith('\n\n## ', c.text.length)),
    );
    // The longest text first (a section's text may start with another file's), then files named like the heading.
    const best = Math.max(-1, ...fits.map((c) => c.text.length));
    let picks = [...new Set(fits.filter((c) => c.text.length === best).map((c) => c.file))];
    if (picks.length > 1) {
      const named = picks.filter((f) => stem(f) === name || (name.endsWith('AGENTS.md') && path.basename(f) === 'AGENTS.md'));
      if (named.length > 0) picks = named;
    }
    // Cline names the two AGENTS.md of its search paths after where they are.
    if (picks.length > 1 && where && (name === 'Workspace AGENTS.md' || name === 'Global AGENTS.md')) {
      const at = name === 'Workspace AGENTS.md' ? path.join(where.cwd, 'AGENTS.md') : path.join(where.home, '.agents', 'AGENTS.md');
      const exact = picks.filter((f) => f === at);
      if (exact.length > 0) picks = exact;
    }
    if (picks.length === 0) {
      problems.push(`no file has the text of the rule "${name}"`);
      break;
    }
    if (picks.length > 1) problems.push(`the rule "${name}" has the text of ${picks.length} files: ${picks.join(', ')}`);
    found.push(picks[0]);
    at = eol + 1 + best + 2;
  }
  return { files: found, problems };
}

/** The system prompt's text (a string or text blocks). */
function systemText(body: unknown): string | undefined {
  const system = (body as { system?: unknown } | undefined)?.system;
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return undefined;
  return (system as { type?: unknown; text?: unknown }[])
    .map((b) => (b?.type === 'text' && typeof b.text === 'string' ? b.text : ''))
    .join('');
}

/** Where the `skills` tool's description lists the skills: `Available skills: a, b, c.` at its end. */
const SKILLS_LIST = ' Available skills: ';

/**
 * The skills the `skills` tool's description names, in order. Cline has no built-in skill: every
 * name comes from a SKILL.md of the workspace or the home (a plugin's skill would show as
 * `plugin:name`; the driver loads no plugin).
 */
export function skillNames(body: unknown): ExtractedListing[] {
  const tools = (body as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return [];
  const skills = (tools as { name?: unknown; description?: unknown }[]).find((t) => t?.name === 'skills');
  const description = typeof skills?.description === 'string' ? skills.description : '';
  const at = description.lastIndexOf(SKILLS_LIST);
  if (at < 0 || !description.endsWith('.')) return [];
  return description
    .slice(at + SKILLS_LIST.length, -1)
    .split(', ')
    .map((name) => ({ kind: 'skill', name, place: 'tool-description', text: name }));
}

function extract(input: ExtractInput): Extracted {
  const [first] = mainRequests(input.requests);
  if (!first) return { files: [], parts: [], problems: ['Cline sent no model request'] };
  const body = bodyOf(first);
  const listings = skillNames(body);
  const system = systemText(body);
  if (system === undefined) return { files: [], parts: [], problems: ['the request has no system prompt'], listings };
  const at = system.indexOf('\n\n' + RULES);
  if (at < 0) return { files: [], parts: [], problems: [], listings };
  const text = system.slice(at + 2);
  const split = splitRules(text.slice(RULES.length), input.files, { cwd: input.cwd, home: input.home });
  return { files: split.files, parts: [{ place: 'system-prompt', text }], problems: split.problems, listings };
}

export const CLINE_DRIVER: AgentDriver = {
  name: 'cline',
  profile: 'cline',
  protocol: 'anthropic-messages',
  knownLookups: {
    'data.cline.bot': 'Cline asks its feature-flag service (PostHog) at every start, telemetry off or not; nothing reaches it',
  },
  stateFiles: ({ port, files }) => ({
    // The process's working directory (see PROCESS_FOLDER): Bun reads this bunfig.toml, not the repository's.
    [`${PROCESS_FOLDER}/bunfig.toml`]:
      '# Cline is started here, outside the repository: Bun reads no bunfig.toml or .env of the repository.\n',
    'data/settings/providers.json': providers(port),
    'data/settings/global-settings.json': JSON.stringify({
      telemetryOptOut: true,
      autoUpdateEnabled: false,
      disabledPlugins: pluginModules(files),
    }),
  }),
  launch: ({ executable, cwd, top, home, state, prompt, files }) => {
    const refusal = hookRefusal({ cwd, top, home }) ?? pluginRefusal(cwd, files);
    if (refusal) throw new DriverRefusal(refusal);
    const data = path.join(state, 'data');
    const processFolder = path.join(state, PROCESS_FOLDER);
    return {
      command: nativeBinary(executable),
      args: ['--data-dir', data, '-P', 'anthropic', '-m', MODEL, '-k', 'oracle', '--cwd', cwd, prompt],
      // Not the repository: Bun would read its bunfig.toml and .env files (the workspace is --cwd).
      cwd: processFolder,
      env: {
        HOME: home,
        PWD: processFolder,
        // No command at all: a hook Cline starts by an interpreter's bare name cannot start.
        PATH: path.join(state, 'no-commands'),
        CLINE_DATA_DIR: data,
        CLINE_PROVIDER_SETTINGS_PATH: path.join(data, 'settings', 'providers.json'),
        CLINE_GLOBAL_SETTINGS_PATH: path.join(data, 'settings', 'global-settings.json'),
        CLINE_MCP_SETTINGS_PATH: path.join(data, 'settings', 'cline_mcp_settings.json'),
      },
    };
  },
  profileEnv: () => ({}),
  // The skills tool's description, one line: Cline's own words, then `Available skills: ` and the
  // names (taken out as listing texts, leaving only the separators) when there is any skill; a
  // skill named `skills` takes that word of Cline's out too.
  residue: [
    // Cline registers the skills tool only when it found a skill: without the repository's skills
    // the tool's name, its parameter's name and their descriptions go too.
    {
      kind: 'skills tool',
      pattern: /^(?:skills|skill|Name of the skill to execute\.|Arguments for the skill; use null when omitted)$/,
    },
    {
      kind: 'skills tool description',
      pattern:
        /^Execute a skill within the main conversation\. .*Never mention a skill without invoking this tool\.(?: Available(?: skills)? ?: [, ]*\.)?$/,
    },
  ],
  extract,
};
