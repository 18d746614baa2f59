/**
 * The opencode profile's own findings. An `instructions` entry that matches no file: opencode
 * globs it, finds nothing, and says nothing, so the rules its user meant to give never reach the
 * model.
 */
import type { Diagnostic } from '../../evidence';
import type { InstructionEntry } from './config';

export function unmatchedInstructions(entries: readonly InstructionEntry[]): Diagnostic[] {
  return entries.map((e) => ({
    severity: 'warning' as const,
    code: 'invalid-value' as const,
    source: e.from,
    line: null,
    message: `instructions entry ${JSON.stringify(e.entry)} in ${e.from} matches no file: opencode adds nothing for it and says nothing`,
  }));
}
