/**
 * What a call says besides its root, targets and profile (`ResolveOptions` is these plus the
 * profile, in profile.ts). The strategies of a profile see them as `ProfileContext.options`. A
 * leaf module: it imports nothing of the pipeline, so neither the profile types nor a stage has
 * to import resolve.ts for them.
 */
import type { FileCache } from './cache';
import type { ResolverFs } from './fs';
import type { GlobalFile } from './global-file';
import type { TrustLookup } from '../trust/store';

export interface CallOptions {
  /** Model-context budget in the profile's unit; default the profile's (Holaryn: 24,000 code points). */
  budget?: number;
  /** The operator-global file; `null` disables it; undefined means the default from the env. */
  globalFile?: GlobalFile | null;
  /** Candidate names per directory, in order; replaces the names of the profile's first directory rule. */
  candidates?: readonly string[];
  /** Profile settings (`--set NAME=VALUE`), raw. */
  settings?: Readonly<Record<string, string>>;
  fs?: ResolverFs;
  /** Warm-resolution cache shared across calls. */
  cache?: FileCache;
  /** Environment for the default global file (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Home directory for the default global file (default `os.homedir()`). */
  homedir?: string;
  /**
   * Where a profile that asks for trust (narya) finds the answers: the store file, or a lookup
   * of a canonical directory's effective decision (editors, tests). Default `$HOLARYN_HOME/trust.json`.
   */
  trustStore?: string | ((directory: string) => TrustLookup);
}
