/**
 * Server-sent events, written (never parsed): the fake model endpoint streams its replies in the
 * wire format each agent expects. One event is an optional `event:` line, one `data:` line per
 * line of the payload, and a blank line (the format's own framing; a payload of JSON has no
 * line breaks, so it is one `data:` line).
 */

/** One event: `event: <name>` when named, then the payload (JSON unless already a string). */
export function sseEvent(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  const lines = event === undefined ? [] : [`event: ${event}`];
  for (const line of payload.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return lines.join('\n') + '\n\n';
}

/** Several events, each named by its payload's `type` (Anthropic's and OpenAI's convention). */
export function sseTyped(events: readonly { type: string }[]): string {
  return events.map((e) => sseEvent(e, e.type)).join('');
}
