/**
 * The workspace walk's entry points for the command line and the editor: the real disk, the
 * whole walk at once, and the walk with pauses. The walk itself (ignore rules, one directory per
 * step) is src/resolver/walk.ts, where profiles can reach it too.
 */
import * as nodeFs from 'node:fs';
import * as nodePath from 'node:path';
import { FsError, createNodeFs, TreeWalk, WalkFs, WalkOptions, walkSteps } from '../resolver';
import { macrotask, runPaused, runToEnd } from './pause';

export { IgnoreRules, rulesForRoot, walkSteps } from '../resolver';
export type { DirEntry, TreeWalk, WalkFs, WalkOptions } from '../resolver';

/** The real disk. */
export function createNodeWalkFs(pathApi: typeof nodePath.posix = nodePath): WalkFs {
  return {
    ...createNodeFs(pathApi),
    readdir(p) {
      try {
        return nodeFs.readdirSync(p, { withFileTypes: true }).map((d) => ({
          name: d.name,
          kind: d.isFile() ? 'file' : d.isDirectory() ? 'directory' : d.isSymbolicLink() ? 'symlink' : 'other',
        }));
      } catch (err) {
        const e = err as NodeJS.ErrnoException;
        throw new FsError(e.code ?? 'EIO', e.message);
      }
    },
  };
}

/** The whole walk at once. */
export function walkTree(fs: WalkFs, rootPath: string, options: WalkOptions = {}): TreeWalk {
  return runToEnd(walkSteps(fs, rootPath, options));
}

/**
 * The walk with a pause (default: one macrotask) every `directoriesPerPause` directories, for an
 * editor; undefined once `isCancelled` says so (checked before every directory).
 */
export function walkTreeAsync(
  fs: WalkFs,
  rootPath: string,
  options: WalkOptions & { directoriesPerPause?: number; pause?: () => Promise<void>; isCancelled?: () => boolean } = {},
): Promise<TreeWalk | undefined> {
  const per = Math.max(1, options.directoriesPerPause ?? 200);
  const pause = options.pause ?? macrotask;
  let n = 0;
  return runPaused(walkSteps(fs, rootPath, options), () => (++n % per === 0 ? pause() : Promise.resolve()), options.isCancelled);
}
