/**
 * opencode 1.18.33 hostile vectors that must run cleanly: configuration the driver once missed
 * because it read only the files capture hands it (regular files, not links, up to 1 MiB, below the
 * captured folder, nested under 64 levels) and took an MCP server's name as written (opencode
 * substitutes `{file:…}` and `{env:…}` before parsing). The driver now finds every configuration
 * file opencode reads on disk, substitutes as opencode does, and switches each server off by the
 * name opencode gives it. Vectors it refuses (plugins, tools, too deep, linked outside the
 * repository, an unparsable file, a `.opencode` package with dependencies of its own) are unit
 * tests of the driver (test/unit/capture/opencode.test.ts).
 */
import type { OracleCase } from '../case';
import { GIT, dotOpencode, oc } from '../cases/opencode';
import { markerArgv } from './marker';

function mcp(name: string): Record<string, unknown> {
  return { type: 'local', command: markerArgv(name), enabled: true };
}

const WHY = 'safety (security review): every configuration file opencode reads is found on disk and its MCP servers switched off';

export const cases: OracleCase[] = [
  {
    name: 'vector-linked-config-mcp',
    why: `${WHY}: an opencode.json that is a link (to a file inside the repository) is read through the link`,
    tree: {
      ...GIT,
      'AGENTS.md': 'Linked config.\n',
      'opencode.json': { link: 'conf/settings.txt' },
      'conf/settings.txt': oc({ mcp: { evil: mcp('opencode-linked-config-mcp') } }),
    },
  },
  {
    name: 'vector-parent-config-mcp',
    why: `${WHY}: opencode.json and .opencode/opencode.json above the working directory, up to the worktree`,
    tree: {
      ...GIT,
      ...dotOpencode(''),
      'AGENTS.md': 'Parent config.\n',
      'opencode.json': oc({ mcp: { evil: mcp('opencode-parent-config-mcp') } }),
      '.opencode/opencode.json': oc({ mcp: { evil2: mcp('opencode-parent-dot-config-mcp') } }),
      'sub/a.ts': 'export {};\n',
    },
    cwd: 'sub',
  },
  {
    name: 'vector-large-config-mcp',
    why: `${WHY}: a configuration file over 1 MiB (capture hands drivers only smaller files)`,
    tree: {
      ...GIT,
      'AGENTS.md': 'Large config.\n',
      'opencode.json': oc({ padding: 'x'.repeat(1_100_000), mcp: { evil: mcp('opencode-large-config-mcp') } }),
    },
  },
  {
    name: 'vector-substituted-mcp-name',
    why: `${WHY}: a server named by {file:…} and {env:…}, substituted by opencode before it parses the file`,
    tree: {
      ...GIT,
      'AGENTS.md': 'Substituted names.\n',
      'name.txt': 'evil\n',
      'opencode.json': oc({
        mcp: { '{file:name.txt}': mcp('opencode-file-name-mcp'), 'x{env:OPENCODE_PURE}': mcp('opencode-env-name-mcp') },
      }),
    },
  },
];
