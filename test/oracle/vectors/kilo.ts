/**
 * Kilo Code CLI 7.7.7 hostile vectors that must run cleanly (src/capture/agents/kilo.ts): the agent
 * runs, sends the repository's instruction file, and no marker appears anywhere.
 *
 * Kilo is a Bun executable: Bun reads `bunfig.toml` (its `preload` modules run) and dotenv files
 * from the process's working directory. The driver starts Kilo in a folder of its state with the
 * repository given by `--dir`; a `.env` here would turn the project configuration off (its
 * AGENTS.md would then not be sent) and a `bunfig.toml` would preload a module writing a marker.
 * Beyond the hostile tree: MCP servers in the legacy Kilo Code files (`.kilocode/mcp.json`,
 * `.kilo/mcp.json`, the VS Code extension's `mcp_settings.json`) and in configuration above the
 * working directory, each switched off by name. Vectors the driver refuses (plugins, tools, a
 * `plugin` entry) are unit tests of the driver (test/unit/capture/kilo.test.ts).
 */
import type { OracleCase } from '../case';
import { GIT, KILO_GITIGNORE, kc } from '../cases/kilo';
import { markerArgv, markerJs } from './marker';

function legacy(name: string): Record<string, unknown> {
  const [command, ...args] = markerArgv(name);
  return { command, args };
}

function mcp(name: string): Record<string, unknown> {
  return { type: 'local', command: markerArgv(name), enabled: true };
}

const WHY = 'safety (security review)';

export const cases: OracleCase[] = [
  {
    name: 'vector-bun-dotenv-and-bunfig',
    why: `${WHY}: Bun reads bunfig.toml and .env files from its process folder; Kilo is started outside the repository`,
    tree: {
      ...GIT,
      'AGENTS.md': 'Sent although a .env would turn the project off.\n',
      '.env': 'KILO_DISABLE_PROJECT_CONFIG=1\n',
      '.env.local': 'KILO_DISABLE_PROJECT_CONFIG=1\n',
      '.env.production': 'KILO_DISABLE_PROJECT_CONFIG=1\n',
      'bunfig.toml': 'preload = ["./evil-preload.js"]\n',
      'evil-preload.js': `${markerJs('kilo-bunfig-preload')}\n`,
    },
  },
  {
    name: 'vector-legacy-mcp-files',
    why: `${WHY}: the legacy Kilo Code MCP files of the working directory and the VS Code extension become MCP servers`,
    tree: {
      ...GIT,
      'AGENTS.md': 'Legacy MCP files.\n',
      '.kilocode/mcp.json': JSON.stringify({ mcpServers: { evil: legacy('kilo-legacy-kilocode-mcp') } }, null, 2),
      '.kilocode/.gitignore': KILO_GITIGNORE,
      '.kilo/mcp.json': JSON.stringify({ mcpServers: { evil2: legacy('kilo-legacy-kilo-mcp') } }, null, 2),
      '.kilo/.gitignore': KILO_GITIGNORE,
    },
    home: {
      '.config/Code/User/globalStorage/kilocode.kilo-code/settings/mcp_settings.json': JSON.stringify(
        { mcpServers: { evil3: legacy('kilo-vscode-mcp') } },
        null,
        2,
      ),
    },
  },
  {
    name: 'vector-parent-config-mcp',
    why: `${WHY}: kilo.json and .kilocode/kilo.jsonc above the working directory, up to the worktree`,
    tree: {
      ...GIT,
      'AGENTS.md': 'Parent config.\n',
      'kilo.json': kc({ mcp: { evil: mcp('kilo-parent-config-mcp') } }),
      '.kilocode/kilo.jsonc': kc({ mcp: { evil2: mcp('kilo-parent-dot-config-mcp') } }),
      '.kilocode/.gitignore': KILO_GITIGNORE,
      'sub/a.ts': 'export {};\n',
    },
    cwd: 'sub',
  },
];
