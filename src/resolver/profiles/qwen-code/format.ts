/**
 * Qwen Code's framing (memoryDiscovery.ts `concatenateInstructions`, rulesDiscovery.ts
 * `formatRules`, coreToolScheduler's reminder): each context file as `--- Context from: <path
 * relative to the working directory> ---`, its trimmed text, `--- End of Context from: <path>
 * ---`; each rule as `--- Rule from: <path relative to the project root> ---` … `--- End of Rule
 * from: <path> ---`; blocks joined by a blank line, the baseline rules after the context files.
 * A conditional rule comes after the result of the tool call that touched a matching file, all
 * rules of that call in one `<system-reminder>`.
 */
import type { ContextFormat, ContextPart, ContextSource } from '../../profile';
import { partsFormat } from '../agent/parts';
import { parseRule } from './discover';

export function contextBlock(path: string, text: string): string {
  return `--- Context from: ${path} ---\n${text}\n--- End of Context from: ${path} ---`;
}

export function ruleBlock(path: string, text: string): string {
  return `--- Rule from: ${path} ---\n${text}\n--- End of Rule from: ${path} ---`;
}

export function reminder(body: string): string {
  return `<system-reminder>\n${body}\n</system-reminder>`;
}

function parts(sources: readonly ContextSource[]): ContextPart[] {
  const system: { text: string; path: string }[] = [];
  const rules: { text: string; path: string }[] = [];
  const calls = new Map<number, { text: string; path: string }[]>();
  for (const s of sources) {
    const written = s.facts?.written;
    if (written === undefined) continue;
    if (s.tag === 'context') {
      const text = s.content.trim();
      if (text === '') continue;
      system.push({ text: contextBlock(written, text), path: s.path });
      continue;
    }
    const content = parseRule(s.content).content;
    if (content === null) continue;
    const block = { text: ruleBlock(written, content), path: s.path };
    const call = s.facts?.call;
    if (s.delivery !== 'on-touch') rules.push(block);
    else if (call !== undefined) {
      const list = calls.get(call);
      if (list) list.push(block);
      else calls.set(call, [block]);
    }
  }
  const out: ContextPart[] = [];
  const baseline = [...system, ...rules];
  if (baseline.length > 0)
    out.push({ place: 'system-prompt', text: baseline.map((b) => b.text).join('\n\n'), sources: baseline.map((b) => b.path) });
  for (const call of [...calls.keys()].sort((a, b) => a - b)) {
    const list = calls.get(call)!;
    out.push({ place: 'tool-result', text: reminder(list.map((b) => b.text).join('\n\n')), sources: list.map((b) => b.path) });
  }
  return out;
}

/** Qwen's framing: each source as its discovery tagged it (`context` or `rule`), with the path Qwen writes. */
export const QWEN_FORMAT: ContextFormat = partsFormat(parts);
