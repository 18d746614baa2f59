/**
 * The trust decision as the resolver and the commands read it: the store's answer for one
 * canonical repository, with a store that cannot be read reported as the call's failure (code
 * `trust-store`, naming the file), never taken as `unknown`.
 */
import { ResolveError } from '../../evidence';
import { TrustLookup, TrustStoreError, lookupTrust, readTrustStore } from '../../../trust/store';

/** The call's failure for a store that cannot be read or written. */
export function trustStoreFailure(err: TrustStoreError): ResolveError {
  return new ResolveError('trust-store', err.message, { file: err.file });
}

/** The effective decision for `repository` (canonical, absolute) in the store at `file`. */
export function readTrustDecision(file: string, repository: string): TrustLookup {
  try {
    return lookupTrust(readTrustStore(file), repository);
  } catch (err) {
    throw err instanceof TrustStoreError ? trustStoreFailure(err) : err;
  }
}

/** A path as one POSIX shell word (quoted only when it needs to be). */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The command that records a decision letting the repository's files in. */
export function trustCommandLine(repository: string): string {
  return `holaryn trust ${shellWord(repository)} --set trusted`;
}
