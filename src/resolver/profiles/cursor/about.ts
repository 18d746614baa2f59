/** The cursor profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const CURSOR_ABOUT: ProfileAbout = Object.freeze({
  name: 'cursor',
  description:
    'Cursor (documented, not verified): .cursor/rules/*.mdc by alwaysApply and globs (nested folders too), AGENTS.md at the root and below, legacy .cursorrules',
  signs: Object.freeze({
    files: Object.freeze(['.cursor/rules/**/*.mdc', '**/.cursor/rules/**/*.mdc', '.cursorrules']),
    executables: Object.freeze(['cursor', 'cursor-agent']),
  }),
});
