/**
 * Run B of the two-run proof on a user's repository (`holaryn capture`): the repository as it
 * would be without some of its files, without touching it. The agent's sandbox removes them in the
 * run's own overlay (runner.ts: whiteouts in the run's upper folder, the repository never
 * written); the profile reads the repository through `withoutFiles`, which hides the same paths.
 */
import type { FsStat, ResolverFs } from '../resolver';
import { FsError } from '../resolver';

/** `fs` with the entries at `hidden` (absolute paths) gone, as a removal would leave them. */
export function withoutFiles(fs: ResolverFs, hidden: readonly string[]): ResolverFs {
  if (hidden.length === 0) return fs;
  const gone = new Set(hidden);
  const missing = (p: string) => new FsError('ENOENT', `ENOENT: no such file or directory, '${p}'`);
  const isGone = (p: string) => gone.has(fs.path.resolve(p));
  const kept = (dir: string, name: string) => !gone.has(fs.path.join(fs.path.resolve(dir), name));
  // A link that leads to a hidden file leads nowhere.
  const leadsToGone = (p: string) => {
    try {
      return fs.realpath !== undefined && gone.has(fs.realpath(p));
    } catch {
      return false;
    }
  };
  const { entryNames, entriesInOrder, listKinds, realpath } = fs;
  return {
    path: fs.path,
    caseInsensitive: fs.caseInsensitive,
    lstat: (p) => (isGone(p) ? undefined : fs.lstat(p)),
    stat: (p) => (isGone(p) || leadsToGone(p) ? undefined : fs.stat(p)),
    readlink: (p) => {
      if (isGone(p)) throw missing(p);
      return fs.readlink(p);
    },
    ...(realpath && {
      realpath: (p: string) => {
        const real = realpath.call(fs, p);
        if (isGone(p) || gone.has(real)) throw missing(p);
        return real;
      },
    }),
    ...(entryNames && { entryNames: (dir: string) => entryNames.call(fs, dir).filter((n) => kept(dir, n)) }),
    ...(entriesInOrder && { entriesInOrder: (dir: string) => entriesInOrder.call(fs, dir).filter((n) => kept(dir, n)) }),
    ...(listKinds && {
      listKinds: (dir: string) => new Map([...listKinds.call(fs, dir)].filter(([n]) => kept(dir, n))),
    }),
    open: (p: string, expected: FsStat) => {
      if (isGone(p)) throw missing(p);
      return fs.open(p, expected);
    },
  };
}
