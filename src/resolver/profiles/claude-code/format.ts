/**
 * The text Claude Code 2.1.328 sends for its memory files, in the three places it puts them
 * (README.md in this folder):
 *
 * - **first-user-message**: the launch files, in one system reminder at the start of the first
 *   user message, after a header sentence, each file as `Contents of <path> (<label>):`, a blank
 *   line and its trimmed text;
 * - **tool-result**: files the engine loads when a tool touches a path (subdirectory CLAUDE.md
 *   files, path rules), each in its own system reminder after the tool's result, untrimmed and
 *   without a label;
 * - **system-message**: the AGENTS.md files its built-in AGENTS.md plugin adds on a read, in one
 *   system message after the tool's result, untrimmed.
 *
 * Each function renders one place from the sources of that place, in order.
 */
import type { ContextSource } from '../../profile';

export type ClaudePlace = 'first-user-message' | 'tool-result' | 'system-message';

/** What Claude Code calls each kind of memory file. */
export type MemoryKind = 'managed' | 'user' | 'project' | 'local';

/** The source tag of AGENTS.md files the AGENTS.md plugin adds on a read (their own place). */
export const HOOK_TAG = 'agents-hook';

export const HEADER_SENTENCE =
  'Codebase and user instructions are shown below. Be sure to adhere to these instructions. IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written.';

const LABELS: Record<MemoryKind, string> = {
  managed: ' (organization-managed policy instructions)',
  user: " (user's private global instructions for all projects)",
  project: ' (project instructions, checked into the codebase)',
  local: " (user's private project instructions, not checked in)",
};

const OPEN = '<system-reminder>\n';
const CLOSE = '\n</system-reminder>';
const HOOK_PREFIX = 'tool.call hook additional context: ';

/** The place a source's text goes to. */
export function placeOf(s: Pick<ContextSource, 'delivery' | 'tag'>): ClaudePlace {
  if (s.delivery !== 'on-touch') return 'first-user-message';
  return s.tag === HOOK_TAG ? 'system-message' : 'tool-result';
}

function labelOf(tag: string | undefined): string {
  return tag !== undefined && tag in LABELS ? LABELS[tag as MemoryKind] : LABELS.project;
}

/** A tag-like `<system-reminder` or `</system-reminder` in a file loaded on touch gets a `\` after its `<`. */
export function escapeToolResult(text: string): string {
  return text.replace(/<(?=\/?system-reminder(?![\w-]))/gi, '<\\');
}

/** In the plugin's message every `<` that opens a `system-reminder` tag, spaces allowed, becomes `&lt;`. */
export function escapeSystemMessage(text: string): string {
  return text.replace(/<(?=\s*\/?\s*system-reminder(?!\w))/gi, '&lt;');
}

/** A source with the path Claude Code names it by (the path as reached: links not resolved). */
export interface Named {
  source: ContextSource;
  path: string;
}

/** The launch files: one system reminder with the header sentence, or "" when there are none. */
export function renderFirstUserMessage(files: readonly Named[]): string {
  if (files.length === 0) return '';
  const body = files.map((f) => `Contents of ${f.path}${labelOf(f.source.tag)}:\n\n${f.source.content.trim()}`).join('\n\n');
  return `${OPEN}${HEADER_SENTENCE}\n\n${body}${CLOSE}`;
}

/** Files the engine loads on touch: a system reminder each, one after the other. */
export function renderToolResult(files: readonly Named[]): string {
  return files.map((f) => `${OPEN}${escapeToolResult(`Contents of ${f.path}:\n\n${f.source.content}`)}${CLOSE}`).join('\n');
}

/** AGENTS.md files the plugin adds on a read: one message, or "" when there are none. */
export function renderSystemMessage(files: readonly Named[]): string {
  if (files.length === 0) return '';
  return escapeSystemMessage(HOOK_PREFIX + files.map((f) => `Contents of ${f.path}:\n\n${f.source.content}`).join('\n'));
}

export interface ClaudePart {
  place: ClaudePlace;
  text: string;
  /** Display paths of the sources in this part, in order. */
  sources: string[];
}

const RENDERERS: Record<ClaudePlace, (files: readonly Named[]) => string> = {
  'first-user-message': renderFirstUserMessage,
  'tool-result': renderToolResult,
  'system-message': renderSystemMessage,
};

/** The non-empty parts in the order the model reads them: first user message, tool result, system message. */
export function claudeParts(files: readonly Named[]): ClaudePart[] {
  const parts: ClaudePart[] = [];
  for (const place of Object.keys(RENDERERS) as ClaudePlace[]) {
    const mine = files.filter((f) => placeOf(f.source) === place);
    if (mine.length === 0) continue;
    parts.push({ place, text: RENDERERS[place](mine), sources: mine.map((f) => f.source.path) });
  }
  return parts;
}
