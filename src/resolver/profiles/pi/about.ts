/** The pi profile's card: what the registry lists and parses before the profile itself is loaded. */
import type { ProfileCard } from '../../pitfalls';

/** The release this profile was verified against (the oracle suite's pinned release, test/oracle/agents.json): written here only. */
export const PI_RELEASE = '0.73.1';

export const PI_ABOUT: ProfileCard = Object.freeze({
  name: 'pi',
  description:
    'pi: AGENTS.md (else CLAUDE.md) in ~/.pi/agent and in every folder from / down to the working directory, .pi/SYSTEM.md and .pi/APPEND_SYSTEM.md, at the end of the system prompt; skills of .pi/skills and .agents/skills listed after them',
  signs: Object.freeze({
    release: PI_RELEASE,
    files: Object.freeze(['.pi/SYSTEM.md', '.pi/APPEND_SYSTEM.md', '.pi/settings.json', '.pi/skills/**/*.md']),
    executables: Object.freeze(['pi']),
    // pi is four packages released together under one number: the agent, and the model client,
    // agent loop and terminal UI it is built on (the oracle pins all four to the release).
    packages: Object.freeze([
      '@mariozechner/pi-coding-agent',
      '@mariozechner/pi-ai',
      '@mariozechner/pi-agent-core',
      '@mariozechner/pi-tui',
    ]),
  }),
  // Its pitfalls (`check --agents`): ./pitfalls.ts, named by the registry line.
  pitfalls: Object.freeze({
    label: 'pi',
    codes: Object.freeze({ 'agent-pi-file-passed-over': 'warning', 'agent-pi-skill-unlisted': 'warning' }),
  }),
});
