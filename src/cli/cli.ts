/**
 * `cli(argv, io)`: the whole command line as a function that returns an exit code and writes only
 * through `io`. `main.ts` wraps it for the real process; tests call it in-process.
 */
import { ResolveError } from '../resolver';
import { usageMessage } from './args';
import { CliIo, EXIT } from './io';
import { instructionsCommand } from './instructions';
import { profilesCommand } from './profiles';

import { VERSION } from './version';

export const HELP = `Usage: holaryn <command> [options]

Commands:
  instructions <root> <target>...   which instruction files apply to the targets, and why
  check <root>                      lint every instruction file under the root (CI: --format github)
  gate <root>                       an agent session's gate: JSON lines on stdin/stdout
  mcp <root>                        a Model Context Protocol server (tool repository_instructions)
  compare <root> <target>...        the same targets under every profile, side by side
  trust <repository>                whether a repository's own files may reach the model (narya)
  profiles                          the profiles --profile accepts: whose rules each applies
  capture <agent> <root> [<file>]   run your installed agent in a sandbox: what it really sends

Options:
  -h, --help       show help (also: holaryn <command> --help)
  -v, --version    show the version

Run "holaryn instructions --help" for the options of a command.
`;

type Command = (args: string[], io: CliIo) => Promise<number>;

// Only the command that runs is loaded: `instructions` starts without evaluating the MCP SDK,
// zod, ajv or the lint engine.
/* eslint-disable @typescript-eslint/no-require-imports */
const COMMANDS: Record<string, { run: Command }> = {
  instructions: { run: instructionsCommand },
  check: { run: (args, io) => (require('./check') as typeof import('./check')).checkCommand(args, io) },
  gate: { run: (args, io) => (require('./gate') as typeof import('./gate')).gateCommand(args, io) },
  mcp: { run: (args, io) => (require('./mcp') as typeof import('./mcp')).mcpCommand(args, io) },
  compare: { run: (args, io) => (require('./compare') as typeof import('./compare')).compareCommand(args, io) },
  trust: { run: (args, io) => (require('./trust') as typeof import('./trust')).trustCommand(args, io) },
  capture: { run: (args, io) => (require('./capture') as typeof import('./capture')).captureCommand(args, io) },
  profiles: { run: profilesCommand },
};
/* eslint-enable @typescript-eslint/no-require-imports */

function fail(io: CliIo, json: boolean, code: string, message: string, details: Record<string, unknown> = {}): void {
  if (json) io.stdout(JSON.stringify({ error: { code, message, ...details } }) + '\n');
  else io.stderr(`holaryn: ${message}\n`);
}

/** Whether the command line asks for JSON (`--json` or `--format json`): then errors are JSON too. */
export function wantsJson(argv: readonly string[]): boolean {
  return argv.some((a, i) => a === '--json' || a === '--format=json' || (a === '--format' && argv[i + 1] === 'json'));
}

export async function cli(argv: string[], io: CliIo): Promise<number> {
  const json = wantsJson(argv);
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    io.stdout(HELP);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '-v' || name === '--version') {
    io.stdout(`holaryn ${VERSION}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    fail(io, json, 'usage', `unknown command ${JSON.stringify(name)}; run "holaryn --help"`);
    return EXIT.usage;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    if (err instanceof ResolveError) {
      fail(io, json, err.code, err.message, err.details);
      return err.code === 'internal' ? EXIT.internal : EXIT.usage;
    }
    const usage = usageMessage(err, name);
    if (usage !== undefined) {
      fail(io, json, 'usage', usage);
      return EXIT.usage;
    }
    const message = err instanceof Error ? err.message : String(err);
    fail(io, json, 'internal', `internal error: ${message}`);
    if (!json && io.env.HOLARYN_DEBUG) io.stderr(`${(err as Error)?.stack ?? ''}\n`);
    return EXIT.internal;
  }
}
