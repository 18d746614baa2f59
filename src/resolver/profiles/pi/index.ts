/**
 * The `pi` profile: what pi 0.73.1 puts in front of the model (README.md in this folder; checked
 * against the release by test/oracle). discover.ts decides what pi loads (its agent folder's
 * files, the working directory's `.pi/SYSTEM.md` and `.pi/APPEND_SYSTEM.md`, the context files
 * from `/` down to the working directory); format.ts writes pi's framing at the end of the system
 * prompt.
 */
import { NO_BUDGET } from '../../fit';
import type { DiscoverContext, Discovery, Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { inFolder } from '../agent/config';
import { PI_ABOUT, PI_RELEASE } from './about';
import { CONTEXT_NAMES, discoverPi, piAgentDir } from './discover';
import { PI_FORMAT } from './format';
import { piSkills } from './skills';

export const PI_VERSION = PI_RELEASE;

export const PI_FIDELITY: readonly string[] = Object.freeze([
  `Checked against pi ${PI_RELEASE} (pi -p, a provider of the Anthropic Messages kind) by the oracle suite: files, text and skill listings agree on every case.`,
  'Skills of settings packages are not listed; a skills entry of the agent folder’s settings that leads outside the home is not copied by capture.',
  "The system-prompt part starts after pi's own prompt (or at a SYSTEM.md that replaced it) and ends before the skills list and the date.",
  'Not modelled: --system-prompt, --append-system-prompt and --no-context-files on the command line, and resources an extension adds.',
  'Only the first 1 MiB of a file is shown, with a warning (pi sends it all).',
]);

/** pi's answer for one call: its files, and the skills it lists after them. */
function discover(ctx: DiscoverContext): Discovery {
  const agent = piAgentDir({ env: ctx.env, homedir: ctx.homedir, path: ctx.fs.path });
  return { candidates: discoverPi(ctx), listings: piSkills(ctx, agent.path) };
}

export const PI: Profile = {
  ...PI_ABOUT,
  version: PI_VERSION,
  agent: 'pi',
  // The agent folder's context files, prompt files, skills and settings (its skills entries), and the home's shared skills folder.
  homeFiles: (ctx) => [
    ...inFolder(ctx.fs.path, piAgentDir({ env: ctx.env, homedir: ctx.homedir, path: ctx.fs.path }).path, [
      ...CONTEXT_NAMES,
      'SYSTEM.md',
      'APPEND_SYSTEM.md',
      'skills',
      'settings.json',
    ]),
    ctx.fs.path.join(ctx.homedir, '.agents', 'skills'),
  ],
  fidelity: PI_FIDELITY,
  settings: [],
  noTargets: 'root',
  directories: [],
  discover,
  load: {
    symlinks: 'follow-disclose',
    // readFileSync(…, "utf-8"): invalid bytes become U+FFFD, a BOM is kept.
    decode: 'lossy',
    keepBom: true,
    trim: false,
    skipEmpty: false,
    homes: (where) => [piAgentDir(where).path],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: PI_FORMAT,
};
