/** The dsh profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const DSH_ABOUT: ProfileAbout = Object.freeze({
  name: 'dsh',
  description: 'DSH project instruction files: $DSH_HOME/AGENTS.md, then AGENTS.md or CLAUDE.md per directory from the git root to the cwd',
});
