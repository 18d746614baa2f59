/** The human-readable report of the evidence: the same facts as `--json`, for a terminal. */
import type { Evidence, SourceEvidence } from '../resolver';
import { Colors, printable, printableText } from './io';

/** Pads every cell but the last of each row to its column's width. */
function padCells(rows: string[][]): string[][] {
  // A loop, not Math.max(...): a row per target can be more arguments than the stack holds.
  const w = rows[0].map((_, i) => rows.reduce((max, r) => Math.max(max, [...r[i]].length), 0));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(w[i] - [...cell].length))));
}

function targetsOf(s: SourceEvidence, all: number): string {
  if (s.status === 'duplicate') return `= ${printable(s.duplicateOf ?? '')}`;
  if (s.appliesTo.length === 0) return '-';
  if (s.appliesTo.length === all) return all === 1 ? 'yes' : 'all';
  return s.appliesTo.map(printable).join(', ');
}

export function renderReport(ev: Evidence, c: Colors, withContext: boolean): string {
  const out: string[] = [];
  const targetName = (p: string) => (p === '' ? '. (root)' : printable(p));
  out.push(c.bold('Holaryn: repository instructions'));
  out.push(`root      ${printable(ev.root)}`);
  out.push(`targets   ${ev.targets.length === 0 ? '(none)' : ev.targets.map((t) => `${targetName(t.path)} (${t.kind})`).join(', ')}`);
  out.push(`snapshot  ${ev.snapshot}`);
  if (ev.notice) out.push(`notice    ${c.yellow(printable(ev.notice))}`);
  out.push('');
  const statusColor = (s: SourceEvidence['status']) =>
    s === 'included' ? c.green(s) : s === 'truncated' || s === 'omitted' ? c.yellow(s) : c.dim(s);
  if (ev.sources.length === 0) {
    out.push(c.bold('Sources') + '  none: no instruction file on the chain');
  } else {
    out.push(c.bold('Sources') + c.dim('  (precedence order: later takes precedence)'));
    const rows = [['#', 'path', 'status', 'scope', 'depth', 'prio', 'mode', 'sha256', 'targets']];
    for (const s of ev.sources) {
      rows.push([
        String(s.order),
        printable(s.path),
        s.status,
        s.scope,
        String(s.depth),
        String(s.metadata?.priority ?? 0),
        s.metadata?.mode ?? 'append',
        s.sha256.slice(0, 8),
        targetsOf(s, ev.targets.length),
      ]);
    }
    const padded = padCells(rows);
    out.push(c.dim(padded[0].join('  ')));
    ev.sources.forEach((s, i) => {
      const cells = padded[i + 1];
      cells[2] = statusColor(s.status) + cells[2].slice(s.status.length);
      out.push(cells.join('  ').trimEnd());
      if (s.reason) out.push(c.dim(`      ${printable(s.reason)}`));
      else if (s.supersededFor.length > 0) {
        out.push(c.dim(`      superseded by ${printable(s.supersededBy ?? '')} for ${s.supersededFor.map(targetName).join(', ')}`));
      }
    });
  }
  out.push('');
  out.push(c.bold('Validation') + c.dim('  (shown to the model; never run by Holaryn)'));
  if (ev.validation.length === 0) out.push('  none');
  for (const v of ev.validation) out.push(`  ${printable(v.command)}  ${c.dim('from ' + printable(v.source))}`);
  out.push('');
  out.push(c.bold('Conflicts'));
  if (ev.conflicts.length === 0) out.push('  none');
  for (const k of ev.conflicts) {
    const dir = k.directory === null ? 'global' : k.directory === '' ? '.' : k.directory;
    out.push(`  replace in ${printable(dir)}: ${k.sources.map(printable).join(', ')} -> ${printable(k.winner)} wins`);
  }
  out.push('');
  out.push(c.bold('Diagnostics'));
  if (ev.diagnostics.length === 0) out.push('  none');
  for (const d of ev.diagnostics) {
    const sev = d.severity === 'error' ? c.red(d.severity) : d.severity === 'warning' ? c.yellow(d.severity) : c.cyan(d.severity);
    const where = d.source === null ? '' : `${printable(d.source)}${d.line === null ? '' : `:${d.line}`}  `;
    out.push(`  ${sev}  ${where}${d.code}: ${printable(d.message)}`);
  }
  out.push('');
  const t = ev.truncation;
  out.push(c.bold('Truncation'));
  out.push(`  model context: ${t.chars} of ${t.budget} characters${t.truncated ? '' : '; nothing omitted or cut'}`);
  for (const o of t.omitted) out.push(`  omitted  ${printable(o.path)} (${o.chars} characters)`);
  for (const k of t.cut) out.push(`  cut      ${printable(k.path)} (${k.included} of ${k.chars} characters kept)`);
  if (withContext) {
    out.push('');
    out.push(c.bold('Model context'));
    out.push(ev.context === '' ? '  (empty)' : printableText(ev.context).trimEnd());
  }
  return out.join('\n') + '\n';
}
