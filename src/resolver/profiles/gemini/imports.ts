/**
 * Gemini CLI's `@path` imports in context files, reproduced for its default `tree` format: each
 * import is replaced in place by the imported file's text between two HTML comments, or by a
 * comment saying why it was not. The rules, with their quirks, are Gemini's own (see README.md):
 * an `@` at the start or after a space, tab, CR or LF, followed by `.`, `/` or an ASCII letter,
 * up to the next such whitespace (punctuation included); backtick runs protect what they enclose;
 * five levels deep; the real path must stay inside the project root.
 */
import type { PathApi } from '../../fs';

/** What the import processor needs from the filesystem. */
export interface ImportIo {
  readonly path: PathApi;
  /** Whether the path exists, links followed (Node's `fs.access`). */
  exists(abs: string): boolean;
  /** The real path, a missing tail resolved through its existing parent. */
  realpath(abs: string): string;
  /** The file's text (UTF-8, decoded lossily), or Node's error message for reading it. */
  read(abs: string): { ok: true; text: string } | { ok: false; message: string };
}

/** Gemini's default depth: five levels of imported files are inserted. */
export const MAX_IMPORT_DEPTH = 5;

interface ImportToken {
  start: number;
  end: number;
  path: string;
}

function isImportSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

function startsImport(c: string): boolean {
  return c === '.' || c === '/' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/** The `@path` tokens of `content`, in order. */
export function findImports(content: string): ImportToken[] {
  const found: ImportToken[] = [];
  let i = content.indexOf('@');
  while (i !== -1) {
    if (i > 0 && !isImportSpace(content[i - 1])) {
      i = content.indexOf('@', i + 1);
      continue;
    }
    let j = i + 1;
    while (j < content.length && !isImportSpace(content[j])) j++;
    const path = content.slice(i + 1, j);
    if (path.length > 0 && startsImport(path[0])) found.push({ start: i, end: j, path });
    i = content.indexOf('@', j);
  }
  return found;
}

/**
 * The spans Gemini treats as code: what `/(`+)([\s\S]*?)\1/g` matches. From each backtick, the
 * longest run there pairs with the first later run of the same length (possibly inside a longer
 * run); failing that, shorter lengths are tried. A backtick with no later one opens nothing.
 */
export function findCodeRegions(content: string): [number, number][] {
  const regions: [number, number][] = [];
  let p = content.indexOf('`');
  while (p !== -1) {
    let n = 0;
    while (content[p + n] === '`') n++;
    let matched = -1;
    for (let k = n; k >= 1 && matched < 0; k--) {
      const q = content.indexOf('`'.repeat(k), p + k);
      if (q >= 0) matched = q + k;
    }
    if (matched < 0) {
      p = content.indexOf('`', p + 1);
      continue;
    }
    regions.push([p, matched]);
    p = content.indexOf('`', matched);
  }
  return regions;
}

/** Gemini's `isSubpath`: `child` is `parent` or below it. */
export function isSubpath(P: PathApi, parent: string, child: string): boolean {
  const rel = P.relative(parent, child);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${P.sep}`) && !P.isAbsolute(rel));
}

const URL_PREFIX = /^(file|https?):\/\//;

/**
 * The import root of a top-level file: the first directory at or above `startDir` holding one of
 * `markers` (existence only), else `startDir` itself; `[]` → `startDir`.
 */
export function importRoot(io: Pick<ImportIo, 'exists' | 'path'>, startDir: string, markers: readonly string[]): string {
  const P = io.path;
  const start = P.resolve(startDir);
  if (markers.length === 0) return start;
  let dir = start;
  for (;;) {
    for (const marker of markers) {
      if (P.isAbsolute(marker) || marker.includes('..')) continue;
      if (io.exists(P.join(dir, marker))) return dir;
    }
    const parent = P.dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
}

interface ImportState {
  /** Files on the current import chain (the top-level file is not one of them). */
  processed: ReadonlySet<string>;
  depth: number;
}

/**
 * A path as Gemini's containment check sees it: percent-escapes decoded (a malformed one leaves the
 * path as it is). Only the check decodes; the file is looked for and read under the path as written.
 */
function decodedForCheck(abs: string): string {
  try {
    return decodeURIComponent(abs);
  } catch {
    return abs;
  }
}

/**
 * `content` with its imports expanded. `basePath` is the directory of the file it came from;
 * `root` the import root (see importRoot), shared by nested imports.
 */
export function processImports(
  content: string,
  basePath: string,
  root: string,
  io: ImportIo,
  state: ImportState = { processed: new Set(), depth: 0 },
): string {
  if (state.depth >= MAX_IMPORT_DEPTH) return content;
  const P = io.path;
  const tokens = findImports(content);
  if (tokens.length === 0) return content;
  const code = findCodeRegions(content);
  let out = '';
  let last = 0;
  for (const token of tokens) {
    out += content.slice(last, token.start);
    last = token.end;
    const at = token.path;
    if (code.some(([s, e]) => token.start >= s && token.start < e)) {
      out += `@${at}`;
      continue;
    }
    if (URL_PREFIX.test(at) || !isSubpath(P, io.realpath(decodedForCheck(root)), io.realpath(decodedForCheck(P.resolve(basePath, at))))) {
      out += `<!-- Import failed: ${at} - Path traversal attempt -->`;
      continue;
    }
    const full = P.resolve(basePath, at);
    if (state.processed.has(full)) {
      out += `<!-- File already processed: ${at} -->`;
      continue;
    }
    if (!io.exists(full)) {
      out += `<!-- Import failed: ${at} - ENOENT: no such file or directory, access '${full}' -->`;
      continue;
    }
    const read = io.read(full);
    if (!read.ok) {
      out += `<!-- Import failed: ${at} - ${read.message} -->`;
      continue;
    }
    const processed = new Set(state.processed);
    processed.add(full);
    const inner = processImports(read.text, P.dirname(full), root, io, { processed, depth: state.depth + 1 });
    out += `<!-- Imported from: ${at} -->\n${inner}\n<!-- End of import from: ${at} -->`;
  }
  return out + content.slice(last);
}
