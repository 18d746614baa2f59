/** Where Continue CLI keeps the user's files: the one setting that changes what it loads. */
import type { AgentHome, HomeInputs } from '../agent/config';

/**
 * Continue's user folder: `$CONTINUE_GLOBAL_DIR` when set and not empty (a relative one from the
 * working directory, `~` not expanded), else `~/.continue`.
 */
export function continueDir(inputs: HomeInputs, cwd: string): AgentHome {
  const P = inputs.path;
  const set = inputs.env.CONTINUE_GLOBAL_DIR;
  if (set !== undefined && set !== '') return { path: P.resolve(cwd, set), display: '$CONTINUE_GLOBAL_DIR' };
  return { path: P.join(inputs.homedir, '.continue'), display: '~/.continue' };
}
