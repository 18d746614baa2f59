/**
 * What Auggie's request carries of each file. Its CLI builds no prompt: it sends Augment's
 * `chat-stream` request with the workspace guidelines in `workspace_guidelines` and each rule as
 * an entry of `rules[]` (`path`, `content`, `type`, `description`), and Augment's servers write the
 * model's prompt from them. So the parts here are the request's text, not the prompt's:
 *
 * - one part for `.augment-guidelines`: the file's text without its `---` header, as rules are
 *   read (its description is not sent);
 * - one part per rule, in the request's order: its `content` (the file without its header), then,
 *   when the header has a description, a line break and the description.
 *
 * Their place is `system-prompt`: the request sends them apart from the conversation (not in its
 * message, nodes or history), as the instructions Augment's servers build the model's system
 * prompt from. Where exactly they land in that prompt cannot be seen from the client.
 */
import type { ContextPart, ContextSource } from '../../profile';
import { partsFormat } from '../agent/parts';
import { auggieRule, ruleText } from './rules';

function parts(sources: readonly ContextSource[]): ContextPart[] {
  const guidelines = sources.filter((s) => s.tag === 'guidelines');
  const rules = sources.filter((s) => s.tag === 'rule');
  return [
    ...guidelines.map((s) => ({ place: 'system-prompt' as const, text: auggieRule(s.content).content, sources: [s.path] })),
    ...rules.map((s) => ({ place: 'system-prompt' as const, text: ruleText(auggieRule(s.content)), sources: [s.path] })),
  ];
}

export const AUGGIE_FORMAT = partsFormat(parts);
