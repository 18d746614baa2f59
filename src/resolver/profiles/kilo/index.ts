/**
 * The `kilo` profile: what Kilo Code CLI 7.7.7 puts in front of the model (README.md in this
 * folder; checked against the release by test/oracle). discover.ts decides what Kilo loads (the
 * global file, the project walk by name, `instructions` entries and legacy rules, the files a read
 * loads) from its configuration (settings.ts) and its trust, imports.ts what its substitution
 * makes of each file's text; this file hands that answer to the pipeline as named candidates in
 * Kilo's order, and format.ts writes its framing per place.
 */
import { NO_BUDGET } from '../../fit';
import type { DiscoverContext, Discovery, NamedCandidate, Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { agentDiagnostics } from '../agent/configure';
import { inFolder } from '../agent/config';
import { KILO_ABOUT, KILO_RELEASE } from './about';
import { KILO_FORMAT } from './format';
import { KiloSource, kiloConfigDir, migrationReceipt, resolveKilo } from './discover';
import { kiloListings } from './listings';

export const KILO_VERSION = KILO_RELEASE;

export const KILO_FIDELITY: readonly string[] = Object.freeze([
  `Checked against Kilo Code CLI ${KILO_RELEASE} (kilo run, the openai provider) by the oracle suite: files and text per place agree on every case.`,
  'The system-prompt part starts at the first Instructions from: block after the <env> block: the agent prompt, the environment and the skills list are not shown.',
  "Each file target stands for one read tool call, in the order of the evidence's targets.",
  'Not read: instructions URLs (Kilo fetches them), remote, managed (/etc/kilo) and account configuration, the primary worktree of a linked git worktree.',
  'The worktree is found as git would for a .git folder holding HEAD, objects and refs, or any .git file; GIT_DIR and ceiling folders are not modelled.',
  'Glob matches within one folder are taken in name order; legacy rule files in the directory order.',
  'Listings: skills and subagents one folder deep; agents of the configuration key, legacy modes and skills.paths/urls are not read.',
]);

function candidate(s: KiloSource, targets: readonly string[]): NamedCandidate {
  return {
    abs: s.abs,
    path: s.path,
    scope: s.scope,
    directory: s.directory,
    depth: s.depth,
    filename: s.filename,
    delivery: s.delivery,
    own: s.own,
    tag: s.trusted ? 'trusted' : 'untrusted',
    facts: {
      written: s.written,
      ...(s.target !== undefined ? { call: targets.indexOf(s.target) } : {}),
      ...(s.text !== undefined ? { imported: { content: s.text, diagnostics: [] } } : {}),
    },
    ...(s.probe ? { probe: s.probe } : {}),
    ...(s.note ? { note: s.note } : {}),
    ...(s.report ? { report: s.report } : {}),
  };
}

/** Kilo's answer for one call: its files, and the configuration files it read for them. */
function discoverKilo(ctx: DiscoverContext): Discovery {
  const result = resolveKilo(ctx);
  const targets = ctx.targets.map((t) => t.path);
  return {
    candidates: result.sources.map((s) => candidate(s, targets)),
    diagnostics: agentDiagnostics(result.problems),
    configFiles: result.configFiles,
    listings: kiloListings(ctx, result.worktree),
  };
}

export const KILO: Profile = {
  ...KILO_ABOUT,
  version: KILO_VERSION,
  agent: 'kilo',
  // The global instruction files, the configuration that can name more, the legacy rules folders, Claude Code's global file and the migration receipt.
  homeFiles: (ctx) => {
    const P = ctx.fs.path;
    return [
      ...inFolder(P, kiloConfigDir(ctx.env, ctx.homedir, P).abs, [
        'AGENTS.md',
        'config.json',
        'kilo.json',
        'kilo.jsonc',
        'opencode.json',
        'opencode.jsonc',
      ]),
      ...['.kilo', '.kilocode'].flatMap((d) =>
        inFolder(P, P.join(ctx.homedir, d), ['kilo.jsonc', 'kilo.json', 'opencode.jsonc', 'opencode.json']),
      ),
      P.join(ctx.homedir, '.claude', 'CLAUDE.md'),
      migrationReceipt(ctx.env, ctx.homedir, P),
    ];
  },
  fidelity: KILO_FIDELITY,
  settings: [],
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  discover: discoverKilo,
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    keepBom: false,
    trim: false,
    skipEmpty: false,
    homes: (where) => [
      kiloConfigDir(where.env, where.homedir, where.path).abs,
      where.path.join(where.homedir, '.claude'),
      where.path.join(where.homedir, '.kilo'),
      where.path.join(where.homedir, '.kilocode'),
    ],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: KILO_FORMAT,
};
