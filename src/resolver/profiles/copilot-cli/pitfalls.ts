/**
 * Copilot CLI's pitfalls (`holaryn check --agents copilot-cli`; the seam: ../../pitfalls.ts): a
 * skill it drops without a word (a description over 1,024 characters, no `---` header), and a
 * skill, command or agent another of the same name hides (`.github` before `.agents` before
 * `.claude`).
 */
import type { PitfallCheck } from '../../pitfalls';
import { byStatus, listingFindings } from '../agent/pitfalls';

export const PITFALLS: PitfallCheck = function* (ws) {
  return yield* listingFindings(
    ws,
    byStatus('Copilot CLI', {
      dropped: 'agent-copilot-cli-skill-dropped',
      shadowed: 'agent-copilot-cli-name-clash',
    }),
  );
};
