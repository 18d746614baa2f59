/**
 * Claude Code's one cut: a file loaded on touch past the model's cut keeps the lines before it.
 * Everything else is sent whole (there is no budget). The model is the session's (the discovery's
 * answer, FitInput.session); without one, Claude Code's default model.
 */
import type { FitDecision, FitInput, FitRule, FitStatus } from '../../profile';
import { CODE_POINTS } from '../../units';
import { cuttable, touchCut } from './format';
import { ClaudeSession, DEFAULT_SESSION } from './model';

export const CLAUDE_FIT: FitRule<ClaudeSession> = ({ sources, layout, session }) =>
  cutOnTouch(sources, layout, (session ?? DEFAULT_SESSION).model.cut);

function cutOnTouch(sources: FitInput['sources'], layout: FitInput['layout'], budget: number): FitDecision {
  const status: FitStatus[] = [];
  const kept: number[] = [];
  const reasons: (string | undefined)[] = [];
  let needed = 0;
  sources.forEach((s, i) => {
    const cut = cuttable(s) ? touchCut(s.content, budget) : undefined;
    if (cuttable(s)) needed = Math.max(needed, s.content.trim().length);
    if (!cut) {
      status.push('included');
      kept.push(layout.size(i));
      reasons.push(undefined);
      return;
    }
    const head = CODE_POINTS.measure(cut.head);
    status.push('truncated');
    kept.push(head);
    reasons.push(
      `Claude Code sends the first ${head} of ${layout.size(i)} characters of a file it loads on touch when the file is longer than ${budget} (the lines before the cut), and a line saying to read the rest from line ${cut.line}`,
    );
  });
  return { status, kept, needed, reasons };
}
