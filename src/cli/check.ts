/** `holaryn check <root>`: lints every instruction file under the root (docs/contract.md §11). */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { ResolveError } from '../resolver';
import { Finding, LintResult, agentNames, lintWorkspace, parseAgentList } from '../lint';
import { UsageError, usageMessage } from './args';
import { CliIo, Colors, EXIT, colors, printable, printableText } from './io';
import { writeJson } from './json';
import { createProgress, describeLintProgress } from './progress';

export const CHECK_SCHEMA = 'holaryn.check/v1';

/** Exit code when there is an error, or more warnings than --max-warnings allows. */
export const EXIT_FINDINGS = 1;

export const CHECK_HELP = `Usage: holaryn check <root> [options]

Lints every instruction file (.holaryn/instructions.md, AGENTS.md, CLAUDE.md) under the root,
skipping .git, node_modules and whatever the repository's .gitignore files and
.git/info/exclude ignore: the resolver's diagnostics (malformed frontmatter, invalid values,
unknown keys, unreadable files, ...) plus warnings for globs that match nothing, globs written
from the workspace root in a nested file, unquoted globs starting with "*", misspelt keys,
near-duplicate files in one directory, and sources the context budget cuts or leaves out
when each file under the root is resolved on its own; other tools' keys (applyTo, globs, paths, ...) are info findings, which never fail a
run.

Arguments:
  <root>                 the workspace root (a directory)

Options:
  --format FORMAT        text (default), json, or github (workflow annotations; info
                         findings are ::notice)
  --json                 same as --format json (schema holaryn.check/v1)
  --max-warnings N       fail when there are more than N warnings (default: no limit)
  --no-ignore            walk everything: do not skip what .gitignore and
                         .git/info/exclude ignore (.git and node_modules are still skipped)
  --agents LIST          also warn where an agent will quietly do something unexpected,
                         as it would with this machine's configuration: a comma-separated
                         list of ${agentNames().join(', ')}, or all (codes agent-…)
  -h, --help             show this help

Environment:
  NO_COLOR               disables colour

Exit codes: 0 no errors and not too many warnings, 1 errors or too many warnings,
2 usage error (bad option, missing or unknown root).
`;

type Format = 'text' | 'json' | 'github';
const FORMATS: readonly Format[] = ['text', 'json', 'github'];

function parseMaxWarnings(text: string): number {
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(`--max-warnings takes a whole number (0 or more), not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/** Whether the command line asks for JSON, read before parsing so usage errors are JSON too. */
function wantsJson(args: string[]): boolean {
  return args.some((a, i) => a === '--json' || a === '--format=json' || (a === '--format' && args[i + 1] === 'json'));
}

/** GitHub workflow command escaping (as @actions/core): data escapes `%`, CR, LF. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Property values additionally escape `:` and `,`. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function githubAnnotation(f: Finding): string {
  const command = f.severity === 'error' ? 'error' : f.severity === 'warning' ? 'warning' : 'notice';
  const props: [string, string | number][] = [
    ['file', f.file],
    ['line', f.line],
    ['col', f.column],
    ['endLine', f.endLine],
  ];
  // GitHub only honours a column range on a single line.
  if (f.endLine === f.line) props.push(['endColumn', f.endColumn]);
  props.push(['title', `holaryn ${f.code}`]);
  const list = props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
  return `::${command} ${list}::${escapeData(printableText(f.message))}`;
}

function renderText(result: LintResult, c: Colors): string {
  const lines = result.findings.map((f) => {
    const sev = f.severity === 'error' ? c.red(f.severity) : f.severity === 'warning' ? c.yellow(f.severity) : c.cyan(f.severity);
    return `${c.bold(`${printable(f.file)}:${f.line}:${f.column}`)}  ${sev}  ${c.dim(f.code)}  ${printable(f.message)}`;
  });
  return lines.length > 0 ? lines.join('\n') + '\n' : '';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Every instruction file checked: Holaryn's own and each agent's, each path once. */
function allFiles(result: LintResult): Set<string> {
  const all = new Set(result.files);
  for (const list of Object.values(result.agents?.files ?? {})) for (const f of list ?? []) all.add(f);
  return all;
}

function summary(result: LintResult, maxWarnings: number | undefined, agents: readonly string[]): string {
  let files = plural(allFiles(result).size, 'instruction file');
  if (agents.length > 0) {
    const own = result.agents?.files ?? {};
    const parts = [`Holaryn's ${result.files.length}`, ...agents.map((a) => `${a}'s ${(own as Record<string, string[]>)[a]?.length ?? 0}`)];
    files += ` (${parts.join(', ')})`;
  }
  let s =
    result.errors + result.warnings === 0
      ? `No problems in ${files}.`
      : `${plural(result.errors, 'error')} and ${plural(result.warnings, 'warning')} in ${files}.`;
  if (result.infos > 0) s += ` ${plural(result.infos, 'info finding')} (never counted as warnings).`;
  if (agents.length > 0) s += ` Agent pitfalls checked for ${agents.join(', ')}.`;
  for (const c of result.agents?.cuts ?? []) s += ` ${c.agent} was asked about the first ${c.checked} of ${c.of} ${c.what} (${c.bound}).`;
  if (maxWarnings !== undefined && result.warnings > maxWarnings) s += ` Too many warnings: at most ${maxWarnings} allowed.`;
  if (!result.listing.complete) s += ' The workspace could not be listed completely, so globs that match nothing were not reported.';
  else if (result.listing.exhausted)
    s += ' The workspace is too large to check every glob; some globs that match nothing may not be reported.';
  return s + '\n';
}

export async function checkCommand(args: string[], io: CliIo): Promise<number> {
  const json = wantsJson(args);
  try {
    return run(args, io);
  } catch (err) {
    // The top level prints errors as JSON only for --json; --format json gets the same here.
    if (!json || args.includes('--json')) throw err;
    if (err instanceof ResolveError) {
      io.stdout(JSON.stringify({ error: { code: err.code, message: err.message, ...err.details } }) + '\n');
      return err.code === 'internal' ? EXIT.internal : EXIT.usage;
    }
    const usage = usageMessage(err, 'check');
    if (usage !== undefined) {
      io.stdout(JSON.stringify({ error: { code: 'usage', message: usage } }) + '\n');
      return EXIT.usage;
    }
    throw err;
  }
}

/** The output format `--format` and `--json` choose (they must agree). */
function formatOf(values: { format?: string; json?: boolean }): Format {
  let format: Format = 'text';
  if (values.format !== undefined) {
    if (!(FORMATS as readonly string[]).includes(values.format)) {
      throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(values.format)}`);
    }
    format = values.format as Format;
  }
  if (values.json) {
    if (values.format !== undefined && format !== 'json') throw new UsageError(`--json and --format ${format} cannot be used together`);
    format = 'json';
  }
  return format;
}

/** `--agents`, parsed; a bad list is a usage error. */
function agentsOf(list: string | undefined): ReturnType<typeof parseAgentList> {
  if (list === undefined) return [];
  try {
    return parseAgentList(list);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The JSON answer of `check --json`. */
function checkJson(result: LintResult, maxWarnings: number | undefined, failed: boolean, agents: ReturnType<typeof parseAgentList>) {
  return {
    schema: CHECK_SCHEMA,
    root: result.root,
    files: result.files.length,
    findings: result.findings,
    errors: result.errors,
    warnings: result.warnings,
    infos: result.infos,
    maxWarnings: maxWarnings ?? null,
    ok: !failed,
    checked: result.files,
    duplicates: result.duplicates,
    globCheckComplete: result.listing.complete && !result.listing.exhausted,
    ...(agents.length > 0 ? { agents, agentFiles: result.agents?.files ?? {}, agentCuts: result.agents?.cuts ?? [] } : {}),
  };
}

function run(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      json: { type: 'boolean' },
      'max-warnings': { type: 'string' },
      'no-ignore': { type: 'boolean' },
      agents: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(CHECK_HELP);
    return EXIT.ok;
  }
  const format = formatOf(values);
  const maxWarnings = values['max-warnings'] === undefined ? undefined : parseMaxWarnings(values['max-warnings']);
  if (positionals.length === 0) throw new UsageError('missing <root>');
  if (positionals.length > 1) throw new UsageError(`check takes one <root>, not ${positionals.length} arguments`);
  const agents = agentsOf(values.agents);
  // Only the text format draws progress: JSON and annotations are read by programs.
  const progress = format === 'text' ? createProgress(io) : undefined;
  let result: LintResult;
  try {
    result = lintWorkspace(path.resolve(io.cwd, positionals[0]), {
      ignore: !values['no-ignore'],
      agents: agents.length > 0 ? { agents, env: io.env } : undefined,
      onProgress: progress && ((p) => progress.update(describeLintProgress(p))),
    });
  } finally {
    progress?.clear();
  }
  const failed = result.errors > 0 || (maxWarnings !== undefined && result.warnings > maxWarnings);
  if (format === 'json') {
    writeJson(checkJson(result, maxWarnings, failed, agents), io);
  } else if (format === 'github') {
    for (const f of result.findings) io.stdout(githubAnnotation(f) + '\n');
    io.stderr(summary(result, maxWarnings, agents));
  } else {
    io.stdout(renderText(result, colors(io)));
    io.stdout(summary(result, maxWarnings, agents));
  }
  return failed ? EXIT_FINDINGS : EXIT.ok;
}
