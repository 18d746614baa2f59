/** The holaryn profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const HOLARYN_ABOUT: ProfileAbout = Object.freeze({
  name: 'holaryn',
  description: "Holaryn's own rules: .holaryn/instructions.md, AGENTS.md and CLAUDE.md from the root to each file, with frontmatter",
});
