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

/** Entry names of a folder, sorted by code units, or [] when it is no folder. */
export function sortedNames(ctx: Pick<DiscoverContext, 'fs'>, dir: string): string[] {
  try {
    const names = ctx.fs.entryNames?.(dir) ?? [...(ctx.fs.listKinds?.(dir).keys() ?? [])];
    return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch {
    return [];
  }
}

/** How a file of the user's home is named: `~/…`. */
export function homePath(P: PathApi, homedir: string, abs: string): string {
  return `~/${P.relative(homedir, abs).split(P.sep).join('/')}`;
}

/** One rule file found by a folder walk: its path, and its name as the request writes it. */
interface Found {
  readonly abs: string;
  readonly written: string;
  /** A link Auggie passes over (the load stage reports it skipped). */
  readonly link?: boolean;
}

/**
 * The workspace's `.augment/rules`: Auggie's `processRuleDirectory` (its workspace file API:
 * dot names and links are not listed as files or folders), each folder sorted.
 */
function workspaceRules(ctx: DiscoverContext, dir: string, rel: string, out: Found[]): void {
  const P = ctx.fs.path;
  for (const name of sortedNames(ctx, dir)) {
    if (name.startsWith('.')) continue;
    const abs = P.join(dir, name);
    const st = ctx.lstat(abs);
    const written = `${rel}/${name}`;
    if (st?.kind === 'directory') workspaceRules(ctx, abs, written, out);
    else if ((st?.kind === 'file' || st?.kind === 'symlink') && RULE_EXTENSIONS.some((e) => name.endsWith(e)))
      out.push({ abs, written, link: st.kind === 'symlink' });
  }
}

/** The user's `~/.augment/rules`: Auggie's `p6` walk (dot names left out, links followed, one file per name without its extension). */
function userRules(ctx: DiscoverContext, dir: string, key: string, out: Found[], keys: Set<string>, seen: Set<string>): void {
  const P = ctx.fs.path;
  for (const name of sortedNames(ctx, dir)) {
    if (name.startsWith('.')) continue;
    const abs = P.join(dir, name);
    let st;
    try {
      st = ctx.fs.stat(abs);
    } catch {
      continue;
    }
    if (st?.kind === 'directory') {
      const real = `${st.dev}:${st.ino}`;
      if (seen.has(real)) continue;
      seen.add(real);
      userRules(ctx, abs, key === '' ? name : `${key}:${name}`, out, keys, seen);
    } else if (st?.kind === 'file') {
      const ext = RULE_EXTENSIONS.find((e) => name.endsWith(e));
      if (ext === undefined) continue;
      const base = name.slice(0, -ext.length);
      const k = key === '' ? base : `${key}:${base}`;
      if (keys.has(k)) continue;
      keys.add(k);
      out.push({ abs, written: abs });
    }
  }
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

  const found: Found[] = [];
  workspaceRules(ctx, P.join(root, ...RULES_FOLDER.split('/')), RULES_FOLDER, found);
  for (const f of found) {
    const type = f.link ? undefined : typeOfFile(ctx, f.abs, false);
    add(f.abs, 'rule', false, { facts: { written: f.written }, ...(type === RULE_TYPE.manual ? manual(' in its header') : {}) });
  }

  const home: Found[] = [];
  userRules(ctx, P.join(ctx.homedir, ...RULES_FOLDER.split('/')), '', home, new Set(), new Set());
  for (const f of home) add(f.abs, 'rule', true, { facts: { written: f.written } });

  const user = P.join(ctx.homedir, ...USER_GUIDELINES.split('/'));
  if (ctx.lstat(user) !== undefined) add(user, 'guidelines', true, { report: { status: 'not-loaded', reason: NO_USER_GUIDELINES } });
  return out;
}
