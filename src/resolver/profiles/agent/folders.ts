/**
 * An agent's rule folders (Claude Code's `.claude/rules`, Copilot's instruction folders), walked
 * for the files the agent takes from them. The agents walk without bound; here the walk keeps
 * MAX_RULE_FILES files per folder tree, and every place it leaves something out says so: a folder
 * that cannot be listed or an entry that cannot be looked at (`unreadable`), an entry named like a
 * rule that is not a regular file (`unreadable`), the file bound or the depth bound reached
 * (`too-large`, naming the bound). Each directory is entered once (by device and inode), so links
 * looping back cannot multiply the walk. What a link leads to is the profile's decision.
 */
import type { EntryKind, FsStat } from '../../fs';
import { FsError } from '../../fs';
import { MAX_RULE_FILES } from '../../limits';
import { canonicalize, joinUnder } from '../../paths';
import type { DiscoverContext } from '../../profile';

/** A directory's entries with their own kinds (links not followed), or the error code listing it failed with. */
export function listFolder(ctx: DiscoverContext, dir: string): { name: string; kind: EntryKind | undefined }[] | { error: string } {
  const { fs } = ctx;
  try {
    if (fs.listKinds) return [...fs.listKinds(dir)].map(([name, kind]) => ({ name, kind }));
    const names = fs.entryNames ? fs.entryNames(dir) : [];
    return names.map((name) => {
      try {
        return { name, kind: fs.lstat(fs.path.join(dir, name))?.kind };
      } catch {
        return { name, kind: undefined };
      }
    });
  } catch (err) {
    return { error: err instanceof FsError ? err.code : 'EIO' };
  }
}

/** What a profile does with a symbolic link met in the walk. */
export type LinkDecision =
  /** Walk or take what it leads to, under its real path. */
  | { follow: true }
  /** Leave it out; `why` is said in a diagnostic on the link (none: silently). */
  | { follow: false; why?: string };

export interface RuleFolderWalk {
  /** The folder tree's top (absolute); nothing is said when it does not exist. */
  top: string;
  /** Levels below the top that are entered. */
  maxDepth: number;
  /** The depth bound is the agent's own (it looks no deeper either): reaching it is not said. */
  agentsDepth?: boolean;
  /** Whether a regular file of this name is one of the agent's rules. */
  wanted(name: string, abs: string): boolean;
  /** A folder's entry names in the agent's walking order (`dir`: the folder, absolute). */
  order(entries: readonly { name: string; kind: EntryKind | undefined }[], dir: string): string[];
  /** What to do with a link, given where it leads (canonical) and what is there. */
  link(abs: string, real: string, kind: 'file' | 'directory'): LinkDecision;
  /** A followed link's files keep the path through the link (the agent names them so); default their real path. */
  keepLinkPaths?: boolean;
  /** The agent's name, for the messages. */
  agent: string;
}

/** A rule file found: `abs` is where to read it (a followed link's real path), `via` the link it was found through. */
export interface FoundRule {
  abs: string;
  via?: string;
}

/**
 * The rule files of one folder tree, in the agent's order, at most MAX_RULE_FILES (see the module
 * comment for what is said where).
 */
export function walkRuleFolder(ctx: DiscoverContext, walk: RuleFolderWalk): FoundRule[] {
  const { fs } = ctx;
  const P = fs.path;
  const out: FoundRule[] = [];
  const entered = new Set<string>();
  let cut = false;
  let tooDeep: string | undefined;
  const say = (code: 'unreadable' | 'too-large' | 'symlink-refused', abs: string, message: string) =>
    ctx.diagnostic(code, ctx.display(abs), null, message);
  const identity = (st: FsStat | undefined) => (st === undefined ? undefined : `${st.dev}:${st.ino}`);

  const visit = (dir: string, depth: number, st: FsStat | undefined): void => {
    const id = identity(st);
    if (id !== undefined) {
      if (entered.has(id)) return;
      entered.add(id);
    }
    const listed = listFolder(ctx, dir);
    if ('error' in listed) {
      say(
        'unreadable',
        dir,
        `${ctx.display(dir)} cannot be listed (${listed.error}): the rule files in it are not seen (${walk.agent} cannot list it either)`,
      );
      return;
    }
    const kinds = new Map(listed.map((e) => [e.name, e.kind]));
    for (const name of walk.order(listed, dir)) {
      if (cut) return;
      let abs = joinUnder(P, dir, name);
      let kind: EntryKind | undefined = kinds.get(name);
      let stat: FsStat | undefined;
      let via: string | undefined;
      try {
        if (kind === undefined || kind === 'symlink') {
          stat = fs.stat(abs);
          if (stat === undefined) continue; // a dangling link, or gone since the listing
          if (kind === 'symlink' || fs.lstat(abs)?.kind === 'symlink') {
            const real = canonicalize(fs, abs).path;
            if (stat.kind !== 'file' && stat.kind !== 'directory') {
              if (walk.wanted(name, abs))
                say('unreadable', abs, `${ctx.display(abs)} leads to something that is not a regular file: not read`);
              continue;
            }
            const decision = walk.link(abs, real, stat.kind);
            if (!decision.follow) {
              if (decision.why !== undefined && (stat.kind === 'directory' || walk.wanted(name, abs)))
                say('symlink-refused', abs, decision.why);
              continue;
            }
            if (!walk.keepLinkPaths) {
              via = abs;
              abs = real;
            }
          }
          kind = stat.kind;
        }
      } catch (err) {
        if (walk.wanted(name, abs) || kind === 'symlink' || kind === undefined)
          say('unreadable', abs, `${ctx.display(abs)} cannot be looked at (${err instanceof FsError ? err.code : 'EIO'}): not read`);
        continue;
      }
      if (kind === 'directory') {
        if (depth >= walk.maxDepth) {
          tooDeep ??= abs;
          continue;
        }
        let sub: FsStat | undefined = stat;
        try {
          sub ??= fs.stat(abs);
        } catch {
          sub = undefined;
        }
        visit(abs, depth + 1, sub);
        continue;
      }
      if (!walk.wanted(name, via ?? abs)) continue;
      if (kind !== 'file') {
        say('unreadable', abs, `${ctx.display(abs)} is not a regular file: not read`);
        continue;
      }
      if (out.length >= MAX_RULE_FILES) {
        cut = true;
        say(
          'too-large',
          walk.top,
          `${ctx.display(walk.top)} holds more than ${MAX_RULE_FILES} rule files (MAX_RULE_FILES): Holaryn takes the first ${MAX_RULE_FILES} in ${walk.agent}'s order and leaves out the rest, from ${ctx.display(via ?? abs)} on (${walk.agent} reads them all)`,
        );
        return;
      }
      out.push(via === undefined ? { abs } : { abs, via });
    }
  };

  let top: FsStat | undefined;
  try {
    top = fs.stat(walk.top);
  } catch (err) {
    say(
      'unreadable',
      walk.top,
      `${ctx.display(walk.top)} cannot be looked at (${err instanceof FsError ? err.code : 'EIO'}): its rule files are not seen`,
    );
    return out;
  }
  if (top === undefined || top.kind !== 'directory') return out;
  let start = walk.top;
  try {
    if (fs.lstat(walk.top)?.kind === 'symlink') {
      const real = canonicalize(fs, walk.top).path;
      const decision = walk.link(walk.top, real, 'directory');
      if (!decision.follow) {
        if (decision.why !== undefined) say('symlink-refused', walk.top, decision.why);
        return out;
      }
      if (!walk.keepLinkPaths) start = real;
    }
  } catch {
    // looked at above: a race, walked as it is
  }
  visit(start, 0, top);
  if (tooDeep !== undefined && !walk.agentsDepth)
    say(
      'too-large',
      walk.top,
      `${ctx.display(walk.top)} has folders more than ${walk.maxDepth} levels deep (first: ${ctx.display(tooDeep)}): Holaryn does not look below that depth`,
    );
  return out;
}

/**
 * Adds to `dirs` the root-relative directories on the chain of the `/`-separated `path`: each
 * ancestor below the root, and `path` itself when `withSelf`. From the deepest one up, stopping at
 * the first already there (its ancestors are too): many targets in one deep folder cost one
 * look-up each, not the square of their depth.
 */
export function addChainDirectories(dirs: Set<string>, path: string, withSelf: boolean): void {
  if (path === '') return;
  let end = withSelf ? path.length : path.lastIndexOf('/');
  while (end > 0) {
    const dir = path.slice(0, end);
    if (dirs.has(dir)) return;
    dirs.add(dir);
    end = path.lastIndexOf('/', end - 1);
  }
}
