/** The droid profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const DROID_RELEASE = '0.215.0';

export const DROID_ABOUT: ProfileCard = Object.freeze({
  name: 'droid',
  description: `Factory Droid ${DROID_RELEASE}: CLAUDE.md and AGENTS.md (and DESIGN.md) of the working directory and its .factory, .agents and .agent folders up to the git root, then the home's, in the first user message; the folders below on a read`,
  signs: Object.freeze({
    release: DROID_RELEASE,
    files: Object.freeze([
      '.factory/AGENTS.md',
      '.factory/CLAUDE.md',
      '.factory/DESIGN.md',
      '.factory/droids/*.md',
      '.factory/skills/*/SKILL.md',
    ]),
    executables: Object.freeze(['droid']),
    packages: Object.freeze([
      'droid',
      '@factory/cli-linux-x64',
      '@factory/cli-linux-arm64',
      '@factory/cli-darwin-arm64',
      '@factory/cli-darwin-x64',
    ]),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'Factory Droid',
    codes: Object.freeze({
      'agent-droid-case-twin': 'warning',
      'agent-droid-skill-dropped': 'warning',
    }),
  }),
  // What the editor watches besides the discovered files (src/vscode/profiles/watch.ts).
  editor: Object.freeze({
    watch: Object.freeze(['**/AGENTS.md', '**/CLAUDE.md', '**/DESIGN.md', '.factory/**', '.agents/**', '.agent/**']),
  }),
});
