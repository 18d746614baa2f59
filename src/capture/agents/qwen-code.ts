/**
 * Qwen Code (`qwen -p`), checked against 0.24.4 (the npm package's `cli-entry.js`, run by Node).
 *
 * Launch: `-p` with the OpenAI-compatible auth (`--auth-type openai`, `OPENAI_BASE_URL` on the
 * endpoint, a model named), no extension (`-e none`), no MCP server but one that does not exist
 * (`--allowed-mcp-server-names`, an upper bound no settings file can widen), no chat recording,
 * and a system settings file of the driver's own (QWEN_CODE_SYSTEM_SETTINGS_PATH, the layer
 * merged last, above a workspace's `.qwen/settings.json`) with hooks, MCP servers, tool
 * discovery, the status line command, telemetry and updates off, and the `.env` keys that would
 * make a child process run a repository's program excluded. Qwen's folder trust is off by
 * default, so a workspace's settings are read: the system layer is what keeps them harmless.
 *
 * What it sends: `POST /v1/chat/completions`. The context files and the baseline rules end the
 * system message, each file `--- Context from: <path relative to the cwd> ---` … `--- End of
 * Context from: <path> ---`, each rule `--- Rule from: <path relative to the project root> ---`
 * … `--- End of Rule from: <path> ---`, joined by blank lines. A rule whose `paths` match a file
 * a tool touches comes in a `<system-reminder>` after that tool's result.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AgentDriver, ChatMessage, ExtractInput, Extracted, ExtractedPart } from './types';
import { mainRequests, messagesOf } from './types';

const SYSTEM_SETTINGS = 'qwen-system-settings.json';
const BLOCK_LINE = /^--- (Context|Rule) from: (.*) ---$/gm;
const REMINDER = /<system-reminder>\n[\s\S]*?\n<\/system-reminder>/g;

/** Environment keys a repository's `.env` or settings `env` must not set (they run programs). */
const EXCLUDED_ENV = [
  'DEBUG',
  'DEBUG_MODE',
  'NODE_OPTIONS',
  'BASH_ENV',
  'ENV',
  'SHELLOPTS',
  'PROMPT_COMMAND',
  'LD_PRELOAD',
  'LD_LIBRARY_PATH',
  'PATH',
  'GIT_CONFIG_GLOBAL',
  'GIT_CONFIG_SYSTEM',
  'GIT_EXEC_PATH',
  'GIT_SSH_COMMAND',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'OPENAI_MODEL',
];

/** A chat message's text: a string, or its text parts joined. */
function textOf(m: ChatMessage | undefined): string {
  if (typeof m?.content === 'string') return m.content;
  if (!Array.isArray(m?.content)) return '';
  return (m.content as { type?: unknown; text?: unknown }[]).map((c) => (typeof c?.text === 'string' ? c.text : '')).join('');
}

/** The blocks a text introduces, in order: each one's kind and path as sent. */
export function blockPaths(text: string): { kind: 'Context' | 'Rule'; path: string }[] {
  return [...text.matchAll(BLOCK_LINE)].map((m) => ({ kind: m[1] as 'Context' | 'Rule', path: m[2] }));
}

/** Qwen's project root: the nearest directory at or above `cwd` holding `.git`, else `cwd`. */
function projectRoot(cwd: string): string {
  for (let d = cwd; ; d = path.dirname(d)) {
    if (fs.existsSync(path.join(d, '.git'))) return d;
    if (path.dirname(d) === d) return cwd;
  }
}

/**
 * The instruction span of a system message: from the first block's opening line to the end of the
 * last block's closing line, or undefined when it has none.
 */
export function instructionSpan(text: string): string | undefined {
  const first = /^--- (Context|Rule) from: .* ---$/m.exec(text);
  if (!first) return undefined;
  const closes = [...text.matchAll(/^--- End of (Context|Rule) from: .* ---$/gm)];
  const last = closes[closes.length - 1];
  if (!last || last.index < first.index) return undefined;
  return text.slice(first.index, last.index + last[0].length);
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Qwen Code sent no model request'] };
  const parts: ExtractedPart[] = [];
  const first = messagesOf(requests[0]);
  const system = first.find((m) => m.role === 'system');
  const span = instructionSpan(textOf(system));
  if (span !== undefined) parts.push({ place: 'system-prompt', text: span });
  const last = messagesOf(requests[requests.length - 1]);
  for (const m of last.slice(first.length)) {
    if (m.role !== 'tool' && m.role !== 'user') continue;
    for (const r of textOf(m).match(REMINDER) ?? []) if (blockPaths(r).length > 0) parts.push({ place: 'tool-result', text: r });
  }
  // Context paths are relative to the working directory, rule paths to the project root.
  const cwd = path.resolve(input.cwd);
  const root = projectRoot(cwd);
  const files = parts.flatMap((p) => blockPaths(p.text).map((b) => path.resolve(b.kind === 'Context' ? cwd : root, b.path)));
  return { files, parts, problems: [] };
}

export const QWEN_CODE_DRIVER: AgentDriver = {
  name: 'qwen-code',
  profile: 'qwen-code',
  protocol: 'openai-chat',
  // The global context files, the user rules and the user settings (names, imports, trust).
  homeFiles: [
    '.qwen/QWEN.md',
    '.qwen/AGENTS.md',
    '.qwen/rules',
    '.qwen/settings.json',
    '.qwen/trustedFolders.json',
    '.qwen/output-language.md',
  ],
  stateFiles: () => ({
    [SYSTEM_SETTINGS]: JSON.stringify({
      security: { auth: { selectedType: 'openai' } },
      disableAllHooks: true,
      hooks: {},
      mcpServers: {},
      mcp: { serverCommand: '', allowed: ['holaryn-oracle-none'], excluded: ['*'] },
      tools: { discoveryCommand: '', callCommand: '' },
      ui: { statusLine: null },
      telemetry: { enabled: false },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false, chatRecording: false },
      memory: {
        enableManagedAutoMemory: false,
        enableManagedAutoDream: false,
        enableAutoSkill: false,
        enableTeamMemory: false,
        enableTeamMemorySync: false,
      },
      advanced: { excludedEnvVars: EXCLUDED_ENV },
    }),
  }),
  launch: ({ executable, node, cwd, home, state, port, prompt }) => ({
    command: node,
    args: [
      executable,
      '-p',
      prompt,
      '--auth-type',
      'openai',
      '-m',
      'qwen3-coder-plus',
      '-e',
      'none',
      '--allowed-mcp-server-names',
      'holaryn-oracle-none',
      '--chat-recording',
      'false',
      '-o',
      'text',
    ],
    env: {
      HOME: home,
      PWD: cwd,
      OPENAI_API_KEY: 'oracle',
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_MODEL: 'qwen3-coder-plus',
      QWEN_CODE_SYSTEM_SETTINGS_PATH: `${state}/${SYSTEM_SETTINGS}`,
      // Set, so a repository's `.env` (applied only to unset keys) cannot set them.
      BASH_ENV: '/dev/null',
      ENV: '/dev/null',
      NO_COLOR: '1',
    },
  }),
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'read_file', input: { file_path: file } }),
  extract,
};
