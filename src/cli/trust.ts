/**
 * `holaryn trust <repository> [--set trusted|refused|unknown] [--json]`: reads or records the
 * trust answer for one repository and prints its RepositoryTrust object (docs/profiles.md §5).
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  ResolveError,
  nodeResolverFs,
  printable,
  canonicalRoot,
  RepositoryTrust,
  repositoryLayout,
  repositoryTrust,
  readTrustDecision,
  trustCommandLine,
  trustStoreFailure,
} from '../resolver';
import { EffectiveTrust, TRUST_DECISIONS, TrustStoreError, isFilesystemRoot, setTrustDecision } from '../trust/store';
import { UsageError, trustStoreFile } from './args';
import { CliIo, Colors, EXIT, colors } from './io';
import { writeJson } from './json';

export const TRUST_HELP = `Usage: holaryn trust <repository> [--set trusted|refused|unknown] [options]

Shows whether a repository's own instruction files may reach the model under the narya
profile, and everything that one answer governs: the instruction root, the instruction files,
the repository's command, skill and agent folders and settings, and its .narya/config.toml.

Arguments:
  <repository>           the repository (a directory); its canonical path is the key

Options:
  --set DECISION         record "trusted" or "refused" for this repository, or "unknown" to
                         remove its entry (then the nearest ancestor's answer applies)
  --trust-store FILE     the store to read and write (default $HOLARYN_HOME/trust.json)
  --json                 print the RepositoryTrust object as JSON
  -h, --help             show this help

The filesystem root is never set from here: a person who wants that edits the store by hand.
Keys a person added to the store are kept; a store that is a symbolic link stays one (the file
it names is rewritten). A writer waits for the store's lock at most 15 s while one process
holds it, 60 s in all; a lock that is not a plain file, or cannot be read, is reported with
what to do.

Environment:
  HOLARYN_HOME           folder of the default store (default ~/.holaryn)

Exit codes: 0 done, 2 usage error, missing repository or unreadable store ("trust-store"),
1 internal failure.
`;

function renderTrust(t: RepositoryTrust, store: string, changed: boolean, c: Colors): string {
  const list = (items: string[]) => (items.length === 0 ? c.dim('none') : items.map(printable).join(', '));
  const decision = t.decision === 'trusted' ? c.green(t.decision) : t.decision === 'refused' ? c.red(t.decision) : c.yellow(t.decision);
  const from = t.inheritedFrom === undefined ? '' : c.dim(` (inherited from ${printable(t.inheritedFrom)})`);
  const out = [
    c.bold('Holaryn: repository trust (narya)'),
    `repository         ${printable(t.repository)}`,
    `decision           ${decision}${from}${changed ? c.dim('  (recorded)') : ''}`,
    `instruction root   ${printable(t.instructionRoot)}`,
    `instruction files  ${list(t.instructionFiles)}${c.dim('  (relative to the instruction root)')}`,
    `resource dirs      ${list(t.resourceDirs)}${c.dim('  (relative to the instruction root)')}`,
    `project config     ${t.projectConfig === undefined ? c.dim('none') : printable(t.projectConfig)}${
      t.projectConfig === undefined ? '' : c.dim('  (relative to the repository; may name more instruction files)')
    }`,
    `parent             ${t.parent === undefined ? c.dim('none that may be offered') : printable(t.parent)}`,
    `store              ${printable(store)}`,
  ];
  if (t.decision !== 'trusted') {
    out.push('');
    out.push(
      t.decision === 'unknown'
        ? 'Nobody has answered for this repository: none of these files reach the model.'
        : 'Refused: none of these files reach the model.',
    );
    out.push(`To let them in: ${printable(trustCommandLine(t.repository))}`);
  }
  return out.join('\n') + '\n';
}

/** The canonical repository directory; ResolveError `root-not-found` when there is none. */
function canonicalRepository(given: string): string {
  try {
    return canonicalRoot(nodeResolverFs, given);
  } catch (err) {
    if (!(err instanceof ResolveError)) throw err;
    throw new ResolveError(err.code, err.message.replace(/^workspace root/, 'repository'), err.details);
  }
}

export async function trustCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      set: { type: 'string' },
      'trust-store': { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(TRUST_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'missing <repository>' : 'trust takes one <repository>');
  const set = values.set;
  if (set !== undefined && !(TRUST_DECISIONS as readonly string[]).includes(set)) {
    throw new UsageError(`--set takes ${TRUST_DECISIONS.join(', ')}, not ${JSON.stringify(set)}`);
  }
  const store = trustStoreFile(values['trust-store'], io);
  const repository = canonicalRepository(path.resolve(io.cwd, positionals[0]));
  if (set !== undefined) {
    if (isFilesystemRoot(repository)) {
      throw new UsageError(
        `a decision for the filesystem root ${JSON.stringify(repository)} would cover every directory; write it into ${store} by hand if you mean it`,
      );
    }
    try {
      setTrustDecision(store, repository, set as EffectiveTrust);
    } catch (err) {
      throw err instanceof TrustStoreError ? trustStoreFailure(err) : err;
    }
  }
  const trust = repositoryTrust(repositoryLayout(nodeResolverFs, repository), readTrustDecision(store, repository));
  if (values.json) writeJson(trust, io);
  else io.stdout(renderTrust(trust, store, set !== undefined, colors(io)));
  return EXIT.ok;
}
