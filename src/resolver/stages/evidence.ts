/**
 * Stage 7, evidence (docs/contract.md §9): per source its status and reason, the diagnostics,
 * the validation commands, the truncation summary in the profile's unit, and the snapshot.
 */
import { contentChars, measure } from '../context';
import { EVIDENCE_SCHEMA, Evidence, SourceEvidence, SourceStatus, ValidationEvidence } from '../evidence';
import { MAX_CONTENT_BYTES } from '../limits';
import type { BudgetUnit, Configured, Discovery, Profile, TrustVerdict } from '../profile';
import { snapshotId } from '../snapshot';
import { Rendered, reportedDelivery } from './render';
import type { Settled } from './supersede';
import type { Entry, Inputs, Io } from './types';

/** Parse diagnostics (first path of each file), `too-large`, and replace conflicts. */
function fileDiagnostics(settled: Settled, io: Io): void {
  const { diagnostics } = io;
  for (const e of settled.entries) {
    if (settled.duplicateOf.has(e) || e.report?.status === 'shadowed') continue;
    for (const d of e.loaded.parsed?.diagnostics ?? []) {
      const { code, line, message, column, endLine, endColumn } = d;
      diagnostics.add(code, e.path, line, message, column === undefined ? {} : { column, endLine, endColumn });
    }
    if (e.loaded.read.tooLarge) {
      diagnostics.add(
        'too-large',
        e.path,
        null,
        `file is ${e.loaded.read.bytes} bytes; only its first ${MAX_CONTENT_BYTES} bytes are read and used (the rest never reaches the model; the hash covers what was read, the size and the mtime)`,
      );
    }
  }
  for (const { conflict, winner } of settled.conflicts.values()) {
    const modeLine = winner.loaded.parsed?.keys.find((k) => k.key === 'mode')?.line ?? null;
    const where = conflict.directory === null ? 'the global scope' : JSON.stringify(conflict.directory === '' ? '.' : conflict.directory);
    diagnostics.add(
      'replace-conflict',
      winner.path,
      modeLine,
      `${conflict.sources.length} sources in ${where} use mode: replace (${conflict.sources.join(', ')}); ${winner.path} wins by precedence`,
    );
  }
}

/**
 * A source's length in the budget's unit. A source read under hooks.fit.bytesAsRead is measured in bytes
 * by the bytes it was read from, as the fit rule measured it.
 */
function sizeInUnit(unit: BudgetUnit, e: Entry, content: string, chars: number): number {
  if (unit.name === 'code-points') return chars;
  return e.raw !== undefined && unit.name === 'utf8-bytes' ? e.raw.length : unit.measure(content);
}

/** Code points of a source's first `kept` units, as the context shows them (bytes cut lossily). */
function keptChars(unit: BudgetUnit, e: Entry, content: string, kept: number): number {
  if (e.raw === undefined || unit.name !== 'utf8-bytes') return measure(unit.head(content, kept));
  if (kept >= e.raw.length) return measure(content);
  return measure(Buffer.from(e.raw.buffer, e.raw.byteOffset, Math.max(0, kept)).toString('utf8'));
}

/**
 * Why a source is not applicable: one clause per key and pattern (or per reason a profile's own
 * applicability gives), naming its targets once. Each per-target record stays constant-size, so
 * the reasons of many sources and targets grow with their sum, never their product of clauses.
 */
function notApplicableReason(e: Entry, settled: Settled): string | null {
  const list = settled.notApplicable.get(e)!;
  if (e.applicability) {
    const applicability = e.applicability;
    const unmatched: string[] = [];
    const whys = new Set<string>();
    for (const n of list) {
      if (n.why === undefined) unmatched.push(JSON.stringify(n.target));
      else whys.add(n.why);
    }
    const clauses = [...whys];
    if (unmatched.length > 0)
      clauses.unshift(`${applicability.describe()} does not match ${unmatched.join(', ')}${applicability.unmatched ?? ''}`);
    return clauses.join('; ') || null;
  }
  // The applies_to list is said once, not once per target (1,000 globs and 10,000 targets
  // would be 600 MB of reason).
  const globs = JSON.stringify(e.metadata?.applies_to);
  const clauses = new Map<string, string[]>();
  for (const n of list) {
    const clause = n.key === 'excludes' ? `excludes ${JSON.stringify(n.pattern)} matches ` : `applies_to ${globs} does not match `;
    const targets = clauses.get(clause);
    if (targets) targets.push(JSON.stringify(n.target));
    else clauses.set(clause, [JSON.stringify(n.target)]);
  }
  return [...clauses].map(([clause, targets]) => clause + targets.join(', ')).join('; ') || null;
}

function sourceEvidence(settled: Settled, rendered: Rendered, inputs: Inputs, profile: Profile): SourceEvidence[] {
  const paths = inputs.targets.map((t) => t.path);
  const toPaths = (indices: number[]) => indices.map((i) => paths[i]);
  const unit = profile.budget.unit;
  return settled.entries.map((e, index) => {
    const dup = settled.duplicateOf.get(e);
    const superseded = settled.supersededFor.get(e);
    const appliesTo = dup ? [] : (rendered.effectPaths.get(e) ?? []);
    const supersededIndices = settled.supersededList.get(e)!;
    const supersededTargets = toPaths(supersededIndices);
    const silent = dup !== undefined || e.report !== undefined;
    const content = silent ? '' : e.content;
    const chars = silent ? 0 : contentChars(content);
    let status: SourceStatus;
    let reason: string | null = null;
    const budgetInfo = rendered.budgetStatus.get(e);
    let includedChars = budgetInfo ? budgetInfo.included : 0;
    if (dup) {
      status = 'duplicate';
      reason = dup.identity === e.identity ? `same file as ${dup.path}` : `same text as ${dup.path}`;
    } else if (e.report) {
      status = e.report.status;
      reason = e.report.reason;
    } else if (budgetInfo) {
      status = budgetInfo.status;
      const size = sizeInUnit(unit, e, content, chars);
      if (status === 'truncated') reason = `cut by the budget: ${budgetInfo.included} of ${size} ${unit.words} included`;
      if (status === 'omitted')
        reason = `omitted by the budget: its ${size} ${unit.words} did not fit in the ${budgetInfo.room} ${unit.words} left`;
      if (budgetInfo.reason !== undefined) reason = budgetInfo.reason;
      if (unit.name !== 'code-points') includedChars = status === 'omitted' ? 0 : keptChars(unit, e, content, budgetInfo.included);
    } else if (appliesTo.length > 0) {
      // In effect but outside the context (delivered on touch, as a separate attachment).
      status = 'included';
      includedChars = chars;
      reason = e.note ?? null;
    } else if (supersededTargets.length > 0) {
      status = 'superseded';
      const winner = superseded!.get(supersededIndices[0])!;
      reason = `superseded by ${winner.path} (mode: replace in the same directory) for ${supersededTargets.join(', ')}`;
    } else {
      status = 'not-applicable';
      reason = notApplicableReason(e, settled);
    }
    if (status === 'included' && reason === null && e.note !== undefined) reason = e.note;
    const source: SourceEvidence = {
      path: e.path,
      scope: e.scope,
      directory: e.directory,
      depth: e.depth,
      filename: e.filename,
      order: index + 1,
      sha256: e.loaded.read.sha256,
      bytes: e.loaded.read.bytes,
      chars,
      status,
      appliesTo,
      supersededFor: supersededTargets,
      supersededBy: supersededIndices.length > 0 ? superseded!.get(supersededIndices[0])!.path : null,
      duplicateOf: dup ? dup.path : null,
      reason,
      metadata: e.metadata,
      content,
      notApplicable: settled.notApplicable.get(e)!,
      includedChars,
      delivery: reportedDelivery(e, settled),
    };
    if (e.report?.by !== undefined) source.shadowedBy = e.report.by;
    if (e.disclosed !== undefined) source.disclosed = e.disclosed;
    return source;
  });
}

export function assembleEvidence(
  inputs: Inputs,
  settled: Settled,
  rendered: Rendered,
  profile: Profile,
  io: Io,
  extra: { configured: Configured; discovery: Discovery; trust: TrustVerdict | undefined },
): Evidence {
  const { diagnostics, skipped } = io;
  const budget = inputs.budget;
  const unit = profile.budget.unit;
  fileDiagnostics(settled, io);
  const sources = sourceEvidence(settled, rendered, inputs, profile);
  const validation = validationOf(rendered);
  const { omitted, cut } = budgetCuts(sources, settled, rendered, budget, unit, io);
  const { configured, discovery, trust } = extra;
  for (const d of configured.diagnostics ?? []) diagnostics.list.push(d);
  for (const d of discovery.diagnostics ?? []) diagnostics.list.push(d);
  if (trust && !trust.trusted && trust.notice) diagnostics.add('untrusted', null, null, trust.notice);

  const chars = measure(rendered.text);
  const evidence: Evidence = {
    schema: EVIDENCE_SCHEMA,
    root: inputs.root,
    targets: inputs.targets,
    snapshot: snapshotId({ policy: profile.name, root: inputs.root, targets: inputs.targets, sources, skipped, budget }),
    sources,
    validation,
    conflicts: [...settled.conflicts.values()].map((c) => c.conflict),
    diagnostics: diagnostics.list,
    truncation: {
      budget,
      chars,
      truncated: omitted.length > 0 || cut.length > 0,
      omitted,
      cut,
      unit: unit.name,
      size: unit.name === 'code-points' ? chars : unit.measure(rendered.text),
      needed: rendered.needed,
    },
    context: rendered.text,
    contextParts: rendered.parts.map((p) => ({ place: p.place, text: p.text, sources: [...p.sources] })),
    listings: (discovery.listings ?? []).map((l) => ({ ...l })),
    skipped,
    policy: profile.name,
    profile: profile.name,
  };
  if (profile.version !== undefined) evidence.profileVersion = profile.version;
  if (profile.fidelity !== undefined || discovery.fidelity !== undefined)
    evidence.fidelity = [...(profile.fidelity ?? []), ...(discovery.fidelity ?? [])];
  if (trust && !trust.trusted && trust.notice) evidence.notice = trust.notice;
  if (trust?.evidence !== undefined) evidence.trust = trust.evidence;
  if (configured.configFiles !== undefined || discovery.configFiles !== undefined)
    evidence.configFiles = [...(configured.configFiles ?? []), ...(discovery.configFiles ?? [])];
  if (configured.settings !== undefined || discovery.settings !== undefined)
    evidence.settings = Object.assign({}, configured.settings, discovery.settings);
  return evidence;
}

/** Every validation command of a source in effect, once per command and source. */
function validationOf(rendered: Rendered): ValidationEvidence[] {
  const validation: ValidationEvidence[] = [];
  const seenCommands = new Set<string>();
  for (const e of rendered.inEffect) {
    for (const command of e.metadata?.required_validation ?? []) {
      const key = JSON.stringify([command, e.path]);
      if (seenCommands.has(key)) continue;
      seenCommands.add(key);
      validation.push({ command, source: e.path });
    }
  }
  return validation;
}

/** The sources the budget omitted or cut (evidence `truncation`), each with its `budget-truncated` diagnostic. */
function budgetCuts(
  sources: readonly SourceEvidence[],
  settled: Settled,
  rendered: Rendered,
  budget: number | null,
  unit: BudgetUnit,
  io: Io,
): { omitted: Evidence['truncation']['omitted']; cut: Evidence['truncation']['cut'] } {
  const diagnostics = io.diagnostics;
  const sizeOf = (s: SourceEvidence) => sizeInUnit(unit, settled.entries[s.order - 1], s.content, s.chars);
  // Undefined for a source a profile reports `omitted` for another reason than the budget (Codex's
  // empty files): not a budget omission, so not in truncation.omitted nor in a budget diagnostic.
  const infoOf = (s: SourceEvidence) => rendered.budgetStatus.get(settled.entries[s.order - 1]);
  const byBudget = (s: SourceEvidence) => infoOf(s) !== undefined;
  const omitted = sources.filter((s) => s.status === 'omitted' && byBudget(s)).map((s) => ({ path: s.path, chars: sizeOf(s) }));
  const cut = sources
    .filter((s) => s.status === 'truncated')
    .map((s) => ({ path: s.path, chars: sizeOf(s), included: infoOf(s)?.included ?? 0 }));
  const everything = `a budget of ${rendered.needed} ${unit.words} would include everything`;
  const rooms = new Map(sources.filter((s) => s.status === 'omitted').map((s) => [s.path, infoOf(s)?.room]));
  for (const o of omitted) {
    if (rooms.get(o.path) === undefined) continue;
    diagnostics.add(
      'budget-truncated',
      o.path,
      null,
      `${o.path} (${o.chars} ${unit.words}) was omitted from the model context: it did not fit in the ${rooms.get(o.path)} ${unit.words} left of the ${budget}-${unit.word} budget; ${everything}`,
    );
  }
  for (const c of cut)
    diagnostics.add(
      'budget-truncated',
      c.path,
      null,
      budget === null
        ? `${c.path} was cut to ${c.included} of ${c.chars} ${unit.words}: ${sources.find((s) => s.path === c.path)?.reason ?? 'the system cuts it'}`
        : `${c.path} was cut to ${c.included} of ${c.chars} ${unit.words} by the ${budget}-${unit.word} budget; ${everything}`,
    );
  return { omitted, cut };
}
