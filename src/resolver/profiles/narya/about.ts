/** The narya profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const NARYA_ABOUT: ProfileAbout = Object.freeze({
  name: 'narya',
  description:
    "Narya's repository trust: AGENTS.md or CLAUDE.md and docs/PROJECT_RULES.md at the git root, plus .narya/config.toml's files, only when trusted",
});
