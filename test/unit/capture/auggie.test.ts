/**
 * The Auggie driver (src/capture/agents/auggie.ts): its extractor on chat-stream requests shaped
 * as Auggie 0.36.0 sends them (its own rule left out, the guidelines and the rules read from
 * files, the skills, a rules block after a tool's result), the settings it refuses (a script
 * policy), and the launch it gives the sandbox (its own cache folder, no MCP server, no startup
 * script of the settings, no shell tools, the backend at the endpoint).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import {
  AUGGIE_DRIVER,
  CACHE_FOLDER,
  DRIVER_SETTINGS,
  MCP_CONFIG,
  STARTUP_SCRIPT,
  fileRules,
  session,
  settingsRefusal,
  supervisorPart,
  workspaceOf,
} from '../../../src/capture/agents/auggie';
import { DriverRefusal } from '../../../src/capture/agents/types';

function request(seq: number, body: Record<string, unknown>): RecordedRequest {
  return {
    seq,
    method: 'POST',
    url: '/chat-stream',
    headers: {},
    body: JSON.stringify(body),
    protocol: 'augment',
    main: true,
    answer: 'text',
  };
}

const IDE = { id: 1, type: 4, ide_state_node: { workspace_folders: [{ repository_root: '/w', folder_root: '/w' }] } };
const OWN_RULE = { path: 'non-interactive-prompt.md', content: '\n# Automated Workflow Mode\n', type: 0 };

const FIRST = {
  message: '',
  user_guidelines: '',
  workspace_guidelines: 'Guidelines.\n',
  nodes: [IDE],
  rules: [
    OWN_RULE,
    { path: 'AGENTS.md', content: 'Agents.\n', type: 0, description: null, settingsStored: true },
    { path: '.augment/rules/a.md', content: 'A.\n', type: 2, description: 'when a', settingsStored: false },
    { path: '.augment/rules/empty.md', content: '', type: 0, description: null, settingsStored: false },
    { path: '/home/u/.augment/rules/mine.md', content: 'Mine.\n', type: 0, description: null, settingsStored: false, source: 'user' },
  ],
  skills: [{ name: 's1', displayName: null, description: 'Skill one.', location: '/w/.claude/skills/s1/SKILL.md', source: '.claude' }],
};

describe('auggie driver', () => {
  it('reads the guidelines and the rules read from files, leaving Auggie’s own rule and empty texts out', () => {
    const x = AUGGIE_DRIVER.extract({ requests: [request(1, FIRST)], files: new Map(), cwd: '/w/pkg', home: '/home/u' });
    assert.deepEqual(x.problems, []);
    assert.deepEqual(x.files, ['/w/.augment-guidelines', '/w/AGENTS.md', '/w/.augment/rules/a.md', '/home/u/.augment/rules/mine.md']);
    assert.deepEqual(
      x.parts.map((p) => [p.place, p.text]),
      [
        ['system-prompt', 'Guidelines.\n'],
        ['system-prompt', 'Agents.\n'],
        ['system-prompt', 'A.\n\nwhen a'],
        ['system-prompt', 'Mine.\n'],
      ],
    );
    assert.deepEqual(x.listings, [
      { kind: 'skill', name: 's1', place: 'system-prompt', text: 's1\nSkill one.\n/w/.claude/skills/s1/SKILL.md\n.claude' },
    ]);
    assert.equal(fileRules(FIRST).length, 4);
    assert.equal(workspaceOf(FIRST), '/w');
  });

  it('reads a rules block after a tool’s result as a tool-result part, and nothing from a plain read', () => {
    const block = '<supervisor>\nThe user has additional rules…\n\nContents of sub/AGENTS.md:\n\nsub\n\n</supervisor>';
    const result = (content: string) => ({ ...FIRST, nodes: [{ id: 1, type: 1, tool_result_node: { tool_use_id: 't', content } }] });
    const plain = AUGGIE_DRIVER.extract({
      requests: [request(1, FIRST), request(2, result('Here is the file.\n'))],
      files: new Map(),
      cwd: '/w',
      home: '/h',
    });
    assert.equal(plain.parts.length, 4);
    const x = AUGGIE_DRIVER.extract({
      requests: [request(1, FIRST), request(2, result(`File saved.${block}`))],
      files: new Map(),
      cwd: '/w',
      home: '/h',
    });
    assert.deepEqual(x.parts[4], { place: 'tool-result', text: block });
    assert.equal(x.files[x.files.length - 1], '/w/sub/AGENTS.md');
    assert.equal(supervisorPart('no block'), null);
  });

  it('says when no chat-stream request was sent', () => {
    const x = AUGGIE_DRIVER.extract({ requests: [], files: new Map(), cwd: '/w', home: '/h' });
    assert.deepEqual(x.problems, ['Auggie sent no chat-stream request']);
  });

  it('refuses a script policy in a settings file, and one that does not parse but names tool permissions', () => {
    const policy = JSON.stringify({ toolPermissions: [{ 'tool-name': 'view', permission: { type: 'script-policy', script: './p.sh' } }] });
    assert.match(settingsRefusal('/w/.augment/settings.json', policy) ?? '', /script-policy tool permission/);
    assert.match(settingsRefusal('/w/.augment/settings.json', '{"toolPermissions": [') ?? '', /could not be ruled out/);
    assert.equal(
      settingsRefusal('/w/.augment/settings.json', JSON.stringify({ toolPermissions: [{ permission: { type: 'allow' } }] })),
      null,
    );
    assert.equal(settingsRefusal('/w/.augment/settings.json', '// a comment\n{"hooks": {},}'), null);
  });

  it('launches auggie --print with its own cache folder, no MCP server, a no-op startup script and no shell tools', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-auggie-'));
    try {
      const input = {
        executable: '/x/augment.mjs',
        node: '/usr/bin/node',
        cwd: root,
        top: root,
        home: '/h',
        state: '/s',
        port: 8787,
        prompt: 'Reply.',
        files: new Map<string, Uint8Array>(),
      };
      const l = AUGGIE_DRIVER.launch(input);
      assert.equal(l.command, '/usr/bin/node');
      assert.deepEqual(l.args, [
        '/x/augment.mjs',
        '--print',
        '--augment-cache-dir',
        `/s/${CACHE_FOLDER}`,
        '--mcp-config',
        `/s/${MCP_CONFIG}`,
        '--dont-save-session',
        '--disable-process-tools',
        '--startup-script',
        STARTUP_SCRIPT,
        'Reply.',
      ]);
      assert.deepEqual(JSON.parse(l.env.AUGMENT_SESSION_AUTH), JSON.parse(session(8787)));
      assert.equal(JSON.parse(session(8787)).tenantURL, 'http://127.0.0.1:8787/');
      const state = AUGGIE_DRIVER.stateFiles!({ port: 8787, state: '/s', files: new Map() });
      assert.deepEqual(JSON.parse(state[`${CACHE_FOLDER}/settings.json`]), DRIVER_SETTINGS);
      assert.deepEqual(JSON.parse(state[MCP_CONFIG]), { mcpServers: {} });
      fs.mkdirSync(path.join(root, '.augment'));
      fs.writeFileSync(
        path.join(root, '.augment', 'settings.local.json'),
        JSON.stringify({ toolPermissions: [{ 'tool-name': 'view', permission: { type: 'script-policy', script: 'x' } }] }),
      );
      assert.throws(
        () => AUGGIE_DRIVER.launch(input),
        (e: unknown) => e instanceof DriverRefusal && /settings\.local\.json/.test(e.message),
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('names the lines the two-run proof may lay to Auggie itself: rule paths and the user rules’ source', () => {
    const kinds = AUGGIE_DRIVER.residue ?? [];
    const kindOf = (line: string) => kinds.find((k) => k.pattern.test(line))?.kind;
    assert.equal(kindOf('AGENTS.md'), 'rule path');
    assert.equal(kindOf('.augment/rules/sub/a.mdc'), 'rule path');
    assert.equal(kindOf('/home/u/.augment/rules/x.md'), 'rule path');
    assert.equal(kindOf('user'), 'rule source');
    assert.equal(kindOf('README.md'), undefined);
    assert.equal(kindOf('Agents.'), undefined);
  });
});
