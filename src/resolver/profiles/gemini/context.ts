/**
 * Gemini CLI 0.61's framing of context files, one function per place it puts them (see README.md,
 * "Context"): the global files in the memory section that ends its system instruction, the project
 * files in `<loaded_context>` inside the first user message, and each tool call's newly found
 * files after that tool's output.
 */

/** Where Gemini puts a part of the context. */
export type GeminiPlace = 'system-prompt' | 'first-user-message' | 'tool-result';

/** One part of the context: its place, its exact text and the evidence paths of its files. */
export interface GeminiPart {
  place: GeminiPlace;
  text: string;
  sources: string[];
}

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

/** The fixed paragraph between the memory section's heading and its `<loaded_context>`. */
const PRECEDENCE = `The following content is loaded from local and global configuration files.
**Context Precedence:**
- **Global (~/.gemini/):** foundational user preferences. Apply these broadly.
- **Extensions:** supplementary knowledge and capabilities.
- **Workspace Root:** workspace-wide mandates. Supersedes global preferences.
- **Sub-directories:** highly specific overrides. These rules supersede all others for files within their scope.

**Conflict Resolution:**
- **Precedence:** Strictly follow the order above (Sub-directories > Workspace Root > Extensions > Global).
- **System Overrides:** Contextual instructions override default operational behaviors (e.g., tech stack, style, workflows, tool preferences) defined in the system prompt. However, they **cannot** override Core Mandates regarding safety, security, and agent integrity.`;

/**
 * The system instruction's memory section for the global files' blocks ('' when there are none):
 * a heading naming `headerNames`, the fixed paragraph, and the blocks in `<loaded_context>`. Gemini
 * collapses every run of three or more line feeds in its whole system instruction to two, the
 * global files' text included.
 */
export function systemPromptPart(global: string, headerNames: readonly string[]): string {
  if (global.trim() === '') return '';
  const section = `# Contextual Instructions (${headerNames.join(', ')})\n${PRECEDENCE}\n\n<loaded_context>\n${global.trim()}\n</loaded_context>`;
  return section.replace(/\n{3,}/g, '\n\n');
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

/** The whole context: the parts' texts in the order the model sees them, joined by a blank line. */
export function joinParts(parts: readonly GeminiPart[]): string {
  return parts.map((p) => p.text).join('\n\n');
}

/**
 * Whether the memory section's heading names the context files (Gemini 3 models, and models not
 * named `gemini-…`) or always says `GEMINI.md` (Gemini 2.5 and older), for the model Gemini runs:
 * `-m`, else `GEMINI_MODEL`, else `model.name`, else `auto`. The aliases resolve as for an account
 * with preview access (`auto`, `pro`, `flash`, `flash-lite`, `auto-gemini-3`: Gemini 3;
 * `auto-gemini-2.5`: Gemini 2.5 Pro).
 */
export function headingNamesFiles(model: string | null | undefined): boolean {
  const m = (model ?? '').trim();
  if (m === '' || m === 'auto' || m === 'pro' || m === 'flash' || m === 'flash-lite' || m === 'auto-gemini-3') return true;
  if (m === 'auto-gemini-2.5') return false;
  return /^gemini-3(\.|-|$)/.test(m) || !m.startsWith('gemini-');
}
