/**
 * DSH's settings (docs/profiles.md, `dsh`): the candidate list and the user-global file.
 */
import type { PathApi } from '../../fs';

/** DSH's default per-directory candidates, in precedence order. */
export const DSH_CANDIDATES: readonly string[] = Object.freeze(['AGENTS.md', 'CLAUDE.md']);

/** The fixed name of the user-global file in `$DSH_HOME`. */
export const DSH_GLOBAL_NAME = 'AGENTS.md';

/** The default byte budget of the baseline block: 64 KiB. */
export const DSH_BUDGET = 64 * 1024;

export interface CandidateList {
  /** Usable names, trimmed, first occurrence kept. */
  names: string[];
  /** Entries that are not a plain same-directory file name, with why. */
  invalid: { entry: string; why: string }[];
}

/**
 * Candidate entries as DSH accepts them: same-directory file names only. Empty entries, `.`,
 * `..`, and anything containing `/` or `\` are refused (each reported); entries are trimmed and
 * a repeated name is kept once, at its first position.
 */
export function parseCandidates(entries: readonly string[]): CandidateList {
  const names: string[] = [];
  const invalid: CandidateList['invalid'] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    let why: string | undefined;
    if (entry === '') why = 'is empty';
    else if (entry === '.' || entry === '..') why = `is ${JSON.stringify(entry)}, not a file name`;
    else if (/[\\/]/.test(entry)) why = 'contains a path separator; candidates are file names in the same directory';
    if (why) invalid.push({ entry: raw, why });
    else if (!names.includes(entry)) names.push(entry);
  }
  return { names, invalid };
}

/** The user-global file and the name it is shown under (never an absolute path). */
export interface DshGlobalFile {
  path: string;
  displayName: string;
}

/**
 * `$DSH_HOME/AGENTS.md`, with `DSH_HOME` defaulting to `~/.dsh`; a leading `~` in `DSH_HOME`
 * (alone or before a separator) is the home directory. An empty `DSH_HOME` counts as unset.
 */
export function dshGlobalFile(env: Record<string, string | undefined>, home: string, P: PathApi): DshGlobalFile {
  const configured = env.DSH_HOME;
  if (configured === undefined || configured === '') {
    return { path: P.join(home, '.dsh', DSH_GLOBAL_NAME), displayName: `~/.dsh/${DSH_GLOBAL_NAME}` };
  }
  let dir = configured;
  if (dir === '~') dir = home;
  else if (dir.startsWith('~/') || (P.sep === '\\' && dir.startsWith('~\\'))) dir = P.join(home, dir.slice(2));
  return { path: P.resolve(dir, DSH_GLOBAL_NAME), displayName: `$DSH_HOME/${DSH_GLOBAL_NAME}` };
}
