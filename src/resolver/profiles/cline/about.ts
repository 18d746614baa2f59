/** The cline profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

export const CLINE_ABOUT: ProfileCard = Object.freeze({
  name: 'cline',
  description:
    'Cline CLI 3.0.65: the workspace AGENTS.md, .clinerules (a file or a folder) and .cline/rules, the global rule folders and ~/.agents/AGENTS.md, one rule per name, sorted by name, in the system prompt',
  signs: Object.freeze({
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
    }),
  }),
  // What the editor watches besides the discovered files (src/vscode/profiles/watch.ts).
  editor: Object.freeze({ watch: Object.freeze(['.clinerules', '.clinerules/**', '.cline/**', 'AGENTS.md']) }),
});
