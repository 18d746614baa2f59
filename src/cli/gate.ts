/** `holaryn gate <root>`: one gate session over JSON lines on stdin/stdout (docs/contract.md §10). */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { GateSession, encodeLine, roomIn, runGate } from '../gate';
import { ResolveError } from '../resolver';
import { RESOLVE_OPTIONS, UsageError, profileFlagOptions, profileOptionsHelp, resolveOptionsFrom, usageMessage } from './args';
import { CliIo, EXIT } from './io';

export const GATE_HELP = `Usage: holaryn gate <root> [options]

Runs one agent session's gate over JSON lines: before each tool call, says whether it may
proceed and which repository guidance the model has not seen yet.

  out (first line)  {"type":"preamble","snapshot":…,"sources":[…],"guidance":"…"}
  in  (per call)    {"id":…,"kind":"read|list|search|write|edit|shell","targets":["src/a.ts"]}
  out (per call)    {"id":…,"decision":"proceed|hold|reject","guidance":"…","sources":[…],
                     "snapshot":…}   ("error":{"code","message"} on reject)

A write, edit or shell call whose targets bring guidance the model has not seen is held:
show the model the guidance and retry the same call. When the budget splits the guidance over
several answers the retry is held again, each time with more of it; the call proceeds once the
model has seen everything that applies. Reads, listings and searches always proceed, carrying
guidance not yet shown. Blank lines are ignored; a bad line is rejected with code "usage" and
the session goes on; end of input ends the session.

Arguments:
  <root>            the workspace root (a directory)

Options:
  --budget N        guidance budget in characters per answer (default 24000; 0 disables)
  --global FILE     use FILE as the operator-global instruction file
  --no-global       do not read an operator-global instruction file
${profileOptionsHelp(18)}  -h, --help        show this help

Exit codes: 0 at end of input, 2 usage error or missing root (one {"type":"error",…} line),
1 internal failure.
`;

/** The process streams by default; tests may pass their own input. */
export interface GateIo extends CliIo {
  stdin?: AsyncIterable<Uint8Array | string>;
}

export async function gateCommand(args: string[], io: GateIo): Promise<number> {
  let session: GateSession;
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { ...RESOLVE_OPTIONS, ...profileFlagOptions() },
    });
    if (values.help) {
      io.stdout(GATE_HELP);
      return EXIT.ok;
    }
    if (positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? 'missing <root>' : 'gate takes one <root> and no targets');
    session = new GateSession(path.resolve(io.cwd, positionals[0]), resolveOptionsFrom(values, io));
  } catch (err) {
    // The client reads JSON from stdout: anything that stops the gate before its preamble is one
    // error line there (the shape of every Holaryn JSON error, plus "type").
    const usage = usageMessage(err, 'gate');
    if (usage === undefined && !(err instanceof ResolveError)) throw err;
    const error =
      err instanceof ResolveError ? { code: err.code, message: err.message, ...err.details } : { code: 'usage', message: usage! };
    io.stdout(encodeLine({ type: 'error', error }));
    return error.code === 'internal' ? EXIT.internal : EXIT.usage;
  }
  // On the process's own streams, a client that does not read its answers holds its input back.
  const room = io.stdin === undefined ? () => roomIn(process.stdout) : () => undefined;
  await runGate(session, io.stdin ?? process.stdin, (line) => {
    io.stdout(line);
    return room();
  });
  return EXIT.ok;
}
