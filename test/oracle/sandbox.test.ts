/**
 * The sandbox's promises, checked with a stand-in agent (a Node script) before any real agent
 * runs: it reaches the endpoint on 127.0.0.1 and nothing else, and an attempt to leave is named
 * and ends the run at once; it sees a fresh /proc, no real home, no /run, no sockets outside the
 * run, cannot write anywhere but its own folders, and its writes into the repository land in the
 * throwaway layer (named afterwards) while the repository stays as it was; it runs with only the
 * environment it is given; nothing it starts outlives the run, even a process that left its group.
 * HOLARYN_ORACLE=skip skips these with the rest of the oracle suite.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { SANDBOX_PORT, baseEnvironment, layerWrites, runSandboxed, sandboxProblem, type SandboxView } from '../../src/capture/sandbox';

/** The stand-in agent: every probe's result goes to the endpoint as the body of one request. */
const AGENT = `
const fs = require('node:fs');
const net = require('node:net');
const { spawn } = require('node:child_process');
const [out, socketPath, realHome] = process.argv.slice(1);
// A process of its own session and group, that would write a file after the run has ended.
spawn('/bin/sh', ['-c', 'sleep 2; echo survived > ' + out + '/survivor'], { detached: true, stdio: 'ignore' }).unref();
const tryIt = (f) => { try { return f(); } catch (e) { return e.code ?? String(e); } };
const viaSocket = () => new Promise((resolve) => {
  const s = net.connect(socketPath);
  s.on('connect', () => { s.destroy(); resolve('connected'); });
  s.on('error', (e) => resolve(e.code));
});
(async () => {
  const probes = {
    secret: process.env.HOLARYN_TEST_SECRET ?? null,
    home: process.env.HOME,
    realHome: tryIt(() => fs.readdirSync(realHome).length),
    run: tryIt(() => fs.readdirSync('/run').length),
    shadow: tryIt(() => fs.readFileSync('/etc/shadow', 'utf8').length),
    processes: fs.readdirSync('/proc').filter((n) => /^[0-9]+$/.test(n)).length,
    writeOutside: tryIt(() => (fs.writeFileSync(out + '/written', 'x'), 'written')),
    writeUsr: tryIt(() => (fs.writeFileSync('/usr/holaryn-test', 'x'), 'written')),
    writeRepo: tryIt(() => (fs.writeFileSync('added.txt', 'x'), fs.appendFileSync('AGENTS.md', 'more'), fs.rmSync('gone.txt'), 'written')),
    socket: await viaSocket(),
  };
  await fetch('http://127.0.0.1:${SANDBOX_PORT}/v1/responses', { method: 'POST', body: JSON.stringify({ input: [], ...probes }), headers: { 'content-type': 'application/json' } });
  setInterval(() => {}, 1000);
})();
`;

/** A stand-in agent that tries to leave: a lookup, then a connection to an address. */
const LEAVER = (how: 'dns' | 'connect') => `
const net = require('node:net');
${how === 'dns' ? "require('node:dns').lookup('registry.example.org', () => {});" : "net.connect({ host: '192.0.2.7', port: 443 }).on('error', () => {});"}
setInterval(() => {}, 1000);
`;

describe('oracle sandbox', function () {
  this.timeout(60_000);
  let base: string;
  before(function () {
    if (process.env.HOLARYN_ORACLE === 'skip') this.skip();
    const problem = sandboxProblem();
    if (problem) throw new Error(`cannot run the agents in isolation: ${problem}`);
  });
  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-sandbox-test-')));
    for (const d of ['outside', 'home', 'tmp', 'run', 'repo']) fs.mkdirSync(path.join(base, d));
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  const run = (script: string, args: string[], timeoutMs = 30_000) => {
    const view: SandboxView = {
      top: path.join(base, 'repo'),
      layer: path.join(base, 'layer'),
      writable: [path.join(base, 'home'), path.join(base, 'tmp')],
      readable: [],
    };
    return runSandboxed(
      {
        driver: 'codex',
        launch: {
          command: process.execPath,
          args: ['-e', script, ...args],
          env: { ...baseEnvironment(path.join(base, 'tmp')), HOME: path.join(base, 'home') },
        },
        cwd: path.join(base, 'repo'),
        port: SANDBOX_PORT,
        read: null,
        timeoutMs,
        result: path.join(base, 'run', 'result.json'),
        stdout: path.join(base, 'run', 'stdout.txt'),
        stderr: path.join(base, 'run', 'stderr.txt'),
      },
      path.join(base, 'run'),
      view,
    );
  };

  it('only loopback, a closed file system, writes into the repository kept in the layer, only the given environment, nothing outlives the run', async () => {
    const out = path.join(base, 'outside');
    const repo = path.join(base, 'repo');
    fs.writeFileSync(path.join(repo, 'AGENTS.md'), 'Be brief.\n');
    fs.writeFileSync(path.join(repo, 'gone.txt'), 'x');
    // A process outside the sandbox listening on a socket file (a stand-in for docker's, the session bus, an ssh-agent).
    const socketPath = path.join(base, 'outside', 'agent.sock');
    let connected = false;
    const server = net.createServer((s) => ((connected = true), s.destroy())).listen(socketPath);
    process.env.HOLARYN_TEST_SECRET = 'must not leak';
    try {
      const r = await run(AGENT, [out, socketPath, os.homedir()]);
      assert.equal(r.outcome, 'done', `${r.error ?? ''} ${fs.readFileSync(path.join(base, 'run', 'stderr.txt'), 'utf8')}`);
      const sent = JSON.parse(r.requests[0].body) as Record<string, unknown>;
      assert.equal(sent.secret, null);
      assert.equal(sent.home, path.join(base, 'home'));
      assert.equal(sent.realHome, 'ENOENT', 'the real home is not there');
      assert.equal(sent.run, 'ENOENT', '/run is not there');
      if (fs.existsSync('/etc/shadow'))
        assert.ok([0, 'EACCES'].includes(sent.shadow as number | string), "the machine's /etc/shadow is hidden");
      assert.ok((sent.processes as number) <= 6, `the sandbox's /proc shows ${String(sent.processes)} processes`);
      assert.notEqual(sent.writeOutside, 'written');
      assert.notEqual(sent.writeUsr, 'written');
      assert.equal(sent.writeRepo, 'written');
      assert.equal(sent.socket, 'ENOENT');
      assert.equal(connected, false);
      // The repository is as it was; the layer names every write.
      assert.equal(fs.readFileSync(path.join(repo, 'AGENTS.md'), 'utf8'), 'Be brief.\n');
      assert.ok(fs.existsSync(path.join(repo, 'gone.txt')));
      assert.ok(!fs.existsSync(path.join(repo, 'added.txt')));
      assert.deepEqual(layerWrites(path.join(base, 'layer'), repo), [
        { path: 'AGENTS.md', change: 'changed' },
        { path: 'added.txt', change: 'added' },
        { path: 'gone.txt', change: 'removed' },
      ]);
      assert.deepEqual(r.outside, []);
      // The runner's exit ended the sandbox: the detached sleeper never writes.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      assert.deepEqual(fs.readdirSync(out).sort(), ['agent.sock']);
    } finally {
      delete process.env.HOLARYN_TEST_SECRET;
      server.close();
    }
  });

  for (const how of ['dns', 'connect'] as const) {
    it(`an attempt to leave (${how}) is named and stops the run at once`, async () => {
      const started = Date.now();
      const r = await run(LEAVER(how), [], 30_000);
      assert.equal(r.outcome, 'outside', r.error);
      assert.deepEqual(
        r.outside,
        how === 'dns' ? [{ kind: 'dns', target: 'registry.example.org' }] : [{ kind: 'connect', target: '192.0.2.7', port: 443 }],
      );
      assert.ok(Date.now() - started < 20_000);
    });
  }
});
