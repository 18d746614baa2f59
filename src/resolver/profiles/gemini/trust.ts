/**
 * Gemini CLI's folder trust: its trusted folders file and the decision for the working
 * directory. Gemini decides once, for the working directory: `GEMINI_CLI_TRUST_WORKSPACE` set to
 * exactly `true` trusts it and exactly `false` distrusts it (read first), folder trust switched
 * off trusts it, else the longest matching rule of
 * the trusted folders file decides, and no rule at all means untrusted (Gemini asks, or refuses
 * to start headless).
 */
import type { PathApi, ResolverFs } from '../../fs';
import { canonicalIfExists } from '../../paths';
import { parseJsoncConfig, readConfigText, type ConfigProblem } from '../agent/config';
import { isSubpath } from './imports';

export type TrustLevel = 'TRUST_FOLDER' | 'TRUST_PARENT' | 'DO_NOT_TRUST';
const LEVELS: readonly TrustLevel[] = ['TRUST_FOLDER', 'TRUST_PARENT', 'DO_NOT_TRUST'];

/** One rule of the trusted folders file, its key resolved as Gemini resolves it. */
export interface TrustRule {
  path: string;
  level: TrustLevel;
}

export type TrustedFolders = { status: 'missing' } | { status: 'read'; rules: TrustRule[] } | { status: 'failed'; problem: ConfigProblem };

/**
 * Parses the trusted folders file's text: a flat JSON object (comments allowed) of path → level.
 * Each key is resolved against `cwd` (Gemini resolves against its own working directory). Any
 * bad entry fails the whole file, as it makes Gemini exit.
 */
export function parseTrustedFolders(
  text: string,
  display: string,
  cwd: string,
  P: PathApi,
): { rules: TrustRule[] } | { problem: ConfigProblem } {
  const parsed = parseJsoncConfig(text, display, { allowTrailingComma: false, disallowComments: false });
  if ('problem' in parsed) return parsed;
  const doc = parsed.value;
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return {
      problem: {
        code: 'malformed-config',
        file: display,
        line: null,
        message: `${display}: Trusted folders file is not a valid JSON object.`,
      },
    };
  }
  const rules: TrustRule[] = [];
  for (const [key, value] of Object.entries(doc)) {
    if (typeof value !== 'string' || !LEVELS.includes(value as TrustLevel)) {
      return {
        problem: {
          code: 'invalid-value',
          file: display,
          line: null,
          message: `${display}: Invalid trust level "${String(value)}" for path "${key}". Possible values are: ${LEVELS.join(', ')}.`,
        },
      };
    }
    rules.push({ path: P.resolve(cwd, key), level: value as TrustLevel });
  }
  return { rules };
}

/** Reads and parses the trusted folders file at `abs` (the user's own file: a link is followed). */
export function readTrustedFolders(fs: ResolverFs, abs: string, display: string, cwd: string): TrustedFolders {
  const read = readConfigText(fs, abs, display);
  if (read.status !== 'read') return read;
  const parsed = parseTrustedFolders(read.text, display, cwd, fs.path);
  return 'problem' in parsed ? { status: 'failed', problem: parsed.problem } : { status: 'read', rules: parsed.rules };
}

/**
 * `isPathTrusted`: among the rules covering `location` (a `TRUST_PARENT` rule covers its key's
 * parent and all below), the one with the longest key wins; undefined when none covers it.
 * Both sides are compared by real path.
 */
export function isPathTrusted(
  fs: ResolverFs,
  rules: readonly TrustRule[],
  location: string,
): { trusted: boolean; rule: TrustRule } | undefined {
  const P = fs.path;
  const real = canonicalIfExists(fs, location);
  let best: TrustRule | undefined;
  for (const rule of rules) {
    const effective = rule.level === 'TRUST_PARENT' ? P.dirname(rule.path) : rule.path;
    if (!isSubpath(P, canonicalIfExists(fs, effective), real)) continue;
    if (best === undefined || rule.path.length > best.path.length) best = rule;
  }
  return best === undefined ? undefined : { trusted: best.level !== 'DO_NOT_TRUST', rule: best };
}
