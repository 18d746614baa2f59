/**
 * Auggie (`@augmentcode/auggie`), exploratory driver.
 */
import type { AgentDriver, ExtractInput, Extracted } from './types';
import { bodyOf, mainRequests } from './types';

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Auggie sent no chat-stream request'] };
  const body = bodyOf(requests[0]) as { rules?: { path?: string }[] } | undefined;
  return { files: (body?.rules ?? []).map((r) => String(r.path)), parts: [], problems: [] };
}

export const AUGGIE_DRIVER: AgentDriver = {
  name: 'auggie',
  profile: 'auggie',
  protocol: 'augment',
  knownLookups: {
    'github.com': 'Auggie downloads ripgrep into ~/.augment/binaries at every start where it has none; nothing is downloaded',
  },
  stateFiles: () => ({
    'augment/settings.json': JSON.stringify({ indexingDenyDirs: ['/'] }, null, 2),
    'mcp.json': JSON.stringify({ mcpServers: {} }),
  }),
  toolCall: (file) => ({ name: 'view', input: { path: file, type: 'file' } }),
  launch: ({ executable, node, cwd, home, port, prompt, state }) => ({
    command: node,
    args: [executable, '--print', '--augment-cache-dir', state + '/augment', '--mcp-config', state + '/mcp.json', '--dont-save-session', prompt],
    env: {
      HOME: home,
      PWD: cwd,
      AUGMENT_SESSION_AUTH: JSON.stringify({ accessToken: 'oracle', scopes: ['read', 'write'], tenantURL: `http://127.0.0.1:${port}/` }),
      AUGMENT_DISABLE_AUTO_UPDATE: '1',
    },
  }),
  profileEnv: () => ({}),
  extract,
};
