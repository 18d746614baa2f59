/**
 * The `auggie` profile: what Auggie 0.36.0, Augment's CLI, sends of a repository's instruction
 * files (README.md in this folder; checked against the release by test/oracle/cases/auggie.ts).
 * Its CLI writes no prompt: it sends the files' text as fields of its own request and Augment's
 * servers write the prompt, so what this profile shows (and the oracle compares) is the text of
 * that request. discover.ts names the files in the request's order, format.ts writes each one's
 * text as sent, skills.ts the skills it lists.
 */
import { NO_BUDGET } from '../../fit';
import type { DiscoverContext, Discovery, Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { inFolder } from '../agent/config';
import { AUGGIE_ABOUT, AUGGIE_RELEASE } from './about';
import { USER_GUIDELINES, auggieCandidates } from './discover';
import { AUGGIE_FORMAT } from './format';
import { DISABLED_SKILLS, FEATURE_CONFIG, SKILL_FOLDERS, auggieSkills } from './skills';

export const AUGGIE_VERSION = `Auggie ${AUGGIE_RELEASE}`;

export const AUGGIE_FIDELITY: readonly string[] = Object.freeze([
  `Checked against Auggie ${AUGGIE_RELEASE} (auggie --print, its backend pointed at the oracle's endpoint) by the oracle suite: the files and text of the request its CLI sends.`,
  "Auggie's CLI sends rules, guidelines and skills as fields of its request; Augment's servers write the model's prompt from them, which no client can see. The text shown is the request's.",
  'A rule is sent with its header taken out and, when the header has a description, the description after it (shown on the line after the text).',
  'A skill folder linked from the repository to a place outside it is not followed here; Auggie follows it.',
]);

function discover(ctx: DiscoverContext): Discovery {
  return { candidates: auggieCandidates(ctx), listings: auggieSkills(ctx) };
}

export const AUGGIE: Profile = {
  ...AUGGIE_ABOUT,
  version: AUGGIE_VERSION,
  agent: 'Auggie',
  // The user's rules, the editor's guidelines file (shown as not sent), the skill folders and the skill modes.
  homeFiles: (ctx) =>
    inFolder(ctx.fs.path, ctx.homedir, [
      '.augment/rules',
      USER_GUIDELINES,
      ...SKILL_FOLDERS.map((f) => `${f}/skills`),
      FEATURE_CONFIG,
      DISABLED_SKILLS,
    ]),
  fidelity: AUGGIE_FIDELITY,
  settings: [],
  noTargets: 'root',
  // Auggie's workspace root: the nearest folder holding a `.git` entry, else the working directory.
  projectRoot: { markers: ['.git'] },
  directories: [],
  discover,
  load: {
    // The workspace's files: a link is never read (Auggie's workspace file API lists it as neither file nor folder); the user's are followed (own).
    symlinks: 'refuse',
    // Node's readFile as UTF-8: invalid bytes become U+FFFD, a BOM is kept.
    decode: 'lossy',
    keepBom: true,
    trim: false,
    skipEmpty: false,
    homes: (where) => [where.path.join(where.homedir, '.augment')],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: AUGGIE_FORMAT,
  contextPlace: 'system-prompt',
};
