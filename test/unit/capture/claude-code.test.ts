/**
 * The Claude Code driver's launch (src/capture/agents/claude-code.ts): the `--settings` it gives
 * (every command setting of 2.1.328 set to a harmless value of its own, the providers and proxies
 * pointed back at the endpoint, each hazardous `env` key of a repository settings file overridden),
 * which settings files it reads (the project's and local ones from the repository's top down to
 * the working directory, links followed), and the trees it refuses (a settings file or `env` it
 * cannot read).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CLAUDE_CODE_DRIVER, foldersFromTop, repositorySettings } from '../../../src/capture/agents/claude-code';
import { DriverRefusal, type Launch } from '../../../src/capture/agents/types';

function tree(files: Record<string, string>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-claude-driver-')));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

function launch(top: string, cwd = top): Launch {
  return CLAUDE_CODE_DRIVER.launch({
    executable: '/x/claude',
    node: '/x/node',
    cwd,
    top,
    home: '/h',
    state: '/s',
    port: 8787,
    prompt: 'p',
    files: new Map(),
  });
}

function flagSettingsOf(l: Launch): Record<string, unknown> & { env: Record<string, string> } {
  return JSON.parse(l.args[l.args.indexOf('--settings') + 1]) as Record<string, unknown> & { env: Record<string, string> };
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof DriverRefusal, `not a DriverRefusal: ${String(err)}`);
    return err.message;
  }
  assert.fail('the driver did not refuse');
}

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
});
const made = (files: Record<string, string>) => {
  const r = tree(files);
  roots.push(r);
  return r;
};

describe('claude-code driver', () => {
  it('gives every command setting of 2.1.328 a harmless value of its own in --settings, hooks off', () => {
    const s = flagSettingsOf(launch(made({})));
    assert.equal(s.disableAllHooks, true);
    assert.equal(s.enableAllProjectMcpServers, false);
    assert.equal(s.apiKeyHelper, 'echo oracle');
    for (const k of ['awsAuthRefresh', 'awsCredentialExport', 'gcpAuthRefresh', 'otelHeadersHelper', 'proxyAuthHelper', 'processWrapper'])
      assert.equal(s[k], '', k);
    for (const k of ['fileSuggestion', 'statusLine', 'subagentStatusLine']) assert.deepEqual(s[k], { type: 'command', command: 'true' }, k);
  });

  it('points providers, proxies and command variables back at its own values in the --settings env', () => {
    const { env } = flagSettingsOf(launch(made({})));
    assert.equal(env.ANTHROPIC_BASE_URL, 'http://127.0.0.1:8787');
    for (const k of [
      'CLAUDE_CODE_USE_VERTEX',
      'CLAUDE_CODE_USE_BEDROCK',
      'CLAUDE_CODE_USE_FOUNDRY',
      'CLAUDE_CODE_ENABLE_PROXY_AUTH_HELPER',
    ])
      assert.equal(env[k], '0', k);
    for (const k of [
      'HTTPS_PROXY',
      'https_proxy',
      'HTTP_PROXY',
      'ALL_PROXY',
      'CLAUDE_CODE_SHELL_PREFIX',
      'CLAUDE_ENV_FILE',
      'CLAUDE_CODE_PROCESS_WRAPPER',
    ])
      assert.equal(env[k], '', k);
    assert.equal(env.NO_PROXY, '*');
  });

  it("overrides each hazardous key a repository settings file's env sets, and keeps the keys that change what it loads", () => {
    const root = made({
      '.claude/settings.json': JSON.stringify({
        env: {
          LD_PRELOAD: './lib.so',
          GIT_CONFIG_COUNT: '1',
          BASH_ENV: 'x',
          PATH: '/evil',
          HOME: '/evil',
          ANTHROPIC_MODEL: 'm',
          CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1',
        },
      }),
      // JSONC, as Claude Code reads it: comments and a trailing comma.
      '.claude/settings.local.json':
        '{\n  // local\n  "env": { "LD_AUDIT": "./a.so", "ld_preload": "x", "NODE_OPTIONS": "--require x", },\n}\n',
    });
    const { env } = flagSettingsOf(launch(root));
    for (const k of ['LD_PRELOAD', 'GIT_CONFIG_COUNT', 'BASH_ENV', 'LD_AUDIT', 'ld_preload', 'NODE_OPTIONS']) assert.equal(env[k], '', k);
    assert.equal(env.PATH, '/usr/local/bin:/usr/bin:/bin');
    assert.equal(env.HOME, '/h');
    assert.equal('ANTHROPIC_MODEL' in env, false);
    assert.equal('CLAUDE_CODE_DISABLE_CLAUDE_MDS' in env, false);
  });

  it('reads the settings of each folder from the top down to the working directory, through links, and none below it', () => {
    const root = made({
      '.claude/settings.json': JSON.stringify({ env: { LD_PRELOAD: 'top' } }),
      'a/.claude/settings.local.json': JSON.stringify({ env: { DYLD_INSERT_LIBRARIES: 'a' } }),
      'a/b/.claude/settings.json': JSON.stringify({ env: { GIT_DIR: 'b' } }),
      'a/b/c/.claude/settings.json': JSON.stringify({ env: { GIT_EXEC_PATH: 'below' } }),
      'shared/settings.json': JSON.stringify({ env: { LD_AUDIT: 'linked' } }),
    });
    fs.rmSync(path.join(root, 'a/b/.claude/settings.json'));
    fs.symlinkSync(path.join(root, 'shared/settings.json'), path.join(root, 'a/b/.claude/settings.json'));
    const cwd = path.join(root, 'a/b');
    assert.deepEqual(foldersFromTop(root, cwd), [root, path.join(root, 'a'), cwd]);
    assert.deepEqual(
      repositorySettings(root, cwd).map((s) => path.relative(root, s.file)),
      ['.claude/settings.json', 'a/.claude/settings.local.json', 'a/b/.claude/settings.json'],
    );
    const { env } = flagSettingsOf(launch(root, cwd));
    assert.equal(env.LD_PRELOAD, '');
    assert.equal(env.DYLD_INSERT_LIBRARIES, '');
    assert.equal(env.LD_AUDIT, '');
    assert.equal('GIT_EXEC_PATH' in env, false);
    // A working directory reached through a link: its own chain and the resolved one.
    fs.symlinkSync(cwd, path.join(root, 'link'));
    assert.deepEqual(foldersFromTop(root, path.join(root, 'link')), [root, path.join(root, 'link'), path.join(root, 'a'), cwd]);
    // A working directory not below the top: its own folder only.
    assert.deepEqual(foldersFromTop(path.join(root, 'a'), path.join(root, 'shared')), [path.join(root, 'shared')]);
  });

  it('reads a large settings file whole (no size limit)', () => {
    const filler = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`K${i}`, 'x'.repeat(20)]));
    const root = made({ '.claude/settings.json': JSON.stringify({ env: { ...filler, LD_PRELOAD: 'late' } }) });
    assert.equal(flagSettingsOf(launch(root)).env.LD_PRELOAD, '');
  });

  it('refuses a settings file that does not parse, naming it', () => {
    const root = made({ '.claude/settings.json': '{ "env": { "LD_PRELOAD": "./lib.so" ' });
    const message = refusal(() => launch(root));
    assert.match(message, /\.claude\/settings\.json: Claude Code settings that do not parse as a JSON object/);
    const array = made({ '.claude/settings.local.json': '[1]' });
    assert.match(
      refusal(() => launch(array)),
      /settings\.local\.json: .*not an object/,
    );
  });

  it('refuses an env block that is not an object, naming the file', () => {
    const root = made({ '.claude/settings.local.json': JSON.stringify({ env: ['LD_PRELOAD=./lib.so'] }) });
    assert.match(
      refusal(() => launch(root)),
      /settings\.local\.json: its `env` is not an object/,
    );
  });
});
