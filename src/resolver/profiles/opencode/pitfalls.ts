/**
 * opencode's pitfalls (`holaryn check --agents opencode`; the seam: ../../pitfalls.ts), and the
 * profile's own diagnostic for the same finding.
 *
 * An `instructions` entry that matches no file: opencode globs it, finds nothing and says
 * nothing, so the rules its user meant to give never reach the model. The check reads each
 * `opencode.json` / `opencode.jsonc` of the workspace (jsonc-parser) and matches each relative
 * entry against the workspace's files as opencode does when it runs in the folder of that
 * configuration file (the walk from there up to the workspace root); URLs, `~/` and absolute
 * entries are outside the workspace and not judged.
 *
 * Listings (the profile's `listings`, in the workspace root):
 * - `agent-opencode-skill-dropped`: a workspace skill opencode finds but never lists: no text
 *   `name`, a `description` that is not text, a header that does not parse even after opencode's
 *   repair, or no `description` at all (loaded, never shown to the model).
 * - `agent-opencode-name-clash`: a workspace skill sharing its name with another (opencode keeps
 *   the one it finishes reading last, which changes from run to run), or a workspace skill or
 *   subagent that takes the name of opencode's own (`customize-opencode`, `general`, `explore`),
 *   replacing what opencode says of it.
 */
import * as jsonc from 'jsonc-parser';
import type { Diagnostic } from '../../evidence';
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { compilePattern, normalizePattern } from '../../globs';
import type { InstructionEntry } from './settings';
import { listingFindingsIn } from '../agent/pitfalls';
import { OPENCODE_BUILTIN_SKILL, OPENCODE_BUILTIN_SUBAGENTS } from '../agent/opencode-listings';

export const UNMATCHED_CODE = 'agent-opencode-instructions-unmatched';

export function unmatchedInstructions(entries: readonly InstructionEntry[]): Diagnostic[] {
  return entries.map((e) => ({
    severity: 'warning' as const,
    // The agent's own pitfall (below) reports it in `check --agents`; this is the answer's note.
    code: 'agent-pitfall' as const,
    source: e.from,
    line: null,
    message: `instructions entry ${JSON.stringify(e.entry)} in ${e.from} matches no file: opencode adds nothing for it and says nothing`,
  }));
}

/** Whether a relative `entry` matches a file of the workspace, globbed in `dir` and each folder above it. */
function matchesFrom(dir: string, entry: string, files: readonly string[]): boolean {
  const compiled = compilePattern(normalizePattern(entry));
  if (compiled instanceof Error) return false;
  const folders: string[] = [];
  for (let d = dir; ; d = d.includes('/') ? d.slice(0, d.lastIndexOf('/')) : '') {
    folders.push(d);
    if (d === '') break;
  }
  return folders.some((folder) => {
    const prefix = folder === '' ? '' : `${folder}/`;
    return files.some((f) => f.startsWith(prefix) && compiled.match(f.slice(prefix.length)));
  });
}

export function* opencodeUnmatched(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const configs = yield* ws.filesNamed(['opencode.json', 'opencode.jsonc']);
  const findings: PitfallFinding[] = [];
  for (const file of configs) {
    const text = ws.text(file);
    if (text === undefined) continue;
    const tree = jsonc.parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
    const list = tree ? jsonc.findNodeAtLocation(tree, ['instructions']) : undefined;
    if (!list || list.type !== 'array') continue;
    const at = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    // A .opencode folder's configuration applies where its parent folder is the working directory.
    const dir = at === '.opencode' ? '' : at.endsWith('/.opencode') ? at.slice(0, -'/.opencode'.length) : at;
    for (const node of list.children ?? []) {
      const entry: unknown = node.value;
      if (typeof entry !== 'string' || entry === '') continue;
      if (/^https?:\/\//.test(entry) || entry.startsWith('~/') || entry.startsWith('/')) continue;
      if (matchesFrom(dir, entry, ws.files)) continue;
      const line = text.slice(0, node.offset).split('\n').length;
      findings.push(
        ws.onLine(
          file,
          UNMATCHED_CODE,
          text,
          line,
          `The instructions entry ${JSON.stringify(entry)} matches no file: opencode globs it from the working directory up to the git root, finds nothing, and says nothing, so these rules never reach the model. Fix the path or glob, or remove the entry.`,
        ),
      );
    }
  }
  return findings;
}

export const SKILL_DROPPED_CODE = 'agent-opencode-skill-dropped';
export const NAME_CLASH_CODE = 'agent-opencode-name-clash';

/** The workspace skills opencode drops or hides, and the names that clash (the profile's listing entries say which). */
export function* opencodeListingPitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const ev = ws.resolve('');
  yield;
  if (!ev) return [];
  const names = new Map<string, number>();
  for (const l of ev.listings)
    if (l.kind === 'skill' && (l.status === 'included' || l.status === 'shadowed')) names.set(l.name, (names.get(l.name) ?? 0) + 1);
  return listingFindingsIn(ws, ev, (entry, rel) => {
    if (entry.kind === 'skill' && (entry.status === 'dropped' || entry.status === 'not-loaded'))
      return {
        code: SKILL_DROPPED_CODE,
        message: `opencode never lists the skill of ${rel}: ${entry.reason ?? 'it is left out'}. Give it a text name and description.`,
      };
    if (entry.kind === 'skill' && (names.get(entry.name) ?? 0) > 1)
      return {
        code: NAME_CLASH_CODE,
        message: `Another skill is named "${entry.name}" too: opencode lists only one of them, the one it finishes reading last, so which one reaches the model changes from run to run. Rename one of them.`,
      };
    if (entry.status !== 'included') return undefined;
    const builtin =
      entry.kind === 'skill'
        ? entry.name === OPENCODE_BUILTIN_SKILL
        : entry.kind === 'agent' && (OPENCODE_BUILTIN_SUBAGENTS as readonly string[]).includes(entry.name);
    if (!builtin) return undefined;
    return {
      code: NAME_CLASH_CODE,
      message: `"${entry.name}" is the name of opencode's own ${entry.kind === 'skill' ? 'skill' : 'subagent'}: ${rel} replaces what opencode says of it (its description) for every session in this repository. Rename it unless that is meant.`,
    };
  });
}

/** Every opencode pitfall: unmatched `instructions` entries, then the listings'. */
export function* opencodePitfalls(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const unmatched = yield* opencodeUnmatched(ws);
  const listings = yield* opencodeListingPitfalls(ws);
  return [...unmatched, ...listings];
}

export const PITFALLS: PitfallCheck = opencodePitfalls;
