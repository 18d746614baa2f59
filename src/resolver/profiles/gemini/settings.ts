/**
 * Gemini CLI's settings that decide which context files load (README.md in this folder), under
 * Gemini's own dotted names, and the candidate names they give.
 */
import type { PathApi } from '../../fs';
import type { SettingSpec } from '../agent/settings';

/** Gemini's built-in context file name; always probed, after the configured names. */
export const DEFAULT_CONTEXT_FILENAME = 'GEMINI.md';

export const DEFAULT_BOUNDARY_MARKERS: readonly string[] = Object.freeze(['.git']);

export const GEMINI_SETTINGS: readonly SettingSpec[] = Object.freeze([
  {
    name: 'context.fileName',
    kind: 'string-or-list',
    default: null,
    fileNames: true,
    description: 'context file names probed in every directory, in front of GEMINI.md',
  },
  {
    name: 'context.memoryBoundaryMarkers',
    kind: 'string-list',
    default: DEFAULT_BOUNDARY_MARKERS,
    description: 'entries whose directory is the ceiling of the upward walk ([] : the working directory alone)',
  },
  {
    name: 'context.includeDirectories',
    kind: 'string-list',
    default: Object.freeze([]),
    description:
      'more workspace directories, each walked up to its own ceiling like the working directory (the settings files add up; a missing one stops Gemini)',
  },
  {
    name: 'skills.enabled',
    kind: 'boolean',
    default: true,
    description: 'Agent Skills: when off, no skill is listed to the model',
  },
  {
    name: 'skills.disabled',
    kind: 'string-list',
    default: Object.freeze([]),
    description: 'skill names not listed (any case; the settings files add up)',
  },
  {
    name: 'experimental.enableAgents',
    kind: 'boolean',
    default: true,
    description: 'subagents: when off, no subagent is listed to the model',
  },
  {
    name: 'security.folderTrust.enabled',
    kind: 'boolean',
    default: true,
    description: 'folder trust: when on, project files load only in a trusted folder',
  },
] satisfies SettingSpec[]);

/** Where a setting lives in settings.json: its dotted name as nested keys. */
export function settingKeys(spec: SettingSpec): readonly string[] {
  return spec.name.split('.');
}

/**
 * The effective candidate names, as Gemini's `setGeminiMdFilename` builds them: each configured
 * name trimmed and `path.normalize`d (subdirectories and `..` are kept), empty ones and repeats
 * dropped, then `GEMINI.md` unless already there. A name with a NUL byte makes Gemini fail at
 * start; here it is dropped and returned in `rejected`.
 */
export function geminiNames(
  configured: string | readonly string[] | null,
  P: Pick<PathApi, 'join'>,
): { names: string[]; rejected: string[] } {
  const list = configured === null ? [] : typeof configured === 'string' ? [configured] : configured;
  const names: string[] = [];
  const rejected: string[] = [];
  for (const raw of list) {
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    if (trimmed.includes('\u0000')) {
      rejected.push(raw);
      continue;
    }
    // `join` of one non-empty part is `path.normalize`.
    const normalized = P.join(trimmed);
    if (!names.includes(normalized)) names.push(normalized);
  }
  if (!names.includes(DEFAULT_CONTEXT_FILENAME)) names.push(DEFAULT_CONTEXT_FILENAME);
  return { names, rejected };
}

/** Markers Gemini skips: absolute ones and any containing `..`. */
export function usableMarkers(markers: readonly string[], P: Pick<PathApi, 'isAbsolute'>): string[] {
  return markers.filter((m) => !P.isAbsolute(m) && !m.includes('..'));
}
