/**
 * Narya's project config, `.narya/config.toml` relative to the repository (docs/profiles.md §4).
 * Its own text never reaches the model; its top-level `instruction_files` NAMES repository files
 * that do, after the discovered ones. Parsed with a real TOML library, every named path checked
 * to stay inside the repository and to be a regular file.
 */
import type * as SmolToml from 'smol-toml' with { 'resolution-mode': 'import' };
import type { FsStat, ResolverFs } from '../../fs';
import { canonicalize, isInside, toRelative } from '../../paths';
import { MAX_CONFIG_DEPTH } from '../../limits';

// smol-toml ships its types as an ES module only, but also a CommonJS build that the bundle and
// the test runner load: the types come from the former, the code from the latter.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TomlError, parse } = require('smol-toml') as typeof SmolToml;

/** The config's path, relative to the repository (not to the instruction root). */
export const NARYA_CONFIG = '.narya/config.toml';

/** The key naming more instruction files. */
export const INSTRUCTION_FILES_KEY = 'instruction_files';

/** Entries of `instruction_files` looked at; more is an invalid value (a real config names a few). */
export const MAX_CONFIG_INSTRUCTION_FILES = 1000;

export interface ConfigProblem {
  code: 'malformed-config' | 'invalid-value';
  /** 1-based line in the config, or null. */
  line: number | null;
  message: string;
}

export interface ParsedNaryaConfig {
  /** The entries of `instruction_files` as written (empty when absent or invalid). */
  entries: string[];
  problems: ConfigProblem[];
}

/** Parses the config's text: the named entries, or why there are none. */
export function parseNaryaConfig(text: string): ParsedNaryaConfig {
  let table: Record<string, unknown>;
  try {
    table = parse(text, { maxDepth: MAX_CONFIG_DEPTH });
  } catch (err) {
    const line = err instanceof TomlError && Number.isSafeInteger(err.line) ? err.line : null;
    // The library's message repeats the offending line as a code block: the first line says it.
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return {
      entries: [],
      problems: [{ code: 'malformed-config', line, message: `${NARYA_CONFIG} is not valid TOML (${why}); it names no files` }],
    };
  }
  if (!Object.hasOwn(table, INSTRUCTION_FILES_KEY)) return { entries: [], problems: [] };
  const value = table[INSTRUCTION_FILES_KEY];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    const what = Array.isArray(value) ? 'a list with an entry that is not a string' : `a ${tomlType(value)}`;
    return {
      entries: [],
      problems: [
        { code: 'invalid-value', line: null, message: `${INSTRUCTION_FILES_KEY} must be a list of strings, not ${what}; ignored` },
      ],
    };
  }
  if (value.length > MAX_CONFIG_INSTRUCTION_FILES) {
    return {
      entries: [],
      problems: [
        {
          code: 'invalid-value',
          line: null,
          message: `${INSTRUCTION_FILES_KEY} names ${value.length} files, more than ${MAX_CONFIG_INSTRUCTION_FILES}; ignored`,
        },
      ],
    };
  }
  return { entries: value as string[], problems: [] };
}

function tomlType(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (value instanceof Date || (typeof value === 'object' && value !== null && 'toISOString' in value)) return 'date';
  return 'table';
}

/** A file the config names that may enter the prompt. */
export interface ConfigFile {
  /** Repository-relative, `/`-separated, canonical (symlinks resolved). */
  rel: string;
  /** Absolute canonical path. */
  path: string;
  stat: FsStat;
  /** The entry as written in the config. */
  entry: string;
}

/**
 * Checks each entry against the disk: relative, inside the repository once symlinks are
 * resolved, present, a regular file. Repeats (after canonicalisation) are listed once.
 */
export function locateConfigFiles(
  fs: ResolverFs,
  repository: string,
  entries: readonly string[],
): { files: ConfigFile[]; problems: ConfigProblem[] } {
  const P = fs.path;
  const files: ConfigFile[] = [];
  const problems: ConfigProblem[] = [];
  const seen = new Set<string>();
  const bad = (entry: string, why: string) =>
    problems.push({
      code: 'invalid-value',
      line: null,
      message: `${INSTRUCTION_FILES_KEY} entry ${JSON.stringify(entry)} ${why}; ignored`,
    });
  for (const entry of entries) {
    if (entry === '' || entry.includes('\0')) {
      bad(entry, 'is not a path');
      continue;
    }
    if (P.isAbsolute(entry) || /^[A-Za-z]:/.test(entry) || entry.startsWith('\\')) {
      bad(entry, 'is not relative to the repository');
      continue;
    }
    let c;
    try {
      c = canonicalize(fs, entry, repository);
    } catch {
      bad(entry, 'cannot be resolved (a symbolic link loop)');
      continue;
    }
    if (!isInside(P, repository, c.path)) {
      bad(entry, 'leaves the repository');
      continue;
    }
    const st = c.exists ? fs.stat(c.path) : undefined;
    if (!st) {
      bad(entry, 'does not exist');
      continue;
    }
    if (st.kind !== 'file') {
      bad(entry, st.kind === 'directory' ? 'is a directory, not a regular file' : 'is not a regular file');
      continue;
    }
    if (seen.has(c.path)) continue;
    seen.add(c.path);
    files.push({ rel: toRelative(P, repository, c.path), path: c.path, stat: st, entry });
  }
  return { files, problems };
}
