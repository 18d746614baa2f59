/**
 * Codex's pitfalls (`holaryn check --agents codex`; the seam: ../../pitfalls.ts): a file its byte
 * budget cuts or leaves out, an AGENTS.override.md hiding the AGENTS.md beside it, and skills or
 * agent roles it cuts, drops or hides (its listings).
 */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { alsoIn, budgetLosses, byStatus, listingFindings, lossFindings, where } from '../agent/pitfalls';
import { codexNames } from '.';

/**
 * Codex cutting a file: resolved with the codex profile as Codex would run in the root and in each
 * directory that holds one of its instruction files; a file its byte budget (spent root first)
 * cuts or leaves out is named with the bytes that never arrive. The model is never told; Codex
 * 0.169.0 warns its user at start-up of a cut (not of a file left out whole).
 */
export function* codexCuts(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const first = ws.resolve('');
  yield;
  if (!first) return [];
  const fallbacks = (first.settings?.project_doc_fallback_filenames as { value?: unknown } | undefined)?.value;
  const names = codexNames(Array.isArray(fallbacks) ? fallbacks.map(String) : []);
  const budget = first.truncation.budget;
  const losses = yield* budgetLosses(ws, yield* ws.directoriesWith(names));
  return yield* lossFindings(ws, false, 'agent-codex-cut', losses, (rel, worst, others, at) => {
    const run = `When Codex runs in ${where(worst.cwd)}${alsoIn(others)}`;
    const limit = `project_doc_max_bytes (${budget ?? 'its limit'} bytes, spent from the project root down)`;
    if (worst.kept === 0)
      return `${run}, none of the ${worst.size} bytes of ${rel} reach the model: ${limit} is used up by the files above it. Codex does not say so.`;
    return (
      `${run}, only the first ${worst.kept} of ${worst.size} bytes of ${rel} reach the model: bytes ${worst.kept + 1}–${worst.size} ` +
      `(from line ${at.line}, column ${at.column}) never arrive, cut by ${limit} without a word to the model (Codex only warns you as it starts). Shorten the files on the way, ` +
      `or raise project_doc_max_bytes in Codex's config.toml.`
    );
  });
}

/** Codex: an AGENTS.override.md that hides the AGENTS.md beside it (an empty one hides it and gives nothing). */
export function* codexOverrides(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const out: PitfallFinding[] = [];
  const overrides = new Set(yield* ws.directoriesWith(['AGENTS.override.md'], false));
  if (overrides.size === 0) return out;
  for (const dir of yield* ws.directoriesWith(['AGENTS.md'], false)) {
    if (!overrides.has(dir)) continue;
    const ev = ws.resolve(dir);
    yield;
    if (!ev) continue;
    const hidden = ev.sources.find((s) => s.path === 'AGENTS.md' && s.status === 'shadowed' && s.shadowedBy === 'AGENTS.override.md');
    if (!hidden) continue;
    const override = ev.sources.find((s) => s.path === 'AGENTS.override.md');
    const rel = ws.rel(ev, hidden.path, hidden.scope);
    if (rel === undefined) continue;
    const overrideRel = rel.replace(/AGENTS\.md$/, 'AGENTS.override.md');
    const empty = override !== undefined && override.content.trim() === '';
    const message = empty
      ? `Codex never reads ${rel}: ${overrideRel} in the same directory comes first, and it is empty, so Codex takes nothing from this directory. Delete ${overrideRel} or give it text.`
      : `Codex never reads ${rel}: ${overrideRel} in the same directory comes first and replaces it. Put what ${rel} says into ${overrideRel}, or delete the override.`;
    out.push(ws.onLine(rel, 'agent-codex-override', ws.text(rel), 1, message));
  }
  return out;
}

/** Codex's listings: a skill description over 1,024 characters (cut), a skill or role it drops, a role another hides. */
export function* codexListings(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  return yield* listingFindings(
    ws,
    byStatus('Codex', {
      cut: 'agent-codex-skill-cut',
      dropped: 'agent-codex-skill-dropped',
      shadowed: 'agent-codex-name-clash',
    }),
  );
}

export const PITFALLS: PitfallCheck = function* (ws) {
  return [...(yield* codexCuts(ws)), ...(yield* codexOverrides(ws)), ...(yield* codexListings(ws))];
};
