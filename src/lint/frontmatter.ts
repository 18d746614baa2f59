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

/** The raw block's lines, each with its offset, and the questions the star-glob search asks of them. */
class BlockLines {
  readonly lines: { start: number; text: string }[] = [];

  constructor(src: string) {
    for (let s = 0; s < src.length;) {
      const i = src.indexOf('\n', s);
      const e = i < 0 ? src.length : i;
      this.lines.push({ start: s, text: src.slice(s, e).replace(/\r$/, '') });
      s = e + 1;
    }
  }

  /** The index of the line holding `offset`. */
  lineAt(offset: number): number {
    const { lines } = this;
    let lo = 0;
    let hi = lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lines[mid].start <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The nearest key line at or above line `i` whose indent is at most `indent`. */
  ownerKey(i: number, indent: number): { key: string } | undefined {
    for (let l = i; l >= 0; l--) {
      const m = KEY_LINE.exec(this.lines[l].text);
      if (m && m[1].length <= indent) return { key: unquoteKey(m[2]) };
    }
    return undefined;
  }

  /** Inside a flow list: the nearest unclosed `[` before the glob (`before` on line `li`, or above). */
  openBracket(li: number, before: string): { line: number; col: number } | undefined {
    let depth = 0;
    for (let l = li; l >= 0; l--) {
      const t = l === li ? before : this.lines[l].text;
      for (let c = t.length - 1; c >= 0; c--) {
        if (t[c] === ']') depth++;
        else if (t[c] === '[') {
          if (depth === 0) return { line: l, col: c };
          depth--;
        }
      }
    }
    return undefined;
  }
}

const indentOf = (s: string) => s.length - s.trimStart().length;

/** The key a glob at `offset` is a value of (`key: *`, `- *` under it, or inside its flow list), and whether it is in a flow list. */
function globOwner(lines: BlockLines, offset: number): { owner: { key: string } | undefined; flow: boolean } {
  const li = lines.lineAt(offset);
  const line = lines.lines[li];
  const before = line.text.slice(0, offset - line.start);
  const keyed = KEY_LINE.exec(before);
  if (keyed && keyed[0].length === before.length) return { owner: { key: unquoteKey(keyed[2]) }, flow: false };
  if (/^[ \t]*-[ \t]+$/.test(before)) return { owner: lines.ownerKey(li - 1, indentOf(before)), flow: false };
  const found = lines.openBracket(li, before);
  if (!found) return { owner: undefined, flow: false };
  const head = lines.lines[found.line].text.slice(0, found.col);
  const m = KEY_LINE.exec(head);
  if (m && m[0].length === head.length) return { owner: { key: unquoteKey(m[2]) }, flow: true };
  if (/^[ \t]*(-[ \t]+)?$/.test(head)) return { owner: lines.ownerKey(found.line - 1, indentOf(head)), flow: true };
  return { owner: undefined, flow: true };
}

/** Where the glob ends in `rest`: before a ` #` comment, and in a flow list at the next `,`, `]` or `}` outside braces. */
function globEnd(rest: string, flow: boolean): number {
  let end = rest.length;
  const comment = /[ \t]#/.exec(rest);
  if (comment) end = comment.index;
  if (!flow) return end;
  let braces = 0;
  for (let c = 0; c < end; c++) {
    const ch = rest[c];
    if (ch === '{') braces++;
    else if (ch === '}' && braces > 0) braces--;
    else if (braces === 0 && (ch === ',' || ch === ']' || ch === '}')) return c;
  }
  return end;
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
  const lines = new BlockLines(src);
  const out: StarGlob[] = [];
  for (const offset of aliasOffsets(src)) {
    if (out.length >= MAX_STAR_GLOBS) break;
    const { owner, flow } = globOwner(lines, offset);
    if (!owner) continue;
    const globKey = globKeyOf(owner.key);
    if (!globKey) continue;
    const line = lines.lines[lines.lineAt(offset)];
    const rest = line.text.slice(offset - line.start);
    const raw = rest.slice(0, globEnd(rest, flow)).trimEnd();
    out.push({ key: owner.key, globKey, start: block.start + offset, end: block.start + offset + raw.length, raw });
  }
  return out;
}
