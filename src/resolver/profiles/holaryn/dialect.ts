/** Holaryn's frontmatter (docs/contract.md §4) as a dialect; NO_FRONTMATTER for systems without one. */
import { parseInstructions } from '../../frontmatter';
import type { Dialect } from '../../profile';

export const HOLARYN_DIALECT: Dialect = Object.freeze({
  name: 'holaryn',
  yaml: true,
  parse: (text: string) => parseInstructions(text, true),
});

/** A `---` block is ordinary content. */
export const NO_FRONTMATTER: Dialect = Object.freeze({
  name: 'none',
  yaml: false,
  parse: (text: string) => parseInstructions(text, false),
});
