/**
 * Where Gemini CLI and Qwen Code take environment variables from the repository (`.env` files
 * found from the working directory up, settings `env`), read the way they read them (dotenv's
 * `parse`, JSONC), for their drivers to exclude what the agent lets them exclude and refuse the rest.
 */
import { parse as parseDotenv } from 'dotenv';
import * as jsonc from 'jsonc-parser';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hazardousVariable } from './hazards';
import { DriverRefusal } from './types';

/**
 * What the `.env` file `file` sets (dotenv's `parse`, as the agents read it), or null when there
 * is none (`fs.existsSync`, links followed, as the agents look). One that exists but cannot be
 * read is refused: the agent might read it where the driver could not.
 */
export function readEnvFile(file: string): Record<string, string> | null {
  if (!fs.existsSync(file)) return null;
  try {
    return parseDotenv(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new DriverRefusal(`${file} could not be read (${(err as Error).message}), so the environment it sets could not be checked`);
  }
}

/**
 * A settings file's top-level object parsed as JSONC, or null when there is none. One that does
 * not parse is refused: the driver could not see what it sets.
 */
export function readSettingsFile(file: string): Record<string, unknown> | null {
  if (!fs.existsSync(file)) return null;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new DriverRefusal(`${file} could not be read (${(err as Error).message}), so what it sets could not be checked`);
  }
  const errors: jsonc.ParseError[] = [];
  const value = jsonc.parse(text, errors, { allowTrailingComma: true, disallowComments: false }) as unknown;
  if (errors.length > 0) {
    const first = errors[0];
    throw new DriverRefusal(
      `${file} does not parse (${jsonc.printParseErrorCode(first.error)} at offset ${first.offset}), so what it sets could not be checked`,
    );
  }
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The `.env` files among the regular files a driver is shown (LaunchInput.files), by canonical path. */
export function dotenvFilesIn(files: ReadonlyMap<string, Uint8Array>): [string, Record<string, string>][] {
  const out: [string, Record<string, string>][] = [];
  for (const [file, bytes] of files) if (path.basename(file) === '.env') out.push([file, parseDotenv(Buffer.from(bytes))]);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * Why `key`, set by a repository file the agent applies unfiltered, may not reach the agent: a
 * loader, shell, interpreter, git or home variable (hazards.ts), or one of the agent's own
 * variables (`own`) that names a command, a file or a folder it writes. Null when it may.
 * `pinned` are the keys the driver's launch sets itself (the agents never let a file override a
 * variable the process has).
 */
export function refusedVariable(key: string, own: (key: string) => string | null, pinned: ReadonlySet<string>): string | null {
  if (pinned.has(key)) return null;
  return hazardousVariable(key) ?? own(key);
}

/** The refusal for `file` setting `keys` (each with why), as a message. */
export function envRefusal(file: string, what: string, keys: [string, string][]): DriverRefusal {
  const list = keys.map(([k, why]) => `${k} (${why})`).join('; ');
  return new DriverRefusal(`${file} ${what} ${list}: the agent applies it with no exclusion the driver can set, so the run is refused`);
}

/** What a driver checks an agent's environment sources with. */
export interface EnvCheckInput {
  cwd: string;
  top: string;
  home: string;
  files: ReadonlyMap<string, Uint8Array>;
  /** The variables the driver's launch sets (non-empty): no source can change them. */
  pinned: ReadonlySet<string>;
}

/** An agent's `excludedEnvVars` for the driver: its defaults and every key of every `.env` among `files` it filters, sorted. */
export function excludedKeys(
  defaults: Iterable<string>,
  files: ReadonlyMap<string, Uint8Array>,
  filtered: (file: string) => boolean,
): string[] {
  const keys = new Set(defaults);
  for (const [file, env] of dotenvFilesIn(files)) if (filtered(file)) for (const k of Object.keys(env)) keys.add(k);
  return [...keys].sort();
}
