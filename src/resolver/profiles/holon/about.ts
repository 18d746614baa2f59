/** The holon profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const HOLON_ABOUT: ProfileAbout = Object.freeze({
  name: 'holon',
  description: "Holon's instruction loading: the agent home's AGENTS.md, then the workspace anchor's AGENTS.md (CLAUDE.md as a fallback)",
  flags: Object.freeze([
    Object.freeze({
      flag: 'agent-home',
      setting: 'agentHome',
      type: 'string',
      path: true,
      help: 'the agent home (its AGENTS.md comes first)',
    }),
    Object.freeze({
      flag: 'hierarchical',
      setting: 'hierarchical',
      type: 'boolean',
      help: 'load AGENTS.md below the workspace anchor too',
    }),
  ]),
});
