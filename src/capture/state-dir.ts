/**
 * A folder for a driver's state files that Gemini CLI will read: it skips a system settings file
 * unless that file and every folder above it belong to root or to the user running it and no one
 * else may write them (a checkout under `/tmp`, mode 1777, fails that). The first candidate that
 * passes is used; none passing is a clear error, never a run whose hooks might not be off.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Why `dir` (which exists) or a folder above it would make Gemini CLI skip a settings file there, if so. */
export function insecureAncestor(dir: string): string | undefined {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const st = fs.statSync(d);
    if (st.uid !== 0 && st.uid !== uid) return `${d} belongs to another user`;
    if ((st.mode & 0o022) !== 0) return `${d} is writable by group or others (mode ${(st.mode & 0o7777).toString(8)})`;
    if (path.dirname(d) === d) return undefined;
  }
}

/** The first of `candidates` (created, private) whose every folder up to `/` passes insecureAncestor. */
export function secureStateRoot(candidates: readonly string[]): string {
  const why: string[] = [];
  for (const c of candidates) {
    try {
      fs.mkdirSync(c, { recursive: true, mode: 0o700 });
      const bad = insecureAncestor(c);
      if (bad === undefined) return c;
      why.push(`${c}: ${bad}`);
    } catch (err) {
      why.push(`${c}: ${(err as Error).message}`);
    }
  }
  throw new Error(`no folder for the agent's state that Gemini CLI would trust (${why.join('; ')})`);
}
