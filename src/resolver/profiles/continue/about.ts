/** The continue profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const CONTINUE_RELEASE = '1.5.47';

export const CONTINUE_ABOUT: ProfileCard = Object.freeze({
  name: 'continue',
  description: `Continue CLI ${CONTINUE_RELEASE}: the first of AGENTS.md, AGENT.md, CLAUDE.md, CODEX.md in the working directory, then the always-applied rules of .continue/rules and ~/.continue/rules, in the system message`,
  signs: Object.freeze({
    release: CONTINUE_RELEASE,
    files: Object.freeze(['.continue/rules/*.md', '.continue/rules/**/*.md']),
    executables: Object.freeze(['cn']),
    packages: Object.freeze(['@continuedev/cli']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'Continue CLI',
    codes: Object.freeze({
      'agent-continue-rule-never-sent': 'warning',
      'agent-continue-text-dropped': 'warning',
      'agent-continue-agent-file-blocks': 'warning',
    }),
  }),
  // What the editor watches besides the discovered files (src/vscode/profiles/watch.ts).
  editor: Object.freeze({
    watch: Object.freeze([
      '.continue/rules/**',
      '.continue/skills/**',
      '.claude/skills/**',
      'AGENTS.md',
      'AGENT.md',
      'CLAUDE.md',
      'CODEX.md',
    ]),
  }),
});
