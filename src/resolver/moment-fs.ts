/**
 * A file system that answers each question once. Several resolutions meant to describe the same
 * moment — `compare`'s profiles over one workspace, the editor's Compare section — ask the same
 * lstat, stat, realpath, readlink and listing questions, one profile after the other: through a
 * moment view the disk is asked once, and every profile sees the same tree, even when it changes
 * meanwhile. Failures are kept and thrown again the same way.
 *
 * Files are still opened and read through the underlying system every time: `open` checks the
 * file against the status the caller holds, and FileCache decides what is read again.
 * Use one view for one set of resolutions, then drop it; it is not a cache to keep.
 */
import type { EntryKind, FsStat, ResolverFs } from './fs';

type Answer<T> = { value: T } | { error: unknown };

function remembered<T>(answers: Map<string, Answer<T>>, key: string, ask: (key: string) => T): T {
  let answer = answers.get(key);
  if (answer === undefined) {
    try {
      answer = { value: ask(key) };
    } catch (error) {
      answer = { error };
    }
    answers.set(key, answer);
  }
  if ('error' in answer) throw answer.error;
  return answer.value;
}

/** `fs` seen at one moment: each question asked of the disk once (see the module comment). */
export function momentFs(fs: ResolverFs): ResolverFs {
  const lstats = new Map<string, Answer<FsStat | undefined>>();
  const stats = new Map<string, Answer<FsStat | undefined>>();
  const links = new Map<string, Answer<string>>();
  const reals = new Map<string, Answer<string>>();
  const names = new Map<string, Answer<string[]>>();
  const kinds = new Map<string, Answer<ReadonlyMap<string, EntryKind>>>();
  const { entryNames, listKinds, realpath } = fs;
  return {
    path: fs.path,
    caseInsensitive: fs.caseInsensitive,
    lstat: (p) => remembered(lstats, p, (k) => fs.lstat(k)),
    stat: (p) => remembered(stats, p, (k) => fs.stat(k)),
    readlink: (p) => remembered(links, p, (k) => fs.readlink(k)),
    realpath: realpath && ((p) => remembered(reals, p, (k) => realpath.call(fs, k))),
    // a copy each time: a caller may sort or change its list
    entryNames: entryNames && ((dir) => [...remembered(names, dir, (k) => entryNames.call(fs, k))]),
    listKinds: listKinds && ((dir) => remembered(kinds, dir, (k) => listKinds.call(fs, k))),
    open: (p, expected) => fs.open(p, expected),
  };
}
