/**
 * Continue CLI's framing (`constructSystemMessage`, systemMessage.ts): at the end of the system
 * message, after a blank line, `<context name="userRules">`, a line break, the agent file's text
 * as read (when it has any), then the rules' texts joined by blank lines (a blank line between the
 * agent file and the first rule), a line break and `</context>`. No file is named.
 */
import type { ContextFormat, ContextPart, ContextSource } from '../../profile';
import { partsFormat } from '../agent/parts';
import { RULE_TAG } from './discover';
import { continueRule } from './rule';

export const USER_RULES_OPEN = '<context name="userRules">';
export const USER_RULES_CLOSE = '</context>';

/** The text a source adds: a rule as rule.ts reads it, the agent file whole. */
export function sentText(s: Pick<ContextSource, 'content' | 'tag'>): string {
  return s.tag === RULE_TAG ? continueRule(s.content).text : s.content;
}

/** The userRules block for the agent file's text (may be '') and the rules' texts, or '' when neither has any. */
export function userRulesBlock(agent: string, rules: readonly string[]): string {
  if (agent === '' && rules.length === 0) return '';
  let text = `${USER_RULES_OPEN}`;
  if (agent !== '') text += `\n${agent}`;
  if (rules.length > 0) text += `${agent !== '' ? '\n\n' : '\n'}${rules.join('\n\n')}`;
  return `${text}\n${USER_RULES_CLOSE}`;
}

function continueParts(sources: readonly ContextSource[]): ContextPart[] {
  const shown = sources.filter((s) => sentText(s) !== '');
  const agent = shown.find((s) => s.tag !== RULE_TAG);
  const rules = shown.filter((s) => s.tag === RULE_TAG);
  const text = userRulesBlock(agent === undefined ? '' : agent.content, rules.map(sentText));
  return text === '' ? [] : [{ place: 'system-prompt', text, sources: shown.map((s) => s.path) }];
}

export const CONTINUE_FORMAT: ContextFormat = partsFormat(continueParts);
