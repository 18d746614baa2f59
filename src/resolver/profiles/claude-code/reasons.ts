/**
 * How the claude-code profile's reasons for an AGENTS.md that a CLAUDE file keeps out begin: the
 * lint's pitfall (src/lint/agents.ts) finds those sources by them. A module of its own, so the lint
 * does not load the profile to know them.
 */
export const AGENTS_KEPT_OUT = Object.freeze([
  'Claude Code reads AGENTS.md only where no CLAUDE.md',
  "Claude Code leaves out a directory's AGENTS.md when a CLAUDE file beside it loads",
]);
