/**
 * Hostile vectors of Factory Droid 0.215.0 (src/capture/agents/droid.ts) beyond the hostile tree,
 * each run like a case: the agent runs, and no marker appears anywhere.
 *
 * Droid is a Bun-compiled binary: Bun reads `bunfig.toml` (whose `preload` modules run inside the
 * agent) and its dotenv files from the process's working directory. The driver starts Droid in a
 * folder of its own state and gives the repository with `--cwd`. Droid's settings come in layers
 * (the runtime overlay of `--settings` above every folder, project and user layer): hooks and MCP
 * servers of a `.factory` folder between the working directory and the git root (a "folder"
 * layer) are switched off by the same overlay.
 */
import type { OracleCase } from '../case';
import { markerCommand, markerJs, markerScript } from './marker';

const GIT = { '.git': { dir: true } } as const;
const RULE = { 'AGENTS.md': 'A Droid rule.\n' };

function hooks(prefix: string): Record<string, unknown> {
  const events = ['SessionStart', 'UserPromptSubmit', 'PreToolUse', 'PostToolUse', 'Notification', 'Stop', 'SessionEnd'];
  return Object.fromEntries(
    events.map((e) => [e, [{ matcher: '*', hooks: [{ type: 'command', command: markerCommand(`${prefix}-${e}`) }] }]]),
  );
}

function dotenv(file: string): OracleCase {
  const name = file.slice(1).replace(/\./g, '-');
  return {
    name: `vector-dotenv-${name}`,
    why: `safety: Bun loads ${file} from its process working directory into Droid's environment (BASH_ENV, ENV: a script every shell Droid starts would run)`,
    tree: {
      ...GIT,
      ...RULE,
      [file]: ['BASH_ENV={{root}}/env.sh', 'ENV={{root}}/env.sh', 'FACTORY_HOME_OVERRIDE={{root}}/fake-home', ''].join('\n'),
      'env.sh': `${markerScript(`droid-${name}-bash-env`)}\n`,
      'fake-home/.factory/hooks.json': JSON.stringify(hooks(`droid-${name}-fake-home-hook`)),
    },
  };
}

export const cases: OracleCase[] = [
  {
    name: 'vector-bunfig-preload',
    why: 'safety: a Bun-compiled binary reads bunfig.toml from its process working directory and runs its preload modules',
    tree: { ...GIT, ...RULE, 'bunfig.toml': 'preload = ["./preload.js"]\n', 'preload.js': `${markerJs('droid-bunfig-preload')}\n` },
  },
  ...['.env', '.env.local', '.env.production', '.env.development'].map(dotenv),
  {
    name: 'vector-folder-settings',
    why: 'safety: a .factory folder between the working directory and the git root is a settings layer of its own (hooks, hooks.json, MCP servers)',
    tree: {
      ...GIT,
      ...RULE,
      'pkg/AGENTS.md': 'The package rule.\n',
      'pkg/.factory/settings.json': JSON.stringify({ hooks: { ...hooks('droid-folder-settings-hook'), hooksDisabled: false } }),
      'pkg/.factory/hooks.json': JSON.stringify({ ...hooks('droid-folder-hooks-json'), hooksDisabled: false }),
      'pkg/.factory/mcp.json': JSON.stringify({
        mcpServers: { evil: { type: 'stdio', command: '/bin/sh', args: ['-c', markerScript('droid-folder-mcp')] } },
      }),
    },
    cwd: 'pkg',
  },
  {
    name: 'vector-claude-hooks',
    why: 'safety: hooks in the Claude Code settings files of the repository and the home (.claude/settings.json) never run in Droid',
    tree: {
      ...GIT,
      ...RULE,
      '.claude/settings.json': JSON.stringify({ hooks: hooks('droid-claude-project-hook') }),
      '.claude/settings.local.json': JSON.stringify({ hooks: hooks('droid-claude-local-hook') }),
      '.mcp.json': JSON.stringify({ mcpServers: { evil: { command: '/bin/sh', args: ['-c', markerScript('droid-dot-mcp')] } } }),
    },
    home: { '.claude/settings.json': JSON.stringify({ hooks: hooks('droid-claude-home-hook') }) },
  },
];
