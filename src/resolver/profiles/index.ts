/**
 * The profile registry: `--profile NAME`, `holaryn profiles`, the editor's "View as…". A new
 * profile lives in its own folder beside this file and adds one line to PROFILES.
 */
import { ResolveError } from '../evidence';
import type { Profile, ProfileFlag } from '../profile';
import { CLAUDE_CODE } from './claude-code';
import { CODEX } from './codex';
import { COPILOT } from './copilot';
import { DSH } from './dsh';
import { GEMINI } from './gemini';
import { HOLARYN } from './holaryn';
import { HOLON } from './holon';
import { KIMI } from './kimi';
import { NARYA } from './narya';

/** Every registered profile; the first is the default. */
const PROFILES: readonly Profile[] = [HOLARYN, DSH, HOLON, NARYA, CODEX, KIMI, GEMINI, COPILOT, CLAUDE_CODE];

export const DEFAULT_PROFILE: Profile = HOLARYN;

export interface ProfileListing {
  name: string;
  description: string;
  default: boolean;
}

export function listProfiles(): ProfileListing[] {
  return PROFILES.map((p) => ({ name: p.name, description: p.description, default: p === DEFAULT_PROFILE }));
}

export function profileNames(): string[] {
  return PROFILES.map((p) => p.name);
}

/** The profile called `name`; a `usage` ResolveError listing the known names otherwise. */
export function profileByName(name: string): Profile {
  const found = PROFILES.find((p) => p.name === name);
  if (!found) {
    throw new ResolveError('usage', `unknown profile ${JSON.stringify(name)}; known profiles: ${profileNames().join(', ')}`, {
      profiles: profileNames(),
    });
  }
  return found;
}

/** Every registered profile's command-line flags, once each (the first declaration of a name wins). */
export function profileFlags(): ProfileFlag[] {
  const byName = new Map<string, ProfileFlag>();
  for (const p of PROFILES) for (const f of p.flags ?? []) if (!byName.has(f.flag)) byName.set(f.flag, f);
  return [...byName.values()];
}
