/**
 * The folders Factory Droid 0.215.0 walks (discover.ts's module comment says the order): the
 * start-of-session walk, the folders a read discovers, its home and the git root that bounds both.
 * Discovery and the listings both walk them.
 */
import type { PathApi } from '../../fs';
import type { DiscoverContext } from '../../profile';

/** The folders of each walked folder Droid also looks in. */
export const FACTORY_FOLDERS = ['.factory', '.agents', '.agent'] as const;
/** The home's folders of Droid's own kind that the walk passes over (they are read last, as personal). */
const HOME_OWN = ['.factory', '.factory-dev', '.agents', '.agent'];

/** Droid's home: `FACTORY_HOME_OVERRIDE` when set, else the user's home. */
export function droidHome(env: Readonly<Record<string, string | undefined>>, homedir: string, P: PathApi): string {
  const override = env.FACTORY_HOME_OVERRIDE;
  return P.resolve(override !== undefined && override !== '' ? override : homedir);
}

/** The nearest folder at or above `dir` holding a `.git` entry (a file or a folder, links followed), or undefined. */
export function gitRootOf(ctx: Pick<DiscoverContext, 'fs'>, dir: string): string | undefined {
  const P = ctx.fs.path;
  for (let d = dir; ; d = P.dirname(d)) {
    try {
      const st = ctx.fs.stat(P.join(d, '.git'));
      if (st && (st.kind === 'directory' || st.kind === 'file')) return d;
    } catch {
      // unreadable: Droid goes on up
    }
    if (P.dirname(d) === d) return undefined;
  }
}

export function inside(P: PathApi, dir: string, abs: string): boolean {
  const rel = P.relative(dir, abs);
  return rel === '' || (!rel.startsWith('..') && !P.isAbsolute(rel));
}

/** One folder of the start-of-session walk. */
export interface WalkFolder {
  readonly dir: string;
  readonly personal: boolean;
}

/** The folders of the start-of-session walk, in Droid's order (module comment, step 1). */
export function sessionFolders(P: PathApi, cwd: string, home: string, git: string | undefined): WalkFolder[] {
  const personal = FACTORY_FOLDERS.map((f) => P.join(home, f));
  const skipped = new Set(HOME_OWN.map((f) => P.join(home, f)));
  const seen = new Set<string>();
  const out: WalkFolder[] = [];
  for (let h = cwd; ;) {
    if (h !== home && !seen.has(h)) {
      seen.add(h);
      out.push({ dir: h, personal: personal.includes(h) });
    }
    for (const f of FACTORY_FOLDERS) {
      const w = P.join(h, f);
      if (!skipped.has(w) && !seen.has(w)) {
        seen.add(w);
        out.push({ dir: w, personal: false });
      }
    }
    if (git === undefined || h === git) break;
    const up = P.dirname(h);
    if (up === h) break;
    h = up;
  }
  for (const dir of personal) if (!seen.has(dir)) out.push({ dir, personal: true });
  return out;
}

/** The folders a read of a file in `dir` discovers, top first (module comment, last paragraph). */
export function touchedFolders(P: PathApi, dir: string, cwd: string, home: string, git: string | undefined): string[] {
  if (HOME_OWN.filter((f) => f !== '.factory-dev').some((f) => inside(P, P.join(home, f), dir))) return [];
  const boundary = git ?? cwd;
  if (!inside(P, boundary, dir)) return [];
  const rel = P.relative(boundary, dir);
  const out: string[] = [];
  let at = boundary;
  for (const part of rel.split(P.sep).filter(Boolean)) {
    at = P.join(at, part);
    out.push(at);
  }
  return out;
}
