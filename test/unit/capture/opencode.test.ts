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
import {
  OPENCODE_BUILTIN_AGENT_LINES,
  OPENCODE_DRIVER,
  mcpOff,
  opencodeModules,
  packageProblem,
  parseBlocks,
  substitute,
} from '../../../src/capture/agents/opencode';
import { DriverRefusal } from '../../../src/capture/agents/types';
import { OPENCODE_MODULES } from '../../oracle/hostile';
import { launchInput } from './env-tree';

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
  it('reads the repository’s skill and subagent entries, leaving out opencode’s own', () => {
    const entry = (name: string, description: string, location: string) =>
      `  <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location>${location}</location>\n  </skill>`;
    const mine = entry('alpha', 'A <b> & c.\nsecond line', '/r/.opencode/skills/a/SKILL.md');
    const builtin = entry('customize-opencode', 'Use ONLY when…', '&lt;built-in&gt;');
    const system = `${SYSTEM('')}\n<available_skills>\n${mine}\n${builtin}\n</available_skills>`;
    const task = `Launch a new agent.\n\nAvailable agent types and the tools they have access to:\n${OPENCODE_BUILTIN_AGENT_LINES[0]}\n- general: Mine.\n- helper: Two\nlines.`;
    const req = {
      ...request(2, [{ role: 'system', content: system }]),
      body: JSON.stringify({ input: [{ role: 'system', content: system }], tools: [{ name: 'task', description: task }] }),
    };
    const got = OPENCODE_DRIVER.extract({ requests: [req], files: new Map(), cwd: '/r', home: '/h' });
    assert.deepEqual(got.listings, [
      { kind: 'skill', name: 'alpha', place: 'system-prompt', text: mine },
      { kind: 'agent', name: 'general', place: 'tool-description', text: '- general: Mine.' },
      { kind: 'agent', name: 'helper', place: 'tool-description', text: '- helper: Two\nlines.' },
    ]);
    const residue = OPENCODE_DRIVER.residue!;
    assert.ok(residue.some((k) => k.pattern.test('ses_db538c2cfffeQ0DyPEZO4fbwjp')));
    assert.ok(residue.some((k) => k.pattern.test(OPENCODE_BUILTIN_AGENT_LINES[1])));
    assert.ok(!residue.some((k) => k.pattern.test('    <name>alpha</name>')));
  });

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

  describe('the configuration opencode reads, found on disk', () => {
    let base: string;
    let root: string;
    let home: string;
    const write = (abs: string, text: string) => {
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, text);
    };
    const launch = (cwd = root) => OPENCODE_DRIVER.launch(launchInput({ executable: '/x/opencode', cwd, top: root, home, state: base }));
    const mcpOf = (cwd = root) => (JSON.parse(launch(cwd).env.OPENCODE_CONFIG_CONTENT) as { mcp: Record<string, unknown> }).mcp;
    const refused = (pattern: RegExp, cwd = root) =>
      assert.throws(
        () => launch(cwd),
        (e: unknown) => e instanceof DriverRefusal && pattern.test(e.message),
      );
    beforeEach(() => {
      base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-opencode-driver-')));
      root = path.join(base, 'root');
      home = path.join(base, 'home');
      fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
      fs.mkdirSync(home, { recursive: true });
    });
    afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

    it('switches off every MCP server of every file, language servers and formatters', () => {
      write(path.join(root, 'opencode.json'), '{"mcp": {"a": {"type": "local", "command": ["x"]}}}');
      write(path.join(root, '.opencode/opencode.jsonc'), '{ // c\n "mcp": {"b": {"type": "remote", "url": "http://x"}},}');
      write(path.join(home, '.config/opencode/config.json'), '{"mcp": {"c": {}}}');
      write(path.join(home, '.opencode/opencode.json'), '{"mcp": {"d": {}}}');
      write(path.join(root, 'other.json'), '{"mcp": {"e": {}}}');
      assert.deepEqual(mcpOf(), { a: { enabled: false }, b: { enabled: false }, c: { enabled: false }, d: { enabled: false } });
      const config = JSON.parse(launch().env.OPENCODE_CONFIG_CONTENT) as Record<string, unknown>;
      assert.equal(config.lsp, false);
      assert.equal(config.formatter, false);
      assert.deepEqual(
        (config.provider as { openai: { options: { baseURL: string } } }).openai.options.baseURL,
        'http://127.0.0.1:8787/v1',
      );
      assert.deepEqual(mcpOff([{ file: '/f', doc: { mcp: { z: {} } } }]), { z: { enabled: false } });
    });

    it('reads files above the working directory up to the top, through links, whatever their size, and not above the top', () => {
      write(path.join(root, 'opencode.json'), '{"mcp": {"parent": {}}}');
      write(path.join(root, '.opencode/opencode.json'), '{"mcp": {"parentdot": {}}}');
      write(path.join(base, 'opencode.json'), '{"mcp": {"above": {}}}');
      write(path.join(root, 'conf/linked.txt'), '{"mcp": {"linked": {}}}');
      fs.symlinkSync('../conf/linked.txt', path.join(root, 'sub/opencode.jsonc'));
      write(path.join(root, 'sub/.opencode/opencode.json'), JSON.stringify({ pad: 'x'.repeat(2 << 20), mcp: { large: {} } }));
      assert.deepEqual(Object.keys(mcpOf(path.join(root, 'sub'))).sort(), ['large', 'linked', 'parent', 'parentdot']);
    });

    it('walks up to the repository root when the top given is a folder below it', () => {
      fs.mkdirSync(path.join(root, '.git'));
      write(path.join(root, 'opencode.json'), '{"mcp": {"parent": {}}}');
      write(path.join(root, '.opencode/plugins/evil.ts'), 'export {};\n');
      const sub = path.join(root, 'sub');
      assert.throws(
        () => OPENCODE_DRIVER.launch(launchInput({ executable: '/x', cwd: sub, top: sub, home, state: base, port: 1 })),
        (e: unknown) => e instanceof DriverRefusal && /root\/\.opencode\/plugins\/evil\.ts/.test(e.message),
      );
      fs.rmSync(path.join(root, '.opencode'), { recursive: true });
      const env = OPENCODE_DRIVER.launch(launchInput({ executable: '/x', cwd: sub, top: sub, home, state: base, port: 1 })).env;
      assert.deepEqual(Object.keys((JSON.parse(env.OPENCODE_CONFIG_CONTENT) as { mcp: object }).mcp), ['parent']);
    });

    it('names servers as opencode does after substituting {file:…} and {env:…}', () => {
      write(path.join(root, 'name.txt'), 'evil\n');
      write(path.join(root, 'opencode.json'), '{"mcp": {"{file:name.txt}": {}, "x{env:OPENCODE_PURE}": {}},\n// {file:missing.txt}\n}');
      assert.deepEqual(Object.keys(mcpOf()).sort(), ['evil', 'x1']);
      write(path.join(home, 'n'), ' q"\n');
      assert.equal(
        substitute('"{file:~/n}"', path.join(root, 'opencode.json'), home, () => ''),
        '"q\\""',
      );
    });

    it('refuses a file it cannot read as opencode does', () => {
      write(path.join(root, 'opencode.json'), '{"mcp": ');
      refused(/opencode\.json cannot be read as opencode reads it/);
      let deep = '{"mcp": {"evil": {}}, "x": 1}';
      for (let i = 0; i < 70; i++) deep = `{"n": ${deep}}`;
      write(path.join(root, 'opencode.json'), deep);
      refused(/nests deeper than 64 levels/);
      write(path.join(root, 'opencode.json'), '{"mcp": {"{file:nothere.txt}": {}}}');
      refused(/names \{file:nothere\.txt\}, which opencode cannot read/);
      write(path.join(root, 'opencode.json'), '{"mcp": {"{env:SOME_VARIABLE}": {}}}');
      refused(/names an MCP server by a variable the driver does not set/);
      write(path.join(root, 'opencode.json'), '{"provider": {env:OPENCODE_CONFIG_CONTENT}}');
      refused(/OPENCODE_CONFIG_CONTENT/);
      fs.rmSync(path.join(root, 'opencode.json'));
      write(path.join(home, '.config/opencode/config'), 'model = "x"\n');
      refused(/TOML configuration opencode converts/);
    });

    it('refuses a linked configuration file whose target is outside the repository (opencode writes $schema through it)', () => {
      write(path.join(base, 'elsewhere/conf.json'), '{}');
      fs.symlinkSync(path.join(base, 'elsewhere/conf.json'), path.join(root, 'opencode.json'));
      refused(/opencode\.json is a link to .*elsewhere\/conf\.json, outside the repository/);
    });

    it('refuses plugin and tool modules in every folder it reads, parents and links included', () => {
      write(path.join(root, '.opencode/plugins/evil.js'), 'export {};\n');
      refused(/would import and run this module even with --pure: .*root\/\.opencode\/plugins\/evil\.js/, path.join(root, 'sub'));
      fs.rmSync(path.join(root, '.opencode'), { recursive: true });
      write(path.join(base, 'tools/evil.ts'), 'export {};\n');
      fs.mkdirSync(path.join(root, 'sub/.opencode'), { recursive: true });
      fs.symlinkSync(path.join(base, 'tools'), path.join(root, 'sub/.opencode/tool'));
      refused(/sub\/\.opencode\/tool\/evil\.ts/, path.join(root, 'sub'));
      fs.rmSync(path.join(root, 'sub/.opencode'), { recursive: true });
      write(path.join(root, 'opencode.json'), '{"plugin": ["some-npm-plugin"]}');
      refused(/opencode\.json \(plugin\)/, path.join(root, 'sub'));
      assert.deepEqual(opencodeModules(root, root, home, []), []);
    });

    it('refuses a .opencode folder whose package install would fetch more than its plugin package', () => {
      const dot = path.join(root, '.opencode');
      write(path.join(dot, 'package.json'), JSON.stringify({ dependencies: { '@opencode-ai/plugin': '1.18.33' } }));
      write(
        path.join(dot, 'package-lock.json'),
        JSON.stringify({ packages: { '': { dependencies: { '@opencode-ai/plugin': '1.18.33' } } } }),
      );
      assert.equal(launch().args[0], 'run');
      write(path.join(dot, 'package.json'), JSON.stringify({ dependencies: { evil: 'git+file:///x/evil.git' } }));
      refused(/installs packages into .*\.opencode at start: .*package\.json \(dependencies evil/);
      write(path.join(dot, 'package.json'), JSON.stringify({ dependencies: { '@opencode-ai/plugin': 'file:../evil' } }));
      refused(/dependencies @opencode-ai\/plugin/);
      fs.rmSync(path.join(dot, 'package.json'));
      write(path.join(dot, 'package-lock.json'), JSON.stringify({ packages: { 'node_modules/x': { resolved: 'file:../x', link: true } } }));
      refused(/node_modules\/x is not a registry package/);
      fs.rmSync(path.join(dot, 'package-lock.json'));
      write(path.join(dot, '.npmrc'), 'git=/bin/evil\n');
      refused(/\.npmrc \(npm settings/);
      assert.match(packageProblem(dot) ?? '', /\.npmrc/);
    });
  });

  it('refuses to start opencode on each module of the hostile tree that 1.18.33 imports under --pure', () => {
    const top = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-opencode-driver-'));
    try {
      const root = path.join(top, 'root');
      const home = path.join(top, 'home');
      fs.mkdirSync(home, { recursive: true });
      const launch = (cwd = root) =>
        OPENCODE_DRIVER.launch({
          executable: '/x/opencode',
          node: process.execPath,
          cwd,
          top: root,
          home,
          state: top,
          port: 8787,
          prompt: 'p',
          files: new Map(),
        });
      fs.mkdirSync(path.join(root, 'src'), { recursive: true });
      assert.equal(launch().args[1], '--pure');
      for (const [rel, text] of Object.entries(OPENCODE_MODULES)) {
        const abs = path.join(root, rel);
        fs.mkdirSync(path.dirname(abs), { recursive: true });
        fs.writeFileSync(abs, String(text));
        if (rel === 'evil-plugin.js') {
          // A module no configuration names and outside the module folders is not imported.
          assert.deepEqual(opencodeModules(root, root, home, []), []);
        } else {
          assert.throws(
            () => launch(path.join(root, 'src')),
            (e: unknown) => e instanceof DriverRefusal && /would import and run/.test(e.message),
            rel,
          );
        }
        fs.rmSync(abs);
      }
      // A module of the user's own folders counts too.
      fs.mkdirSync(path.join(home, '.config/opencode/plugins'), { recursive: true });
      fs.writeFileSync(path.join(home, '.config/opencode/plugins/p.ts'), 'export {};\n');
      assert.deepEqual(opencodeModules(root, root, home, []), [path.join(home, '.config/opencode/plugins/p.ts')]);
    } finally {
      fs.rmSync(top, { recursive: true, force: true });
    }
  });
});
