/** How the oracle tells of a case: whether it passed, and why not (run.ts's suite and explore.ts). */
import { agrees } from '../../src/capture/capture';
import { differences } from '../../src/capture/report';
import type { OracleCase } from './case';
import type { CaseResult } from './run-case';

/** A case passes when it ran cleanly, agrees, and its two-run proof (when it ran) left nothing unattributed. */
export function caseOk(r: CaseResult): boolean {
  return r.problems.length === 0 && agrees(r) && (r.proof?.unattributed.length ?? 0) === 0;
}

/** What the table says of an agent whose text is not compared (a listing agent): never a count of agreeing cases. */
export const TEXT_NOT_COMPARED = 'n/a (files only)';

/** A path as the report shows it: the run's sandbox as `<sandbox>`. */
function shown(p: string, base: string): string {
  return p.startsWith(base + '/') ? `<sandbox>${p.slice(base.length)}` : p;
}

/** Why a case failed: its problems, each difference between the agent and the profile, what the proof could not attribute. */
export function explain(r: CaseResult, c: OracleCase): string[] {
  const base = r.base;
  const out = [`${r.agent}/${r.name} — ${c.why}`];
  for (const p of r.problems) out.push(`  ${shown(p, base).replace(/\n/g, '\n    ')}`);
  if (r.agentSide && r.profileSide) out.push(...differences(r.agentSide, r.profileSide, (t) => shown(t, base), r.compares));
  if (r.proof && r.proof.unattributed.length > 0) {
    out.push(
      `  two-run proof: without ${r.proof.removed.join(', ')}, ${r.proof.unattributed.length} differing lines nothing accounts for:`,
    );
    for (const u of r.proof.unattributed.slice(0, 20)) out.push(`    ${u.run}: ${JSON.stringify(shown(u.line, base))}`);
  }
  if (r.kept) out.push(`  sandbox kept: ${r.kept}`);
  return out;
}
