/**
 * The `droid` profile: what Factory Droid 0.215.0 puts in front of the model (README.md in this
 * folder; checked against the release by test/oracle/cases/droid.ts). discover.ts names the files
 * in Droid's order, fit.ts applies its character limits, format.ts frames them per place. Droid
 * has no setting that changes which instruction files it reads.
 */
import type { Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { DROID_ABOUT, DROID_RELEASE } from './about';
import { droidDiscover, droidHomeFiles } from './discover';
import { FACTORY_FOLDERS, droidHome } from './folders';
import { DROID_FIT } from './fit';
import { DROID_FORMAT } from './format';

export const DROID_VERSION = `Factory Droid ${DROID_RELEASE}`;

export const DROID_FIDELITY: readonly string[] = Object.freeze([
  `Checked against Factory Droid ${DROID_RELEASE} (droid exec, a custom Anthropic model) by the oracle suite.`,
  'Each target stands for one Read (a file) or LS (a folder) call, in the order of the targets; a new file (a write) discovers nothing.',
  "Droid's limits count JavaScript string length (UTF-16 code units); the evidence counts code points, which differ only for characters outside the Basic Multilingual Plane.",
  'A file past the 40,000 characters one read may discover is tried again by the next read in Droid; here it stays omitted.',
]);

export const DROID: Profile = {
  ...DROID_ABOUT,
  version: DROID_VERSION,
  agent: 'Factory Droid',
  homeFiles: (ctx) => droidHomeFiles(ctx.fs.path, ctx.env, ctx.homedir),
  fidelity: DROID_FIDELITY,
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  discover: droidDiscover,
  load: {
    symlinks: 'refuse',
    decode: 'lossy',
    keepBom: true,
    trim: false,
    skipEmpty: false,
    homes: (where) => FACTORY_FOLDERS.map((f) => where.path.join(droidHome(where.env, where.homedir, where.path), f)),
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: DROID_FIT, cutsWithoutBudget: true },
  format: DROID_FORMAT,
  contextPlace: 'first-user-message',
};
