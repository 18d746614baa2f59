/**
 * The `---` header other agents read (Copilot's prompt file parser, Claude Code's rules): the
 * header starts on line 1 with a line of `---` (trailing whitespace allowed) and ends at the next
 * such line. The block is parsed with the `yaml` library; a block that does not parse, or is not a
 * mapping, has no attributes (the agents do not fail on it either).
 */
import { parseDocument } from 'yaml';
import { YAML_OPTIONS } from '../../frontmatter';
import { TextKeyedCache, deepFreeze } from '../../text-cache';

const FENCE = /^---\s*$/;

export interface AgentHeader {
  /** The parsed mapping, or undefined when there is no header or it does not parse as one. */
  attributes: Record<string, unknown> | undefined;
  /** Whether a header block is present (even one that does not parse). */
  present: boolean;
  /** The text after the closing fence (the whole text when there is no header). */
  body: string;
  /** 1-based line of each top-level key (the opening fence is line 1). */
  lines: Record<string, number>;
}

/** Splits and parses the header of `text`. */
export function agentHeader(text: string, maxBlockBytes = 64 * 1024): AgentHeader {
  const lines = text.split('\n');
  const none: AgentHeader = { attributes: undefined, present: false, body: text, lines: {} };
  if (lines.length === 0 || !FENCE.test(lines[0])) return none;
  let end = -1;
  for (let i = 1; i < lines.length; i++) {
    if (FENCE.test(lines[i])) {
      end = i;
      break;
    }
  }
  // A header written with CRLF line ends reads as the same header (as every agent run here read it).
  const blockLines = (end < 0 ? lines.slice(1) : lines.slice(1, end)).map((l) => l.replace(/\r$/, ''));
  const body = end < 0 ? '' : lines.slice(end + 1).join('\n');
  const block = blockLines.join('\n');
  const keyLines: Record<string, number> = {};
  blockLines.forEach((line, i) => {
    const m = /^([A-Za-z_][\w-]*)\s*:/.exec(line);
    if (m && !(m[1] in keyLines)) keyLines[m[1]] = i + 2;
  });
  if (Buffer.byteLength(block) > maxBlockBytes) return { attributes: undefined, present: true, body, lines: keyLines };
  return { attributes: parseHeaderBlock(block), present: true, body, lines: keyLines };
}

/**
 * Parsed header blocks, once per process for each distinct text: discovery reads the same headers
 * on every call (Copilot's `applyTo`, Claude Code's rule `paths`). Callers only read the result.
 */
const parsedHeaders = new TextKeyedCache<Record<string, unknown> | undefined>(4 * 1024 * 1024);

/** A header block's mapping (parsed once per distinct text); undefined when it does not parse, or not as a mapping. */
export function parseHeaderBlock(block: string): Record<string, unknown> | undefined {
  return parsedHeaders.get(block, attributesOf);
}

/** The mapping a header block parses to; undefined when it does not parse, or not as a mapping. */
function attributesOf(block: string): Record<string, unknown> | undefined {
  try {
    const doc = parseDocument(block, { ...YAML_OPTIONS, strict: false, uniqueKeys: false });
    if (doc.errors.length > 0) return undefined;
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? deepFreeze(value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A scalar as the agents' YAML readers give it: strings as they are, numbers and booleans as text. */
export function scalarText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** A string, or a list's scalar items; undefined for anything else. */
export function stringOrList(v: unknown): string[] | undefined {
  const one = scalarText(v);
  if (one !== undefined) return [one];
  if (Array.isArray(v)) return v.map(scalarText).filter((s): s is string => s !== undefined);
  return undefined;
}
