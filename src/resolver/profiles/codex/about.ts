/** The codex profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const CODEX_ABOUT: ProfileAbout = Object.freeze({
  name: 'codex',
  description: 'OpenAI Codex CLI: AGENTS.override.md or AGENTS.md per directory, project root to working directory, 32 KiB root first',
  signs: Object.freeze({ files: Object.freeze(['**/AGENTS.md', '**/AGENTS.override.md']), executables: Object.freeze(['codex']) }),
});
