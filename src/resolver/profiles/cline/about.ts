/** The cline profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const CLINE_ABOUT: ProfileAbout = Object.freeze({
  name: 'cline',
  description:
    'Cline CLI 3.0.65: the workspace AGENTS.md, .clinerules (a file or a folder) and .cline/rules, the global rule folders and ~/.agents/AGENTS.md, one rule per name, sorted by name, in the system prompt',
  signs: Object.freeze({
    files: Object.freeze(['.clinerules', '.clinerules/*.md', '.cline/rules/*.md']),
    executables: Object.freeze(['cline']),
  }),
});
