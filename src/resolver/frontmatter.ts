/**
 * Frontmatter (spec section 4): a data-only YAML block between `---` fences at the top of an
 * instruction file. Parsing never throws: every problem becomes a diagnostic with a file line,
 * and a block that is malformed in any way leaves the whole file as ordinary content.
 */
import {
  Document,
  DocumentOptions,
  LineCounter,
  ParseOptions,
  SchemaOptions,
  Node,
  Pair,
  Scalar,
  YAMLMap,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  visit,
} from 'yaml';
import type { DiagnosticCode, Metadata } from './evidence';
import { CompiledPattern, checkPattern, compilePattern } from './globs';
import { TextKeyedCache } from './text-cache';
import {
  MAX_ALTERNATIVES_PER_KEY,
  MAX_DIAGNOSTICS_PER_FILE,
  MAX_FRONTMATTER_BYTES,
  MAX_PATTERNS_PER_KEY,
  MAX_YAML_DEPTH,
  PARSED_BLOCK_CACHE_CHARS,
} from './limits';

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

/**
 * How frontmatter YAML is parsed, everywhere (resolver and lint): YAML 1.2 core schema, no merge
 * keys, no custom tags. Duplicate keys are checked after parsing in linear time, with the same
 * rule as the parser's quadratic `uniqueKeys`.
 */
export const YAML_OPTIONS: Readonly<ParseOptions & DocumentOptions & SchemaOptions> = Object.freeze({
  uniqueKeys: false,
  merge: false,
  schema: 'core',
  customTags: [],
  strict: true,
  prettyErrors: false,
  version: '1.2',
});

/**
 * A fence line: exactly `---`, then only spaces and a `\r` (contract section 4: "on both fences
 * trailing spaces and `\r` are allowed"; a tab is not a space). Shared with lint and authoring.
 */
export const FENCE = /^--- *\r?$/;

/** Where a frontmatter block's fences are. */
export interface Fences {
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

/**
 * The one fence rule (contract section 4), shared with lint: an opening fence on the first line,
 * closed by the next fence line. Finds the fences, or says why there is no closed block;
 * undefined when the first line is no fence. A closed block is returned whatever its size (the
 * byte limit is `findFences`' check), but the scan for the closing fence stops where no block
 * within the limit could close.
 */
export function locateFences(text: string): Fences | { malformed: string } | undefined {
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
      return { blockStart, blockEnd: start, contentStart: Math.min(end + 1, text.length), closingLine: line };
    }
    if (end === text.length) break;
    start = end + 1;
    line++;
  }
  if ((start < text.length && start >= scanLimit) || Buffer.byteLength(text.slice(blockStart, scanLimit), 'utf8') > MAX_FRONTMATTER_BYTES) {
    return { malformed: `frontmatter block exceeds ${MAX_FRONTMATTER_BYTES} bytes or has no closing "---" line` };
  }
  return { malformed: 'frontmatter has no closing "---" line' };
}

/** The fences of a block within the byte limit, or why the block is malformed; undefined when there is none. */
function findFences(text: string): Fences | { malformed: string } | undefined {
  const fences = locateFences(text);
  if (fences === undefined || 'malformed' in fences) return fences;
  const bytes = Buffer.byteLength(text.slice(fences.blockStart, fences.blockEnd), 'utf8');
  if (bytes > MAX_FRONTMATTER_BYTES) {
    return { malformed: `frontmatter block is ${bytes} bytes; the limit is ${MAX_FRONTMATTER_BYTES}` };
  }
  return fences;
}

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';
const isBreak = (c: string | undefined) => c === '\n' || c === '\r';

/**
 * Where a YAML block nests deeper than `limit` (flow collections `[`/`{`, or compact block
 * collections `- - -` / `? ? ?` on one line), or -1. The YAML parser composes nested nodes
 * recursively: without this check a 64 KiB block of `[[[[…` spends a second overflowing the stack
 * (and how deep it gets depends on the stack size). The scan is linear and conservative: it skips
 * quoted scalars, comments and block scalars as YAML does, and counts every other bracket, so a
 * nesting YAML would see is never missed (a plain scalar with many unbalanced brackets may be
 * counted too, which nobody writes in frontmatter).
 */
export function excessiveNesting(block: string, limit = MAX_YAML_DEPTH): number {
  const n = block.length;
  let flow = 0;
  let i = 0;
  // The last significant character outside scalars and comments ('\n' at a line start).
  let last = '\n';
  while (i < n) {
    // A line start: indentation, then compact block indicators.
    const lineStart = i;
    while (i < n && isBlank(block[i])) i++;
    const indent = i - lineStart;
    // Compact block indicators in a row (`- - - x`, `? ? x`, `a: - - x`) nest one level each.
    let compact = 0;
    // The rest of the line (and of any quoted scalar or flow collection spanning lines).
    for (; i < n; i++) {
      const c = block[i];
      if (flow === 0 && (c === '-' || c === '?' || c === ':') && (i + 1 >= n || isBlank(block[i + 1]) || isBreak(block[i + 1]))) {
        if (++compact > limit) return i;
        last = c;
        continue;
      }
      if (!isBlank(c)) compact = 0;
      if (c === '\n') {
        if (flow === 0) last = '\n';
        i++;
        break;
      }
      if (c === '#' && (i === 0 || isBlank(block[i - 1]) || isBreak(block[i - 1]))) {
        while (i < n && block[i] !== '\n') i++;
        i--;
        continue;
      }
      const nodeStart = flow > 0 ? '\n[{,:?'.includes(last) : '\n-?:[{,'.includes(last);
      if ((c === '"' || c === "'") && nodeStart && (i === 0 || !/[^ \t\r\n[{,:?-]/.test(block[i - 1]))) {
        for (i++; i < n; i++) {
          if (c === '"' && block[i] === '\\') i++;
          else if (block[i] === c) {
            if (c === "'" && block[i + 1] === "'") i++;
            else break;
          }
        }
        last = c;
        continue;
      }
      if ((c === '|' || c === '>') && flow === 0 && nodeStart) {
        // A block scalar: its lines (blank, or at least as indented as its first line, which is
        // more indented than this one) are text.
        while (i < n && block[i] !== '\n') i++;
        let contentIndent = -1;
        while (i < n) {
          let j = i + 1;
          while (j < n && isBlank(block[j])) j++;
          if (j >= n) {
            i = n;
            break;
          }
          if (isBreak(block[j])) {
            i = block.indexOf('\n', j);
            if (i < 0) i = n;
            continue;
          }
          const lineIndent = j - (i + 1);
          if (contentIndent < 0) contentIndent = lineIndent > indent ? lineIndent : Infinity;
          if (lineIndent < contentIndent) break;
          i = block.indexOf('\n', j);
          if (i < 0) i = n;
        }
        last = '\n';
        i--;
        continue;
      }
      if (c === '[' || c === '{') {
        if (++flow > limit) return i;
      } else if ((c === ']' || c === '}') && flow > 0) flow--;
      if (!isBlank(c) && c !== '\r') last = c;
    }
  }
  return -1;
}

/**
 * The first duplicate key of any mapping, as the `yaml` package's `uniqueKeys` decides it (the
 * same node, or scalars with the same value), in linear time: the package compares every key with
 * every earlier one, which a block of a few thousand keys turns into seconds.
 */
function firstDuplicateKey(doc: Document.Parsed): Node | undefined {
  let found: Node | undefined;
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      const nodes = new Set<unknown>();
      for (const pair of map.items) {
        const key = pair.key;
        let duplicate = nodes.has(key);
        nodes.add(key);
        if (isScalar(key) && !Number.isNaN(key.value)) {
          if (seen.has(key.value)) duplicate = true;
          seen.add(key.value);
        }
        if (duplicate) {
          const at = key as Node;
          if (!found || (at.range?.[0] ?? 0) < (found.range?.[0] ?? 0)) found = at;
          break;
        }
      }
    },
  });
  return found;
}

/** Keeps at most MAX_DIAGNOSTICS_PER_FILE diagnostics: the last one says how many were left out. */
function capDiagnostics(diagnostics: FileDiagnostic[]): FileDiagnostic[] {
  if (diagnostics.length <= MAX_DIAGNOSTICS_PER_FILE) return diagnostics;
  const kept = diagnostics.slice(0, MAX_DIAGNOSTICS_PER_FILE - 1);
  const first = diagnostics[MAX_DIAGNOSTICS_PER_FILE - 1];
  const more = diagnostics.length - kept.length;
  kept.push({
    code: first.code,
    line: first.line,
    message: `${more} more problems in this frontmatter block are not listed (at most ${MAX_DIAGNOSTICS_PER_FILE} per file), starting with: ${first.message}`,
  });
  return kept;
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
function stringList(node: unknown, what: string, item: (s: string) => string | undefined): ValueCheck<string[]> {
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

/**
 * A glob list: each pattern checked, and all of them together expanding to at most
 * MAX_ALTERNATIVES_PER_KEY brace alternatives (checked as they are compiled, so the work a key can
 * cause stops there).
 */
function globList(node: unknown, what: string): ValueCheck<string[]> {
  let total = 0;
  let over: string | undefined;
  return stringList(node, what, (pattern) => {
    const problem = checkPattern(pattern);
    if (problem || over) return problem ?? over;
    const compiled = compilePattern(pattern);
    total += compiled instanceof CompiledPattern ? compiled.alternatives : 1;
    if (total > MAX_ALTERNATIVES_PER_KEY) {
      over = `the patterns of ${what} expand to more than ${MAX_ALTERNATIVES_PER_KEY} alternatives in total`;
      return over;
    }
    return undefined;
  });
}

const nonEmptyCommand = (s: string) => (s.trim() === '' ? 'command is empty' : undefined);

function checkValue(key: KnownKey, node: unknown): ValueCheck<unknown> {
  switch (key) {
    case 'applies_to':
    case 'excludes':
      return globList(node, key);
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

/** Bytes of the text's frontmatter block (between well-formed fences), 0 when there is none. */
export function frontmatterBlockBytes(text: string): number {
  const fences = findFences(text);
  if (fences === undefined || 'malformed' in fences) return 0;
  return Buffer.byteLength(text.slice(fences.blockStart, fences.blockEnd), 'utf8');
}

/** The text as plain content, its frontmatter unread, with one `malformed-frontmatter` reason. */
export function unparsedInstructions(text: string, reason: string): ParsedInstructions {
  return {
    metadata: null,
    content: text,
    diagnostics: [{ code: 'malformed-frontmatter', line: 1, message: `${reason}; the whole file is used as content` }],
    keys: [],
    contentLine: 1,
    blockRange: null,
  };
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
    return {
      ...plain,
      diagnostics: [{ code: 'malformed-frontmatter', line: 1, message: `${fences.malformed}; the whole file is used as content` }],
    };
  }
  const block = blockResult(text.slice(fences.blockStart, fences.blockEnd));
  // Copies: callers own their result, and the cached one is shared by every file with this block.
  const diagnostics = block.diagnostics.map((d) => ({ ...d }));
  if (block.metadata === null) return { ...plain, diagnostics };
  const base = fences.blockStart;
  const shift = (range: [number, number]): [number, number] => [base + range[0], base + range[1]];
  return {
    metadata: {
      ...block.metadata,
      excludes: [...block.metadata.excludes],
      required_validation: [...block.metadata.required_validation],
      applies_to: block.metadata.applies_to && [...block.metadata.applies_to],
    },
    content: text.slice(fences.contentStart),
    diagnostics,
    keys: block.keys.map((k) => ({ ...k, keyRange: shift(k.keyRange), valueRange: k.valueRange && shift(k.valueRange) })),
    contentLine: fences.closingLine + 1,
    blockRange: [fences.blockStart, fences.blockEnd],
  };
}

/**
 * What a frontmatter block says, wherever it sits: lines are file lines (a block always starts
 * on line 2), key and value ranges are offsets in the block. `metadata` is null when the block is
 * malformed (then `diagnostics` says why and `keys` is empty).
 */
interface BlockResult {
  metadata: Metadata | null;
  diagnostics: FileDiagnostic[];
  keys: KeyLocation[];
}

/** Parse results by block text (see PARSED_BLOCK_CACHE_CHARS). */
const parsedBlocks = new TextKeyedCache<BlockResult>(PARSED_BLOCK_CACHE_CHARS);

/** The block's result, parsed once per process for each distinct block text. */
function blockResult(block: string): BlockResult {
  return parsedBlocks.get(block, parseBlock);
}

/** Block offset → file position (the block starts on file line 2). */
type Position = (offset: number) => { line: number; column: number };

function parseBlock(block: string): BlockResult {
  const lineCounter = new LineCounter();
  const position: Position = (offset) => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + 1, column: col };
  };
  const malformed = (offset: number | null, message: string): BlockResult => {
    const pos = offset === null ? { line: 1, column: 1 } : position(offset);
    return {
      metadata: null,
      diagnostics: [
        { code: 'malformed-frontmatter', line: pos.line, column: pos.column, message: `${message}; the whole file is used as content` },
      ],
      keys: [],
    };
  };
  const tooDeep = excessiveNesting(block);
  if (tooDeep >= 0) return nestedTooDeep(block, tooDeep);
  let doc: Document.Parsed;
  try {
    doc = parseDocument(block, { ...YAML_OPTIONS, lineCounter });
  } catch (err) {
    // The parser reports problems as errors; anything it throws is a YAML that does not parse.
    return malformed(null, `YAML does not parse: ${String((err as Error)?.message ?? err).split('\n')[0]}`);
  }
  const problem = yamlProblem(block, doc) ?? forbiddenNode(doc);
  if (problem) return malformed(problem.offset, problem.message);
  const contents = doc.contents;
  if (contents !== null && !isMap(contents)) {
    return malformed(contents.range?.[0] ?? null, 'frontmatter must be a mapping of keys to values');
  }
  return readPairs((contents as YAMLMap<unknown, unknown> | null)?.items ?? [], position);
}

/** A block nesting past MAX_YAML_DEPTH at offset `at`: malformed, on the line it happens. */
function nestedTooDeep(block: string, at: number): BlockResult {
  // The line counter is only filled by the parser: count lines here.
  let line = 2;
  for (let i = block.indexOf('\n'); i >= 0 && i < at; i = block.indexOf('\n', i + 1)) line++;
  return {
    metadata: null,
    diagnostics: [
      {
        code: 'malformed-frontmatter',
        line,
        message: `frontmatter nests deeper than ${MAX_YAML_DEPTH} levels; the whole file is used as content`,
      },
    ],
    keys: [],
  };
}

/** The first duplicate key or parse error of the document, where it is. */
function yamlProblem(block: string, doc: Document.Parsed): { offset: number | null; message: string } | undefined {
  const duplicate = doc.errors.length === 0 || doc.errors[0].code !== 'DUPLICATE_KEY' ? firstDuplicateKey(doc) : undefined;
  const firstError = doc.errors[0];
  if (duplicate && (!firstError || (duplicate.range?.[0] ?? 0) <= firstError.pos[0])) {
    return { offset: duplicate.range?.[0] ?? null, message: 'duplicate key: Map keys must be unique' };
  }
  if (!firstError) return undefined;
  const reason = firstError.code === 'DUPLICATE_KEY' ? 'duplicate key' : 'YAML does not parse';
  // An error found at the end of the block (an unclosed `[`) is on its last line, not on the
  // closing fence after it.
  const lastCharacter = Math.max(0, block.trimEnd().length - 1);
  return { offset: Math.min(firstError.pos[0], lastCharacter), message: `${reason}: ${firstError.message.split('\n')[0]}` };
}

/** The first alias, anchor or tag (none is allowed in frontmatter). */
function forbiddenNode(doc: Document.Parsed): { offset: number; message: string } | undefined {
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
  if (!forbidden) return undefined;
  const hint = forbidden.what.startsWith('alias') ? ' (quote globs that start with "*")' : '';
  return { offset: forbidden.offset, message: `YAML ${forbidden.what} is not allowed in frontmatter${hint}` };
}

/** The mapping's keys: each known one checked into the metadata, each located, unknown ones reported. */
function readPairs(items: readonly unknown[], position: Position): BlockResult {
  const metadata: Metadata = { ...DEFAULT_METADATA, excludes: [], required_validation: [] };
  const diagnostics: FileDiagnostic[] = [];
  const keys: KeyLocation[] = [];
  let unknownKeys = 0;
  for (const pair of items) {
    const keyNode = (pair as Pair<unknown, unknown>).key as Node | null;
    const valueNode = (pair as Pair<unknown, unknown>).value as Node | null;
    const keyName = isScalar(keyNode) ? String((keyNode as Scalar).value) : String(keyNode);
    const keyStart = keyNode?.range?.[0] ?? 0;
    const keyPos = position(keyStart);
    const valueRange = valueNode?.range ? ([valueNode.range[0], valueNode.range[1]] as [number, number]) : null;
    const known = isKnownKey(keyName);
    // Every known key is located; unknown ones up to the diagnostics cap (a hostile block of
    // thousands of keys would otherwise keep thousands of locations per file in memory).
    if (known || ++unknownKeys <= MAX_DIAGNOSTICS_PER_FILE) {
      keys.push({
        key: keyName,
        line: keyPos.line,
        column: keyPos.column,
        keyRange: [keyStart, keyNode?.range?.[1] ?? keyStart],
        valueRange,
      });
    }
    if (!known) {
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
  return { metadata, diagnostics: capDiagnostics(diagnostics), keys };
}
