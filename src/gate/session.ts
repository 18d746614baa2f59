/**
 * The gate's session (docs/contract.md §10): one root, the (path, sha256) pairs already shown to the
 * model, and one decision per tool call. Every front end (the JSON-lines `holaryn gate`, tests)
 * drives this class; it never touches a process, a stream or the editor.
 *
 * Decisions, for a call's resolution R (its targets resolved again, afresh):
 * - `guidance` is the model context (docs/contract.md §8) rendered from only the sources in effect in R whose
 *   (path, sha256) has not been shown, within the session budget; `""` when there are none.
 *   What the budget leaves out stays unshown; included and cut sources count as shown (a cut
 *   source was shown with a marker saying so, and showing its head again would repeat it forever).
 * - read, list, search: `proceed`, carrying `guidance`.
 * - write, edit, shell: `hold` while `guidance` is non-empty, i.e. while R holds guidance the
 *   session has not shown: no action is taken, the guidance is returned and marked shown, and the
 *   model retries the exact call. A budget can split the guidance over several answers; the retry
 *   is held again until nothing unshown is left, and only then proceeds (docs/contract.md §10,
 *   v1.1: a harness that drops the guidance of a `proceed` must never let an edit through before
 *   the model saw every rule for it). Each hold shows at least one more source, so retries end.
 * - a target outside the root: `reject` with `target-outside-root`; nothing is marked shown.
 */
import {
  ErrorCode,
  Evidence,
  FileCache,
  MAX_BUDGET,
  ResolveError,
  ResolveOptions,
  SourceEvidence,
  renderContext,
  profileOf,
  resolveInstructions,
} from '../resolver';
import type { BudgetUnit } from '../resolver';
import { failureMessage, firstResolution } from './tool';

/** Tool calls that only look: they always proceed. */
export const READ_KINDS = ['read', 'list', 'search'] as const;
/** Tool calls with effects: held while their targets bring guidance not yet shown. */
export const CONSEQUENTIAL_KINDS = ['write', 'edit', 'shell'] as const;
export const CALL_KINDS: readonly CallKind[] = [...READ_KINDS, ...CONSEQUENTIAL_KINDS];

export type CallKind = (typeof READ_KINDS)[number] | (typeof CONSEQUENTIAL_KINDS)[number];

export function isCallKind(kind: unknown): kind is CallKind {
  return typeof kind === 'string' && (CALL_KINDS as readonly string[]).includes(kind);
}

export function isConsequential(kind: CallKind): boolean {
  return (CONSEQUENTIAL_KINDS as readonly string[]).includes(kind);
}

export interface ToolCall {
  kind: CallKind;
  /** Paths relative to the root, or absolute inside it; at least one. */
  targets: readonly string[];
}

/** The first thing a session says: what applies at the root. */
export interface Preamble {
  type: 'preamble';
  /** The root's resolution snapshot; `null` when resolving the root failed (see `error`). */
  snapshot: string | null;
  /** Sources shown by this text (included or cut), in precedence order. */
  sources: string[];
  guidance: string;
  /** What the profile says every front end must show (an untrusted repository's files kept out). */
  notice?: string;
  /**
   * Present when resolving the root failed unexpectedly (code `internal`): nothing was shown, so
   * the root's guidance comes with the first call whose resolution succeeds.
   */
  error?: GateError;
}

export type GateDecision = 'proceed' | 'hold' | 'reject';

export interface GateError {
  code: ErrorCode;
  message: string;
  [detail: string]: unknown;
}

/** The answer to one call. Field order is the protocol's line order. */
export interface GateAnswer {
  id: unknown;
  decision: GateDecision;
  /** Newly applicable guidance; `""` when nothing new (and always on `reject`). */
  guidance: string;
  /** Sources this answer shows for the first time (their current hash), in precedence order. */
  sources: string[];
  /** The call's resolution snapshot; `null` on `reject`, where nothing was resolved. */
  snapshot: string | null;
  error?: GateError;
}

export type GateOptions = ResolveOptions;

/** Sources in effect for at least one target (the ones a model context may show). */
function inEffect(s: SourceEvidence): boolean {
  return s.status === 'included' || s.status === 'truncated' || s.status === 'omitted';
}

export class GateSession {
  /** The canonical root every call is resolved against. */
  readonly root: string;
  readonly preamble: Preamble;
  /** The session budget (the resolver's default unless given). */
  readonly budget: number;
  private readonly options: ResolveOptions;
  private readonly unit: BudgetUnit;
  private readonly shown = new Set<string>();

  /** Starts a session: resolves the root (throws ResolveError `root-not-found`) and shows the preamble. */
  constructor(root: string, options: GateOptions = {}) {
    this.options = { ...options, cache: options.cache ?? new FileCache() };
    const profile = profileOf(this.options);
    // A profile without a budget (its system has none) shows all of the guidance: the largest budget.
    this.budget = this.options.budget ?? profile.budget.size ?? MAX_BUDGET;
    this.unit = profile.budget.unit.name;
    const first = firstResolution(root, [''], this.options);
    this.root = first.root;
    if ('failure' in first) {
      // One failed answer, not the end of the session: every call resolves afresh.
      this.preamble = { type: 'preamble', snapshot: null, sources: [], guidance: '', error: internalError(first.failure) };
      return;
    }
    const { guidance, sources } = this.carry(first.evidence);
    this.preamble = { type: 'preamble', snapshot: first.evidence.snapshot, sources, guidance };
    if (first.evidence.notice) this.preamble.notice = first.evidence.notice;
  }

  /** Whether the session has shown this source at this hash. */
  hasShown(path: string, sha256: string): boolean {
    return this.shown.has(key(path, sha256));
  }

  /** Decides one tool call. `id` is echoed as given. Never throws. */
  decide(call: ToolCall | { kind: unknown; targets: unknown }, id: unknown = null): GateAnswer {
    if (call.kind === undefined) return reject(id, 'usage', `a call needs a kind: one of ${CALL_KINDS.join(', ')}`);
    if (!isCallKind(call.kind))
      return reject(id, 'usage', `unknown kind ${describeValue(call.kind)}; expected one of ${CALL_KINDS.join(', ')}`);
    if (call.targets === undefined) return reject(id, 'usage', 'a call needs "targets": a list of target paths');
    if (!Array.isArray(call.targets))
      return reject(id, 'usage', `"targets" must be a list of paths, not ${call.targets === null ? 'null' : typeof call.targets}`);
    if (call.targets.length === 0) return reject(id, 'usage', 'a call needs at least one target path');
    if (!call.targets.every((t): t is string => typeof t === 'string')) return reject(id, 'usage', 'every target must be a string path');
    let evidence: Evidence;
    try {
      evidence = resolveInstructions(this.root, call.targets, this.options);
    } catch (err) {
      if (err instanceof ResolveError) return reject(id, err.code, err.message, err.details);
      return { id, ...rejected(internalError(err)) };
    }
    const { guidance, sources } = this.carry(evidence);
    // A hold must show something new, or the retries would never end: the section-8 walk always
    // keeps (at least the head of) the first unshown source when it keeps any text at all.
    const decision: GateDecision = isConsequential(call.kind) && guidance !== '' && sources.length > 0 ? 'hold' : 'proceed';
    return { id, decision, guidance, sources, snapshot: evidence.snapshot };
  }

  /** Renders the unshown sources in effect within the budget, and marks shown what it carries. */
  private carry(evidence: Evidence): { guidance: string; sources: string[] } {
    const unshown = evidence.sources.filter((s) => inEffect(s) && !this.hasShown(s.path, s.sha256));
    const all = evidence.targets.length;
    const context = renderContext(
      unshown.map((s) => ({
        path: s.path,
        content: s.content,
        appliesTo: s.appliesTo.length === all ? null : s.appliesTo,
        commands: s.metadata?.required_validation ?? [],
      })),
      this.budget,
      this.unit,
    );
    const carried = unshown.filter((_, i) => context.status[i] !== 'omitted');
    for (const s of carried) this.shown.add(key(s.path, s.sha256));
    return { guidance: context.text, sources: carried.map((s) => s.path) };
  }
}

function key(path: string, sha256: string): string {
  return `${sha256}\0${path}`;
}

export function reject(id: unknown, code: GateError['code'], message: string, details: Record<string, unknown> = {}): GateAnswer {
  return { id, ...rejected({ code, message, ...details }) };
}

function rejected(error: GateError): Omit<GateAnswer, 'id'> {
  return { decision: 'reject', guidance: '', sources: [], snapshot: null, error };
}

/** The `internal` error for a failure that is not a ResolveError. */
export function internalError(err: unknown): GateError {
  return { code: 'internal', message: `internal error: ${failureMessage(err)}` };
}

/** Characters of a client's value quoted back in a message. */
const MAX_QUOTED_CHARS = 100;

/**
 * A client's value as a message quotes it: a string quoted (and cut), anything else by its type,
 * so that no value, however long or deeply nested, makes the message long or its writing fail.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    return value.length > MAX_QUOTED_CHARS ? `${JSON.stringify(value.slice(0, MAX_QUOTED_CHARS))}…` : JSON.stringify(value);
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'a list' : `a value of type ${typeof value}`;
}
