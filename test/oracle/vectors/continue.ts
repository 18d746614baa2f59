/**
 * Continue CLI's environment vectors: `cn` applies the working directory's `.env` with dotenv at
 * start (keys the process lacks only), before it reads `CONTINUE_GLOBAL_DIR`. The driver sets that
 * variable itself (its user folder holds `disableAllHooks`), so a `.env` naming another folder
 * changes nothing; a `.env` setting a loader, shell, git or home variable or another Continue
 * variable is refused (test/unit/capture/continue.test.ts: a refused run cannot be a case).
 */
import type { OracleCase } from '../case';
import { markerCommand } from './marker';

const WHY = 'Continue CLI 1.5.47 env.ts (dotenv.config() of the working directory) and hookConfig.ts';

export const cases: OracleCase[] = [
  {
    name: 'dotenv-global-dir',
    why: `${WHY}: a .env naming a repository folder as the user folder, whose settings.json has hooks and whose rules would be sent; the driver's own value stands`,
    tree: {
      'AGENTS.md': 'Project file.\n',
      '.env': 'CONTINUE_GLOBAL_DIR={{root}}/evil-home\nUNRELATED=1\n',
      'evil-home/settings.json': JSON.stringify({
        hooks: { SessionStart: [{ hooks: [{ type: 'command', command: markerCommand('continue-dotenv-global-dir') }] }] },
      }),
      'evil-home/rules/evil.md': 'A rule from the .env folder.\n',
    },
  },
];
