// MomentMemo: a comparison kept while the disk still answers its moment's questions the same.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FileCache } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { SETTLE_MS } from '../../../src/resolver/cache';
import { Comparison, compareProfiles } from '../../../src/resolver/compare';
import { MomentMemo } from '../../../src/resolver/moment-memo';

const NAMES = ['holaryn', 'dsh', 'narya', 'codex', 'copilot', 'claude-code'];
const TREE = {
  '/w/.git/HEAD': 'ref: refs/heads/main\n',
  '/w/AGENTS.md': 'Root agents rules.\n',
  '/w/CLAUDE.md': 'Root claude rules.\n',
  '/w/.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nTypeScript rules.\n',
  '/w/src/AGENTS.md': 'Nested.\n',
  '/w/src/a.ts': '',
};

/** Counts the files opened through `fs`. */
function opening(fs: MemoryFs): { fs: MemoryFs; opened: () => number } {
  let n = 0;
  const original = fs.open.bind(fs);
  fs.open = (p, expected) => {
    n++;
    return original(p, expected);
  };
  return { fs, opened: () => n };
}

const paths = (c: Comparison, name: string) => c.profiles[name].sources.map((s) => `${s.path} ${s.status}`);

describe('MomentMemo (compare)', () => {
  let dir: string;
  let store: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'holaryn-memo-'));
    store = path.join(dir, 'trust.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Options of one editor session: one FileCache, one trust store, a fixed home and environment. */
  const setup = (memoClock: () => number = Date.now) => {
    const { fs, opened } = opening(new MemoryFs(TREE));
    const options = { fs, cache: new FileCache(), globalFile: null, homedir: '/home/u', env: { HOME: '/home/u' }, trustStore: store };
    const memo = new MomentMemo<Comparison>(16, memoClock);
    return { fs, opened, options, memo, run: () => compareProfiles('/w', ['src/a.ts'], NAMES, options, memo) };
  };

  it('returns the same comparison, frozen, when nothing changed, opening no file and recomputing nothing', () => {
    const { opened, options, memo, run } = setup();
    const cold = run(); // reads the files: not kept (its bytes came from the disk)
    const warm = run(); // every file from FileCache: kept
    const again = run();
    assert.equal(again, warm, 'the kept comparison itself');
    assert.ok(Object.isFrozen(again.profiles.holaryn.sources[0]), 'kept results are frozen');
    assert.deepEqual(warm, cold, 'the same answer as a computed one');
    assert.deepEqual([memo.hits, memo.misses], [1, 2]);
    const before = opened();
    run();
    assert.equal(opened(), before, 'a kept answer opens nothing');
    assert.deepEqual(compareProfiles('/w', ['src/a.ts'], NAMES, options), warm, 'and equals the answer without a memo');
  });

  it('computes again when a file appears, changes or goes, or a directory listing changes', () => {
    const { fs, options, memo, run } = setup();
    /** Until a comparison is kept (the one after a change still reads the changed file). */
    const kept = () => {
      run();
      const k = run();
      assert.equal(run(), k, 'kept');
    };
    kept();
    fs.set('/w/src/CLAUDE.md', 'Nested claude rules.\n');
    assert.ok(
      paths(run(), 'claude-code').some((p) => p.startsWith('src/CLAUDE.md')),
      'a new file is seen',
    );
    kept();
    fs.writeInPlace('/w/AGENTS.md', 'Root agents RULES.\n');
    assert.match(run().profiles.holaryn.context, /RULES/, 'new content at the same size is seen (a new mtime)');
    kept();
    fs.set('/w/.github/instructions/py.instructions.md', '---\napplyTo: "**/*.py"\n---\nPython.\n');
    assert.ok(
      paths(run(), 'copilot').some((p) => p.includes('py.instructions.md')),
      'a new entry in a listed directory is seen',
    );
    kept();
    fs.delete('/w/src/AGENTS.md');
    assert.ok(!paths(run(), 'holaryn').some((p) => p.startsWith('src/AGENTS.md')), 'a removed file is gone');
    assert.deepEqual(run(), compareProfiles('/w', ['src/a.ts'], NAMES, options));
    assert.equal(memo.hits, 8, 'two per kept(): every change was seen by checking, not by a memo that keeps nothing');
  });

  it('computes again when the trust store changes', () => {
    // The store was just written: its mtime is not settled for the real clock, so the memo's clock is moved on.
    const { memo, run } = setup(() => Date.now() + 2 * SETTLE_MS);
    writeFileSync(store, JSON.stringify({ version: 1, decisions: {} }));
    run();
    const unknown = run();
    assert.equal(run(), unknown);
    assert.equal((unknown.profiles.narya.trust as { decision?: string }).decision, 'unknown');
    writeFileSync(store, JSON.stringify({ version: 1, decisions: { '/w': 'trusted' } }));
    assert.equal((run().profiles.narya.trust as { decision?: string }).decision, 'trusted');
    assert.ok(memo.misses >= 3);
  });

  it('keeps nothing while the trust store was written too recently, or when trust is a lookup function', () => {
    writeFileSync(store, JSON.stringify({ version: 1, decisions: {} }));
    const { memo, run } = setup();
    run();
    run();
    run();
    assert.equal(memo.hits, 0, 'a store written within the settle time can still change unseen');
    const lookup = setup(() => Date.now() + 2 * SETTLE_MS);
    const options = { ...lookup.options, trustStore: () => ({ decision: 'trusted' as const }) };
    for (let i = 0; i < 3; i++) compareProfiles('/w', ['src/a.ts'], NAMES, options, lookup.memo);
    assert.deepEqual([lookup.memo.hits, lookup.memo.misses], [0, 0], 'a lookup function cannot be checked: the memo is not used');
  });

  it('keeps nothing while the files read are not settled', () => {
    const { fs, options, memo } = setup();
    // FileCache's clock sees every file as just written: each call reads them again.
    const fresh = { ...options, cache: new FileCache(undefined, () => 0) };
    for (let i = 0; i < 3; i++) compareProfiles('/w', ['src/a.ts'], NAMES, fresh, memo);
    assert.equal(memo.hits, 0);
    assert.ok(fs);
  });

  it('tells different arguments, candidates and environments apart', () => {
    const { options, memo, run } = setup();
    run();
    const base = run();
    const other = compareProfiles('/w', ['src/a.ts'], NAMES, { ...options, env: { HOME: '/home/u', DSH_HOME: '/dsh' } }, memo);
    assert.notEqual(other, base);
    const fewer = compareProfiles('/w', ['src/a.ts'], ['holaryn'], options, memo);
    assert.deepEqual(Object.keys(fewer.profiles), ['holaryn']);
    const setting = compareProfiles('/w', ['src/a.ts'], NAMES, { ...options, candidates: ['AGENTS.md'] }, memo);
    assert.notEqual(setting, base);
    assert.equal(run(), base, 'the first key is still kept');
  });

  it('kept() gives a kept comparison while it holds, and never computes', () => {
    const { fs, memo, run } = setup();
    run();
    const kept = run(); // read from FileCache alone: kept
    const k = [...(memo as unknown as { entries: Map<string, unknown> }).entries.keys()][0];
    assert.equal(memo.kept(k, fs), kept, 'the kept comparison, checked against the disk');
    assert.equal(memo.kept('no such key', fs), undefined);
    fs.set('/w/src/CLAUDE.md', 'Nested.\n');
    const misses = memo.misses;
    assert.equal(memo.kept(k, fs), undefined, 'a change: what was kept no longer holds');
    assert.equal(memo.misses, misses, 'and nothing was computed');
    run();
    run(); // kept again, for the new tree
    assert.notEqual(memo.kept(k, fs), undefined);
    assert.equal(memo.kept(k, new MemoryFs(TREE)), undefined, 'another file system is never answered from this one');
  });

  it('is bounded: the least recently used comparison goes first', () => {
    const { options } = setup();
    const memo = new MomentMemo<Comparison>(2);
    const of = (t: string) => compareProfiles('/w', [t], ['holaryn'], options, memo);
    for (const t of ['src/a.ts', 'AGENTS.md', 'src/a.ts', 'AGENTS.md']) of(t);
    const hits = memo.hits;
    of('CLAUDE.md');
    of('CLAUDE.md'); // evicts the least recently used (src/a.ts)
    of('AGENTS.md');
    assert.equal(memo.hits, hits + 2);
    of('src/a.ts');
    assert.equal(memo.hits, hits + 2, 'evicted');
  });
});
