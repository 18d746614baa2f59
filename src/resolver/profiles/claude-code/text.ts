/**
 * Claude Code's text rules, as its memory documentation states them: `@path` imports outside
 * code spans and fenced blocks, and block-level HTML comments removed outside code blocks.
 * Pure: text in, text or paths out.
 */

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** Lines of `text` with whether each is inside a fenced code block (fence lines included). */
function fenced(lines: readonly string[]): boolean[] {
  const inside: boolean[] = [];
  let open: string | undefined;
  for (const line of lines) {
    const m = FENCE.exec(line);
    if (open === undefined) {
      if (m) {
        open = m[1];
        inside.push(true);
      } else inside.push(false);
    } else {
      inside.push(true);
      if (m && m[1][0] === open[0] && m[1].length >= open.length && line.trim() === m[1]) open = undefined;
    }
  }
  return inside;
}

/**
 * Removes block-level HTML comments: a comment that starts a line (after spaces) and ends a line
 * (possibly a later one), outside fenced code. Its lines go; an inline comment stays.
 */
export function stripBlockComments(text: string): string {
  if (!text.includes('<!--')) return text;
  const lines = text.split('\n');
  const code = fenced(lines);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!code[i] && lines[i].trimStart().startsWith('<!--')) {
      let j = i;
      let rest = lines[i].slice(lines[i].indexOf('<!--') + 4);
      while (!rest.includes('-->') && j + 1 < lines.length && !code[j + 1]) rest = lines[++j];
      const end = rest.indexOf('-->');
      if (end >= 0 && rest.slice(end + 3).trim() === '') {
        i = j;
        continue;
      }
    }
    out.push(lines[i]);
  }
  return out.join('\n');
}

/** Removes code spans (`…`, ``…``) from a line, so an `@` inside one is no import. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, ' ');
}

/**
 * The `@path` imports of a text, in order: `@` at the start of a line or after whitespace,
 * outside fenced blocks and code spans, the path running to the next whitespace. Repeats kept
 * (the caller loads each file once).
 */
export function importsOf(text: string): { path: string; line: number }[] {
  const lines = text.split('\n');
  const code = fenced(lines);
  const out: { path: string; line: number }[] = [];
  lines.forEach((raw, i) => {
    if (code[i] || !raw.includes('@')) return;
    const line = withoutCodeSpans(raw);
    for (const m of line.matchAll(/(?:^|\s)@(\S+)/g)) {
      const path = m[1];
      if (path.startsWith('@')) continue;
      out.push({ path, line: i + 1 });
    }
  });
  return out;
}
