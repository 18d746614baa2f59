/**
 * Gemini CLI's workspace directories besides the working directory: `context.includeDirectories`,
 * each walked for context files like the working directory (discover.ts).
 */
import type { ResolverFs } from '../../fs';
import { canonicalIfExists } from '../../paths';
import type { ConfigLayer, EffectiveSetting } from '../agent/settings';

const NAME = 'context.includeDirectories';

/**
 * The include directories as Gemini adds them to its workspace: every settings file's list in
 * turn, lowest first (they add up; `--set` replaces them all), `~` the home, relative to the
 * working directory, real paths, each once. One that is missing or not a directory makes Gemini
 * stop at start ("Directory does not exist"): it is left out with a problem saying so.
 */
export function includeDirectories(
  fs: ResolverFs,
  root: string,
  home: string,
  layers: readonly (ConfigLayer | undefined)[],
  settings: Readonly<Record<string, EffectiveSetting>>,
): { dirs: string[]; problems: string[] } {
  const P = fs.path;
  const lists =
    settings[NAME].from === 'set'
      ? [settings[NAME].value as readonly string[]]
      : layers.map((l) => (l?.values.get(NAME) as readonly string[] | undefined) ?? []);
  const dirs: string[] = [];
  const problems: string[] = [];
  for (const raw of lists.flat()) {
    if (raw === '') continue;
    const abs = P.resolve(root, raw === '~' || raw.startsWith('~/') ? home + raw.slice(1) : raw);
    let kind: string | undefined;
    try {
      kind = fs.stat(abs)?.kind;
    } catch {
      kind = undefined;
    }
    if (kind !== 'directory') {
      problems.push(`${NAME} ${JSON.stringify(raw)}: ${abs} is not a directory; Gemini CLI stops at start ("Directory does not exist")`);
      continue;
    }
    const real = canonicalIfExists(fs, abs);
    if (real !== root && !dirs.includes(real)) dirs.push(real);
  }
  return { dirs, problems };
}
