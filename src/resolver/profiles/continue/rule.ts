/**
 * One `.continue/rules` file as Continue CLI 1.5.47 reads it (`parseMarkdownRule` of
 * `@continuedev/config-yaml`, bundled in the CLI; `loadMarkdownRulesWithMetadata` of the CLI's
 * systemMessage.ts). Line ends `\r\n` become `\n`; the text is split at every line that is `---`
 * (trailing whitespace allowed, anywhere in the file, not only at its start). With two or more
 * such lines the piece between the first two is parsed as YAML and the text after the second
 * (later `---` lines joined back) is the rule, trimmed; the text before the first `---` is dropped.
 * When that YAML does not parse, or there are fewer than two `---` lines, the whole text is the
 * rule, untrimmed. The rule is sent when it is not `invokable` and is always applied
 * (`alwaysApply: true`, or no `alwaysApply` and neither `globs` nor `regex`), and has text.
 */
import { parse as parseYaml } from 'yaml';

export type ContinueRule =
  | { readonly sent: true; readonly text: string }
  | { readonly sent: false; readonly why: 'invokable' | 'not-always' | 'empty'; readonly text: string; readonly key?: string };

/** The frontmatter and the rule text as parseMarkdownRule gives them. */
export function parseMarkdownRule(content: string): { frontmatter: unknown; markdown: string; parsed: boolean } {
  const normalized = content.replace(/\r\n/g, '\n');
  const parts = normalized.split(/^---\s*$/m);
  if (parts.length >= 3) {
    try {
      const frontmatter = (parseYaml(parts[1]) as unknown) || {};
      return { frontmatter, markdown: parts.slice(2).join('---').trim(), parsed: true };
    } catch {
      return { frontmatter: {}, markdown: normalized, parsed: false };
    }
  }
  return { frontmatter: {}, markdown: normalized, parsed: false };
}

/** A property of a parsed YAML value as JavaScript reads it (`value.key`; undefined for scalars and arrays). */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/** Whether Continue CLI sends this rule file, and its text. */
export function continueRule(content: string): ContinueRule {
  const { frontmatter, markdown } = parseMarkdownRule(content);
  if (field(frontmatter, 'invokable')) return { sent: false, why: 'invokable', text: markdown };
  const always = field(frontmatter, 'alwaysApply');
  const isAlways = always === true || (always === undefined && !field(frontmatter, 'globs') && !field(frontmatter, 'regex'));
  if (!isAlways) {
    const key = always !== undefined ? 'alwaysApply' : field(frontmatter, 'globs') ? 'globs' : 'regex';
    return { sent: false, why: 'not-always', text: markdown, key };
  }
  if (markdown.trim() === '') return { sent: false, why: 'empty', text: markdown };
  return { sent: true, text: markdown };
}
