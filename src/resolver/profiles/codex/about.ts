/** The codex profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const CODEX_RELEASE = '0.169.0';

export const CODEX_ABOUT: ProfileCard = Object.freeze({
  name: 'codex',
  description: 'OpenAI Codex CLI: AGENTS.override.md or AGENTS.md per directory, project root to working directory, 32 KiB root first',
  signs: Object.freeze({
    release: CODEX_RELEASE,
    files: Object.freeze(['**/AGENTS.md', '**/AGENTS.override.md']),
    executables: Object.freeze(['codex']),
    packages: Object.freeze(['@openai/codex']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    watch: Object.freeze(['**/AGENTS.override.md', '**/SKILL.md', '**/.codex/agents/*.toml']),
    label: 'Codex',
    order: 1,
    codes: Object.freeze({
      'agent-codex-cut': 'warning',
      'agent-codex-override': 'warning',
      'agent-codex-skill-cut': 'warning',
      'agent-codex-skill-dropped': 'warning',
      'agent-codex-name-clash': 'info',
    }),
  }),
});
