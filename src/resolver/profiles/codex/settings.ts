/**
 * The Codex settings the `codex` profile understands, under Codex's own names, and where they
 * live in Codex's user configuration (`$CODEX_HOME/config.toml`, `CODEX_HOME` defaulting to
 * `~/.codex`). See README.md in this folder for what each one changes and why.
 */
import { MAX_BUDGET } from '../../limits';
import { SettingSpec } from '../agent/settings';

export const DEFAULT_PROJECT_DOC_MAX_BYTES = 32 * 1024;
export const DEFAULT_PROJECT_ROOT_MARKERS: readonly string[] = Object.freeze(['.git']);

export const CODEX_SETTINGS: readonly SettingSpec[] = Object.freeze([
  {
    name: 'project_doc_max_bytes',
    kind: 'integer',
    default: DEFAULT_PROJECT_DOC_MAX_BYTES,
    min: 0,
    max: MAX_BUDGET,
    description: 'bytes of project AGENTS.md text Codex sends, spent from the project root down (0: no project files)',
  },
  {
    name: 'project_doc_fallback_filenames',
    kind: 'string-list',
    default: Object.freeze([]),
    fileNames: true,
    description: 'names tried in each directory after AGENTS.override.md and AGENTS.md',
  },
  {
    name: 'project_root_markers',
    kind: 'string-list',
    default: DEFAULT_PROJECT_ROOT_MARKERS,
    description: 'entries that mark the project root, searched upwards from the working directory ([]: the working directory alone)',
  },
  {
    name: 'trust_level',
    kind: 'choice',
    choices: Object.freeze(['trusted', 'untrusted']),
    default: null,
    description: 'this project\'s trust (config.toml: projects."<path>".trust_level); "untrusted" keeps project files out',
  },
] satisfies SettingSpec[]);

/**
 * The keys under `projects` Codex looks the trust level up by, in order: the working directory
 * (canonical, then as given), then the git repository root (canonical, then as given; see
 * repository.ts). The project root found by `project_root_markers` is not one of them. `canonical`
 * gives a path's canonical form, or the path itself when it cannot be resolved.
 */
export function trustKeys(cwdGiven: string, cwdCanonical: string, repoRoot: string | null, canonical: (p: string) => string): string[] {
  const keys: string[] = [];
  const add = (k: string) => {
    if (!keys.includes(k)) keys.push(k);
  };
  add(cwdCanonical);
  add(cwdGiven);
  if (repoRoot !== null) {
    add(canonical(repoRoot));
    add(repoRoot);
  }
  return keys;
}

/**
 * Where each setting lives in config.toml. Trust: under the first key of `trust` that `projects`
 * holds at all. Codex stops at that entry even when it has no `trust_level` (the level is then
 * unset, which counts as trusted here).
 */
export function codexConfigKey(doc: Record<string, unknown>, spec: SettingSpec, trust: readonly string[]): readonly string[] | undefined {
  if (spec.name !== 'trust_level') return [spec.name];
  const projects = doc.projects;
  if (typeof projects !== 'object' || projects === null) return undefined;
  const key = trust.find((k) => Object.prototype.hasOwnProperty.call(projects, k));
  return key === undefined ? undefined : ['projects', key, 'trust_level'];
}
