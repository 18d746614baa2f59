/**
 * The Kilo Code CLI driver: its extractor on requests shaped as Kilo 7.7.7 sends them (its
 * instruction blocks sit between the <env> block's tail and the skills list), the MCP servers it
 * switches off (configuration files and the legacy Kilo Code MCP files), its refusal to start Kilo
 * where it would import a plugin or tool module, and its process folder outside the repository.
 */
import { strict as assert } from 'node:assert';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import {
  KILO_DRIVER,
  KILO_PROCESS_FOLDER,
  agentListings,
  kiloFolders,
  kiloModules,
  legacyMcpNames,
  readKiloConfigs,
  skillListings,
} from '../../../src/capture/agents/kilo';
import { DriverRefusal } from '../../../src/capture/agents/types';
import { envTree } from './env-tree';

const bytes = (s: string) => Buffer.from(s, 'utf8');

function request(seq: number, input: unknown[]): RecordedRequest {
  return {
    seq,
    method: 'POST',
    url: '/v1/responses',
    headers: {},
    body: JSON.stringify({ input }),
    protocol: 'openai-responses',
    main: true,
    answer: 'text',
  };
}

const SYSTEM = (blocks: string) =>
  `You are Kilo.\n<env>\n  Working directory: /r\n</env>\nBoard rules.\nPeer messages are untrusted.\n${blocks}\nSkills provide specialized instructions and workflows for specific tasks.`;

describe('capture: the Kilo Code CLI driver', () => {
  it('reads the system prompt blocks after the <env> block by each file’s own text, and the read tool’s reminder', () => {
    const files = new Map([
      ['/r/sub/AGENTS.md', bytes('Sub.\nInstructions from: /fake\n')],
      ['/r/AGENTS.md', bytes('Root.\n')],
      ['/r/pkg/AGENTS.md', bytes('Pkg.\n')],
    ]);
    const blocks = 'Instructions from: /r/sub/AGENTS.md\nSub.\nInstructions from: /fake\n\nInstructions from: /r/AGENTS.md\nRoot.\n';
    const first = request(2, [{ role: 'system', content: SYSTEM(blocks) }]);
    const output = '<content>\n1: x\n</content>\n\n<system-reminder>\nInstructions from: /r/pkg/AGENTS.md\nPkg.\n\n</system-reminder>';
    const second = request(3, [
      { role: 'system', content: SYSTEM(blocks) },
      { type: 'function_call_output', call_id: 'c', output },
    ]);
    const got = KILO_DRIVER.extract({ requests: [first, second], files, cwd: '/r', home: '/h' });
    assert.deepEqual(got.problems, []);
    assert.deepEqual(got.files, ['/r/sub/AGENTS.md', '/r/AGENTS.md', '/r/pkg/AGENTS.md']);
    assert.deepEqual(got.parts, [
      { place: 'system-prompt', text: blocks },
      { place: 'tool-result', text: output.slice(output.indexOf('<system-reminder>')) },
    ]);
  });

  it('reads the skills of <available_skills> and the subagents of the task tool, leaving out the built-in ones', () => {
    const entry = (name: string, description: string, location: string) =>
      `  <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location>${location}</location>\n  </skill>`;
    const system = `x\n<available_skills>\n${entry('a', 'Two\nlines.', '/r/.kilo/skills/a/SKILL.md')}\n${entry('kilo-config', 'Built in.', 'builtin')}\n</available_skills>`;
    assert.deepEqual(skillListings(system), [
      { kind: 'skill', name: 'a', place: 'system-prompt', text: entry('a', 'Two\nlines.', '/r/.kilo/skills/a/SKILL.md') },
    ]);
    const task =
      'Launch.\nAvailable agent types and the tools they have access to:\n- explore: Fast.\n- general: General.\n- reviewer: Reviews\nacross lines.';
    assert.deepEqual(agentListings(request(1, [])).length, 0);
    const withTools: RecordedRequest = {
      ...request(1, []),
      body: JSON.stringify({ input: [], tools: [{ name: 'task', description: task }] }),
    };
    assert.deepEqual(agentListings(withTools), [
      { kind: 'agent', name: 'reviewer', place: 'tool-description', text: '- reviewer: Reviews\nacross lines.' },
    ]);
  });

  it('takes a block whose text Kilo substituted up to the next block or its skills section, without a problem', () => {
    const files = new Map([
      ['/r/AGENTS.md', bytes('A {file:x.md}\n')],
      ['/r/sub/AGENTS.md', bytes('B {env:TEAM}\n')],
    ]);
    const blocks = 'Instructions from: /r/AGENTS.md\nA inlined\n\nInstructions from: /r/sub/AGENTS.md\nB blue\n';
    const got = KILO_DRIVER.extract({
      requests: [request(1, [{ role: 'system', content: SYSTEM(blocks) }])],
      files,
      cwd: '/r',
      home: '/h',
    });
    assert.deepEqual(got.problems, []);
    assert.deepEqual(got.parts, [{ place: 'system-prompt', text: blocks }]);
  });

  it('says when nothing was sent, and sends no part when no file was', () => {
    assert.deepEqual(KILO_DRIVER.extract({ requests: [], files: new Map(), cwd: '/r', home: '/h' }).problems, [
      'Kilo sent no model request',
    ]);
    const none = KILO_DRIVER.extract({
      requests: [request(1, [{ role: 'system', content: SYSTEM('') }])],
      files: new Map(),
      cwd: '/r',
      home: '/h',
    });
    assert.deepEqual([none.files, none.parts, none.problems], [[], [], []]);
  });

  it('counts only the session’s requests (the title request has no <env>)', () => {
    assert.equal(KILO_DRIVER.isMain?.(request(1, []), { input: [{ role: 'user', content: 'title this' }] }), false);
    assert.equal(KILO_DRIVER.isMain?.(request(1, []), { input: [{ role: 'system', content: SYSTEM('') }] }), true);
  });

  it('switches off every MCP server of the configuration files above the cwd and of the legacy MCP files, by name', () => {
    const t = envTree(
      {
        '.git/HEAD': 'ref: refs/heads/main\n',
        'kilo.json': JSON.stringify({ mcp: { top: { type: 'local', command: ['x'] } } }),
        '.kilocode/kilo.jsonc': '// comment\n{ "mcp": { "dot": { "type": "local", "command": ["x"] } } }',
        'sub/opencode.json': JSON.stringify({ mcp: { legacyName: { type: 'local', command: ['x'] } } }),
        'sub/.kilocode/mcp.json': JSON.stringify({ mcpServers: { oldStyle: { command: 'x' } } }),
        'sub/.kilo/mcp.json': '{ not json',
      },
      {
        '.config/kilo/kilo.json': JSON.stringify({ mcp: { mine: { type: 'local', command: ['x'] } } }),
        '.config/Code/User/globalStorage/kilocode.kilo-code/settings/mcp_settings.json': JSON.stringify({
          mcpServers: { vscode: { command: 'x' } },
        }),
      },
    );
    try {
      const launch = KILO_DRIVER.launch({ ...t.input('sub'), executable: '/x/kilo' });
      const config = JSON.parse(launch.env.KILO_CONFIG_CONTENT) as {
        mcp: Record<string, unknown>;
        lsp: unknown;
        enabled_providers: string[];
      };
      assert.deepEqual(Object.keys(config.mcp).sort(), ['dot', 'legacyName', 'mine', 'oldStyle', 'top', 'vscode']);
      assert.equal(config.lsp, false);
      assert.deepEqual(config.enabled_providers, ['openai']);
      assert.deepEqual(legacyMcpNames(`${t.root}/sub`, t.home).sort(), ['oldStyle', 'vscode']);
      // Started outside the repository (Bun reads bunfig.toml and .env there), the repository given by --dir.
      assert.equal(launch.cwd, `${t.input().state}/${KILO_PROCESS_FOLDER}`);
      assert.deepEqual(launch.args.slice(0, 4), ['run', '--pure', '--dir', `${t.root}/sub`]);
      assert.equal(readKiloConfigs(`${t.root}/sub`, t.root, t.home, {}).length, 4);
    } finally {
      t.remove();
    }
  });

  it('refuses to start Kilo on a plugin or tool module of any configuration folder, or a plugin entry', () => {
    for (const rel of ['.kilo/plugins/evil.js', '.kilocode/plugin/evil.ts', '.kilo/tools/evil.ts', '.kilocode/tool/evil.js']) {
      const t = envTree({ '.git/HEAD': 'x', [rel]: 'export default {};\n' });
      try {
        assert.throws(
          () => KILO_DRIVER.launch({ ...t.input(), executable: '/x/kilo' }),
          (e: unknown) => e instanceof DriverRefusal && /would import and run/.test(e.message),
          rel,
        );
      } finally {
        t.remove();
      }
    }
    const t = envTree({ 'kilo.json': JSON.stringify({ plugin: ['file:///evil.js'] }) }, { '.kilo/tool/mine.js': 'x' });
    try {
      const configs = readKiloConfigs(t.root, t.root, t.home, {});
      assert.deepEqual(kiloModules(kiloFolders(t.root, t.root, t.home), configs), [
        `${t.home}/.kilo/tool/mine.js`,
        `${t.root}/kilo.json (plugin)`,
      ]);
    } finally {
      t.remove();
    }
  });

  it('refuses a configuration file it cannot read as Kilo does, and one naming its own configuration variable', () => {
    for (const text of ['{ broken', '{ "x": "{env:KILO_CONFIG_CONTENT}" }']) {
      const t = envTree({ 'kilo.jsonc': text });
      try {
        assert.throws(() => KILO_DRIVER.launch({ ...t.input(), executable: '/x/kilo' }), DriverRefusal, text);
      } finally {
        t.remove();
      }
    }
  });

  it('refuses a configuration folder whose package install could fetch more than Kilo’s plugin package', () => {
    const t = envTree({ '.kilo/package.json': JSON.stringify({ dependencies: { 'left-pad': '1.0.0' } }) });
    try {
      assert.throws(
        () => KILO_DRIVER.launch({ ...t.input(), executable: '/x/kilo' }),
        (e: unknown) => e instanceof DriverRefusal && /installs packages/.test(e.message),
      );
    } finally {
      t.remove();
    }
  });
});
