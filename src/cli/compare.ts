/**
 * `holaryn compare <root> <target>... [--profiles a,b] [--json]`: the same targets under several
 * profiles, side by side (docs/profiles.md §6). Each profile keeps its own budget and unit;
 * every other option passes through to all of them.
 */
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  clipped,
  unitByName,
  COMPARE_SCHEMA,
  Comparison,
  compareCell,
  compareProfiles,
  compareRows,
  listingCell,
  listingRows,
  eachProfile,
  type Evidence,
  profileByName,
  profileNames,
} from '../resolver';
import { RESOLVE_OPTIONS, UsageError, gitQuotedDiagnostics, readTargets, resolveOptionsFrom } from './args';
import { CliIo, Colors, EXIT, colors, printable } from './io';
import { LazyMembers, writeJson } from './json';

export const COMPARE_HELP = `Usage: holaryn compare <root> <target>... [options]

Resolves the same targets under several profiles and prints one table: a row per instruction
file any profile considered, a column per profile, and in each cell what that profile does with
the file. Then each profile's model-context size in its own unit, and its snapshot.

Cells: included, cut KEPT/TOTAL B (or chars), omitted, shadowed, not loaded, untrusted,
superseded, not applicable, duplicate, or — when the profile does not consider the file.

Arguments:
  <root>                 the workspace root (a directory)
  <target>...            files or directories, absolute or relative to the root

Options:
  --profiles A,B,...     the profiles to compare, in column order (default: every profile)
  --targets-from FILE    read more targets from FILE, one per line ("-" for stdin); a line in
                         git's quoted form ("docs/caf\\303\\251.md") is unquoted when only the
                         unquoted path exists
  -0, --null             --targets-from lists paths NUL-separated, exactly (git's -z)
  --json                 print {"schema":"${COMPARE_SCHEMA}","targets":…,"profiles":{NAME: evidence}}
  --global FILE          use FILE as the operator-global instruction file (profiles that have one)
  --no-global            do not read an operator-global instruction file
  --trust-store FILE     trust answers for profiles that ask (default $HOLARYN_HOME/trust.json)
  -h, --help             show this help

Each profile uses its own budget and unit: --budget is not accepted here.

Exit codes: 0 compared, 2 usage error or rejected target, 1 internal failure.
`;

/** The profiles named by `--profiles` (trimmed, repeats dropped), or every registered one. */
export function comparedProfiles(option: string | undefined): string[] {
  if (option === undefined) return profileNames();
  const names = [...new Set(option.split(',').map((n) => n.trim()))];
  if (names.some((n) => n === '')) throw new UsageError('--profiles takes a comma-separated list of profile names');
  for (const name of names) profileByName(name); // a usage error listing the known names
  return names;
}

/** Longest path shown in the table: longer ones keep their head and tail around an ellipsis. */
export const MAX_PATH_COLUMN = 60;

/** A display path at most MAX_PATH_COLUMN code points wide: head and tail kept, middle elided. */
function fitPath(p: string): string {
  const cps = [...p];
  if (cps.length <= MAX_PATH_COLUMN) return p;
  const keep = MAX_PATH_COLUMN - 1;
  const head = Math.ceil(keep / 3);
  return cps.slice(0, head).join('') + '…' + cps.slice(cps.length - (keep - head)).join('');
}

function width(s: string): number {
  return [...s].length;
}

function pad(s: string, w: number): string {
  return s + ' '.repeat(Math.max(0, w - width(s)));
}

function colorCell(cell: string, c: Colors): string {
  if (cell === 'included') return c.green(cell);
  if (cell.startsWith('cut') || cell === 'omitted' || cell === 'untrusted') return c.yellow(cell);
  return c.dim(cell); // not loaded, shadowed, —, …
}

/** Rows of cells as aligned lines: a dim header, then the rows with their cells coloured (the first left as it is). */
function tableLines(header: readonly string[], body: readonly string[][], c: Colors): string[] {
  const widths = header.map((h, i) => body.reduce((m, r) => Math.max(m, width(r[i])), width(h)));
  const out = [c.dim(header.map((h, i) => (i === header.length - 1 ? h : pad(h, widths[i]))).join('  '))];
  for (const r of body) {
    out.push(
      r
        .map((cell, i) => {
          const shown = i === 0 ? cell : colorCell(cell, c);
          return i === r.length - 1 ? shown : shown + ' '.repeat(Math.max(0, widths[i] - width(cell)));
        })
        .join('  '),
    );
  }
  return out;
}

/** The skills, subagents and commands any profile lists: a row per file, a cell per profile (none: no lines). */
function listingTable(cmp: Comparison, names: readonly string[], c: Colors): string[] {
  const rows = listingRows(names.map((name) => cmp.profiles[name]));
  if (rows.length === 0) return [];
  const body = rows.map((r) => [
    fitPath(`${r.kind} ${printable(r.name)}  ${printable(r.source)}`),
    ...names.map((name) => listingCell(cmp.profiles[name], r)),
  ]);
  return [
    '',
    c.bold('Listings') + c.dim('  (skills, subagents and commands each agent lists to its model)'),
    ...tableLines(['entry', ...names.map(printable)], body, c),
  ];
}

/** The text table, then each profile's context size and snapshot. */
export function renderComparison(cmp: Comparison, c: Colors): string {
  const names = Object.keys(cmp.profiles);
  const out: string[] = [];
  const targetName = (p: string) => (p === '' ? '. (root)' : printable(p));
  const first = cmp.profiles[names[0]];
  out.push(c.bold('Holaryn: compare profiles'));
  out.push(`root      ${printable(first.root)}`);
  out.push(`targets   ${cmp.targets.length === 0 ? '(none)' : cmp.targets.map((t) => `${targetName(t.path)} (${t.kind})`).join(', ')}`);
  out.push('');
  const rows = compareRows(names.map((name) => cmp.profiles[name]));
  const header = ['file', ...names.map(printable)];
  const body = rows.map((p) => [
    fitPath(printable(p)),
    ...names.map((name) =>
      compareCell(
        cmp.profiles[name],
        cmp.profiles[name].sources.find((s) => s.path === p),
      ),
    ),
  ]);
  if (rows.length === 0) out.push('No profile considered any instruction file.');
  else out.push(...tableLines(header, body, c));
  out.push(...listingTable(cmp, names, c));
  out.push('');
  out.push(c.bold('Model context') + c.dim('  (each profile in its own unit)'));
  const nameWidth = names.reduce((m, n) => Math.max(m, width(printable(n))), 0);
  for (const name of names) {
    const ev = cmp.profiles[name];
    const t = ev.truncation;
    const unit = unitByName(t.unit).words;
    const size = t.size ?? t.chars;
    const budget = t.budget === null ? 'no budget' : `budget ${t.budget}`;
    out.push(`  ${pad(printable(name), nameWidth)}  ${size} ${unit} (${budget})  ${c.dim(ev.snapshot)}`);
    if (ev.notice) out.push(`  ${' '.repeat(nameWidth)}  ${c.yellow(clipped(printable(ev.notice), 400))}`);
  }
  return out.join('\n') + '\n';
}

export async function compareCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      ...RESOLVE_OPTIONS,
      profiles: { type: 'string' },
      'targets-from': { type: 'string' },
      null: { type: 'boolean', short: '0' },
      json: { type: 'boolean' },
    },
  });
  if (values.help) {
    io.stdout(COMPARE_HELP);
    return EXIT.ok;
  }
  if (values.budget !== undefined) {
    throw new UsageError('compare runs each profile with its own budget and unit; --budget is not accepted');
  }
  const [root, ...targets] = positionals;
  if (root === undefined) throw new UsageError('missing <root>');
  const fromFile = values['targets-from'];
  if (targets.length === 0 && fromFile === undefined) throw new UsageError('missing <target>: name at least one file or directory');
  if (values.null && fromFile === undefined) throw new UsageError('--null says how --targets-from lists paths; use it with --targets-from');
  const rootPath = path.resolve(io.cwd, root);
  const listed = fromFile === undefined ? undefined : await readTargets(fromFile, io, rootPath, values.null);
  // One by one: spreading a long list into push's arguments overflows the stack.
  if (listed) for (const line of listed.targets) targets.push(line);
  const names = comparedProfiles(values.profiles);
  const options = resolveOptionsFrom(values, io);
  // Lines read unquoted are the same for every profile: each evidence says so, as `instructions` does.
  const unquoted = gitQuotedDiagnostics(listed?.unquoted ?? []);
  if (values.json) {
    // Each profile's evidence is resolved, written and let go in turn: memory holds one of them,
    // however many profiles there are and however large their files (the same bytes as writing the
    // whole comparison at once).
    const each = eachProfile(rootPath, targets, names, options);
    const first = each.next();
    if (first.done) throw new UsageError('--profiles names no profile');
    const [firstName, firstEv] = first.value;
    firstEv.diagnostics.push(...unquoted);
    function* members(): Generator<readonly [string, Evidence]> {
      yield [firstName, firstEv];
      for (const [name, ev] of each) {
        ev.diagnostics.push(...unquoted);
        yield [name, ev];
      }
    }
    writeJson({ schema: COMPARE_SCHEMA, targets: firstEv.targets, profiles: new LazyMembers(members) }, io);
    return EXIT.ok;
  }
  const cmp = compareProfiles(rootPath, targets, names, options);
  for (const ev of Object.values(cmp.profiles)) ev.diagnostics.push(...unquoted);
  io.stdout(renderComparison(cmp, colors(io)) + unquoted.map((d) => `\n${printable(d.message)}\n`).join(''));
  return EXIT.ok;
}
