/**
 * Paths as the capture layer and its drivers compare them: a path's real form, whether one path
 * is at or below another, and the folders an agent walks from its working directory up to the
 * repository's top.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The path with links resolved, or the path made absolute when it cannot be (it does not exist). */
export function realOrSelf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** Whether `p` is `dir` or below it (both absolute, in the same form). */
export function isUnder(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Where a walk up from `start` stops: `top`, or the nearest folder at or above `start` holding
 * a `.git` entry when that is above `top` (the agent's own root; a caller whose top is the
 * captured folder below the repository's root would otherwise leave the folders between out).
 */
export function walkStop(start: string, top: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return isUnder(top, dir) ? dir : top;
    if (path.dirname(dir) === dir) return top;
  }
}

/** The folders from `cwd` up to `top` (or to `/` when `top` is not above it), real paths, nearest first. */
export function foldersUp(cwd: string, top: string): string[] {
  const end = realOrSelf(top);
  const out: string[] = [];
  for (let d = realOrSelf(cwd); ; d = path.dirname(d)) {
    out.push(d);
    if (d === end || path.dirname(d) === d) return out;
  }
}
