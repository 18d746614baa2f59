/**
 * Gemini cases: a tree written to a temporary directory `T`, files in a temporary home, a working
 * directory, settings, the environment, a trust decision and the paths tools touch; expected the
 * files Gemini loads (path, status, delivery) and the exact text. `{T}` and `{HOME}` stand for
 * the two directories, in file contents and in expectations.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

export type CaseEntry = string | { dir: true } | { symlink: string };

export interface GeminiCase {
  name: string;
  from: string;
  tree: Record<string, CaseEntry>;
  /** Files in the home directory (e.g. `.gemini/GEMINI.md`). */
  home?: Record<string, CaseEntry>;
  cwd: string;
  settings: Record<string, unknown>;
  env: Record<string, string>;
  /** A TRUST_FOLDER (true) or DO_NOT_TRUST (false) rule for the working directory; null: none. */
  trusted: boolean | null;
  targets: string[];
  expect: {
    loaded: { path: string; status: string; delivery: string; reason?: string }[];
    context: string;
  };
  note?: string;
}

export const CASES_FILE = path.join(__dirname, 'cases.json');

export function loadCases(): GeminiCase[] {
  return JSON.parse(fs.readFileSync(CASES_FILE, 'utf8')) as GeminiCase[];
}

export interface Prepared {
  T: string;
  home: string;
  cwd: string;
  /** `{T}` and `{HOME}` replaced. */
  expand(text: string): string;
}

function specs(tree: Record<string, CaseEntry>, expand: (s: string) => string): Record<string, FileSpec> {
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, typeof v === 'string' ? expand(v) : v]));
}

/** Writes the case's tree and home; the trust decision as a rule in `~/.gemini/trustedFolders.json`. */
export function prepare(c: GeminiCase, temp: TempDirs): Prepared {
  const T = temp.make('holaryn-gemini-');
  const home = temp.make('holaryn-gemini-home-');
  const expand = (text: string) => text.split('{T}').join(T).split('{HOME}').join(home);
  writeTree(T, specs(c.tree, expand));
  writeTree(home, specs(c.home ?? {}, expand));
  const cwd = c.cwd === '.' ? T : path.join(T, ...c.cwd.split('/'));
  fs.mkdirSync(cwd, { recursive: true });
  if (c.trusted !== null) {
    const file = path.join(home, '.gemini', 'trustedFolders.json');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ [fs.realpathSync(cwd)]: c.trusted ? 'TRUST_FOLDER' : 'DO_NOT_TRUST' }, null, 2));
  }
  return { T, home, cwd, expand };
}

/** A setting as `--set` takes it: text, a list or a boolean as JSON. */
export function settingText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
