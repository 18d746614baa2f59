/**
 * JSON output: one document on stdout, written in pieces so large evidence (10,000 targets and
 * more) is never one string. The bytes are exactly those of `JSON.stringify(value, null, space)`.
 */
import type { CliIo } from './io';

/** Characters gathered before one write: few writes, and memory bounded by this, not the document. */
const CHUNK_CHARS = 1 << 16;

/**
 * What one JSON.stringify call may write at once, in items (array elements, object members, and
 * one per 64 characters of a string): a document within it is one piece, a larger one is written
 * member by member and in runs of array elements within it. Large pieces keep the work in
 * JSON.stringify itself, which is fast from the first call, where a cold process's JavaScript is
 * not; the bound keeps memory independent of the document's size.
 */
const PIECE_ITEMS = 1 << 14;

/**
 * How deep `weight` looks into the document: the evidence's long lists sit three levels down
 * (`sources[i].appliesTo`), and one level less below each member or element. Lists deeper than
 * that count as one item each: such documents are written in larger pieces, never other bytes.
 */
const WEIGHT_LEVELS = 3;

type Sink = (text: string) => void;

/**
 * An object whose members are made as they are written, one at a time, each dropped once it is
 * out: a document too large to hold whole (`compare --json` of every profile, each evidence
 * resolved, written and let go in turn). Written as JSON.stringify would write a plain object
 * with those members in that order.
 */
export class LazyMembers {
  constructor(readonly members: () => Iterable<readonly [string, unknown]>) {}
}

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
 * Items in `value` (see PIECE_ITEMS), counted `levels` levels deep and only as far as needed to
 * pass `limit`; below that an array counts its length, an object 1. Infinite for a toJSON, which
 * must see its own key and so is never in a run.
 */
function weight(value: unknown, levels: number, limit: number): number {
  if (typeof value === 'string') return value.length >>> 6;
  if (!isContainer(value)) return 0;
  if (hasToJson(value) || value instanceof LazyMembers) return Infinity;
  if (Array.isArray(value)) {
    let w = value.length;
    if (levels > 0) for (let i = 0; i < value.length && w <= limit; i++) w += weight(value[i], levels - 1, limit - w);
    return w;
  }
  if (levels === 0) return 1;
  const record = value as Record<string, unknown>;
  let w = 0;
  // for…in allocates no key list; an inherited key only makes the estimate larger
  for (const k in record) {
    w += 1 + weight(record[k], levels - 1, limit - w);
    if (w > limit) break;
  }
  return w;
}

/**
 * JSON.stringify's text of `value` with `space` (0 or 2) as it reads `depth` levels deep, without
 * the indentation of its first line: JSON.stringify itself indents it, inside `depth` wrapping
 * arrays whose own lines are then cut off (`depth * (depth + 3)` characters of openings,
 * `depth * (depth + 1)` of closings). Without indentation the depth does not show.
 */
function nested(value: unknown, depth: number, space: Space): string {
  if (depth === 0 || space === 0) return JSON.stringify(value, null, space);
  let wrapped = value;
  for (let i = 0; i < depth; i++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, space);
  return text.slice(depth * (depth + 3), text.length - depth * (depth + 1));
}

/**
 * A string longer than this is written in slices of it: escaping a long string whole makes one
 * string up to six times its size (a NUL is `\u0000`), which lives past the young generation;
 * slices stay small and die young.
 */
const STRING_SLICE = 1 << 15;

/** `value` as JSON.stringify writes it, slice by slice (never between the two halves of a surrogate pair). */
function writeString(value: string, out: Sink): void {
  out('"');
  for (let i = 0; i < value.length;) {
    let end = Math.min(value.length, i + STRING_SLICE);
    const last = value.charCodeAt(end - 1);
    // A high surrogate cut from its low half would be escaped as a lone one: keep the pair together.
    if (end < value.length && last >= 0xd800 && last <= 0xdbff) end--;
    const text = JSON.stringify(value.slice(i, end));
    out(text.slice(1, text.length - 1));
    i = end;
  }
  out('"');
}

/** Indentation: 2 spaces a level, or none at all (one line). */
export type Space = 0 | 2;

/**
 * Writes `value` (toJSON applied, not skipped) at `indent`, as JSON.stringify(…, null, space) does:
 * whole when its weight (`levels` deep) is within PIECE_ITEMS, else member by member or in runs.
 */
function write(value: unknown, indent: string, space: Space, levels: number, out: Sink): void {
  if (typeof value === 'string' && value.length > STRING_SLICE) return writeString(value, out);
  // A number, boolean or null is one piece; so is a container within the piece bound.
  if (!isContainer(value) || weight(value, levels, PIECE_ITEMS) <= PIECE_ITEMS) return out(nested(value, indent.length / 2, space));
  const below = Math.max(1, levels - 1);
  // Without indentation there are no line breaks and `indent` stays empty.
  const br = space === 0 ? '' : '\n';
  const inner = space === 0 ? '' : `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return out('[]');
    let i = 0;
    while (i < value.length) {
      // A run of items within PIECE_ITEMS goes through JSON.stringify in one slice, brackets dropped.
      let end = i;
      let run = 0;
      while (end < value.length) {
        const w = weight(value[end], below, PIECE_ITEMS - run) + 1;
        if (run + w > PIECE_ITEMS) break;
        run += w;
        end++;
      }
      if (end > i) {
        const text = nested(value.slice(i, end), indent.length / 2, space);
        out(`${i === 0 ? '[' : ','}${br}${text.slice(1 + br.length, text.length - indent.length - br.length - 1)}`);
        i = end;
        continue;
      }
      out(`${i === 0 ? '[' : ','}${br}${inner}`);
      const item = toJson(value[i], String(i));
      if (skipped(item)) out('null');
      else write(item, inner, space, below, out);
      i++;
    }
    return out(`${br}${indent}]`);
  }
  let first = true;
  const members: Iterable<readonly [string, unknown]> =
    value instanceof LazyMembers
      ? value.members()
      : Object.keys(value as object).map((k) => [k, (value as Record<string, unknown>)[k]] as const);
  for (const [k, v] of members) {
    const member = toJson(v, k);
    if (skipped(member)) continue;
    out(`${first ? '{' : ','}${br}${inner}${JSON.stringify(k)}:${space === 0 ? '' : ' '}`);
    first = false;
    write(member, inner, space, below, out);
  }
  out(first ? '{}' : `${br}${indent}}`);
}

/**
 * Writes `value` as JSON plus a newline: byte for byte `JSON.stringify(value, null, space)`, in
 * chunks, with long arrays written slice by slice. Indented (`space` 2) on a terminal, for people;
 * one line (0) to pipes and files, for programs: a fifth smaller, and faster to write and read.
 */
export function writeJson(value: unknown, io: Pick<CliIo, 'stdout' | 'isTTY'>): void {
  const space: Space = io.isTTY ? 2 : 0;
  const top = toJson(value, '');
  if (skipped(top) || !isContainer(top)) {
    io.stdout(`${JSON.stringify(value, null, space)}\n`);
    return;
  }
  let parts: string[] = [];
  let size = 0;
  write(top, '', space, WEIGHT_LEVELS, (text) => {
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
