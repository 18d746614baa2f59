/**
 * Git as the agents run it in a capture. Most agents run `git status` (or `git rev-parse`, `git
 * log`) at start in the working directory; git then reads the repository's own `.git/config` and
 * runs what it names: clean and smudge filters for the paths `.gitattributes` gives them, an
 * fsmonitor hook, hooks (`post-index-change` when status rewrites the index), textconv and
 * external diff drivers, an ssh command, a pager. A repository that ships its own `.git` (an
 * archive, a folder captured on its own) controls all of that.
 *
 * Two guards, for every agent:
 * - `gitHazards` reads the git directory of the repository's top folder with git itself (`git
 *   config --file … --list`, which runs nothing) and names each key that would run a command;
 *   a capture with any is refused.
 * - `GIT_GUARD` is environment given to every agent (git's own configuration variables, which
 *   outrank every configuration file): no hooks, no fsmonitor, no pager.
 * Variables that would point git elsewhere (`GIT_DIR`, `GIT_CONFIG_*` …) from the repository's
 * own files are the drivers' to refuse (agents/hazards.ts).
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Configuration keys (lower-case, as git prints them) that make git run a command. */
const COMMAND_KEYS: readonly RegExp[] = [
  /^filter\..+\.(clean|smudge|process)$/,
  /^diff\..+\.(textconv|command)$/,
  /^diff\.external$/,
  /^merge\..+\.driver$/,
  /^core\.(fsmonitor|hookspath|sshcommand|pager|editor|askpass|gitproxy|alternaterefscommand)$/,
  /^(sequence\.editor|gpg\.program|gpg\..+\.program|credential\.helper|credential\..+\.helper|uploadpack\.packobjectshook)$/,
  /^(include\.path|includeif\..+\.path)$/,
  /^pager\..+$/,
  /^interactive\.difffilter$/,
  /^remote\..+\.(uploadpack|receivepack)$/,
];

/** Git LFS's own filter, as `git lfs install` writes it: the machine's git-lfs, not a command of the repository's. */
const LFS_FILTER = /^git-lfs (clean|smudge|filter-process)( -- %f)?$/;

/** `core.fsmonitor` set to a boolean is git's own monitor, not a command. */
function isCommandKey(key: string, value: string): boolean {
  if (/^filter\.lfs\.(clean|smudge|process)$/.test(key) && LFS_FILTER.test(value.trim())) return false;
  if (key === 'core.fsmonitor' && /^(true|false|yes|no|on|off|0|1)?$/i.test(value)) return false;
  if (key === 'core.hookspath') return false; // GIT_GUARD overrides it
  if (/^pager\./.test(key) && /^(true|false|yes|no|on|off|0|1)?$/i.test(value)) return false;
  return COMMAND_KEYS.some((re) => re.test(key));
}

/** The git directory of `top` (a `.git` folder, or the folder a `.git` file names), or null. */
export function gitDirOf(top: string): string | null {
  const dot = path.join(top, '.git');
  let st: fs.Stats;
  try {
    st = fs.statSync(dot);
  } catch {
    return null;
  }
  if (st.isDirectory()) return dot;
  if (!st.isFile()) return null;
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(fs.readFileSync(dot, 'utf8').slice(0, 4096));
  return m ? path.resolve(top, m[1]) : null;
}

/** The configuration files git reads for a git directory: its own, and the common one of a worktree. */
function configFiles(gitDir: string): string[] {
  const files = [path.join(gitDir, 'config')];
  try {
    const common = fs.readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim();
    if (common) files.push(path.join(path.resolve(gitDir, common), 'config'), path.join(gitDir, 'config.worktree'));
  } catch {}
  return files.filter((f) => fs.existsSync(f));
}

/**
 * Why git would run a command of the repository's in this capture, one line per key, or [] when
 * it would not. A configuration git cannot read is a hazard too (it could hide anything).
 */
export function gitHazards(top: string): string[] {
  const gitDir = gitDirOf(top);
  if (gitDir === null) return [];
  const out: string[] = [];
  for (const file of configFiles(gitDir)) {
    const r = spawnSync('git', ['config', '--file', file, '--no-includes', '--null', '--list'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: '/nonexistent' },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (r.error) {
      out.push(`${file}: cannot be read with git (${r.error.message})`);
      continue;
    }
    if (r.status !== 0) {
      out.push(`${file}: git cannot parse it (${(r.stderr || '').trim().split('\n')[0]})`);
      continue;
    }
    for (const entry of r.stdout.split('\0')) {
      if (entry === '') continue;
      const nl = entry.indexOf('\n');
      const key = (nl < 0 ? entry : entry.slice(0, nl)).toLowerCase();
      const value = nl < 0 ? '' : entry.slice(nl + 1);
      if (isCommandKey(key, value)) out.push(`${file}: ${key} = ${JSON.stringify(value.slice(0, 200))} would run a command`);
    }
  }
  return out;
}

/** git's own configuration variables for every agent: no hooks, no fsmonitor, no pager, no prompts. */
export const GIT_GUARD: Readonly<Record<string, string>> = {
  GIT_CONFIG_COUNT: '3',
  GIT_CONFIG_KEY_0: 'core.hooksPath',
  GIT_CONFIG_VALUE_0: '/dev/null',
  GIT_CONFIG_KEY_1: 'core.fsmonitor',
  GIT_CONFIG_VALUE_1: 'false',
  GIT_CONFIG_KEY_2: 'core.pager',
  GIT_CONFIG_VALUE_2: 'cat',
  GIT_TERMINAL_PROMPT: '0',
  GIT_PAGER: 'cat',
};
