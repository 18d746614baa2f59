/** Kimi's pitfalls (`holaryn check --agents kimi`; the seam: ../../pitfalls.ts): its budget spent deepest first. */
import type { PitfallCheck, PitfallFinding, PitfallWorkspace } from '../../pitfalls';
import { MAX_AGENT_CWDS } from '../../limits';
import { alsoIn, budgetLosses, lossFindings, where } from '../agent/pitfalls';

/**
 * Kimi's budget spent deepest first: run in a deep directory, Kimi cuts or drops the shallower
 * files (the root AGENTS.md first). Resolved with the kimi profile in the root and in each
 * directory holding one of its files.
 */
export function* kimiDeepestFirst(ws: PitfallWorkspace): Generator<void, PitfallFinding[]> {
  const first = ws.resolve('');
  yield;
  if (!first) return [];
  const budget = first.truncation.budget;
  const dirs = new Set(yield* ws.directoriesWith(['AGENTS.md', 'agents.md']));
  yield* ws.scan((f) => {
    if (f === '.kimi/AGENTS.md' || f.endsWith('/.kimi/AGENTS.md')) dirs.add(f.slice(0, -'.kimi/AGENTS.md'.length).replace(/\/$/, ''));
  });
  ws.note('working directories', MAX_AGENT_CWDS, dirs.size, 'MAX_AGENT_CWDS');
  const losses = yield* budgetLosses(ws, [...dirs].slice(0, MAX_AGENT_CWDS));
  return yield* lossFindings(ws, true, 'agent-kimi-cut', losses, (rel, worst, others, at) => {
    const run = `When Kimi runs in ${where(worst.cwd)}${alsoIn(others)}`;
    const limit = `its ${budget ?? 32768}-byte budget goes to the deepest files first`;
    if (worst.kept === 0)
      return `${run}, ${limit}, and none of ${rel} reaches the model (${worst.size} bytes left out). Kimi does not say so.`;
    return (
      `${run}, ${limit}: only the first ${worst.kept} of ${worst.size} bytes of ${rel} reach the model, ` +
      `and from line ${at.line}, column ${at.column} on nothing arrives. Kimi does not say so; shorten the deeper files.`
    );
  });
}

export const PITFALLS: PitfallCheck = kimiDeepestFirst;
