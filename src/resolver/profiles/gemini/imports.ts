/**
 * Gemini CLI's `@path` imports in context files, reproduced for its default `tree` format: each
 * import is replaced in place by the imported file's text between two HTML comments, or by a
 * comment saying why it was not. The rules, with their quirks, are Gemini's own (see README.md):
 * an `@` at the start or after a space, tab, CR or LF, followed by `.`, `/` or an ASCII letter,
 * up to the next such whitespace (punctuation included); backtick runs protect what they enclose;
 * five levels deep; the real path must stay inside the project root.
 *
 * Gemini expands an import again wherever it is imported (only the current chain counts as a
 * cycle), so the text can grow exponentially with the files. The text here is Gemini's, but each
 * file is read and scanned once per resolution (ImportExpander), and what imports add in one
 * resolution is bounded by MAX_IMPORT_EXPANSION_CHARS: past it the text is cut there, as a
 * prefix of what Gemini would send, and the caller says so.
 */
import type { PathApi } from '../../fs';
import { MAX_IMPORT_EXPANSION_CHARS } from '../../limits';

/** What the import processor needs from the filesystem. */
export interface ImportIo {
  readonly path: PathApi;
  /** Whether the path exists, links followed (Node's `fs.access`). */
  exists(abs: string): boolean;
  /** The real path, a missing tail resolved through its existing parent. */
  realpath(abs: string): string;
  /** The file's text (UTF-8, decoded lossily), or Node's error message for reading it. Asked once per file. */
  read(abs: string): { ok: true; text: string } | { ok: false; message: string };
  /** Told each time an import inserts the file at `abs` (a file is read once but may be inserted many times). */
  inserted?(abs: string): void;
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
 *
 * Computed from the runs of backticks in one pass, not by searching: from a run of `n`, a length
 * `k` above `n / 2` can only pair with a later run at least `k` long (then at its start), and any
 * length up to `n / 2` pairs inside the run itself.
 */
export function findCodeRegions(content: string): [number, number][] {
  const starts: number[] = [];
  const lengths: number[] = [];
  for (let p = content.indexOf('`'); p !== -1;) {
    let n = 0;
    while (content[p + n] === '`') n++;
    starts.push(p);
    lengths.push(n);
    p = content.indexOf('`', p + n);
  }
  // The longest run after run r, for every r.
  const longestAfter: number[] = new Array(starts.length + 1).fill(0);
  for (let r = starts.length - 1; r >= 0; r--) longestAfter[r] = Math.max(lengths[r + 1] ?? 0, longestAfter[r + 1]);
  const regions: [number, number][] = [];
  let r = 0;
  /** Backticks of run r already taken by an earlier region. */
  let used = 0;
  while (r < starts.length) {
    const p = starts[r] + used;
    const n = lengths[r] - used;
    const later = longestAfter[r];
    const k = Math.min(n, later);
    if (k > Math.floor(n / 2)) {
      // The first later run at least k long closes it, at its start.
      let q = r + 1;
      while (lengths[q] < k) q++;
      regions.push([p, starts[q] + k]);
      r = q;
      used = k;
    } else if (n >= 2) {
      const half = Math.floor(n / 2);
      regions.push([p, p + 2 * half]);
      used += 2 * half;
    } else {
      used = lengths[r];
    }
    if (used >= lengths[r]) {
      r++;
      used = 0;
    }
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

/** A file's text with its imports and code spans found once (a file imported many times is scanned once). */
interface Scanned {
  text: string;
  tokens: ImportToken[];
  /** Per token: whether it is inside a code span. */
  inCode: boolean[];
}

function scan(text: string): Scanned {
  const tokens = findImports(text);
  const inCode: boolean[] = [];
  if (tokens.length > 0) {
    const code = findCodeRegions(text);
    // Tokens and regions are both in order: one pass over each.
    let c = 0;
    for (const t of tokens) {
      while (c < code.length && code[c][1] <= t.start) c++;
      inCode.push(c < code.length && code[c][0] <= t.start);
    }
  }
  return { text, tokens, inCode };
}

/** The text being built, with what imports may still add to it. */
class Output {
  readonly parts: string[] = [];
  /** Set when the bound cut the text. */
  cut = false;

  constructor(private readonly budget: { remaining: number }) {}

  /** Adds `text`; `counted` says whether it is import text (the bound counts only that). */
  add(text: string, counted: boolean): boolean {
    if (this.cut) return false;
    if (!counted || text.length <= this.budget.remaining) {
      if (counted) this.budget.remaining -= text.length;
      this.parts.push(text);
      return true;
    }
    let keep = this.budget.remaining;
    // Never half a surrogate pair.
    const code = text.charCodeAt(keep - 1);
    if (keep > 0 && code >= 0xd800 && code <= 0xdbff) keep--;
    this.parts.push(text.slice(0, keep));
    this.budget.remaining = 0;
    this.cut = true;
    return false;
  }
}

/**
 * Gemini's import expansion for one resolution: files read, scanned and checked once, and what
 * all the expansions add together bounded by `limit` characters.
 */
export class ImportExpander {
  private readonly files = new Map<string, Scanned | { message: string } | null>();
  private readonly inside = new Map<string, boolean>();
  private readonly budget: { remaining: number };

  constructor(
    private readonly io: ImportIo,
    readonly limit = MAX_IMPORT_EXPANSION_CHARS,
  ) {
    this.budget = { remaining: limit };
  }

  /**
   * `content` with its imports expanded. `basePath` is the directory of the file it came from;
   * `root` the import root (see importRoot), shared by nested imports. `cut`: the bound cut the
   * text at the end of what is given back.
   */
  expand(content: string, basePath: string, root: string): { text: string; cut: boolean } {
    const scanned = scan(content);
    if (scanned.tokens.length === 0) return { text: content, cut: false };
    const out = new Output(this.budget);
    this.process(scanned, basePath, root, [], 0, out);
    return { text: out.parts.join(''), cut: out.cut };
  }

  /** A file to import, read once: its text scanned, or Node's message for the failure; null when it does not exist. */
  private file(full: string): Scanned | { message: string } | null {
    let f = this.files.get(full);
    if (f === undefined) {
      if (!this.io.exists(full)) f = null;
      else {
        const read = this.io.read(full);
        f = read.ok ? scan(read.text) : { message: read.message };
      }
      this.files.set(full, f);
    }
    return f;
  }

  /** Gemini's containment check for one import path, asked once per root and path. */
  private allowed(root: string, full: string): boolean {
    const key = `${root}\0${full}`;
    let ok = this.inside.get(key);
    if (ok === undefined) {
      const P = this.io.path;
      ok = isSubpath(P, this.io.realpath(decodedForCheck(root)), this.io.realpath(decodedForCheck(full)));
      this.inside.set(key, ok);
    }
    return ok;
  }

  /** Expands one file's text into `out`; false once the bound has cut it. */
  private process(file: Scanned, basePath: string, root: string, chain: readonly string[], depth: number, out: Output): boolean {
    const counted = depth > 0;
    const { text, tokens, inCode } = file;
    if (depth >= MAX_IMPORT_DEPTH || tokens.length === 0) return out.add(text, counted);
    const P = this.io.path;
    let last = 0;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (!out.add(text.slice(last, token.start), counted)) return false;
      last = token.end;
      const at = token.path;
      if (inCode[i]) {
        if (!out.add(`@${at}`, counted)) return false;
        continue;
      }
      const full = P.resolve(basePath, at);
      if (URL_PREFIX.test(at) || !this.allowed(root, full)) {
        if (!out.add(`<!-- Import failed: ${at} - Path traversal attempt -->`, true)) return false;
        continue;
      }
      if (chain.includes(full)) {
        if (!out.add(`<!-- File already processed: ${at} -->`, true)) return false;
        continue;
      }
      const imported = this.file(full);
      if (imported === null) {
        if (!out.add(`<!-- Import failed: ${at} - ENOENT: no such file or directory, access '${full}' -->`, true)) return false;
        continue;
      }
      if ('message' in imported) {
        if (!out.add(`<!-- Import failed: ${at} - ${imported.message} -->`, true)) return false;
        continue;
      }
      this.io.inserted?.(full);
      if (!out.add(`<!-- Imported from: ${at} -->\n`, true)) return false;
      if (!this.process(imported, P.dirname(full), root, [...chain, full], depth + 1, out)) return false;
      if (!out.add(`\n<!-- End of import from: ${at} -->`, true)) return false;
    }
    return out.add(text.slice(last), counted);
  }
}
