/**
 * The stateless "which rules apply to these paths?" tool shared by the MCP server
 * (`repository_instructions`) and the VS Code language model tool
 * (`holaryn_repositoryInstructions`): the input is `{ paths: string[] }`, the output the model
 * context as text plus the evidence object. Unlike the gate it keeps no session: every call
 * shows everything in effect for its paths.
 */
import {
  Evidence,
  ResolveError,
  ResolveOptions,
  contextByPlace,
  listingSummary,
  nodeResolverFs,
  resolveInstructions,
  canonicalRoot,
} from '../resolver';

export const TOOL_DESCRIPTION =
  'Returns the repository instructions (AGENTS.md, CLAUDE.md, .holaryn/instructions.md, ' +
  'and the operator-global file) that apply to the given files or directories, merged in ' +
  'precedence order, with the validation commands they require. Call it before reading, ' +
  'editing or creating files in a part of the repository whose rules you have not seen. ' +
  'Paths are relative to the workspace root, or absolute inside it; they need not exist yet.';

/** What the tool says when nothing applies (the model context is then empty). */
export function noInstructionsText(evidence: Evidence): string {
  // A profile that keeps the files out says why (an untrusted repository): that is the answer.
  if (evidence.notice) return evidence.notice;
  // At most 20 named: the budget bounds the model context, and this note stands in for it.
  const shown = evidence.targets.slice(0, 20).map((t) => JSON.stringify(t.path === '' ? '.' : t.path));
  const more = evidence.targets.length - shown.length;
  const names = `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return evidence.truncation.budget === 0
    ? `The model-context budget is 0, so no repository instructions are shown for ${names}.`
    : `No repository instructions apply to ${names}.`;
}

export interface ToolOutput {
  /**
   * The model context (by place when the agent puts it in several), or a one-line note when it is
   * empty; then the skills, subagents and commands the agent lists, one line each, when there are any.
   */
  text: string;
  evidence: Evidence;
}

/** Resolves `paths` under `root`. Throws ResolveError (`usage`, `root-not-found`, `target-outside-root`). */
export function repositoryInstructions(root: string, paths: unknown, options: ResolveOptions = {}): ToolOutput {
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p): p is string => typeof p === 'string')) {
    throw new ResolveError('usage', '"paths" must be a non-empty list of file or directory paths');
  }
  const evidence = resolveInstructions(root, paths, options);
  const text = evidence.context === '' ? noInstructionsText(evidence) : contextByPlace(evidence);
  const listed = listingSummary(evidence);
  return { text: listed === '' ? text : `${text}\n\n${listed}`, evidence };
}

/** A one-line message for a failed call, as the tool returns it to the model. */
export function toolErrorText(err: unknown): string {
  if (err instanceof ResolveError) return `${err.code}: ${err.message}`;
  return `internal: ${failureMessage(err)}`;
}

/**
 * The evidence as a tool's structured result carries it: the same shape and fields, but every
 * source's `content` is `""`. A client may hand structured results to the model as they are, and
 * the contents of every source (omitted ones too, up to 1 MiB each) would then reach it past the
 * budget; the tool's text result is the model context, within the budget.
 */
export function evidenceWithoutContent(evidence: Evidence): Evidence {
  return { ...evidence, sources: evidence.sources.map((s) => ({ ...s, content: '' })) };
}

/** A server's first resolution: its evidence, or the failure that stood in for it. */
export type FirstResolution = { root: string; evidence: Evidence } | { root: string; failure: unknown };

/**
 * The resolution a server makes before it serves (the gate's preamble, the MCP server's check of
 * its root). A bad root or a bad option is a ResolveError, thrown: the server does not start.
 * Anything else going wrong inside it (a settings file no parser foresaw, a bug) fails only this
 * one answer: it comes back as `failure`, with the root canonicalised on its own, and the server
 * serves on, each later call resolving afresh and answering for itself.
 */
export function firstResolution(root: string, targets: readonly string[], options: ResolveOptions): FirstResolution {
  try {
    const evidence = resolveInstructions(root, targets, options);
    return { root: evidence.root, evidence };
  } catch (failure) {
    if (failure instanceof ResolveError) throw failure;
    return { root: canonicalRoot(options.fs ?? nodeResolverFs, root), failure };
  }
}

/** Characters of an unexpected failure's message passed back to a client. */
const MAX_FAILURE_CHARS = 500;

/** The message of a failure that is not a ResolveError, bounded. */
export function failureMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > MAX_FAILURE_CHARS ? `${message.slice(0, MAX_FAILURE_CHARS)}…` : message;
}
