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
 * - `agent-cline-skill-replaced`: a workspace skill another skill of the same name (case aside)
 *   found later replaces (a later skills folder, the home's): Cline lists only that one, and when
 *   that one is turned off, neither.
 * - `agent-cline-skill-dropped`: a workspace skill Cline drops without a word: a header that does
 *   not parse, a `name` or `description` that is not text, an empty body.
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { CLINE_RELEASE } from './about';
import { REPLACED } from './discover';
import { ruleBody } from './rule';
import { listingFindingsIn } from '../agent/pitfalls';

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
  out.push(...clineSkillPitfalls(ws, ev));
  return out;
}

/** The workspace skills Cline replaces or drops (the profile's listing entries say which and why). */
function clineSkillPitfalls(ws: PitfallWorkspace, ev: NonNullable<ReturnType<PitfallWorkspace['resolve']>>): PitfallFinding[] {
  return listingFindingsIn(ws, ev, (entry, rel) => {
    if (entry.status === 'shadowed')
      return {
        code: 'agent-cline-skill-replaced',
        message: `Cline never lists the skill "${entry.name}" of ${rel}: ${entry.reason?.replace(/^Cline keeps one skill per name \(case aside\): /, '').replace(/ \(found later\) replaces it$/, '')} is a skill of the same name (names are compared without case), found after it, and Cline keeps only that one (or none, when that one is turned off). Rename one of them.`,
      };
    if (entry.status === 'dropped')
      return {
        code: 'agent-cline-skill-dropped',
        message: `Cline drops the skill of ${rel} without a word: ${entry.reason?.replace(/^Cline drops this skill: /, '')}`,
      };
    return undefined;
  });
}

export const PITFALLS: PitfallCheck = clinePitfalls;
