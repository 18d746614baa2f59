/**
 * Cline's pitfalls (`holaryn check --agents cline`; the seam: ../../pitfalls.ts), from the cline
 * profile's answer in the workspace root (Cline reads rules only where it runs):
 *
 * - `agent-cline-replaced`: a workspace rule another rule of the same name replaces (a global rule
 *   in `~/Documents/Cline/Rules`, a `.cline/rules` file, a frontmatter `name`): Cline keeps one
 *   rule per name and says nothing, so this file's text never reaches the model.
 * - `agent-cline-paths-ignored`: a rule with `paths` or `globs` in its frontmatter, as conditional
 *   rules are written for other agents (and Cline's editor extension): Cline CLI 3.0.65 reads
 *   neither key and sends the rule in every session.
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { CLINE_RELEASE } from './about';
import { REPLACED } from './discover';
import { ruleBody } from './rule';

/** Frontmatter keys that make a rule conditional elsewhere. */
const CONDITIONAL_KEYS = ['paths', 'globs'];

/** Line (1-based) of a top-level `key:` in a frontmatter block that opens `text`, or undefined. */
function keyLine(text: string, key: string): number | undefined {
  const { block } = ruleBody(text);
  if (block === null) return undefined;
  const lines = block.split(/\r?\n/);
  const i = lines.findIndex((l) => new RegExp(`^${key}\\s*:`).test(l));
  return i < 0 ? undefined : i + 2;
}

export function* clinePitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const ev = ws.resolve('');
  yield;
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  for (const s of ev.sources) {
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined) continue;
    const text = ws.text(rel);
    if (s.status === 'not-loaded' && s.reason?.startsWith(REPLACED)) {
      const by = s.reason.slice(REPLACED.length).replace(/ \(found later\) replaces it$/, '');
      out.push(
        ws.onLine(
          rel,
          'agent-cline-replaced',
          text,
          1,
          `Cline never sends ${rel}: ${by} is a rule of the same name (names are compared without case), found after it, and Cline keeps only that one. Rename one of them, or give one a different frontmatter name.`,
        ),
      );
      continue;
    }
    if (s.status !== 'included' || text === undefined) continue;
    for (const key of CONDITIONAL_KEYS) {
      const line = keyLine(text, key);
      if (line === undefined) continue;
      out.push(
        ws.onLine(
          rel,
          'agent-cline-paths-ignored',
          text,
          line,
          `Cline CLI ${CLINE_RELEASE} does not read "${key}": ${rel} is sent in every session, whatever files are touched. Cline has no conditional rules; keep the rule short or move it where it always applies.`,
          { key },
        ),
      );
    }
  }
  return out;
}

export const PITFALLS: PitfallCheck = clinePitfalls;
