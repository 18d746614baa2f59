/**
 * Factory Droid's pitfalls (`holaryn check --agents droid`; the seam: ../../pitfalls.ts), from the
 * droid profile's answer in the workspace root, each seen in a run of 0.215.0:
 *
 * - `agent-droid-case-twin`: `Claude.md` beside `CLAUDE.md`, or `Agents.md`/`agents.md` beside
 *   `AGENTS.md`: Droid reads one spelling per folder at the start of a session and says nothing
 *   of the other (oracle case case-twins-first-wins).
 * - `agent-droid-skill-dropped`: a skill in one of Droid's skills folders that Droid leaves out of
 *   its list (no description, a name that is not lower-case letters, digits and hyphens, no body):
 *   the model never learns it exists (oracle case skills-not-listed).
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { CASE_TWIN } from './discover';

export function* droidPitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const ev = ws.resolve('');
  yield;
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  for (const s of ev.sources) {
    if (s.status !== 'not-loaded' || !s.reason?.startsWith(CASE_TWIN)) continue;
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined) continue;
    const winner = s.reason.slice(CASE_TWIN.length).replace(/ is read$/, '');
    out.push(
      ws.onLine(
        rel,
        'agent-droid-case-twin',
        ws.text(rel),
        1,
        `Droid does not send ${rel} when a session starts: ${winner} is in the same folder under the same name but for case, and Droid reads one of them. Merge the two files.`,
      ),
    );
  }
  for (const l of ev.listings) {
    if (l.kind !== 'skill' || l.status !== 'dropped') continue;
    const rel = ws.rel(ev, l.source, 'workspace');
    if (rel === undefined) continue;
    out.push(
      ws.onLine(
        rel,
        'agent-droid-skill-dropped',
        ws.text(rel),
        1,
        `Droid does not list the skill ${rel} to its model: ${l.reason ?? 'its header is not one Droid accepts'}. Give it a lower-case name, a description and a body.`,
      ),
    );
  }
  return out;
}

export const PITFALLS: PitfallCheck = droidPitfalls;
