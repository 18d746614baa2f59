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
 * Where each setting lives in config.toml. Trust: `projects."<cwd>".trust_level`, the cwd canonical
 * (Codex 0.169.0 looks the level up by the working directory alone, as the process has it).
 */
export function codexConfigKey(doc: Record<string, unknown>, spec: SettingSpec, cwd: string): readonly string[] | undefined {
  if (spec.name !== 'trust_level') return [spec.name];
  const projects = doc.projects;
  if (typeof projects !== 'object' || projects === null || !Object.prototype.hasOwnProperty.call(projects, cwd)) return undefined;
  return ['projects', cwd, 'trust_level'];
}
