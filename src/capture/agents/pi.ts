/**
 * pi (`@mariozechner/pi-coding-agent`, executable `pi`), checked against 0.73.1 (the npm package's
 * `dist/cli.js`, run by Node), on files and text by a real prompt.
 *
 * Launch: `pi -p` with the endpoint as a provider of the driver's own, registered by a one-file
 * extension in the run's state (`-e`: an explicit extension still loads under
 * `--no-extensions`), the Anthropic Messages protocol, no session file (`--no-session`), no
 * startup network (`--offline`: no version check, no package install or update, no tool
 * download), no install telemetry (`PI_TELEMETRY=0`). Switched off from the repository and home:
 * every extension pi would discover or a settings file would name (`.pi/extensions`, settings
 * `extensions`, the extensions of `packages`: `--no-extensions`), themes and prompt templates
 * (`--no-themes`, `--no-prompt-templates`: nothing of them reaches the model in a one-shot run).
 * pi keeps its default tools (read, bash, edit, write), as its user has them: a settings
 * `shellPath` or `shellCommandPrefix` is used only when the bash tool runs, which the scripted
 * model never asks for (the hostile tree names both). Refused: a `.pi/settings.json` of the working directory (or the agent
 * folder's `settings.json`) that sets `npmCommand` (pi runs it to find the global npm folder when the home's settings name an npm
 * package: seen writing its marker in a run, `--offline` or not), or a project one that does
 * not parse. pi reads no `.env` file; it keeps the home's files as
 * they are (the provider is not in `models.json`), so the profile reads what the agent read.
 *
 * What it sends: `POST /v1/messages` with one system text block. Its instruction text: a
 * `SYSTEM.md` that replaces pi's own prompt, each `APPEND_SYSTEM.md` after `\n\n`, then
 * `\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n` and per file
 * `## <absolute path>\n\n<text>\n\n`, up to the skills list or `\nCurrent date:`. The extractor
 * gives that span as one `system-prompt` part (without the default prompt when no `SYSTEM.md`
 * replaced it, and without the leading blank line); the files are the `SYSTEM.md` and
 * `APPEND_SYSTEM.md` whose text it holds (the working directory's `.pi`, else the agent folder)
 * and each `## ` path of the project context. pi loads nothing when a tool touches a file.
 * Its listings: each `<skill>` entry of `<available_skills>` after the context (pi has no
 * built-in skill), in order; the list's own lines and pi's own prompt (back when a SYSTEM.md is
 * removed) are its residue for the two-run proof.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AgentDriver, ExtractInput, Extracted, ExtractedListing, ResidueKind } from './types';
import { DriverRefusal, bodyOf, mainRequests } from './types';

const EXTENSION = 'holaryn-provider.mjs';
const PROVIDER = 'holaryn';
const MODEL = 'holaryn-model';

/** The last line of pi 0.73.1's own system prompt (before any appended text and the project context). */
export const DEFAULT_PROMPT_START = 'You are an expert coding assistant operating inside pi, a coding agent harness.';
export const DEFAULT_PROMPT_END =
  '- Always read pi .md files completely and follow links to related docs (e.g., tui.md for TUI API details)';
export const PROJECT_CONTEXT = '\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n';
const SKILLS =
  "\n\nThe following skills provide specialized instructions for specific tasks.\nUse the read tool to load a skill's file when the task matches its description.";
const DATE = '\nCurrent date: ';

/** The agent folder pi reads: `$PI_CODING_AGENT_DIR` (a leading `~` from the home), else `~/.pi/agent`. */
export function agentDirOf(home: string, env: Readonly<Record<string, string>> | undefined): string {
  const v = env?.PI_CODING_AGENT_DIR;
  if (v === undefined || v === '') return path.join(home, '.pi', 'agent');
  if (v === '~') return home;
  if (v.startsWith('~/')) return home + v.slice(1);
  return v;
}

/** The extension that registers the endpoint as pi's provider (our own file, in the run's state). */
function providerExtension(port: number): string {
  const config = {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: 'oracle',
    api: 'anthropic-messages',
    models: [
      {
        id: MODEL,
        name: MODEL,
        reasoning: false,
        input: ['text'],
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
        contextWindow: 200000,
        maxTokens: 1024,
      },
    ],
  };
  return `export default function (pi) {\n  pi.registerProvider(${JSON.stringify(PROVIDER)}, ${JSON.stringify(config)});\n}\n`;
}

/**
 * Refuses a settings file pi reads (`<cwd>/.pi/settings.json`, the only one of the repository, and
 * the agent folder's `settings.json`) that names a command pi could run (`npmCommand`), or a
 * project one that does not parse (what it would set could not be checked; pi itself would go on
 * without it).
 */
export function checkSettings(cwd: string, agentDir: string): void {
  for (const [file, project] of [
    [path.join(cwd, '.pi', 'settings.json'), true],
    [path.join(agentDir, 'settings.json'), false],
  ] as const) {
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
      if (project)
        throw new DriverRefusal(`${file} does not parse as JSON: what it sets (npmCommand, a command pi runs) could not be checked`);
      continue;
    }
    if (typeof doc === 'object' && doc !== null && 'npmCommand' in doc)
      throw new DriverRefusal(
        `${file} sets npmCommand, a command pi 0.73.1 runs to find the global npm folder; the driver has no switch for it`,
      );
  }
}

function decoded(bytes: Uint8Array | undefined): string | undefined {
  return bytes === undefined ? undefined : Buffer.from(bytes).toString('utf8');
}

/** The text of `file` as the sandbox holds it (through links), or undefined. */
function textOf(input: ExtractInput, file: string): string | undefined {
  const direct = decoded(input.files.get(file));
  if (direct !== undefined) return direct;
  try {
    return decoded(input.files.get(fs.realpathSync(file)));
  } catch {
    return undefined;
  }
}

/** The system prompt of the request: its text blocks joined. */
function systemOf(body: unknown): string | undefined {
  const system = (body as { system?: unknown } | undefined)?.system;
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return undefined;
  return system.map((b) => (typeof (b as { text?: unknown }).text === 'string' ? (b as { text: string }).text : '')).join('');
}

/** The span of one file's block (`## <path>\n\n<text>\n\n`) at `pos`: its path and where it ends, its text found from the file itself. */
function fileBlock(system: string, pos: number, input: ExtractInput): { file: string; end: number; problem?: string } | null {
  if (!system.startsWith('## ', pos)) return null;
  const nl = system.indexOf('\n\n', pos);
  if (nl < 0) return null;
  const file = system.slice(pos + 3, nl);
  const text = textOf(input, file);
  if (text !== undefined && system.startsWith(`${text}\n\n`, nl + 2)) return { file, end: nl + 2 + text.length + 2 };
  // A file the sandbox does not hold as sent: its block runs to the next file's heading or the end of the context.
  const next = [system.indexOf('\n\n## /', nl + 2), system.indexOf(SKILLS, nl + 2), system.lastIndexOf(DATE)].filter((i) => i > nl);
  const end = next.length === 0 ? system.length : Math.min(...next) + (system.startsWith('\n\n## /', Math.min(...next)) ? 2 : 0);
  return { file, end, problem: `the text sent for ${file} is not that file's text in the sandbox` };
}

const SKILL_ENTRY =
  /^ {2}<skill>\n {4}<name>([^<]*)<\/name>\n {4}<description>([^<]*)<\/description>\n {4}<location>([^<]*)<\/location>\n {2}<\/skill>$/gm;

function unescapeXml(s: string): string {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The skill entries of the `<available_skills>` list after `pos` (every one is the repository's or the home's: pi has no built-in skill). */
function skillsIn(system: string, pos: number): ExtractedListing[] {
  if (!system.startsWith(SKILLS, pos)) return [];
  const open = system.indexOf('\n<available_skills>\n', pos);
  const close = system.indexOf('\n</available_skills>', open);
  if (open < 0 || close < 0) return [];
  const list = system.slice(open + '\n<available_skills>\n'.length, close);
  return [...list.matchAll(SKILL_ENTRY)].map((m) => ({ kind: 'skill', name: unescapeXml(m[1]), place: 'system-prompt', text: m[0] }));
}

/**
 * Lines of pi's request that change with the repository's files but are not their text: the
 * skills list's own lines (sent only when a skill is listed), and pi's own prompt (sent only when
 * no SYSTEM.md replaces it).
 */
export const PI_RESIDUE: readonly ResidueKind[] = [
  {
    kind: 'skills list header',
    pattern:
      /^(The following skills provide specialized instructions for specific tasks\.|Use the read tool to load a skill's file when the task matches its description\.|When a skill file references a relative path, resolve it against the skill directory \(parent of SKILL\.md \/ dirname of the path\) and use that absolute path in tool commands\.|<available_skills>|<\/available_skills>)$/,
  },
  {
    kind: 'pi’s own system prompt',
    pattern:
      /^(You are an expert coding assistant operating inside pi, a coding agent harness\. .*|Available tools:|- (read|bash|edit|write): .*|In addition to the tools above, you may have access to other custom tools depending on the project\.|Guidelines:|- Use (read|bash|edit|write) .*|- When changing multiple separate locations in one file, use one edit call .*|- Each edits\[\]\.oldText is matched against the original file.*|- Keep edits\[\]\.oldText as small as possible.*|- Be concise in your responses|- Show file paths clearly when working with files|Pi documentation \(read only when the user asks about pi itself.*|- (Main documentation|Additional docs|Examples): \/.*|- When asked about: extensions .*|- When working on pi topics, .*|- Always read pi \.md files completely .*)$/,
  },
];

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['pi sent no model request'] };
  const system = systemOf(bodyOf(requests[0]));
  if (system === undefined) return { files: [], parts: [], problems: ['the request has no system prompt'] };
  const problems: string[] = [];
  const files: string[] = [];
  const agentDir = agentDirOf(input.home, input.env);
  const firstOf = (names: string[]) => names.find((f) => fs.existsSync(f));
  const systemFile = firstOf([path.join(input.cwd, '.pi', 'SYSTEM.md'), path.join(agentDir, 'SYSTEM.md')]);
  const appendFile = firstOf([path.join(input.cwd, '.pi', 'APPEND_SYSTEM.md'), path.join(agentDir, 'APPEND_SYSTEM.md')]);
  // Where the instruction text starts: after pi's own prompt, or at the start (a SYSTEM.md replaced it).
  const ownPrompt = system.startsWith(DEFAULT_PROMPT_START) && system.includes(DEFAULT_PROMPT_END);
  const start = ownPrompt ? system.indexOf(DEFAULT_PROMPT_END) + DEFAULT_PROMPT_END.length : 0;
  let pos = start;
  if (!ownPrompt) {
    const t = systemFile === undefined ? undefined : textOf(input, systemFile);
    if (systemFile !== undefined && t !== undefined && t !== '' && system.startsWith(t)) {
      files.push(systemFile);
      pos += t.length;
    } else problems.push('the system prompt is neither pi’s own nor a SYSTEM.md of the sandbox');
  }
  const appended = appendFile === undefined ? undefined : textOf(input, appendFile);
  if (appendFile !== undefined && appended !== undefined && appended !== '' && system.startsWith(`\n\n${appended}`, pos)) {
    files.push(appendFile);
    pos += 2 + appended.length;
  }
  if (system.startsWith(PROJECT_CONTEXT, pos)) {
    pos += PROJECT_CONTEXT.length;
    for (let block = fileBlock(system, pos, input); block !== null; block = fileBlock(system, pos, input)) {
      files.push(block.file);
      if (block.problem) problems.push(block.problem);
      pos = block.end;
    }
  }
  if (!system.startsWith(SKILLS, pos) && !system.startsWith(DATE, pos))
    problems.push(`text pi sent that is no file of the sandbox: ${JSON.stringify(system.slice(pos, pos + 80))}`);
  let text = system.slice(start, pos);
  if (ownPrompt && text.startsWith('\n\n')) text = text.slice(2);
  return { files, parts: text === '' ? [] : [{ place: 'system-prompt', text }], problems, listings: skillsIn(system, pos) };
}

export const PI_DRIVER: AgentDriver = {
  name: 'pi',
  profile: 'pi',
  protocol: 'anthropic-messages',
  stateFiles: ({ port }) => ({ [EXTENSION]: providerExtension(port) }),
  launch: ({ executable, node, cwd, home, state, prompt, env }) => {
    checkSettings(cwd, agentDirOf(home, env));
    const agentDir = env?.PI_CODING_AGENT_DIR;
    return {
      command: node,
      args: [
        executable,
        '--offline',
        '--no-session',
        '--no-extensions',
        '--no-themes',
        '--no-prompt-templates',
        '-e',
        path.join(state, EXTENSION),
        '--provider',
        PROVIDER,
        '--model',
        MODEL,
        '-p',
        prompt,
      ],
      env: {
        HOME: home,
        PWD: cwd,
        PI_OFFLINE: '1',
        PI_SKIP_VERSION_CHECK: '1',
        PI_TELEMETRY: '0',
        ...(agentDir !== undefined ? { PI_CODING_AGENT_DIR: agentDir } : {}),
      },
    };
  },
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'read', input: { path: file } }),
  residue: PI_RESIDUE,
  extract,
};
