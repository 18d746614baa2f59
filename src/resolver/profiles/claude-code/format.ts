/**
 * The text Claude Code 2.1.328 sends for its memory files, in the places it puts them (README.md
 * in this folder; which model gets which layout: model.ts):
 *
 * - **first-user-message**: the launch files, in one system reminder at the start of the first
 *   user message, after a header sentence, each file as `Contents of <path> (<label>):`, a blank
 *   line and its trimmed text (every model);
 * - with a model before claude-opus-4-8 (`in-tool-result`), inside the result of the tool that
 *   touched a path (**tool-result**): first the AGENTS.md files its built-in AGENTS.md plugin adds
 *   on a read, together in one system reminder (`tool.call hook additional context: …`), then each
 *   file the engine loads (subdirectory CLAUDE.md files, path rules) in a system reminder of its
 *   own; all untrimmed, without a label;
 * - with the default model and the later ones (`system-messages`): each engine file's reminder a
 *   text block after the tool result (**tool-result**; every block but the last ends with a line
 *   break), then the plugin's text, without a reminder around it, as a **system-message**.
 *
 * Each function renders one part from its sources, in order.
 */
import { contentOnlyLayout } from '../../fit';
import { CONTEXT_PART_SEPARATOR } from '../../profile';
import type { ContextFormat, ContextSource, FormatFrame } from '../../profile';
import { CODE_POINTS } from '../../units';
import { type ClaudeSession, DEFAULT_SESSION, type TouchLayout } from './model';

export type ClaudePlace = 'first-user-message' | 'tool-result' | 'system-message';

/** What Claude Code calls each kind of memory file. */
export type MemoryKind = 'managed' | 'user' | 'project' | 'local';

/** The source tag of AGENTS.md files the AGENTS.md plugin adds on a read (their own reminder). */
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

/** Which part a source's text goes to: the launch reminder, the plugin's reminder, or one of its own. */
function groupOf(s: Pick<ContextSource, 'delivery' | 'tag'>): 'launch' | 'hook' | 'engine' {
  if (s.delivery !== 'on-touch') return 'launch';
  return s.tag === HOOK_TAG ? 'hook' : 'engine';
}

function labelOf(tag: string | undefined): string {
  return tag !== undefined && tag in LABELS ? LABELS[tag as MemoryKind] : LABELS.project;
}

/** A tag-like `<system-reminder` or `</system-reminder` in a file loaded on touch gets a `\` after its `<`. */
export function escapeToolResult(text: string): string {
  return text.replace(/<(?=\/?system-reminder(?![\w-]))/gi, '<\\');
}

/** In the plugin's reminder every `<` that opens a `system-reminder` tag, spaces allowed, becomes `&lt;`. */
export function escapeHookContext(text: string): string {
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

/** The kept head of a text over `cap` (cut at the last line break before it) and the line the rest starts on. */
export function touchCut(content: string, cap: number): { head: string; line: number } | undefined {
  const text = content.trim();
  if (text.length <= cap) return undefined;
  const nl = text.lastIndexOf('\n', cap);
  let end = nl > 0 ? nl : cap;
  // Assumed: a cut inside a character keeps the character out.
  if (nl <= 0 && /[\ud800-\udbff]/.test(text[end - 1] ?? '')) end--;
  const head = text.slice(0, end);
  return { head, line: nl > 0 ? head.split('\n').length + 1 : 1 };
}

/** Whether Claude Code may cut this source: a file the engine loads on touch, not a managed one. */
export function cuttable(s: Pick<ContextSource, 'delivery' | 'tag'>): boolean {
  return groupOf(s) === 'engine' && s.tag !== 'managed';
}

/** A file the engine loads on touch: its own system reminder, cut past `cap`. */
export function renderTouched(f: Named, cap: number | null = null): string {
  const cut = cap === null || !cuttable(f.source) ? undefined : touchCut(f.source.content, cap);
  const text = cut
    ? `${cut.head}\n\n> Only the start of this file is shown. For the rest, call Read on ${f.path} with offset=${cut.line} and a limit.`
    : f.source.content;
  return `${OPEN}${escapeToolResult(`Contents of ${f.path}:\n\n${text}`)}${CLOSE}`;
}

/** The AGENTS.md files the plugin adds on a read: one system reminder (unwrapped in a system message), or "" when there are none. */
export function renderHook(files: readonly Named[], wrapped = true): string {
  if (files.length === 0) return '';
  const text = escapeHookContext(HOOK_PREFIX + files.map((f) => `Contents of ${f.path}:\n\n${f.source.content}`).join('\n'));
  return wrapped ? `${OPEN}${text}${CLOSE}` : text;
}

export interface ClaudePart {
  place: ClaudePlace;
  text: string;
  /** Display paths of the sources in this part, in order. */
  sources: string[];
}

/**
 * The parts in the order the model reads them: the first user message's reminder, then in the
 * tool's result the plugin's reminder and one reminder per file the engine loaded
 * (`in-tool-result`), or the engine's files after the tool result and the plugin's system message
 * (`system-messages`; `wrapped`: that message in a reminder). `reminderAfterLaunch`: another reminder follows the launch one
 * (its git status, its attribution reminder).
 */
export function claudeParts(
  files: readonly Named[],
  cap: number | null = null,
  layout: TouchLayout = 'in-tool-result',
  reminderAfterLaunch = true,
  wrapped = false,
): ClaudePart[] {
  const of = (group: ReturnType<typeof groupOf>) => files.filter((f) => groupOf(f.source) === group);
  const part = (place: ClaudePlace, mine: readonly Named[], text: string): ClaudePart => ({
    place,
    text,
    sources: mine.map((f) => f.source.path),
  });
  const parts: ClaudePart[] = [];
  const launch = of('launch');
  // With system messages, the last reminder before the prompt ends with a line break: the launch one when no other reminder follows it.
  const launchEnd = layout === 'system-messages' && !reminderAfterLaunch ? '\n' : '';
  if (launch.length > 0) parts.push(part('first-user-message', launch, renderFirstUserMessage(launch) + launchEnd));
  const hook = of('hook');
  const engine = of('engine');
  if (layout === 'in-tool-result') {
    if (hook.length > 0) parts.push(part('tool-result', hook, renderHook(hook)));
    for (const f of engine) parts.push(part('tool-result', [f], renderTouched(f, cap)));
    return parts;
  }
  engine.forEach((f, i) => parts.push(part('tool-result', [f], renderTouched(f, cap) + (i < engine.length - 1 ? '\n' : ''))));
  if (hook.length > 0) parts.push(part('system-message', hook, renderHook(hook, wrapped)));
  return parts;
}

/** The path Claude Code names a source by: the one its discovery recorded, else the path under the working directory. */
function writtenPath(s: ContextSource, frame: FormatFrame | undefined): string {
  const written = s.facts?.written;
  if (written !== undefined) return written;
  if (s.scope === 'global' || frame === undefined) return s.absolute ?? s.path;
  return frame.path.join(frame.root, ...s.path.split('/'));
}

/** The parts of a context, by place (the oracle's `contextParts`), laid out for the session's model. */
export function claudeContextParts(sources: readonly ContextSource[], frame?: FormatFrame<ClaudeSession>): ClaudePart[] {
  const { model, reminderAfterLaunch } = frame?.session ?? DEFAULT_SESSION;
  return claudeParts(
    sources.map((source) => ({ source, path: writtenPath(source, frame) })),
    model.cut,
    model.layout,
    reminderAfterLaunch,
    model.wrapped,
  );
}

export const CLAUDE_CODE_FORMAT: ContextFormat<ClaudeSession> = {
  layout: (sources) => contentOnlyLayout(sources, CODE_POINTS.measure),
  render: (sources, _decision, _budget, _unit, frame) =>
    claudeContextParts(sources, frame)
      .map((p) => p.text)
      .join(CONTEXT_PART_SEPARATOR),
  renderParts: (sources, _decision, _budget, _unit, frame) => claudeContextParts(sources, frame),
};
