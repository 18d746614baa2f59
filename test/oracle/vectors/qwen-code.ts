/**
 * Qwen Code's environment vectors: Qwen loads the first `.env` it finds from the working directory
 * up (`.qwen/.env`, then `.env`, in each folder), the home's, and the settings' `env`, and runs
 * `git status` at start in a repository. The driver's system settings exclude every key of a
 * `.env` Qwen filters (these cases); a `.qwen/.env`, home `.env` or settings `env` with GIT_DIR
 * is refused (test/unit/capture/qwen-code.test.ts: a refused run cannot be a case).
 */
import type { OracleCase } from '../case';
import { plainGitDir, preloadEnvLines, preloadLibrary } from './env-payloads';

const WHY = 'Qwen Code 0.24.4 loadEnvironment/findEnvFiles (bundle chunk: .env files, settings env, excludedEnvVars)';

export const cases: OracleCase[] = [
  {
    name: 'dotenv-git-dir',
    why: `${WHY}: GIT_DIR from the project .env makes the git status Qwen runs at start read a committed git directory whose filter runs a command`,
    tree: { 'QWEN.md': 'Project file.\n', ...plainGitDir('gitdir', 'qwen-dotenv-git-dir'), '.env': 'GIT_DIR={{root}}/gitdir\n' },
  },
  {
    name: 'parent-dotenv-git-dir',
    why: `${WHY}: the .env is looked for in every folder from the working directory up`,
    tree: {
      'sub/QWEN.md': 'Sub file.\n',
      ...plainGitDir('gitdir', 'qwen-parent-dotenv-git-dir'),
      '.env': 'GIT_DIR={{root}}/gitdir\nGIT_WORK_TREE={{root}}\n',
    },
    cwd: 'sub',
  },
  {
    name: 'dotenv-ld-preload',
    why: `${WHY}: LD_PRELOAD from the project .env`,
    tree: {
      'QWEN.md': 'Project file.\n',
      'preload.so': preloadLibrary(),
      '.env': preloadEnvLines('{{root}}/preload.so', 'qwen-dotenv-ld-preload'),
    },
  },
  {
    name: 'settings-runtime-output-dir',
    why: 'Qwen Code 0.24.4 settings schema: advanced.runtimeOutputDir (temp files, debug logs, session data) of a workspace aimed outside; seen writing nothing there in a -p run with chat recording off, kept so a release that does is caught',
    tree: {
      'QWEN.md': 'Project file.\n',
      '.qwen/settings.json': JSON.stringify({ advanced: { runtimeOutputDir: '{{outside}}' }, $version: 4 }),
    },
  },
];
