/**
 * What Factory Droid 0.215.0 loads, as candidates in the order it sends them (read in the bundled
 * JavaScript of its binary: the guideline walk `YJA`/`eWt`, the session-start blocks `x60`/`K60`
 * and the discovery along accessed paths, class `tQ`; each rule checked by the oracle cases).
 *
 * At the start of a session:
 * 1. The folders, in order: the working directory, then its `.factory`, `.agents` and `.agent`,
 *    then the same for each parent up to the git root (the nearest folder holding a `.git` entry;
 *    without one, the working directory alone), then the home's `.factory`, `.agents` and `.agent`
 *    ("personal"). The home folder itself is never looked in.
 * 2. In each folder the names `CLAUDE.md`, `Claude.md`, `AGENTS.md`, `Agents.md`, `agents.md`
 *    (instructions) and, separately, `DESIGN.md`, `Design.md`, `design.md` (design guidelines):
 *    of the names that are one name but for case, the first that is a regular file. Droid checks
 *    with `lstat`: a linked file, or a folder reached through a link, is never read.
 *
 * When a tool reads a file (or lists a folder): the folders from just below the git root (or the
 * working directory) down to that file's folder, each with its `.factory`, `.agents` and `.agent`,
 * each name of the first list that is a regular file and was not sent yet (here the names that
 * differ only by case are each read).
 */
import type { PathApi } from '../../fs';
import { canonicalize } from '../../paths';
import type { DiscoverContext, Discovery, NamedCandidate } from '../../profile';
import { droidListings } from './listings';
import { FACTORY_FOLDERS, type WalkFolder, droidHome, gitRootOf, inside, sessionFolders, touchedFolders } from './folders';

/** The instruction names, in Droid's order. */
export const GUIDELINE_NAMES = ['CLAUDE.md', 'Claude.md', 'AGENTS.md', 'Agents.md', 'agents.md'] as const;
/** The design-guideline names, in Droid's order (read at the start only). */
export const DESIGN_NAMES = ['DESIGN.md', 'Design.md', 'design.md'] as const;
/** The reason a file loses to a name that differs only by case. */
export const CASE_TWIN = 'Droid reads one of the names that differ only by case in a folder at the start of a session: ';

/** The reason a file a read walks past is not sent: a link of the same folder, tried first, leads to it. */
export const CLAIMED =
  'on a read Droid takes each name by its real file, and a link tried before it in this folder leads to this file (Droid passes over the link, then this file): ';

/** The kind of a candidate, as its format frames it. */
export type DroidKind = 'coding' | 'design';

/** What one name in one folder is to Droid: a file it reads, a link it passes over, or nothing. */
type Entry = 'file' | 'link' | 'none';

export class DroidDiscovery {
  private readonly P: PathApi;
  private readonly cwd: string;
  private readonly home: string;
  private readonly git: string | undefined;
  private readonly out: NamedCandidate[] = [];
  /** Files sent so far, by path (the walk never meets one file under two paths that lstat accepts). */
  private readonly sent = new Set<string>();
  /** Candidates by path: their index in `out`. */
  private readonly listed = new Map<string, number>();
  /** Case twins not read at the start: a read may still send them. */
  private readonly twins = new Set<string>();

  constructor(private readonly ctx: DiscoverContext) {
    this.P = ctx.fs.path;
    this.cwd = ctx.root;
    this.home = droidHome(ctx.env, ctx.homedir, this.P);
    this.git = gitRootOf(ctx, this.cwd);
  }

  run(): NamedCandidate[] {
    const folders = sessionFolders(this.P, this.cwd, this.home, this.git);
    for (const f of folders) this.sessionFolder(f, GUIDELINE_NAMES, 'coding');
    for (const f of folders) this.sessionFolder(f, DESIGN_NAMES, 'design');
    this.touched();
    return this.out;
  }

  private entry(dir: string, name: string): Entry {
    const folder = this.ctx.lstat(dir);
    if (!folder || folder.kind !== 'directory') return 'none';
    const st = this.ctx.lstat(this.P.join(dir, name));
    if (!st) return 'none';
    if (st.kind === 'file') return 'file';
    return st.kind === 'symlink' ? 'link' : 'none';
  }

  /** How the evidence and Droid's `% cat` line name a file. */
  private names(dir: string, name: string, personal: boolean): { path: string; written: string } {
    const abs = this.P.join(dir, name);
    if (personal) {
      const shown = `~/${this.P.basename(dir)}/${name}`;
      return { path: shown, written: shown };
    }
    return { path: this.ctx.display(abs), written: abs };
  }

  private scope(dir: string, personal: boolean): NamedCandidate['scope'] {
    if (personal) return 'global';
    return inside(this.P, this.cwd, dir) ? 'workspace' : 'project';
  }

  /** The folder the file is for: the walked folder itself, or the one holding its `.factory`/`.agents`/`.agent`. */
  private owner(dir: string): string {
    return (FACTORY_FOLDERS as readonly string[]).includes(this.P.basename(dir)) ? this.P.dirname(dir) : dir;
  }

  private probe(dir: string, name: string): NamedCandidate['probe'] {
    const owner = this.owner(dir);
    return owner === dir ? { dir, name } : { dir: owner, name: `${this.P.basename(dir)}/${name}`, fixed: true };
  }

  private sessionFolder(folder: WalkFolder, names: readonly string[], kind: DroidKind): void {
    const { P } = this;
    const taken = new Map<string, string>();
    for (const name of names) {
      const abs = P.join(folder.dir, name);
      const e = this.entry(folder.dir, name);
      if (e === 'none') continue;
      const { path, written } = this.names(folder.dir, name, folder.personal);
      const base: Omit<NamedCandidate, 'delivery'> = {
        abs,
        path,
        scope: this.scope(folder.dir, folder.personal),
        directory: null,
        depth: folder.personal ? 0 : this.ctx.depthOf(this.ctx.display(this.owner(folder.dir))),
        filename: name,
        own: folder.personal,
        tag: kind,
        facts: { written, found: abs },
        ...(folder.personal ? {} : { probe: this.probe(folder.dir, name) }),
      };
      // A link: the pipeline passes over it with a diagnostic (load.symlinks 'refuse'), as Droid's lstat check does.
      if (e === 'link') {
        this.list(abs, { ...base, delivery: 'baseline' });
        continue;
      }
      const lower = name.toLowerCase();
      const winner = taken.get(lower);
      if (winner !== undefined) {
        this.list(abs, { ...base, delivery: 'baseline', report: { status: 'not-loaded', reason: `${CASE_TWIN}${winner} is read` } });
        if (kind === 'coding') this.twins.add(abs);
        continue;
      }
      taken.set(lower, path);
      if (kind === 'coding') this.sent.add(abs);
      this.list(abs, { ...base, delivery: 'baseline' });
    }
  }

  private list(abs: string, c: NamedCandidate): void {
    const at = this.listed.get(abs);
    if (at === undefined) {
      this.listed.set(abs, this.out.length);
      this.out.push(c);
    } else if (this.twins.delete(abs)) this.out[at] = c; // a case twin a read sends after all
  }

  /** Each target a read (a file) or a listing (a folder) touches, in order: the files it discovers. */
  private touched(): void {
    const { P, ctx } = this;
    const sentReal = new Set([...this.sent].map((f) => this.real(f)));
    ctx.targets.forEach((t, call) => {
      if (t.kind === 'missing') return;
      const abs = P.join(this.cwd, t.path);
      const dir = t.kind === 'directory' ? abs : P.dirname(abs);
      for (const owner of touchedFolders(P, dir, this.cwd, this.home, this.git)) {
        for (const folder of [owner, ...FACTORY_FOLDERS.map((f) => P.join(owner, f))]) {
          // Droid takes each name by its real file: a link claims its target, which is then passed over too.
          const claimed = new Map<string, string>();
          for (const name of GUIDELINE_NAMES) {
            const file = P.join(folder, name);
            const e = this.entry(folder, name);
            if (e === 'none') continue;
            const real = this.real(file);
            if (real === undefined) continue;
            const rel = ctx.display(owner);
            const base: NamedCandidate = {
              abs: file,
              path: ctx.display(file),
              scope: inside(P, this.cwd, owner) ? 'workspace' : 'project',
              directory: rel === '' ? null : rel,
              depth: ctx.depthOf(rel),
              filename: name,
              delivery: 'on-touch',
              tag: 'coding',
              facts: { written: file, found: file, call },
              probe: this.probe(folder, name),
            };
            const by = claimed.get(real);
            if (by !== undefined) {
              this.list(file, { ...base, report: { status: 'not-loaded', reason: `${CLAIMED}${by}` } });
              continue;
            }
            claimed.set(real, name);
            if (sentReal.has(real) || (this.listed.has(file) && !this.twins.has(file))) continue;
            // A link: the pipeline passes over it with a diagnostic, as Droid's lstat check does.
            if (e === 'file') {
              sentReal.add(real);
              this.sent.add(file);
            }
            this.list(file, base);
          }
        }
      }
    });
  }

  /** A path's real path, or undefined when it cannot be resolved (Droid passes over it). */
  private real(file: string): string | undefined {
    try {
      return canonicalize(this.ctx.fs, file).path;
    } catch {
      return undefined;
    }
  }
}

/** Droid's files for one call (the module comment), and what it lists beside them (listings.ts). */
export function droidDiscover(ctx: DiscoverContext): Discovery {
  return { candidates: new DroidDiscovery(ctx).run(), listings: droidListings(ctx) };
}

/**
 * The files of the user's home Droid reads: each name in its home folders, their skills folders
 * and the custom droids of `~/.factory/droids` (listings.ts).
 */
export function droidHomeFiles(P: PathApi, env: Readonly<Record<string, string | undefined>>, homedir: string): string[] {
  const home = droidHome(env, homedir, P);
  return [
    ...FACTORY_FOLDERS.flatMap((f) => [...GUIDELINE_NAMES, ...DESIGN_NAMES, 'skills'].map((n) => P.join(home, f, n))),
    P.join(home, '.factory', 'droids'),
  ];
}
