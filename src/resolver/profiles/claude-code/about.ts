/** The claude-code profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const CLAUDE_CODE_ABOUT: ProfileAbout = Object.freeze({
  name: 'claude-code',
  description: 'Claude Code: CLAUDE.md from / down to the working directory, subdirectory files and path rules on read, @imports',
  signs: Object.freeze({
    files: Object.freeze(['**/CLAUDE.md', '**/CLAUDE.local.md', '.claude/rules/**/*.md']),
    executables: Object.freeze(['claude']),
  }),
});
