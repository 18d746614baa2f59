/**
 * Gemini CLI 0.61's framing of context files, one function per place it puts them (evidence
 * `contextParts`; see README.md, "Context"): the global files in the memory section that ends its system instruction, the project
 * files in `<loaded_context>` inside the first user message, and each tool call's newly found
 * files after that tool's output.
 */
import type { ContextPlace } from '../../evidence';
import type { ContextFormat, ContextPart, ContextSource } from '../../profile';
import { byToolCall, partsFormat } from '../agent/parts';

/** A file as framed: its header path (the absolute path as Gemini found it) and its text. */
export interface FramedFile {
  absolute: string;
  text: string;
}

/** One file's block; undefined for a file with no text after trimming (Gemini drops it). */
export function geminiBlock(absolute: string, text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return `--- Context from: ${absolute} ---\n${trimmed}\n--- End of Context from: ${absolute} ---`;
}

/** Files' blocks joined by a blank line, empty ones dropped (`concatenateInstructions`). */
export function concatenate(files: readonly FramedFile[]): string {
  const blocks: string[] = [];
  for (const f of files) {
    const block = geminiBlock(f.absolute, f.text);
    if (block !== undefined) blocks.push(block);
  }
  return blocks.join('\n\n');
}

/**
 * The global files' blocks as the system instruction carries them ('' when there are none), in the
 * `<loaded_context>` that ends its memory section. (A heading and a fixed paragraph on context
 * precedence come before it; the heading names the context files for Gemini 3 models and says
 * `GEMINI.md` for Gemini 2.5 ones.) Gemini collapses every run of three or more line feeds in its
 * whole system instruction to two, the global files' text included.
 */
export function systemPromptPart(global: string): string {
  if (global.trim() === '') return '';
  return `<loaded_context>\n${global.trim()}\n</loaded_context>`.replace(/\n{3,}/g, '\n\n');
}

/** The project files' blocks as the first user message carries them ('' when there are none). */
export function firstUserMessagePart(project: string): string {
  if (project.trim() === '') return '';
  return `<loaded_context>\n<project_context>\n${project.trim()}\n</project_context>\n</loaded_context>`;
}

/** One tool call's newly found files as appended to its output ('' when it found none). */
export function toolResultPart(found: string): string {
  if (found === '') return '';
  return `--- Newly Discovered Project Context ---\n${found}\n--- End Project Context ---`;
}

/**
 * The context's parts in the order the model sees them, each with Gemini's text for its place: the
 * global files in the system instruction, the project files in the first user message, then one
 * part per tool call that found files. A part with no text (no file, or only blank ones) is left out.
 */
function geminiParts(sources: readonly ContextSource[]): ContextPart[] {
  const header = (s: ContextSource) => s.facts?.written ?? s.absolute ?? s.path;
  const parts: ContextPart[] = [];
  const add = (place: ContextPlace, list: readonly ContextSource[], render: (blocks: string) => string) => {
    const text = render(concatenate(list.map((s) => ({ absolute: header(s), text: s.content }))));
    if (text !== '') parts.push({ place, text, sources: list.filter((s) => s.content.trim() !== '').map((s) => s.path) });
  };
  const baseline = sources.filter((s) => s.delivery !== 'on-touch');
  add(
    'system-prompt',
    baseline.filter((s) => s.scope === 'global'),
    systemPromptPart,
  );
  add(
    'first-user-message',
    baseline.filter((s) => s.scope !== 'global'),
    firstUserMessagePart,
  );
  for (const list of byToolCall(sources)) add('tool-result', list, toolResultPart);
  return parts;
}

/** Gemini's framing: every source's text whole (no budget), in the parts above. */
export const GEMINI_FORMAT: ContextFormat = partsFormat(geminiParts);
