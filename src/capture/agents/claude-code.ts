/**
 * Claude Code (`claude -p`), checked against 2.1.328 (the native binary of the platform package).
 *
 * Launch: `-p` with only the Read tool, hooks off (`disableAllHooks` in `--settings`, the highest
 * settings layer), MCP servers only from the command line (`--strict-mcp-config`, none given), no
 * session saved; the endpoint is `ANTHROPIC_BASE_URL`, with traffic other than the model's off.
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
import type { AgentDriver, ExtractInput, Extracted, ExtractedPart } from './types';
import { mainRequests, messagesOf } from './types';

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
  return { files: parts.flatMap((p) => filesIn(p.text)), parts, problems: [] };
}

/**
 * Settings given on the command line, above the project's and the user's: no hooks, and every
 * helper a settings file may name a command for replaced by a harmless one of the driver's own
 * (`apiKeyHelper` runs even beside ANTHROPIC_API_KEY; the others are empty).
 */
const FLAG_SETTINGS = {
  disableAllHooks: true,
  apiKeyHelper: 'echo oracle',
  awsAuthRefresh: '',
  awsCredentialExport: '',
  otelHeadersHelper: '',
  enableAllProjectMcpServers: false,
};

export const CLAUDE_CODE_DRIVER: AgentDriver = {
  name: 'claude-code',
  profile: 'claude-code',
  protocol: 'anthropic-messages',
  // The user's memory file, its rules and the user settings (the ones that change loading).
  homeFiles: ['.claude/CLAUDE.md', '.claude/rules', '.claude/settings.json'],
  launch: ({ executable, cwd, home, port, prompt }) => ({
    command: executable,
    args: [
      '-p',
      prompt,
      '--tools',
      'Read',
      '--allowedTools',
      'Read',
      '--strict-mcp-config',
      '--settings',
      JSON.stringify(FLAG_SETTINGS),
      '--no-session-persistence',
      '--output-format',
      'text',
      '--max-turns',
      '3',
    ],
    env: {
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
  extract,
};
