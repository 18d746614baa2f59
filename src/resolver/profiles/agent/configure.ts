/**
 * Shared pieces of an agent profile's `configure` step: configuration problems as evidence
 * diagnostics, and the effective settings as the evidence's `settings` field.
 */
import { DIAGNOSTIC_SEVERITY, Diagnostic, ResolveError } from '../../evidence';
import type { FormatFrame } from '../../profile';
import type { ConfigProblem } from './config';
import { EffectiveSetting, NonPlainFileName, SettingSpec, nonPlainFileNames } from './settings';

/** Each problem as a diagnostic naming the configuration file (display form). */
export function agentDiagnostics(problems: readonly ConfigProblem[]): Diagnostic[] {
  return problems.map((p) => ({ severity: DIAGNOSTIC_SEVERITY[p.code], code: p.code, source: p.file, line: p.line, message: p.message }));
}

/**
 * An `invalid-value` error for each name of a `fileNames` setting that is not one plain file name
 * (a separator, `..`, an absolute path): it can name a file outside the workspace. `what` says
 * what the agent does with such a name and what Holaryn shows of it.
 */
export function fileNameDiagnostics(
  specs: readonly SettingSpec[],
  settings: Readonly<Record<string, EffectiveSetting>>,
  what: (n: NonPlainFileName) => string,
): Diagnostic[] {
  return nonPlainFileNames(specs, settings).map((n) => ({
    severity: DIAGNOSTIC_SEVERITY['invalid-value'],
    code: 'invalid-value',
    source: n.file,
    line: null,
    message: `${n.setting} ${JSON.stringify(n.name)} (${n.from}) is not a plain file name: ${what(n)}`,
  }));
}

/** The effective settings for the evidence: a copy, lists copied too. */
export function settingsEvidence(settings: Readonly<Record<string, EffectiveSetting>>): Record<string, EffectiveSetting> {
  const out: Record<string, EffectiveSetting> = {};
  for (const [name, s] of Object.entries(settings))
    out[name] = {
      ...s,
      value: Array.isArray(s.value)
        ? [...(s.value as string[])]
        : typeof s.value === 'object' && s.value !== null
          ? { ...s.value }
          : s.value,
    };
  return out;
}

/** The frame an agent's format needs to write its own paths; its absence is a caller's bug. */
export function requireFrame(frame: FormatFrame | undefined, profile: string): FormatFrame {
  if (!frame) throw new ResolveError('internal', `the ${profile} context format needs the working directory (a FormatFrame)`);
  return frame;
}
