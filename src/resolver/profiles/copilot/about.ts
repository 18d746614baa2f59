/** The copilot profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

export const COPILOT_ABOUT: ProfileCard = Object.freeze({
  name: 'copilot',
  description: 'GitHub Copilot Chat in VS Code: workspace-folder AGENTS.md/CLAUDE.md/copilot-instructions.md, *.instructions.md by applyTo',
  signs: Object.freeze({ files: Object.freeze(['.github/copilot-instructions.md', '**/*.instructions.md']), editorChat: true }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    watch: Object.freeze(['**/.github/instructions/**']),
    label: 'Copilot',
    order: 2,
    codes: Object.freeze({
      'agent-copilot-applyto-list': 'warning',
      'agent-copilot-unanchored-glob': 'warning',
    }),
  }),
  // What the editor watches besides the per-directory names (src/vscode/profiles/watch.ts).
  editor: Object.freeze({ watch: Object.freeze(['**/.github/copilot-instructions.md', '**/.github/instructions/**']) }),
});
