/**
 * The opencode driver: its extractor on requests shaped as opencode 1.18.33 sends them, the MCP
 * servers it switches off, and its refusal to start opencode where the release would import a
 * repository's plugin or tool module even under --pure (the hostile tree's OPENCODE_MODULES).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import { OPENCODE_DRIVER, mcpOff, opencodeModules, oracleConfig, parseBlocks } from '../../../src/capture/agents/opencode';
import { OPENCODE_MODULES } from '../../oracle/hostile';

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
  `You are opencode.\nHere is some useful information about the environment you are running in:\n<env>\n  Working directory: /r\n</env>\n${blocks}\nSkills provide specialized instructions.`;

describe('capture: the opencode driver', () => {
  it('reads the system prompt blocks by each file’s own text, and the read tool’s reminder', () => {
    const files = new Map([
      ['/r/AGENTS.md', bytes('Root.\nInstructions from: /fake\nstill root\n')],
      ['/r/pkg/AGENTS.md', bytes('Pkg.\n')],
      ['/r/pkg/src/AGENTS.md', bytes('Src.\n')],
    ]);
    const blocks = 'Instructions from: /r/AGENTS.md\nRoot.\nInstructions from: /fake\nstill root\n';
    const first = request(2, [
      { role: 'system', content: SYSTEM(blocks) },
      { role: 'user', content: [{ type: 'input_text', text: 'hi' }] },
    ]);
    const output =
      '<path>/r/pkg/src/a.ts</path>\n<content>\n1: x\n</content>\n\n<system-reminder>\nInstructions from: /r/pkg/src/AGENTS.md\nSrc.\n\n\nInstructions from: /r/pkg/AGENTS.md\nPkg.\n\n</system-reminder>';
    const second = request(3, [
      { role: 'system', content: SYSTEM(blocks) },
      { type: 'function_call_output', call_id: 'c', output },
    ]);
    const got = OPENCODE_DRIVER.extract({ requests: [first, second], files, cwd: '/r', home: '/h' });
    assert.deepEqual(got.problems, []);
    assert.deepEqual(got.files, ['/r/AGENTS.md', '/r/pkg/src/AGENTS.md', '/r/pkg/AGENTS.md']);
    assert.deepEqual(got.parts, [
      { place: 'system-prompt', text: blocks },
      { place: 'tool-result', text: output.slice(output.indexOf('<system-reminder>')) },
    ]);
  });

  it('says when a block is not the file’s text, and when nothing was sent', () => {
    const problems: string[] = [];
    const text = 'Instructions from: /r/A.md\nchanged\nInstructions from: /r/B.md\nB\n';
    const got = parseBlocks(
      text,
      0,
      '\n',
      new Map([
        ['/r/A.md', bytes('original\n')],
        ['/r/B.md', bytes('B\n')],
      ]),
      problems,
    );
    assert.deepEqual(got.files, ['/r/A.md', '/r/B.md']);
    assert.equal(got.end, text.length);
    assert.equal(problems.length, 1);
    assert.deepEqual(OPENCODE_DRIVER.extract({ requests: [], files: new Map(), cwd: '/r', home: '/h' }).problems, [
      'opencode sent no model request',
    ]);
  });

  it('counts only the session’s requests (the title request has no <env>)', () => {
    assert.equal(OPENCODE_DRIVER.isMain!(request(1, []), { input: [{ role: 'developer', content: 'You are a title generator.' }] }), false);
    assert.equal(OPENCODE_DRIVER.isMain!(request(2, []), { input: [{ role: 'system', content: SYSTEM('') }] }), true);
  });

  it('switches off every MCP server a configuration file names, language servers and formatters', () => {
    const files = new Map([
      ['/r/opencode.json', bytes('{"mcp": {"a": {"type": "local", "command": ["x"]}}}')],
      ['/r/.opencode/opencode.jsonc', bytes('{ // c\n "mcp": {"b": {"type": "remote", "url": "http://x"}},}')],
      ['/h/.config/opencode/config.json', bytes('{"mcp": {"c": {}}}')],
      ['/r/other.json', bytes('{"mcp": {"d": {}}}')],
    ]);
    assert.deepEqual(mcpOff(files), { a: { enabled: false }, b: { enabled: false }, c: { enabled: false } });
    const config = JSON.parse(oracleConfig(8787, files)) as Record<string, unknown>;
    assert.equal(config.lsp, false);
    assert.equal(config.formatter, false);
    assert.deepEqual((config.provider as { openai: { options: { baseURL: string } } }).openai.options.baseURL, 'http://127.0.0.1:8787/v1');
  });

  it('refuses to start opencode on each module of the hostile tree that 1.18.33 imports under --pure', () => {
    const top = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-opencode-driver-'));
    try {
      const root = path.join(top, 'root');
      const home = path.join(top, 'home');
      fs.mkdirSync(home, { recursive: true });
      const launch = (files: Map<string, Uint8Array>, cwd = root) =>
        OPENCODE_DRIVER.launch({
          executable: '/x/opencode',
          node: process.execPath,
          cwd,
          top: root,
          home,
          state: top,
          port: 8787,
          prompt: 'p',
          files,
        });
      fs.mkdirSync(path.join(root, 'src'), { recursive: true });
      assert.equal(launch(new Map()).args[1], '--pure');
      for (const [rel, text] of Object.entries(OPENCODE_MODULES)) {
        const abs = path.join(root, rel);
        fs.mkdirSync(path.dirname(abs), { recursive: true });
        fs.writeFileSync(abs, String(text));
        const files = new Map([[abs, bytes(String(text))]]);
        if (rel === 'evil-plugin.js') {
          // A module no configuration names and outside the module folders is not imported.
          assert.deepEqual(opencodeModules(root, home, files), []);
        } else {
          assert.throws(() => launch(files, path.join(root, 'src')), /would import and run/, rel);
        }
        fs.rmSync(abs);
      }
      // A module of the user's own folders counts too.
      fs.mkdirSync(path.join(home, '.config/opencode/plugins'), { recursive: true });
      fs.writeFileSync(path.join(home, '.config/opencode/plugins/p.ts'), 'export {};\n');
      assert.deepEqual(opencodeModules(root, home, new Map()), [path.join(home, '.config/opencode/plugins/p.ts')]);
    } finally {
      fs.rmSync(top, { recursive: true, force: true });
    }
  });
});
