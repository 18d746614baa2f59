/** `holaryn instructions <root> <target>... [options]`: prints the evidence (spec section 9). */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { profileOf, resolveInstructions } from '../resolver';
import { CliIo, EXIT, colors } from './io';
import { renderReport } from './report';
import { RESOLVE_OPTIONS, UsageError, readLines, resolveOptionsFrom } from './args';
import { writeJson } from './json';

export const INSTRUCTIONS_HELP = `Usage: holaryn instructions <root> [<target>...] [options]

Shows which repository instruction files apply to each target, in what order, and why.

Arguments:
  <root>                 the workspace root (a directory)
  <target>...            files or directories, absolute or relative to the root;
                         they need not exist yet. Required under the holaryn profile;
                         under any other profile none means the root itself

Options:
  --targets-from FILE    read more targets from FILE, one per line ("-" for stdin):
                           git diff --name-only | holaryn instructions . --targets-from -
  --json                 print the evidence as one JSON object (schema holaryn.instructions/v1)
  --profile NAME         whose rules to apply (default holaryn; "holaryn profiles" lists them)
  --budget N             model-context budget in the profile's unit (holaryn: characters,
                         default 24000; 0 disables)
  --global FILE          use FILE as the operator-global instruction file
  --no-global            do not read an operator-global instruction file
  --context              also print the exact model context (text report only)
  -h, --help             show this help

Environment:
  HOLARYN_HOME           folder of the default global file (default ~/.holaryn)
  NO_COLOR               disables colour

Exit codes: 0 resolved (diagnostics do not change it), 2 usage error or rejected target,
1 internal failure.
`;

export async function instructionsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      ...RESOLVE_OPTIONS,
      'targets-from': { type: 'string' },
      json: { type: 'boolean' },
      context: { type: 'boolean' },
    },
  });
  if (values.help) {
    io.stdout(INSTRUCTIONS_HELP);
    return EXIT.ok;
  }
  const [root, ...targets] = positionals;
  if (root === undefined) throw new UsageError('missing <root>');
  const fromFile = values['targets-from'];
  const options = resolveOptionsFrom(values, io);
  if (targets.length === 0 && fromFile === undefined) {
    // Every profile but holaryn answers for the root itself: what the agent loads before any
    // tool touches a file.
    if (profileOf(options).noTargets === 'root') targets.push('');
    else throw new UsageError('missing <target>: name at least one file or directory, or use --targets-from');
  }
  // One by one: spreading a list into push's arguments overflows the stack near 125,000 lines.
  if (fromFile !== undefined) for (const line of await readLines(fromFile, io)) targets.push(line);
  const evidence = resolveInstructions(path.resolve(io.cwd, root), targets, options);
  if (values.json) writeJson(evidence, io);
  else io.stdout(renderReport(evidence, colors(io), values.context ?? false));
  return EXIT.ok;
}
