/** The kimi profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

export const KIMI_ABOUT: ProfileCard = Object.freeze({
  name: 'kimi',
  description: 'Kimi CLI: .kimi/AGENTS.md and AGENTS.md (or agents.md) from the git root to the working directory, 32 KiB deepest first',
  signs: Object.freeze({ files: Object.freeze(['**/.kimi/AGENTS.md']), executables: Object.freeze(['kimi']) }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'Kimi',
    order: 5,
    codes: Object.freeze({
      'agent-kimi-cut': 'warning',
    }),
  }),
  // What the editor watches besides the per-directory names (src/vscode/profiles/watch.ts).
  editor: Object.freeze({ watch: Object.freeze(['**/.kimi/**']) }),
});
