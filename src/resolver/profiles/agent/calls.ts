/** The tool calls of an agent that loads files on touch, as its formats group them. */
import type { ContextSource } from '../../profile';

/** The sources loaded on touch, grouped by the tool call that loaded them (SourceFacts.call), first call first. */
export function byToolCall(sources: readonly ContextSource[]): ContextSource[][] {
  const calls = new Map<number, ContextSource[]>();
  for (const s of sources) {
    if (s.delivery !== 'on-touch') continue;
    const call = s.facts?.call ?? -1;
    const list = calls.get(call);
    if (list) list.push(s);
    else calls.set(call, [s]);
  }
  return [...calls.values()];
}
