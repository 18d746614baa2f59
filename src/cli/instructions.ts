/** `holaryn instructions <root> <target>... [options]`: prints the evidence (docs/contract.md §9). */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { decorateInstalledAgent } from '../installed/version';
import { profileOf, resolveInstructions } from '../resolver';
import { CliIo, EXIT, colors } from './io';
import { renderMarkdown } from './markdown';
import { renderReport } from './report';
import {
  RESOLVE_OPTIONS,
  UsageError,
  gitQuotedDiagnostics,
  profileFlagOptions,
  profileOptionsHelp,
  readTargets,
  resolveOptionsFrom,
} from './args';
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
                         a line in git's quoted form ("docs/caf\\303\\251.md") is unquoted
                         when only the unquoted path exists
  -0, --null             --targets-from lists paths NUL-separated, exactly (git's -z):
                           git diff -z --name-only | holaryn instructions . --targets-from - -0
  --format FORMAT        text (default), json, or markdown (a review summary of a change
                         set, for a GitHub job summary or a pull-request comment)
  --json                 same as --format json: the evidence as one JSON object
                         (schema holaryn.instructions/v1)
  --budget N             model-context budget in the profile's unit (holaryn: characters,
                         default 24000; 0 disables)
  --global FILE          use FILE as the operator-global instruction file
  --no-global            do not read an operator-global instruction file
${profileOptionsHelp(23)}  --context              also print the exact model context (text report only)
  -h, --help             show this help

Environment:
  HOLARYN_HOME           folder of the default global file (default ~/.holaryn)
  NO_COLOR               disables colour

Exit codes: 0 resolved (diagnostics do not change it), 2 usage error or rejected target,
1 internal failure.
`;

export const FORMATS = ['text', 'json', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];

/** The output format from `--format` and `--json` (which is `--format json`). */
function formatFrom(values: { format?: string; json?: boolean }): Format {
  const format = values.format ?? (values.json ? 'json' : 'text');
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(format)}`);
  }
  if (values.json && format !== 'json') throw new UsageError(`--json and --format ${format} cannot be used together`);
  return format as Format;
}

export async function instructionsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      ...RESOLVE_OPTIONS,
      ...profileFlagOptions(),
      'targets-from': { type: 'string' },
      null: { type: 'boolean', short: '0' },
      format: { type: 'string' },
      json: { type: 'boolean' },
      context: { type: 'boolean' },
    },
  });
  if (values.help) {
    io.stdout(INSTRUCTIONS_HELP);
    return EXIT.ok;
  }
  const format = formatFrom(values);
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
  if (values.null && fromFile === undefined) throw new UsageError('--null says how --targets-from lists paths; use it with --targets-from');
  const rootPath = path.resolve(io.cwd, root);
  const listed = fromFile === undefined ? undefined : await readTargets(fromFile, io, rootPath, values.null);
  // One by one: spreading a list into push's arguments overflows the stack near 125,000 lines.
  if (listed) for (const line of listed.targets) targets.push(line);
  const evidence = resolveInstructions(rootPath, targets, options);
  if (listed) for (const d of gitQuotedDiagnostics(listed.unquoted)) evidence.diagnostics.push(d);
  decorateInstalledAgent(evidence, io.env.PATH);
  if (format === 'json') writeJson(evidence, io);
  else if (format === 'markdown') io.stdout(renderMarkdown(evidence));
  else io.stdout(renderReport(evidence, colors(io), values.context ?? false));
  return EXIT.ok;
}
