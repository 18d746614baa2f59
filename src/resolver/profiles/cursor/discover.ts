/**
 * The project rules Cursor applies, as its documentation describes them: the `.mdc` files of
 * `.cursor/rules` (and its subfolders) at the workspace root, and of the `.cursor/rules` of any
 * folder on the way down to a target (a nested rules folder, applied for files below that
 * folder). Each rule's frontmatter decides how it is applied (rules.ts): `always` and `auto`
 * rules load; `agent` and `manual` ones are reported not loaded, with why. A plain `.md` file in
 * a rules folder is not a rule (the documentation says Cursor ignores it).
 */
import type { DiscoverContext, NamedCandidate } from '../../profile';
import { compareCodeUnits } from '../../stages/order';
import { walkRuleFolder } from '../agent/folders';
import { peekText } from '../agent/peek';
import { globsMatch, readRule, type CursorRule } from './rules';

const RULES = '.cursor/rules';
const MAX_RULE_DEPTH = 10;
const MAX_RULE_BYTES = 1024 * 1024;
/** Rules rank after AGENTS.md (0) and .cursorrules (1) of their folder. */
const RULE_RANK = 2;

export const AGENT_REQUESTED = (description: string) =>
  `agent-requested: Cursor gives the model only its description (${JSON.stringify(description)}); the model decides whether to read it`;
export const MANUAL = 'manual: no alwaysApply, no globs and no description: Cursor applies it only when you @-mention it in chat';

/** The folders (root-relative, '' for the root) whose `.cursor/rules` apply to some target: the root and each folder on the way to one. */
export function ruleBases(ctx: Pick<DiscoverContext, 'targets'>): string[] {
  const bases = new Set<string>(['']);
  for (const t of ctx.targets) {
    const parts = t.path.split('/').filter((p) => p !== '' && p !== '.');
    const dirs = t.kind === 'directory' ? parts : parts.slice(0, -1);
    if (dirs[0] === '..') continue;
    for (let i = 1; i <= dirs.length; i++) bases.add(dirs.slice(0, i).join('/'));
  }
  return [...bases].sort((a, b) => a.split('/').length - b.split('/').length || compareCodeUnits(a, b));
}

function candidate(ctx: DiscoverContext, abs: string, base: string, rule: CursorRule): NamedCandidate {
  const P = ctx.fs.path;
  const rel = ctx.display(abs);
  const common = {
    abs,
    path: rel,
    scope: 'project' as const,
    directory: base === '' ? null : base,
    depth: base === '' ? 0 : ctx.depthOf(base),
    filename: P.basename(abs),
    rank: RULE_RANK,
    tag: rule.kind,
  };
  if (rule.kind === 'agent')
    return { ...common, delivery: 'listed', report: { status: 'not-loaded', reason: AGENT_REQUESTED(rule.description ?? '') } };
  if (rule.kind === 'manual') return { ...common, delivery: 'listed', report: { status: 'not-loaded', reason: MANUAL } };
  if (rule.kind === 'always') return { ...common, delivery: 'baseline' };
  const globs = rule.globs;
  return {
    ...common,
    delivery: 'baseline',
    applicability: {
      describe: () => `globs ${JSON.stringify(globs.join(', '))}`,
      unmatched: 'Cursor attaches the rule only when a file its globs match is in the request',
      test: (target) => {
        const under = base === '' ? target.path : target.path.startsWith(base + '/') ? target.path.slice(base.length + 1) : null;
        return under !== null && globsMatch(globs, under) ? null : { target: target.path, key: 'applies_to', pattern: null };
      },
    },
  };
}

/** Every project rule of the folders on the way to the targets (see the module comment). */
export function discoverCursor(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  const out: NamedCandidate[] = [];
  for (const base of ruleBases(ctx)) {
    const top = P.join(ctx.root, ...base.split('/').filter(Boolean), ...RULES.split('/'));
    const found = walkRuleFolder(ctx, {
      top,
      maxDepth: MAX_RULE_DEPTH,
      agent: 'Cursor',
      wanted: (name) => name.endsWith('.mdc'),
      order: (entries) => entries.map((e) => e.name).sort(compareCodeUnits),
      // The workspace's own links are followed; the load rule discloses one that leaves it.
      link: () => ({ follow: true }),
      keepLinkPaths: true,
    });
    for (const f of found) {
      const abs = f.via ?? f.abs;
      const peeked = peekText(ctx.fs, abs, (real) => ctx.boundary.shows(real), MAX_RULE_BYTES, MAX_RULE_BYTES);
      const rule = readRule(peeked.ok ? peeked.text : '');
      if (rule.problem) ctx.diagnostic('malformed-frontmatter', ctx.display(abs), rule.problem.line, rule.problem.message);
      out.push(candidate(ctx, abs, base, rule));
    }
  }
  return out;
}
