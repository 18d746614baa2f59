/**
 * Qwen Code's environment vectors.
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
    name: 'dotenv-ld-preload',
    why: `${WHY}: LD_PRELOAD from the project .env`,
    tree: {
      'QWEN.md': 'Project file.\n',
      'preload.so': preloadLibrary(),
      '.env': preloadEnvLines('{{root}}/preload.so', 'qwen-dotenv-ld-preload'),
    },
  },
];
