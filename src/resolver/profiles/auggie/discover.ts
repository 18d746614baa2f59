/**
 * What Auggie 0.36.0 sends of a repository's instruction files, as candidates in the order its
 * request carries them (read in the bundled `augment.mjs`: `RulesService.loadRules`, its settings
 * service for shared rules, the user rules' folder walk; every rule checked by the oracle cases).
 *
 * Everything is read from the workspace root: the nearest folder at or above the working
 * directory holding a `.git` entry (a folder or a file), else the working directory. Nothing
 * below or above it counts, and nothing is loaded when a tool reads a file.
 *
 * 1. `.augment-guidelines` of the workspace root, whole, in the request's `workspace_guidelines`
 *    (an empty file sends nothing).
 * 2. `rules[]`, in this order:
 *    - `AGENTS.md`, then `CLAUDE.md` of the workspace root ("shared rules"): each a regular file
 *      (a link is never read), its header taken out; its type is not its header's but the one
 *      `.augment/rules/settings.json` gives it (`sharedRules: [{path, type}]`), else always;
 *    - the workspace's `.augment/rules`: every `.md` and `.mdc` file at any depth, each folder's
 *      entries sorted by name, names starting with `.` and links left out, typed by their header;
 *    - the user's `~/.augment/rules` the same way, but links followed and every file sent as
 *      always (its header's type is not read), its path written absolute.
 *    A rule whose type is manual is not sent (it is sent only when the user names it).
 *
 * `~/.augment/user-guidelines.md` (the editor's user guidelines) is not sent by the CLI: its
 * `user_guidelines` was empty in every run.
 */
import type { PathApi } from '../../fs';
import { isInside } from '../../paths';
import type { DiscoverContext, NamedCandidate } from '../../profile';
import { walkRuleFolder } from '../agent/folders';
import { peekText } from '../agent/peek';
import { RULE_TYPE, auggieRule, sharedType, type RuleType } from './rules';

export const GUIDELINES = '.augment-guidelines';
export const SHARED_NAMES = ['AGENTS.md', 'CLAUDE.md'] as const;
export const RULES_FOLDER = '.augment/rules';
export const RULE_EXTENSIONS = ['.md', '.mdc'] as const;
export const RULES_SETTINGS = '.augment/rules/settings.json';
export const USER_GUIDELINES = '.augment/user-guidelines.md';

/** Bytes of a rule file read to learn its type (the header is at the top; the load stage reads the whole file). */
const HEADER_BYTES = 1024 * 1024;

/** Which piece of the request a candidate is (NamedCandidate.tag). */
export type AuggieTag = 'guidelines' | 'rule';

/** The reason a manual rule is not sent. */
export const MANUAL = 'a manual rule: Auggie sends it only when the user names it in a message (its type is manual';
/** The reason the user guidelines file is not sent. */
export const NO_USER_GUIDELINES =
  "the editor's user guidelines: Auggie's CLI leaves its request's user_guidelines empty and does not read this file";

/** How deep a rule or skills folder is walked here (Auggie has no bound). */
export const MAX_FOLDER_DEPTH = 32;

/** A folder's entry names in Auggie's walk order: sorted by code units, names starting with `.` left out. */
export function auggieOrder(entries: readonly { name: string }[]): string[] {
  return entries
    .map((e) => e.name)
    .filter((n) => !n.startsWith('.'))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** How a file of the user's home is named: `~/…`. */
export function homePath(P: PathApi, homedir: string, abs: string): string {
  return `~/${P.relative(homedir, abs).split(P.sep).join('/')}`;
}

const isRuleName = (name: string): boolean => RULE_EXTENSIONS.some((e) => name.endsWith(e));

/** Why a linked rule file or folder of the workspace is not read. */
export const LINKED = "a link: Auggie's workspace file API takes a link for neither a file nor a folder, so Auggie never reads it";

/**
 * The workspace's `.augment/rules` (`processRuleDirectory`): every `.md` and `.mdc` file at any
 * depth, each folder sorted, dot names left out, links never followed (each said).
 */
function workspaceRules(ctx: DiscoverContext, top: string): string[] {
  return walkRuleFolder(ctx, {
    top,
    maxDepth: MAX_FOLDER_DEPTH,
    wanted: isRuleName,
    order: auggieOrder,
    link: () => ({ follow: false, why: `${LINKED}` }),
    agent: 'Auggie',
  }).map((f) => f.abs);
}

/**
 * The user's `~/.augment/rules` (`p6`): the same files, links followed (paths kept through them),
 * and one file per name without its extension in a folder (`a.md` before `a.mdc`).
 */
function userRules(ctx: DiscoverContext, top: string): string[] {
  const P = ctx.fs.path;
  const stems = new Set<string>();
  return walkRuleFolder(ctx, {
    top,
    maxDepth: MAX_FOLDER_DEPTH,
    wanted: isRuleName,
    order: auggieOrder,
    link: () => ({ follow: true }),
    keepLinkPaths: true,
    agent: 'Auggie',
  })
    .map((f) => f.abs)
    .filter((abs) => {
      const stem = abs.slice(0, abs.length - (RULE_EXTENSIONS.find((e) => abs.endsWith(e)) ?? '').length);
      const key = P.relative(top, stem);
      if (stems.has(key)) return false;
      stems.add(key);
      return true;
    });
}

/** The shared rule types `.augment/rules/settings.json` names, by path. */
function sharedTypes(ctx: DiscoverContext, root: string): Map<string, RuleType> {
  const types = new Map<string, RuleType>();
  const read = peekText(ctx.fs, ctx.fs.path.join(root, ...RULES_SETTINGS.split('/')), (real) => ctx.boundary.shows(real), HEADER_BYTES);
  if (!read.ok) return types;
  let doc: unknown;
  try {
    doc = JSON.parse(read.text);
  } catch {
    return types;
  }
  const shared = (doc as { sharedRules?: unknown } | null)?.sharedRules;
  if (!Array.isArray(shared)) return types;
  for (const entry of shared as { path?: unknown; type?: unknown }[]) {
    if (typeof entry?.path === 'string' && !types.has(entry.path)) types.set(entry.path, sharedType(entry.type));
  }
  return types;
}

/** The type of a rule file Auggie reads (`fallback`: the type when the header gives none), or undefined when it cannot be read. */
function typeOfFile(ctx: DiscoverContext, abs: string, own: boolean): RuleType | undefined {
  const read = peekText(ctx.fs, abs, own ? null : (real) => ctx.boundary.shows(real), HEADER_BYTES);
  return read.ok ? (auggieRule(read.text).headerType ?? RULE_TYPE.always) : undefined;
}

export function auggieCandidates(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  // Auggie's workspace root: the profile's project root (the nearest folder holding `.git`, else the working directory).
  const root = ctx.projectRoot;
  const out: NamedCandidate[] = [];
  const add = (abs: string, tag: AuggieTag, own: boolean, extra: Partial<NamedCandidate> = {}): void => {
    const path = own ? homePath(P, ctx.homedir, abs) : ctx.display(abs);
    out.push({
      abs,
      path,
      scope: own ? 'global' : isInside(P, ctx.root, abs) ? 'workspace' : 'project',
      directory: null,
      depth: own ? 0 : ctx.depthOf(ctx.display(P.dirname(abs))),
      filename: P.basename(abs),
      delivery: 'baseline',
      own,
      tag,
      ...(own ? {} : { probe: { dir: P.dirname(abs), name: P.basename(abs) } }),
      ...extra,
    });
  };
  const manual = (why: string) => ({ report: { status: 'not-loaded' as const, reason: `${MANUAL}${why})` } });

  const guidelines = P.join(root, GUIDELINES);
  const g = ctx.lstat(guidelines);
  if (g !== undefined)
    add(
      guidelines,
      'guidelines',
      false,
      g.kind === 'file' && g.size === 0 ? { report: { status: 'not-loaded', reason: 'empty: Auggie sends no workspace guidelines' } } : {},
    );

  const types = sharedTypes(ctx, root);
  for (const name of SHARED_NAMES) {
    const abs = P.join(root, name);
    const st = ctx.lstat(abs);
    if (st === undefined || st.kind === 'directory') continue;
    const type = types.get(name) ?? RULE_TYPE.always;
    add(abs, 'rule', false, type === RULE_TYPE.manual ? manual(` in ${RULES_SETTINGS}`) : {});
  }

  for (const abs of workspaceRules(ctx, P.join(root, ...RULES_FOLDER.split('/')))) {
    const type = typeOfFile(ctx, abs, false);
    add(abs, 'rule', false, type === RULE_TYPE.manual ? manual(' in its header') : {});
  }

  for (const abs of userRules(ctx, P.join(ctx.homedir, ...RULES_FOLDER.split('/')))) add(abs, 'rule', true);

  const user = P.join(ctx.homedir, ...USER_GUIDELINES.split('/'));
  if (ctx.lstat(user) !== undefined) add(user, 'guidelines', true, { report: { status: 'not-loaded', reason: NO_USER_GUIDELINES } });
  return out;
}
