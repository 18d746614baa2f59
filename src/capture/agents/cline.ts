/**
 * Cline CLI (`cline`), checked against 3.0.65 (the Bun-compiled binary of the platform package
 * `@cline/cli-<os>-<arch>`; the `cline` package is only a Node wrapper that starts it).
 *
 * Launch: a one-shot `--yolo` run (no approval prompt, no spawn or team tools) with `--data-dir`
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
 * Hooks: Cline 3.0.65 runs every file named after a hook event (`TaskStart`, `UserPromptSubmit.sh`
 * …) in `.clinerules/hooks`, `.cline/hooks`, `~/.cline/hooks` and `~/Documents/Cline/Hooks`, and
 * has no switch to turn them off for a one-shot run. It starts a hook with an interpreter it
 * names without a path (`bash`, `sh`, `zsh`, `python3`, `node`, `bun`, `pwsh`; a `#!/bin/sh` or
 * `#!/usr/bin/env python3` line is reduced to the bare name), so the driver gives it a PATH that
 * holds no command at all: no hook can start. A hook whose first line names any other interpreter
 * by an absolute path would still start, so the driver refuses such a tree before the run
 * (`hookRefusal`).
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
import type { AgentDriver, ExtractInput, Extracted } from './types';
import { bodyOf, mainRequests } from './types';

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

/** Whether `file` is where Cline looks for a hook: a hooks folder of the tree or the home, an event's name. */
function isHookFile(file: string): boolean {
  const dir = path.basename(path.dirname(file));
  if (dir !== 'hooks' && dir !== 'Hooks') return false;
  const ext = path.extname(file).toLowerCase();
  return HOOK_EXTENSIONS.has(ext) && HOOK_EVENTS.has(path.basename(file, path.extname(file)).trim().toLowerCase());
}

/**
 * Why a tree cannot be run safely, or null: a hook file whose first line starts it with an
 * interpreter named by an absolute path that Cline keeps as it is (`#!/usr/bin/perl`), which the
 * driver's empty PATH cannot stop. Cline drops the path of `env`, `bash`, `sh`, `zsh` and
 * `python3`, and starts every other hook by a bare name.
 */
export function hookRefusal(files: ReadonlyMap<string, Uint8Array>): string | null {
  for (const [file, bytes] of files) {
    if (!isHookFile(file)) continue;
    const first = decodeLossy(bytes.subarray(0, 512)).text.split(/\r?\n/, 1)[0].trim();
    if (!first.startsWith('#!')) continue;
    let words = first.slice(2).trim().split(/\s+/).filter(Boolean);
    while (words.length > 0 && path.basename(words[0]) === 'env') words = words.slice(1);
    if (words.length === 0) continue;
    const [command] = words;
    if (!command.includes('/') || BARE_INTERPRETERS.has(path.basename(command).toLowerCase())) continue;
    return `cannot keep the hook ${file} from running: its first line starts ${command} by its path, and Cline has no switch for hooks`;
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

function extract(input: ExtractInput): Extracted {
  const [first] = mainRequests(input.requests);
  if (!first) return { files: [], parts: [], problems: ['Cline sent no model request'] };
  const system = systemText(bodyOf(first));
  if (system === undefined) return { files: [], parts: [], problems: ['the request has no system prompt'] };
  const at = system.indexOf('\n\n' + RULES);
  if (at < 0) return { files: [], parts: [], problems: [] };
  const text = system.slice(at + 2);
  const split = splitRules(text.slice(RULES.length), input.files, { cwd: input.cwd, home: input.home });
  return { files: split.files, parts: [{ place: 'system-prompt', text }], problems: split.problems };
}

export const CLINE_DRIVER: AgentDriver = {
  name: 'cline',
  profile: 'cline',
  protocol: 'anthropic-messages',
  knownLookups: {
    'data.cline.bot': 'Cline asks its feature-flag service (PostHog) at every start, telemetry off or not; nothing reaches it',
  },
  // The global rule folders and the global AGENTS.md.
  homeFiles: ['.cline/rules', 'Documents/Cline/Rules', 'Cline/Rules', '.agents/AGENTS.md'],
  stateFiles: ({ port, files }) => ({
    'data/settings/providers.json': providers(port),
    'data/settings/global-settings.json': JSON.stringify({
      telemetryOptOut: true,
      autoUpdateEnabled: false,
      disabledPlugins: pluginModules(files),
    }),
  }),
  launch: ({ executable, cwd, home, state, prompt, files }) => {
    const refusal = hookRefusal(files) ?? pluginRefusal(cwd, files);
    if (refusal) throw new Error(refusal);
    const data = path.join(state, 'data');
    return {
      command: nativeBinary(executable),
      args: ['--yolo', '--data-dir', data, '-P', 'anthropic', '-m', MODEL, '-k', 'oracle', '--cwd', cwd, prompt],
      env: {
        HOME: home,
        PWD: cwd,
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
  extract,
};
