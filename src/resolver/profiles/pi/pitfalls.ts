/**
 * pi's pitfalls (`holaryn check --agents pi`; the seam: ../../pitfalls.ts), each seen in a run of
 * the pinned release (test/oracle/cases/pi.ts):
 *
 * - `agent-pi-file-passed-over`: a CLAUDE.md (or AGENTS.MD, CLAUDE.MD) in a folder where pi takes
 *   another of its names: pi sends one file per folder and says nothing of the other
 *   (`agents-before-claude`, `upper-case-agents`, `empty-agents-claims-folder`).
 * - `agent-pi-skill-unlisted`: a skill of the repository pi finds but never lists: no
 *   description, a header that is not YAML, or a name an earlier skill took
 *   (`skill-missing-description`, `skill-bad-header`, `skill-name-collision`).
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { PI_RELEASE } from './about';
import { CONTEXT_NAMES, PASSED_OVER } from './discover';

function* piPitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const out: PitfallFinding[] = [];
  const seen = new Set<string>();
  const dirs = yield* ws.directoriesWith(CONTEXT_NAMES, true);
  for (const dir of dirs) {
    const ev = ws.resolve(dir);
    yield;
    if (!ev) continue;
    for (const s of ev.sources) {
      if (s.status !== 'not-loaded' || !s.reason?.startsWith(PASSED_OVER)) continue;
      const rel = ws.rel(ev, s.path, s.scope);
      if (rel === undefined || seen.has(rel)) continue;
      seen.add(rel);
      const taken = s.reason.slice(PASSED_OVER.length).replace(/ is there$/, '');
      out.push(
        ws.onLine(
          rel,
          'agent-pi-file-passed-over',
          ws.text(rel),
          1,
          `pi ${PI_RELEASE} sends one file per folder and takes ${taken} here: ${rel} never reaches the model. Merge it into ${taken}, or remove it.`,
        ),
      );
    }
  }
  const root = ws.resolve('');
  yield;
  for (const l of root?.listings ?? []) {
    if (l.kind !== 'skill' || (l.status !== 'not-loaded' && l.status !== 'shadowed')) continue;
    if (l.status === 'not-loaded' && l.reason?.startsWith('disable-model-invocation')) continue;
    const rel = root === undefined ? undefined : ws.rel(root, l.source);
    if (rel === undefined) continue;
    out.push(
      ws.onLine(rel, 'agent-pi-skill-unlisted', ws.text(rel), 1, `pi ${PI_RELEASE} never lists the skill ${l.name}: ${l.reason ?? ''}.`),
    );
  }
  return out;
}

export const PITFALLS: PitfallCheck = piPitfalls;
