/**
 * The Codex settings the `codex` profile understands, under Codex's own names, and where they
 * live in Codex's user configuration (`$CODEX_HOME/config.toml`, `CODEX_HOME` defaulting to
 * `~/.codex`). See README.md in this folder for what each one changes and why.
 */
import { MAX_BUDGET } from '../../limits';
import { PathApi } from '../../fs';
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
 * (canonical, then as given), the project root, then the repository root. The first key present
 * decides.
 */
export function trustKeys(
  P: PathApi,
  cwdGiven: string,
  cwdCanonical: string,
  projectRoot: string | null,
  repoRoot: string | null,
): string[] {
  const keys: string[] = [];
  for (const k of [cwdCanonical, cwdGiven, projectRoot, repoRoot]) {
    if (k !== null && !keys.includes(k)) keys.push(P.resolve(k));
  }
  return keys;
}

/** Where each setting lives in config.toml (trust: the first `projects` key that has one). */
export function codexConfigKey(doc: Record<string, unknown>, spec: SettingSpec, trust: readonly string[]): readonly string[] | undefined {
  if (spec.name !== 'trust_level') return [spec.name];
  const projects = doc.projects;
  if (typeof projects !== 'object' || projects === null) return undefined;
  for (const key of trust) {
    const entry = (projects as Record<string, unknown>)[key];
    if (Object.prototype.hasOwnProperty.call(projects, key) && typeof entry === 'object' && entry !== null && 'trust_level' in entry) {
      return ['projects', key, 'trust_level'];
    }
  }
  return undefined;
}
