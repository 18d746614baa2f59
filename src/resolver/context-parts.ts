/**
 * The context by place (evidence `contextParts`), as front ends show it: the text report, the
 * MCP and editor tools' answers, the view's Model context. One place: the context alone, as
 * before; several: each part under a line naming its place, so a reader sees where the agent
 * puts which text.
 */
import type { ContextPlace, Evidence, ListingPlace } from './evidence';

/** A place in words: `system prompt`, `first user message`, `tool result`, `system message`, `tool description`. */
export function placeWords(place: ListingPlace): string {
  return place.replace(/-/g, ' ');
}

/** The line that introduces a part when the context has more than one: `[system prompt]`. */
export function placeHeading(place: ContextPlace): string {
  return `[${placeWords(place)}]`;
}

/**
 * The context text for a reader: `context` itself when it has at most one part; otherwise each
 * part's text under its place heading, parts separated by a blank line. Evidence written before
 * parts existed (no `contextParts`) is shown as its `context`.
 */
export function contextByPlace(ev: Pick<Evidence, 'context'> & { contextParts?: Evidence['contextParts'] }): string {
  const parts = ev.contextParts ?? [];
  if (parts.length <= 1) return ev.context;
  return parts.map((p) => `${placeHeading(p.place)}\n${p.text}`).join('\n\n');
}

/**
 * The skills, subagents and commands the agent lists (evidence `listings`), one line each, for
 * answers read as text (the MCP and editor tools): kind, name, status, where and from which file.
 * Empty when there are none.
 */
export function listingSummary(ev: { listings?: Evidence['listings'] }): string {
  const listings = ev.listings ?? [];
  if (listings.length === 0) return '';
  const lines = listings.map(
    (l) => `- ${l.kind} ${JSON.stringify(l.name)}: ${l.status.replace(/-/g, ' ')}, in the ${placeWords(l.place)}, from ${l.source}`,
  );
  return `Skills, subagents and commands the agent lists to its model:\n${lines.join('\n')}`;
}
