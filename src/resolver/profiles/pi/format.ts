/**
 * pi's framing (0.73.1, `buildSystemPrompt`): the system prompt ends with a `SYSTEM.md` that
 * replaced pi's own prompt, each `APPEND_SYSTEM.md` after a blank line, then the project context:
 * `# Project Context\n\nProject-specific instructions and guidelines:\n\n` and, per file,
 * `## <absolute path>\n\n<text>\n\n` (every file whole, an empty one too). The part is those
 * pieces joined by a blank line, as pi joins them to what comes before.
 */
import type { ContextPart, ContextSource } from '../../profile';
import { partsFormat } from '../agent/parts';

export const PROJECT_CONTEXT_HEADER = '# Project Context\n\nProject-specific instructions and guidelines:\n\n';

/** Which piece of the prompt a source is (NamedCandidate.tag). */
export type PiPiece = 'system' | 'append' | 'context';

export function contextBlock(files: readonly { written: string; text: string }[]): string {
  return files.length === 0 ? '' : PROJECT_CONTEXT_HEADER + files.map((f) => `## ${f.written}\n\n${f.text}\n\n`).join('');
}

function piParts(sources: readonly ContextSource[]): ContextPart[] {
  const of = (tag: PiPiece) => sources.filter((s) => s.tag === tag);
  const system = of('system').filter((s) => s.content !== '');
  const append = of('append').filter((s) => s.content !== '');
  const context = of('context');
  const pieces = [
    ...system.map((s) => s.content),
    ...append.map((s) => s.content),
    contextBlock(context.map((s) => ({ written: s.facts?.written ?? s.absolute ?? s.path, text: s.content }))),
  ].filter((t) => t !== '');
  if (pieces.length === 0) return [];
  return [{ place: 'system-prompt', text: pieces.join('\n\n'), sources: [...system, ...append, ...context].map((s) => s.path) }];
}

export const PI_FORMAT = partsFormat(piParts);
