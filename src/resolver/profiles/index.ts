/**
 * The profile registry: `--profile NAME`, `holaryn profiles`, the editor's "View as…". A new
 * profile lives in its own folder beside this file and adds one line to PROFILES.
 */
import { ResolveError } from '../evidence';
import type { Profile } from '../profile';
import { CODEX } from './codex';
import { DSH } from './dsh';
import { HOLARYN } from './holaryn';
import { HOLON } from './holon';
import { KIMI } from './kimi';
import { NARYA } from './narya';

/** Every registered profile; the first is the default. */
const PROFILES: readonly Profile[] = [HOLARYN, DSH, HOLON, NARYA, CODEX, KIMI];

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
