/**
 * Holaryn's own rules (docs/contract.md): every `.holaryn/instructions.md`, `AGENTS.md` and
 * `CLAUDE.md` from the root down to each target's directory, the operator-global file first,
 * Holaryn frontmatter, `mode: replace` within a directory, a 24,000-character budget.
 */
import { HIGHEST_FIRST } from '../../fit';
import { defaultGlobalFile } from '../../global-file';
import { DEFAULT_BUDGET } from '../../limits';
import { HOLARYN_POLICY } from './policy';
import type { ContextResult } from '../../context';
import type { BudgetUnitName, ContextSource, DiscoverContext, NamedCandidate, Profile } from '../../profile';
import { PRECEDENCE } from '../../stages/order';
import { CODE_POINTS, unitByName } from '../../units';
import { HOLARYN_DIALECT } from './dialect';
import { HOLARYN_FORMAT } from './format';
import { HOLARYN_ABOUT } from './about';

export const HOLARYN_CANDIDATES: readonly string[] = HOLARYN_POLICY.candidates;

// Holaryn's operator-global file is defined in global-file.ts (the call's options name it too).
export { GLOBAL_FILE_NAME, defaultGlobalFile, explicitGlobalFile } from '../../global-file';
export type { GlobalFile } from '../../global-file';

/** The operator-global file as a candidate: `options.globalFile`, else the default from the env. */
export function holarynGlobal(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  const global = ctx.options.globalFile === undefined ? defaultGlobalFile(ctx.env, ctx.homedir, P) : ctx.options.globalFile;
  if (!global) return [];
  return [
    {
      abs: global.path,
      path: global.displayName,
      scope: 'global',
      directory: null,
      depth: 0,
      filename: P.basename(global.path),
      delivery: 'baseline',
      rank: -1,
      own: true,
    },
  ];
}

export const HOLARYN: Profile = Object.freeze({
  ...HOLARYN_ABOUT,
  noTargets: 'usage',
  directories: Object.freeze([
    Object.freeze({ names: HOLARYN_CANDIDATES, pick: 'all', extent: 'project-to-target', delivery: 'by-depth' }),
  ]),
  discover: holarynGlobal,
  load: Object.freeze({ symlinks: 'inside-root', decode: 'strict', trim: false, skipEmpty: false }),
  dialect: HOLARYN_DIALECT,
  order: PRECEDENCE,
  supersede: 'replace-in-directory',
  budget: Object.freeze({ unit: CODE_POINTS, size: DEFAULT_BUDGET, fit: HIGHEST_FIRST }),
  format: HOLARYN_FORMAT,
  // Holaryn hands its context to a model as a tool's answer (MCP, the editor's tool, the gate).
  contextPlace: 'tool-result',
}) as Profile;

/**
 * The Holaryn context for `sources` (precedence order, lowest first) within `budget`: the
 * holaryn profile's fit rule and format, for callers that render a context of their own (the
 * gate's guidance).
 */
export function renderContext(sources: ContextSource[], budget: number, unit: BudgetUnitName = 'code-points'): ContextResult {
  const u = unitByName(unit);
  const layout = HOLARYN_FORMAT.layout(sources, budget, u);
  const decision = HOLARYN.budget.fit({ sources, budget, unit: u, layout });
  return { text: HOLARYN_FORMAT.render(sources, decision, budget, u), included: decision.kept, status: decision.status };
}
