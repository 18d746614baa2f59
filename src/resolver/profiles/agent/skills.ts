/**
 * Reading what agents list to their model beside instruction files (evidence `listings`): Agent
 * Skills folders (`<folder>/<name>/SKILL.md` with a `name:` and `description:` header), and the
 * markdown files of subagents and commands. Only the reading is shared: which folders, which
 * order, which names win and how an entry is written are each profile's own (its `discover`).
 * A file is read as every discovery read is (peek.ts): links followed only where the call's
 * boundary shows their real path, at most LISTING_FILE_BYTES, never throwing.
 */
import type { ListingEvidence } from '../../evidence';
import { canonicalIfExists, isInside } from '../../paths';
import type { DiscoverContext } from '../../profile';
import { type AgentHeader, agentHeader, scalarText } from './frontmatter';
import { type Peeked, kindOf, listInOrder, listNames, peekText } from './peek';

/** Bytes of a skill, agent or command file read at most (their headers are at the top). */
export const LISTING_FILE_BYTES = 256 * 1024;

/** A listing file read: where it is, its header and its text, or why it could not be read. */
export interface ListingFile {
  /** The path it was found at (links not resolved). */
  readonly abs: string;
  /** Its name in its folder (a skill: the folder's name; a file: its name). */
  readonly entry: string;
  readonly read: Peeked;
  /** The parsed header; undefined when the file could not be read. */
  readonly header: AgentHeader | undefined;
}

/** How a folder's entries are taken. */
export interface FolderOrder {
  /** `sorted`: by name (code units); `listed`: as the file system lists them (a directory read). */
  readonly order: 'sorted' | 'listed';
  /** The user's own folder (home): read wherever its links lead. Default false: the boundary decides. */
  readonly own?: boolean;
}

function entriesOf(ctx: DiscoverContext, dir: string, how: FolderOrder): string[] {
  if (kindOf(ctx.fs, dir) !== 'directory') return [];
  if (how.order === 'listed') return listInOrder(ctx.fs, dir);
  return [...listNames(ctx.fs, dir)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** One listing file read as every listing file is (links followed where the boundary shows them; `own`: the user's folder, read wherever it leads). */
export function readListingFile(ctx: DiscoverContext, abs: string, entry: string, own: boolean): ListingFile {
  const shows = own ? null : (real: string) => ctx.boundary.shows(real);
  const read = peekText(ctx.fs, abs, shows, LISTING_FILE_BYTES);
  return { abs, entry, read, header: read.ok ? agentHeader(read.text) : undefined };
}

/**
 * The skills of one skills folder: each entry that is a folder (or leads to one) holding `file`
 * (default `SKILL.md`), in the folder's order. A folder without the file is not a skill and is
 * left out; a file that cannot be read is returned with its reason (`read.ok` false).
 */
export function skillsIn(ctx: DiscoverContext, top: string, how: FolderOrder, file = 'SKILL.md'): ListingFile[] {
  const P = ctx.fs.path;
  const found: ListingFile[] = [];
  for (const name of entriesOf(ctx, top, how)) {
    const dir = P.join(top, name);
    if (kindOf(ctx.fs, dir) !== 'directory') continue;
    const abs = P.join(dir, file);
    if (kindOf(ctx.fs, abs) === undefined) continue;
    found.push(readListingFile(ctx, abs, name, how.own ?? false));
  }
  return found;
}

/** The files of one folder whose names end with one of `extensions` (`.md`), in the folder's order. */
export function filesIn(ctx: DiscoverContext, dir: string, extensions: readonly string[], how: FolderOrder): ListingFile[] {
  const P = ctx.fs.path;
  const found: ListingFile[] = [];
  for (const name of entriesOf(ctx, dir, how)) {
    if (!extensions.some((e) => name.endsWith(e))) continue;
    const abs = P.join(dir, name);
    if (kindOf(ctx.fs, abs) !== 'file') continue;
    found.push(readListingFile(ctx, abs, name, how.own ?? false));
  }
  return found;
}

/** A header key's text (a string, number or boolean written as one), or undefined. */
export function headerText(file: ListingFile, key: string): string | undefined {
  return scalarText(file.header?.attributes?.[key]);
}

/**
 * A listing file's path as evidence names files: inside or above the given root as `sources`
 * name them (root-relative, `../…`), in the user's home otherwise as `~/…`.
 */
export function listingPath(ctx: DiscoverContext, abs: string): string {
  const P = ctx.fs.path;
  if (!isInside(P, ctx.root, abs) && isInside(P, ctx.homedir, abs)) {
    return `~/${P.relative(ctx.homedir, abs).split(P.sep).join('/')}`;
  }
  return ctx.display(abs);
}

/** A listing entry that is not sent (text ''), with why. */
export function unsent(
  entry: Pick<ListingEvidence, 'kind' | 'name' | 'source' | 'place'>,
  status: Exclude<ListingEvidence['status'], 'included' | 'cut'>,
  reason: string,
): ListingEvidence {
  return { ...entry, status, reason, text: '' };
}

/** A skill found below a skills folder at any depth: the file, and its path from that folder (`/`-separated, links not resolved). */
export interface NestedSkill {
  readonly file: ListingFile;
  readonly rel: string;
}

/** How skillsBelow walks a skills folder. */
export interface NestedWalk extends FolderOrder {
  /** Folder levels below the top that are still searched (the top's own entries are level 1). */
  readonly maxDepth: number;
  /** Leave out entries whose names start with `.`. */
  readonly skipDotNames: boolean;
  /** Stop at a folder holding the skill file (do not look for skills inside a skill). Default false. */
  readonly stopAtSkill?: boolean;
}

/**
 * Every `file` (default `SKILL.md`) below `top` at any depth up to `how.maxDepth`, breadth first,
 * each folder's entries in `how.order`: the agents that find skills in nested folders
 * (`skills/group/name/SKILL.md`). Linked folders are followed; a folder reached twice (by its real
 * path) is walked once. Paths are as found (links not resolved).
 */
export function skillsBelow(ctx: DiscoverContext, top: string, how: NestedWalk, file = 'SKILL.md'): NestedSkill[] {
  const P = ctx.fs.path;
  if (kindOf(ctx.fs, top) !== 'directory') return [];
  const found: NestedSkill[] = [];
  const seen = new Set<string>([canonicalIfExists(ctx.fs, top)]);
  const queue: { dir: string; rel: string; depth: number }[] = [{ dir: top, rel: '', depth: 0 }];
  while (queue.length > 0) {
    const { dir, rel, depth } = queue.shift()!;
    const names = entriesOf(ctx, dir, how);
    if (rel !== '' && how.stopAtSkill && names.includes(file) && kindOf(ctx.fs, P.join(dir, file)) === 'file') {
      found.push({ file: readListingFile(ctx, P.join(dir, file), P.basename(dir), how.own ?? false), rel: `${rel}/${file}` });
      continue;
    }
    for (const name of names) {
      if (how.skipDotNames && name.startsWith('.')) continue;
      const abs = P.join(dir, name);
      const kind = kindOf(ctx.fs, abs);
      const childRel = rel === '' ? name : `${rel}/${name}`;
      if (kind === 'directory') {
        if (depth + 1 > how.maxDepth) continue;
        const real = canonicalIfExists(ctx.fs, abs);
        if (seen.has(real)) continue;
        seen.add(real);
        queue.push({ dir: abs, rel: childRel, depth: depth + 1 });
      } else if (kind === 'file' && name === file && !how.stopAtSkill) {
        found.push({ file: readListingFile(ctx, abs, P.basename(dir), how.own ?? false), rel: childRel });
      }
    }
  }
  return found;
}
