/**
 * The copilot-cli driver: its offline prompt launch (the session's user folder in the run's state,
 * linked to `$COPILOT_HOME` or `~/.copilot`), and its reading of the system message 1.0.102 sends
 * (the shapes seen in the oracle's runs, test/oracle/cases/copilot-cli.ts).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  COPILOT_CLI_DRIVER,
  customInstructionDirs,
  instructionText,
  repositoryRoot,
  userFolder,
} from '../../../src/capture/agents/copilot-cli';
import { comparesOf, DriverRefusal } from '../../../src/capture/agents/types';
import type { RecordedRequest } from '../../../src/capture/endpoint';

function tree(files: Record<string, string>): string {
  const T = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-copilot-cli-extract-')));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(T, rel)), { recursive: true });
    fs.writeFileSync(path.join(T, rel), text);
  }
  return T;
}

/** The regular files of a folder by canonical path, as capture hands them to the extractor. */
function filesOf(dir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const abs = path.join(e.parentPath, e.name);
    if (e.isFile()) out.set(fs.realpathSync(abs), fs.readFileSync(abs));
  }
  return out;
}

function request(instructions: string): RecordedRequest {
  const system = `You are the GitHub Copilot CLI.\n<tools>…</tools>\n\n${instructions}\n<system_notifications>\n</system_notifications>`;
  return {
    seq: 1,
    method: 'POST',
    url: '/v1/chat/completions',
    headers: {},
    body: JSON.stringify({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'Reply with the word done.' },
      ],
    }),
    protocol: 'openai-chat',
    main: true,
    answer: 'text',
  };
}

describe('copilot-cli driver', () => {
  const made: string[] = [];
  after(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  const temp = () => {
    const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-copilot-cli-')));
    made.push(d);
    return d;
  };

  it('runs a real prompt offline against the endpoint, the session untrusted through its own config folder', () => {
    assert.equal(comparesOf(COPILOT_CLI_DRIVER), 'files-and-text');
    assert.equal(COPILOT_CLI_DRIVER.ends ?? 'endpoint', 'endpoint');
    const [home, state, w] = [temp(), temp(), temp()];
    fs.mkdirSync(path.join(home, '.copilot/instructions'), { recursive: true });
    fs.writeFileSync(path.join(home, '.copilot/copilot-instructions.md'), 'me\n');
    fs.writeFileSync(path.join(home, '.copilot/config.json'), '{}\n');
    const files = new Map([[path.join(w, '.mcp.json'), Buffer.from('{"mcpServers":{"evil":{"command":"sh"}}}')]]);
    assert.deepEqual(COPILOT_CLI_DRIVER.stateFiles?.({ port: 8787, state, files }), {
      'config/settings.json': '{"disableAllHooks":true}\n',
    });
    const launch = COPILOT_CLI_DRIVER.launch({
      executable: '/x/copilot',
      node: '/x/node',
      cwd: w,
      top: w,
      home,
      state,
      port: 8787,
      prompt: 'p',
      files,
    });
    const config = path.join(state, 'config');
    assert.deepEqual(launch.args.slice(0, 2), ['-p', 'p']);
    assert.equal(launch.args[launch.args.indexOf('--config-dir') + 1], config);
    assert.equal(launch.args[launch.args.indexOf('--disable-mcp-server') + 1], 'evil');
    assert.ok(launch.args.includes('--disable-builtin-mcps'));
    // Offline, no update, the endpoint on loopback, the bundle's cache out of the home.
    assert.equal(launch.env.COPILOT_OFFLINE, 'true');
    assert.equal(launch.env.COPILOT_AUTO_UPDATE, 'false');
    assert.equal(launch.env.COPILOT_PROVIDER_BASE_URL, 'http://127.0.0.1:8787/v1');
    assert.equal(launch.env.COPILOT_CACHE_HOME, path.join(state, 'cache'));
    // Only the user's instruction files are linked into the session's folder, not its settings.
    assert.deepEqual(fs.readdirSync(config).sort(), ['copilot-instructions.md', 'instructions']);
    assert.equal(fs.readlinkSync(path.join(config, 'copilot-instructions.md')), path.join(home, '.copilot/copilot-instructions.md'));
  });

  it('links from $COPILOT_HOME (the caller’s environment), and refuses one the sandbox would not show', () => {
    const [home, state, w] = [temp(), temp(), temp()];
    fs.mkdirSync(path.join(home, 'alt'));
    fs.writeFileSync(path.join(home, 'alt/copilot-instructions.md'), 'moved\n');
    const input = { executable: '/x/copilot', node: '/x/node', cwd: w, top: w, home, state, port: 8787, prompt: 'p', files: new Map() };
    COPILOT_CLI_DRIVER.launch({ ...input, env: { COPILOT_HOME: path.join(home, 'alt') } });
    assert.equal(fs.readlinkSync(path.join(state, 'config/copilot-instructions.md')), path.join(home, 'alt/copilot-instructions.md'));
    assert.equal(userFolder(home, w, { COPILOT_HOME: '~/alt' }), path.join(home, 'alt'));
    assert.equal(userFolder(home, w, {}), path.join(home, '.copilot'));
    assert.throws(() => COPILOT_CLI_DRIVER.launch({ ...input, env: { COPILOT_HOME: '/etc' } }), DriverRefusal);
  });

  it('reads the instruction text between the tools and the notifications', () => {
    assert.equal(instructionText('x</tools>\n\nA\n<system_notifications>y'), 'A');
    assert.equal(instructionText('no tools'), null);
  });

  it('reads blocks, whole rules and table rows in the text’s order; files of equal text by the listing’s order', () => {
    const T = tree({
      '.git/HEAD': 'ref\n',
      'README.md': 'same\n',
      'AGENTS.md': 'same\n',
      'CLAUDE.md': 'same\n',
      'pkg/AGENTS.md': 'same\n',
      'pkg/sub/AGENTS.md': 'same\n',
      '.github/instructions/a.instructions.md': 'rule\n',
      '.claude/rules/b.md': 'rule\n',
      '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nts\n',
    });
    made.push(T);
    const home = temp();
    const cwd = path.join(T, 'pkg');
    assert.equal(repositoryRoot(cwd), T);
    const block = (t: string) => `<custom_instruction>\n${t}\n</custom_instruction>`;
    const text =
      [
        block('same\n'),
        block('same\n'),
        block('same\n'),
        'rule\n',
        'rule\n',
        "Here is a list of instruction files…\n| Pattern | File Path | Description |\n| ------- | --------- | ----------- |\n| **/*.ts | '.github/instructions/ts.instructions.md' |  |",
      ].join('\n\n') + '\n';
    const x = COPILOT_CLI_DRIVER.extract({ requests: [request(text)], files: filesOf(T), cwd, home, env: {} });
    assert.deepEqual(x.problems, []);
    assert.deepEqual(x.files, [
      path.join(T, 'AGENTS.md'),
      path.join(T, 'CLAUDE.md'),
      path.join(T, 'pkg/AGENTS.md'),
      path.join(T, '.github/instructions/a.instructions.md'),
      path.join(T, '.claude/rules/b.md'),
      path.join(T, '.github/instructions/ts.instructions.md'),
    ]);
    assert.deepEqual(x.parts, [{ place: 'system-prompt', text }]);
  });

  it('says so when a block or a piece of text is no file, or no request came', () => {
    const T = tree({ '.git/HEAD': 'ref\n', 'AGENTS.md': 'a\n' });
    made.push(T);
    const x = COPILOT_CLI_DRIVER.extract({
      requests: [request('<custom_instruction>\nzzz\n</custom_instruction>\n\nstray\n')],
      files: filesOf(T),
      cwd: T,
      home: temp(),
    });
    assert.equal(x.problems.length, 2);
    assert.match(x.problems[0], /block matches no file/);
    assert.match(x.problems[1], /no file of the sandbox/);
    assert.deepEqual(COPILOT_CLI_DRIVER.extract({ requests: [], files: new Map(), cwd: T, home: T }).problems, [
      'no chat completions request was recorded',
    ]);
  });

  it('splits COPILOT_CUSTOM_INSTRUCTIONS_DIRS at commas only, a relative folder from the working directory', () => {
    assert.deepEqual(customInstructionDirs('/a, b ,,/c:/d', '/w'), ['/a', '/w/b', '/c:/d']);
  });
});
