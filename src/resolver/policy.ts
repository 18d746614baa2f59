/**
 * The resolver's policy: everything that differs between instruction-loading systems, as one
 * data object. Holaryn's contract is the default; other systems (DSH, Holon, Narya, Codex, ...)
 * can be described by another value of the same shape and shown side by side later.
 */
import { DEFAULT_BUDGET } from './limits';

export interface ResolverPolicy {
  /** Short identifier shown in evidence. */
  readonly name: string;
  /** Candidate names per directory, in compatible filename order (relative, `/`-separated). */
  readonly candidates: readonly string[];
  /** `all`: every existing candidate is a source; `first`: only the first existing one. */
  readonly perDirectory: 'all' | 'first';
  /** `given`: the root is the one passed in; `nearest-git`: walk up to the nearest `.git`. */
  readonly root: 'given' | 'nearest-git';
  /** How the model context is measured and its default size. */
  readonly budget: { readonly unit: 'code-points' | 'utf8-bytes'; readonly size: number };
  /** Budget order: keep the highest-precedence source first and walk towards the lowest. */
  readonly budgetOrder: 'highest-precedence-first';
  /** `inside-root`: follow instruction symlinks whose target stays in the root; `refuse`: never. */
  readonly symlinks: 'inside-root' | 'refuse';
  /** Whether frontmatter is parsed at all. */
  readonly frontmatter: boolean;
}

export const HOLARYN_POLICY: ResolverPolicy = Object.freeze({
  name: 'holaryn',
  candidates: Object.freeze(['.holaryn/instructions.md', 'AGENTS.md', 'CLAUDE.md']),
  perDirectory: 'all',
  root: 'given',
  budget: Object.freeze({ unit: 'code-points', size: DEFAULT_BUDGET }),
  budgetOrder: 'highest-precedence-first',
  symlinks: 'inside-root',
  frontmatter: true,
}) as ResolverPolicy;
