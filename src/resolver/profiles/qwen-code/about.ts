/** The qwen-code profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const QWEN_CODE_RELEASE = '0.24.4';

export const QWEN_CODE_ABOUT: ProfileCard = Object.freeze({
  name: 'qwen-code',
  description:
    'Qwen Code: QWEN.md and AGENTS.md (or context.fileName) in ~/.qwen and from the .git root down to the working directory, .qwen/QWEN.local.md, .qwen/rules (paths rules when a tool touches a match)',
  signs: Object.freeze({
    release: QWEN_CODE_RELEASE,
    files: Object.freeze(['**/QWEN.md', '.qwen/settings.json', '.qwen/QWEN.local.md', '.qwen/rules/**/*.md']),
    executables: Object.freeze(['qwen']),
    packages: Object.freeze(['@qwen-code/qwen-code']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'Qwen Code',
    codes: Object.freeze({
      'agent-qwen-code-nested-unread': 'warning',
      'agent-qwen-code-rule-unmatched': 'warning',
      'agent-qwen-code-skill-dropped': 'warning',
      'agent-qwen-code-listing-clash': 'warning',
      'agent-qwen-code-listing-cut': 'warning',
    }),
  }),
  // What the editor watches besides the per-directory names (src/vscode/profiles/watch.ts).
  editor: Object.freeze({ watch: Object.freeze(['**/.qwen/**']) }),
});
