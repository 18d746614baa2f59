/**
 * opencode's framing: each file `Instructions from: <absolute path>` + newline + its text. In the
 * system prompt (after the `<env>` block) the files are joined by a newline; in the read tool's
 * output they are joined by a blank line inside `<system-reminder>` … `</system-reminder>`.
 */
import type { ContextFormat, ContextPart, ContextSource } from '../../profile';
import { byToolCall, partsFormat } from '../agent/parts';

export interface Block {
  readonly written: string;
  readonly text: string;
}

function blocks(list: readonly Block[], separator: string): string {
  return list.map((b) => `Instructions from: ${b.written}\n${b.text}`).join(separator);
}

export function systemPromptPart(list: readonly Block[]): string {
  return list.length === 0 ? '' : blocks(list, '\n');
}

export function toolResultPart(list: readonly Block[]): string {
  return list.length === 0 ? '' : `<system-reminder>\n${blocks(list, '\n\n')}\n</system-reminder>`;
}

/** The system prompt's files, then one part per read that loaded files (each source's facts say which). */
function opencodeParts(sources: readonly ContextSource[]): ContextPart[] {
  const block = (s: ContextSource) => ({ written: s.facts?.written ?? s.absolute ?? s.path, text: s.content });
  const parts: ContextPart[] = [];
  const shown = sources.filter((s) => s.content !== '');
  const baseline = shown.filter((s) => s.delivery !== 'on-touch');
  const system = systemPromptPart(baseline.map(block));
  if (system !== '') parts.push({ place: 'system-prompt', text: system, sources: baseline.map((s) => s.path) });
  for (const list of byToolCall(shown))
    parts.push({ place: 'tool-result', text: toolResultPart(list.map(block)), sources: list.map((s) => s.path) });
  return parts;
}

/** opencode's framing: every source's text whole (no budget), in the parts above. */
export const OPENCODE_FORMAT: ContextFormat = partsFormat(opencodeParts);
