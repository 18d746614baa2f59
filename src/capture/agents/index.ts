/** The agent drivers by manifest name (test/oracle/agents.json, `holaryn capture <agent>`). */
import { AUGGIE_DRIVER } from './auggie';
import { CLAUDE_CODE_DRIVER } from './claude-code';
import { CLINE_DRIVER } from './cline';
import { CODEX_DRIVER } from './codex';
import { CONTINUE_DRIVER } from './continue';
import { DROID_DRIVER } from './droid';
import { COPILOT_CLI_DRIVER } from './copilot-cli';
import { GEMINI_DRIVER } from './gemini';
import { KILO_DRIVER } from './kilo';
import { OPENCODE_DRIVER } from './opencode';
import { PI_DRIVER } from './pi';
import { QWEN_CODE_DRIVER } from './qwen-code';
import type { AgentDriver } from './types';

/** One line per agent: a new agent's driver is added here (CONTRIBUTING.md, "Adding an agent"). */
const REGISTERED: AgentDriver[] = [
  CLAUDE_CODE_DRIVER,
  CODEX_DRIVER,
  GEMINI_DRIVER,
  COPILOT_CLI_DRIVER,
  OPENCODE_DRIVER,
  QWEN_CODE_DRIVER,
  CLINE_DRIVER,
  PI_DRIVER,
  KILO_DRIVER,
  CONTINUE_DRIVER,
  DROID_DRIVER,
  AUGGIE_DRIVER,
];

export const DRIVERS: readonly AgentDriver[] = REGISTERED;

export function driverByName(name: string): AgentDriver | undefined {
  return DRIVERS.find((d) => d.name === name);
}

/** Registers a driver as one more line of the list would (test/profiles/registry); returns its removal. */
export function registerDriverForTest(driver: AgentDriver): () => void {
  if (REGISTERED.some((d) => d.name === driver.name)) throw new Error(`driver ${driver.name} is registered already`);
  REGISTERED.push(driver);
  return () => {
    const i = REGISTERED.indexOf(driver);
    if (i >= 0) REGISTERED.splice(i, 1);
  };
}
