/**
 * The Qwen Code driver's environment checks (src/capture/agents/qwen-code.ts): the system settings
 * exclude every key of the `.env` files Qwen filters, and `launch` refuses a `.qwen/.env`, a home
 * `.env` or a settings `env` (none of which Qwen filters) that sets a loader, git, shell, home or
 * Qwen variable Qwen does not drop itself, a filtered `.env` whose keys the list misses, and a
 * settings file that does not parse.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { QWEN_CODE_DRIVER, qwenDrops, qwenVariable } from '../../../src/capture/agents/qwen-code';
import { DriverRefusal, type LaunchInput } from '../../../src/capture/agents/types';
import { envTree, type EnvTree } from './env-tree';

function excludedOf(input: LaunchInput): string[] {
  const files = QWEN_CODE_DRIVER.stateFiles?.({ port: input.port, state: input.state, files: input.files }) ?? {};
  return (JSON.parse(files['qwen-system-settings.json']) as { advanced: { excludedEnvVars: string[] } }).advanced.excludedEnvVars;
}

function refusal(input: LaunchInput): string {
  try {
    QWEN_CODE_DRIVER.launch(input);
  } catch (err) {
    assert.ok(err instanceof DriverRefusal, String(err));
    return err.message;
  }
  assert.fail('launch was not refused');
}

describe('qwen-code driver: environment from the repository', () => {
  let t: EnvTree | undefined;
  afterEach(() => t?.remove());

  it('excludes every key of a project .env by its own advanced.excludedEnvVars', () => {
    t = envTree({
      '.env': 'GIT_DIR=/g\nLD_LIBRARY_PATH=/l\nGIT_CONFIG_PARAMETERS=x\nQWEN_DEBUG_LOG_FILE=/out\n',
      'sub/.env': 'GIT_WORK_TREE=/w\n',
    });
    const excluded = excludedOf(t.input());
    for (const k of ['DEBUG', 'DEBUG_MODE', 'GIT_DIR', 'LD_LIBRARY_PATH', 'GIT_CONFIG_PARAMETERS', 'QWEN_DEBUG_LOG_FILE', 'GIT_WORK_TREE'])
      assert.ok(excluded.includes(k), k);
    assert.doesNotThrow(() => QWEN_CODE_DRIVER.launch(t!.input()));
    assert.doesNotThrow(() => QWEN_CODE_DRIVER.launch(t!.input('sub')));
  });

  it('refuses a .qwen/.env (never filtered) that sets a git, loader or Qwen variable', () => {
    for (const [line, key] of [
      ['GIT_DIR=/g', 'GIT_DIR'],
      ['GIT_CONFIG_COUNT=1', 'GIT_CONFIG_COUNT'],
      ['LD_LIBRARY_PATH=/l', 'LD_LIBRARY_PATH'],
      ['PATH=/evil', 'PATH'],
      ['QWEN_DEBUG_LOG_FILE=/out/log', 'QWEN_DEBUG_LOG_FILE'],
      ['QWEN_SANDBOX=docker', 'QWEN_SANDBOX'],
    ]) {
      t?.remove();
      t = envTree({ '.qwen/.env': `${line}\n` });
      const message = refusal(t.input());
      assert.ok(message.startsWith(`${path.join(t.root, '.qwen', '.env')} sets ${key} (`), message);
      assert.match(message, /the run is refused/);
    }
  });

  it('lets a .qwen/.env set what Qwen drops itself, auth keys and what the driver sets', () => {
    t = envTree({
      '.qwen/.env':
        'NODE_OPTIONS=--require /x\nBASH_ENV=/b\nLD_PRELOAD=/x.so\nQWEN_HOME=/out\nGIT_CONFIG_KEY_0=core.fsmonitor\nOPENAI_BASE_URL=http://x\nDASHSCOPE_API_KEY=k\nOTHER=1\n',
    });
    assert.doesNotThrow(() => QWEN_CODE_DRIVER.launch(t!.input()));
    assert.ok(qwenDrops('npm_config_node_options', 'project'));
    assert.ok(qwenDrops('BASH_FUNC_ls%%', 'settings'));
    assert.ok(!qwenDrops('QWEN_HOME', 'home'));
    assert.equal(qwenVariable('DASHSCOPE_API_KEY'), null);
  });

  it('refuses a settings env block that sets GIT_DIR, in the working directory or any folder up to the top', () => {
    t = envTree({ '.qwen/settings.json': '// jsonc\n{ "env": { "GIT_DIR": "/g", "PATH": "/p", "NODE_OPTIONS": "x" }, }\n' });
    const message = refusal(t.input());
    // PATH and NODE_OPTIONS Qwen drops from settings env itself.
    assert.equal(
      message,
      `${path.join(t.root, '.qwen', 'settings.json')} sets in its env block GIT_DIR (GIT_* variables make the agent or the programs it starts load, run or read something else): the agent applies it with no exclusion the driver can set, so the run is refused`,
    );
    assert.match(refusal(t.input('a/b')), /root\/\.qwen\/settings\.json sets in its env block GIT_DIR/);
  });

  it('refuses the home .env and the home settings env, which Qwen does not filter either', () => {
    t = envTree({}, { '.env': 'GIT_DIR=/g\n' });
    assert.match(refusal(t.input()), /home\/\.env sets GIT_DIR/);
    t.remove();
    t = envTree({}, { '.qwen/settings.json': '{"env": {"GIT_EXEC_PATH": "/x"}}' });
    assert.match(refusal(t.input()), /home\/\.qwen\/settings\.json sets in its env block GIT_EXEC_PATH/);
  });

  it('refuses a settings file that does not parse', () => {
    t = envTree({ '.qwen/settings.json': '{"env": {"GIT_DIR": "/g"' });
    assert.match(refusal(t.input()), /settings\.json does not parse \(/);
  });

  it('refuses a filtered .env whose keys the exclusion list misses (a link to a file the driver was not shown)', () => {
    t = envTree({ '.env': { link: 'config/values' }, 'config/values': 'GIT_DIR=/g\n' });
    assert.match(refusal(t.input()), /\/root\/\.env sets GIT_DIR, which the driver could not exclude/);
  });
});
