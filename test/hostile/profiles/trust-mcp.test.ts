/**
 * Hostile cases for the trust store, the MCP server and the gate (a repository is hostile input), on the built
 * executable run as a child, measured (test/helpers/measure.ts): each case must end within
 * CASE_MS and CASE_MB — a guard against a hang or a blow-up, not a speed test — and the figures
 * are printed as one table at the end.
 *
 * - trust.json.lock that is a folder, a FIFO, a link, another user's file, a file with no
 *   permissions, empty (a crash, a full disk): the wait always ends, with an error naming the
 *   lock and what to do, or by breaking a lock that was left behind;
 * - a real full disk (a 16 KiB tmpfs in a mount namespace of its own; root only): an error, and
 *   nothing left behind that makes the next write wait;
 * - a store that is a symbolic link, a store with a person's own keys: kept;
 * - 100 writers at once and 60 writers killed mid-write: no entry lost, never an empty lock;
 * - `holaryn mcp` and `holaryn gate`: a frame over the bound, 64 MiB without a newline, a line
 *   that is not JSON, JSON that is not a message, an id nested too deep to echo, 5,000-deep
 *   settings files: each line answered, every later request served, exit 0 at end of input;
 *   10,000 calls one after another under 150 MB (as before), and 10,000 sent at once.
 */
import { strict as assert } from 'node:assert';
import { ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, TempDirs, baseEnv, build, writeTree } from '../../helpers/cli';
import { MAX_LOCK_WAIT_MS } from '../../../src/trust/store';
import { FigureTable, MeasureOptions, Measured, cleanupMeasure, measure, measureSession } from '../../helpers/measure';

/** Every case ends within these (a guard, not a speed test): a hang or a blow-up fails the case. */
const CASE_MS = 5_000;
const CASE_MB = 400;
/** 10,000 calls one after another stayed under this before; they must still. */
const SESSION_MB = 150;
/** 10,000 calls take longer than one case on a shared machine: only a hang guard applies. */
const SESSION_GUARD_MS = 120_000;

const NOBODY = 65534;
const isRoot = process.getuid?.() === 0;

describe('hostile: the trust store, the MCP server and the gate (built executable)', function () {
  this.timeout(SESSION_GUARD_MS * 2);
  const tmp = new TempDirs();
  const table = new FigureTable();
  let env: Record<string, string> = {};

  before(function () {
    this.timeout(180_000);
    build();
    env = baseEnv(tmp.make('holaryn-hostile-tm-home-'));
  });
  after(() => {
    table.print('trust store, mcp and gate hostile cases');
    cleanupMeasure();
    tmp.cleanup();
  });

  function bounded(name: string, m: Measured, limits: { ms?: number; mb?: number } = {}): Measured {
    table.add(name, m);
    const ms = limits.ms ?? CASE_MS;
    const mb = limits.mb ?? CASE_MB;
    assert.equal(m.signal, null, `${name}: killed (${m.signal}) after ${m.ms} ms: a hang\n${m.stderr.slice(0, 1000)}`);
    assert.ok(m.ms < ms, `${name}: ${m.ms} ms, more than ${ms}`);
    assert.ok(m.peakMb < mb, `${name}: peak RSS ${m.peakMb} MB, more than ${mb}`);
    return m;
  }

  function opts(cwd: string, more: Partial<MeasureOptions> = {}): MeasureOptions {
    return { cwd, env, timeoutMs: 60_000, ...more };
  }

  describe('trust.json.lock: the wait always ends', () => {
    /** A base folder every user may enter, with `repo` and the store folder `home` in it. */
    function layout(owner?: number): { base: string; repo: string; home: string; store: string; lock: string } {
      const base = tmp.make('holaryn-hostile-trust-');
      fs.chmodSync(base, 0o755);
      const repo = path.join(base, 'repo');
      const home = path.join(base, 'home');
      fs.mkdirSync(repo, { mode: 0o755 });
      fs.mkdirSync(home, { mode: 0o700 });
      if (owner !== undefined) fs.chownSync(home, owner, owner);
      const store = path.join(home, 'trust.json');
      return { base, repo, home, store, lock: `${store}.lock` };
    }

    function trustSet(name: string, at: ReturnType<typeof layout>, more: Partial<MeasureOptions> = {}): Measured {
      return bounded(name, measure(['trust', at.repo, '--set', 'trusted', '--json', '--trust-store', at.store], opts(at.base, more)));
    }

    function refused(m: Measured, at: ReturnType<typeof layout>, ...needles: string[]): void {
      assert.equal(m.status, 2, `exit ${m.status}\n${m.stdout}\n${m.stderr}`);
      const error = (JSON.parse(m.stdout) as { error: { code: string; message: string; file: string } }).error;
      assert.equal(error.code, 'trust-store');
      assert.equal(error.file, at.store);
      for (const needle of [at.lock, ...needles]) assert.ok(error.message.includes(needle), `${needle}:\n${error.message}`);
    }

    function recorded(m: Measured, at: ReturnType<typeof layout>): void {
      assert.equal(m.status, 0, `exit ${m.status}\n${m.stdout}\n${m.stderr}`);
      assert.equal((JSON.parse(m.stdout) as { decision: string }).decision, 'trusted');
      assert.deepEqual(JSON.parse(fs.readFileSync(at.store, 'utf8')), { version: 1, decisions: { [at.repo]: 'trusted' } });
    }

    function old(file: string): void {
      const then = new Date(Date.now() - 60_000);
      fs.lutimesSync(file, then, then);
    }

    for (const [what, said, make] of [
      ['a folder', 'a directory', (lock: string) => fs.mkdirSync(lock)],
      [
        'a folder with files in it, made a minute ago',
        'a directory',
        (lock: string) => {
          fs.mkdirSync(path.join(lock, 'x'), { recursive: true });
          old(lock);
        },
      ],
      ['a FIFO (reading it would block)', 'a FIFO', (lock: string) => execFileSync('mkfifo', [lock])],
      ['a symbolic link to /dev/zero', 'a symbolic link', (lock: string) => fs.symlinkSync('/dev/zero', lock)],
    ] as const) {
      it(`a lock that is ${what}: an error at once naming it, and it is left alone`, () => {
        const at = layout();
        make(at.lock);
        refused(trustSet(`trust --set: lock is ${what}`, at), at, said, 'remove it by hand');
        assert.ok(fs.lstatSync(at.lock));
        assert.ok(!fs.existsSync(at.store));
      });
    }

    it('a lock that is another user’s file (root’s, mode 0600; the writer is nobody): an error naming it and its owner', function () {
      if (!isRoot) this.skip(); // two users are needed: only root can make another user’s file
      const at = layout(NOBODY);
      fs.writeFileSync(at.lock, '1\n-\n', { mode: 0o600 });
      const m = trustSet('trust --set: lock is another user’s (fresh)', at, { uid: NOBODY, gid: NOBODY });
      refused(m, at, 'cannot be read (EACCES', 'user 0', 'remove it by hand');
      assert.ok(fs.existsSync(at.lock), 'a lock that may be live is never removed');
    });

    it('the same lock left a minute ago: broken like any lock left behind, and the decision written', function () {
      if (!isRoot) this.skip();
      const at = layout(NOBODY);
      fs.writeFileSync(at.lock, '1\n-\n', { mode: 0o600 });
      old(at.lock);
      recorded(trustSet('trust --set: lock is another user’s (old)', at, { uid: NOBODY, gid: NOBODY }), at);
      assert.ok(!fs.existsSync(at.lock));
    });

    it('a lock with no permissions (mode 000) of the writer’s own: an error naming it', () => {
      // Root reads any file: as root the writer is nobody, and the file nobody's.
      const as = isRoot ? { uid: NOBODY, gid: NOBODY } : {};
      const at = layout(isRoot ? NOBODY : undefined);
      fs.writeFileSync(at.lock, `${process.pid}\n-\n`, { mode: 0o000 });
      if (isRoot) fs.chownSync(at.lock, NOBODY, NOBODY);
      fs.chmodSync(at.lock, 0o000);
      refused(trustSet('trust --set: lock with mode 000', at, as), at, 'cannot be read (EACCES', 'remove it by hand');
    });

    for (const [what, text] of [
      ['empty', ''],
      ['holding no record', 'garbage\n'],
    ] as const) {
      it(`a lock ${what}, left by a crash or a full disk: broken without the old 10 s wait`, () => {
        const at = layout();
        fs.writeFileSync(at.lock, text);
        old(at.lock);
        recorded(trustSet(`trust --set: lock ${what}, left behind`, at), at);
        assert.deepEqual(fs.readdirSync(at.home), ['trust.json']);
      });

      it(`a lock ${what} just now: waited for a moment at most, then broken`, () => {
        const at = layout();
        fs.writeFileSync(at.lock, text);
        recorded(trustSet(`trust --set: lock ${what}, just made`, at), at);
      });
    }

    it('a lock whose process is alive but is another process now (its pid reused): broken at once', function () {
      if (process.platform !== 'linux') this.skip(); // the start time is read from /proc
      const at = layout();
      fs.writeFileSync(at.lock, `${process.pid}\n1\n${new Date().toISOString()}\n`);
      recorded(trustSet('trust --set: lock of a reused pid', at), at);
    });

    describe('a real full disk (a 16 KiB tmpfs in a mount namespace of its own)', () => {
      let holder: ChildProcess | undefined;
      let at: ReturnType<typeof layout>;
      let prefix: string[] = [];
      /** Runs a shell command inside the mount namespace. */
      const inside = (script: string) =>
        execFileSync(prefix[0], [...prefix.slice(1), 'sh', '-c', script, 'sh', at.home], { encoding: 'utf8' });

      before(async function () {
        const has = (tool: string) => spawnSync(tool, ['--version']).status === 0;
        if (!isRoot || !has('unshare') || !has('nsenter')) this.skip(); // mounting needs root
        at = layout();
        holder = spawn(
          'unshare',
          [
            '-m',
            '--propagation',
            'private',
            'sh',
            '-c',
            'mount -t tmpfs -o size=16k,mode=0700 tmpfs "$0" && echo mounted && exec sleep 600',
            at.home,
          ],
          {
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        const mounted = await new Promise<boolean>((resolve) => {
          holder!.stdout!.on('data', (d: Buffer) => resolve(d.toString().includes('mounted')));
          holder!.on('exit', () => resolve(false));
        });
        if (!mounted) this.skip(); // this kernel or container does not allow the mount
        prefix = ['nsenter', `--mount=/proc/${holder.pid}/ns/mnt`, '--'];
      });
      after(() => {
        if (holder?.pid !== undefined && holder.exitCode === null) process.kill(holder.pid, 'SIGKILL');
      });

      it('the disk full: an error naming the lock and the full disk; nothing left behind; once there is room, the next write does not wait', () => {
        inside(
          `printf '%s' '{"version":1,"comment":"mine","decisions":{"/srv/old":"refused"}}' > "$1/trust.json" && (cat /dev/zero > "$1/fill" 2>/dev/null; true)`,
        );
        const full = trustSet('trust --set: disk full (tmpfs)', at, { prefix });
        refused(full, at, 'no space left');
        assert.equal(inside('ls -A "$1" | sort | tr "\\n" " "'), 'fill trust.json ');
        inside('rm "$1/fill"');
        const next = trustSet('trust --set: disk freed again (tmpfs)', at, { prefix });
        assert.equal(next.status, 0, next.stdout + next.stderr);
        assert.deepEqual(JSON.parse(inside('cat "$1/trust.json"')), {
          version: 1,
          decisions: { [at.repo]: 'trusted', '/srv/old': 'refused' },
          comment: 'mine',
        });
        assert.equal(inside('ls -A "$1" | tr "\\n" " "'), 'trust.json ');
      });
    });

    it('a store that is a symbolic link stays one, and a person’s own keys are kept', () => {
      const at = layout();
      const real = path.join(at.base, 'dotfiles', 'trust.json');
      fs.mkdirSync(path.dirname(real));
      fs.writeFileSync(real, '{"$schema":"s.json","version":1,"decisions":{"/srv/old":"refused"},"note":{"by":"hand"}}');
      fs.symlinkSync(path.join('..', 'dotfiles', 'trust.json'), at.store);
      const m = trustSet('trust --set: store is a link', at);
      assert.equal(m.status, 0, m.stdout + m.stderr);
      assert.ok(fs.lstatSync(at.store).isSymbolicLink());
      const written = JSON.parse(fs.readFileSync(real, 'utf8')) as Record<string, unknown>;
      assert.deepEqual(written, {
        version: 1,
        decisions: { [at.repo]: 'trusted', '/srv/old': 'refused' },
        $schema: 's.json',
        note: { by: 'hand' },
      });
      assert.deepEqual(fs.readdirSync(path.dirname(real)), ['trust.json']);
    });

    it('100 writers at once: every entry kept, nothing left behind', async () => {
      const at = layout();
      const repos = Array.from({ length: 100 }, (_, i) => path.join(at.base, `r${i}`));
      for (const r of repos) fs.mkdirSync(r);
      const started = Date.now();
      const runs = await Promise.all(
        repos.map((r, i) =>
          measureSession(
            ['trust', r, '--set', i % 2 ? 'refused' : 'trusted', '--json', '--trust-store', at.store],
            opts(at.base),
            async () => {},
          ),
        ),
      );
      const worst: Measured = {
        status: runs.every((r) => r.status === 0) ? 0 : 1,
        signal: runs.find((r) => r.signal !== null)?.signal ?? null,
        stdout: '',
        stderr: runs.map((r) => r.stderr).join(''),
        ms: Date.now() - started,
        cpuMs: runs.reduce((sum, r) => sum + r.cpuMs, 0),
        peakMb: Math.max(...runs.map((r) => r.peakMb)),
      };
      // A hundred node processes on a shared machine: the lock's own bound on the wait is the one that counts.
      bounded('trust --set: 100 writers at once (all; peak of one)', worst, { ms: MAX_LOCK_WAIT_MS + 30_000 });
      const failed = runs.filter((r) => r.status !== 0);
      assert.deepEqual(failed, [], 'every writer succeeds');
      const decisions = (JSON.parse(fs.readFileSync(at.store, 'utf8')) as { decisions: Record<string, string> }).decisions;
      assert.deepEqual(decisions, Object.fromEntries(repos.map((r, i) => [r, i % 2 ? 'refused' : 'trusted'])));
      assert.deepEqual(fs.readdirSync(at.home), ['trust.json']);
    });

    it('60 writers killed at every point of their run: the store always whole, never an empty lock, and the next write does not wait', async () => {
      const at = layout();
      const done: string[] = [];
      const writer = (repo: string) =>
        spawn(process.execPath, [CLI, 'trust', repo, '--set', 'trusted', '--trust-store', at.store], { env, stdio: 'ignore' });
      const exit = (child: ChildProcess) => new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      // How long one whole writer takes here and now: the kills are spread over that time (from
      // node's start-up to past the write), whatever the machine's load.
      const timed = Date.now();
      assert.equal(await exit(writer(at.repo)), 0);
      done.push(at.repo);
      const whole = Date.now() - timed;
      for (let round = 0; round < 60; round++) {
        const repo = path.join(at.base, `k${round}`);
        fs.mkdirSync(repo);
        const child = writer(repo);
        const delay = Math.round(whole * (0.3 + ((round * 7) % 60) / 60));
        const timer = setTimeout(() => child.kill('SIGKILL'), delay);
        const status = await exit(child);
        clearTimeout(timer);
        if (status === 0) done.push(repo);
        if (fs.existsSync(at.store)) {
          const decisions = (JSON.parse(fs.readFileSync(at.store, 'utf8')) as { decisions: Record<string, string> }).decisions;
          for (const r of done) assert.equal(decisions[r], 'trusted', `round ${round}: ${r} lost`);
        }
        if (fs.existsSync(at.lock))
          assert.match(fs.readFileSync(at.lock, 'utf8'), /^\d+\n(\d+|-)\n\S+\n$/, `round ${round}: a lock without its record`);
      }
      const last = trustSet('trust --set: after 60 writers killed', at);
      assert.equal(last.status, 0, last.stdout + last.stderr);
      assert.ok(!fs.existsSync(at.lock));
      const decisions = (JSON.parse(fs.readFileSync(at.store, 'utf8')) as { decisions: Record<string, string> }).decisions;
      for (const r of done) assert.equal(decisions[r], 'trusted');
      console.log(
        `      (a whole writer took ${whole} ms; ${done.length - 1} of 60 killed writers had finished; files left beside the store: ${JSON.stringify(fs.readdirSync(at.home).filter((f) => f !== 'trust.json'))})`,
      );
    });
  });

  /** A workspace with rules at the root and in src. */
  function workspace(files: Record<string, string> = {}): string {
    const root = tmp.make('holaryn-hostile-serve-');
    writeTree(root, { '.git/HEAD': 'ref: refs/heads/main\n', 'AGENTS.md': 'Root rules.\n', 'src/AGENTS.md': 'src rules.\n', ...files });
    return root;
  }

  /**
   * `holaryn <command>` on a fresh workspace fed every line at once, by a client that reads nothing
   * until the end: the ids of its answers, in order.
   */
  function flood(name: string, command: 'mcp' | 'gate', lines: string[]): unknown[] {
    const root = workspace();
    const m = measure([command, root, '--no-global'], opts(root, { input: `${lines.join('\n')}\n`, timeoutMs: SESSION_GUARD_MS }));
    bounded(name, m, { ms: SESSION_GUARD_MS });
    assert.equal(m.status, 0);
    return m.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { id?: unknown }).id);
  }

  const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const deepSettings = () => workspace({ '.claude/settings.json': DEEP, '.gemini/settings.json': `{"context":${DEEP}}` });
  const deepId = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;

  describe('holaryn mcp: every line answered, every later request served', () => {
    const init = [
      JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'hostile', version: '1' } },
      }),
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    ];
    const call = (id: number, paths: unknown = ['src/a.ts']) =>
      JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'repository_instructions', arguments: { paths } } });
    const list = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' });

    type Answer = { id?: unknown; result?: { isError?: boolean; content?: { text: string }[] }; error?: { code: number; message: string } };

    function mcp(name: string, root: string, lines: (string | Buffer)[], extra: string[] = ['--no-global']): Answer[] {
      const input = Buffer.concat(
        [...init, ...lines].map((l) => Buffer.concat([Buffer.isBuffer(l) ? l : Buffer.from(l), Buffer.from('\n')])),
      );
      const m = bounded(`mcp: ${name}`, measure(['mcp', root, ...extra], opts(root, { input })));
      assert.equal(m.status, 0, `exit ${m.status}\n${m.stderr.slice(0, 1000)}`);
      const answers = m.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Answer);
      assert.ok(answers[0].result, 'initialize is answered');
      return answers.slice(1);
    }

    function errorOf(a: Answer | undefined): [unknown, number | undefined] {
      return [a?.id, a?.error?.code];
    }

    it('a frame over 10 MiB: -32600 with id null, and the request after it is answered', () => {
      const big = Buffer.from(`{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"x":"${'a'.repeat(11 * 1024 * 1024)}"}}`);
      const answers = mcp('a frame over 10 MiB', workspace(), [big, list(6)]);
      assert.deepEqual(errorOf(answers[0]), [null, -32600]);
      assert.equal(answers[1].id, 6);
      assert.ok(answers[1].result);
    });

    it('64 MiB without a newline, then a request: memory stays bounded, and the request is answered', () => {
      const huge = Buffer.alloc(64 * 1024 * 1024, 'x');
      const answers = mcp('64 MiB without a newline', workspace(), [huge, call(7)]);
      assert.deepEqual(errorOf(answers[0]), [null, -32600]);
      assert.equal(answers[1].id, 7);
      assert.equal(answers[1].result?.isError, undefined);
    });

    it('lines that are not JSON: -32700; JSON that is not a message: -32600 (with its id when it has one)', () => {
      const answers = mcp('not JSON, not JSON-RPC', workspace(), [
        'oops',
        '{"jsonrpc":"2.0","id":1,',
        '{}',
        '[1,2]',
        '{"jsonrpc":"2.0","id":8}',
        list(9),
      ]);
      assert.deepEqual(answers.map(errorOf), [
        [null, -32700],
        [null, -32700],
        [null, -32600],
        [null, -32600],
        [8, -32600],
        [9, undefined],
      ]);
    });

    it('an id nested 500,000 deep: -32600 with id null, and the next call is answered', () => {
      const answers = mcp('an id nested 500,000 deep', workspace(), [`{"jsonrpc":"2.0","id":${deepId},"method":"tools/list"}`, call(10)]);
      assert.deepEqual(errorOf(answers[0]), [null, -32600]);
      assert.equal(answers[1].id, 10);
    });

    it('arguments nested 500,000 deep: a tool error, and the next call is answered', () => {
      const answers = mcp('arguments nested 500,000 deep', workspace(), [
        `{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"repository_instructions","arguments":{"paths":${deepId}}}}`,
        call(12),
      ]);
      assert.equal(answers[0].id, 11);
      assert.ok(answers[0].error || answers[0].result?.isError, JSON.stringify(answers[0]).slice(0, 300));
      assert.equal(answers[1].id, 12);
      assert.equal(answers[1].result?.isError, undefined);
    });

    for (const profile of ['claude-code', 'gemini']) {
      it(`5,000-deep settings files under --profile ${profile}: initialize and every call answered`, () => {
        const answers = mcp(
          `5,000-deep settings (${profile})`,
          deepSettings(),
          [list(1), call(2), call(3, ['.'])],
          ['--no-global', '--profile', profile],
        );
        assert.deepEqual(
          answers.map((a) => a.id),
          [1, 2, 3],
        );
        for (const a of answers) assert.ok(a.result || a.error, JSON.stringify(a).slice(0, 300));
      });
    }

    it(`10,000 calls one after another: each answered, under ${SESSION_MB} MB`, async () => {
      const root = workspace();
      const m = await measureSession(['mcp', root, '--no-global'], opts(root, { timeoutMs: SESSION_GUARD_MS }), async (send, next) => {
        await send(`${init[0]}\n`);
        assert.equal((JSON.parse((await next())!) as Answer).id, 0);
        await send(`${init[1]}\n`);
        for (let i = 1; i <= 10_000; i++) {
          await send(`${call(i, [`src/d${i % 50}/f.ts`])}\n`);
          const a = JSON.parse((await next())!) as Answer;
          assert.equal(a.id, i);
          assert.equal(a.result?.isError, undefined);
        }
      });
      bounded('mcp: 10,000 calls one after another', m, { ms: SESSION_GUARD_MS, mb: SESSION_MB });
      assert.equal(m.status, 0);
    });

    it('10,000 calls sent at once, without reading: all answered in order, memory bounded', () => {
      const calls = Array.from({ length: 10_000 }, (_, i) => call(i + 1, [`src/d${i % 50}/f.ts`]));
      assert.deepEqual(
        flood('mcp: 10,000 calls sent at once', 'mcp', [...init, ...calls]),
        Array.from({ length: 10_001 }, (_, i) => i),
      );
    });
  });

  describe('holaryn gate: every line answered, the session goes on', () => {
    type GateLine = { type?: string; id?: unknown; decision?: string; sources?: string[]; error?: { code: string; message: string } };

    function gate(name: string, root: string, lines: (string | Buffer)[], extra: string[] = ['--no-global']): GateLine[] {
      const input = Buffer.concat(lines.map((l) => Buffer.concat([Buffer.isBuffer(l) ? l : Buffer.from(l), Buffer.from('\n')])));
      const m = bounded(`gate: ${name}`, measure(['gate', root, ...extra], opts(root, { input })));
      assert.equal(m.status, 0, `exit ${m.status}\n${m.stdout.slice(0, 500)}\n${m.stderr.slice(0, 1000)}`);
      const out = m.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as GateLine);
      assert.equal(out[0].type, 'preamble');
      return out.slice(1);
    }
    const edit = (id: number) => JSON.stringify({ id, kind: 'edit', targets: ['src/a.ts'] });
    const usage = (a: GateLine) => [a.id, a.decision, a.error?.code];

    it('a line over 1 MiB: rejected (usage), and the next call decided', () => {
      const answers = gate('a line over 1 MiB', workspace(), [Buffer.alloc(2 * 1024 * 1024, 'x'), edit(1)]);
      assert.deepEqual(usage(answers[0]), [null, 'reject', 'usage']);
      assert.match(answers[0].error!.message, /longer than/);
      assert.deepEqual([answers[1].id, answers[1].decision, answers[1].sources], [1, 'hold', ['src/AGENTS.md']]);
    });

    it('64 MiB without a newline: memory stays bounded, and the next call is decided', () => {
      const answers = gate('64 MiB without a newline', workspace(), [Buffer.alloc(64 * 1024 * 1024, '['), edit(2)]);
      assert.deepEqual(usage(answers[0]), [null, 'reject', 'usage']);
      assert.equal(answers[1].id, 2);
    });

    it('a line that is not JSON, an id nested 500,000 deep, a kind nested 500,000 deep: each rejected, nothing lost', () => {
      const answers = gate('not JSON, deep id, deep kind', workspace(), [
        'oops',
        `{"id":${deepId},"kind":"edit","targets":["src/a.ts"]}`,
        `{"id":3,"kind":${deepId},"targets":["src/a.ts"]}`,
        edit(4),
      ]);
      assert.deepEqual(answers.map(usage), [
        [null, 'reject', 'usage'],
        [null, 'reject', 'usage'],
        [3, 'reject', 'usage'],
        [4, 'hold', undefined],
      ]);
      // The refused calls marked nothing shown: the edit is held with the guidance.
      assert.deepEqual(answers[3].sources, ['src/AGENTS.md']);
    });

    for (const profile of ['claude-code', 'gemini']) {
      it(`5,000-deep settings files under --profile ${profile}: the preamble and every call answered`, () => {
        const answers = gate(
          `5,000-deep settings (${profile})`,
          deepSettings(),
          [edit(1), edit(2), JSON.stringify({ id: 3, kind: 'read', targets: ['.'] })],
          ['--no-global', '--profile', profile],
        );
        assert.deepEqual(
          answers.map((a) => a.id),
          [1, 2, 3],
        );
        for (const a of answers) assert.ok(['proceed', 'hold', 'reject'].includes(a.decision!), JSON.stringify(a));
      });
    }

    it(`10,000 calls one after another: each decided, under ${SESSION_MB} MB`, async () => {
      const root = workspace();
      const m = await measureSession(['gate', root, '--no-global'], opts(root, { timeoutMs: SESSION_GUARD_MS }), async (send, next) => {
        assert.equal((JSON.parse((await next())!) as GateLine).type, 'preamble');
        for (let i = 1; i <= 10_000; i++) {
          await send(`${JSON.stringify({ id: i, kind: i % 2 ? 'edit' : 'read', targets: [`src/d${i % 50}/f.ts`] })}\n`);
          const a = JSON.parse((await next())!) as GateLine;
          assert.equal(a.id, i);
          assert.notEqual(a.decision, 'reject');
        }
      });
      bounded('gate: 10,000 calls one after another', m, { ms: SESSION_GUARD_MS, mb: SESSION_MB });
      assert.equal(m.status, 0);
    });

    it('10,000 calls sent at once: all decided in order, memory bounded', () => {
      const calls = Array.from({ length: 10_000 }, (_, i) => JSON.stringify({ id: i, kind: 'read', targets: [`src/d${i % 50}/f.ts`] }));
      assert.deepEqual(
        flood('gate: 10,000 calls sent at once', 'gate', calls).slice(1),
        Array.from({ length: 10_000 }, (_, i) => i),
      );
    });
  });
});
