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
import type { FsStat, ResolverFs } from './fs';

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

/** Whether two statuses are the same for FileCache: kind, size, mtime, device and inode. */
export function sameStatus(s: FsStat, t: FsStat): boolean {
  return s.kind === t.kind && s.size === t.size && s.mtimeMs === t.mtimeMs && s.dev === t.dev && s.ino === t.ino;
}

/** Whether two answers to the same question are the same (statuses by the fields FileCache keys on). */
function sameAnswer(a: Answer<unknown>, b: Answer<unknown>): boolean {
  if ('error' in a || 'error' in b) {
    if (!('error' in a && 'error' in b)) return false;
    const x = a.error as { code?: unknown; message?: unknown };
    const y = b.error as { code?: unknown; message?: unknown };
    return x?.code === y?.code && x?.message === y?.message;
  }
  const x = a.value as unknown;
  const y = b.value as unknown;
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x)) return Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i]);
  if (x instanceof Map) return y instanceof Map && x.size === y.size && [...x].every(([k, v]) => y.get(k) === v);
  return sameStatus(x as FsStat, y as FsStat);
}

/**
 * One moment of `fs` (see the module comment): `fs` is the view, and the moment remembers every
 * answer it gave, so that it can later tell whether the disk would still answer the same
 * (`stillHolds`), and how many files were opened through it.
 */
export class Moment {
  readonly fs: ResolverFs;
  /** Files opened through the view (their bytes are not part of the answers remembered). */
  opened = 0;
  private readonly asked: { answers: Map<string, Answer<unknown>>; ask: (key: string) => unknown }[] = [];

  constructor(readonly base: ResolverFs) {
    const fs = base;
    const question = <T>(ask: (key: string) => T) => {
      const answers = new Map<string, Answer<T>>();
      this.asked.push({ answers, ask });
      return (key: string) => remembered(answers, key, ask);
    };
    const { entryNames, entriesInOrder, listKinds, realpath } = fs;
    const names = entryNames && question((k) => entryNames.call(fs, k));
    const inOrder = entriesInOrder && question((k) => entriesInOrder.call(fs, k));
    this.fs = {
      path: fs.path,
      caseInsensitive: fs.caseInsensitive,
      lstat: question((k) => fs.lstat(k)),
      stat: question((k) => fs.stat(k)),
      readlink: question((k) => fs.readlink(k)),
      realpath: realpath && question((k) => realpath.call(fs, k)),
      // a copy each time: a caller may sort or change its list
      entryNames: names && ((dir) => [...names(dir)]),
      entriesInOrder: inOrder && ((dir) => [...inOrder(dir)]),
      listKinds: listKinds && question((k) => listKinds.call(fs, k)),
      open: (p, expected) => {
        this.opened++;
        return fs.open(p, expected);
      },
    };
  }

  /** Whether the underlying system answers every question asked so far as it did then (asking it again). */
  stillHolds(): boolean {
    for (const { answers, ask } of this.asked) {
      for (const [key, before] of answers) {
        let now: Answer<unknown>;
        try {
          now = { value: ask(key) };
        } catch (error) {
          now = { error };
        }
        if (!sameAnswer(before, now)) return false;
      }
    }
    return true;
  }
}

/** `fs` seen at one moment: each question asked of the disk once (see the module comment). */
export function momentFs(fs: ResolverFs): ResolverFs {
  return new Moment(fs).fs;
}
