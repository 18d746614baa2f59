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
  return new RuleFolderWalker(ctx, walk).run();
}

/** An entry of a folder as the walk takes it: where it is (a followed link's real path), its kind, the link it came through. */
interface WalkedEntry {
  abs: string;
  kind: EntryKind | undefined;
  stat: FsStat | undefined;
  via: string | undefined;
}

/** One walk of a rule folder tree: the files found, the directories entered, the bounds met. */
class RuleFolderWalker {
  private readonly out: FoundRule[] = [];
  private readonly entered = new Set<string>();
  private cut = false;
  private tooDeep: string | undefined;

  constructor(
    private readonly ctx: DiscoverContext,
    private readonly walk: RuleFolderWalk,
  ) {}

  /** The top (followed or refused when a link), walked, and the depth bound said when reached. */
  run(): FoundRule[] {
    const { ctx, walk } = this;
    const fs = ctx.fs;
    let top: FsStat | undefined;
    try {
      top = fs.stat(walk.top);
    } catch (err) {
      this.say(
        'unreadable',
        walk.top,
        `${ctx.display(walk.top)} cannot be looked at (${err instanceof FsError ? err.code : 'EIO'}): its rule files are not seen`,
      );
      return this.out;
    }
    if (top === undefined || top.kind !== 'directory') return this.out;
    let start = walk.top;
    try {
      if (fs.lstat(walk.top)?.kind === 'symlink') {
        const real = canonicalize(fs, walk.top).path;
        const decision = walk.link(walk.top, real, 'directory');
        if (!decision.follow) {
          if (decision.why !== undefined) this.say('symlink-refused', walk.top, decision.why);
          return this.out;
        }
        if (!walk.keepLinkPaths) start = real;
      }
    } catch {
      // looked at above: a race, walked as it is
    }
    this.visit(start, 0, top);
    if (this.tooDeep !== undefined && !walk.agentsDepth)
      this.say(
        'too-large',
        walk.top,
        `${ctx.display(walk.top)} has folders more than ${walk.maxDepth} levels deep (first: ${ctx.display(this.tooDeep)}): Holaryn does not look below that depth`,
      );
    return this.out;
  }

  private say(code: 'unreadable' | 'too-large' | 'symlink-refused', abs: string, message: string): void {
    this.ctx.diagnostic(code, this.ctx.display(abs), null, message);
  }

  /** One directory, entered once by identity: its entries in the agent's order. */
  private visit(dir: string, depth: number, st: FsStat | undefined): void {
    const { ctx, walk } = this;
    const id = st === undefined ? undefined : `${st.dev}:${st.ino}`;
    if (id !== undefined) {
      if (this.entered.has(id)) return;
      this.entered.add(id);
    }
    const listed = listFolder(ctx, dir);
    if ('error' in listed) {
      this.say(
        'unreadable',
        dir,
        `${ctx.display(dir)} cannot be listed (${listed.error}): the rule files in it are not seen (${walk.agent} cannot list it either)`,
      );
      return;
    }
    const kinds = new Map(listed.map((e) => [e.name, e.kind]));
    for (const name of walk.order(listed, dir)) {
      if (this.cut) return;
      const entry = this.entry(dir, name, kinds.get(name));
      if (entry === undefined) continue;
      if (entry.kind === 'directory') this.descend(entry, depth);
      else if (!this.take(name, entry)) return;
    }
  }

  /** A directory entry with a link looked through (followed, refused or left out); undefined when it is passed over. */
  private entry(dir: string, name: string, listedKind: EntryKind | undefined): WalkedEntry | undefined {
    const { ctx, walk } = this;
    const fs = ctx.fs;
    let abs = joinUnder(fs.path, dir, name);
    let kind = listedKind;
    let stat: FsStat | undefined;
    let via: string | undefined;
    try {
      if (kind === undefined || kind === 'symlink') {
        stat = fs.stat(abs);
        if (stat === undefined) return undefined; // a dangling link, or gone since the listing
        if (kind === 'symlink' || fs.lstat(abs)?.kind === 'symlink') {
          const real = canonicalize(fs, abs).path;
          if (stat.kind !== 'file' && stat.kind !== 'directory') {
            if (walk.wanted(name, abs))
              this.say('unreadable', abs, `${ctx.display(abs)} leads to something that is not a regular file: not read`);
            return undefined;
          }
          const decision = walk.link(abs, real, stat.kind);
          if (!decision.follow) {
            if (decision.why !== undefined && (stat.kind === 'directory' || walk.wanted(name, abs)))
              this.say('symlink-refused', abs, decision.why);
            return undefined;
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
        this.say('unreadable', abs, `${ctx.display(abs)} cannot be looked at (${err instanceof FsError ? err.code : 'EIO'}): not read`);
      return undefined;
    }
    return { abs, kind, stat, via };
  }

  /** A subdirectory: walked unless past the depth bound (the first such is remembered). */
  private descend(entry: WalkedEntry, depth: number): void {
    if (depth >= this.walk.maxDepth) {
      this.tooDeep ??= entry.abs;
      return;
    }
    let sub: FsStat | undefined = entry.stat;
    try {
      sub ??= this.ctx.fs.stat(entry.abs);
    } catch {
      sub = undefined;
    }
    this.visit(entry.abs, depth + 1, sub);
  }

  /** A file entry: kept when it is a wanted regular file; false once the file bound cuts the walk. */
  private take(name: string, { abs, kind, via }: WalkedEntry): boolean {
    const { ctx, walk } = this;
    if (!walk.wanted(name, via ?? abs)) return true;
    if (kind !== 'file') {
      this.say('unreadable', abs, `${ctx.display(abs)} is not a regular file: not read`);
      return true;
    }
    if (this.out.length >= MAX_RULE_FILES) {
      this.cut = true;
      this.say(
        'too-large',
        walk.top,
        `${ctx.display(walk.top)} holds more than ${MAX_RULE_FILES} rule files (MAX_RULE_FILES): Holaryn takes the first ${MAX_RULE_FILES} in ${walk.agent}'s order and leaves out the rest, from ${ctx.display(via ?? abs)} on (${walk.agent} reads them all)`,
      );
      return false;
    }
    this.out.push(via === undefined ? { abs } : { abs, via });
    return true;
  }
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
