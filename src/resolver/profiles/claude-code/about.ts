/** The claude-code profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const CLAUDE_CODE_RELEASE = '2.1.328';

export const CLAUDE_CODE_ABOUT: ProfileCard = Object.freeze({
  name: 'claude-code',
  description: `Claude Code ${CLAUDE_CODE_RELEASE}: CLAUDE.md files from the top of the file system down to the working directory (AGENTS.md where there is none), subdirectory files and path rules on touch, @imports`,
  signs: Object.freeze({
    release: CLAUDE_CODE_RELEASE,
    files: Object.freeze(['**/CLAUDE.md', '**/CLAUDE.local.md', '.claude/rules/**/*.md']),
    executables: Object.freeze(['claude']),
    packages: Object.freeze(['@anthropic-ai/claude-code', '@anthropic-ai/claude-code-linux-x64', '@anthropic-ai/claude-code-linux-arm64']),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    watch: Object.freeze(['**/.claude/rules/**', '**/.claude/skills/**', '**/.claude/commands/**', '**/.claude/agents/**']),
    label: 'Claude Code',
    order: 3,
    codes: Object.freeze({
      'agent-claude-agents-md': 'warning',
      /** Info; a warning when no file of the workspace matches (the rule never loads). */
      'agent-claude-rule-on-read': 'info',
      /** A skill, command or subagent the listings cut, hide or leave out. */
      'agent-claude-listing': 'warning',
    }),
  }),
  // What the editor watches besides the per-directory names (src/vscode/profiles/watch.ts).
  editor: Object.freeze({ watch: Object.freeze(['**/.claude/**']) }),
});
