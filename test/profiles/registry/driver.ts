/** The fixture agent's driver, as src/capture/agents/<name>.ts would hold it: it names its profile and says how to start it. */
import type { AgentDriver } from '../../../src/capture/agents/types';

export const FIXTURE_DRIVER: AgentDriver = {
  name: 'fixture-agent',
  profile: 'fixture-agent',
  protocol: 'openai-chat',
  launch: ({ executable, cwd, home, port, prompt }) => ({
    command: executable,
    args: ['--prompt', prompt, '--cwd', cwd],
    env: { HOME: home, FIXTURE_BASE_URL: `http://127.0.0.1:${port}` },
  }),
  profileEnv: () => ({}),
  extract: () => ({ files: [], parts: [], problems: ['the fixture agent sends nothing'] }),
};
