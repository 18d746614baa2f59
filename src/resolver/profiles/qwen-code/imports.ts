/**
 * Qwen Code 0.24.4's `@path` imports in context files (memoryImportProcessor.ts, its default
 * `tree` format): an `@` at the start or after a space, tab, CR or LF, followed by `.`, `/` or an
 * ASCII letter, up to the next such whitespace, is replaced by the imported file's text between
 * two HTML comments. Not inside a Markdown code block or code span (as `marked`'s lexer finds
 * them). The path must stay inside the top-level file's git root (else its folder). A file missing
 * keeps its `@path` as written; one already in the current chain, or past five levels, is not
 * expanded again. Rules are not processed.
 *
 * Each expansion inserts the imported file's whole text again (Qwen copies the chain, not a set of
 * all files seen), so the output is bounded here by MAX_IMPORT_EXPANSION_CHARS; past it the text
 * is cut and the caller says so.
 */
import type * as Marked from 'marked' with { 'resolution-mode': 'import' };
import type { PathApi } from '../../fs';
import { MAX_IMPORT_EXPANSION_CHARS } from '../../limits';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- marked is an ES module; this file is CommonJS
const { Lexer } = require('marked') as typeof Marked;

type Token = Marked.Token & { tokens?: Token[] };

const MAX_DEPTH = 5;
const URL_PREFIX = /^(file|https?):\/\//;

export interface QwenImportIo {
  readonly path: PathApi;
  /** `missing`, `directory`, or the text (undefined when Holaryn may not show it). */
  read(abs: string): { kind: 'missing' } | { kind: 'directory' } | { kind: 'file'; text: string | undefined };
}

interface Found {
  start: number;
  end: number;
  path: string;
}

const space = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const letter = (c: string) => (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');

/** Qwen's `findImports`. */
export function findQwenImports(content: string): Found[] {
  const out: Found[] = [];
  let i = 0;
  while (i < content.length) {
    i = content.indexOf('@', i);
    if (i === -1) break;
    if (i > 0 && !space(content[i - 1])) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < content.length && !space(content[j])) j++;
    const path = content.slice(i + 1, j);
    if (path.length > 0 && (path[0] === '.' || path[0] === '/' || letter(path[0]))) out.push({ start: i, end: j, path });
    i = j + 1;
  }
  return out;
}

/** Qwen's `findCodeRegions`: the spans of `code` and `codespan` tokens, children found in their parent's raw text. */
export function qwenCodeRegions(content: string): [number, number][] {
  const regions: [number, number][] = [];
  const walk = (token: Token, base: number): void => {
    if (token.type === 'code' || token.type === 'codespan') regions.push([base, base + token.raw.length]);
    if (token.tokens) {
      let offset = 0;
      for (const child of token.tokens) {
        const at = token.raw.indexOf(child.raw, offset);
        if (at === -1) break;
        walk(child, base + at);
        offset = at + child.raw.length;
      }
    }
  };
  let offset = 0;
  for (const token of new Lexer().lex(content) as Token[]) {
    walk(token, offset);
    offset += token.raw.length;
  }
  return regions;
}

function isSubpath(P: PathApi, parent: string, child: string): boolean {
  const rel = P.relative(parent, child);
  return rel === '' || (!rel.startsWith(`..${P.sep}`) && rel !== '..' && !P.isAbsolute(rel));
}

export interface Expanded {
  text: string;
  /** The bound cut the text. */
  cut: boolean;
  /** Imported files Holaryn may not show (outside the workspace): their text is replaced. */
  hidden: string[];
}

/** `content` of the file at `file` (as found, links not resolved) with its imports expanded; `root` its import root. */
export function expandQwenImports(io: QwenImportIo, content: string, file: string, root: string): Expanded {
  const P = io.path;
  let budget = MAX_IMPORT_EXPANSION_CHARS;
  let cut = false;
  const hidden: string[] = [];
  const run = (text: string, base: string, chain: readonly string[], depth: number): string => {
    if (cut || depth >= MAX_DEPTH) return text;
    const imports = findQwenImports(text);
    if (imports.length === 0) return text;
    const code = qwenCodeRegions(text);
    let out = '';
    let last = 0;
    for (const { start, end, path } of imports) {
      out += text.slice(last, start);
      last = end;
      if (code.some(([s, e]) => start >= s && start < e)) {
        out += `@${path}`;
        continue;
      }
      const full = P.resolve(base, path);
      if (URL_PREFIX.test(path) || !isSubpath(P, root, full)) {
        out += `<!-- Import failed: ${path} - Path traversal attempt -->`;
        continue;
      }
      if (chain.includes(full)) {
        out += `<!-- File already processed: ${path} -->`;
        continue;
      }
      const found = io.read(full);
      if (found.kind === 'missing') {
        out += `@${path}`;
        continue;
      }
      if (found.kind === 'directory') {
        out += `<!-- Import failed: ${path} - EISDIR: illegal operation on a directory, read -->`;
        continue;
      }
      let inner: string;
      if (found.text === undefined) {
        hidden.push(full);
        inner = `[not shown: ${path} leads outside the workspace]`;
      } else inner = run(found.text, P.dirname(full), [...chain, full], depth + 1);
      const piece = `<!-- Imported from: ${path} -->\n${inner}\n<!-- End of import from: ${path} -->`;
      if (piece.length > budget) {
        cut = true;
        return out + piece.slice(0, budget);
      }
      budget -= piece.length;
      out += piece;
    }
    return out + text.slice(last);
  };
  const text = run(content, P.dirname(file), [P.resolve(file)], 0);
  return { text, cut, hidden };
}
