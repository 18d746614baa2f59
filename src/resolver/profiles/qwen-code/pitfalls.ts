/**
 * Qwen Code's pitfalls (`holaryn check --agents qwen-code`; the seam: ../../pitfalls.ts), each
 * from a behaviour the oracle cases showed:
 *
 * - `agent-qwen-code-nested-unread`: a context file (QWEN.md, AGENTS.md or a context.fileName
 *   name) in a folder below the root. Qwen reads them only from its working directory up, and a
 *   tool reading files below loads none of them (unlike Claude Code or Gemini CLI), so started in
 *   the root it never sends this one.
 * - `agent-qwen-code-rule-unmatched`: a `.qwen/rules` file whose `paths` match no file of the
 *   workspace: Qwen sends such a rule only after a tool touches a match, so it never arrives.
 * - `agent-qwen-code-skill-dropped`: a skill, subagent or command file Qwen skips (its header:
 *   `pitfall-skill-frontmatter-hides` in test/oracle/cases/qwen-code-listings.ts);
 * - `agent-qwen-code-listing-clash`: a skill or command another one of the same name replaces
 *   (`pitfall-skill-name-clash`, `pitfall-command-name-clash`);
 * - `agent-qwen-code-listing-cut`: a description Qwen cuts to its first line because the skill
 *   listing is over its 8,000 characters (`pitfall-skill-listing-cut`).
 */
import { minimatch } from 'minimatch';
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { listingFindings } from '../agent/pitfalls';
import { parseRule } from './discover';
import { qwenNames } from './settings';

function names(ws: PitfallWorkspace): string[] {
  const ev = ws.resolve('');
  const setting = (ev?.settings as Record<string, { value?: unknown }> | undefined)?.['context.fileName']?.value;
  const configured = typeof setting === 'string' || Array.isArray(setting) ? (setting as string | string[]) : null;
  return qwenNames(configured).filter((n) => n !== '' && !n.includes('/'));
}

export function* qwenNestedUnread(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const wanted = names(ws);
  yield;
  const findings: PitfallFinding[] = [];
  for (const file of yield* ws.filesNamed(wanted)) {
    const slash = file.lastIndexOf('/');
    if (slash < 0) continue;
    const dir = file.slice(0, slash);
    if (dir === '.qwen' || dir.endsWith('/.qwen')) continue;
    findings.push(
      ws.onLine(
        file,
        'agent-qwen-code-nested-unread',
        ws.text(file),
        1,
        `Qwen Code started in the repository root never sends ${file}: it reads context files only from its working directory up, and reading a file in ${dir} loads none. It arrives only when Qwen is started in ${dir} or below; to reach every session, move what it says into the root file or a .qwen/rules file with paths.`,
      ),
    );
  }
  return findings;
}

export function* qwenRuleUnmatched(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const rules = yield* ws.filesWhere((f) => f.startsWith('.qwen/rules/') && f.endsWith('.md'));
  const findings: PitfallFinding[] = [];
  for (const file of rules) {
    const text = ws.text(file);
    if (text === undefined) continue;
    const rule = parseRule(text);
    if (!rule.paths || rule.content === null) continue;
    const globs = rule.paths;
    const any = ws.files.some((f) => globs.some((g) => minimatch(f, g, { dot: true })));
    yield;
    if (any) continue;
    findings.push(
      ws.onLine(
        file,
        'agent-qwen-code-rule-unmatched',
        text,
        1,
        `Qwen Code sends ${file} only after a tool touches a file its paths ${JSON.stringify(globs)} match, and no file in the workspace does: it never reaches the model. Fix the paths (they are relative to the repository root) or drop them to send the rule always.`,
      ),
    );
  }
  return findings;
}

/** The listing entries of the repository Qwen drops, replaces or cuts (see the module comment). */
export function* qwenListingPitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  return yield* listingFindings(ws, (l) => {
    const what = `the ${l.kind === 'agent' ? 'subagent' : l.kind} ${l.name}`;
    if (l.status === 'dropped')
      return {
        code: 'agent-qwen-code-skill-dropped',
        message: `Qwen Code never lists ${l.source} to its model: ${l.reason ?? 'it cannot read it'}.`,
      };
    if (l.status === 'shadowed')
      return {
        code: 'agent-qwen-code-listing-clash',
        message: `Qwen Code does not list ${what} from ${l.source}: ${l.reason ?? 'another one of the same name wins'}. Rename one of them.`,
      };
    if (l.status === 'cut')
      return {
        code: 'agent-qwen-code-listing-cut',
        message: `Qwen Code sends only the first line of ${what}'s description (${l.source}): ${l.reason ?? 'its listing is over budget'}. Put what matters on the first line, or shorten the descriptions.`,
      };
    return undefined;
  });
}

export const PITFALLS: PitfallCheck = function* (ws) {
  const nested = yield* qwenNestedUnread(ws);
  const rules = yield* qwenRuleUnmatched(ws);
  const listings = yield* qwenListingPitfalls(ws);
  return [...nested, ...rules, ...listings];
};
