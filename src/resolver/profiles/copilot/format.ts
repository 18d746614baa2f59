/**
 * Copilot's one renderer: its attachments in the chat extension's `CustomInstructions` framing and,
 * for an agent with a read tool, the instruction index naming every instruction file.
 */
import type { ContextFormat, ConsideredSource } from '../../profile';
import { contentOnlyLayout } from '../../fit';
import { CODE_POINTS } from '../../units';
import { joinUnder } from '../../paths';
import { agentHeader, scalarText } from '../agent/frontmatter';
import { requireFrame } from '../agent/configure';
import type { CopilotSettings } from './settings';
import { effectivePattern } from './instructions';

const INTRO =
  'When generating code, please follow these user provided coding instructions. You can ignore an instruction if it contradicts a system message.';

const INDEX_HEAD = [
  'Here is a list of instruction files that contain rules for working with this codebase.',
  'These files are important for understanding the codebase structure, conventions, and best practices.',
  'When an instruction file applies to your task (based on its description or applyTo pattern), follow the rules specified in it.',
  "If the file content is not already included in the context, use the 'read_file' tool to read it before proceeding. Use the exact value from the <file> element as-is with the tool; do not add or remove prefixes or otherwise modify it.",
  'Only load instruction files when they are relevant to the current task. Do not eagerly load all instructions upfront.',
  'When modifying or creating files, check for instructions whose applyTo pattern matches the file path and follow them.',
].join('\n');

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The instruction index Copilot gives an agent with a read tool ('' when it names nothing). */
function renderIndex(considered: readonly ConsideredSource[], s: CopilotSettings, filePath: (c: ConsideredSource) => string): string {
  const items: string[] = [];
  for (const c of considered) {
    if (c.tag !== 'instructions' && c.tag !== 'claude-rule') continue;
    const header = agentHeader(c.content).attributes;
    const description = scalarText(header?.description);
    const { pattern } = effectivePattern(header, c.tag === 'claude-rule');
    let item = `<instruction>\n<file>${filePath(c)}</file>\n`;
    if (description) item += `<description>${escapeXml(description)}</description>\n`;
    if (pattern) item += `<applyTo>${escapeXml(pattern)}</applyTo>\n`;
    items.push(`${item}</instruction>\n`);
  }
  if (s.nestedAgents && s.agentsMd) {
    const nested = considered.filter(
      (c) => (c.tag === 'agents' && c.depth === 0 && c.scope === 'workspace' && !c.reported) || c.tag === 'nested-agents',
    );
    for (const c of nested) {
      const folder =
        c.tag === 'agents' ? 'Instructions for the workspace' : `Instructions for folder '${c.path.slice(0, c.path.lastIndexOf('/'))}'`;
      items.push(`<instruction>\n<file>${filePath(c)}</file>\n<description>${escapeXml(folder)}</description>\n</instruction>\n`);
    }
  }
  return items.length === 0 ? '' : `<instructions>\n${INDEX_HEAD}\n${items.join('')}</instructions>\n\n\n`;
}

export function format(s: CopilotSettings): ContextFormat {
  return {
    layout: (sources) => contentOnlyLayout(sources, CODE_POINTS.measure),
    render(sources, _decision, _budget, _unit, frame) {
      const f = requireFrame(frame, 'copilot');
      const P = f.path;
      // Copilot writes the path it found the file at (links not resolved) for workspace files.
      const filePath = (c: { path: string; absolute?: string; scope?: string }) =>
        c.scope === 'global' || c.absolute === undefined ? (c.absolute ?? c.path) : joinUnder(P, f.cwd, c.path);
      const attachments = sources
        .map((c) => `<attachment filePath=${JSON.stringify(filePath(c))}>\n${c.content}\n</attachment>\n`)
        .join('');
      const index = renderIndex(f.considered ?? [], s, filePath);
      if (attachments === '' && index === '') return '';
      return `${INTRO}\n<instructions>\n${attachments}${index === '' ? '\n' : index}</instructions>\n`;
    },
  };
}
