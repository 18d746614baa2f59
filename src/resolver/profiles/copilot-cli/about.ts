/** The copilot-cli profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const COPILOT_CLI_RELEASE = '1.0.102';

export const COPILOT_CLI_ABOUT: ProfileCard = Object.freeze({
  name: 'copilot-cli',
  description:
    'GitHub Copilot CLI: ~/.copilot instructions, .github/copilot-instructions.md, AGENTS.md/CLAUDE.md/GEMINI.md from the git root to the working directory, .github/instructions and .claude/rules',
  signs: Object.freeze({
    release: COPILOT_CLI_RELEASE,
    executables: Object.freeze(['copilot']),
    packages: Object.freeze(['@github/copilot-linux-x64', '@github/copilot-linux-arm64', '@github/copilot']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    watch: Object.freeze(['**/SKILL.md', '**/.github/agents/**/*.md', '**/.claude/agents/*.md', '**/.claude/commands/*.md']),
    label: 'Copilot CLI',
    codes: Object.freeze({
      'agent-copilot-cli-skill-dropped': 'warning',
      'agent-copilot-cli-name-clash': 'info',
    }),
  }),
});
