/** Factory Droid (prototype). */
import * as path from 'node:path';
import type { AgentDriver, ExtractInput, Extracted, ExtractedPart } from './types';
import { mainRequests, messagesOf } from './types';

export const PROCESS_FOLDER = 'process';
const MODEL_NAME = 'Oracle';
const CODEBASE = '# Codebase and user instructions are shown below.';
const DISCOVERED = '<system-reminder>\nAdditional project instructions discovered along the accessed paths:';
const CAT_LINE = /^% cat (.+)$/gm;
const PATH_LINE = /^## (\/.*)\n<coding_guidelines>$/gm;

function runtimeSettings(port: number): string {
  return JSON.stringify({
    customModels: [
      { model: 'claude-sonnet-4-6', displayName: MODEL_NAME, baseUrl: `http://127.0.0.1:${port}`, apiKey: 'oracle', provider: 'anthropic' },
    ],
    hooks: { hooksDisabled: true },
    mcpPolicy: { enabled: true, allowlist: [] },
  });
}

interface Block {
  type?: unknown;
  text?: unknown;
}

function textBlocks(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return (content as Block[]).flatMap((b) => (b.type === 'text' && typeof b.text === 'string' ? [b.text] : []));
}

function extract(input: ExtractInput): Extracted {
  const requests = mainRequests(input.requests);
  if (requests.length === 0) return { files: [], parts: [], problems: ['Droid sent no model request'] };
  const parts: ExtractedPart[] = [];
  const files: string[] = [];
  const first = messagesOf(requests[0]);
  const firstUser = first.find((m) => m.role === 'user');
  for (const text of textBlocks(firstUser?.content)) {
    const at = text.indexOf(CODEBASE);
    if (!text.startsWith('<system-reminder>') || at < 0) continue;
    const end = text.lastIndexOf('</system-reminder>');
    const part = text.slice(at, end < 0 ? undefined : end).trimEnd();
    parts.push({ place: 'first-user-message', text: part });
    for (const m of part.matchAll(CAT_LINE)) files.push(m[1].startsWith('~/') ? path.join(input.home, m[1].slice(2)) : m[1]);
  }
  const last = messagesOf(requests[requests.length - 1]);
  for (const m of last.slice(first.length)) {
    if (m.role !== 'user') continue;
    for (const text of textBlocks(m.content)) {
      if (!text.startsWith(DISCOVERED)) continue;
      const end = text.lastIndexOf('</coding_guidelines>');
      if (end < 0) continue;
      const part = `${text.slice(0, end + '</coding_guidelines>'.length)}\n</system-reminder>`;
      parts.push({ place: 'tool-result', text: part });
      for (const f of part.matchAll(PATH_LINE)) files.push(f[1]);
    }
  }
  return { files, parts, problems: [] };
}

export const DROID_DRIVER: AgentDriver = {
  name: 'droid',
  profile: 'droid',
  protocol: 'anthropic-messages',
  stateFiles: ({ port }) => ({
    [`${PROCESS_FOLDER}/bunfig.toml`]: '# Droid is started here, outside the repository.\n',
    'settings.json': runtimeSettings(port),
  }),
  launch: ({ executable, cwd, home, state, prompt }) => {
    const processFolder = path.join(state, PROCESS_FOLDER);
    return {
      command: executable,
      args: ['exec', '-m', `custom:${MODEL_NAME}-0`, '--settings', path.join(state, 'settings.json'), '--cwd', cwd, prompt],
      cwd: processFolder,
      env: {
        HOME: home,
        PWD: processFolder,
        FACTORY_DROID_AUTO_UPDATE_ENABLED: 'false',
        FACTORY_DISABLE_KEYRING: '1',
        FACTORY_AIRGAP_ENABLED: 'true',
      },
    };
  },
  profileEnv: () => ({}),
  toolCall: (file) => ({ name: 'Read', input: { file_path: file } }),
  extract,
};
