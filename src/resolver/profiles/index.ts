/**
 * The profile registry: `--profile NAME`, `holaryn profiles`, the editor's "View as…", the agents
 * `check --agents` knows and their pitfalls. A new profile lives in its own folder beside this
 * file (its card in `about.ts`, the profile in `index.ts`, an agent's pitfalls in `pitfalls.ts`)
 * and adds one entry to PROFILES.
 *
 * Cards are loaded at once; a profile's module (and its pitfalls) only when first asked for, so a
 * call of the default profile does not load (or pay the start-up of) the others and their parsers.
 */
import { ResolveError } from '../evidence';
import type { Severity } from '../evidence';
import type { AgentCode, PitfallCheck, ProfileCard } from '../pitfalls';
import type { AgentSigns, Profile, ProfileFlag } from '../profile';
import { AUGGIE_ABOUT } from './auggie/about';
import { CLAUDE_CODE_ABOUT } from './claude-code/about';
import { CLINE_ABOUT } from './cline/about';
import { CODEX_ABOUT } from './codex/about';
import { COPILOT_ABOUT } from './copilot/about';
import { CONTINUE_ABOUT } from './continue/about';
import { COPILOT_CLI_ABOUT } from './copilot-cli/about';
import { CURSOR_ABOUT } from './cursor/about';
import { DROID_ABOUT } from './droid/about';
import { DSH_ABOUT } from './dsh/about';
import { GEMINI_ABOUT } from './gemini/about';
import { HOLARYN } from './holaryn';
import { HOLARYN_ABOUT } from './holaryn/about';
import { HOLON_ABOUT } from './holon/about';
import { KILO_ABOUT } from './kilo/about';
import { KIMI_ABOUT } from './kimi/about';
import { NARYA_ABOUT } from './narya/about';
import { OPENCODE_ABOUT } from './opencode/about';
import { PI_ABOUT } from './pi/about';
import { QWEN_CODE_ABOUT } from './qwen-code/about';

/** One registry entry: a card, its profile, and for an agent with pitfalls their check. */
export interface Registered {
  readonly about: ProfileCard;
  readonly load: () => Profile;
  /** The folder's pitfalls.ts `PITFALLS` (`check --agents`); the card's `pitfalls` says its codes. */
  readonly pitfalls?: () => PitfallCheck;
}

/** A registry entry whose profile module (and pitfalls module) is required on first use, once. */
function lazy(about: ProfileCard, load: () => Profile, pitfalls?: () => PitfallCheck): Registered {
  let loaded: Profile | undefined;
  let check: PitfallCheck | undefined;
  return { about, load: () => (loaded ??= load()), ...(pitfalls ? { pitfalls: () => (check ??= pitfalls()) } : {}) };
}

/* eslint-disable @typescript-eslint/no-require-imports -- the lazy loading this registry is for */
/** Every registered profile; the first is the default. */
const PROFILES: Registered[] = [
  { about: HOLARYN_ABOUT, load: () => HOLARYN },
  lazy(DSH_ABOUT, () => (require('./dsh') as typeof import('./dsh')).DSH),
  lazy(HOLON_ABOUT, () => (require('./holon') as typeof import('./holon')).HOLON),
  lazy(NARYA_ABOUT, () => (require('./narya') as typeof import('./narya')).NARYA),
  lazy(
    CODEX_ABOUT,
    () => (require('./codex') as typeof import('./codex')).CODEX,
    () => (require('./codex/pitfalls') as typeof import('./codex/pitfalls')).PITFALLS,
  ),
  lazy(
    KIMI_ABOUT,
    () => (require('./kimi') as typeof import('./kimi')).KIMI,
    () => (require('./kimi/pitfalls') as typeof import('./kimi/pitfalls')).PITFALLS,
  ),
  lazy(
    GEMINI_ABOUT,
    () => (require('./gemini') as typeof import('./gemini')).GEMINI,
    () => (require('./gemini/pitfalls') as typeof import('./gemini/pitfalls')).PITFALLS,
  ),
  lazy(
    COPILOT_ABOUT,
    () => (require('./copilot') as typeof import('./copilot')).COPILOT,
    () => (require('./copilot/pitfalls') as typeof import('./copilot/pitfalls')).PITFALLS,
  ),
  lazy(
    CLAUDE_CODE_ABOUT,
    () => (require('./claude-code') as typeof import('./claude-code')).CLAUDE_CODE,
    () => (require('./claude-code/pitfalls') as typeof import('./claude-code/pitfalls')).PITFALLS,
  ),
  lazy(
    COPILOT_CLI_ABOUT,
    () => (require('./copilot-cli') as typeof import('./copilot-cli')).COPILOT_CLI,
    () => (require('./copilot-cli/pitfalls') as typeof import('./copilot-cli/pitfalls')).PITFALLS,
  ),
  lazy(
    CURSOR_ABOUT,
    () => (require('./cursor') as typeof import('./cursor')).CURSOR,
    () => (require('./cursor/pitfalls') as typeof import('./cursor/pitfalls')).PITFALLS,
  ),
  lazy(
    OPENCODE_ABOUT,
    () => (require('./opencode') as typeof import('./opencode')).OPENCODE,
    () => (require('./opencode/pitfalls') as typeof import('./opencode/pitfalls')).PITFALLS,
  ),
  lazy(
    QWEN_CODE_ABOUT,
    () => (require('./qwen-code') as typeof import('./qwen-code')).QWEN_CODE,
    () => (require('./qwen-code/pitfalls') as typeof import('./qwen-code/pitfalls')).PITFALLS,
  ),
  lazy(
    CLINE_ABOUT,
    () => (require('./cline') as typeof import('./cline')).CLINE,
    () => (require('./cline/pitfalls') as typeof import('./cline/pitfalls')).PITFALLS,
  ),
  lazy(
    PI_ABOUT,
    () => (require('./pi') as typeof import('./pi')).PI,
    () => (require('./pi/pitfalls') as typeof import('./pi/pitfalls')).PITFALLS,
  ),
  lazy(
    KILO_ABOUT,
    () => (require('./kilo') as typeof import('./kilo')).KILO,
    () => (require('./kilo/pitfalls') as typeof import('./kilo/pitfalls')).PITFALLS,
  ),
  lazy(
    CONTINUE_ABOUT,
    () => (require('./continue') as typeof import('./continue')).CONTINUE,
    () => (require('./continue/pitfalls') as typeof import('./continue/pitfalls')).PITFALLS,
  ),
  lazy(
    DROID_ABOUT,
    () => (require('./droid') as typeof import('./droid')).DROID,
    () => (require('./droid/pitfalls') as typeof import('./droid/pitfalls')).PITFALLS,
  ),
  lazy(
    AUGGIE_ABOUT,
    () => (require('./auggie') as typeof import('./auggie')).AUGGIE,
    () => (require('./auggie/pitfalls') as typeof import('./auggie/pitfalls')).PITFALLS,
  ),
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

/** The card of the profile called `name` (what an editor reads without loading the profile), or undefined. */
export function profileCard(name: string): ProfileCard | undefined {
  return PROFILES.find(({ about }) => about.name === name)?.about;
}

/** An agent as `check --agents` knows it: a profile that declares pitfalls or signs of use. */
export interface AgentEntry {
  readonly name: string;
  /** How messages name it (the card's pitfalls label, else the profile's name). */
  readonly label: string;
  /** Its pitfalls' finding codes and severities (none when it declares no pitfalls). */
  readonly codes: Readonly<Record<AgentCode, Severity>>;
  /** Its pitfalls, required on first call; absent when it has none of its own. */
  readonly pitfalls?: () => PitfallCheck;
}

/** Every agent `check --agents` knows, in the order it checks them (the cards' `pitfalls.order`, then registry order). */
export function agentEntries(): AgentEntry[] {
  const agents = PROFILES.filter(({ about }) => about.pitfalls !== undefined || about.signs !== undefined);
  const rank = (r: Registered) => r.about.pitfalls?.order ?? Infinity;
  return agents
    .map((r, i) => ({ r, i }))
    .sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i)
    .map(({ r }) => ({
      name: r.about.name,
      label: r.about.pitfalls?.label ?? r.about.name,
      codes: r.about.pitfalls?.codes ?? {},
      ...(r.pitfalls ? { pitfalls: r.pitfalls } : {}),
    }));
}

/**
 * Tests only: registers a profile at the end of the registry with exactly the arguments of a
 * PROFILES line (`lazy(card, load, pitfalls?)`): every listing, `--profile`, `--agents`, the
 * editor's lists and the generated manifest then see it. Returns its removal.
 */
export function registerProfileForTest(about: ProfileCard, load: () => Profile, pitfalls?: () => PitfallCheck): () => void {
  if (PROFILES.some((r) => r.about.name === about.name)) throw new Error(`profile ${about.name} is registered already`);
  const entry = lazy(about, load, pitfalls);
  PROFILES.push(entry);
  return () => {
    const i = PROFILES.indexOf(entry);
    if (i >= 0) PROFILES.splice(i, 1);
  };
}
