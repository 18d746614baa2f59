/**
 * One rule file as Cline CLI 3.0.65 reads it (`parseRuleConfigFromMarkdown` of `@cline/core`
 * 0.0.86): a leading byte-order mark dropped, a `---` block at the very start parsed as YAML, the
 * rest trimmed. The rule's name is the block's `name` (a string, trimmed) or the name the file
 * gives (rules.ts `defaultName`); `disabled: true` or `enabled: false` turn it off. Anything
 * Cline rejects (YAML that does not parse, a `name` that is not a string, a `disabled`/`enabled`
 * that is not a boolean, nothing left after trimming) is an error: Cline drops the file.
 */
import { parseDocument } from 'yaml';

/** Cline's frontmatter: `---` and a line break opening the text, the block, a line `---`; the rest is the body. */
const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

export type ClineRule = { ok: true; name: string; disabled: boolean; instructions: string } | { ok: false; error: string };

/** The body of `text` after Cline's frontmatter block, if it has one that matches (not yet trimmed). */
export function ruleBody(text: string): { block: string | null; body: string } {
  const t = text.replace(/^\ufeff/, '');
  const m = FRONTMATTER.exec(t);
  return m ? { block: m[1], body: m[2] } : { block: null, body: t };
}

/** The block's mapping as Cline's YAML reader gives it, or the error that makes Cline drop the file. */
function blockData(block: string): { data: Record<string, unknown> } | { error: string } {
  try {
    const doc = parseDocument(block);
    if (doc.errors.length > 0) return { error: `Failed to parse YAML frontmatter: ${doc.errors[0].message.split('\n')[0]}` };
    const value = doc.toJS({ maxAliasCount: 100 }) as unknown;
    return { data: typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {} };
  } catch (err) {
    return { error: `Failed to parse YAML frontmatter: ${(err as Error).message.split('\n')[0]}` };
  }
}

/** A frontmatter boolean: absent (undefined or null), a boolean, or an error. */
function flag(value: unknown, key: string): boolean | undefined | { error: string } {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') return { error: `Frontmatter field '${key}' must be a boolean.` };
  return value;
}

/** Reads one rule file's text; `fallbackName` is the name the file gives when the block names none. */
export function parseClineRule(text: string, fallbackName: string): ClineRule {
  const { block, body } = ruleBody(text);
  let data: Record<string, unknown> = {};
  if (block !== null) {
    const read = blockData(block);
    if ('error' in read) return { ok: false, error: read.error };
    data = read.data;
  }
  const instructions = body.trim();
  if (instructions === '') return { ok: false, error: 'Missing instructions body in rule file.' };
  let name: string | undefined;
  if (data.name !== undefined && data.name !== null) {
    if (typeof data.name !== 'string') return { ok: false, error: "Frontmatter field 'name' must be a string." };
    name = data.name.trim() || undefined;
  }
  name ??= fallbackName.trim();
  if (name === '') return { ok: false, error: 'Missing rule name.' };
  const disabled = flag(data.disabled, 'disabled');
  if (typeof disabled === 'object') return { ok: false, error: disabled.error };
  let off = disabled;
  if (off === undefined) {
    const enabled = flag(data.enabled, 'enabled');
    if (typeof enabled === 'object') return { ok: false, error: enabled.error };
    off = enabled === false ? true : undefined;
  }
  return { ok: true, name, disabled: off === true, instructions };
}

/** The key Cline keeps one rule per: the name trimmed and lower-cased. */
export function ruleId(name: string): string {
  return name.trim().toLowerCase();
}
