/**
 * opencode's framing: each file `Instructions from: <absolute path>` + newline + its text. In the
 * system prompt (after the `<env>` block) the files are joined by a newline; in the read tool's
 * output they are joined by a blank line inside `<system-reminder>` … `</system-reminder>`.
 */
import type { ContextFormat, ContextPart, ContextSource } from '../../profile';
import { byToolCall, partsFormat } from '../agent/parts';
import { systemPromptPart, toolResultPart } from '../agent/opencode-core';

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
