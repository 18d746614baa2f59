/**
 * Frontmatter keys of other tools (docs/contract.md §11 `foreign-key`). A file written for another
 * agent (a Copilot `.instructions.md`, a Cursor rule, a Claude Code rule) and copied into an
 * `AGENTS.md` keeps its keys; Holaryn ignores them, so the file applies to every file in its
 * scope. Lint says so as an info finding, names the tool, and offers the translation where one
 * exists. The resolver's evidence keeps its plain `unknown-key` (docs/contract.md §4).
 */
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import { YAML_OPTIONS } from '../resolver';
import type { RawBlock } from './frontmatter';

export interface ForeignKey {
  /** Who reads the key, and where. */
  tool: string;
  /** What it means there, in a few words. */
  meaning: string;
  /** The Holaryn key that does the same, if any. */
  translation?: 'applies_to';
}

/** Other tools' frontmatter keys, by exact name. */
export const FOREIGN_KEYS: Readonly<Record<string, ForeignKey>> = Object.freeze({
  applyTo: {
    tool: 'GitHub Copilot (.github/instructions/*.instructions.md)',
    meaning: 'the files the instructions apply to, as comma-separated globs',
    translation: 'applies_to',
  },
  globs: {
    tool: 'Cursor (.cursor/rules/*.mdc)',
    meaning: 'the files a rule is attached for',
    translation: 'applies_to',
  },
  alwaysApply: {
    tool: 'Cursor (.cursor/rules/*.mdc)',
    meaning: 'whether a rule is always attached',
  },
  description: {
    tool: 'Cursor rules and other tools (Claude Code skills and subagents, Copilot prompt files)',
    meaning: 'a summary an agent reads to decide whether to use the file',
  },
  paths: {
    tool: 'Claude Code (.claude/rules/*.md)',
    meaning: 'the files a rule is loaded for',
    translation: 'applies_to',
  },
  name: {
    tool: 'several tools (Claude Code skills and subagents, Copilot chat modes and prompt files)',
    meaning: 'a display name',
  },
});

export function isForeignKey(key: string): boolean {
  return Object.prototype.hasOwnProperty.call(FOREIGN_KEYS, key);
}

/** Splits a comma-separated glob string as other tools do, keeping commas inside `{...}`. */
export function splitCommaGlobs(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') i++;
    else if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  out.push(value.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
}

/** The value of `key` in a valid block: a string (with its offsets in the text) or a list of strings. */
export type KeyValue = { kind: 'string'; value: string; start: number; end: number } | { kind: 'list' } | { kind: 'other' };

/** What `key` holds in the block (parsed with the resolver's options); undefined when absent. */
export function keyValue(text: string, block: RawBlock, key: string): KeyValue | undefined {
  const doc = parseDocument(text.slice(block.start, block.end), YAML_OPTIONS);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key) || String(pair.key.value) !== key) continue;
    const value = pair.value as Node | null;
    if (isScalar(value) && typeof value.value === 'string' && value.range) {
      return { kind: 'string', value: value.value, start: block.start + value.range[0], end: block.start + value.range[1] };
    }
    if (isSeq(value) && value.items.length > 0 && value.items.every((i) => isScalar(i) && typeof i.value === 'string')) {
      return { kind: 'list' };
    }
    return { kind: 'other' };
  }
  return undefined;
}
