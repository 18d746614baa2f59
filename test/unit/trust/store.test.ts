/**
 * The trust store (docs/profiles.md §5) on a real disk: the file's shape, inheritance from the
 * nearest ancestor, atomic owner-only writes, corruption reported by name and never overwritten,
 * a store that is a symbolic link written through, a person's own keys kept, and a lock wait that
 * always ends: locks left behind broken, locks that are not lock files reported, a full disk
 * leaving nothing behind. Waits run on a fake clock (its sleep moves it on), so no test waits.
 */
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  EMPTY_LOCK_GRACE_MS,
  LOCK_WAIT_MS,
  MAX_LOCK_WAIT_MS,
  STALE_LOCK_MS,
  TrustFs,
  TrustStoreError,
  TrustStoreIo,
  UNREADABLE_LOCK_WAIT_MS,
  defaultTrustStorePath,
  lookupTrust,
  parseTrustStore,
  readTrustStore,
  setTrustDecision,
} from '../../../src/trust/store';
import { TempDirs } from '../../helpers/cli';

describe('trust store (docs/profiles.md §5)', () => {
  const tmp = new TempDirs();
  after(() => tmp.cleanup());

  function storeFile(): string {
    return path.join(tmp.make('holaryn-trust-'), 'home', 'trust.json');
  }

  function thrown(fn: () => unknown): TrustStoreError {
    try {
      fn();
    } catch (err) {
      assert.ok(err instanceof TrustStoreError, `expected a TrustStoreError, got ${String(err)}`);
      return err;
    }
    assert.fail('expected a TrustStoreError');
  }

  it('lives at $HOLARYN_HOME/trust.json, or ~/.holaryn/trust.json', () => {
    assert.equal(defaultTrustStorePath({ HOLARYN_HOME: '/h' }, '/home/u'), path.resolve('/h/trust.json'));
    assert.equal(defaultTrustStorePath({}, '/home/u'), path.join('/home/u', '.holaryn', 'trust.json'));
    assert.equal(defaultTrustStorePath({ HOLARYN_HOME: '' }, '/home/u'), path.join('/home/u', '.holaryn', 'trust.json'));
  });

  it('a missing store is empty: every directory is unknown', () => {
    const data = readTrustStore(storeFile());
    assert.deepEqual(lookupTrust(data, '/a/b'), { decision: 'unknown' });
  });

  it('writes {"version":1,"decisions":{…}} with mode 0600, creating the folder', () => {
    const file = storeFile();
    setTrustDecision(file, '/srv/app', 'trusted');
    setTrustDecision(file, '/srv/other', 'refused');
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    assert.deepEqual(parsed, { version: 1, decisions: { '/srv/app': 'trusted', '/srv/other': 'refused' } });
    if (process.platform !== 'win32') assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    // Nothing left behind: no temporary file, no lock.
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json']);
  });

  it('keeps mode 0600 when the file existed with wider permissions', function () {
    if (process.platform === 'win32') this.skip();
    const file = storeFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{"version":1,"decisions":{}}', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    setTrustDecision(file, '/srv/app', 'trusted');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
  });

  it('--set unknown removes the entry; other entries stay', () => {
    const file = storeFile();
    setTrustDecision(file, '/srv/app', 'trusted');
    setTrustDecision(file, '/srv/keep', 'refused');
    setTrustDecision(file, '/srv/app', 'unknown');
    assert.deepEqual(readTrustStore(file).decisions, { '/srv/keep': 'refused' });
  });

  it('the effective decision is the own entry, else the nearest ancestor (inheritedFrom), else unknown', () => {
    const data = parseTrustStore(JSON.stringify({ version: 1, decisions: { '/r': 'trusted', '/r/a/b': 'refused' } }), 'f');
    assert.deepEqual(lookupTrust(data, '/r'), { decision: 'trusted' });
    assert.deepEqual(lookupTrust(data, '/r/a'), { decision: 'trusted', inheritedFrom: '/r' });
    assert.deepEqual(lookupTrust(data, '/r/a/b'), { decision: 'refused' });
    assert.deepEqual(lookupTrust(data, '/r/a/b/c/d'), { decision: 'refused', inheritedFrom: '/r/a/b' });
    assert.deepEqual(lookupTrust(data, '/x'), { decision: 'unknown' });
    assert.deepEqual(lookupTrust(data, '/'), { decision: 'unknown' });
  });

  it('a hand-written entry for / is every path’s ancestor; hand-written keys are normalised', () => {
    const data = parseTrustStore(JSON.stringify({ version: 1, decisions: { '/': 'refused', '/w/app/': 'trusted' } }), 'f');
    assert.deepEqual(lookupTrust(data, '/anything/deep'), { decision: 'refused', inheritedFrom: '/' });
    assert.deepEqual(lookupTrust(data, '/'), { decision: 'refused' });
    assert.deepEqual(lookupTrust(data, '/w/app'), { decision: 'trusted' });
  });

  it('a key such as "__proto__" or "constructor" is an ordinary directory name, not inherited state', () => {
    const data = parseTrustStore('{"version":1,"decisions":{}}', 'f');
    assert.deepEqual(lookupTrust(data, '/constructor'), { decision: 'unknown' });
    assert.deepEqual(lookupTrust(data, '/__proto__'), { decision: 'unknown' });
  });

  describe('a corrupt or unreadable store is an error naming the file, and is never overwritten', () => {
    const cases: [string, string][] = [
      ['not JSON', '{"version":1,'],
      ['an array', '[]'],
      ['version 2', '{"version":2,"decisions":{}}'],
      ['no version', '{"decisions":{}}'],
      ['decisions not an object', '{"version":1,"decisions":[]}'],
      ['an answer that is not trusted/refused', '{"version":1,"decisions":{"/a":"yes"}}'],
      ['an unknown answer written out', '{"version":1,"decisions":{"/a":"unknown"}}'],
      ['a relative key', '{"version":1,"decisions":{"a/b":"trusted"}}'],
      ['empty file', ''],
    ];
    for (const [what, text] of cases) {
      it(what, () => {
        const file = storeFile();
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, text);
        const read = thrown(() => readTrustStore(file));
        assert.equal(read.code, 'trust-store');
        assert.equal(read.file, file);
        assert.ok(read.message.includes(file), read.message);
        const write = thrown(() => setTrustDecision(file, '/srv/app', 'trusted'));
        assert.equal(write.file, file);
        assert.equal(fs.readFileSync(file, 'utf8'), text, 'the store must be left as it was');
        assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json'], 'no lock or temporary file left');
      });
    }

    it('a directory where the store should be', () => {
      const file = storeFile();
      fs.mkdirSync(file, { recursive: true });
      assert.equal(thrown(() => readTrustStore(file)).file, file);
      assert.equal(thrown(() => setTrustDecision(file, '/srv/app', 'trusted')).file, file);
    });

    it('an unreadable file (no read permission)', () => {
      const file = storeFile();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, '{"version":1,"decisions":{}}', { mode: 0o200 });
      fs.chmodSync(file, 0o200);
      // Root (as CI runs) reads any file, and Windows keeps no such mode: there the read fails as
      // the system fails it for everyone else.
      const denied = process.platform === 'win32' || process.getuid?.() === 0;
      const readFileSync = (() => {
        throw Object.assign(new Error(`EACCES: permission denied, open '${file}'`), { code: 'EACCES' });
      }) as TrustFs['readFileSync'];
      const err = thrown(() => readTrustStore(file, denied ? { fs: { ...fs, readFileSync } } : undefined));
      assert.ok(err.message.includes('EACCES'), err.message);
      assert.ok(err.message.includes(file), err.message);
      fs.chmodSync(file, 0o600);
      assert.equal(fs.readFileSync(file, 'utf8'), '{"version":1,"decisions":{}}', 'the file is left as it was');
    });
  });

  /**
   * The real disk with a fake clock: `sleep` moves the clock on and is counted, and `fail` may
   * make some file operations fail. A lock wait that never sleeps would spin here for ever: the
   * guard on lstat ends it as a failure instead.
   */
  function fakeIo(
    fail: Partial<TrustFs> = {},
    onSleep: (clock: number) => void = () => {},
  ): TrustStoreIo & { slept: () => number; sleeps: () => number } {
    let clock = Date.now();
    let slept = 0;
    let sleeps = 0;
    let looks = 0;
    const guarded: TrustFs = {
      ...fs,
      lstatSync: ((p: fs.PathLike, o?: fs.StatSyncOptions) => {
        if (++looks > 100_000) throw new Error('the lock wait spins');
        return fs.lstatSync(p, o);
      }) as TrustFs['lstatSync'],
      ...fail,
    };
    return {
      fs: guarded,
      now: () => clock,
      sleep: (ms) => {
        clock += ms;
        slept += ms;
        sleeps++;
        onSleep(clock);
      },
      slept: () => slept,
      sleeps: () => sleeps,
    };
  }

  function errno(code: string): NodeJS.ErrnoException {
    return Object.assign(new Error(`${code}: simulated`), { code });
  }

  /** A store folder holding `trust.json.lock` as made by `make`; returns the store's path. */
  function withLock(make: (lock: string) => void): string {
    const file = storeFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    make(`${file}.lock`);
    return file;
  }

  function age(file: string, ms: number): void {
    const then = new Date(Date.now() - ms);
    fs.lutimesSync(file, then, then);
  }

  describe('the lock', () => {
    function deadPid(): number {
      // A process that has exited: its pid is free (reuse within the test is very unlikely).
      const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
      return Number(child.stdout);
    }

    it('a lock whose process is gone is broken', () => {
      const file = storeFile();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(`${file}.lock`, `${deadPid()}\n2020-01-01T00:00:00.000Z\n`);
      setTrustDecision(file, '/srv/app', 'trusted');
      assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'trusted' });
      assert.ok(!fs.existsSync(`${file}.lock`));
    });

    it(`a lock older than ${STALE_LOCK_MS / 1000} s is broken, even when its process lives`, () => {
      const file = storeFile();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const lock = `${file}.lock`;
      fs.writeFileSync(lock, `${process.ppid}\n`); // the test runner's parent: alive
      age(lock, STALE_LOCK_MS + 5000);
      setTrustDecision(file, '/srv/app', 'refused');
      assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'refused' });
      assert.ok(!fs.existsSync(lock));
    });

    it('a live lock is waited for, sleeping, and broken once it is older than the stale age', () => {
      const file = withLock((lock) => fs.writeFileSync(lock, `${process.ppid}\n-\n${new Date().toISOString()}\n`));
      const io = fakeIo();
      setTrustDecision(file, '/srv/app', 'trusted', io);
      assert.ok(io.slept() >= STALE_LOCK_MS - 1000 && io.slept() <= STALE_LOCK_MS + 1000, `slept ${io.slept()} ms`);
      assert.ok(io.sleeps() < 1000, `${io.sleeps()} sleeps: the wait should back off`);
      assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'trusted' });
    });

    it(`a lock kept fresh by a live process ends the wait after ${LOCK_WAIT_MS / 1000} s with an error naming it`, () => {
      let lock = '';
      const file = withLock((l) => {
        lock = l;
        fs.writeFileSync(l, `${process.ppid}\n-\n`);
      });
      const io = fakeIo();
      // The lock's holder keeps it young: every look at it finds it as old as "now".
      const young: TrustFs['fstatSync'] = ((fd: number) => Object.assign(fs.fstatSync(fd), { mtimeMs: io.now() })) as TrustFs['fstatSync'];
      const err = thrown(() => setTrustDecision(file, '/srv/app', 'trusted', { ...io, fs: { ...io.fs, fstatSync: young } }));
      assert.equal(err.file, file);
      assert.ok(
        err.message.includes(lock) && err.message.includes(`process ${process.ppid}`) && err.message.includes('try again'),
        err.message,
      );
      assert.ok(io.slept() > LOCK_WAIT_MS && io.slept() < LOCK_WAIT_MS + 1000, `slept ${io.slept()} ms`);
      assert.ok(fs.existsSync(lock), 'a live lock is never removed');
      assert.ok(!fs.existsSync(file));
    });

    /** A lock taken in turn by live writers: a new lock file every `every` ms of the fake clock, until `until`. */
    function inTurn(every: number, until: number): { file: string; io: TrustStoreIo & { slept: () => number } } {
      let lock = '';
      const file = withLock((l) => {
        lock = l;
        fs.writeFileSync(l, `${process.ppid}\n-\n`);
      });
      let next = 0;
      let start = 0;
      const io = fakeIo({}, (clock) => {
        start ||= clock;
        if (clock - start > until) fs.rmSync(lock, { force: true });
        else if (clock - start > next) {
          next += every;
          // A new holder: its own record, very likely in the inode the last one freed.
          fs.rmSync(lock);
          fs.writeFileSync(lock, `${process.ppid}\n-\n${new Date(clock).toISOString()}\n`);
        }
      });
      // Every lock file is as young as the fake clock says: only a change of holder moves the wait on.
      const young = ((fd: number) => Object.assign(fs.fstatSync(fd), { mtimeMs: io.now() })) as TrustFs['fstatSync'];
      return { file, io: { ...io, fs: { ...io.fs, fstatSync: young } } };
    }

    it(`writers taking the lock in turn for longer than ${LOCK_WAIT_MS / 1000} s: the queue moves, so the wait goes on, and the lock is taken`, () => {
      const { file, io } = inTurn(3000, 40_000);
      setTrustDecision(file, '/srv/app', 'trusted', io);
      assert.ok(io.slept() > 40_000 && io.slept() < MAX_LOCK_WAIT_MS, `slept ${io.slept()} ms`);
      assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'trusted' });
    });

    it(`writers taking the lock in turn for ever: the wait ends after ${MAX_LOCK_WAIT_MS / 1000} s in all, with an error naming it`, () => {
      const { file, io } = inTurn(3000, Infinity);
      const err = thrown(() => setTrustDecision(file, '/srv/app', 'trusted', io));
      assert.ok(err.message.includes(`${file}.lock`) && err.message.includes(`more than ${MAX_LOCK_WAIT_MS / 1000} s`), err.message);
      assert.ok(io.slept() > MAX_LOCK_WAIT_MS && io.slept() < MAX_LOCK_WAIT_MS + 1000, `slept ${io.slept()} ms`);
    });

    it('a lock whose pid now names another process (a different start) is broken at once', function () {
      if (process.platform !== 'linux') this.skip(); // the start time is read from /proc
      const file = withLock((lock) => fs.writeFileSync(lock, `${process.ppid}\n1\n${new Date().toISOString()}\n`));
      const io = fakeIo();
      setTrustDecision(file, '/srv/app', 'trusted', io);
      assert.equal(io.sleeps(), 0);
      assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'trusted' });
    });

    it('the lock holds the writer’s pid and start on their own lines, complete from the moment it exists', () => {
      const file = storeFile();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      let seen = '';
      const io = fakeIo({
        linkSync: (from: fs.PathLike, to: fs.PathLike) => {
          fs.linkSync(from, to);
          seen = fs.readFileSync(to, 'utf8'); // the first instant the lock's name exists
        },
      });
      setTrustDecision(file, '/srv/app', 'trusted', io);
      const [pid, start, date] = seen.split('\n');
      assert.equal(pid, String(process.pid));
      assert.match(start, process.platform === 'linux' ? /^\d+$/ : /^(\d+|-)$/);
      assert.ok(!Number.isNaN(Date.parse(date)), seen);
      assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json']);
    });

    describe('an empty lock (a crash or a full disk under an older writer) or one holaryn did not write', () => {
      for (const [what, text] of [
        ['empty', ''],
        ['not a record', 'locked by me\n'],
      ] as const) {
        it(`${what}, left a while ago: broken at once, without a wait`, () => {
          const file = withLock((lock) => {
            fs.writeFileSync(lock, text);
            age(lock, 60_000);
          });
          const io = fakeIo();
          setTrustDecision(file, '/srv/app', 'trusted', io);
          assert.equal(io.sleeps(), 0);
          assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'trusted' });
          assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json']);
        });

        it(`${what}, just made: waited for ${EMPTY_LOCK_GRACE_MS} ms at most (a writer may be filling it in), then broken`, () => {
          const file = withLock((lock) => fs.writeFileSync(lock, text));
          const io = fakeIo();
          setTrustDecision(file, '/srv/app', 'trusted', io);
          assert.ok(io.slept() <= EMPTY_LOCK_GRACE_MS + 1000, `slept ${io.slept()} ms`);
          assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'trusted' });
        });
      }
    });

    describe('a lock that is not a lock file ends at once with an error naming it, and is left alone', () => {
      const kinds: [string, string, (lock: string) => void][] = [
        ['a directory', 'a directory', (lock) => fs.mkdirSync(lock)],
        ['a directory holding files', 'a directory', (lock) => fs.mkdirSync(path.join(lock, 'inner'), { recursive: true })],
        ['a symbolic link to a lock record', 'a symbolic link', (lock) => fs.symlinkSync('/etc/hostname', lock)],
        ['a dangling symbolic link', 'a symbolic link', (lock) => fs.symlinkSync('nowhere', lock)],
      ];
      if (process.platform !== 'win32') kinds.push(['a FIFO (reading it would block)', 'a FIFO', (lock) => execFileSync('mkfifo', [lock])]);
      for (const [what, said, make] of kinds) {
        it(what, () => {
          let lock = '';
          const file = withLock((l) => {
            lock = l;
            make(l);
          });
          const io = fakeIo();
          const err = thrown(() => setTrustDecision(file, '/srv/app', 'trusted', io));
          assert.equal(err.file, file);
          assert.ok(err.message.includes(lock) && err.message.includes(said) && err.message.includes('remove it by hand'), err.message);
          assert.equal(io.sleeps(), 0);
          assert.ok(fs.lstatSync(lock), 'left where it was');
          assert.ok(!fs.existsSync(file));
        });
      }
    });

    describe('a lock that cannot be read (another user’s file, no read permission)', () => {
      /** The disk as this process would see it if it could not open `lock` for reading. */
      const unreadable = (lock: string) =>
        fakeIo({
          openSync: ((p: fs.PathLike, flags: fs.OpenMode, mode?: fs.Mode) => {
            if (p === lock && typeof flags === 'number') throw errno('EACCES');
            return fs.openSync(p, flags, mode);
          }) as TrustFs['openSync'],
        });

      it(`just made: waited for ${UNREADABLE_LOCK_WAIT_MS} ms at most, then an error naming it, its owner and what to do`, () => {
        let lock = '';
        const file = withLock((l) => {
          lock = l;
          fs.writeFileSync(l, '1\n-\n');
        });
        const io = unreadable(lock);
        const err = thrown(() => setTrustDecision(file, '/srv/app', 'trusted', io));
        assert.equal(err.file, file);
        for (const needle of [lock, 'cannot be read (EACCES', `user ${fs.statSync(lock).uid}`, 'remove it by hand']) {
          assert.ok(err.message.includes(needle), `${needle}: ${err.message}`);
        }
        assert.ok(io.slept() <= UNREADABLE_LOCK_WAIT_MS + 1000, `slept ${io.slept()} ms`);
        assert.ok(fs.existsSync(lock), 'a lock that may be live is never removed');
      });

      it(`older than ${STALE_LOCK_MS / 1000} s: broken like any lock left behind`, () => {
        let lock = '';
        const file = withLock((l) => {
          lock = l;
          fs.writeFileSync(l, '1\n-\n');
          age(l, STALE_LOCK_MS + 5000);
        });
        const io = unreadable(lock);
        setTrustDecision(file, '/srv/app', 'trusted', io);
        assert.equal(io.sleeps(), 0);
        assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'trusted' });
      });

      it('left behind in a folder this process may not change: an error saying to remove it by hand', () => {
        let lock = '';
        const file = withLock((l) => {
          lock = l;
          fs.writeFileSync(l, '');
          age(l, 60_000);
        });
        const io = fakeIo({
          renameSync: ((from: fs.PathLike, to: fs.PathLike) => {
            if (from === lock) throw errno('EACCES');
            fs.renameSync(from, to);
          }) as TrustFs['renameSync'],
        });
        const err = thrown(() => setTrustDecision(file, '/srv/app', 'trusted', io));
        assert.ok(err.message.includes(lock) && err.message.includes('remove it by hand'), err.message);
        assert.equal(io.sleeps(), 0);
      });
    });

    describe('a full disk leaves nothing behind, and the next write does not wait', () => {
      const enospc = ((fd: number, ...rest: unknown[]) => {
        void fd;
        void rest;
        throw errno('ENOSPC');
      }) as unknown as TrustFs['writeSync'];

      it('taking the lock: an error naming the lock and the full disk; no lock, no temporary file', () => {
        const file = storeFile();
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, '{"version":1,"decisions":{"/srv/old":"refused"}}');
        const err = thrown(() => setTrustDecision(file, '/srv/app', 'trusted', fakeIo({ writeSync: enospc })));
        assert.equal(err.file, file);
        assert.ok(err.message.includes(`${file}.lock`) && err.message.includes('no space left'), err.message);
        assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json']);
        const io = fakeIo();
        setTrustDecision(file, '/srv/app', 'trusted', io);
        assert.equal(io.sleeps(), 0);
        assert.deepEqual(readTrustStore(file).decisions, { '/srv/old': 'refused', '/srv/app': 'trusted' });
      });

      it('writing the store: an error naming it; the old store, and no lock or temporary file, left', () => {
        const file = storeFile();
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const text = '{"version":1,"decisions":{"/srv/old":"refused"}}';
        fs.writeFileSync(file, text);
        let writes = 0;
        const io = fakeIo({
          writeSync: ((fd: number, data: string) => {
            if (++writes > 1) throw errno('ENOSPC'); // the lock's record fits, the store does not
            return fs.writeSync(fd, data);
          }) as TrustFs['writeSync'],
        });
        const err = thrown(() => setTrustDecision(file, '/srv/app', 'trusted', io));
        assert.ok(
          err.message.includes(file) && err.message.includes('no space left') && err.message.includes('left as it was'),
          err.message,
        );
        assert.equal(fs.readFileSync(file, 'utf8'), text);
        assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json']);
        const next = fakeIo();
        setTrustDecision(file, '/srv/app', 'trusted', next);
        assert.equal(next.sleeps(), 0);
      });

      it('on a file system without hard links the lock is made in place, and removed again if its record cannot be written', () => {
        const file = storeFile();
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const noLinks = {
          linkSync: (() => {
            throw errno('EPERM');
          }) as TrustFs['linkSync'],
        };
        setTrustDecision(file, '/srv/app', 'trusted', fakeIo(noLinks));
        assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'trusted' });
        assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json']);
        const err = thrown(() => setTrustDecision(file, '/srv/b', 'trusted', fakeIo({ ...noLinks, writeSync: enospc })));
        assert.ok(err.message.includes('no space left'), err.message);
        assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json'], 'no empty lock left behind');
      });
    });
  });

  describe('a store that is a symbolic link stays one: the write goes to the file it names', () => {
    function linked(): { base: string; file: string; real: string } {
      const base = tmp.make('holaryn-trust-link-');
      const real = path.join(base, 'dotfiles', 'holaryn', 'trust.json');
      fs.mkdirSync(path.dirname(real), { recursive: true });
      fs.writeFileSync(real, '{"version":1,"decisions":{"/srv/old":"refused"}}');
      const file = path.join(base, 'home', '.holaryn', 'trust.json');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      return { base, file, real };
    }

    it('an absolute link: the link stays, its target is rewritten (0600), the lock sits beside the target', () => {
      const { file, real } = linked();
      fs.symlinkSync(real, file);
      let lockedAt = '';
      setTrustDecision(
        file,
        '/srv/app',
        'trusted',
        fakeIo({
          linkSync: (from: fs.PathLike, to: fs.PathLike) => {
            lockedAt = String(to);
            fs.linkSync(from, to);
          },
        }),
      );
      assert.ok(fs.lstatSync(file).isSymbolicLink());
      assert.equal(fs.readlinkSync(file), real);
      assert.deepEqual(JSON.parse(fs.readFileSync(real, 'utf8')), {
        version: 1,
        decisions: { '/srv/app': 'trusted', '/srv/old': 'refused' },
      });
      if (process.platform !== 'win32') assert.equal(fs.statSync(real).mode & 0o777, 0o600);
      assert.equal(lockedAt, `${real}.lock`);
      assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json']);
      assert.deepEqual(fs.readdirSync(path.dirname(real)), ['trust.json']);
    });

    it('a relative link through a linked folder, and a chain of two links, are followed as the system follows them', () => {
      const { base, file, real } = linked();
      // home/.holaryn/trust.json → ../cfg/trust.json, where home/cfg is a link to dotfiles/holaryn.
      fs.symlinkSync(path.dirname(real), path.join(base, 'home', 'cfg'));
      fs.symlinkSync(path.join('..', 'cfg', 'hop.json'), file);
      fs.symlinkSync('trust.json', path.join(path.dirname(real), 'hop.json'));
      setTrustDecision(file, '/srv/app', 'trusted');
      assert.ok(fs.lstatSync(file).isSymbolicLink());
      assert.ok(fs.lstatSync(path.join(path.dirname(real), 'hop.json')).isSymbolicLink());
      assert.deepEqual(readTrustStore(real).decisions, { '/srv/app': 'trusted', '/srv/old': 'refused' });
    });

    it('a dangling link: the first write creates the file it names', () => {
      const { base, file } = linked();
      const target = path.join(base, 'dotfiles', 'holaryn', 'new.json');
      fs.symlinkSync(target, file);
      setTrustDecision(file, '/srv/app', 'refused');
      assert.ok(fs.lstatSync(file).isSymbolicLink());
      assert.deepEqual(readTrustStore(target).decisions, { '/srv/app': 'refused' });
    });

    it('a link loop is an error naming the store; nothing is written', () => {
      const { base, file } = linked();
      const other = path.join(base, 'home', 'loop.json');
      fs.symlinkSync(other, file);
      fs.symlinkSync(file, other);
      const err = thrown(() => setTrustDecision(file, '/srv/app', 'trusted'));
      assert.equal(err.file, file);
      assert.ok(err.message.includes(file) && err.message.includes('ELOOP'), err.message);
      assert.deepEqual(fs.readdirSync(path.dirname(file)), ['trust.json']);
      assert.ok(fs.lstatSync(file).isSymbolicLink() && fs.lstatSync(other).isSymbolicLink());
    });
  });

  describe('a person’s own top-level keys are kept on every write', () => {
    it('any key and value, in the order written, after version and decisions; __proto__ stays a plain key', () => {
      const file = storeFile();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(
        file,
        '{"$schema":"./trust.schema.json","version":1,"comment":{"why":["work laptop",1,null]},"decisions":{"/srv/old":"refused"},"__proto__":{"polluted":true},"zz":false}',
      );
      const data = setTrustDecision(file, '/srv/app', 'trusted');
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
      const text = fs.readFileSync(file, 'utf8');
      const written = JSON.parse(text) as Record<string, unknown>;
      assert.deepEqual(Object.keys(written), ['version', 'decisions', '$schema', 'comment', '__proto__', 'zz']);
      assert.deepEqual(written.comment, { why: ['work laptop', 1, null] });
      assert.equal(written.$schema, './trust.schema.json');
      assert.equal(written.zz, false);
      assert.deepEqual(Object.getOwnPropertyDescriptor(written, '__proto__')?.value, { polluted: true });
      assert.deepEqual(written.decisions, { '/srv/app': 'trusted', '/srv/old': 'refused' });
      assert.deepEqual(Object.keys(data.extra ?? {}), ['$schema', 'comment', '__proto__', 'zz']);
      // Removing the last entry keeps them too.
      setTrustDecision(file, '/srv/app', 'unknown');
      setTrustDecision(file, '/srv/old', 'unknown');
      assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object), [
        'version',
        'decisions',
        '$schema',
        'comment',
        '__proto__',
        'zz',
      ]);
    });

    it('a store without other keys gets none', () => {
      const file = storeFile();
      setTrustDecision(file, '/srv/app', 'trusted');
      assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')) as object), ['version', 'decisions']);
      assert.equal(readTrustStore(file).extra, undefined);
    });
  });

  it('refuses a relative path and the filesystem root (only written by hand)', () => {
    const file = storeFile();
    assert.throws(() => setTrustDecision(file, 'a/b', 'trusted'), TypeError);
    assert.throws(() => setTrustDecision(file, path.parse(process.cwd()).root, 'trusted'), TypeError);
    assert.ok(!fs.existsSync(file));
  });
});
