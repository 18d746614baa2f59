/**
 * The Continue CLI driver (src/capture/agents/continue.ts): its own configuration and user folder
 * (hooks off, updates off), the `.env` of the working directory refused when it sets what the
 * agent must not take from a repository, a caller's own CONTINUE_GLOBAL_DIR refused when hooks are
 * named, and the extractor's split of the userRules block into files.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CONTINUE_DRIVER, SKILLS_HEAD, skillEntries, splitBody, userRulesBlock, type Piece } from '../../../src/capture/agents/continue';
import { DriverRefusal, type LaunchInput } from '../../../src/capture/agents/types';
import type { RecordedRequest } from '../../../src/capture/endpoint';
import { envTree, type EnvTree } from './env-tree';

function laid(input: LaunchInput): LaunchInput {
  const files = CONTINUE_DRIVER.stateFiles?.({ port: input.port, state: input.state, files: input.files }) ?? {};
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(input.state, rel)), { recursive: true });
    fs.writeFileSync(path.join(input.state, rel), text);
  }
  return input;
}

function refusal(input: LaunchInput): string {
  try {
    CONTINUE_DRIVER.launch(laid(input));
  } catch (err) {
    assert.ok(err instanceof DriverRefusal, String(err));
    return err.message;
  }
  assert.fail('launch was not refused');
}

function request(system: string): RecordedRequest {
  const body = JSON.stringify({
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: 'hi' },
    ],
  });
  return { seq: 1, method: 'POST', url: '/v1/chat/completions', headers: {}, body, protocol: 'openai-chat', main: true, answer: 'text' };
}

describe('continue driver', () => {
  let t: EnvTree | undefined;
  afterEach(() => t?.remove());

  it('lays its own configuration (the endpoint as the chat model) and a user folder with hooks and updates off', () => {
    const files = CONTINUE_DRIVER.stateFiles?.({ port: 4321, state: '/s', files: new Map() }) ?? {};
    assert.match(files['continue-config.yaml'], /apiBase: http:\/\/127\.0\.0\.1:4321\/v1/);
    assert.doesNotMatch(files['continue-config.yaml'], /mcpServers|rules/);
    assert.deepEqual(JSON.parse(files['continue-home/settings.json']), { disableAllHooks: true });
    assert.deepEqual(JSON.parse(files['continue-home/index/globalContext.json']), { autoUpdateCli: false });
  });

  it('starts cn -p with that configuration, its user folder, telemetry off, and links the user folder’s rules and skills only', () => {
    t = envTree({}, { '.continue/rules/g.md': 'g\n', '.continue/skills/s/SKILL.md': 's\n', '.continue/settings.json': '{"hooks":{}}' });
    const input = laid(t.input());
    const launch = CONTINUE_DRIVER.launch(input);
    const global = path.join(input.state, 'continue-home');
    assert.deepEqual(launch.args.slice(1), ['-p', input.prompt, '--config', path.join(input.state, 'continue-config.yaml')]);
    assert.equal(launch.env.CONTINUE_GLOBAL_DIR, global);
    assert.equal(launch.env.CONTINUE_METRICS_ENABLED, '0');
    assert.equal(launch.env.CONTINUE_CLI_ENABLE_TELEMETRY, '0');
    assert.equal(fs.readlinkSync(path.join(global, 'rules')), path.join(t.home, '.continue', 'rules'));
    assert.equal(fs.readlinkSync(path.join(global, 'skills')), path.join(t.home, '.continue', 'skills'));
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(global, 'settings.json'), 'utf8')), { disableAllHooks: true });
  });

  it('refuses a .env of the working directory that sets a loader, git, shell or Continue variable', () => {
    for (const [line, key] of [
      ['GIT_DIR=/g', 'GIT_DIR'],
      ['NODE_OPTIONS=--require /x.js', 'NODE_OPTIONS'],
      ['PATH=/evil', 'PATH'],
      ['CONTINUE_API_BASE=http://evil/', 'CONTINUE_API_BASE'],
      ['OTEL_EXPORTER_OTLP_ENDPOINT=http://evil/', 'OTEL_EXPORTER_OTLP_ENDPOINT'],
    ]) {
      t = envTree({ 'sub/.env': `${line}\n` });
      const message = refusal(t.input('sub'));
      assert.match(message, new RegExp(`sub/\\.env sets ${key} `));
      t.remove();
      t = undefined;
    }
  });

  it('lets a .env set what the driver pins and what changes nothing, and reads no .env above the working directory', () => {
    t = envTree({ '.env': 'GIT_DIR=/g\n', 'sub/.env': 'CONTINUE_GLOBAL_DIR=/elsewhere\nBASH_ENV=/x\nFOO=1\n' });
    assert.doesNotThrow(() => CONTINUE_DRIVER.launch(laid(t!.input('sub'))));
  });

  it('refuses a caller’s CONTINUE_GLOBAL_DIR when a hooks settings file names hooks, unless one turns them off', () => {
    t = envTree({ '.claude/settings.json': JSON.stringify({ hooks: { Stop: [] } }) }, { cfg: '' });
    const own = { ...t.input(), env: { CONTINUE_GLOBAL_DIR: path.join(t.home, 'elsewhere') } };
    assert.match(refusal(own), /\.claude\/settings\.json names hooks Continue would load/);
    fs.mkdirSync(path.join(t.home, 'elsewhere'));
    fs.writeFileSync(path.join(t.home, 'elsewhere', 'settings.json'), '{"disableAllHooks": true}');
    assert.doesNotThrow(() => CONTINUE_DRIVER.launch(laid(own)));
    fs.writeFileSync(path.join(t.root, '.claude', 'settings.json'), 'not json');
    fs.writeFileSync(path.join(t.home, 'elsewhere', 'settings.json'), '{}');
    assert.doesNotThrow(() => CONTINUE_DRIVER.launch(laid(own)), 'a file Continue cannot parse names nothing');
  });

  it('finds the userRules block at the end of the system message only', () => {
    assert.equal(userRulesBlock('base\n\n<context name="userRules">\nA\n</context>'), '<context name="userRules">\nA\n</context>');
    assert.equal(userRulesBlock('base <context name="userRules">\nA\n</context> and more'), undefined);
    assert.equal(userRulesBlock('base only'), undefined);
  });

  it('splits the block into the agent file and the rules, each file once, equal texts told apart by Continue’s order', () => {
    const p = (file: string, text: string, agent = false): Piece => ({ file, text, agent });
    const all = [p('/AGENTS.md', 'Agents.\n', true), p('/r/a.md', 'Same.'), p('/r/b.md', 'Same.'), p('/r/c.md', 'Same.\n')];
    assert.deepEqual(splitBody('Agents.\n\n\nSame.\n\nSame.\n', all), ['/AGENTS.md', '/r/a.md', '/r/c.md']);
    assert.deepEqual(splitBody('Same.\n\nSame.', all), ['/r/a.md', '/r/b.md']);
    assert.deepEqual(splitBody('Same.\n\nAgents.\n', all), undefined, 'the agent file comes first or not at all');
    assert.deepEqual(splitBody('Other.', all), undefined);
  });

  it('extracts the block as the system-prompt part with the files whose texts make it', () => {
    t = envTree({
      'AGENTS.md': 'Agents.\n',
      '.continue/rules/a.md': '---\nname: a\n---\nRule a.\n',
      '.continue/rules/b.md': '---\nglobs: x\n---\nRule b.\n',
    });
    const block = '<context name="userRules">\nAgents.\n\n\nRule a.\n</context>';
    const got = CONTINUE_DRIVER.extract({ requests: [request(`base\n\n${block}`)], files: new Map(), cwd: t.root, home: t.home });
    assert.deepEqual(got, {
      files: [path.join(t.root, 'AGENTS.md'), path.join(t.root, '.continue/rules/a.md')],
      parts: [{ place: 'system-prompt', text: block }],
      problems: [],
      listings: [],
      // Continue lists its skills as their parallel reads finish: compared whatever their order.
      listingsInAnyOrder: true,
    });
    const none = CONTINUE_DRIVER.extract({ requests: [request('base')], files: new Map(), cwd: t.root, home: t.home });
    assert.deepEqual(none, { files: [], parts: [], problems: [], listings: [], listingsInAnyOrder: true });
    const odd = CONTINUE_DRIVER.extract({
      requests: [request('base\n\n<context name="userRules">\nRule b.\n</context>')],
      files: new Map(),
      cwd: t.root,
      home: t.home,
    });
    assert.equal(odd.problems.length, 1);
  });

  it('reads the Skills tool description as its entries: name, description, the commas between them', () => {
    const head = `Use this tool to read the content of a skill by its name. ${SKILLS_HEAD}`;
    assert.deepEqual(skillEntries(head), []);
    const two = `${head}\nname: a\ndescription: First, with a comma\nand a line.\n,\nname: b\ndescription: Second.\n`;
    assert.deepEqual(skillEntries(two), [
      { kind: 'skill', name: 'a', place: 'tool-description', text: '\nname: a\ndescription: First, with a comma\nand a line.\n' },
      { kind: 'skill', name: 'b', place: 'tool-description', text: '\nname: b\ndescription: Second.\n' },
    ]);
    assert.equal(skillEntries(`${head}garbage`), undefined);
    assert.equal(skillEntries('no head'), undefined);
  });

  it('extracts the skill entries of the first request’s Skills tool', () => {
    const description = `Intro. ${SKILLS_HEAD}\nname: s\ndescription: d\n`;
    const body = JSON.stringify({
      messages: [{ role: 'system', content: 'base' }],
      tools: [{ type: 'function', function: { name: 'Skills', description, parameters: {} } }],
    });
    const req: RecordedRequest = { ...request('base'), body };
    const got = CONTINUE_DRIVER.extract({ requests: [req], files: new Map(), cwd: '/nowhere', home: '/nowhere' });
    assert.deepEqual(got.listings, [{ kind: 'skill', name: 's', place: 'tool-description', text: '\nname: s\ndescription: d\n' }]);
  });
});
