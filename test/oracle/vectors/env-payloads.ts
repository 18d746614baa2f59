/**
 * Payloads for environment vectors (a repository's `.env` or settings `env` naming a loader or git
 * variable): a preload library that runs a command, and a git directory committed as plain files
 * whose clean filter runs a command. Both write the marker of marker.ts when they run.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { OracleEntry } from '../case';
import { markerScript } from './marker';

/**
 * A Linux x86-64 shared library (gzip, base64) whose constructor unsets `LD_PRELOAD` and runs
 * `system(getenv("HOLARYN_PRELOAD_CMD"))`. Built from:
 * `__attribute__((constructor)) static void m(void){ const char*s=getenv("HOLARYN_PRELOAD_CMD"); unsetenv("LD_PRELOAD"); if(s) system(s); }`
 * with `gcc -shared -fPIC -Os -s`.
 */
const PRELOAD_SO_GZ_BASE64 =
  'H4sIAAAAAAACA+1YX2gcRRifvbskmya9O0tKk0uaO6TBxuqSRCPVGpv/2dTExpiAEmXZy21yJ/cn3G3SpBQMDS2ktRCEvkgefCq+CIrig09XUkufJD4IBUXzUriDKkGpRB9yztx+XzI73JoKgj7cB7u/+Wa+3843M9/Mzsx7AyODLkkiKG7yCtnXCOkGrH+CzztNKum7gdQXbSuIs0xU2pH4LWA8lrV92NK3j9uxzWXhaZed5wKe7LV0udmOWcmOMtDHHpgRD8UvwFkRTxA7egBfp7xK8vgCbpJxqM+pfX6XHbHPJe75JzJJnyMO/oRK5BsO9pKD/dsO9s842A/S58lSjmrabCKV1DKmnjY1jWjDE6NaxEgbs7GMaaQnRvviqaQxoYfjhlVWukSbXtS1mVhSj8cuGmTWMI3kAplPZqxEZokyEiQeC08rmZTyAhkaGe7t0zqUDqWzGEMS92C7JRLnxm8+EKtmlgvEPm4YT8sQNztC/kcYOM32/G6wrw/Z81G/F7SwEmIcZZPL93D597l8Pj63uPwqvt+hniohtmQu383HDZfPz2915aGsXq+42UiTV7Kmq7CprtyRN/bKC50f0qJCyzp9+4LdNMX0KCvKbxWotHzAdOZCfrOoX2M6a3I+W9TPUX1mDb/3hnqj62eKuc9pGU0/Yj6sbuTuMPXK92a1uvrTVP4W1aY2WH3UZJj5dqOil8GLO+ZR6u6PAcvd6sKWL7jMvrsBSO0bivadRxi07qqr2+rtX86qt3fcqnRX/XbXrKMf+AQ+IBe2ZnzB/n3+b77mP5e7vguwkDk1qa50XQsUPXxg1qrXu76kSq6VOpeL0Nfd4mekdyjXxs9foIXYt6w31fMjPeNvvaaNjQ+MnO/p1/pG+8lIP6pEanSfCcF4re8WCi9T/IFihOJDipco1mFcXxwn0qJfaqytktcka31ros+b1K64tnv9g976c76aC/IyORs48/RzJ4rTlvFpM8kctZO58W+CtSBK89ncJz1e/4orcsgrD9T0eGVSlrKUpSxlKUtZ/n+C+1bcp+K+FPeEccBawDawg2MMeR/sG4R9caNw/gkQ+z64idj3vY92CymGa1Ax7jHnXPv7VyafQvkh0C8D1uD+ee/cakkuuH9OLO7vAHE/hHviY2jvtuefdNv9zAJWC/XR7U/RfxnsC6BjP26D/is48gfonv9o3PF8LMoMOLQAeNVjP5cM9fW9FDrZb4RjejLUzk5Qbc+2P38qYoTbO+bbWyGLECUTzZhpUw8TZTY5r0T1TJQokaVkZilhoZm2ShaMdCaWStoUjZaljbjODCE1FzeJEkvG6JsmldkUTZjGIn3TU1+MGqUiuqkTxYhqM2k9YWjRSHpfs6iank7rSxYD07QGPRGbJuyLViXWd8KZDFGmU4mEkTT/jf5m8fk7HXOMQ4xzRJwPLmFeoByFb7iEeYCY5eJe4s+TgMehzCXMK8TLJc79vLRATCMf4xjRL/gvYgfMkb32ue0YcvAfpQfmikuYl4hZh/7D9r8K/F5hniOqHL+uBH+Su6Pi10HEY4K/4rweE/hjHjt2O9wbIU4J/DWPHcX+kgWMCHxc7xHzDvWjvCvwcd1HrD6g/XPA7wD9ZoUdgw7xh7gIaRxfp/s6p/qvCvz7FXa85NB/KOwCwsv9V/bu7w6X7i+x/9fp4+PvVHD99T7e+H0Mfe8W1m+898T7TbfAQ780aD+W4/3SPZ99/jnV/5nAx/9qDvhtB/C/Evj4P6n3/337CffflTl+CPghB764fn0NeaKfyH/qgPiThPswlCHgf3NA/X8BRBlu21gXAAA=';

/** The preload library's bytes, as a tree entry. */
export function preloadLibrary(): OracleEntry {
  return { bytes: [...gunzipSync(Buffer.from(PRELOAD_SO_GZ_BASE64, 'base64'))] };
}

/** `.env` lines that make every dynamically linked program started with them write the marker `name`. */
export function preloadEnvLines(library: string, name: string): string {
  return `LD_PRELOAD=${library}\nHOLARYN_PRELOAD_CMD='${markerScript(name)}'\n`;
}

/** A git configuration value, quoted (markerScript holds `;` and `"`). */
function gitQuote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

let index: number[] | undefined;

/** The index of a repository holding `tracked.txt` (TRACKED_TEXT), made once by git itself. */
function trackedIndex(): number[] {
  if (index) return index;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-git-index-'));
  try {
    execFileSync('git', ['init', '-q', dir]);
    fs.writeFileSync(path.join(dir, 'tracked.txt'), TRACKED_TEXT);
    execFileSync('git', ['-C', dir, 'add', 'tracked.txt']);
    index = [...fs.readFileSync(path.join(dir, '.git', 'index'))];
    return index;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const TRACKED_TEXT = 'A tracked file.\n';

/** Tree entries: the repository's own `.git`, as a clone has it (no commit, no index: a status writes nothing). */
export function ownGitDir(): Record<string, OracleEntry> {
  return {
    '.git/HEAD': 'ref: refs/heads/main\n',
    '.git/config': '[core]\n\trepositoryformatversion = 0\n\tbare = false\n',
    '.git/objects': { dir: true },
    '.git/refs/heads': { dir: true },
  };
}

/**
 * Tree entries: the repository's own `.git` (ownGitDir: agents run git only in a repository), and a git directory at `dir` committed as plain files (HEAD, a config whose filter
 * `x` cleans through a command writing the marker `name`, objects, refs, an index tracking
 * `tracked.txt`), that file, and `.gitattributes` sending every file through the filter: a
 * `git status` run with `GIT_DIR` on that folder runs the filter.
 */
export function plainGitDir(dir: string, name: string): Record<string, OracleEntry> {
  return {
    ...ownGitDir(),
    [`${dir}/HEAD`]: 'ref: refs/heads/main\n',
    [`${dir}/config`]: `[core]\n\trepositoryformatversion = 0\n\tbare = false\n[filter "x"]\n\tclean = ${gitQuote(`/bin/sh -c '${markerScript(name)}; cat'`)}\n`,
    [`${dir}/objects`]: { dir: true },
    [`${dir}/refs/heads`]: { dir: true },
    [`${dir}/index`]: { bytes: trackedIndex() },
    'tracked.txt': TRACKED_TEXT,
    '.gitattributes': '* filter=x\n',
  };
}
