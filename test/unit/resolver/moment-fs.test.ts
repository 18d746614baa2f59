// momentFs: one moment of a file system for a set of resolutions (compare's profiles).
import { strict as assert } from 'node:assert';
import { FsError, resolveInstructions } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { compareProfiles } from '../../../src/resolver/compare';
import { momentFs } from '../../../src/resolver/moment-fs';

/** Counts the calls that reach `fs`, by method. */
function counted(fs: MemoryFs): { fs: MemoryFs; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  for (const method of ['lstat', 'stat', 'readlink', 'entryNames', 'listKinds', 'open'] as const) {
    const original = fs[method].bind(fs) as (...args: unknown[]) => unknown;
    (fs as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      calls.set(method, (calls.get(method) ?? 0) + 1);
      return original(...args);
    };
  }
  return { fs, calls };
}

describe('momentFs', () => {
  it('asks the underlying system each question once, and answers the same', () => {
    const { fs, calls } = counted(new MemoryFs({ '/w/AGENTS.md': 'rules\n', '/w/src/a.ts': '' }));
    const m = momentFs(fs);
    const first = m.lstat('/w/AGENTS.md');
    assert.deepEqual(m.lstat('/w/AGENTS.md'), first);
    assert.equal(m.lstat('/w/missing'), undefined);
    assert.equal(m.lstat('/w/missing'), undefined);
    assert.deepEqual(m.entryNames!('/w'), ['AGENTS.md', 'src']);
    m.entryNames!('/w').push('changed by a caller');
    assert.deepEqual(m.entryNames!('/w'), ['AGENTS.md', 'src'], 'a caller changing its list changes no other answer');
    assert.equal(calls.get('lstat'), 2);
    assert.equal(calls.get('entryNames'), 1);
  });

  it('keeps failures and throws them again', () => {
    const { fs, calls } = counted(new MemoryFs({ '/w/AGENTS.md': 'rules\n' }));
    const m = momentFs(fs);
    let err1: unknown;
    try {
      m.readlink('/w/AGENTS.md');
    } catch (err) {
      err1 = err;
    }
    assert.ok(err1 instanceof FsError);
    assert.throws(
      () => m.readlink('/w/AGENTS.md'),
      (err) => err === err1,
    );
    assert.equal(calls.get('readlink'), 1);
  });

  it('sees one moment: a change after the first question is not seen; files are still opened each time', () => {
    const mem = new MemoryFs({ '/w/AGENTS.md': 'rules\n', '/w/a.ts': '' });
    const { fs, calls } = counted(mem);
    const m = momentFs(fs);
    const before = resolveInstructions('/w', ['a.ts'], { fs: m, globalFile: null });
    mem.set('/w/CLAUDE.md', 'more\n');
    const after = resolveInstructions('/w', ['a.ts'], { fs: m, globalFile: null });
    assert.deepEqual(
      after.sources.map((s) => s.path),
      before.sources.map((s) => s.path),
    );
    assert.equal(calls.get('open'), 2, 'each resolution reads the file itself');
    // a fresh view sees the change
    assert.deepEqual(
      resolveInstructions('/w', ['a.ts'], { fs: momentFs(fs), globalFile: null }).sources.map((s) => s.path),
      ['AGENTS.md', 'CLAUDE.md'],
    );
  });

  it('leaves out the optional calls the underlying system lacks', () => {
    const mem = new MemoryFs({ '/w/a': '' });
    const bare = {
      path: mem.path,
      lstat: mem.lstat.bind(mem),
      stat: mem.stat.bind(mem),
      readlink: mem.readlink.bind(mem),
      open: mem.open.bind(mem),
    };
    const m = momentFs(bare);
    assert.equal(m.entryNames, undefined);
    assert.equal(m.listKinds, undefined);
    assert.equal(m.realpath, undefined);
  });
});

describe('compareProfiles', () => {
  it('gives every profile the answer it gives alone, asking the disk less', () => {
    const tree = {
      '/w/.git/HEAD': 'ref: refs/heads/main\n',
      '/w/AGENTS.md': 'Root agents rules.\n',
      '/w/CLAUDE.md': 'Root claude rules.\n',
      '/w/src/AGENTS.md': 'Nested.\n',
      '/w/src/a.ts': '',
    };
    const names = ['holaryn', 'dsh', 'codex', 'claude-code'];
    const options = { globalFile: null, homedir: '/home/u', env: { HOME: '/home/u' } };
    const alone = counted(new MemoryFs(tree));
    const single = Object.fromEntries(
      names.map((name) => [name, resolveInstructions('/w', ['src/a.ts'], { ...options, fs: alone.fs, profile: name })]),
    );
    const together = counted(new MemoryFs(tree));
    const cmp = compareProfiles('/w', ['src/a.ts'], names, { ...options, fs: together.fs });
    for (const name of names) {
      assert.deepEqual(
        cmp.profiles[name].sources.map((s) => [s.path, s.status]),
        single[name].sources.map((s) => [s.path, s.status]),
        name,
      );
      assert.equal(cmp.profiles[name].context, single[name].context, name);
    }
    assert.ok(together.calls.get('lstat')! < alone.calls.get('lstat')!, `${together.calls.get('lstat')} < ${alone.calls.get('lstat')}`);
  });
});
