/**
 * The `opencode` profile: what opencode 1.18.33 puts in front of the model (README.md in this
 * folder; checked against the release by test/oracle). discover.ts decides what opencode loads
 * (the global file, the project walk by name, `instructions` entries, the files a read loads)
 * from its configuration (settings.ts); this file hands that answer to the pipeline as named
 * candidates in opencode's order, and format.ts writes opencode's framing per place. Decisions and guesses: README.md here.
 */
import { NO_BUDGET } from '../../fit';
import type { DiscoverContext, Discovery, NamedCandidate, Profile } from '../../profile';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { agentDiagnostics } from '../agent/configure';
import { OPENCODE_ABOUT, OPENCODE_RELEASE } from './about';
import { OPENCODE_FORMAT } from './format';
import { inFolder } from '../agent/config';
import { OpencodeSource, configDirOf, resolveOpencode } from './discover';
import { unmatchedInstructions } from './pitfalls';
import { opencodeListings } from './listings';

export const OPENCODE_VERSION = OPENCODE_RELEASE;

export const OPENCODE_FIDELITY: readonly string[] = Object.freeze([
  `Checked against opencode ${OPENCODE_RELEASE} (opencode run, the openai provider) by the oracle suite: files and text per place agree on every case.`,
  "The system-prompt part starts after the <env> block: the agent prompt and the environment are not shown; the skills list after it is in listings (opencode's own header lines and built-in entry aside).",
  'Two repository skills of one name: opencode keeps whichever it finishes reading last (not fixed from run to run); the profile takes the last in its scan order. Permission settings that hide a skill or subagent are not read.',
  "Each file target stands for one read tool call, in the order of the evidence's targets.",
  "Not read: instructions URLs (opencode fetches them, up to 5 s each), {file:…} references in configuration files, remote and managed configuration, the account's configuration.",
  'The worktree is found as git would for a .git folder holding HEAD, objects and refs, or any .git file; GIT_DIR and ceiling folders are not modelled.',
  "Glob matches within one folder are taken in name order; opencode takes them in its glob scanner's order.",
  'opencode names each file by its path under the working directory as the process has it (links resolved); a path through a link is not modelled.',
]);

function candidate(s: OpencodeSource, targets: readonly string[]): NamedCandidate {
  return {
    abs: s.abs,
    path: s.path,
    scope: s.scope,
    directory: s.directory,
    depth: s.depth,
    filename: s.filename,
    delivery: s.delivery,
    own: s.own,
    facts: { written: s.written, ...(s.target !== undefined ? { call: targets.indexOf(s.target) } : {}) },
    ...(s.probe ? { probe: s.probe } : {}),
    ...(s.note ? { note: s.note } : {}),
    ...(s.report ? { report: s.report } : {}),
  };
}

/** opencode's answer for one call: its files, and the configuration files it read for them. */
function discoverOpencode(ctx: DiscoverContext): Discovery {
  const result = resolveOpencode(ctx);
  const targets = ctx.targets.map((t) => t.path);
  return {
    candidates: result.sources.map((s) => candidate(s, targets)),
    diagnostics: [...agentDiagnostics(result.problems), ...unmatchedInstructions(result.unmatched)],
    configFiles: result.configFiles,
    listings: opencodeListings(ctx, result),
  };
}

export const OPENCODE: Profile = {
  ...OPENCODE_ABOUT,
  version: OPENCODE_VERSION,
  agent: 'opencode',
  // The global instruction files and the configuration that can name more (instructions), and Claude Code's global file.
  homeFiles: (ctx) => [
    ...inFolder(ctx.fs.path, configDirOf(ctx.env, ctx.homedir, ctx.fs.path).abs, [
      'AGENTS.md',
      'config.json',
      'opencode.json',
      'opencode.jsonc',
    ]),
    ctx.fs.path.join(ctx.homedir, '.claude', 'CLAUDE.md'),
  ],
  fidelity: OPENCODE_FIDELITY,
  // No setting of its own: a --set is accepted and means nothing here (docs/profiles.md §1).
  settings: [],
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  discover: discoverOpencode,
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    // opencode's file reads decode with a TextDecoder, which drops a leading BOM (seen in a run).
    keepBom: false,
    trim: false,
    // Whitespace is sent as it is; an empty file is reported by the engine (it sends nothing).
    skipEmpty: false,
    homes: (where) => [configDirOf(where.env, where.homedir, where.path).abs, where.path.join(where.homedir, '.claude')],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: OPENCODE_FORMAT,
};
