/** The auggie profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const AUGGIE_RELEASE = '0.36.0';

export const AUGGIE_ABOUT: ProfileCard = Object.freeze({
  name: 'auggie',
  description: `Auggie ${AUGGIE_RELEASE}`,
  signs: Object.freeze({
    release: AUGGIE_RELEASE,
    files: Object.freeze(['.augment/rules/*.md', '.augment-guidelines']),
    executables: Object.freeze(['auggie']),
    packages: Object.freeze(['@augmentcode/auggie']),
  }),
});
