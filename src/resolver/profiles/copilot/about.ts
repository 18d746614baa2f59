/** The copilot profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileAbout } from '../../profile';

export const COPILOT_ABOUT: ProfileAbout = Object.freeze({
  name: 'copilot',
  description: 'GitHub Copilot Chat in VS Code: workspace-folder AGENTS.md/CLAUDE.md/copilot-instructions.md, *.instructions.md by applyTo',
  signs: Object.freeze({ files: Object.freeze(['.github/copilot-instructions.md', '**/*.instructions.md']), editorChat: true }),
});
