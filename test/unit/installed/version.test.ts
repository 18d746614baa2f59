import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cli } from '../../../src/cli/cli';
import type { Evidence } from '../../../src/resolver';
import { schemaValidator } from '../../helpers/schema';
import { DRIVERS } from '../../../src/capture/agents';
import { agentOnPath, installedAgentLine, releaseOf, verifiedRelease } from '../../../src/installed/version';
import { profileCard } from '../../../src/resolver';

/** A stand-in npm install of `pkg` at `version` with `command` linked into a bin folder; the bin folder. */
function fakeInstall(base: string, pkg: string, version: string, command: string, script: string): string {
  const dir = path.join(base, 'lib', 'node_modules', ...pkg.split('/'));
  fs.mkdirSync(path.join(dir, 'bin'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: pkg, version }));
  // Never run: the version comes from package.json.
  fs.writeFileSync(path.join(dir, script), `#!/bin/sh\necho ran > ${base}/ran\n`, { mode: 0o755 });
  const bin = path.join(base, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  fs.symlinkSync(path.join(dir, script), path.join(bin, command));
  return bin;
}

/** `holaryn instructions <root> AGENTS.md --profile codex` in `format`, with PATH `bin`: its output. */
async function instructions(root: string, bin: string, format: string): Promise<string> {
  let out = '';
  const io = {
    stdout: (t: string) => void (out += t),
    stderr: () => {},
    readStdin: async () => '',
    isTTY: false,
    env: { PATH: bin },
    cwd: root,
  };
  assert.equal(await cli(['instructions', root, 'AGENTS.md', '--profile', 'codex', '--format', format], io), 0);
  return out;
}

describe('installed agent versions', () => {
  let base: string;
  beforeEach(() => (base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-version-')))));
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  it('reads the release from a profile version and a platform build', () => {
    assert.equal(verifiedRelease('OpenAI Codex CLI 0.169.0'), '0.169.0');
    assert.equal(verifiedRelease('Claude Code 2.1.328'), '2.1.328');
    assert.equal(verifiedRelease(undefined), null);
    assert.equal(releaseOf('0.169.0-linux-x64'), '0.169.0');
    assert.equal(releaseOf('0.170.0-alpha.2'), '0.170.0-alpha.2');
  });

  it('says in the evidence and the report when the installed release differs, without running the agent', async () => {
    const bin = fakeInstall(base, '@openai/codex', '0.170.0-linux-x64', 'codex', 'bin/codex.js');
    fs.writeFileSync(path.join(base, 'AGENTS.md'), 'Be brief.\n');
    const run = (format: string) => instructions(base, bin, format);
    const ev = JSON.parse(await run('json')) as Evidence;
    schemaValidator()(ev, 'the evidence');
    assert.deepEqual(ev.installedAgent, { executable: path.join(bin, 'codex'), version: '0.170.0', verified: '0.169.0', differs: true });
    assert.match(await run('text'), /^agent {5}.*codex: the profile was verified against 0\.169\.0; this machine has 0\.170\.0$/m);
    assert.equal(fs.existsSync(path.join(base, 'ran')), false);
  });

  it('adds nothing when the agent is not on PATH, and says so when its version cannot be read', async () => {
    fs.writeFileSync(path.join(base, 'AGENTS.md'), 'Be brief.\n');
    assert.equal((JSON.parse(await instructions(base, base, 'json')) as Evidence).installedAgent, undefined);
    assert.equal(
      installedAgentLine({ installedAgent: { executable: '/usr/bin/codex', version: null, verified: '0.169.0', differs: false } }),
      '/usr/bin/codex: its version cannot be read without running it',
    );
  });

  it("reads every driven agent's executable and packages from its profile's card", () => {
    for (const driver of DRIVERS) {
      const signs = profileCard(driver.profile)?.signs;
      assert.ok(signs?.executables?.length, `${driver.profile} names no executable`);
      assert.ok(signs?.packages?.length, `${driver.profile} names no npm package`);
    }
    const bin = fakeInstall(base, '@google/gemini-cli', '0.61.0', 'gemini', 'bin/gemini.js');
    assert.equal(agentOnPath(profileCard('gemini')?.signs, `/nowhere${path.delimiter}${bin}`), path.join(bin, 'gemini'));
    assert.equal(agentOnPath(profileCard('gemini')?.signs, base), null);
    assert.equal(agentOnPath(undefined, bin), null);
  });
});
