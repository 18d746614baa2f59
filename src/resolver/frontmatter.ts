/**
 * Frontmatter (spec section 4): a data-only YAML block between `---` fences at the top of an
 * instruction file. Parsing never throws: every problem becomes a diagnostic with a file line,
 * and a block that is malformed in any way leaves the whole file as ordinary content.
 */
import { LineCounter, Node, Pair, Scalar, YAMLMap, isMap, isScalar, isSeq, parseDocument, visit } from 'yaml';
import type { DiagnosticCode, Metadata } from './evidence';
import { checkPattern } from './globs';
import { MAX_FRONTMATTER_BYTES, MAX_PATTERNS_PER_KEY } from './limits';

export const PRIORITY_MIN = -1000;
export const PRIORITY_MAX = 1000;

export const KNOWN_KEYS = ['applies_to', 'excludes', 'priority', 'mode', 'required_validation'] as const;
export type KnownKey = (typeof KNOWN_KEYS)[number];

export const DEFAULT_METADATA: Readonly<Metadata> = Object.freeze({
  applies_to: null,
  excludes: [],
  priority: 0,
  mode: 'append',
  required_validation: [],
});

/** A problem found in one file, before it is attributed to a source path. */
export interface FileDiagnostic {
  code: DiagnosticCode;
  /** 1-based file line, or null. */
  line: number | null;
  column?: number;
  endLine?: number;
  endColumn?: number;
  message: string;
  /** The key concerned, where there is one (for editors' quick fixes). */
  key?: string;
}

/** Where each key of a valid block sits in the file (1-based lines), for editors and lint. */
export interface KeyLocation {
  key: string;
  line: number;
  column: number;
  /** Offsets of the key and its value in the file's text (UTF-16, BOM excluded). */
  keyRange: [number, number];
  valueRange: [number, number] | null;
}

export interface ParsedInstructions {
  /** Effective metadata, or null when the file has no valid frontmatter. */
  metadata: Metadata | null;
  /** The contributed text: after the closing fence, or the whole text. */
  content: string;
  diagnostics: FileDiagnostic[];
  /** Present when a block was found and parsed (valid or not in its values). */
  keys: KeyLocation[];
  /** 1-based file line where content starts. */
  contentLine: number;
  /** Offset range of the YAML block in the text, when there is a well-formed one. */
  blockRange: [number, number] | null;
}

const FENCE = /^---[ \t]*\r?$/;

interface Fences {
  /** Offset of the YAML block's first character. */
  blockStart: number;
  /** Offset of the closing fence line (end of the block). */
  blockEnd: number;
  /** Offset of the first character after the closing fence line. */
  contentStart: number;
  /** 1-based line of the closing fence. */
  closingLine: number;
}

/** Line end offset (exclusive of `\n`) of the line starting at `start`. */
function lineEnd(text: string, start: number): number {
  const i = text.indexOf('\n', start);
  return i < 0 ? text.length : i;
}

/** Finds the fences, or says why the block is malformed; undefined when there is no block. */
function findFences(text: string): Fences | { malformed: string } | undefined {
  const firstEnd = lineEnd(text, 0);
  if (!FENCE.test(text.slice(0, firstEnd))) return undefined;
  if (firstEnd === text.length) return { malformed: 'frontmatter has no closing "---" line' };
  const blockStart = firstEnd + 1;
  let start = blockStart;
  let line = 2;
  // UTF-16 units never outnumber UTF-8 bytes, so no fence beyond this offset can close a block
  // within the byte limit; scanning stops there and the hostile case stays linear and short.
  const scanLimit = blockStart + MAX_FRONTMATTER_BYTES + 8;
  while (start <= text.length && start < scanLimit) {
    const end = lineEnd(text, start);
    if (FENCE.test(text.slice(start, end))) {
      const bytes = Buffer.byteLength(text.slice(blockStart, start), 'utf8');
      if (bytes > MAX_FRONTMATTER_BYTES) {
        return { malformed: `frontmatter block is ${bytes} bytes; the limit is ${MAX_FRONTMATTER_BYTES}` };
      }
      return { blockStart, blockEnd: start, contentStart: Math.min(end + 1, text.length), closingLine: line };
    }
    if (end === text.length) break;
    start = end + 1;
    line++;
  }
  if (start < text.length && start >= scanLimit) {
    return { malformed: `frontmatter block exceeds ${MAX_FRONTMATTER_BYTES} bytes or has no closing "---" line` };
  }
  return { malformed: 'frontmatter has no closing "---" line' };
}

type ValueCheck<T> = { ok: true; value: T } | { ok: false; node: Node | null; message: string };

function describe(node: unknown): string {
  if (node === null || node === undefined) return 'nothing';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'null';
    return typeof v === 'string' ? 'a string' : `${typeof v} ${JSON.stringify(v)}`;
  }
  if (isSeq(node)) return 'a list';
  if (isMap(node)) return 'a mapping';
  return 'an unsupported value';
}

/** A string or a list of strings, each checked by `item`. */
function stringList(
  node: unknown,
  what: string,
  item: (s: string) => string | undefined,
): ValueCheck<string[]> {
  const items: unknown[] = isSeq(node) ? node.items : [node];
  if (isSeq(node) && items.length === 0) return { ok: false, node: node as Node, message: `${what} is an empty list` };
  if (items.length > MAX_PATTERNS_PER_KEY) {
    return { ok: false, node: node as Node, message: `${what} has ${items.length} items; the limit is ${MAX_PATTERNS_PER_KEY}` };
  }
  const out: string[] = [];
  for (const it of items) {
    if (!isScalar(it) || typeof it.value !== 'string') {
      const where = isSeq(node) ? 'each item of ' : '';
      return { ok: false, node: (it as Node) ?? null, message: `${where}${what} must be a string, not ${describe(it)}` };
    }
    const problem = item(it.value);
    if (problem) return { ok: false, node: it, message: `${what}: ${JSON.stringify(it.value.slice(0, 200))}: ${problem}` };
    out.push(it.value);
  }
  return { ok: true, value: out };
}

const nonEmptyCommand = (s: string) => (s.trim() === '' ? 'command is empty' : undefined);

function checkValue(key: KnownKey, node: unknown): ValueCheck<unknown> {
  switch (key) {
    case 'applies_to':
    case 'excludes':
      return stringList(node, key, checkPattern);
    case 'required_validation':
      return stringList(node, key, nonEmptyCommand);
    case 'priority': {
      if (isScalar(node) && typeof node.value === 'number' && Number.isInteger(node.value)) {
        if (node.value >= PRIORITY_MIN && node.value <= PRIORITY_MAX) return { ok: true, value: node.value };
        return { ok: false, node, message: `priority ${node.value} is out of range ${PRIORITY_MIN}..${PRIORITY_MAX}` };
      }
      return { ok: false, node: (node as Node) ?? null, message: `priority must be an integer, not ${describe(node)}` };
    }
    case 'mode': {
      if (isScalar(node) && (node.value === 'append' || node.value === 'replace')) return { ok: true, value: node.value };
      const shown = isScalar(node) && typeof node.value === 'string' ? JSON.stringify(node.value) : describe(node);
      return { ok: false, node: (node as Node) ?? null, message: `mode must be "append" or "replace", not ${shown}` };
    }
  }
}

export function isKnownKey(key: string): key is KnownKey {
  return (KNOWN_KEYS as readonly string[]).includes(key);
}

/**
 * Splits and parses an instruction file's text (BOM already dropped). `frontmatter: false`
 * treats every file as plain content (for policies of systems without frontmatter).
 */
export function parseInstructions(text: string, frontmatter = true): ParsedInstructions {
  const plain: ParsedInstructions = { metadata: null, content: text, diagnostics: [], keys: [], contentLine: 1, blockRange: null };
  if (!frontmatter) return plain;
  const fences = findFences(text);
  if (fences === undefined) return plain;
  if ('malformed' in fences) {
    return { ...plain, diagnostics: [{ code: 'malformed-frontmatter', line: 1, message: `${fences.malformed}; the whole file is used as content` }] };
  }
  const block = text.slice(fences.blockStart, fences.blockEnd);
  const lineCounter = new LineCounter();
  const doc = parseDocument(block, {
    lineCounter,
    uniqueKeys: true,
    merge: false,
    schema: 'core',
    customTags: [],
    strict: true,
    prettyErrors: false,
    version: '1.2',
  });
  // Block offset → file position. The block starts on file line 2.
  const position = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + 1, column: col };
  };
  const malformed = (offset: number | null, message: string): ParsedInstructions => {
    const pos = offset === null ? { line: 1, column: 1 } : position(offset);
    return {
      ...plain,
      diagnostics: [{ code: 'malformed-frontmatter', line: pos.line, column: pos.column, message: `${message}; the whole file is used as content` }],
    };
  };
  if (doc.errors.length > 0) {
    const err = doc.errors[0];
    const reason = err.code === 'DUPLICATE_KEY' ? 'duplicate key' : 'YAML does not parse';
    return malformed(err.pos[0], `${reason}: ${err.message.split('\n')[0]}`);
  }
  let forbidden: { offset: number; what: string } | undefined;
  visit(doc, {
    Alias(_key, node) {
      forbidden ??= { offset: node.range?.[0] ?? 0, what: `alias "*${node.source}"` };
      return visit.BREAK;
    },
    Node(_key, node) {
      if (node.anchor) forbidden ??= { offset: node.range?.[0] ?? 0, what: `anchor "&${node.anchor}"` };
      else if (node.tag) forbidden ??= { offset: node.range?.[0] ?? 0, what: `tag "${node.tag}"` };
      return forbidden ? visit.BREAK : undefined;
    },
  });
  if (forbidden) {
    const hint = forbidden.what.startsWith('alias') ? ' (quote globs that start with "*")' : '';
    return malformed(forbidden.offset, `YAML ${forbidden.what} is not allowed in frontmatter${hint}`);
  }
  const contents = doc.contents;
  if (contents !== null && !isMap(contents)) {
    return malformed(contents.range?.[0] ?? null, 'frontmatter must be a mapping of keys to values');
  }
  const metadata: Metadata = { ...DEFAULT_METADATA, excludes: [], required_validation: [] };
  const diagnostics: FileDiagnostic[] = [];
  const keys: KeyLocation[] = [];
  const base = fences.blockStart;
  for (const pair of (contents as YAMLMap<unknown, unknown> | null)?.items ?? []) {
    const keyNode = (pair as Pair<unknown, unknown>).key as Node | null;
    const valueNode = (pair as Pair<unknown, unknown>).value as Node | null;
    const keyName = isScalar(keyNode) ? String((keyNode as Scalar).value) : String(keyNode);
    const keyStart = keyNode?.range?.[0] ?? 0;
    const keyPos = position(keyStart);
    const valueRange = valueNode?.range ? ([base + valueNode.range[0], base + valueNode.range[1]] as [number, number]) : null;
    keys.push({
      key: keyName,
      line: keyPos.line,
      column: keyPos.column,
      keyRange: [base + keyStart, base + (keyNode?.range?.[1] ?? keyStart)],
      valueRange,
    });
    if (!isKnownKey(keyName)) {
      const end = position(keyNode?.range?.[1] ?? keyStart);
      diagnostics.push({
        code: 'unknown-key',
        line: keyPos.line,
        column: keyPos.column,
        endLine: end.line,
        endColumn: end.column,
        message: `unknown key ${JSON.stringify(keyName)} ignored`,
        key: keyName,
      });
      continue;
    }
    const checked = checkValue(keyName, valueNode);
    if (checked.ok) {
      (metadata as unknown as Record<string, unknown>)[keyName] = checked.value;
    } else {
      const at = checked.node?.range ?? valueNode?.range ?? keyNode?.range;
      const start = position(at?.[0] ?? keyStart);
      const end = position(at?.[1] ?? keyStart);
      diagnostics.push({
        code: 'invalid-value',
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        message: `${checked.message}; the key is ignored`,
        key: keyName,
      });
    }
  }
  return {
    metadata,
    content: text.slice(fences.contentStart),
    diagnostics,
    keys,
    contentLine: fences.closingLine + 1,
    blockRange: [fences.blockStart, fences.blockEnd],
  };
}
