/**
 * The `continue` profile: what Continue CLI 1.5.47 (`cn`) puts in front of the model (README.md in
 * this folder; checked against the release by test/oracle/cases/continue.ts). One agent file of
 * the working directory and the always-applied rules of the workspace's and the user's
 * `.continue/rules` (discover.ts, rule.ts), in one `userRules` block at the end of the system
 * message (format.ts). No budget, no cut, nothing loaded on touch, no imports.
 */
import { NO_BUDGET } from '../../fit';
import type { Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { CONTINUE_ABOUT, CONTINUE_RELEASE } from './about';
import { continueDiscover } from './discover';
import { continueDir } from './settings';
import { CONTINUE_FORMAT } from './format';

export const CONTINUE_VERSION = `Continue CLI ${CONTINUE_RELEASE}`;

export const CONTINUE_FIDELITY: readonly string[] = Object.freeze([
  `Checked against Continue CLI ${CONTINUE_RELEASE} (cn -p with a configuration file of its own) by the oracle suite: files and text agree on every case.`,
  'The rules of a configuration file (config.yaml `rules`, `--rule`) are not modelled: they come before the .continue/rules files and are the user’s, not the repository’s.',
  'Continue names no file in what it sends: the evidence names the files whose text it sends.',
  'Continue lists skills in the order their parallel reads finish, almost always the folders’ order given here; under load it can differ.',
]);

export const CONTINUE: Profile = {
  ...CONTINUE_ABOUT,
  version: CONTINUE_VERSION,
  agent: 'Continue CLI',
  // The user folder's rules (and skills, which it lists).
  homeFiles: (ctx) => {
    const dir = continueDir({ env: ctx.env, homedir: ctx.homedir, path: ctx.fs.path }, ctx.cwd).path;
    return [ctx.fs.path.join(dir, 'rules'), ctx.fs.path.join(dir, 'skills')];
  },
  fidelity: CONTINUE_FIDELITY,
  settings: [],
  noTargets: 'root',
  directories: [],
  discover: continueDiscover,
  load: {
    symlinks: 'follow-disclose',
    // Node's readFileSync(…, 'utf-8'): invalid bytes become U+FFFD, a BOM is kept.
    decode: 'lossy',
    keepBom: true,
    trim: false,
    skipEmpty: false,
    // A relative CONTINUE_GLOBAL_DIR is below the working directory, inside the workspace anyway.
    homes: (where) => {
      const set = where.env.CONTINUE_GLOBAL_DIR;
      return [set !== undefined && where.path.isAbsolute(set) ? set : where.path.join(where.homedir, '.continue')];
    },
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: CONTINUE_FORMAT,
};
