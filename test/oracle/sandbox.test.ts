/**
 * The sandbox's promises, checked with a stand-in agent (a Node script) before any real agent
 * runs: it reaches the endpoint on 127.0.0.1 and nothing else (no other address has a route), it
 * runs with only the environment it is given, and nothing it starts outlives the run, even a
 * process that left its group. HOLARYN_ORACLE=skip skips these with the rest of the oracle suite.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SANDBOX_PORT, baseEnvironment, runSandboxed, sandboxProblem } from '../../src/capture/sandbox';

const AGENT = `
const net = require('node:net');
const { spawn } = require('node:child_process');
const [out] = process.argv.slice(1);
// A process of its own session and group, that would write a file after the run has ended.
spawn('/bin/sh', ['-c', 'sleep 2; echo survived > ' + out + '/survivor'], { detached: true, stdio: 'ignore' }).unref();
const probe = (host) => new Promise((resolve) => {
  const s = net.connect({ host, port: 80, timeout: 3000 });
  s.on('connect', () => { s.destroy(); resolve('connected'); });
  s.on('timeout', () => { s.destroy(); resolve('timeout'); });
  s.on('error', (e) => resolve(e.code));
});
(async () => {
  const outside = await probe('1.1.1.1');
  const body = JSON.stringify({ input: [], outside, secret: process.env.HOLARYN_TEST_SECRET ?? null, home: process.env.HOME });
  await fetch('http://127.0.0.1:${SANDBOX_PORT}/v1/responses', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  setInterval(() => {}, 1000);
})();
`;

describe('oracle sandbox', function () {
  this.timeout(60_000);
  before(function () {
    if (process.env.HOLARYN_ORACLE === 'skip') this.skip();
    const problem = sandboxProblem();
    if (problem) throw new Error(`cannot run the agents in isolation: ${problem}`);
  });

  it('only loopback, only the given environment, and nothing outlives the run', async () => {
    const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-sandbox-test-')));
    const out = path.join(base, 'outside');
    fs.mkdirSync(out);
    process.env.HOLARYN_TEST_SECRET = 'must not leak';
    try {
      const r = await runSandboxed(
        {
          driver: 'codex',
          launch: { command: process.execPath, args: ['-e', AGENT, out], env: { ...baseEnvironment(base), HOME: path.join(base, 'home') } },
          cwd: base,
          port: SANDBOX_PORT,
          read: null,
          timeoutMs: 30_000,
          result: path.join(base, 'result.json'),
          stdout: path.join(base, 'stdout.txt'),
          stderr: path.join(base, 'stderr.txt'),
        },
        base,
      );
      assert.equal(r.outcome, 'done', `${r.error ?? ''} ${fs.readFileSync(path.join(base, 'stderr.txt'), 'utf8')}`);
      const sent = JSON.parse(r.requests[0].body) as { outside: string; secret: string | null; home: string };
      assert.ok(['ENETUNREACH', 'EHOSTUNREACH', 'timeout'].includes(sent.outside), `a connection outside got ${sent.outside}`);
      assert.equal(sent.secret, null);
      assert.equal(sent.home, path.join(base, 'home'));
      // The runner's exit ended the namespace: the detached sleeper never writes.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      assert.deepEqual(fs.readdirSync(out), []);
    } finally {
      delete process.env.HOLARYN_TEST_SECRET;
      fs.rmSync(base, { recursive: true, force: true });
    }
  });
});
