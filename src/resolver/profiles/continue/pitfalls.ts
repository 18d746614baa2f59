/**
 * Continue CLI's pitfalls (`holaryn check --agents continue`; the seam: ../../pitfalls.ts), from
 * the continue profile's answer in the workspace root (Continue reads only where it runs). Each
 * was seen in a run of 1.5.47 (test/oracle/cases/continue.ts):
 *
 * - `agent-continue-rule-never-sent`: a `.continue/rules` file with `globs`, `regex` or
 *   `alwaysApply` other than true (as Continue's editor extension reads rules): the CLI sends only
 *   always-applied rules, so this one never reaches the model (rules-globs-regex-left-out).
 * - `agent-continue-text-dropped`: a rule file with two `---` lines that are not a frontmatter
 *   block at its top (horizontal rules): Continue reads the part between them as frontmatter and
 *   drops it and everything before it (rules-horizontal-rules).
 * - `agent-continue-agent-file-blocks`: an empty AGENTS.md (or AGENT.md, CLAUDE.md) before another
 *   of the names: Continue stops at the first name that exists, sends nothing from it and never
 *   reads the next (empty-agents-stops).
 */
import type { PitfallCheck, PitfallFinding } from '../../pitfalls';
import { CONTINUE_RELEASE } from './about';
import { AGENT_FILES, NOT_ALWAYS } from './discover';
import { parseMarkdownRule } from './rule';

/** The 1-based line of the first `---` line of a text whose frontmatter is not at its top, or undefined. */
export function droppedFrom(text: string): number | undefined {
  const normalized = text.replace(/\r\n/g, '\n');
  const { parsed } = parseMarkdownRule(normalized);
  if (!parsed) return undefined;
  const first = /^---\s*$/m.exec(normalized);
  if (first === null || normalized.slice(0, first.index).trim() === '') return undefined;
  return normalized.slice(0, first.index).split('\n').length;
}

export const PITFALLS: PitfallCheck = function* (ws) {
  const ev = ws.resolve('');
  yield;
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  const status = new Map(ev.sources.map((s) => [s.path, s.status]));
  for (const s of ev.sources) {
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined) continue;
    const text = ws.text(rel);
    if (s.status === 'not-loaded' && s.reason?.startsWith(NOT_ALWAYS)) {
      out.push(
        ws.onLine(
          rel,
          'agent-continue-rule-never-sent',
          text,
          1,
          `Continue CLI ${CONTINUE_RELEASE} never sends ${rel}: ${s.reason}. Its globs or regex are read by Continue's editor extension only; for the CLI, make it always applied or move the text to AGENTS.md.`,
        ),
      );
      continue;
    }
    if (s.status === 'included' && text !== undefined && rel.startsWith('.continue/rules/')) {
      const line = droppedFrom(text);
      if (line !== undefined)
        out.push(
          ws.onLine(
            rel,
            'agent-continue-text-dropped',
            text,
            line,
            `Continue CLI reads the text between this "---" line and the next as frontmatter and sends only what follows that second one: the top of ${rel} down to it never reaches the model. Use "***" for horizontal rules, or put a frontmatter block at the very top.`,
          ),
        );
    }
  }
  const first = AGENT_FILES.find((n) => status.has(n));
  if (first !== undefined && ws.text(first) === '') {
    const later = AGENT_FILES.filter((n) => n !== first && status.get(n) !== undefined);
    if (later.length > 0)
      out.push(
        ws.onLine(
          first,
          'agent-continue-agent-file-blocks',
          '',
          1,
          `${first} is empty, and Continue CLI stops at the first of ${AGENT_FILES.join(', ')} that exists: ${later.join(' and ')} ${later.length === 1 ? 'is' : 'are'} never read. Remove the empty ${first}, or write the instructions into it.`,
        ),
      );
  }
  return out;
};
