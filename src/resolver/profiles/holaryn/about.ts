/** The holaryn profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

export const HOLARYN_ABOUT: ProfileCard = Object.freeze({
  name: 'holaryn',
  description: "Holaryn's own rules: .holaryn/instructions.md, AGENTS.md and CLAUDE.md from the root to each file, with frontmatter",
  // holaryn.budget and holaryn.globalFile are this profile's (src/vscode/profiles/options.ts).
  editor: Object.freeze({ holarynSettings: true }),
});
