/** The narya profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

export const NARYA_ABOUT: ProfileCard = Object.freeze({
  name: 'narya',
  description:
    "Narya's repository trust: AGENTS.md or CLAUDE.md and docs/PROJECT_RULES.md at the git root, plus .narya/config.toml's files, only when trusted",
  // What the editor watches besides the per-directory names (src/vscode/profiles/watch.ts).
  editor: Object.freeze({ watch: Object.freeze(['**/.narya/config.toml']) }),
});
