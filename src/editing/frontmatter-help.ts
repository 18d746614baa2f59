/**
 * Completion and hover for instruction-file frontmatter: where the cursor is (a key, a key's
 * value, a list item), what to offer, and the documentation, worded as the contract
 * (docs/contract.md §4 and §5) words it. Pure: no editor API.
 *
 * Every documentation string here is Holaryn's own constant text. Nothing from the file being
 * edited is ever put into documentation (editors render it as markdown).
 */
import { nearMissKey } from '../lint';
import { KNOWN_KEYS, PRIORITY_MAX, PRIORITY_MIN, FENCE } from '../resolver';

export type FrontmatterKey = (typeof KNOWN_KEYS)[number];

const KEY_AT_START = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:/;

export interface KeyDoc {
  /** One line: the value's type and default. */
  detail: string;
  /** Markdown, Holaryn's own text. */
  markdown: string;
}

const GLOB_RULES =
  "Globs are matched with `minimatch` (`dot: true`) against the target's path **relative to this file's directory**, `/`-separated; " +
  'a leading `./` or `/` is dropped. A string is one pattern: commas are never split (`*.{ts,tsx}` is one glob). ' +
  'Quote a glob that starts with `*`: unquoted, YAML reads it as an alias and the frontmatter is malformed.';

export const KEY_DOCS: Readonly<Record<FrontmatterKey, KeyDoc>> = Object.freeze({
  applies_to: {
    detail: 'glob or list of globs · default: absent (applies to every target in scope)',
    markdown: [
      "**applies_to** — glob or list of globs. Default: absent, which applies to every target in scope (this file's directory and below).",
      '',
      "If `applies_to` is present, at least one pattern must match. A target equal to this file's own directory has the empty relative path, which matches no pattern (not even `**`).",
      '',
      GLOB_RULES,
      '',
      'A wrong value (wrong type, empty list, a glob containing a `..` segment) is `invalid-value` and the key behaves as if absent.',
    ].join('\n'),
  },
  excludes: {
    detail: 'glob or list of globs · default: none',
    markdown: [
      '**excludes** — glob or list of globs. Default: none.',
      '',
      'If any `excludes` pattern matches, this file does not apply to the target (it is still reported, as `not-applicable`, naming the pattern).',
      '',
      GLOB_RULES,
    ].join('\n'),
  },
  priority: {
    detail: `integer ${PRIORITY_MIN}..${PRIORITY_MAX} · default: 0`,
    markdown: [
      `**priority** — integer from ${PRIORITY_MIN} to ${PRIORITY_MAX}. Default: \`0\`.`,
      '',
      'Sources are ordered by scope (global before workspace), then depth (shallow before deep), then **priority (low before high)**, then filename order (`.holaryn/instructions.md`, `AGENTS.md`, `CLAUDE.md`). Later in the order means higher precedence.',
      '',
      'Priority only orders files at the same depth: a deeper file always comes after a shallower one. Out of range or not an integer is `invalid-value`, and the default applies.',
    ].join('\n'),
  },
  mode: {
    detail: '`append` or `replace` · default: append',
    markdown: [
      '**mode** — `append` or `replace`. Default: `append`.',
      '',
      '`mode: replace` supersedes the **earlier applicable sources in the same directory only**, for the targets it applies to. Sources from other directories are never superseded.',
      '',
      'When two or more applicable `replace` sources share a directory, the latest in the order wins, the others are superseded too, and a `replace-conflict` is reported.',
    ].join('\n'),
  },
  required_validation: {
    detail: 'command or list of commands · default: none',
    markdown: [
      '**required_validation** — command or list of commands. Default: none.',
      '',
      'The commands are shown to the model with the instructions, marked as never executed by Holaryn: Holaryn never runs them.',
    ].join('\n'),
  },
});

export const MODE_DOCS: Readonly<Record<'append' | 'replace', string>> = Object.freeze({
  append: '**append** (the default) — this file adds to the sources before it; nothing is superseded.',
  replace:
    '**replace** — this file supersedes the earlier applicable sources **in the same directory only**, for the targets it applies to. Sources from other directories are never superseded.',
});

const PRIORITY_VALUE_DOC = `**priority** — an integer from ${PRIORITY_MIN} to ${PRIORITY_MAX} (default \`0\`). Among files at the same depth, lower priority comes first and the later one takes precedence.`;

const FRONTMATTER_DOC =
  'Holaryn frontmatter: a YAML block between `---` lines at the very top of the file. Keys: `applies_to`, `excludes`, `priority`, `mode`, `required_validation`. ' +
  'An unknown key is reported (`unknown-key`) and ignored; malformed frontmatter makes the whole file, fences included, ordinary content with no metadata.';

const UNKNOWN_KEY_DOC = 'Unknown key: Holaryn reports it (`unknown-key`) and ignores it.\n\n' + FRONTMATTER_DOC;

interface Line {
  start: number;
  /** End before `\r\n` / `\n`. */
  end: number;
  text: string;
}

/**
 * The frontmatter block's line range around `offset`: lines strictly between the opening fence
 * (line 1) and the closing fence, or to the end of the text while the closing fence is not
 * written yet. Undefined when the offset is not inside one.
 */
function blockLines(text: string, offset: number): Line[] | undefined {
  const firstEnd = text.indexOf('\n');
  if (firstEnd < 0 || !FENCE.test(text.slice(0, firstEnd)) || offset <= firstEnd) return undefined;
  const lines: Line[] = [];
  for (let s = firstEnd + 1; s <= text.length;) {
    let e = text.indexOf('\n', s);
    const next = e < 0 ? text.length + 1 : e + 1;
    if (e < 0) e = text.length;
    const raw = text.slice(s, e);
    if (FENCE.test(raw)) return offset < s ? lines : undefined;
    lines.push({ start: s, end: raw.endsWith('\r') ? e - 1 : e, text: raw.replace(/\r$/, '') });
    if (next > text.length) break;
    s = next;
  }
  // No closing fence yet: the block is still being written.
  return lines;
}

export type FrontmatterSpot =
  /** On a key (or where one can be typed): replace [start, end) with a key. */
  | { kind: 'key'; start: number; end: number; hasColon: boolean; present: string[] }
  /** On the value of `key` (after `key:` or as a `- ` item under it). */
  | { kind: 'value'; key: string; start: number; end: number; listItem: boolean };

function topLevelKeys(lines: Line[], except?: Line): string[] {
  const keys: string[] = [];
  for (const l of lines) {
    if (l === except) continue;
    const m = KEY_AT_START.exec(l.text);
    if (m) keys.push(m[1]);
  }
  return keys;
}

/** What the cursor at `offset` is on, inside frontmatter; undefined elsewhere. */
export function frontmatterSpotAt(text: string, offset: number): FrontmatterSpot | undefined {
  const lines = blockLines(text, offset);
  if (!lines) return undefined;
  const line = lines.find((l) => offset >= l.start && offset <= l.end);
  if (!line) return undefined;
  const before = line.text.slice(0, offset - line.start);
  if (/^[A-Za-z0-9_-]*$/.test(before)) {
    const word = /^[A-Za-z0-9_-]*/.exec(line.text)![0];
    const rest = line.text.slice(word.length);
    return {
      kind: 'key',
      start: line.start,
      end: line.start + word.length,
      hasColon: /^[ \t]*:/.test(rest),
      present: topLevelKeys(lines, line),
    };
  }
  const keyed = /^([A-Za-z_][A-Za-z0-9_-]*)[ \t]*:[ \t]*/.exec(before);
  if (keyed) {
    const start = line.start + keyed[0].length;
    return { kind: 'value', key: keyed[1], start, end: Math.max(start, line.start + line.text.trimEnd().length), listItem: false };
  }
  const item = /^([ \t]*)-[ \t]+/.exec(before) ?? /^([ \t]*)-$/.exec(before);
  if (item) {
    // The owner is the nearest line above that starts a key at the top level.
    const index = lines.indexOf(line);
    for (let i = index - 1; i >= 0; i--) {
      const m = KEY_AT_START.exec(lines[i].text);
      if (m) {
        const start = line.start + item[0].length;
        return { kind: 'value', key: m[1], start, end: Math.max(start, line.start + line.text.trimEnd().length), listItem: true };
      }
      if (!/^[ \t]*(-|#|$)/.test(lines[i].text)) break;
    }
  }
  return undefined;
}

export interface CompletionSuggestion {
  label: string;
  /** Text to insert; a snippet (VS Code syntax) when `snippet` is true. */
  insert: string;
  snippet: boolean;
  detail: string;
  /** Markdown, Holaryn's own text. */
  documentation: string;
  /** Sort key (lower first). */
  sort: string;
  /** Pre-selected. */
  preselect?: boolean;
}

const KEY_SNIPPETS: Readonly<Record<FrontmatterKey, string>> = Object.freeze({
  applies_to: 'applies_to: ["${1:**/*}"]',
  excludes: 'excludes: ["${1:**/generated/**}"]',
  priority: 'priority: ${1:0}',
  mode: 'mode: ${1|append,replace|}',
  required_validation: 'required_validation: ["${1:npm test}"]',
});

/** The two modes, `append` first (the default). */
const MODE_ITEMS: readonly CompletionSuggestion[] = Object.freeze([
  { label: 'append', insert: 'append', snippet: false, detail: 'default', documentation: MODE_DOCS.append, sort: '0', preselect: true },
  {
    label: 'replace',
    insert: 'replace',
    snippet: false,
    detail: 'supersedes earlier sources in this directory',
    documentation: MODE_DOCS.replace,
    sort: '1',
  },
]);

/** Priorities worth offering, the default first. */
function priorityItems(): CompletionSuggestion[] {
  const values: [number, string][] = [
    [0, 'default'],
    [10, 'after files of the same depth with a lower priority'],
    [-10, 'before files of the same depth with a higher priority'],
    [PRIORITY_MAX, 'maximum'],
    [PRIORITY_MIN, 'minimum'],
  ];
  return values.map(([v, what], i) => ({
    label: String(v),
    insert: String(v),
    snippet: false,
    detail: what,
    documentation: PRIORITY_VALUE_DOC,
    sort: String(i),
    preselect: i === 0,
  }));
}

/** Example globs for `applies_to` or `excludes`, quoted, as a list or a list item. */
function globItems(key: 'applies_to' | 'excludes', listItem: boolean): CompletionSuggestion[] {
  const examples =
    key === 'applies_to' ? ['**/*.ts', '**/*.{ts,tsx}', '**/*.py', 'docs/**'] : ['**/generated/**', '**/*.test.ts', 'vendor/**'];
  return examples.map((g, i) => ({
    label: JSON.stringify(g),
    insert: listItem ? JSON.stringify(g) : `[${JSON.stringify(g)}]`,
    snippet: false,
    detail: "quoted glob, relative to this file's directory",
    documentation: KEY_DOCS[key].markdown,
    sort: String(i),
  }));
}

/** What to offer at `offset` (empty outside frontmatter). */
export function completionsAt(text: string, offset: number): { spot: FrontmatterSpot; items: CompletionSuggestion[] } | undefined {
  const spot = frontmatterSpotAt(text, offset);
  if (!spot) return undefined;
  if (spot.kind === 'key') {
    const items = KNOWN_KEYS.filter((k) => !spot.present.includes(k)).map((k, i) => ({
      label: k,
      insert: spot.hasColon ? k : KEY_SNIPPETS[k],
      snippet: !spot.hasColon,
      detail: KEY_DOCS[k].detail,
      documentation: KEY_DOCS[k].markdown,
      sort: String(i),
    }));
    return { spot, items };
  }
  switch (spot.key) {
    case 'mode':
      return { spot, items: spot.listItem ? [] : MODE_ITEMS.map((m) => ({ ...m })) };
    case 'priority':
      return { spot, items: spot.listItem ? [] : priorityItems() };
    case 'applies_to':
    case 'excludes':
      return { spot, items: globItems(spot.key, spot.listItem) };
    default:
      return { spot, items: [] };
  }
}

export interface HoverInfo {
  start: number;
  end: number;
  /** Markdown, Holaryn's own text. */
  markdown: string;
}

/** Documentation for what is under `offset` in frontmatter: a key, a mode value, a priority. */
export function hoverAt(text: string, offset: number): HoverInfo | undefined {
  const lines = blockLines(text, offset);
  if (!lines) return undefined;
  const line = lines.find((l) => offset >= l.start && offset <= l.end);
  if (!line) return undefined;
  const m = KEY_AT_START.exec(line.text);
  const col = offset - line.start;
  if (m && col <= m[1].length) {
    const key = m[1];
    const doc = (KNOWN_KEYS as readonly string[]).includes(key) ? KEY_DOCS[key as FrontmatterKey].markdown : undefined;
    if (doc) return { start: line.start, end: line.start + key.length, markdown: doc };
    const meant = nearMissKey(key);
    const markdown = meant
      ? `Unknown key: Holaryn ignores it. Did you mean \`${meant}\`?\n\n${KEY_DOCS[meant as FrontmatterKey].markdown}`
      : UNKNOWN_KEY_DOC;
    return { start: line.start, end: line.start + key.length, markdown };
  }
  const spot = frontmatterSpotAt(text, offset);
  if (spot?.kind !== 'value') return undefined;
  if (!(KNOWN_KEYS as readonly string[]).includes(spot.key)) return undefined;
  const key = spot.key as FrontmatterKey;
  const value = text.slice(spot.start, spot.end).replace(/[ \t]+#.*$/, '');
  if (key === 'mode') {
    const v = value.trim().replace(/^["']|["']$/g, '');
    if (v === 'append' || v === 'replace') return { start: spot.start, end: spot.start + value.trimEnd().length, markdown: MODE_DOCS[v] };
    return {
      start: spot.start,
      end: spot.end,
      markdown: `Not a mode: \`mode\` is \`append\` or \`replace\` (default \`append\`); any other value is \`invalid-value\` and the default applies.\n\n${KEY_DOCS.mode.markdown}`,
    };
  }
  if (key === 'priority') {
    const trimmed = value.trim();
    const n = /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : NaN;
    const verdict = Number.isInteger(n)
      ? n >= PRIORITY_MIN && n <= PRIORITY_MAX
        ? 'In range.'
        : `Out of range: \`priority\` is ${PRIORITY_MIN}..${PRIORITY_MAX}; this value is \`invalid-value\` and the default \`0\` applies.`
      : `Not an integer: this value is \`invalid-value\` and the default \`0\` applies.`;
    return { start: spot.start, end: spot.end, markdown: `${verdict}\n\n${PRIORITY_VALUE_DOC}` };
  }
  return { start: spot.start, end: spot.end, markdown: KEY_DOCS[key].markdown };
}
