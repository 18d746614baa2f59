/**
 * Gemini CLI (`gemini -p`), checked against 0.61.0 (the npm bundle, run by Node).
 *
 * Launch: `-p` with a model named (`-m`: no routing request first), no extension (`-e none`), no
 * MCP server but one that does not exist (`--allowed-mcp-server-names`), and a system settings
 * file of the driver's own (GEMINI_CLI_SYSTEM_SETTINGS_PATH, the highest layer, above a trusted
 * workspace's `.gemini/settings.json`) with the API-key auth, hooks, telemetry and updates off.
 * Gemini reads that file only when it and every directory above it belong to root (in the
 * namespace: the user running the suite) and no one else can write them; otherwise it prints
 * "Skipping system settings file" and the driver reports the run as failed. Folder trust is the
 * case's: `GEMINI_CLI_TRUST_WORKSPACE` in its `env`, or a trusted-folders file in its home.
 *
 * What it sends: `POST /v1beta/models/<model>:streamGenerateContent?alt=sse`. The global
 * `GEMINI.md` ends the system instruction in a `<loaded_context>` block; the project's files are a
 * `<loaded_context>` (holding `<project_context>`) in the first user message; files found when
 * `read_file` touches a path come in its function response, from "--- Newly Discovered Project
 * Context ---" to "--- End Project Context ---". Each file is `--- Context from: <path> ---`.
 */
import type { RecordedRequest } from '../endpoint';
import type { AgentDriver, ExtractInput, Extracted, ExtractedPart } from './types';
import { bodyOf, mainRequests } from './types';

const SYSTEM_SETTINGS = 'gemini-system-settings.json';
const OPEN = '<loaded_context>';
const CLOSE = '</loaded_context>';
const DISCOVERED_OPEN = '--- Newly Discovered Project Context ---';
const DISCOVERED_CLOSE = '--- End Project Context ---';
const FILE_LINE = /^--- Context from: (.*) ---$/gm;

/** What Gemini prints when it ignores the driver's system settings (hooks would not be off). */
export const GEMINI_SETTINGS_SKIPPED = 'Skipping system settings file';

interface Content {
  role?: unknown;
  parts?: unknown;
}
interface Part {
  text?: unknown;
  functionResponse?: { response?: { output?: unknown } };
}

function partsOf(value: unknown): Part[] {
  const parts = (value as { parts?: unknown } | undefined)?.parts;
  return Array.isArray(parts) ? (parts as Part[]) : [];
}

function contentsOf(request: RecordedRequest): Content[] {
  const contents = (bodyOf(request) as { contents?: unknown } | undefined)?.contents;
  return Array.isArray(contents) ? (contents as Content[]) : [];
}

/** The last `open`…`close` span of `text`, both included, or undefined. */
function lastSpan(text: string, open: string, close: string): string | undefined {
  const start = text.lastIndexOf(open);
  if (start < 0) return undefined;
  const end = text.indexOf(close, start);
  return end < 0 ? undefined : text.slice(start, end + close.length);
}

/** The paths a part's text introduces, in order. */
export function filesIn(text: string): string[] {
  return [...text.matchAll(FILE_LINE)].map((m) => m[1]);
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Gemini CLI sent no model request'] };
  const parts: ExtractedPart[] = [];
  const body = bodyOf(requests[0]) as { systemInstruction?: unknown } | undefined;
  const system = partsOf(body?.systemInstruction)
    .map((p) => (typeof p.text === 'string' ? p.text : ''))
    .join('');
  const global = lastSpan(system, OPEN, CLOSE);
  if (global !== undefined) parts.push({ place: 'system-prompt', text: global });
  const first = contentsOf(requests[0]);
  const user = first.find((c) => c.role === 'user');
  for (const p of partsOf(user)) {
    const span = typeof p.text === 'string' ? lastSpan(p.text, OPEN, CLOSE) : undefined;
    if (span !== undefined) parts.push({ place: 'first-user-message', text: span });
  }
  const last = contentsOf(requests[requests.length - 1]);
  for (const c of last.slice(first.length)) {
    for (const p of partsOf(c)) {
      const output = p.functionResponse?.response?.output;
      const span = typeof output === 'string' ? lastSpan(output, DISCOVERED_OPEN, DISCOVERED_CLOSE) : undefined;
      if (span !== undefined) parts.push({ place: 'tool-result', text: span });
    }
  }
  return { files: parts.flatMap((p) => filesIn(p.text)), parts, problems: [] };
}

export const GEMINI_DRIVER: AgentDriver = {
  name: 'gemini',
  profile: 'gemini',
  protocol: 'gemini',
  // The global context file, the user settings (context file names, imports) and trusted folders.
  homeFiles: ['.gemini/GEMINI.md', '.gemini/settings.json', '.gemini/trustedFolders.json'],
  // Gemini CLI skips a system settings file under a folder others may write (src/capture/state-dir.ts).
  privateState: true,
  stateFiles: () => ({
    [SYSTEM_SETTINGS]: JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      hooksConfig: { enabled: false },
      // A workspace's tool discovery and call commands run its own programs: none.
      tools: { discoveryCommand: '', callCommand: '' },
      telemetry: { enabled: false },
      privacy: { usageStatisticsEnabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    }),
  }),
  launch: ({ executable, node, cwd, home, state, port, prompt }) => ({
    command: node,
    args: [
      executable,
      '-p',
      prompt,
      '-m',
      'gemini-2.5-flash',
      '-e',
      'none',
      '--allowed-mcp-server-names',
      'holaryn-oracle-none',
      '-o',
      'text',
    ],
    env: {
      HOME: home,
      PWD: cwd,
      GEMINI_API_KEY: 'oracle',
      GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${port}`,
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: `${state}/${SYSTEM_SETTINGS}`,
    },
  }),
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'read_file', input: { file_path: file } }),
  refusal: (stderr) =>
    stderr.includes(GEMINI_SETTINGS_SKIPPED)
      ? 'Gemini CLI ignored the driver’s system settings (it needs them and every folder above them owned by the user running it, writable by no one else), so its hooks could not be switched off'
      : null,
  extract,
};
