/**
 * The trust store (docs/profiles.md §5) on a real disk: the file's shape, inheritance from the
 * nearest ancestor, atomic owner-only writes, corruption reported by name and never overwritten,
 * and locks left behind by a stopped process broken.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  STALE_LOCK_MS,
  TrustStoreError,
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

    it('an unreadable file (no read permission)', function () {
      if (process.platform === 'win32' || process.getuid?.() === 0) this.skip(); // root reads anything
      const file = storeFile();
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, '{"version":1,"decisions":{}}', { mode: 0o200 });
      fs.chmodSync(file, 0o200);
      const err = thrown(() => readTrustStore(file));
      assert.ok(err.message.includes('EACCES'), err.message);
    });
  });

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
      const old = new Date(Date.now() - STALE_LOCK_MS - 5000);
      fs.utimesSync(lock, old, old);
      setTrustDecision(file, '/srv/app', 'refused');
      assert.deepEqual(readTrustStore(file).decisions, { '/srv/app': 'refused' });
      assert.ok(!fs.existsSync(lock));
    });
  });

  it('refuses a relative path and the filesystem root (only written by hand)', () => {
    const file = storeFile();
    assert.throws(() => setTrustDecision(file, 'a/b', 'trusted'), TypeError);
    assert.throws(() => setTrustDecision(file, path.parse(process.cwd()).root, 'trusted'), TypeError);
    assert.ok(!fs.existsSync(file));
  });
});
