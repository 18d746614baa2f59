/**
 * What the formats of agents that put their files in several places share: a format made of its
 * parts, and the files loaded on touch grouped by the tool call that loaded them.
 */
import { contentOnlyLayout } from '../../fit';
import { CONTEXT_PART_SEPARATOR } from '../../profile';
import type { ContextFormat, ContextPart, ContextSource, Layout } from '../../profile';
import { CODE_POINTS } from '../../units';

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

/**
 * A format whose context is its parts, every source whole (no budget): `parts` writes the text of
 * each place, the whole text is them joined, and the fit rule measures that.
 */
export function partsFormat(parts: (sources: readonly ContextSource[]) => ContextPart[]): ContextFormat {
  const render = (sources: readonly ContextSource[]): string =>
    parts(sources)
      .map((p) => p.text)
      .join(CONTEXT_PART_SEPARATOR);
  return {
    layout(sources): Layout {
      return { ...contentOnlyLayout(sources, CODE_POINTS.measure), complete: () => CODE_POINTS.measure(render(sources)) };
    },
    render: (sources) => render(sources),
    renderParts: (sources) => parts(sources),
  };
}
