/**
 * The Gemini CLI driver's environment checks (src/capture/agents/gemini.ts): the system settings
 * exclude every key of the `.env` files Gemini filters, and `launch` refuses a `.env` it does not
 * filter (`.gemini/.env`) that sets a loader, git, shell, home or Gemini variable, or a filtered
 * one whose keys the exclusion list misses.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GEMINI_DRIVER, excludedEnvVars, geminiVariable } from '../../../src/capture/agents/gemini';
import { DriverRefusal, type LaunchInput } from '../../../src/capture/agents/types';
import { envTree, type EnvTree } from './env-tree';

/** The system settings the driver writes, loosely typed for the checks below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document read back
type Json = any;

function settingsOf(input: LaunchInput): Json {
  const files = GEMINI_DRIVER.stateFiles?.({ port: input.port, state: input.state, files: input.files }) ?? {};
  return JSON.parse(files['gemini-system-settings.json']) as Json;
}

function refusal(input: LaunchInput): string {
  try {
    GEMINI_DRIVER.launch(input);
  } catch (err) {
    assert.ok(err instanceof DriverRefusal, String(err));
    return err.message;
  }
  assert.fail('launch was not refused');
}

describe('gemini driver: environment from the repository', () => {
  let t: EnvTree | undefined;
  afterEach(() => t?.remove());

  it('excludes every key of a .env Gemini filters, by its own advanced.excludedEnvVars (keeping its defaults)', () => {
    t = envTree({
      '.env': 'LD_PRELOAD=/x.so\nGIT_DIR=/g\nGEMINI_CLI_HOME=/out\nGEMINI_TELEMETRY_OUTFILE=/out/t\nHARMLESS=1\n',
      'sub/.env': 'GIT_CONFIG_COUNT=1\n',
      '.gemini/.env': 'GEMINI_API_KEY=k\n',
    });
    const input = t.input();
    const excluded = settingsOf(input).advanced.excludedEnvVars as string[];
    for (const k of ['DEBUG', 'DEBUG_MODE', 'GEMINI_CLI_IDE_SERVER_STDIO_COMMAND', 'GEMINI_CLI_IDE_SERVER_STDIO_ARGS'])
      assert.ok(excluded.includes(k), k);
    for (const k of ['LD_PRELOAD', 'GIT_DIR', 'GEMINI_CLI_HOME', 'GEMINI_TELEMETRY_OUTFILE', 'HARMLESS', 'GIT_CONFIG_COUNT'])
      assert.ok(excluded.includes(k), k);
    // Gemini never filters `.gemini/.env`: its keys are checked by launch instead.
    assert.ok(!excluded.includes('GEMINI_API_KEY'));
    assert.deepEqual(excludedEnvVars(input.files), excluded);
    // Nothing is refused: every key of the project .env is excluded.
    assert.equal(GEMINI_DRIVER.launch(input).env.GEMINI_MODEL, 'gemini-2.5-flash');
    assert.doesNotThrow(() => GEMINI_DRIVER.launch(t!.input('sub')));
  });

  it('pins the settings that name a command or a file Gemini writes', () => {
    t = envTree({});
    const s = settingsOf(t.input());
    assert.equal(s.mcp.serverCommand, '');
    assert.equal(s.tools.discoveryCommand, '');
    assert.equal(s.tools.callCommand, '');
    assert.equal(s.tools.sandbox, false);
    assert.equal(s.tools.shell.pager, 'cat');
    assert.deepEqual(s.telemetry, { enabled: false, traces: false, logPrompts: false, useCollector: false });
    assert.equal(s.ide.enabled, false);
    assert.equal(s.general.checkpointing.enabled, false);
    assert.deepEqual(s.experimental.gemmaModelRouter, { enabled: false, autoStartServer: false });
    assert.equal(s.hooksConfig.enabled, false);
  });

  it('refuses a .gemini/.env (never filtered) that sets a loader, git or Gemini variable', () => {
    for (const [line, key] of [
      ['LD_PRELOAD=/x.so', 'LD_PRELOAD'],
      ['GIT_DIR=/g', 'GIT_DIR'],
      ['PATH=/evil', 'PATH'],
      ['GEMINI_CLI_HOME=/out', 'GEMINI_CLI_HOME'],
      ['GEMINI_TELEMETRY_OUTFILE=/out/t', 'GEMINI_TELEMETRY_OUTFILE'],
      ['GEMINI_SANDBOX=docker', 'GEMINI_SANDBOX'],
      ['GOOGLE_APPLICATION_CREDENTIALS=/c.json', 'GOOGLE_APPLICATION_CREDENTIALS'],
      ['SEATBELT_PROFILE=x', 'SEATBELT_PROFILE'],
    ]) {
      t?.remove();
      t = envTree({ '.gemini/.env': `${line}\n` });
      const message = refusal(t.input());
      assert.ok(message.startsWith(`${path.join(t.root, '.gemini', '.env')} sets ${key} (`), message);
      assert.match(message, /the run is refused/);
    }
  });

  it('lets a .gemini/.env set the auth keys and the variables the driver sets itself', () => {
    t = envTree({ '.gemini/.env': 'GEMINI_API_KEY=k\nGOOGLE_API_KEY=k\nGOOGLE_CLOUD_PROJECT=p\nGEMINI_MODEL=m\nHOME=/h\nSOMETHING=1\n' });
    assert.doesNotThrow(() => GEMINI_DRIVER.launch(t!.input()));
    assert.equal(geminiVariable('GOOGLE_API_KEY'), null);
    assert.notEqual(geminiVariable('GEMINI_WRITE_SYSTEM_MD'), null);
  });

  it('looks in every folder from the working directory up to the top, and in the home', () => {
    t = envTree({ '.gemini/.env': 'GIT_DIR=/g\n', 'a/b/GEMINI.md': 'x\n' });
    assert.match(refusal(t.input('a/b')), /root\/\.gemini\/\.env sets GIT_DIR/);
    t.remove();
    t = envTree({ 'a/GEMINI.md': 'x\n' }, { '.gemini/.env': 'LD_PRELOAD=/x.so\n' });
    assert.match(refusal(t.input('a')), /home\/\.gemini\/\.env sets LD_PRELOAD/);
    // Above the top: not the repository's (the sandbox shows nothing there).
    t.remove();
    t = envTree({});
    fs.mkdirSync(path.join(t.base, '.gemini'));
    fs.writeFileSync(path.join(t.base, '.gemini', '.env'), 'LD_PRELOAD=/x.so\n');
    assert.doesNotThrow(() => GEMINI_DRIVER.launch(t!.input()));
  });

  it('refuses a filtered .env whose keys the exclusion list misses (a link to a file the driver was not shown)', () => {
    t = envTree({ '.env': { link: 'config/values' }, 'config/values': 'LD_PRELOAD=/x.so\n' });
    assert.match(refusal(t.input()), /\/root\/\.env sets LD_PRELOAD, which the driver could not exclude/);
  });

  it('refuses a path holding ".gemini", which Gemini does not filter either', () => {
    t = envTree({ 'x.gemini-work/.env': 'GIT_DIR=/g\n' });
    assert.match(refusal(t.input('x.gemini-work')), /x\.gemini-work\/\.env sets GIT_DIR/);
  });

  it('refuses a .env it cannot read', () => {
    t = envTree({ '.env': 'A=1\n' });
    fs.rmSync(path.join(t.root, '.env'));
    fs.mkdirSync(path.join(t.root, '.env'));
    assert.match(refusal(t.input()), /\.env could not be read/);
  });
});
