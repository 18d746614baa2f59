/** The cline profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const CLINE_RELEASE = '3.0.65';

export const CLINE_ABOUT: ProfileCard = Object.freeze({
  name: 'cline',
  description: `Cline CLI ${CLINE_RELEASE}: the workspace AGENTS.md, .clinerules (a file or a folder) and .cline/rules, the global rule folders and ~/.agents/AGENTS.md, one rule per name, sorted by name, in the system prompt`,
  signs: Object.freeze({
    release: CLINE_RELEASE,
    files: Object.freeze(['.clinerules', '.clinerules/*.md', '.cline/rules/*.md']),
    executables: Object.freeze(['cline']),
    packages: Object.freeze([
      'cline',
      '@cline/cli-linux-x64',
      '@cline/cli-linux-arm64',
      '@cline/cli-darwin-arm64',
      '@cline/cli-darwin-x64',
    ]),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'Cline',
    codes: Object.freeze({
      'agent-cline-replaced': 'warning',
      'agent-cline-paths-ignored': 'warning',
      'agent-cline-skill-replaced': 'warning',
      'agent-cline-skill-dropped': 'warning',
    }),
  }),
  // What the editor watches besides the discovered files (src/vscode/profiles/watch.ts).
  editor: Object.freeze({ watch: Object.freeze(['.clinerules', '.clinerules/**', '.cline/**', 'AGENTS.md']) }),
});
