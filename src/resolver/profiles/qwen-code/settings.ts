/**
 * Qwen Code's settings that decide which context files load (README.md in this folder), under
 * Qwen's own dotted names, and the candidate names they give.
 */
import type { SettingSpec } from '../agent/settings';

/** Qwen's built-in context file names, in its order. */
export const DEFAULT_NAMES: readonly string[] = Object.freeze(['QWEN.md', 'AGENTS.md']);

/** The private project file, read at the root of a git repository. */
export const LOCAL_NAME = 'QWEN.local.md';

/** The file Qwen writes on its first run with the reply-language rule, then sends as context. */
export const OUTPUT_LANGUAGE_NAME = 'output-language.md';

export const QWEN_SETTINGS: readonly SettingSpec[] = Object.freeze([
  {
    name: 'context.fileName',
    kind: 'string-or-list',
    default: null,
    fileNames: true,
    description: 'context file names probed in ~/.qwen and every directory of the walk, replacing QWEN.md and AGENTS.md',
  },
  {
    name: 'skills.disabled',
    kind: 'string-list',
    default: Object.freeze([]),
    description: 'skill names not listed to the model (any case; the settings files add up)',
  },
  {
    name: 'security.folderTrust.enabled',
    kind: 'boolean',
    default: false,
    description: 'folder trust: when on, project files and rules load only in a trusted folder (off by default)',
  },
] satisfies SettingSpec[]);

/** Where a setting lives in settings.json: its dotted name as nested keys. */
export function settingKeys(spec: SettingSpec): readonly string[] {
  return spec.name.split('.');
}

/**
 * The candidate names, as Qwen's `setMemoryFilename` keeps them: a string trimmed (an empty one
 * keeps the defaults); a non-empty list with each entry trimmed, kept in order, repeats and empty
 * entries included (an empty name probes the directory itself, which reads as nothing).
 */
export function qwenNames(configured: string | readonly string[] | null): string[] {
  if (configured === null) return [...DEFAULT_NAMES];
  if (typeof configured === 'string') return configured.trim() === '' ? [...DEFAULT_NAMES] : [configured.trim()];
  return configured.length === 0 ? [...DEFAULT_NAMES] : configured.map((n) => n.trim());
}
