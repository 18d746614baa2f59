/** Argument helpers shared by the commands (parsing itself is node:util's parseArgs). */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
  DIAGNOSTIC_SEVERITY,
  Diagnostic,
  MAX_BUDGET,
  ResolveOptions,
  explicitGlobalFile,
  hasBrand,
  profileFlags,
  parseSetArguments,
} from '../resolver';
import { defaultTrustStorePath } from '../trust/store';
import { UnquotedLine, gitQuotedMessage, unquoteGitLines } from './git-quote';
import type { CliIo } from './io';

const USAGE_ERROR = Symbol.for('holaryn.UsageError');

/** A bad command line: exit 2 with a one-line message (or a JSON `usage` error). */
export class UsageError extends Error {
  /** `instanceof` by brand across the CLI's bundles (see hasBrand). */
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, USAGE_ERROR);
  }

  get [USAGE_ERROR](): true {
    return true;
  }

  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/**
 * The usage message for a bad command line, or undefined when `err` is not one: a UsageError's
 * own, or node:util parseArgs's made plain (its unknown-option text leaves a quote open, and its
 * "ambiguous" one is three lines about a dash).
 */
export function usageMessage(err: unknown, command: string): string | undefined {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (!(err instanceof UsageError) && !(typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS'))) return undefined;
  let message = (err as Error).message;
  const unknown = code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && /^Unknown option '([^']*)'/.exec(message);
  const ambiguous = code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /^Option '([^']*)' argument is ambiguous/.exec(message);
  if (unknown) message = `unknown option ${JSON.stringify(unknown[1])} (an argument starting with "-" goes after "--")`;
  else if (ambiguous) message = `${ambiguous[1]} needs a value; a value starting with "-" is written ${ambiguous[1]}=…`;
  return `${message}; run "holaryn ${command} --help"`;
}

export function parseBudget(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) > MAX_BUDGET) {
    throw new UsageError(`--budget takes a whole number of characters from 0 to ${MAX_BUDGET}, not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/**
 * The paths listed in FILE (`-` for stdin). One a line, blank lines ignored and a trailing `\r`
 * dropped; with `nul`, NUL-separated instead (as `git … -z` prints them), taken exactly, only
 * empty entries ignored.
 */
export async function readLines(file: string, io: CliIo, nul = false): Promise<string[]> {
  let text: string;
  if (file === '-') text = await io.readStdin();
  else {
    try {
      text = readFileSync(path.resolve(io.cwd, file), 'utf8');
    } catch (err) {
      throw new UsageError(`cannot read --targets-from ${JSON.stringify(file)}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  }
  if (nul) return text.split('\0').filter((entry) => entry !== '');
  return text
    .split('\n')
    .map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
    .filter((line) => line.trim() !== '');
}

/** Whether anything (a dangling symbolic link too) is at `target`, relative to `root`. */
function existsBelow(root: string, target: string): boolean {
  try {
    lstatSync(path.resolve(root, target));
    return true;
  } catch {
    return false;
  }
}

/**
 * The targets listed by `--targets-from` (docs/contract.md §9): lines, or NUL-separated entries
 * with `nul`. A line in git's C-quoted form is unquoted when the path as written does not exist
 * under `root` and the unquoted one does; those lines come back in `unquoted`, for the
 * `git-quoted-path` diagnostic. NUL-separated entries are never unquoted (`-z` does not quote).
 */
export async function readTargets(
  file: string,
  io: CliIo,
  root: string,
  nul = false,
): Promise<{ targets: string[]; unquoted: UnquotedLine[] }> {
  const lines = await readLines(file, io, nul);
  if (nul) return { targets: lines, unquoted: [] };
  const { lines: targets, unquoted } = unquoteGitLines(lines, (p) => existsBelow(root, p));
  return { targets, unquoted };
}

/** The `git-quoted-path` diagnostic (info) for lines read unquoted, or none. */
export function gitQuotedDiagnostics(unquoted: readonly UnquotedLine[]): Diagnostic[] {
  if (unquoted.length === 0) return [];
  const code = 'git-quoted-path';
  return [{ severity: DIAGNOSTIC_SEVERITY[code], code, source: null, line: null, message: gitQuotedMessage(unquoted) }];
}

/** The options every resolving command (`instructions`, `gate`, `mcp`) shares. */
export const RESOLVE_OPTIONS = {
  budget: { type: 'string' },
  global: { type: 'string' },
  'no-global': { type: 'boolean' },
  profile: { type: 'string' },
  candidates: { type: 'string' },
  'trust-store': { type: 'string' },
  /** A profile setting under the system's own name, NAME=VALUE (repeatable; a list as JSON or a,b). */
  set: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * The help lines of the profile options every resolving command takes (`instructions`, `gate`,
 * `mcp`), written once; each command's help includes them with its own column width.
 */
export function profileOptionsHelp(width: number): string {
  const rows: [string, string][] = [
    ['--profile NAME', 'answer with another system\'s rules ("holaryn profiles" lists them)'],
    ['--set NAME=VALUE', "a profile setting under the system's own name (repeatable)"],
    ['--candidates A,B', 'candidate file names per directory, in order'],
    ['--agent-home DIR', 'holon: the agent home (its AGENTS.md comes first)'],
    ['--hierarchical', 'holon: load AGENTS.md below the workspace anchor too'],
    ['--trust-store FILE', 'trust answers (narya; default $HOLARYN_HOME/trust.json)'],
  ];
  return rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}\n`).join('');
}

/** Every profile's own flags (`--agent-home DIR`, `--hierarchical`), as parseArgs options. */
export function profileFlagOptions(): Record<string, { type: 'string' | 'boolean' }> {
  return Object.fromEntries(profileFlags().map((f) => [f.flag, { type: f.type }]));
}

/** The trust store a command uses: `--trust-store FILE` (relative to the cwd), else `$HOLARYN_HOME/trust.json`. */
export function trustStoreFile(option: string | undefined, io: Pick<CliIo, 'cwd' | 'env'>): string {
  if (option === '') throw new UsageError('--trust-store needs a file name');
  return option === undefined ? defaultTrustStorePath(io.env) : path.resolve(io.cwd, option);
}

type SharedValues = {
  budget?: string;
  global?: string;
  'no-global'?: boolean;
  profile?: string;
  candidates?: string;
  'trust-store'?: string;
  set?: string[];
};

/**
 * Budget, global file, profile, candidates and profile settings from the parsed shared options.
 * Without `--global`/`--no-global` the profile's own default global file applies.
 */
export function resolveOptionsFrom(values: SharedValues & Record<string, unknown>, io: CliIo): ResolveOptions {
  if (values.global !== undefined && values['no-global']) throw new UsageError('--global and --no-global cannot be used together');
  const named = values.global === undefined ? undefined : path.resolve(io.cwd, values.global);
  // A global file named on the command line must exist (a typo would otherwise pass silently);
  // the default one is optional.
  if (named !== undefined && !existsSync(named)) throw new UsageError(`--global ${JSON.stringify(values.global)}: no such file`);
  const globalFile = values['no-global'] ? null : named !== undefined ? explicitGlobalFile(named) : undefined;
  const settings: Record<string, string> = values.set === undefined ? {} : parseSetArguments(values.set);
  for (const f of profileFlags()) {
    const value = values[f.flag];
    if (value === undefined || value === false) continue;
    settings[f.setting] = f.type === 'boolean' ? 'true' : f.path ? path.resolve(io.cwd, String(value)) : String(value);
  }
  return {
    budget: values.budget === undefined ? undefined : parseBudget(values.budget),
    globalFile,
    env: io.env,
    trustStore: trustStoreFile(values['trust-store'], io),
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(values.candidates === undefined ? {} : { candidates: values.candidates.split(',') }),
    ...(Object.keys(settings).length === 0 ? {} : { settings }),
  };
}
