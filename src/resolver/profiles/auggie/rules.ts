/**
 * How Auggie 0.36.0 reads one rule file (its `parseRuleFile` and the frontmatter helper it is
 * built on, read in the bundled `augment.mjs` and checked by the oracle cases):
 *
 * - The header is what its regular expression `^---\s*\n([\s\S]*?)\n---\s*\n` matches at the very
 *   start of the text (a BOM before it, or a closing line without a line break after it, means no
 *   header). The text sent (`content`) is the file with that match taken out, nothing else changed.
 * - The block is YAML (js-yaml in Auggie, the `yaml` library's core schema here); a block that does
 *   not parse gives no keys, and its match is still taken out.
 * - `description`: a string trimmed, any other value written as text; empty means none.
 * - The type: `type` when it is `always_apply`, `manual` or `agent_requested` (any case), else
 *   `alwaysApply: true` makes it always, else a non-empty description makes it agent-requested, else
 *   the type the caller gives (a shared rule's from `.augment/rules/settings.json`), else always.
 */
import { parseHeaderBlock } from '../agent/frontmatter';

/** Auggie's rule types, as its request numbers them. */
export const RULE_TYPE = { always: 0, manual: 1, requested: 2 } as const;
export type RuleType = (typeof RULE_TYPE)[keyof typeof RULE_TYPE];

/** The header as Auggie matches it. */
const HEADER = /^---\s*\n([\s\S]*?)\n---\s*\n/;

/** What Auggie takes from one rule file. */
export interface AuggieRule {
  /** The text it sends: the file without its header. */
  readonly content: string;
  /** The header's description, or undefined. */
  readonly description: string | undefined;
  /** The type the header gives, or undefined when it gives none (the caller's default applies). */
  readonly headerType: RuleType | undefined;
}

/** A file's header as Auggie matches it: its keys (undefined when none, or when it does not parse) and the text after it. */
export function auggieHeader(text: string): { attrs: Record<string, unknown> | undefined; body: string } {
  const m = HEADER.exec(text);
  if (m === null) return { attrs: undefined, body: text };
  return { attrs: m[1] === '' ? undefined : parseHeaderBlock(m[1]), body: text.replace(HEADER, '') };
}

/** A header value as Auggie's `parseString` gives it: strings trimmed, other values as text, '' for none. */
export function stringValue(attrs: Record<string, unknown> | undefined, key: string): string {
  if (attrs === undefined || !Object.prototype.hasOwnProperty.call(attrs, key)) return '';
  const v = attrs[key];
  if (typeof v === 'string') return v.trim();
  if (v === null || v === undefined) return '';
  return (typeof v === 'object' ? JSON.stringify(v) : String(v as number | boolean)).trim();
}

function typeOf(name: string): RuleType | undefined {
  switch (name.toLowerCase()) {
    case 'always_apply':
      return RULE_TYPE.always;
    case 'manual':
      return RULE_TYPE.manual;
    case 'agent_requested':
      return RULE_TYPE.requested;
    default:
      return undefined;
  }
}

/** One rule file's text as Auggie reads it. */
export function auggieRule(text: string): AuggieRule {
  const { attrs, body } = auggieHeader(text);
  const description = stringValue(attrs, 'description');
  const type = typeOf(stringValue(attrs, 'type'));
  const always = attrs?.alwaysApply === true;
  const headerType = type ?? (always ? RULE_TYPE.always : description !== '' ? RULE_TYPE.requested : undefined);
  return { content: body, description: description === '' ? undefined : description, headerType };
}

/** A shared rule type named in `.augment/rules/settings.json` (`sharedRules[].type`), as Auggie maps it. */
export function sharedType(name: unknown): RuleType {
  return typeof name === 'string' ? (typeOf(name) ?? RULE_TYPE.always) : RULE_TYPE.always;
}

/**
 * The text of one sent rule as the oracle compares it: its `content`, then its description on the
 * next line when it has one (the two strings as the request carries them, one after the other).
 */
export function ruleText(rule: Pick<AuggieRule, 'content' | 'description'>): string {
  return rule.description === undefined ? rule.content : `${rule.content}\n${rule.description}`;
}
