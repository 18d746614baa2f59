/**
 * Cline CLI (`cline`), checked against 3.0.65 (the Bun-compiled binary of the platform package).
 * Work in progress: first probe of what it sends.
 */
import type { AgentDriver, ExtractInput, Extracted } from './types';
import { bodyOf, mainRequests } from './types';

const MODEL = 'claude-sonnet-4-6';

function providers(port: number): string {
  const now = '2026-01-01T00:00:00.000Z';
  return JSON.stringify({
    version: 1,
    lastUsedProvider: 'anthropic',
    modes: {},
    providers: {
      anthropic: {
        settings: { provider: 'anthropic', apiKey: 'oracle', model: MODEL, baseUrl: `http://127.0.0.1:${port}` },
        updatedAt: now,
        tokenSource: 'manual',
      },
    },
  });
}

function extract(input: ExtractInput): Extracted {
  const [first] = mainRequests(input.requests);
  if (!first) return { files: [], parts: [], problems: ['Cline sent no model request'] };
  const body = bodyOf(first) as { system?: unknown } | undefined;
  const system = typeof body?.system === 'string' ? body.system : JSON.stringify(body?.system);
  return { files: [], parts: [{ place: 'system-prompt', text: system }], problems: [] };
}

export const CLINE_DRIVER: AgentDriver = {
  name: 'cline',
  profile: 'cline',
  protocol: 'anthropic-messages',
  homeFiles: ['.cline/rules', 'Documents/Cline/Rules', 'Cline/Rules', '.agents/AGENTS.md'],
  packages: ['cline', '@cline/cli-linux-x64', '@cline/cli-linux-arm64'],
  command: 'cline',
  stateFiles: ({ port }) => ({
    'data/settings/providers.json': providers(port),
    'data/settings/global-settings.json': JSON.stringify({ telemetryOptOut: true, autoUpdateEnabled: false }),
  }),
  launch: ({ executable, cwd, home, state, prompt }) => ({
    command: executable,
    args: ['--yolo', '--data-dir', `${state}/data`, '-P', 'anthropic', '-m', MODEL, '-k', 'oracle', '-c', cwd, prompt],
    env: {
      HOME: home,
      PWD: cwd,
      PATH: `${state}/no-commands`,
      CLINE_DATA_DIR: `${state}/data`,
      CLINE_PROVIDER_SETTINGS_PATH: `${state}/data/settings/providers.json`,
      CLINE_GLOBAL_SETTINGS_PATH: `${state}/data/settings/global-settings.json`,
      CLINE_MCP_SETTINGS_PATH: `${state}/data/settings/cline_mcp_settings.json`,
    },
  }),
  profileEnv: () => ({}),
  extract,
};
