/** The cursor profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

export const CURSOR_ABOUT: ProfileCard = Object.freeze({
  name: 'cursor',
  description:
    'Cursor (documented, not verified): .cursor/rules/*.mdc by alwaysApply and globs (nested folders too), AGENTS.md at the root and below, legacy .cursorrules',
  signs: Object.freeze({
    files: Object.freeze(['.cursor/rules/**/*.mdc', '**/.cursor/rules/**/*.mdc', '.cursorrules']),
    executables: Object.freeze(['cursor', 'cursor-agent']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'Cursor',
    codes: Object.freeze({
      'agent-cursor-model-chosen': 'warning',
      'agent-cursor-never-loaded': 'warning',
    }),
  }),
});
