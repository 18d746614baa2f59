/** The auggie profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const AUGGIE_RELEASE = '0.36.0';

export const AUGGIE_ABOUT: ProfileCard = Object.freeze({
  name: 'auggie',
  description: `Auggie ${AUGGIE_RELEASE} (Augment's CLI): .augment-guidelines, AGENTS.md, CLAUDE.md and .augment/rules of the git root and ~/.augment/rules, as rules in the request its CLI sends to Augment's servers (which write the prompt); skills of .augment, .claude and .agents`,
  signs: Object.freeze({
    release: AUGGIE_RELEASE,
    files: Object.freeze(['.augment-guidelines', '.augment/rules/**/*.md', '.augment/rules/**/*.mdc', '.augment/skills/**/SKILL.md']),
    executables: Object.freeze(['auggie']),
    packages: Object.freeze(['@augmentcode/auggie']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'Auggie',
    codes: Object.freeze({
      'agent-auggie-manual-rule': 'warning',
      'agent-auggie-linked-rule': 'warning',
      'agent-auggie-nested-file': 'warning',
      'agent-auggie-skill-dropped': 'warning',
    }),
  }),
  // What the editor watches besides the discovered files (src/vscode/profiles/watch.ts).
  editor: Object.freeze({
    watch: Object.freeze(['AGENTS.md', 'CLAUDE.md', '.augment-guidelines', '.augment/**', '.claude/skills/**', '.agents/skills/**']),
  }),
});
