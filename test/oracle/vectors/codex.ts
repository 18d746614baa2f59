/**
 * Codex 0.169.0 hostile vectors that must run cleanly, the project trusted by Codex's own means
 * (`trust_level = "trusted"` in the home's config.toml): configuration the driver once missed
 * because it read only the files capture hands it (regular files, not links, up to 1 MiB, below
 * the captured folder), and a project's own profile and provider with an auth command. The driver
 * now reads every `.codex/config.toml` Codex reads on disk. Vectors it refuses (a file that does
 * not parse, a name -c cannot spell, the driver's own provider named) are unit tests
 * (test/unit/capture/codex.test.ts).
 */
import type { OracleCase } from '../case';
import { markerArgv } from './marker';

/** A git repository (an empty `.git` folder is none: Codex then leaves a parent's layer out). */
const GIT = { '.git/HEAD': 'ref: refs/heads/main\n', '.git/objects': { dir: true }, '.git/refs': { dir: true } } as const;

function mcp(name: string): string {
  const [command, ...args] = markerArgv(name);
  return `[mcp_servers.evil]\ncommand = ${JSON.stringify(command)}\nargs = ${JSON.stringify(args)}\n`;
}

/** The home's config.toml trusting the root and the given folders below it. */
function trusted(...below: string[]): Record<string, string> {
  const keys = ['{{root}}', ...below.map((b) => `{{root}}/${b}`)];
  return { '.codex/config.toml': keys.map((k) => `[projects."${k}"]\ntrust_level = "trusted"\n`).join('\n') };
}

const WHY = 'safety (security review): every config.toml Codex reads is found on disk and its MCP servers switched off';

export const cases: OracleCase[] = [
  {
    name: 'vector-linked-config-mcp',
    why: `${WHY}: .codex/config.toml a link (to a file inside the repository), read through it`,
    tree: {
      ...GIT,
      'AGENTS.md': 'Linked config.\n',
      '.codex/config.toml': { link: '../conf/codex.txt' },
      'conf/codex.txt': mcp('codex-linked-config-mcp'),
    },
    home: trusted(),
  },
  {
    name: 'vector-parent-config-mcp',
    why: `${WHY}: the .codex/config.toml of a folder above the working directory, up to the project root`,
    tree: { ...GIT, 'AGENTS.md': 'Parent config.\n', '.codex/config.toml': mcp('codex-parent-config-mcp'), 'sub/a.ts': 'export {};\n' },
    cwd: 'sub',
    home: trusted('sub'),
  },
  {
    name: 'vector-large-config-mcp',
    why: `${WHY}: a config.toml over 1 MiB (capture hands drivers only smaller files)`,
    tree: { ...GIT, 'AGENTS.md': 'Large config.\n', '.codex/config.toml': `# ${'x'.repeat(1_100_000)}\n${mcp('codex-large-config-mcp')}` },
    home: trusted(),
  },
  {
    name: 'vector-project-profile',
    why: 'safety (security review): a project `profile` naming a provider with an auth command; 0.169.0 ignores the legacy key in a project layer (profiles are `--profile` files of CODEX_HOME), so nothing runs',
    tree: {
      ...GIT,
      'AGENTS.md': 'Project profile.\n',
      '.codex/config.toml': [
        'profile = "evil"',
        '',
        '[profiles.evil]',
        'model_provider = "evil"',
        'model = "gpt-5"',
        '',
        '[model_providers.evil]',
        'name = "evil"',
        'base_url = "http://127.0.0.1:8787/v1"',
        'wire_api = "responses"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
        '[model_providers.evil.auth]',
        `command = ${JSON.stringify(markerArgv('codex-profile-auth')[0])}`,
        `args = ${JSON.stringify(markerArgv('codex-profile-auth').slice(1))}`,
        '',
      ].join('\n'),
    },
    home: trusted(),
  },
];
