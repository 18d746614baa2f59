/**
 * The profile registry: `--profile NAME`, `holaryn profiles`, the editor's "View as…". A new
 * profile lives in its own folder beside this file (its card in `about.ts`, the profile in
 * `index.ts`) and adds one line to PROFILES.
 *
 * Cards are loaded at once; a profile's module only when it is first asked for, so a call of
 * the default profile does not load (or pay the start-up of) the other eight and their parsers.
 */
import { ResolveError } from '../evidence';
import type { AgentSigns, Profile, ProfileAbout, ProfileFlag } from '../profile';
import { CLAUDE_CODE_ABOUT } from './claude-code/about';
import { CLINE_ABOUT } from './cline/about';
import { CODEX_ABOUT } from './codex/about';
import { COPILOT_ABOUT } from './copilot/about';
import { DSH_ABOUT } from './dsh/about';
import { GEMINI_ABOUT } from './gemini/about';
import { HOLARYN } from './holaryn';
import { HOLON_ABOUT } from './holon/about';
import { KIMI_ABOUT } from './kimi/about';
import { NARYA_ABOUT } from './narya/about';

interface Registered {
  readonly about: ProfileAbout;
  readonly load: () => Profile;
}

/** A registry entry whose profile module is required on first use, once. */
function lazy(about: ProfileAbout, load: () => Profile): Registered {
  let loaded: Profile | undefined;
  return { about, load: () => (loaded ??= load()) };
}

/* eslint-disable @typescript-eslint/no-require-imports -- the lazy loading this registry is for */
/** Every registered profile; the first is the default. */
const PROFILES: readonly Registered[] = [
  { about: HOLARYN, load: () => HOLARYN },
  lazy(DSH_ABOUT, () => (require('./dsh') as typeof import('./dsh')).DSH),
  lazy(HOLON_ABOUT, () => (require('./holon') as typeof import('./holon')).HOLON),
  lazy(NARYA_ABOUT, () => (require('./narya') as typeof import('./narya')).NARYA),
  lazy(CODEX_ABOUT, () => (require('./codex') as typeof import('./codex')).CODEX),
  lazy(KIMI_ABOUT, () => (require('./kimi') as typeof import('./kimi')).KIMI),
  lazy(GEMINI_ABOUT, () => (require('./gemini') as typeof import('./gemini')).GEMINI),
  lazy(COPILOT_ABOUT, () => (require('./copilot') as typeof import('./copilot')).COPILOT),
  lazy(CLAUDE_CODE_ABOUT, () => (require('./claude-code') as typeof import('./claude-code')).CLAUDE_CODE),
  lazy(CLINE_ABOUT, () => (require('./cline') as typeof import('./cline')).CLINE),
];
/* eslint-enable @typescript-eslint/no-require-imports */

export const DEFAULT_PROFILE: Profile = HOLARYN;

export interface ProfileListing {
  name: string;
  description: string;
  default: boolean;
}

export function listProfiles(): ProfileListing[] {
  return PROFILES.map(({ about }) => ({ name: about.name, description: about.description, default: about.name === DEFAULT_PROFILE.name }));
}

export function profileNames(): string[] {
  return PROFILES.map(({ about }) => about.name);
}

/** Every registered profile that declares signs of use (files only it reads, its executables), in registry order. */
export function agentSigns(): { name: string; signs: AgentSigns }[] {
  return PROFILES.flatMap(({ about }) => (about.signs ? [{ name: about.name, signs: about.signs }] : []));
}

/** The profile called `name`; a `usage` ResolveError listing the known names otherwise. */
export function profileByName(name: string): Profile {
  const found = PROFILES.find(({ about }) => about.name === name);
  if (!found) {
    throw new ResolveError('usage', `unknown profile ${JSON.stringify(name)}; known profiles: ${profileNames().join(', ')}`, {
      profiles: profileNames(),
    });
  }
  return found.load();
}

/** Every registered profile's command-line flags, once each (the first declaration of a name wins). */
export function profileFlags(): ProfileFlag[] {
  const byName = new Map<string, ProfileFlag>();
  for (const { about } of PROFILES) for (const f of about.flags ?? []) if (!byName.has(f.flag)) byName.set(f.flag, f);
  return [...byName.values()];
}
