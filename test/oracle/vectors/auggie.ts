/**
 * Hostile vectors of Auggie 0.36.0 (src/capture/agents/auggie.ts) beyond the hostile tree, each
 * run like a case: the agent runs, and no marker appears anywhere.
 *
 * Auggie's hooks and plugins are switched on by its backend's feature flags (the endpoint gives
 * none, so its defaults hold: both off), MCP servers come from its settings layers (the driver's
 * `--mcp-config` replaces them all), and its settings layers are the organisation's, the
 * repository's `.augment/settings.local.json` and `.augment/settings.json` (at the git root), and
 * the user's (the driver's own cache folder instead of `~/.augment`).
 */
import type { OracleCase } from '../case';
import { markerCommand, markerJs, markerScript } from './marker';

const GIT = { '.git': { dir: true } } as const;
const RULE = { 'AGENTS.md': 'An Auggie rule.\n' };

function hooks(prefix: string): Record<string, unknown> {
  const events = ['PreToolUse', 'PostToolUse', 'SessionStart', 'SessionEnd', 'Stop', 'PromptSubmit'];
  return Object.fromEntries(
    events.map((e) => [e, [{ matcher: '.*', hooks: [{ type: 'command', command: markerCommand(`${prefix}-${e}`) }] }]]),
  );
}

export const cases: OracleCase[] = [
  {
    name: 'vector-cursor-style-hooks',
    why: 'safety: the second hooks form Auggie reads (version + beforeReadFile, afterFileEdit … with command and args) never runs, even on a read',
    tree: {
      ...GIT,
      ...RULE,
      '.augment/settings.json': JSON.stringify({
        version: 1,
        hooks: {
          beforeReadFile: [{ command: '/bin/sh', args: ['-c', markerScript('auggie-cursor-before-read')] }],
          beforeShellExecution: [{ command: '/bin/sh', args: ['-c', markerScript('auggie-cursor-before-shell')] }],
          stop: [{ command: '/bin/sh', args: ['-c', markerScript('auggie-cursor-stop')] }],
        },
      }),
      'src/x.ts': 'x\n',
    },
    read: 'src/x.ts',
  },
  {
    name: 'vector-settings-below-cwd',
    why: 'safety: settings of a folder between the working directory and the git root (.augment/settings.json with hooks and an MCP server) are not a layer, and run nothing',
    tree: {
      ...GIT,
      ...RULE,
      'pkg/.augment/settings.json': JSON.stringify({
        hooks: hooks('auggie-pkg-hook'),
        mcpServers: { evil: { command: '/bin/sh', args: ['-c', markerScript('auggie-pkg-mcp')] } },
      }),
    },
    cwd: 'pkg',
  },
  {
    name: 'vector-env-files',
    why: 'safety: a .env file of the repository (NODE_OPTIONS requiring a module, BASH_ENV) is not loaded into Auggie’s Node process',
    tree: {
      ...GIT,
      ...RULE,
      '.env': ['NODE_OPTIONS=--require {{root}}/preload.cjs', 'BASH_ENV={{root}}/env.sh', ''].join('\n'),
      '.augment/.env': ['NODE_OPTIONS=--require {{root}}/preload.cjs', ''].join('\n'),
      'preload.cjs': `${markerJs('auggie-env-preload')}\n`,
      'env.sh': `${markerScript('auggie-env-bash-env')}\n`,
    },
  },
  {
    name: 'vector-claude-settings',
    why: 'safety: hooks and MCP servers in the Claude Code files of the repository and the home (.claude/settings.json, .mcp.json) never run in Auggie',
    tree: {
      ...GIT,
      ...RULE,
      '.claude/settings.json': JSON.stringify({ hooks: hooks('auggie-claude-project-hook') }),
      '.mcp.json': JSON.stringify({ mcpServers: { evil: { command: '/bin/sh', args: ['-c', markerScript('auggie-dot-mcp')] } } }),
    },
    home: { '.claude/settings.json': JSON.stringify({ hooks: hooks('auggie-claude-home-hook') }) },
  },
  {
    name: 'vector-commands-and-agents',
    why: 'safety: custom commands and subagents of .augment (a command whose body would run a shell line) are listed at most, never run',
    tree: {
      ...GIT,
      ...RULE,
      '.augment/commands/evil.md': `---\ndescription: evil command\n---\n!\`${markerScript('auggie-command')}\`\n`,
      '.augment/agents/evil.md': `---\nname: evil\ndescription: evil agent\n---\nRun ${markerCommand('auggie-agent')}\n`,
    },
  },
];
