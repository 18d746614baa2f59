/**
 * Narya's repository trust (docs/profiles.md §4): at the git root above the repository, AGENTS.md
 * (or CLAUDE.md when there is none) and docs/PROJECT_RULES.md, then the files the repository's
 * `.narya/config.toml` names; no hierarchy; and none of it unless the repository is trusted.
 * Holaryn's envelope and budget (Narya publishes neither). Decisions: ./README.md.
 */
import { HIGHEST_FIRST } from '../../fit';
import { DEFAULT_BUDGET } from '../../limits';
import { depthOf, parentOf } from '../../paths';
import type { DiscoverContext, NamedCandidate, OrderKey, Profile, TrustVerdict } from '../../profile';
import { readInstructionFile } from '../../read';
import { CODE_POINTS } from '../../units';
import { defaultTrustStorePath } from '../../../trust/store';
import { NO_FRONTMATTER } from '../holaryn/dialect';
import { HOLARYN_FORMAT } from '../holaryn/format';
import { NARYA_CONFIG, locateConfigFiles, parseNaryaConfig } from './settings';
import { PRIMARY_FILES, PROJECT_RULES, discoverInstructionFiles, repositoryLayout, repositoryTrust } from './repository';
import { readTrustDecision, trustCommandLine } from './trust';
import { NARYA_ABOUT } from './about';

/** Ranks: the discovered files in prompt order, then the config's, then what is only reported. */
const RANK_CONFIG = 10;
const RANK_REPORTED = 100;

const NOT_LOADED = Object.freeze({
  status: 'not-loaded' as const,
  reason: 'Narya loads instruction files only at the instruction root (the git root), never from the directories below it',
});

/**
 * The files `.narya/config.toml` names (relative to the repository, the given root), in the
 * listed order, with its problems as diagnostics. A file also discovered is listed once.
 */
function configCandidates(ctx: DiscoverContext): NamedCandidate[] {
  const fs = ctx.fs;
  const P = fs.path;
  const abs = P.join(ctx.root, ...NARYA_CONFIG.split('/'));
  let st;
  try {
    st = fs.lstat(abs);
  } catch {
    st = undefined;
  }
  if (!st) return [];
  if (st.kind !== 'file') {
    ctx.diagnostic('malformed-config', NARYA_CONFIG, null, `${NARYA_CONFIG} is not a regular file; it names no files`);
    return [];
  }
  const read = readInstructionFile(fs, abs, st);
  if (!read.ok) {
    ctx.diagnostic('malformed-config', NARYA_CONFIG, null, `${NARYA_CONFIG}: ${read.message}; it names no files`);
    return [];
  }
  const parsed = parseNaryaConfig(read.text);
  const located = locateConfigFiles(fs, ctx.root, parsed.entries);
  for (const p of [...parsed.problems, ...located.problems]) ctx.diagnostic(p.code, NARYA_CONFIG, p.line, p.message);
  // Listed once: a file the instruction root's rule already reports (a shadowed CLAUDE.md too,
  // which stays shadowed) keeps that place.
  const atRoot = discoverInstructionFiles(fs, ctx.projectRoot);
  const named = atRoot.shadowed === null ? atRoot.files : [...atRoot.files, atRoot.shadowed];
  const discovered = new Set(named.map((f) => P.join(ctx.projectRoot, ...f.split('/'))));
  return located.files
    .filter((f) => !discovered.has(f.path))
    .map((f, i) => ({
      abs: f.path,
      path: f.rel,
      scope: 'workspace' as const,
      // Named for the whole repository: in effect for every target, wherever it sits.
      directory: null,
      depth: depthOf(parentOf(f.rel)),
      filename: P.basename(f.path),
      delivery: 'baseline' as const,
      rank: RANK_CONFIG + i,
      note: `named by instruction_files in ${NARYA_CONFIG}`,
    }));
}

/** The trust store's answer for the repository, and what Narya does with it. */
function naryaTrust(ctx: DiscoverContext): TrustVerdict {
  const repository = ctx.root;
  const source = ctx.options.trustStore;
  const lookup =
    typeof source === 'function'
      ? source(repository)
      : readTrustDecision(source ?? defaultTrustStorePath(ctx.env, ctx.homedir), repository);
  const trust = repositoryTrust(repositoryLayout(ctx.fs, repository), lookup);
  if (lookup.decision === 'trusted') return { trusted: true, evidence: trust };
  const why =
    lookup.decision === 'unknown'
      ? 'nobody has decided whether to trust this repository'
      : `this repository is refused${lookup.inheritedFrom === undefined ? '' : ` (by the answer for ${lookup.inheritedFrom})`}`;
  return {
    trusted: false,
    reason: `untrusted: ${why}, so Narya keeps the repository's files out of the prompt`,
    notice: `Narya loads none of this repository's instruction files: ${why} (trust: ${lookup.decision}). To let them in: ${trustCommandLine(repository)}`,
    evidence: trust,
  };
}

/** Discovered files, then the config's in listed order, then what is only reported, by depth. */
function naryaOrder(a: OrderKey, b: OrderKey): number {
  const band = (k: OrderKey) => (k.rank >= RANK_REPORTED ? 1 : 0);
  return band(a) - band(b) || (band(a) === 1 ? a.depth - b.depth : 0) || a.rank - b.rank || a.seq - b.seq;
}

export const NARYA: Profile = Object.freeze({
  ...NARYA_ABOUT,
  fidelity: Object.freeze([
    'Narya publishes no envelope or budget: the context uses Holaryn’s',
    'the trust answer is read from Holaryn’s store (holaryn trust), not from a running Narya host',
  ]),
  noTargets: 'root',
  projectRoot: Object.freeze({ markers: Object.freeze(['.git']) }),
  directories: Object.freeze([
    // AGENTS.md, or CLAUDE.md when there is none (then shadowed), at the instruction root only.
    Object.freeze({ names: PRIMARY_FILES, pick: 'first', extent: 'project', delivery: 'baseline' }),
    Object.freeze({ names: Object.freeze([PROJECT_RULES]), pick: 'all', extent: 'project', delivery: 'baseline', rankBase: 2 }),
    // No hierarchy: every other candidate on the way to a target is reported, never loaded.
    Object.freeze({
      names: Object.freeze(['.holaryn/instructions.md']),
      pick: 'all',
      extent: 'project',
      delivery: 'baseline',
      report: NOT_LOADED,
      rankBase: RANK_REPORTED,
    }),
    Object.freeze({
      names: Object.freeze(['.holaryn/instructions.md', ...PRIMARY_FILES]),
      pick: 'all',
      extent: 'below-project-to-target',
      delivery: 'baseline',
      report: NOT_LOADED,
      rankBase: RANK_REPORTED,
    }),
  ]),
  discover: configCandidates,
  load: Object.freeze({ symlinks: 'inside-root', decode: 'strict', trim: false, skipEmpty: false }),
  dialect: NO_FRONTMATTER,
  order: naryaOrder,
  supersede: 'none',
  trust: naryaTrust,
  budget: Object.freeze({ unit: CODE_POINTS, size: DEFAULT_BUDGET, fit: HIGHEST_FIRST }),
  format: HOLARYN_FORMAT,
}) as Profile;
