/**
 * Git's C-quoted path lines (docs/contract.md §9). `git ls-files`, `git diff --name-only` and
 * friends print a path that holds a double quote, a backslash, a control character or (with the
 * default `core.quotePath`) any byte above 0x7f between double quotes, with C escapes:
 * `\a \b \t \n \v \f \r \" \\` and three octal digits for any other byte. `"docs/caf\303\251.md"`
 * is `docs/café.md`. Only that form is undone here; `-z` output needs none of it.
 */

/** The byte each single-letter escape stands for, as git writes and reads them. */
const ESCAPES: Readonly<Record<string, number>> = {
  a: 0x07,
  b: 0x08,
  t: 0x09,
  n: 0x0a,
  v: 0x0b,
  f: 0x0c,
  r: 0x0d,
  '"': 0x22,
  '\\': 0x5c,
};

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The path a C-quoted line stands for, or `undefined` when the line is not one: it must start and
 * end with `"`, hold no bare `"`, use only git's escapes, and its bytes must be UTF-8.
 */
export function unquoteGitPath(line: string): string | undefined {
  if (line.length < 2 || !line.startsWith('"') || !line.endsWith('"')) return undefined;
  const bytes: number[] = [];
  const body = line.slice(1, -1);
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"') return undefined;
    if (c !== '\\') {
      // Raw text (git leaves bytes above 0x7f raw with core.quotePath=false): its UTF-8 bytes.
      const cp = body.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
      i += ch.length - 1;
      continue;
    }
    const next = body[++i];
    if (next === undefined) return undefined;
    if (next in ESCAPES) {
      bytes.push(ESCAPES[next]);
    } else if (/^[0-3][0-7][0-7]$/.test(body.slice(i, i + 3))) {
      bytes.push(parseInt(body.slice(i, i + 3), 8));
      i += 2;
    } else {
      return undefined;
    }
  }
  try {
    return UTF8.decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

/** A line read as git's quoted form: what was given and the path used instead. */
export interface UnquotedLine {
  given: string;
  path: string;
}

/**
 * Lines of a path list with git's quoted lines undone where that names what exists: a line is
 * replaced by its unquoted path only when the line as written does not exist and the unquoted
 * one does (a file may really be named with quotes). `exists` answers for a path as given.
 */
export function unquoteGitLines(lines: readonly string[], exists: (p: string) => boolean): { lines: string[]; unquoted: UnquotedLine[] } {
  const unquoted: UnquotedLine[] = [];
  const out = lines.map((line) => {
    const path = unquoteGitPath(line);
    if (path === undefined || path === line || exists(line) || !exists(path)) return line;
    unquoted.push({ given: line, path });
    return path;
  });
  return { lines: out, unquoted };
}

/** The `git-quoted-path` diagnostic's message for the lines that were unquoted (at least one). */
export function gitQuotedMessage(unquoted: readonly UnquotedLine[]): string {
  const [first] = unquoted;
  const what = unquoted.length === 1 ? 'a target was' : `${unquoted.length} targets were`;
  return (
    `${what} in git's quoted form and read unquoted (${first.given} as ${JSON.stringify(first.path)}${unquoted.length > 1 ? ', …' : ''}); ` +
    'to pass paths exactly, list them NUL-separated with git -z and read them with --null ' +
    '(git diff -z --name-only | holaryn instructions . --targets-from - --null)'
  );
}
