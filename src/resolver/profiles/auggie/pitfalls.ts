/**
 * Auggie's pitfalls (`holaryn check --agents auggie`; the seam: ../../pitfalls.ts), from the
 * auggie profile's answer in the workspace root, each seen in a run of 0.36.0:
 *
 * - `agent-auggie-manual-rule`: a rule whose type is manual (its header's `type: manual`, or for
 *   `AGENTS.md` and `CLAUDE.md` the type `.augment/rules/settings.json` gives them): Auggie's
 *   request never carries it unless the user names it (oracle cases rule-types, shared-rule-types).
 * - `agent-auggie-linked-rule`: `AGENTS.md`, `CLAUDE.md` or a file of `.augment/rules` that is a
 *   symbolic link: Auggie's workspace file API does not take a link for a file, and it is never
 *   sent (oracle case links-not-read).
 * - `agent-auggie-nested-file`: an `AGENTS.md` or `CLAUDE.md` below the workspace root (in a
 *   folder without its own `.git`): Auggie reads both names only at the git root, and a read of a
 *   file below adds nothing (oracle cases nested-not-read, cwd-below-git-root, read-loads-nothing).
 * - `agent-auggie-skill-dropped`: a skill Auggie leaves out of its request (a name that is not
 *   1 to 64 of a-z, 0-9 and -, no description, one over 1,024 characters) (oracle case skill-invalid).
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { byStatus, listingFindingsIn } from '../agent/pitfalls';
import { MANUAL, RULES_FOLDER, SHARED_NAMES } from './discover';

/** Whether a path the evidence names is one Auggie would read as a rule of the workspace. */
function ruleFile(rel: string): boolean {
  return (SHARED_NAMES as readonly string[]).includes(rel) || rel.startsWith(`${RULES_FOLDER}/`);
}

/** Whether the root-relative folder `dir` holds a `.git` entry. */
function isGitRoot(ws: PitfallWorkspace, dir: string): boolean {
  try {
    return ws.fs.lstat(ws.abs(`${dir}/.git`)) !== undefined;
  } catch {
    return false;
  }
}

export function* auggiePitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const ev = ws.resolve('');
  yield;
  if (!ev) return [];
  const out: PitfallFinding[] = [];
  for (const s of ev.sources) {
    if (s.status !== 'not-loaded' || !s.reason?.startsWith(MANUAL)) continue;
    const rel = ws.rel(ev, s.path, s.scope);
    if (rel === undefined) continue;
    out.push(
      ws.onLine(
        rel,
        'agent-auggie-manual-rule',
        ws.text(rel),
        1,
        `Auggie does not send ${rel}: it is a manual rule (${s.reason.slice(MANUAL.length).replace(/\)$/, '').trim()}), which the request carries only when the user names it. Make it always_apply or agent_requested if the model should see it.`,
      ),
    );
  }
  // A linked AGENTS.md or CLAUDE.md is a skipped source; a link in .augment/rules is said by the folder walk.
  const linked = [
    ...ev.skipped.filter((s) => s.reason === 'symlink-refused').map((s) => s.path),
    ...ev.diagnostics.filter((d) => d.code === 'symlink-refused' && d.source !== null).map((d) => d.source as string),
  ];
  for (const path of new Set(linked)) {
    if (!ruleFile(path)) continue;
    const rel = ws.rel(ev, path, 'workspace');
    if (rel === undefined) continue;
    out.push(
      ws.onLine(
        rel,
        'agent-auggie-linked-rule',
        undefined,
        1,
        `Auggie does not send ${rel}: it is a symbolic link, and Auggie reads only regular files there. Put the text in the file itself.`,
      ),
    );
  }
  for (const rel of yield* ws.filesNamed(SHARED_NAMES)) {
    const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
    // A folder with its own `.git` is a workspace root of its own when Auggie starts there.
    if (dir === '' || ws.fs.path.basename(dir) === '.git' || isGitRoot(ws, dir)) continue;
    out.push(
      ws.onLine(
        rel,
        'agent-auggie-nested-file',
        undefined,
        1,
        `Auggie does not send ${rel}: it reads AGENTS.md and CLAUDE.md only at the git root, and a file read below adds nothing. Move what matters to the root's file or to .augment/rules.`,
      ),
    );
  }
  out.push(...listingFindingsIn(ws, ev, byStatus('Auggie', { dropped: 'agent-auggie-skill-dropped' })));
  return out;
}

export const PITFALLS: PitfallCheck = auggiePitfalls;
