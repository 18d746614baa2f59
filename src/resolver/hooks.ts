/**
 * Profile hooks: the few places where one system behaves unlike every other, as small strategies
 * the profile provides in its own folder (`Profile.hooks`). The shared types (profile.ts) keep
 * only what several profiles use; a behaviour one agent has lives here as a hook, and the stage
 * that meets it calls the hook without asking which profile runs. Every hook is optional, and
 * without it the stage does what Holaryn does. Keep each one small: a hook answers one question
 * about one file or delivery, it does not run a stage.
 *
 *   load      what a read error or a blank file does to the others (discover, load stages)
 *   fit       what a byte budget counts of a file (load, fit and evidence)
 *   dedupe    which of several paths, or texts, is the duplicate (discover, order, supersede)
 *   delivery  which deliveries enter the context text (render)
 *
 * Imports nothing of the pipeline (profile.ts imports it), so its views are narrow on purpose.
 */
import type { SourceDelivery, SourceScope } from './evidence';
import type { ResolverFs } from './fs';

/** A candidate as a load hook sees it: where it was found, and the pick-first group it is in. */
export interface CandidateView {
  readonly path: string;
  readonly scope: SourceScope;
  /** Pick-first group (a directory rule's, or NamedCandidate.group). */
  readonly group?: string;
  /** The profile's own label (NamedCandidate.tag). */
  readonly tag?: string;
}

/** A file the profile named itself (profile.ts NamedCandidate), as a dedupe hook sees it. */
export interface NamedCandidateView extends CandidateView {
  /** The absolute path it is read from. */
  readonly abs: string;
}

export interface LoadHooks {
  /**
   * A file the system would load (not reported otherwise, not shadowed, not global, in a trusted
   * repository) exists but fails with an I/O error other than "not found": permission denied, a
   * link loop (a directory or FIFO of the name is not such a failure: it is passed over). Without
   * this hook that file alone is skipped (`unreadable`). With it, the system's read of the
   * repository's files fails as a whole (Codex): the file is still skipped, its `unreadable`
   * diagnostic adds the reason returned for it, and every other non-global source that would have
   * been loaded is reported `not-loaded` with that reason.
   */
  projectReadFailure?(path: string): string;
  /**
   * With LoadRule.skipEmpty and reportEmpty, a blank file claims its pick-first group (the system
   * chose it before reading) unless this says it yields, letting the next candidate win (Codex's
   * global pair: AGENTS.override.md, else AGENTS.md, the first with text).
   */
  blankYieldsGroup?(candidate: CandidateView): boolean;
}

export interface FitHooks {
  /**
   * A byte budget counts each file's bytes as read, not the UTF-8 of its decoded text (the two
   * differ where lossy decoding replaced bytes by U+FFFD, or a BOM was dropped): the fit rule
   * receives them as ContextSource.raw, and the evidence measures such a source by them
   * (`truncation`, reasons). Only for a file whose content is its whole text (no dialect block,
   * no trim, no import changed it). Codex.
   */
  readonly bytesAsRead?: boolean;
}

export interface DedupeHooks {
  /**
   * A source in effect whose (trimmed) text equals an earlier one's in effect is a `duplicate` of
   * it (Copilot drops repeated text when it renders its attachments).
   */
  readonly sameText?: boolean;
  /**
   * Of several paths to one file, whether this named candidate is the `duplicate` whenever a path
   * that does not yield leads there too, whatever their order (Copilot keeps a file over a link to
   * it). Asked once per named candidate, at discovery. Default: the first path in order is kept.
   */
  yieldsToSameFile?(candidate: NamedCandidateView, fs: ResolverFs): boolean;
}

export interface DeliveryHooks {
  /**
   * Whether a source in effect with this delivery enters the context text; one that does not is
   * still `included` in the evidence (DSH reads files on touch but sends only the baseline).
   * Default: every delivery.
   */
  inContext?(delivery: SourceDelivery): boolean;
}

/** The hooks of one profile, by the stage concern they serve. */
export interface ProfileHooks {
  readonly load?: LoadHooks;
  readonly fit?: FitHooks;
  readonly dedupe?: DedupeHooks;
  readonly delivery?: DeliveryHooks;
}
