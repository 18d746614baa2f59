/**
 * Factory Droid (`droid exec`), checked against 0.215.0 (the Bun-compiled binary of the platform
 * package `@factory/cli-<os>-<arch>`; the `droid` package is a Node wrapper whose install script
 * fetches nothing the suite needs).
 *
 * Launch: `droid exec` with the endpoint as a custom model of the driver's (`customModels`,
 * provider `anthropic`, `-m custom:Oracle-0`: a custom model's id is its display name and its
 * index, and the runtime overlay's come first) in a runtime settings overlay of the driver's
 * (`--settings`, a file of the run's state): the overlay outranks every settings layer a
 * repository or the user has (the project's `.factory`, each `.factory` folder between the
 * working directory and the git root, the user's `~/.factory`, their plugins), and below it only
 * the organisation's. In it:
 *
 * - hooks off: `hooks.hooksDisabled` (Droid takes the first layer that sets it, from the top, and
 *   asks it before running any hook of any layer: seen in the hostile runs, where `.factory/hooks.json`
 *   of the tree and the home ran without it);
 * - MCP servers off: `mcpPolicy` enabled with an empty allowlist (a policy that is enabled in any
 *   layer wins, and an empty allowlist allows no server: the home's `.factory/mcp.json` server ran
 *   without it).
 *
 * Droid itself in airgap mode (`FACTORY_AIRGAP_ENABLED`: no Factory services, no error reports,
 * no cloud sync; without it Droid looked up api.factory.ai at once), updates off, no keyring. Its
 * process starts in a folder of the run's state and the repository is given by `--cwd` (Droid
 * changes into it): a Bun-compiled binary may read `bunfig.toml` and dotenv files from its process
 * folder (not seen for Droid 0.215.0 even from the repository, kept as for Cline).
 *
 * Refused: the organisation's settings, the one layer above the overlay (its cached copy in the
 * home, `~/.factory/cache/org-managed-settings.json`, or a file `FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH`
 * names): its hooks and `hooksDisabled` would outrank the driver's.
 *
 * At every start Droid runs `ls` and `git status`, `git log`, `git symbolic-ref` and `git show-ref`
 * in the working directory (capture's git guard applies), and lists the names of its environment
 * variables to the model.
 *
 * What it sends: `POST /v1/messages`, streamed. The session-start files are in the first user
 * message, inside the environment reminder: from `# Codebase and user instructions are shown
 * below.` to the reminder's end, each file as `% cat <path>` (`~/…` for the home's) and a
 * `<coding_guidelines>` or `<design_guidelines>` block. Files a read discovers come in a user
 * message of their own after the read's result: `<system-reminder>\nAdditional project
 * instructions discovered along the accessed paths:`, each file as `## <path>` and its block: the
 * part ends with the last block (the skills a read discovers, and the reminder's end, follow).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AgentDriver, ExtractInput, Extracted, ExtractedListing, ExtractedPart } from './types';
import { DriverRefusal, GIT_STATUS_RESIDUE, mainRequests, messagesOf } from './types';

/** The driver's folder of the run's state that Droid is started in (its process working directory). */
export const PROCESS_FOLDER = 'process';
/** The runtime settings overlay, in the run's state. */
export const OVERLAY = 'runtime-settings.json';
const MODEL_NAME = 'Oracle';
/** What the driver asks for: Droid's id of the overlay's first custom model. */
export const MODEL_ID = `custom:${MODEL_NAME}-0`;

const CODEBASE = '# Codebase and user instructions are shown below.';
const DISCOVERED = '<system-reminder>\nAdditional project instructions discovered along the accessed paths:';
const CODING_END = '</coding_guidelines>';
const CAT_LINE = /^% cat (.+)$/gm;
const SKILLS_HEADER = 'Available skills (invoke by exact name when its description matches the request):';
const NEW_SKILLS_HEADER = 'New skills discovered along the accessed paths and now available via the Skill tool:';
const DROIDS_HEADER = /^Custom droids available \(from .* and .*\):$/;
/** Droid 0.215.0's built-in skills in the order it lists them (seen in every run): last, after the repository's and the home's. */
export const BUILTIN_SKILLS: readonly string[] = [
  'agent-browser',
  'tuistory',
  'detect-overlapping-workstreams',
  'install-code-review',
  'install-triage',
  'review',
  'simplify',
  'session-navigation',
  'pdf-document',
  'powerpoint',
  'excel',
  'word-document',
  'install-qa',
  'security-review',
  'deep-security-review',
  'incident',
  'wiki',
  'wiki-video-gen',
  'install-wiki',
  'browse-wiki',
];
const PATH_LINE = /^## (\/.*)\n<coding_guidelines>$/gm;

/** The runtime settings overlay: the endpoint as the first custom model, hooks and MCP servers off. */
export function overlay(port: number): Record<string, unknown> {
  return {
    customModels: [
      { model: 'claude-sonnet-4-6', displayName: MODEL_NAME, baseUrl: `http://127.0.0.1:${port}`, apiKey: 'oracle', provider: 'anthropic' },
    ],
    hooks: { hooksDisabled: true },
    mcpPolicy: { enabled: true, allowlist: [] },
  };
}

/** The organisation settings files Droid reads from a home (its cached copy). */
export function orgSettingsFiles(home: string): string[] {
  return ['org-managed-settings.json', 'org-managed-settings.json.backup'].map((f) => path.join(home, '.factory', 'cache', f));
}

/** Why Droid cannot be run with its hooks and MCP servers off, or null (see the module comment). */
export function orgRefusal(home: string, env: Readonly<Record<string, string>> | undefined): string | null {
  const named = env?.FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH?.trim();
  if (named)
    return `FACTORY_ORG_MANAGED_SETTINGS_LOCAL_PATH names organisation settings (${named}), which outrank the driver's: their hooks and hooksDisabled would win`;
  for (const file of orgSettingsFiles(home))
    if (fs.existsSync(file))
      return `${file} holds organisation settings, which outrank the driver's: their hooks and hooksDisabled would win, so Droid is not started`;
  return null;
}

interface Block {
  type?: unknown;
  text?: unknown;
}

function textBlocks(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return (content as Block[]).flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : []));
}

/** The session-start part of the environment reminder: from the instructions heading to the reminder's end. */
export function sessionPart(reminder: string): string | null {
  const at = reminder.indexOf(CODEBASE);
  if (!reminder.startsWith('<system-reminder>') || at < 0) return null;
  const end = reminder.lastIndexOf('</system-reminder>');
  return reminder.slice(at, end < at ? undefined : end).trimEnd();
}

/**
 * The files part of a discovery reminder: from its start to its last instruction block (the
 * skills a read discovered, and the reminder's end, follow it).
 */
export function discoveredPart(reminder: string): string | null {
  if (!reminder.startsWith(DISCOVERED)) return null;
  const end = reminder.lastIndexOf(CODING_END);
  return end < 0 ? null : reminder.slice(0, end + CODING_END.length);
}

/** The lines of a reminder after its header line, up to the reminder's end. */
function linesAfter(reminder: string, header: string): string[] | null {
  const lines = reminder.split('\n');
  const at = lines.indexOf(header);
  if (at < 0) return null;
  const end = lines.indexOf('</system-reminder>', at);
  return lines.slice(at + 1, end < 0 ? undefined : end);
}

/** The skill entries of the start-of-session list (`<name>: <description>`), Droid's built-in ones (the list's tail) left out. */
export function sessionSkills(reminder: string): ExtractedListing[] {
  const lines = linesAfter(reminder, SKILLS_HEADER);
  if (lines === null) return [];
  const entries = lines.filter((l) => l !== '');
  // The built-in skills close the list, in their own order (one a repository skill shadows is missing).
  let end = entries.length;
  for (let j = BUILTIN_SKILLS.length - 1; end > 0 && j >= 0; end--) {
    const at = BUILTIN_SKILLS.lastIndexOf(entries[end - 1].split(': ')[0], j);
    if (at < 0) break;
    j = at - 1;
  }
  return entries.slice(0, end).map((text) => ({ kind: 'skill', name: text.split(': ')[0], place: 'first-user-message', text }));
}

/** The custom droid entries (`- <name>: … (location: …)`) of the subagents reminder. */
export function customDroids(reminder: string): ExtractedListing[] {
  const lines = reminder.split('\n');
  const at = lines.findIndex((l) => DROIDS_HEADER.test(l));
  if (at < 0) return [];
  const out: ExtractedListing[] = [];
  for (const text of lines.slice(at + 1)) {
    if (!text.startsWith('- ')) break;
    out.push({ kind: 'agent', name: text.slice(2).split(': ')[0].replace(/:$/, ''), place: 'first-user-message', text });
  }
  return out;
}

/** The skill entries (`- <name>: <description> (<location>)`, a blank line between) a read discovered. */
export function discoveredSkills(reminder: string): ExtractedListing[] {
  if (!reminder.startsWith('<system-reminder>\n')) return [];
  const lines = linesAfter(reminder, NEW_SKILLS_HEADER);
  if (lines === null) return [];
  // Entries are separated by a blank line; a description may run over several lines.
  const entries: string[][] = [];
  lines.forEach((l, i) => {
    if (l.startsWith('- ') && (i === 0 || lines[i - 1] === '')) entries.push([l]);
    else if (entries.length > 0) entries[entries.length - 1].push(l);
  });
  return entries.map((e) => {
    while (e.length > 1 && e[e.length - 1] === '') e.pop();
    const text = e.join('\n');
    return { kind: 'skill', name: text.slice(2).split(': ')[0], place: 'tool-result', text };
  });
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Droid sent no model request'] };
  const parts: ExtractedPart[] = [];
  const files: string[] = [];
  const listings: ExtractedListing[] = [];
  const first = messagesOf(requests[0]);
  const firstUser = first.find((m) => m.role === 'user');
  for (const text of textBlocks(firstUser?.content)) {
    listings.push(...sessionSkills(text), ...customDroids(text));
    const part = sessionPart(text);
    if (part === null) continue;
    parts.push({ place: 'first-user-message', text: part });
    for (const m of part.matchAll(CAT_LINE)) files.push(m[1].startsWith('~/') ? path.join(input.home, m[1].slice(2)) : m[1]);
  }
  const last = messagesOf(requests[requests.length - 1]);
  for (const m of last.slice(first.length)) {
    if (m.role !== 'user') continue;
    for (const text of textBlocks(m.content)) {
      listings.push(...discoveredSkills(text));
      const part = discoveredPart(text);
      if (part === null) continue;
      parts.push({ place: 'tool-result', text: part });
      for (const f of part.matchAll(PATH_LINE)) files.push(f[1]);
    }
  }
  return { files, parts, problems: [], listings };
}

export const DROID_DRIVER: AgentDriver = {
  name: 'droid',
  profile: 'droid',
  protocol: 'anthropic-messages',
  stateFiles: ({ port }) => ({
    // The process's working directory (see PROCESS_FOLDER): Bun reads this bunfig.toml, not the repository's.
    [`${PROCESS_FOLDER}/bunfig.toml`]:
      '# Droid is started here, outside the repository: Bun reads no bunfig.toml or .env of the repository.\n',
    [OVERLAY]: JSON.stringify(overlay(port), null, 2),
  }),
  launch: ({ executable, cwd, home, state, prompt, env }) => {
    const refusal = orgRefusal(home, env);
    if (refusal) throw new DriverRefusal(refusal);
    const processFolder = path.join(state, PROCESS_FOLDER);
    return {
      command: executable,
      args: ['exec', '-m', MODEL_ID, '--settings', path.join(state, OVERLAY), '--cwd', cwd, prompt],
      cwd: processFolder,
      env: {
        HOME: home,
        PWD: processFolder,
        FACTORY_AIRGAP_ENABLED: 'true',
        FACTORY_DROID_AUTO_UPDATE_ENABLED: 'false',
        FACTORY_DISABLE_KEYRING: '1',
      },
    };
  },
  residue: [
    // The `ls` of the working directory Droid runs at the start (one name a line): the instruction files among them.
    { kind: 'ls at session start', pattern: /^(?:CLAUDE|Claude|AGENTS|Agents|agents|DESIGN|Design|design)\.md$/ },
    { kind: 'custom droids header', pattern: DROIDS_HEADER },
    { kind: 'discovered skills header', pattern: /^New skills discovered along the accessed paths and now available via the Skill tool:$/ },
    { kind: 'reminder tags', pattern: /^<\/?system-reminder>$/ },
    // A built-in skill a repository skill of its name shadows is listed only without the repository's.
    { kind: 'built-in skill', pattern: new RegExp(`^(?:${BUILTIN_SKILLS.join('|')}): `) },
    { kind: 'custom droids footer', pattern: /^Only invoke subagents that are currently available\.$/ },
    // In a git repository git takes for one, the `git status` Droid runs at start (`?? .factory/`).
    GIT_STATUS_RESIDUE,
  ],
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'Read', input: { file_path: file } }),
  extract,
};
