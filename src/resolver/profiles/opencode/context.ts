/**
 * opencode's framing: each file `Instructions from: <absolute path>` + newline + its text. In the
 * system prompt (after the `<env>` block) the files are joined by a newline; in the read tool's
 * output they are joined by a blank line inside `<system-reminder>` … `</system-reminder>`.
 */
export interface Block {
  readonly written: string;
  readonly text: string;
}

function blocks(list: readonly Block[], separator: string): string {
  return list.map((b) => `Instructions from: ${b.written}\n${b.text}`).join(separator);
}

export function systemPromptPart(list: readonly Block[]): string {
  return list.length === 0 ? '' : blocks(list, '\n');
}

export function toolResultPart(list: readonly Block[]): string {
  return list.length === 0 ? '' : `<system-reminder>\n${blocks(list, '\n\n')}\n</system-reminder>`;
}
