/** A case's files on disk: laying them out, and a fingerprint to prove a run changed nothing. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { OracleEntry } from './case';

/**
 * A `.git` folder git takes for a repository's (`HEAD`, `config`, `objects`, `refs/heads`), at the
 * top of a case's tree or of its folder `under`; an empty `.git` folder is none to git.
 */
export function gitRepository(under = ''): Record<string, OracleEntry> {
  const at = under === '' ? '.git' : `${under}/.git`;
  return {
    [`${at}/HEAD`]: 'ref: refs/heads/main\n',
    [`${at}/config`]: '[core]\n\trepositoryformatversion = 0\n',
    [`${at}/objects`]: { dir: true },
    [`${at}/refs/heads`]: { dir: true },
  };
}

/** The run's own directories, as case text names them (`{{root}}`, `{{home}}`, `{{outside}}`). */
export interface Places {
  root: string;
  home: string;
  outside: string;
}

export function expand(text: string, places: Places): string {
  return text.replace(/\{\{(root|home|outside)\}\}/g, (_, name: keyof Places) => places[name]);
}

/** Lays `entries` out under `dir` (which exists): folders, then files, then links. */
export function writeTree(dir: string, entries: Record<string, OracleEntry>, places: Places): void {
  const at = (rel: string) => {
    if (rel.split('/').some((s) => s === '..')) throw new Error(`a case path may not leave its folder: ${rel}`);
    return path.join(dir, rel);
  };
  const all = Object.entries(entries);
  for (const [rel, e] of all) if (typeof e === 'object' && 'dir' in e) fs.mkdirSync(at(rel), { recursive: true });
  for (const [rel, e] of all) {
    if (typeof e === 'string' || 'bytes' in e) {
      fs.mkdirSync(path.dirname(at(rel)), { recursive: true });
      fs.writeFileSync(at(rel), typeof e === 'string' ? expand(e, places) : Buffer.from(e.bytes));
    }
  }
  for (const [rel, e] of all) {
    if (typeof e === 'object' && 'link' in e) {
      fs.mkdirSync(path.dirname(at(rel)), { recursive: true });
      fs.symlinkSync(expand(e.link, places), at(rel));
    }
  }
}
