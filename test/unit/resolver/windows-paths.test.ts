/**
 * Windows semantics (docs/contract.md §1, §2; SECURITY.md), tested on any OS by injecting `path.win32` into an in-memory
 * disk (MemoryFs with `{ path: path.win32 }`: drive roots, UNC shares, both separators,
 * case-insensitive lookup that keeps the stored case, realpath answering with it).
 *
 * `holaryn instructions D:\projects\example src\app.py` on Windows is `resolveInstructions` with
 * the real disk and `path.win32`; here the same call runs against the in-memory disk.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { Evidence, ResolveError, ResolveOptions, resolveInstructions } from '../../../src/resolver';
import { MemEntry, MemoryFs } from '../../../src/resolver/memory-fs';
import { canonicalize, isInside, toRelative } from '../../../src/resolver/paths';
import { lintWorkspace } from '../../../src/lint';
import { schemaValidator } from '../../helpers/schema';

const W = path.win32;
const ROOT = 'D:\\projects\\example';

function winFs(extra: Record<string, MemEntry> = {}): MemoryFs {
  return new MemoryFs(
    {
      'D:\\projects\\example\\AGENTS.md': 'root rules\n',
      'D:\\projects\\example\\src\\AGENTS.md': '---\napplies_to: "*.py"\n---\npython rules\n',
      'D:\\projects\\example\\src\\.holaryn\\instructions.md': '---\napplies_to: ["sub/**", "*.PY"]\n---\nsub rules\n',
      'D:\\projects\\example\\src\\app.py': 'print()\n',
      'D:\\projects\\example\\src\\sub\\deep.py': '',
      'D:\\projects\\example2\\AGENTS.md': 'sibling with a common prefix\n',
      'C:\\Users\\me\\.holaryn\\instructions.md': 'operator rules\n',
      'C:\\outside\\AGENTS.md': 'SECRET outside\n',
      '\\\\server\\share\\repo\\AGENTS.md': 'unc rules\n',
      '\\\\server\\share\\repo\\lib\\x.ts': '',
      ...extra,
    },
    { path: W },
  );
}

function run(fs: MemoryFs, root: string, targets: string[], options: ResolveOptions = {}): Evidence {
  return resolveInstructions(root, targets, { globalFile: null, ...options, fs });
}

function rejects(fs: MemoryFs, root: string, targets: string[]): ResolveError {
  try {
    const ev = run(fs, root, targets);
    assert.fail(`expected a rejection, got targets ${JSON.stringify(ev.targets)}`);
  } catch (err) {
    assert.ok(err instanceof ResolveError, String(err));
    return err;
  }
}

const validate = schemaValidator();

describe('Windows paths (path.win32 injected, run on any OS)', () => {
  describe('the path helpers', () => {
    // [root, child, inside?]
    const cases: [string, string, boolean][] = [
      ['D:\\projects\\example', 'D:\\projects\\example', true],
      ['D:\\projects\\example', 'D:\\projects\\example\\src\\app.py', true],
      ['D:\\projects\\example', 'd:\\PROJECTS\\Example\\SRC', true],
      ['D:\\projects\\example', 'D:\\projects\\example2\\x', false],
      ['D:\\projects\\example', 'D:\\projects', false],
      ['D:\\projects\\example', 'C:\\projects\\example\\x', false],
      ['D:\\projects\\example', '\\\\server\\share\\x', false],
      ['D:\\projects\\example', 'D:\\projects\\example\\..foo', true],
      ['\\\\server\\share\\repo', '\\\\SERVER\\Share\\repo\\lib', true],
      ['\\\\server\\share\\repo', '\\\\server\\other\\repo\\lib', false],
    ];
    for (const [root, child, inside] of cases) {
      it(`isInside(${JSON.stringify(root)}, ${JSON.stringify(child)}) is ${inside}`, () => assert.equal(isInside(W, root, child), inside));
    }

    it('toRelative gives /-separated paths', () => {
      assert.equal(toRelative(W, ROOT, 'D:\\projects\\example\\src\\sub\\deep.py'), 'src/sub/deep.py');
      assert.equal(toRelative(W, ROOT, ROOT), '');
    });

    it('canonicalize: both separators, the stored case, `..` after the real location', () => {
      const fs = winFs();
      assert.deepEqual(canonicalize(fs, 'src/app.py', ROOT), { path: 'D:\\projects\\example\\src\\app.py', exists: true });
      assert.deepEqual(canonicalize(fs, 'SRC\\APP.PY', ROOT), { path: 'D:\\projects\\example\\src\\app.py', exists: true });
      assert.deepEqual(canonicalize(fs, 'Src\\New\\file.py', ROOT), { path: 'D:\\projects\\example\\src\\New\\file.py', exists: false });
      assert.deepEqual(canonicalize(fs, 'd:/PROJECTS/example/src/../AGENTS.md'), {
        path: 'D:\\projects\\example\\AGENTS.md',
        exists: true,
      });
    });
  });

  describe('resolveInstructions with drive letters and backslash targets', () => {
    it('holaryn instructions D:\\projects\\example src\\app.py: root-relative /-separated evidence', () => {
      const ev = run(winFs(), ROOT, ['src\\app.py']);
      validate(ev, 'win32 evidence');
      assert.equal(ev.root, ROOT);
      assert.deepEqual(ev.targets, [{ path: 'src/app.py', kind: 'file' }]);
      assert.deepEqual(
        ev.sources.map((s) => [s.path, s.directory, s.status]),
        [
          ['AGENTS.md', '', 'included'],
          ['src/.holaryn/instructions.md', 'src', 'not-applicable'],
          ['src/AGENTS.md', 'src', 'included'],
        ],
      );
      for (const s of ev.sources) assert.ok(!s.path.includes('\\'));
      assert.ok(!ev.context.includes('D:\\') && !ev.context.includes('projects'), 'no absolute path in the context');
    });

    it('the same target written every way gives the same evidence', () => {
      const fs = winFs();
      const ways = [
        'src\\app.py',
        'src/app.py',
        '.\\src\\app.py',
        'SRC\\App.PY',
        'D:\\projects\\example\\src\\app.py',
        'd:/projects/EXAMPLE/src/app.py',
        'src\\sub\\..\\app.py',
      ];
      const snapshots = new Set(ways.map((t) => run(fs, ROOT, [t]).snapshot));
      assert.equal(snapshots.size, 1);
      // The root written in another case or with forward slashes is the same root.
      assert.equal(run(fs, 'd:/Projects/Example/', ['src/app.py']).snapshot, [...snapshots][0]);
    });

    it('a missing target in an existing folder typed in another case takes the stored case', () => {
      const ev = run(winFs(), ROOT, ['SRC\\SUB\\new.py']);
      assert.deepEqual(ev.targets, [{ path: 'src/sub/new.py', kind: 'missing' }]);
      assert.ok(ev.sources.some((s) => s.path === 'src/.holaryn/instructions.md' && s.status === 'included'));
    });

    it('a rooted path without a drive is on the root’s drive; a drive-relative path on the root’s drive is below the root', () => {
      assert.deepEqual(run(winFs(), ROOT, ['\\projects\\example\\src\\app.py']).targets, [{ path: 'src/app.py', kind: 'file' }]);
      // v1.1: a drive-relative spelling differs from the path, so it is kept as `requested`.
      assert.deepEqual(run(winFs(), ROOT, ['D:src\\app.py']).targets, [{ path: 'src/app.py', kind: 'file', requested: 'D:src\\app.py' }]);
      assert.equal(rejects(winFs(), ROOT, ['C:src\\app.py']).code, 'target-outside-root');
    });

    // [case, target]
    const outside: [string, string][] = [
      ['another drive', 'C:\\outside\\AGENTS.md'],
      ['`..` out of the root with backslashes', '..\\example2\\AGENTS.md'],
      ['a sibling whose name starts with the root’s name', 'D:\\projects\\example2\\AGENTS.md'],
      ['a UNC path', '\\\\server\\share\\repo\\AGENTS.md'],
      ['mixed separators climbing out', 'src/..\\..\\..\\x'],
      ['the root’s parent in another case', 'd:\\PROJECTS'],
    ];
    for (const [name, target] of outside) {
      it(`rejects ${name} (${target}) with target-outside-root, reading nothing`, () => {
        const fs = winFs();
        assert.equal(rejects(fs, ROOT, [target]).code, 'target-outside-root');
        assert.deepEqual(fs.opened, []);
      });
    }

    it('a junction-like directory symlink leading to another drive is outside; one inside is followed', () => {
      const fs = winFs({
        'D:\\projects\\example\\out': { symlink: 'C:\\outside' },
        'D:\\projects\\example\\in': { symlink: 'D:\\projects\\example\\src' },
      });
      assert.equal(rejects(fs, ROOT, ['out\\x.py']).code, 'target-outside-root');
      assert.deepEqual(run(fs, ROOT, ['IN\\app.py']).targets, [{ path: 'src/app.py', kind: 'file', requested: 'IN\\app.py' }]);
    });

    it('an instruction file symlinked to another drive is symlink-outside-root, never read', () => {
      const fs = winFs({ 'D:\\projects\\example\\CLAUDE.md': { symlink: 'C:\\outside\\AGENTS.md' } });
      const ev = run(fs, ROOT, ['src\\app.py']);
      assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-outside-root' && d.source === 'CLAUDE.md'));
      assert.ok(!JSON.stringify(ev).includes('SECRET'));
      assert.ok(!fs.opened.some((p) => p.startsWith('C:')));
    });

    it('a UNC share as the root', () => {
      const fs = winFs();
      const ev = run(fs, '\\\\SERVER\\share\\Repo', ['lib\\x.ts']);
      assert.equal(ev.root, '\\\\server\\share\\repo');
      assert.deepEqual(ev.targets, [{ path: 'lib/x.ts', kind: 'file' }]);
      assert.deepEqual(
        ev.sources.map((s) => s.path),
        ['AGENTS.md'],
      );
    });

    it('the operator-global file on C: with a workspace on D:', () => {
      const ev = run(winFs(), ROOT, ['src\\app.py'], {
        globalFile: { path: 'C:\\Users\\me\\.holaryn\\instructions.md', displayName: '~/.holaryn/instructions.md' },
      });
      assert.equal(ev.sources[0].path, '~/.holaryn/instructions.md');
      assert.equal(ev.sources[0].content, 'operator rules\n');
      assert.ok(!ev.context.includes('C:\\'));
    });
  });

  describe('globs stay /-only and case-sensitive (the contract pins minimatch to POSIX semantics)', () => {
    it('"*.py" in src matches src\\app.py (matched as src-relative "app.py"); "*.PY" does not', () => {
      const ev = run(winFs(), ROOT, ['src\\app.py']);
      assert.equal(ev.sources.find((s) => s.path === 'src/AGENTS.md')?.status, 'included');
      assert.equal(ev.sources.find((s) => s.path === 'src/.holaryn/instructions.md')?.status, 'not-applicable');
    });

    it('"sub/**" matches a backslash target below sub; a backslash in a glob is an escape, not a separator', () => {
      const fs = winFs({ 'D:\\projects\\example\\AGENTS.md': '---\napplies_to: "src\\\\sub\\\\*.py"\n---\nbackslash glob\n' });
      const ev = run(fs, ROOT, ['src\\sub\\deep.py']);
      assert.equal(ev.sources.find((s) => s.path === 'src/.holaryn/instructions.md')?.status, 'included');
      assert.equal(ev.sources.find((s) => s.path === 'AGENTS.md')?.status, 'not-applicable');
    });
  });

  describe('candidate names on a case-insensitive disk', () => {
    it('[fails: candidates.ts] "agents.md" stored in lower case is not AGENTS.md: names are matched exactly (contract §3)', () => {
      const fs = new MemoryFs({ 'D:\\repo\\agents.md': 'lower-case file\n', 'D:\\repo\\x.py': '' }, { path: W });
      const ev = run(fs, 'D:\\repo', ['x.py']);
      assert.deepEqual(
        ev.sources.map((s) => s.path),
        [],
        'a file whose stored name differs in case was taken as a candidate',
      );
    });
  });

  it('lint (holaryn check) on a Windows disk through a file list', () => {
    const r = lintWorkspace(ROOT, {
      fs: winFs(),
      listFiles: () => ['AGENTS.md', 'src/AGENTS.md', 'src/.holaryn/instructions.md', 'src/app.py', 'src/sub/deep.py'],
    });
    assert.equal(r.root, ROOT);
    assert.deepEqual(r.files, ['AGENTS.md', 'src/.holaryn/instructions.md', 'src/AGENTS.md']);
    assert.ok(r.findings.every((f) => !f.file.includes('\\')));
  });
});
