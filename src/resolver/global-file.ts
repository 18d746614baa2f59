/**
 * The operator-global instruction file a call may name (`ResolveOptions.globalFile`, `--global
 * FILE`, `--no-global`): where it is and the name evidence shows it under. Holaryn's default is
 * `$HOLARYN_HOME/instructions.md`, with `HOLARYN_HOME` defaulting to `~/.holaryn`; that path is
 * written here only. Imports nothing of the pipeline, so options and profiles can name the type.
 */
import * as os from 'node:os';
import { PathApi, nodeResolverFs } from './fs';

/** The operator-global instruction file and the name it is shown under. */
export interface GlobalFile {
  path: string;
  displayName: string;
}

export const GLOBAL_FILE_NAME = 'instructions.md';

/** The folder of the default global file under the home directory, when `HOLARYN_HOME` is unset. */
const HOLARYN_HOME_DIR = '.holaryn';

/** `$HOLARYN_HOME/instructions.md`, with `HOLARYN_HOME` defaulting to `~/.holaryn`. */
export function defaultGlobalFile(
  env: Record<string, string | undefined> = process.env,
  home: string = os.homedir(),
  P: PathApi = nodeResolverFs.path,
): GlobalFile {
  const holarynHome = env.HOLARYN_HOME;
  const folder = holarynHome
    ? { path: P.resolve(holarynHome), display: '$HOLARYN_HOME' }
    : { path: P.join(home, HOLARYN_HOME_DIR), display: `~/${HOLARYN_HOME_DIR}` };
  return { path: P.join(folder.path, GLOBAL_FILE_NAME), displayName: `${folder.display}/${GLOBAL_FILE_NAME}` };
}

/** A global file named explicitly (`--global FILE`): shown as `<global>/<basename>`. */
export function explicitGlobalFile(path: string, P: PathApi = nodeResolverFs.path): GlobalFile {
  return { path: P.resolve(path), displayName: `<global>/${P.basename(path)}` };
}
