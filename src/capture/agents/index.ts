/** The agent drivers by manifest name (test/oracle/agents.json, `holaryn capture <agent>`). */
import { CODEX_DRIVER } from './codex';
import type { AgentDriver } from './types';

export const DRIVERS: readonly AgentDriver[] = Object.freeze([CODEX_DRIVER]);

export function driverByName(name: string): AgentDriver | undefined {
  return DRIVERS.find((d) => d.name === name);
}
