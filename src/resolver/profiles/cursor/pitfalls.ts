/**
 * Cursor's pitfalls (`holaryn check --agents cursor`; the seam: ../../pitfalls.ts), from its
 * documentation: a project rule that no file and no request loads by itself. A rule with a
 * description but neither `alwaysApply` nor `globs` reaches the model only when the model chooses
 * to read it; one with none of the three never loads unless someone @-mentions it.
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { readRule } from './rules';

/** Whether a root-relative path is a rule file of a `.cursor/rules` folder (the root's or a nested one). */
export function isRuleFile(rel: string): boolean {
  return rel.endsWith('.mdc') && (rel.startsWith('.cursor/rules/') || rel.includes('/.cursor/rules/'));
}

export function* cursorUnloadedRules(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const findings: PitfallFinding[] = [];
  for (const rel of yield* ws.filesWhere(isRuleFile)) {
    const text = ws.text(rel);
    if (text === undefined) continue;
    const rule = readRule(text);
    if (rule.kind === 'agent')
      findings.push(
        ws.onLine(
          rel,
          'agent-cursor-model-chosen',
          text,
          1,
          `${rel} has a description but neither alwaysApply nor globs: Cursor loads it only when the model decides to, from its description. Add globs (or alwaysApply: true) if it must apply.`,
        ),
      );
    else if (rule.kind === 'manual')
      findings.push(
        ws.onLine(
          rel,
          'agent-cursor-never-loaded',
          text,
          1,
          `${rel} has no alwaysApply, no globs and no description: Cursor never loads it by itself, only when someone @-mentions it. Give it globs, alwaysApply: true or a description.`,
        ),
      );
  }
  return findings;
}

export const PITFALLS: PitfallCheck = cursorUnloadedRules;
