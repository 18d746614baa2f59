/** The opencode profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const OPENCODE_RELEASE = '1.18.33';

export const OPENCODE_ABOUT: ProfileCard = Object.freeze({
  name: 'opencode',
  description:
    'opencode: AGENTS.md (else CLAUDE.md, else CONTEXT.md) from the working directory up to the git root, nearest first; the global AGENTS.md; instructions globs; deeper files when read',
  signs: Object.freeze({
    release: OPENCODE_RELEASE,
    files: Object.freeze(['opencode.json', 'opencode.jsonc', '.opencode/opencode.json', '.opencode/opencode.jsonc']),
    executables: Object.freeze(['opencode']),
    packages: Object.freeze(['opencode-linux-x64', 'opencode-linux-arm64', 'opencode-ai']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'opencode',
    codes: Object.freeze({
      'agent-opencode-instructions-unmatched': 'warning',
      'agent-opencode-skill-dropped': 'warning',
      'agent-opencode-name-clash': 'warning',
    }),
  }),
});
