/** The gemini profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const GEMINI_RELEASE = '0.61.0';

export const GEMINI_ABOUT: ProfileCard = Object.freeze({
  name: 'gemini',
  description:
    'Gemini CLI: GEMINI.md and context.fileName names from the working directory up to the .git root, sorted by path; deeper ones when a tool touches them; trusted folders only',
  signs: Object.freeze({
    release: GEMINI_RELEASE,
    files: Object.freeze(['**/GEMINI.md', '.gemini/settings.json']),
    executables: Object.freeze(['gemini']),
    packages: Object.freeze(['@google/gemini-cli']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    watch: Object.freeze(['**/GEMINI.md', '.gemini/skills/**', '.agents/skills/**', '.gemini/agents/**']),
    label: 'Gemini CLI',
    order: 4,
    codes: Object.freeze({
      'agent-gemini-untrusted': 'warning',
      'agent-gemini-skill-dropped': 'warning',
      'agent-gemini-listing-clash': 'warning',
      'agent-gemini-agent-unacknowledged': 'info',
    }),
  }),
  // What the editor watches besides the per-directory names (src/vscode/profiles/watch.ts).
  editor: Object.freeze({ watch: Object.freeze(['**/.gemini/**']) }),
});
