/** The agent drivers by manifest name (test/oracle/agents.json, `holaryn capture <agent>`). */
import { CLAUDE_CODE_DRIVER } from './claude-code';
import { CLINE_DRIVER } from './cline';
import { CODEX_DRIVER } from './codex';
import { COPILOT_CLI_DRIVER } from './copilot-cli';
import { GEMINI_DRIVER } from './gemini';
import { OPENCODE_DRIVER } from './opencode';
import { QWEN_CODE_DRIVER } from './qwen-code';
import type { AgentDriver } from './types';

export const DRIVERS: readonly AgentDriver[] = Object.freeze([
  CLAUDE_CODE_DRIVER,
  CODEX_DRIVER,
  GEMINI_DRIVER,
  COPILOT_CLI_DRIVER,
  OPENCODE_DRIVER,
  QWEN_CODE_DRIVER,
  CLINE_DRIVER,
]);

export function driverByName(name: string): AgentDriver | undefined {
  return DRIVERS.find((d) => d.name === name);
}
