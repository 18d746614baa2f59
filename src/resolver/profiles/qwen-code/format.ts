/**
 * Qwen Code's framing (memoryDiscovery.ts `concatenateInstructions`, rulesDiscovery.ts
 * `formatRules`, coreToolScheduler's reminder): each context file as `--- Context from: <path
 * relative to the working directory> ---`, its trimmed text, `--- End of Context from: <path>
 * ---`; each rule as `--- Rule from: <path relative to the project root> ---` … `--- End of Rule
 * from: <path> ---`; blocks joined by a blank line, the baseline rules after the context files.
 * A conditional rule comes after the result of the tool call that touched a matching file, all
 * rules of that call in one `<system-reminder>`.
 */
import type { ContextFormat, ContextPart, ContextSource, FormatFrame, Layout } from '../../profile';
import { contentOnlyLayout } from '../../fit';
import { CODE_POINTS } from '../../units';
import { CONTEXT_PART_SEPARATOR } from '../../profile';
import { requireFrame } from '../agent/configure';
import { parseRule, type QwenCandidate } from './discover';

export function contextBlock(path: string, text: string): string {
  return `--- Context from: ${path} ---\n${text}\n--- End of Context from: ${path} ---`;
}

export function ruleBlock(path: string, text: string): string {
  return `--- Rule from: ${path} ---\n${text}\n--- End of Rule from: ${path} ---`;
}

export function reminder(body: string): string {
  return `<system-reminder>\n${body}\n</system-reminder>`;
}

/** The candidates of the call by evidence path: what the format frames each source with. */
export type Named = ReadonlyMap<string, QwenCandidate>;

function parts(sources: readonly ContextSource[], named: Named, frame: FormatFrame): ContextPart[] {
  const P = frame.path;
  const system: { text: string; path: string }[] = [];
  const rules: { text: string; path: string }[] = [];
  const calls = new Map<number, { text: string; path: string }[]>();
  for (const s of sources) {
    const c = named.get(s.path);
    if (!c) continue;
    if (c.kind === 'context') {
      const text = s.content.trim();
      if (text === '') continue;
      const header = P.relative(frame.cwd, c.abs).split(P.sep).join('/');
      system.push({ text: contextBlock(header, text), path: s.path });
      continue;
    }
    const content = parseRule(s.content).content;
    if (content === null) continue;
    const block = { text: ruleBlock(c.header, content), path: s.path };
    if (c.delivery !== 'on-touch') rules.push(block);
    else if (c.call !== undefined) {
      const list = calls.get(c.call);
      if (list) list.push(block);
      else calls.set(c.call, [block]);
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

export function qwenFormat(named: Named): ContextFormat {
  const render = (sources: readonly ContextSource[], frame: FormatFrame | undefined) =>
    parts(sources, named, requireFrame(frame, 'qwen-code'))
      .map((p) => p.text)
      .join(CONTEXT_PART_SEPARATOR);
  return {
    layout(sources, _budget, _unit, frame): Layout {
      return { ...contentOnlyLayout(sources, CODE_POINTS.measure), complete: () => CODE_POINTS.measure(render(sources, frame)) };
    },
    render: (sources, _decision, _budget, _unit, frame) => render(sources, frame),
    renderParts: (sources, _decision, _budget, _unit, frame) => parts(sources, named, requireFrame(frame, 'qwen-code')),
  };
}
