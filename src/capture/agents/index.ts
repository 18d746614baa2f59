/** The agent drivers by manifest name (test/oracle/agents.json, `holaryn capture <agent>`). */
import { CLAUDE_CODE_DRIVER } from './claude-code';
import { CLINE_DRIVER } from './cline';
import { CODEX_DRIVER } from './codex';
import { GEMINI_DRIVER } from './gemini';
import type { AgentDriver } from './types';

export const DRIVERS: readonly AgentDriver[] = Object.freeze([CLAUDE_CODE_DRIVER, CLINE_DRIVER, CODEX_DRIVER, GEMINI_DRIVER]);

export function driverByName(name: string): AgentDriver | undefined {
  return DRIVERS.find((d) => d.name === name);
}
