/**
 * The Codex driver's launch: every `config.toml` Codex 0.169.0 reads is found on disk (the home's,
 * and `.codex/config.toml` from the project root down to the working directory, through links,
 * whatever its size), its MCP servers switched off, and a run
 * refused where the driver cannot know or switch off what a file names.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CODEX_DRIVER, codexConfigFiles } from '../../../src/capture/agents/codex';
import { DriverRefusal } from '../../../src/capture/agents/types';
import { launchInput } from './env-tree';

describe('capture: the Codex driver’s launch', () => {
  let base: string;
  let root: string;
  let home: string;
  const write = (abs: string, text: string) => {
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  };
  const launch = (cwd = root) => CODEX_DRIVER.launch(launchInput({ executable: '/x/codex', cwd, top: root, home, state: base }));
  /** The `-c` values of a launch. */
  const overrides = (cwd = root) => {
    const args = launch(cwd).args;
    return args.flatMap((a, i) => (args[i - 1] === '-c' ? [a] : []));
  };
  const refused = (pattern: RegExp, cwd = root) =>
    assert.throws(
      () => launch(cwd),
      (e: unknown) => e instanceof DriverRefusal && pattern.test(e.message),
    );
  const server = (command: string) => `[mcp_servers.${command}]\ncommand = "/bin/sh"\nargs = ["-c", "true"]\n`;

  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-codex-driver-')));
    root = path.join(base, 'root');
    home = path.join(base, 'home');
    fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
    fs.mkdirSync(home, { recursive: true });
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  it('switches off the servers of the home, of each folder up to the top, through links, whatever the size', () => {
    write(path.join(home, '.codex/config.toml'), server('home'));
    write(path.join(root, '.codex/config.toml'), `# ${'x'.repeat(2 << 20)}\n${server('large')}`);
    write(path.join(root, 'conf/linked.toml'), server('linked'));
    fs.mkdirSync(path.join(root, 'sub/.codex'), { recursive: true });
    fs.symlinkSync('../../conf/linked.toml', path.join(root, 'sub/.codex/config.toml'));
    write(path.join(base, '.codex/config.toml'), server('above'));
    write(path.join(root, 'sub/.codex/other.toml'), server('other'));
    write(path.join(root, '.codex/remote.toml'), '');
    const got = overrides(path.join(root, 'sub'));
    for (const name of ['home', 'large', 'linked']) {
      assert.ok(got.includes(`mcp_servers.${name}.enabled=false`), name);
      assert.ok(got.includes(`mcp_servers.${name}.command="/bin/false"`), name);
    }
    assert.ok(!got.some((o) => /above|other/.test(o)));
    assert.deepEqual(codexConfigFiles(path.join(root, 'sub'), root, home), [
      path.join(home, '.codex/config.toml'),
      path.join(root, '.codex/config.toml'),
      path.join(root, 'sub/.codex/config.toml'),
    ]);
  });

  it('walks up to the repository root when the top given is a folder below it', () => {
    fs.mkdirSync(path.join(root, '.git'));
    write(path.join(root, '.codex/config.toml'), server('parent'));
    const sub = path.join(root, 'sub');
    assert.deepEqual(codexConfigFiles(sub, sub, home), [path.join(root, '.codex/config.toml')]);
  });

  it('gives a server named by url a closed loopback url, not a command', () => {
    write(path.join(root, '.codex/config.toml'), '[mcp_servers.r]\nurl = "http://example.invalid/mcp"\n');
    assert.ok(overrides().includes('mcp_servers.r.url="http://127.0.0.1:9/"'));
  });

  it('turns notify, hooks, plugins, apps, shell snapshots and the JavaScript REPL off', () => {
    const args = launch().args;
    assert.ok(overrides().includes('notify=[]'));
    for (const feature of ['hooks', 'plugins', 'apps', 'shell_snapshot', 'js_repl'])
      assert.ok(
        args.some((a, i) => a === feature && args[i - 1] === '--disable'),
        feature,
      );
  });

  it('refuses a file that does not parse, or nests deeper than 64 levels', () => {
    write(path.join(root, '.codex/config.toml'), '[mcp_servers.evil\ncommand = "x"\n');
    refused(/config\.toml cannot be read/);
    write(path.join(root, '.codex/config.toml'), `x = ${'['.repeat(70)}${']'.repeat(70)}\n`);
    refused(/config\.toml cannot be read/);
  });

  it('refuses a server name -c cannot spell, and a file naming the driver’s own provider', () => {
    write(path.join(root, '.codex/config.toml'), '[mcp_servers."a.b"]\ncommand = "x"\n');
    refused(/cannot switch off the MCP server "a\.b"/);
    write(path.join(root, '.codex/config.toml'), '[model_providers.holaryn_oracle.auth]\ncommand = "/bin/sh"\n');
    refused(/defines the model provider holaryn_oracle/);
    fs.rmSync(path.join(root, '.codex/config.toml'));
    write(path.join(home, '.codex/config.toml'), '[model_providers.holaryn_oracle]\nbase_url = "http://x"\n');
    refused(/home\/\.codex\/config\.toml defines the model provider holaryn_oracle/);
  });
});
