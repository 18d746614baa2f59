/**
 * The candidate facts lint and the editor need about Holaryn's own rules, as one plain object:
 * part of the holaryn profile (its candidates are HOLARYN_CANDIDATES, ./index.ts), not a second
 * extension seam beside the profiles. Resolution itself runs on a Profile.
 */
import { DEFAULT_BUDGET } from '../../limits';

export interface ResolverPolicy {
  /** Short identifier (the profile's name). */
  readonly name: string;
  /** Candidate names per directory, in compatible filename order (relative, `/`-separated). */
  readonly candidates: readonly string[];
  /** `all`: every existing candidate is a source; `first`: only the first existing one. */
  readonly perDirectory: 'all' | 'first';
  /** How the model context is measured and its default size. */
  readonly budget: { readonly unit: 'code-points' | 'utf8-bytes'; readonly size: number };
  /** Follow instruction symlinks whose target stays in the root. */
  readonly symlinks: 'inside-root';
  /** Whether frontmatter is parsed at all. */
  readonly frontmatter: boolean;
}

export const HOLARYN_POLICY: ResolverPolicy = Object.freeze({
  name: 'holaryn',
  candidates: Object.freeze(['.holaryn/instructions.md', 'AGENTS.md', 'CLAUDE.md']),
  perDirectory: 'all',
  budget: Object.freeze({ unit: 'code-points', size: DEFAULT_BUDGET }),
  symlinks: 'inside-root',
  frontmatter: true,
}) as ResolverPolicy;
