/**
 * Droid's framing (its `ujH`, `fjH` and `ANM`):
 *
 * - At the start of a session, inside the first user message's environment reminder: the heading
 *   `# Codebase and user instructions are shown below. …`, then `## Project Instructions:` with
 *   each project file as `% cat <absolute path>` and its block, then `## Personal Global
 *   Instructions:` with each home file as `% cat ~/<folder>/<name>`. Blocks are joined by a blank
 *   line; a section's design blocks follow its instruction blocks after a single line break.
 * - After the result of a read that discovered files, a user message
 *   `<system-reminder>\nAdditional project instructions discovered along the accessed paths:` with
 *   each file as `## <absolute path>` and its block, blank lines between; the part ends with the
 *   last block (the skills the read discovered, listings.ts, and the reminder's end follow it).
 */
import type { ContextFormat, ContextPart, ContextSource } from '../../profile';
import { contentOnlyLayout } from '../../fit';
import { CODE_POINTS } from '../../units';
import { droidShown, wrap } from './fit';

export const CODEBASE_HEADING =
  '# Codebase and user instructions are shown below. Instructions from files closest to your current directory take precedence over those further up the hierarchy.';
export const PROJECT_HEADING = '## Project Instructions:';
export const PERSONAL_HEADING = '## Personal Global Instructions:';
export const DISCOVERED_HEADING = 'Additional project instructions discovered along the accessed paths:';

interface Block {
  readonly text: string;
  readonly path: string;
}

/** Droid's `fjH`: commands and outputs joined by blank lines, with a line break after; nothing for none. */
function commands(blocks: readonly Block[]): string {
  return blocks.length === 0 ? '' : `${blocks.map((b) => b.text).join('\n\n')}\n`;
}

function parts(sources: readonly ContextSource[]): ContextPart[] {
  const shown = droidShown(sources);
  const project = { coding: [] as Block[], design: [] as Block[] };
  const personal = { coding: [] as Block[], design: [] as Block[] };
  const calls = new Map<number, Block[]>();
  sources.forEach((s, i) => {
    const d = shown[i];
    const written = s.facts?.written;
    if (d.status === 'omitted' || written === undefined) return;
    const kind = s.tag === 'design' ? 'design' : 'coding';
    if (s.delivery === 'on-touch') {
      const call = s.facts?.call ?? -1;
      const list = calls.get(call) ?? [];
      list.push({ text: `## ${written}\n${wrap('coding', d.body)}`, path: s.path });
      calls.set(call, list);
      return;
    }
    const block = { text: `% cat ${written}\n${wrap(kind, d.body)}`, path: s.path };
    (s.scope === 'global' ? personal : project)[kind].push(block);
  });
  const out: ContextPart[] = [];
  const projectAll = [...project.coding, ...project.design];
  const personalAll = [...personal.coding, ...personal.design];
  if (projectAll.length + personalAll.length > 0) {
    const p = projectAll.length > 0 ? `${PROJECT_HEADING}\n${commands(project.coding)}${commands(project.design)}` : '';
    const g = personalAll.length > 0 ? `${PERSONAL_HEADING}\n${commands(personal.coding)}${commands(personal.design)}` : '';
    out.push({
      place: 'first-user-message',
      text: `${CODEBASE_HEADING}\n${p}\n${g}`.trimEnd(),
      sources: [...projectAll, ...personalAll].map((b) => b.path),
    });
  }
  for (const call of [...calls.keys()].sort((a, b) => a - b)) {
    const list = calls.get(call)!;
    out.push({
      place: 'tool-result',
      text: `<system-reminder>\n${DISCOVERED_HEADING}\n\n${list.map((b) => b.text).join('\n\n')}`,
      sources: list.map((b) => b.path),
    });
  }
  return out;
}

export const DROID_FORMAT: ContextFormat = {
  layout: (sources) => contentOnlyLayout(sources, CODE_POINTS.measure),
  render: (sources) =>
    parts(sources)
      .map((p) => p.text)
      .join('\n\n'),
  renderParts: (sources) => parts(sources),
};
