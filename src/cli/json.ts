/**
 * JSON output: one document on stdout, written in pieces so large evidence (10,000 targets and
 * more) is never one string. The bytes are exactly those of `JSON.stringify(value, null, 2)`.
 */
import type { CliIo } from './io';

/** Characters gathered before one write: few writes, and memory bounded by this, not the document. */
const CHUNK_CHARS = 1 << 16;

/** Arrays longer than this are heavy: written in slices of this many items. */
const SLICE_ITEMS = 256;

type Sink = (text: string) => void;

function isContainer(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !(value instanceof Number || value instanceof String || value instanceof Boolean);
}

function hasToJson(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/** A value JSON.stringify leaves out of objects (and writes as `null` in arrays). */
function skipped(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

/** What JSON.stringify serialises for `value` under `key`: the result of its toJSON, if any. */
function toJson(value: unknown, key: string): unknown {
  return hasToJson(value) ? (value as { toJSON(key: string): unknown }).toJSON(key) : value;
}

/**
 * Whether `value` holds a long array within `levels` levels, or a toJSON (which must see its
 * own key): then it is written part by part; otherwise JSON.stringify writes it in one piece.
 */
function heavy(value: unknown, levels: number): boolean {
  if (!isContainer(value)) return false;
  if (hasToJson(value)) return true;
  if (Array.isArray(value)) {
    if (value.length > SLICE_ITEMS) return true;
    if (levels > 0) for (const item of value) if (heavy(item, levels - 1)) return true;
    return false;
  }
  if (levels > 0) for (const k of Object.keys(value)) if (heavy((value as Record<string, unknown>)[k], levels - 1)) return true;
  return false;
}

/**
 * JSON.stringify's text of `value` (indent 2) as it reads `levels` levels deep, without the
 * indentation of its first line: JSON.stringify itself indents it, inside `levels` wrapping
 * arrays whose own lines are then cut off (`levels * (levels + 3)` characters of openings,
 * `levels * (levels + 1)` of closings).
 */
function nested(value: unknown, levels: number): string {
  if (levels === 0) return JSON.stringify(value, null, 2);
  let wrapped = value;
  for (let i = 0; i < levels; i++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  return text.slice(levels * (levels + 3), text.length - levels * (levels + 1));
}

/** Writes `value` (toJSON applied, not skipped) at `indent` (2 spaces a level), as JSON.stringify does. */
function write(value: unknown, indent: string, out: Sink): void {
  if (!heavy(value, 2)) return out(nested(value, indent.length / 2));
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return out('[]');
    let i = 0;
    while (i < value.length) {
      // A run of light items goes through JSON.stringify in one slice, brackets dropped.
      let end = i;
      while (end < value.length && end - i < SLICE_ITEMS && !hasToJson(value[end]) && !heavy(value[end], 1)) end++;
      if (end > i) {
        const text = nested(value.slice(i, end), indent.length / 2);
        out(`${i === 0 ? '[' : ','}\n${text.slice(2, text.length - indent.length - 2)}`);
        i = end;
        continue;
      }
      out(`${i === 0 ? '[' : ','}\n${inner}`);
      const item = toJson(value[i], String(i));
      if (skipped(item)) out('null');
      else write(item, inner, out);
      i++;
    }
    return out(`\n${indent}]`);
  }
  let first = true;
  for (const k of Object.keys(value as object)) {
    const member = toJson((value as Record<string, unknown>)[k], k);
    if (skipped(member)) continue;
    out(`${first ? '{' : ','}\n${inner}${JSON.stringify(k)}: `);
    first = false;
    write(member, inner, out);
  }
  out(first ? '{}' : `\n${indent}}`);
}

/**
 * Writes `value` as indented JSON plus a newline: byte for byte `JSON.stringify(value, null, 2)`,
 * in chunks, with long arrays written slice by slice.
 */
export function writeJson(value: unknown, io: Pick<CliIo, 'stdout'>): void {
  const top = toJson(value, '');
  if (skipped(top) || !isContainer(top)) {
    io.stdout(`${JSON.stringify(value, null, 2)}\n`);
    return;
  }
  let parts: string[] = [];
  let size = 0;
  write(top, '', (text) => {
    parts.push(text);
    size += text.length;
    if (size >= CHUNK_CHARS) {
      io.stdout(parts.join(''));
      parts = [];
      size = 0;
    }
  });
  parts.push('\n');
  io.stdout(parts.join(''));
}
