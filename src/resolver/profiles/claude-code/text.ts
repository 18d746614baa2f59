/**
 * How Claude Code 2.1.328 reads one memory file's text (README.md in this folder): the `---`
 * header it strips and reads `paths` from, the HTML comments it removes, and the `@path` imports
 * it finds. The Markdown is split into blocks by `marked` (without GitHub extensions), as Claude
 * Code does, so code blocks, code spans, HTML blocks and comments end where Markdown says they do.
 * Pure: text in, text or paths out.
 */
import type * as Marked from 'marked' with { 'resolution-mode': 'import' };
import { parseHeaderBlock } from '../agent/frontmatter';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- marked is an ES module; this file is CommonJS
const { Lexer } = require('marked') as typeof Marked;

type Token = Marked.Token & { tokens?: Token[]; items?: Token[] };

const BOM = '\ufeff';
/** The header Claude Code strips: `---` on the first line, up to the next `---` (anywhere, even mid-line). */
const HEADER = /^---\s*\n([\s\S]*?)---\s*\n?/;

export interface ClaudeHeader {
  /** The parsed mapping ({} when there is none or it does not parse as one). */
  attributes: Record<string, unknown>;
  /** The text after the header; the whole text (BOM included) when there is none. */
  body: string;
}

/**
 * The header and the text after it. A leading BOM is dropped when a header follows it; a text
 * without a header is returned as it is.
 */
export function claudeHeader(text: string): ClaudeHeader {
  const t = text.startsWith(BOM) ? text.slice(1) : text;
  const m = t.indexOf('---', 3) < 0 ? null : HEADER.exec(t);
  if (!m) return { attributes: {}, body: text };
  return { attributes: headerAttributes(m[1]), body: t.slice(m[0].length) };
}

/** A value Claude Code quotes before its second try at a header that does not parse (its own list of YAML's special characters). */
const SPECIAL = /[{}[\]*&#!|>%@`]|: /;

/**
 * The second form Claude Code 2.1.328 parses a header in when the first does not parse: each
 * `key: value` line whose value holds one of YAML's special characters, and is neither quoted nor
 * a list that parses, has its value put in double quotes (so `description: [draft` reads as the
 * text `[draft`).
 */
function quotedValues(block: string): string {
  return block
    .split('\n')
    .map((line) => {
      const m = /^([a-zA-Z_-]+):\s+(\S.*)$/.exec(line);
      if (!m) return line;
      const value = m[2];
      if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) return line;
      if (value.startsWith('[') && value.endsWith(']') && Array.isArray(parseHeaderBlock(`v: ${value}`)?.v)) return line;
      if (!SPECIAL.test(value)) return line;
      return `${m[1]}: "${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    })
    .join('\n');
}

/** The header's mapping: YAML, retried with special values quoted and leading tabs read as two spaces each; {} otherwise. */
function headerAttributes(block: string): Record<string, unknown> {
  return parseHeaderBlock(block) ?? parseHeaderBlock(quotedValues(block).replace(/^\t+/gm, (tabs) => '  '.repeat(tabs.length))) ?? {};
}

/** Patterns of a brace group expanded at most this many times per `paths` entry (a bound). */
const MAX_EXPANSIONS = 1000;

/**
 * The brace groups of one pattern expanded, first group first: `src/*.{ts, js}` gives
 * `src/*.ts` and `src/*.js` (each alternative trimmed). A group is the text between the first `{`
 * and the next `}`; past MAX_EXPANSIONS the pattern is kept as written.
 */
function expandBraces(pattern: string): string[] {
  if (!pattern.includes('{')) return [pattern];
  const done: string[] = [];
  const todo = [pattern];
  for (let p = todo.pop(); p !== undefined; p = todo.pop()) {
    const m = /^([^{]*)\{([^}]+)\}(.*)$/.exec(p);
    if (!m) {
      done.push(p);
      continue;
    }
    const alternatives = m[2].split(',').map((a) => a.trim());
    if (done.length + todo.length + alternatives.length > MAX_EXPANSIONS) return [pattern];
    for (let i = alternatives.length - 1; i >= 0; i--) todo.push(m[1] + alternatives[i] + m[3]);
  }
  return done;
}

/** A `paths` value as patterns: lists flattened, strings split on commas outside braces, braces expanded. */
function pathPatterns(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(pathPatterns);
  if (typeof value !== 'string') return [];
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of value) {
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    current += ch;
  }
  parts.push(current.trim());
  return parts.filter((p) => p !== '').flatMap(expandBraces);
}

/**
 * The globs of a file's `paths`, or undefined when it loads unconditionally: no `paths` (or a
 * false one), or none left after dropping a trailing `/**`, or only `**`.
 */
export function pathGlobs(attributes: Record<string, unknown>): string[] | undefined {
  if (!attributes.paths) return undefined;
  const globs = pathPatterns(attributes.paths)
    .map((p) => (p.endsWith('/**') ? p.slice(0, -3) : p))
    .filter((p) => p !== '');
  return globs.length === 0 || globs.every((p) => p === '**') ? undefined : globs;
}

/** The text's Markdown blocks (CRLF read as LF, as the lexer does). */
function blocks(text: string): Token[] {
  return new Lexer({ gfm: false }).lex(text) as Token[];
}

const COMMENT = /<!--[\s\S]*?-->/g;

/** Whether a token is an HTML block or inline HTML that starts with a comment. */
function startsWithComment(t: Token): boolean {
  const start = t.raw.trimStart();
  return start.startsWith('<!--') && start.includes('-->');
}

/**
 * The text with its HTML comments removed, as Claude Code removes them: in each block of HTML
 * that starts with a comment, every comment goes, and the block goes whole when only whitespace
 * is left. Comments inside paragraphs, code and other HTML stay. A text with a comment comes back
 * with LF line ends.
 */
export function stripComments(text: string): string {
  if (!text.includes('<!--')) return text;
  let out = '';
  let dropped = false;
  for (const t of blocks(text)) {
    if (t.type === 'html' && startsWithComment(t)) {
      const rest = t.raw.replace(COMMENT, '');
      dropped = rest.trim() === '';
      if (!dropped) out += rest;
      continue;
    }
    // Claude Code's lexer counts the line ends after an HTML block as the block's: they go with it.
    out += dropped && t.type === 'space' ? t.raw.replace(/^\n+/, '') : t.raw;
    dropped = false;
  }
  return out;
}

/** `@path` after the start of a text or whitespace; `\ ` continues a path. */
const IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;

/** The import specs written in one run of text, `#…` cut off and `\ ` read as a space. */
function importsIn(text: string, out: Set<string>): void {
  for (const m of text.matchAll(IMPORT)) {
    let spec = m[1];
    const hash = spec.indexOf('#');
    if (hash >= 0) spec = spec.slice(0, hash);
    spec = spec.replaceAll('\\ ', ' ');
    if (spec === '') continue;
    const path =
      spec.startsWith('./') ||
      spec.startsWith('~/') ||
      (spec.startsWith('/') && spec !== '/') ||
      (!spec.startsWith('@') && !/^[#%^&*()]+/.test(spec) && /^[a-zA-Z0-9._-]/.test(spec));
    if (path) out.add(spec);
  }
}

function collectImports(tokens: readonly Token[], out: Set<string>): void {
  for (const t of tokens) {
    if (t.type === 'code' || t.type === 'codespan') continue;
    if (t.type === 'html') {
      // Only HTML that starts with a comment is read, and only what is outside its comments.
      if (startsWithComment(t)) {
        const rest = t.raw.replace(COMMENT, '');
        if (rest.trim() !== '') importsIn(rest, out);
      }
      continue;
    }
    if (t.type === 'text') importsIn((t as Marked.Tokens.Text).text ?? '', out);
    if (t.tokens) collectImports(t.tokens, out);
    if (t.items) collectImports(t.items, out);
  }
}

/**
 * The `@` imports of a text, in order, each once, as written (`./x.md`, `~/x.md`, `/abs`, `x.md`):
 * outside code blocks, code spans, HTML and comments.
 */
export function importSpecs(text: string): string[] {
  if (!text.includes('@')) return [];
  const out = new Set<string>();
  collectImports(blocks(text), out);
  return [...out];
}

/** File name endings Claude Code imports (a name without one is imported too). */
const TEXT_ENDINGS = new Set(
  (
    '.md .txt .text .json .yaml .yml .toml .xml .csv .html .htm .css .scss .sass .less .js .ts .tsx .jsx .mjs .cjs .mts .cts ' +
    '.py .pyi .pyw .rb .erb .rake .go .rs .java .kt .kts .scala .c .cpp .cc .cxx .h .hpp .hxx .cs .swift .sh .bash .zsh .fish ' +
    '.ps1 .bat .cmd .env .ini .cfg .conf .config .properties .sql .graphql .gql .proto .vue .svelte .astro .ejs .hbs .pug .jade ' +
    '.php .pl .pm .lua .r .dart .ex .exs .erl .hrl .clj .cljs .cljc .edn .hs .lhs .elm .ml .mli .f .f90 .f95 .for .cmake ' +
    '.make .makefile .gradle .sbt .rst .adoc .asciidoc .org .tex .latex .lock .log .diff .patch'
  ).split(' '),
);

/** Whether Claude Code reads a file of this name as text (by its ending, any case). */
export function isTextName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return true;
  return TEXT_ENDINGS.has(name.slice(dot).toLowerCase());
}

/** One memory file's text as Claude Code keeps it: header and comments removed, untrimmed. */
export function memoryText(text: string): { content: string; globs: string[] | undefined; imports: string[] } {
  const header = claudeHeader(text);
  return { content: stripComments(header.body), globs: pathGlobs(header.attributes), imports: importSpecs(header.body) };
}
