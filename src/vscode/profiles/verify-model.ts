/**
 * "Verify with the installed agent" without the editor (docs/vscode.md, "Verify with the
 * installed agent"): which rows offer it, the `holaryn capture` command line it runs, and the
 * texts it shows — the message, and the two documents of the diff (what the agent sent, what
 * Holaryn's profile answers). Pure: the command in verify.ts runs the process and opens them.
 */
import * as path from 'node:path';
import { CAPTURE_EXIT, DRIVERS, differences, type CaptureReport, type Side } from '../../capture';
import type { TreeNode } from '../model';

/** `holaryn capture`'s exit codes (src/cli/capture.ts). */
const EXIT = Object.freeze({ ok: 0, usage: 2, ...CAPTURE_EXIT });

/** The suffix of a row's contextValue when its profile's agent can be run (the menu's `when` looks for it). */
export const VERIFIABLE = '+verify';

/** The agent (capture driver) that checks a profile, or undefined when no driver runs it. */
export function driverFor(profile: string): string | undefined {
  return DRIVERS.find((d) => d.profile === profile)?.name;
}

/** Every profile a driver checks, in the drivers' order (the command palette's pick). */
export function verifiableProfiles(): string[] {
  return DRIVERS.map((d) => d.profile);
}

/** `contextValue` for a row of `profile`: marked when its agent can be run. */
export function verifiableContext(contextValue: string, profile: string): string {
  return driverFor(profile) === undefined ? contextValue : `${contextValue}${VERIFIABLE}`;
}

/**
 * The profile a row answers for: another agent's row, a Compare all row, or the first agent's
 * row (`firstRowId`), which answers for the profile shown.
 */
export function profileOfRow(node: Pick<TreeNode, 'id'>, shown: string | undefined, firstRowId: string): string | undefined {
  const m = /^(?:agent|compare):([^:]+)$/.exec(node.id);
  if (m) return m[1];
  return node.id === firstRowId ? shown : undefined;
}

export interface CaptureCall {
  readonly agent: string;
  /**
   * The workspace folder: Holaryn's root and the agent's working directory, where the view's answer
   * has the session start (so what the agent sends is compared with what the view shows).
   */
  readonly root: string;
  /** The file for the agent to read, when the view shows one file under the root. */
  readonly file?: string;
  /** The agent's executable from the machine's settings; undefined: the CLI looks on PATH. */
  readonly executable?: string;
}

/** The arguments after `dist/cli.js`. */
export function captureArgs(call: CaptureCall): string[] {
  return [
    'capture',
    call.agent,
    call.root,
    ...(call.file ? [call.file] : []),
    '--json',
    ...(call.executable ? ['--agent-bin', call.executable] : []),
  ];
}

/** A path as the documents show it: under the root relative, the throwaway home as `~`. */
function shown(p: string, report: Pick<CaptureReport, 'root' | 'home'>): string {
  if (report.home && (p === report.home || p.startsWith(report.home + path.sep))) return `~${p.slice(report.home.length)}`;
  const rel = path.relative(report.root, p);
  return rel === '' ? '.' : rel.startsWith('..') || path.isAbsolute(rel) ? p : rel;
}

/** One side as a document: its files in order, then each part's text under its place. */
export function sideDocument(title: string, side: Side | null, report: Pick<CaptureReport, 'root' | 'home'>): string {
  if (!side) return `${title}\n\n(nothing: the run did not get this far)\n`;
  const lines = [title, '', 'Files, in the order the model sees them:'];
  if (side.files.length === 0) lines.push('  (none)');
  side.files.forEach((f, i) => lines.push(`  ${i + 1}. ${shown(f, report)}`));
  const home = report.home;
  for (const part of side.parts) {
    lines.push('', `── ${part.place} (${Buffer.byteLength(part.text, 'utf8').toLocaleString('en-US')} bytes) ──`, '');
    lines.push(home ? part.text.split(home).join('~') : part.text);
  }
  return lines.join('\n') + '\n';
}

export type Verdict = 'agrees' | 'differs' | 'failed' | 'cannot-isolate' | 'usage';

export interface Verification {
  readonly profile: string;
  readonly agent: string;
  readonly verdict: Verdict;
  /** One line for the notification. */
  readonly message: string;
  /** The report, when the CLI gave one. */
  readonly report?: CaptureReport;
  /** The two documents of the diff, when there is a report. */
  readonly agentDocument?: string;
  readonly profileDocument?: string;
  /** Report lines saying how they differ ([] when they agree). */
  readonly differences: readonly string[];
}

/** What one `holaryn capture --json` run says, read from its exit code, stdout and stderr. */
export function readCapture(profile: string, agent: string, code: number | null, stdout: string, stderr: string): Verification {
  const lastLine = (s: string) => s.trim().split('\n').pop() ?? '';
  const problem = (verdict: Verdict, message: string): Verification => ({ profile, agent, verdict, message, differences: [] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    const why = (lastLine(stderr) || `exit ${code ?? 'by signal'}`).replace(/^holaryn: /, '');
    return code === EXIT.usage ? problem('usage', `Cannot run ${agent}: ${why}`) : problem('failed', `Running ${agent} failed: ${why}`);
  }
  const error = (parsed as { error?: { code?: string; message?: string } }).error;
  // A usage error under --json is `{"error": {"code": "usage", …}}` on stdout; the help hint means nothing here.
  if (code === EXIT.usage || error?.code === 'usage')
    return problem('usage', `Cannot run ${agent}: ${(error?.message ?? 'usage error').replace(/; run "holaryn capture --help"$/, '')}`);
  if (code === EXIT.cannotIsolate || error?.code === 'cannot-isolate')
    return problem('cannot-isolate', `Holaryn does not run ${agent} on this machine: ${error?.message ?? 'it cannot be isolated'}`);
  const report = parsed as CaptureReport;
  const version = report.installed?.version ?? '(version unknown)';
  const agentDocument = sideDocument(`What ${agent} ${version} sent the model`, report.agentSent, report);
  const profileDocument = sideDocument(`What Holaryn's ${report.profile} profile answers`, report.profileHas, report);
  const filesOnly = report.compares === 'files';
  const unattributed = report.proof?.unattributed ?? [];
  const diff = [
    ...(report.agentSent && report.profileHas ? differences(report.agentSent, report.profileHas, undefined, report.compares) : []),
    ...(unattributed.length > 0
      ? [
          `  two-run proof: without ${report.proof!.removed.join(', ')}, ${unattributed.length} differing lines the profile does not account for:`,
          ...unattributed.slice(0, 20).map((u) => `    ${u.run}: ${JSON.stringify(u.line)}`),
        ]
      : []),
  ];
  const base = { profile, agent, report, agentDocument, profileDocument, differences: diff };
  if (report.refused)
    return { ...base, verdict: 'failed', message: `Holaryn refused to run ${agent} on this repository: ${report.refused}` };
  if (code === EXIT.failed || report.problems.length > 0)
    return { ...base, verdict: 'failed', message: `The ${agent} run does not count: ${report.problems.join('; ')}` };
  if (code === EXIT.ok && report.filesAgree && (report.textAgrees || filesOnly)) {
    const n = report.agentSent?.files.length ?? 0;
    const left = report.proof?.removed.length ?? 0;
    const proved =
      left > 0
        ? ` Run again without the ${left} file${left === 1 ? '' : 's'} the profile names, it sent nothing else of the repository.`
        : '';
    const files = `the same ${n} file${n === 1 ? '' : 's'} in the same order`;
    return {
      ...base,
      verdict: 'agrees',
      message: filesOnly
        ? `${agent} ${version} agrees with Holaryn's ${report.profile} profile: ${files} (the agent lists its files; its text is not compared).${proved}`
        : `${agent} ${version} agrees with Holaryn's ${report.profile} profile: ${files}, the same text.${proved}`,
    };
  }
  const what = [
    report.filesAgree ? '' : 'the files',
    report.textAgrees || filesOnly ? '' : 'the text',
    report.listingsAgree === false ? 'the skill, subagent and command entries' : '',
    unattributed.length > 0
      ? `${unattributed.length} line${unattributed.length === 1 ? '' : 's'} of repository text it does not show (two-run proof)`
      : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return {
    ...base,
    verdict: 'differs',
    message: `${agent} ${version} differs from Holaryn's ${report.profile} profile in ${what || 'its answer'}.`,
  };
}
