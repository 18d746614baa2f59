/** The holon profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

export const HOLON_ABOUT: ProfileCard = Object.freeze({
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
  // Its dedicated editor settings, holaryn.<key> (package.json is generated from them).
  editor: Object.freeze({
    settings: Object.freeze([
      Object.freeze({
        key: 'holon.agentHome',
        to: Object.freeze({ set: 'agentHome' }),
        kind: 'path',
        invalid: 'holaryn.holon.agentHome must be a path; no agent home is used',
        manifest: Object.freeze({
          type: 'string',
          default: '',
          scope: 'machine',
          markdownDescription:
            "Holon's agent home: its `AGENTS.md` comes before the workspace's (`--agent-home` on the command line). Empty: none. A leading `~/` is the home directory. Read from your user settings only (machine scope): a workspace's settings may not choose a folder outside it.",
        }),
      }),
      Object.freeze({
        key: 'holon.hierarchical',
        to: Object.freeze({ set: 'hierarchical' }),
        kind: 'boolean',
        invalid: 'holaryn.holon.hierarchical must be true or false; hierarchical loading stays off',
        manifest: Object.freeze({
          type: 'boolean',
          default: false,
          scope: 'resource',
          markdownDescription:
            "Holon's hierarchical loading: also `AGENTS.md` in each directory from below the workspace down to the file (`--hierarchical`).",
        }),
      }),
    ]),
  }),
});
