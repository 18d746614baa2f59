/** The kimi profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const KIMI_ABOUT: ProfileAbout = Object.freeze({
  name: 'kimi',
  description: 'Kimi CLI: .kimi/AGENTS.md and AGENTS.md (or agents.md) from the git root to the working directory, 32 KiB deepest first',
  signs: Object.freeze({ files: Object.freeze(['**/.kimi/AGENTS.md']), executables: Object.freeze(['kimi']) }),
});
