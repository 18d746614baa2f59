/**
 * Stage 2, discover (docs/contract.md §3): the directories each rule of the profile probes, the
 * candidate names in each, and the files the profile names itself (home, rule folders, config).
 * Only lstat/stat and directory listings: nothing is read here.
 */
import { Containment, SymlinkRule, errorCode, locateCandidate } from '../candidates';
import type { FsStat } from '../fs';
import { canonicalize, depthOf, joinRelative, parentOf } from '../paths';
import type { ChainExtent, DirectoryRule, DiscoverContext, Discovery, NamedCandidate, Profile } from '../profile';
import type { Found, Inputs, Io } from './types';

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface Chain {
  /** Root-relative directories, shallow first (`..` segments above the root). */
  dirs: string[];
  depth: ReadonlyMap<string, number>;
}

/** The directories from `levels` above the root down to just above it: `../..`, `..`. */
function above(levels: number, depth: Map<string, number>): string[] {
  const dirs: string[] = [];
  for (let k = levels; k >= 1; k--) {
    const dir = new Array<string>(k).fill('..').join('/');
    dirs.push(dir);
    depth.set(dir, -k);
  }
  return dirs;
}

/** Levels from the root up to the filesystem root. */
function levelsToTop(io: Io, root: string): number {
  const P = io.fs.path;
  let n = 0;
  for (let dir = root; P.dirname(dir) !== dir; dir = P.dirname(dir)) n++;
  return n;
}

/**
 * Every directory from the root down to each target's directory, each walked once however many
 * targets share it (a seen directory has all its ancestors). Depths are counted down from each
 * target's directory: counting every directory's slashes would cost a deep path its length once
 * per level.
 */
function targetChain(inputs: Inputs, withRoot: boolean, depth: Map<string, number>): string[] {
  const { targets: resolved, chainFrom } = inputs;
  const chain = new Set<string>();
  if (resolved.length > 0) {
    chain.add('');
    depth.set('', 0);
  }
  for (const t of resolved) {
    const dir = (chainFrom.size > 0 ? chainFrom.get(t.path) : undefined) ?? (t.kind === 'directory' ? t.path : parentOf(t.path));
    if (chain.has(dir)) continue;
    let k = depthOf(dir);
    for (let d = dir; d !== '' && !chain.has(d); d = parentOf(d), k--) {
      chain.add(d);
      depth.set(d, k);
    }
  }
  if (!withRoot) chain.delete('');
  return [...chain].sort((a, b) => depth.get(a)! - depth.get(b)! || compareCodeUnits(a, b));
}

/** The directories of one extent, shallow first. Nothing at all without targets. */

export function chainOf(extent: ChainExtent, inputs: Inputs, io: Io): Chain {
  const depth = new Map<string, number>();
  if (inputs.targets.length === 0) return { dirs: [], depth };
  const projectLevels = inputs.projectRel === '' ? 0 : inputs.projectRel.split('/').length;
  switch (extent) {
    case 'project-to-target':
      return { dirs: [...above(projectLevels, depth), ...targetChain(inputs, true, depth)], depth };
    case 'project-to-cwd':
      depth.set('', 0);
      return { dirs: [...above(projectLevels, depth), ''], depth };
    case 'below-cwd-to-target':
      return { dirs: targetChain(inputs, false, depth), depth };
    case 'cwd':
      depth.set('', 0);
      return { dirs: [''], depth };
    case 'filesystem-to-cwd':
      depth.set('', 0);
      return { dirs: [...above(levelsToTop(io, inputs.root), depth), ''], depth };
    case 'project':
      depth.set(inputs.projectRel, -projectLevels);
      return { dirs: [inputs.projectRel], depth };
    case 'below-project-to-target': {
      const dirs = [...above(projectLevels, depth), ...targetChain(inputs, true, depth)];
      return { dirs: dirs.filter((d) => d !== inputs.projectRel), depth };
    }
    case 'above-project': {
      const all = above(levelsToTop(io, inputs.root), depth);
      return { dirs: all.slice(0, all.length - projectLevels), depth };
    }
  }
}

function symlinkRule(profile: Profile): SymlinkRule {
  return { name: profile.name, symlinks: profile.load.symlinks };
}

/** Candidates of one per-directory rule, in directory then name order. */
function directoryCandidates(rule: DirectoryRule, ruleIndex: number, profile: Profile, inputs: Inputs, io: Io, out: Found[]): void {
  const { fs, listings } = io;
  const P = fs.path;
  const rootPath = inputs.root;
  const { dirs, depth } = chainOf(rule.extent, inputs, io);
  const names = rule.names;
  const rankBase = rule.rankBase ?? 0;
  // Most candidates do not exist: on `/` paths one lstat of the plainly joined path says so
  // (directories on the chain are canonical and root-relative), or the directory's listing when
  // the targets had it read (a name stored otherwise is no candidate: names match exactly), and
  // only a candidate that exists (or cannot be checked) goes through the full location checks,
  // with the lstat already taken.
  const plainName = (name: string) => name.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
  const precheck = P.sep === '/' ? names.map(plainName) : names.map(() => false);
  const firstNames = names.map((name) => name.split('/')[0]);
  const rootPrefix = rootPath.endsWith('/') ? rootPath : `${rootPath}/`;
  // The walk's own plain names in its own directories are never checked (see Boundary.shows): a
  // link, or a name with a separator, must lead into the workspace or the agent's own folders.
  const containment: Containment = { allows: (real) => io.boundary.contains(real) };
  for (const dir of dirs) {
    const listing = listings.of(dir === '' ? rootPath : rootPrefix + dir);
    const d = depth.get(dir)!;
    const delivery = rule.delivery === 'by-depth' ? (d <= 0 ? 'baseline' : 'on-touch') : rule.delivery;
    const scope = d < 0 ? 'project' : 'workspace';
    const group = rule.pick === 'first' ? `${ruleIndex}\0${dir}` : undefined;
    for (let c = 0; c < names.length; c++) {
      const filename = names[c];
      const rel = joinRelative(dir, filename);
      let st: FsStat | undefined;
      if (precheck[c]) {
        if (listing && !listing.has(firstNames[c])) continue;
        try {
          st = fs.lstat(rootPrefix + rel);
          if (!st) continue;
        } catch {
          // locateCandidate looks again and reports it
        }
      }
      const located = locateCandidate(fs, rootPath, rel, filename, symlinkRule(profile), st, containment);
      if (!located) continue;
      out.push({ path: rel, scope, directory: dir, depth: d, filename, rank: rankBase + c, delivery, group, report: rule.report, located });
    }
  }
}

/** A file the profile names itself: the user's own (followed freely) or a repository file (contained). */
function namedCandidate(n: NamedCandidate, profile: Profile, inputs: Inputs, io: Io, ctx: DiscoverContext): Found | undefined {
  const { fs } = io;
  // One literal with every key: on Node 20, spreading a base object and adding `located` would
  // build a hidden class per object.
  const found = (located: Found['located']): Found => ({
    path: n.path,
    scope: n.scope,
    directory: n.directory,
    depth: n.depth,
    filename: n.filename,
    rank: n.rank ?? 0,
    delivery: n.delivery,
    report: n.report,
    note: n.note,
    group: n.group,
    trim: n.trim,
    yieldsToSameFile: profile.hooks?.dedupe?.yieldsToSameFile?.(n, ctx.fs),
    applicability: n.applicability,
    otherwise: n.otherwise,
    tag: n.tag,
    facts: n.facts,
    preread: n.preread,
    located,
  });
  if (n.own) {
    const name = n.path;
    try {
      const st = fs.stat(n.abs);
      if (!st) return undefined;
      if (st.kind !== 'file') return found({ ok: false, reason: 'unreadable', message: `${name} is not a regular file; skipped` });
      return found({ ok: true, canonical: canonicalize(fs, n.abs).path, stat: st });
    } catch (err) {
      return found({ ok: false, reason: 'unreadable', message: `${name} cannot be read (${errorCode(err)}); skipped` });
    }
  }
  const rel = ctx.display(n.abs);
  // A path the profile built: its folders may be links, its name may hold `..` (a name from
  // settings), so its real path is always checked.
  const probe = n.probe;
  const containment: Containment = { allows: (real) => io.boundary.shows(real, probe), always: true };
  const located = locateCandidate(fs, inputs.root, rel, fs.path.basename(n.abs), symlinkRule(profile), undefined, containment);
  return located && found(located);
}

/** What a profile's discovery said, as a Discovery whichever form it took (a bare list: candidates only). */
function answerOf(given: NamedCandidate[] | Discovery | undefined): Discovery {
  if (given === undefined) return NOTHING_LEARNT;
  return Array.isArray(given) ? { candidates: given } : given;
}

const NOTHING_LEARNT: Discovery = Object.freeze({ candidates: Object.freeze([]) as readonly NamedCandidate[] });

/**
 * The candidates, located, and what the profile's own discovery learnt on the way (its answer,
 * handed on by the pipeline to trust, fit, format and evidence).
 */
export function discover(profile: Profile, inputs: Inputs, io: Io, ctx: DiscoverContext): { found: Found[]; discovery: Discovery } {
  const found: Found[] = [];
  if (inputs.targets.length === 0) return { found, discovery: NOTHING_LEARNT };
  const discovery = answerOf(profile.discover?.(ctx));
  for (const n of discovery.candidates) {
    const f = namedCandidate(n, profile, inputs, io, ctx);
    if (f) found.push(f);
  }
  profile.directories.forEach((rule, k) => directoryCandidates(rule, k, profile, inputs, io, found));
  return { found, discovery };
}
