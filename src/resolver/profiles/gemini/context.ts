/**
 * Gemini CLI's framing of context files (`concatenateInstructions`) and of the files a tool call
 * discovers (`appendJitContext`), exactly as Gemini writes them.
 */

/** One file's block; undefined for a file with no text after trimming (Gemini drops it). */
export function geminiBlock(absolute: string, text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return `--- Context from: ${absolute} ---\n${trimmed}\n--- End of Context from: ${absolute} ---`;
}

/** Files' blocks joined by a blank line, empty ones dropped. */
export function concatenate(files: readonly { absolute: string; text: string }[]): string {
  const blocks: string[] = [];
  for (const f of files) {
    const block = geminiBlock(f.absolute, f.text);
    if (block !== undefined) blocks.push(block);
  }
  return blocks.join('\n\n');
}

export const JIT_CONTEXT_PREFIX = '\n\n--- Newly Discovered Project Context ---\n';
export const JIT_CONTEXT_SUFFIX = '\n--- End Project Context ---';

/**
 * The whole context Holaryn shows: the global and project texts (Gemini sends them in the system
 * instruction and the first user message) joined by a blank line, then one block per tool call
 * that discovered files, as Gemini appends it to the tool's output. The leading blank line of the
 * first block is dropped when nothing precedes it.
 */
export function geminiContext(global: string, project: string, touched: readonly string[]): string {
  let out = [global, project].filter((s) => s !== '').join('\n\n');
  for (const jit of touched) {
    if (jit === '') continue;
    const block = `${JIT_CONTEXT_PREFIX}${jit}${JIT_CONTEXT_SUFFIX}`;
    out += out === '' ? block.slice(2) : block;
  }
  return out;
}
