/** The Kilo Code CLI profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const KILO_RELEASE = '7.7.7';

export const KILO_ABOUT: ProfileCard = Object.freeze({
  name: 'kilo',
  description:
    'Kilo Code CLI: AGENTS.md (else CLAUDE.md, else CONTEXT.md) from the working directory up to the git root, nearest first; the global AGENTS.md; .kilocode/rules and instructions globs; deeper files when read',
  signs: Object.freeze({
    release: KILO_RELEASE,
    files: Object.freeze([
      'kilo.json',
      'kilo.jsonc',
      '.kilo/kilo.json',
      '.kilo/kilo.jsonc',
      '.kilocode/kilo.json',
      '.kilocode/kilo.jsonc',
      '.kilocode/rules',
      '.kilo/rules',
      '.kilocoderules',
    ]),
    executables: Object.freeze(['kilo', 'kilocode']),
    packages: Object.freeze(['@kilocode/cli-linux-x64', '@kilocode/cli-linux-arm64', '@kilocode/cli']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'Kilo Code CLI',
    codes: Object.freeze({ 'agent-kilo-env-reference-drops-file': 'warning' }),
  }),
});
