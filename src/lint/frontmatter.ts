/**
 * What lint needs from frontmatter beyond the resolver's parse: the raw block (also when it is
 * malformed), the exact range of every glob item, and unquoted globs starting with `*`.
 * Parsing itself stays the resolver's (`parseInstructions`); the `yaml` package is used here only
 * to locate nodes and tokens, with the resolver's options.
 */
import { Parser, isScalar, isSeq, isMap, parseDocument, Scalar, Node } from 'yaml';
import { MAX_FRONTMATTER_BYTES, YAML_OPTIONS, locateFences } from '../resolver';
import { nearMissKey } from './keys';

/** The YAML block between the fences, when there is a closing fence (valid YAML or not). */
export interface RawBlock {
  start: number;
  end: number;
}

/**
 * The block between the fences, found by the resolver's fence rule; undefined without a closing
 * fence in range. Unlike the resolver, lint keeps a block over the byte limit (to point into it).
 */
export function rawBlock(text: string): RawBlock | undefined {
  const fences = locateFences(text);
  return fences === undefined || 'malformed' in fences ? undefined : { start: fences.blockStart, end: fences.blockEnd };
}

export type GlobKey = 'applies_to' | 'excludes';
export const GLOB_KEYS: readonly GlobKey[] = ['applies_to', 'excludes'];

export type ScalarStyle = 'plain' | 'double' | 'single' | 'block';

/** One glob of a valid `applies_to` / `excludes`, where it is written. */
export interface GlobItem {
  key: GlobKey;
  index: number;
  pattern: string;
  start: number;
  end: number;
  style: ScalarStyle;
}

function styleOf(node: Scalar): ScalarStyle {
  switch (node.type) {
    case 'QUOTE_DOUBLE':
      return 'double';
    case 'QUOTE_SINGLE':
      return 'single';
    case 'BLOCK_FOLDED':
    case 'BLOCK_LITERAL':
      return 'block';
    default:
      return 'plain';
  }
}

/**
 * The items of the glob keys of a block the resolver accepted, in metadata order. Parsed with
 * the resolver's options, so the tree is the one it validated.
 */
export function locateGlobItems(text: string, block: RawBlock): GlobItem[] {
  const doc = parseDocument(text.slice(block.start, block.end), YAML_OPTIONS);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return [];
  const out: GlobItem[] = [];
  for (const pair of doc.contents.items) {
    const keyName = isScalar(pair.key) ? String(pair.key.value) : undefined;
    if (keyName !== 'applies_to' && keyName !== 'excludes') continue;
    const value = pair.value as Node | null;
    const items: unknown[] = isSeq(value) ? value.items : [value];
    items.forEach((item, index) => {
      if (!isScalar(item) || typeof item.value !== 'string' || !item.range) return;
      out.push({
        key: keyName,
        index,
        pattern: item.value,
        start: block.start + item.range[0],
        end: block.start + item.range[1],
        style: styleOf(item),
      });
    });
  }
  return out;
}

/** An unquoted value starting with `*` under a glob key (YAML reads it as an alias). */
export interface StarGlob {
  /** The key as written, and the glob key it stands for. */
  key: string;
  globKey: GlobKey;
  start: number;
  end: number;
  raw: string;
}

/** Offsets (in the block) of every token YAML's lexer takes for an alias, even in broken YAML. */
function aliasOffsets(block: string): number[] {
  const found = new Set<number>();
  const seen = new Set<object>();
  const visit = (node: unknown, depth: number) => {
    if (node === null || typeof node !== 'object' || depth > 200 || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const n of node) visit(n, depth + 1);
      return;
    }
    const t = node as { type?: unknown; source?: unknown; offset?: unknown };
    if (
      (t.type === 'alias' || t.type === 'error') &&
      typeof t.source === 'string' &&
      t.source.startsWith('*') &&
      typeof t.offset === 'number'
    ) {
      found.add(t.offset);
    }
    for (const v of Object.values(node)) if (typeof v === 'object') visit(v, depth + 1);
  };
  for (const token of new Parser().parse(block)) visit(token, 0);
  return [...found].sort((a, b) => a - b);
}

/** Unquoted `*` globs reported per file at most (each costs a scan of the block). */
export const MAX_STAR_GLOBS = 100;

// A plain key ends on a character that is not a space or tab, so the spaces before its `:` are
// read one way only (a lazy `[^:#]*?` before `[ \t]*:` backtracks quadratically on a long line).
const KEY_LINE = /^([ \t]*)("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"\-?:,[\]{}](?:[^:#]*[^:# \t])?)[ \t]*:(?:[ \t]+|$)/;

function unquoteKey(raw: string): string {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  if (raw.startsWith("'")) return raw.slice(1, -1).replace(/''/g, "'");
  return raw;
}

function globKeyOf(key: string): GlobKey | undefined {
  if (key === 'applies_to' || key === 'excludes') return key;
  const near = nearMissKey(key);
  return near === 'applies_to' || near === 'excludes' ? near : undefined;
}

/**
 * Unquoted globs starting with `*` in the raw block: `key: *.md`, `- *.md` and `[*.md, ...]`
 * under `applies_to` / `excludes` (or a near miss of them). Found in the text, so they are
 * reported even though the block is then malformed. The glob runs to the end of the value: the
 * line (before a ` #` comment) in block style; the next `,` or `]` outside braces in a flow list.
 */
export function findUnquotedStarGlobs(text: string, block: RawBlock): StarGlob[] {
  const src = text.slice(block.start, block.end);
  if (Buffer.byteLength(src, 'utf8') > MAX_FRONTMATTER_BYTES) return [];
  const lines: { start: number; text: string }[] = [];
  for (let s = 0; s < src.length;) {
    const i = src.indexOf('\n', s);
    const e = i < 0 ? src.length : i;
    lines.push({ start: s, text: src.slice(s, e).replace(/\r$/, '') });
    s = e + 1;
  }
  const lineAt = (offset: number) => {
    let lo = 0;
    let hi = lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lines[mid].start <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const indentOf = (s: string) => s.length - s.trimStart().length;
  /** The nearest key line at or above line `i` whose indent is at most `indent`. */
  const ownerKey = (i: number, indent: number): { key: string } | undefined => {
    for (let l = i; l >= 0; l--) {
      const m = KEY_LINE.exec(lines[l].text);
      if (m && m[1].length <= indent) return { key: unquoteKey(m[2]) };
    }
    return undefined;
  };
  const out: StarGlob[] = [];
  for (const offset of aliasOffsets(src)) {
    if (out.length >= MAX_STAR_GLOBS) break;
    const li = lineAt(offset);
    const line = lines[li];
    const before = line.text.slice(0, offset - line.start);
    let owner: { key: string } | undefined;
    let flow = false;
    const keyed = KEY_LINE.exec(before);
    if (keyed && keyed[0].length === before.length) {
      owner = { key: unquoteKey(keyed[2]) };
    } else if (/^[ \t]*-[ \t]+$/.test(before)) {
      owner = ownerKey(li - 1, indentOf(before));
    } else {
      // Inside a flow list: the nearest unclosed `[` before the glob, on this line or above.
      let depth = 0;
      let found: { line: number; col: number } | undefined;
      for (let l = li; l >= 0 && !found; l--) {
        const t = l === li ? before : lines[l].text;
        for (let c = t.length - 1; c >= 0; c--) {
          if (t[c] === ']') depth++;
          else if (t[c] === '[') {
            if (depth === 0) {
              found = { line: l, col: c };
              break;
            }
            depth--;
          }
        }
      }
      if (found) {
        const head = lines[found.line].text.slice(0, found.col);
        const m = KEY_LINE.exec(head);
        if (m && m[0].length === head.length) owner = { key: unquoteKey(m[2]) };
        else if (/^[ \t]*(-[ \t]+)?$/.test(head)) owner = ownerKey(found.line - 1, indentOf(head));
        flow = true;
      }
    }
    if (!owner) continue;
    const globKey = globKeyOf(owner.key);
    if (!globKey) continue;
    const rest = line.text.slice(offset - line.start);
    let end = rest.length;
    const comment = /[ \t]#/.exec(rest);
    if (comment) end = comment.index;
    if (flow) {
      let braces = 0;
      for (let c = 0; c < end; c++) {
        const ch = rest[c];
        if (ch === '{') braces++;
        else if (ch === '}' && braces > 0) braces--;
        else if (braces === 0 && (ch === ',' || ch === ']' || ch === '}')) {
          end = c;
          break;
        }
      }
    }
    const raw = rest.slice(0, end).trimEnd();
    out.push({ key: owner.key, globKey, start: block.start + offset, end: block.start + offset + raw.length, raw });
  }
  return out;
}
