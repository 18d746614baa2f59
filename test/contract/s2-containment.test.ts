/**
 * Contract §2 (and the §1 input rules it relies on): containment, symlinks, special files,
 * duplicates. In-memory trees (and the real disk where it says so); `/repo` is the root, `/outside`
 * and `/ws` are elsewhere.
 */
import { strict as assert } from 'node:assert';
import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { resolveInstructions } from '../../src/resolver';
import { Tree, diags, maybeSource, resolve, resolveError, source, sourcePaths, statuses } from '../helpers/tree';

describe('contract §2 Containment', () => {
  describe('§2 a target whose canonical path is not the root or below it is rejected with target-outside-root', () => {
    // [case, extra tree, target]
    const rejected: [string, Tree, string][] = [
      ['`..` leaving the root', {}, '../etc/passwd'],
      ['`..` after a real directory', { 'src/a.ts': '' }, 'src/../../x.ts'],
      ['absolute path elsewhere', { '/etc/passwd': 'x' }, '/etc/passwd'],
      // A string-prefix check would wrongly accept this one.
      ['absolute path of a sibling whose name starts with the root name', { '/repo2/a.ts': '' }, '/repo2/a.ts'],
      ["absolute path of the root's parent", {}, '/'],
      ['symlinked directory leading outside', { link: { symlink: '/outside' }, '/outside/a.ts': '' }, 'link/a.ts'],
      ['symlinked file leading outside', { 'f.ts': { symlink: '/outside/a.ts' }, '/outside/a.ts': '' }, 'f.ts'],
      ['relative symlink climbing out of the root', { up: { symlink: '..' }, '/other/a.ts': '' }, 'up/other/a.ts'],
      // Missing target: its deepest existing ancestor (/outside via the link) is outside.
      [
        'missing target below a symlinked directory leading outside',
        { link: { symlink: '/outside' }, '/outside': { dir: true } },
        'link/new/file.ts',
      ],
      // Dangling symlink: resolved through its link text (the file a write would create).
      [
        'dangling symlink whose link text names a path outside',
        { 'new.ts': { symlink: '/outside/new.ts' }, '/outside': { dir: true } },
        'new.ts',
      ],
      // `..` after symlinks, as the OS does: /repo/link/.. is /outside, not /repo.
      [
        '`..` applied after the symlink (OS semantics), not lexically',
        { link: { symlink: '/outside/deep' }, '/outside/deep': { dir: true } },
        'link/../x.ts',
      ],
      [
        'absolute path through a symlink inside the root that leads outside',
        { link: { symlink: '/outside' }, '/outside/a.ts': '' },
        '/repo/link/a.ts',
      ],
    ];
    for (const [name, extra, target] of rejected) {
      it(`§2 rejects: ${name} (${target}); nothing is resolved`, () => {
        const { err, fs } = resolveError({ 'AGENTS.md': 'root rules\n', ...extra }, [target]);
        assert.equal(err.code, 'target-outside-root');
        assert.deepEqual(fs.opened, [], 'no instruction file may be read when the call is rejected');
      });
    }

    it('§2 one rejected target among valid ones fails the whole call (no partial evidence) and the error names the rejected targets', () => {
      const { err, fs } = resolveError({ 'AGENTS.md': 'x', 'src/a.ts': '', '/outside/b.ts': '' }, ['src/a.ts', '/outside/b.ts', '../c.ts']);
      assert.equal(err.code, 'target-outside-root');
      const said = JSON.stringify({ message: err.message, details: err.details });
      assert.ok(said.includes('/outside/b.ts'), `error should name /outside/b.ts: ${said}`);
      assert.ok(said.includes('../c.ts'), `error should name ../c.ts: ${said}`);
      assert.deepEqual(fs.opened, []);
    });

    // [case, extra tree, target, expected root-relative path, expected kind]
    const accepted: [string, Tree, string, string, string][] = [
      ['the root itself as "."', {}, '.', '', 'directory'],
      ['the root itself as its absolute path', {}, '/repo', '', 'directory'],
      ['the root itself with a trailing slash', {}, '/repo/', '', 'directory'],
      ['`..` that stays inside', { 'src/a.ts': '', 'b.ts': '' }, 'src/../b.ts', 'b.ts', 'file'],
      ['absolute path inside', { 'src/a.ts': '' }, '/repo/src/a.ts', 'src/a.ts', 'file'],
      ['symlinked directory inside', { 'src/a.ts': '', lnk: { symlink: 'src' } }, 'lnk/a.ts', 'src/a.ts', 'file'],
      // OS semantics: /repo/in is /repo/a/b, so in/.. is /repo/a.
      ['`..` after a symlink inside', { 'a/b': { dir: true }, in: { symlink: 'a/b' } }, 'in/../c.ts', 'a/c.ts', 'missing'],
      ['absolute symlink leading back into the root', { 'src/a.ts': '', abs: { symlink: '/repo/src' } }, 'abs/a.ts', 'src/a.ts', 'file'],
      [
        'symlink that leaves and re-enters the root',
        { 'src/a.ts': '', round: { symlink: '../repo/src' } },
        'round/a.ts',
        'src/a.ts',
        'file',
      ],
      [
        'missing target through its deepest existing ancestor',
        { 'src/a.ts': '' },
        'src/new/deep/file.ts',
        'src/new/deep/file.ts',
        'missing',
      ],
      [
        'dangling symlink inside, resolved through its link text',
        { 'gen/keep': '', 'new.ts': { symlink: 'gen/new.ts' } },
        'new.ts',
        'gen/new.ts',
        'missing',
      ],
      ['a directory', { 'src/a.ts': '' }, 'src', 'src', 'directory'],
      // The OS refuses `..` after a missing entry or a file (ENOENT, ENOTDIR); climbing back to
      // the deepest existing entry resolves the rest on disk again, so a path naming an existing
      // entry is never reported missing.
      ['`..` after a missing directory', { 'src/x.ts': '' }, 'src/new/../x.ts', 'src/x.ts', 'file'],
      ['`..` after a file used as a directory', { 'src/x.ts': '' }, 'src/x.ts/..', 'src', 'directory'],
      ['`..` twice below a file, then down again', { 'src/x.ts': '' }, 'src/x.ts/foo/../../x.ts', 'src/x.ts', 'file'],
      ['`..` back to the file itself', { 'src/x.ts': '' }, 'src/x.ts/foo/..', 'src/x.ts', 'file'],
      ['a name below a file', { 'src/x.ts': '' }, 'src/x.ts/foo', 'src/x.ts/foo', 'missing'],
      [
        '`..` out of a missing part, then through a symlink',
        { 'src/x.ts': '', lnk: { symlink: 'src' } },
        'new/deep/../../lnk/x.ts',
        'src/x.ts',
        'file',
      ],
    ];
    for (const [name, extra, target, path, kind] of accepted) {
      it(`§2 the root itself and paths inside are valid: ${name} (${target})`, () => {
        const { ev } = resolve({ 'AGENTS.md': 'root rules\n', ...extra }, [target]);
        // v1.1: `requested` keeps the path as given when it differs from the resolved one.
        // A plain spelling of the path (`.`, absolute inside the root, a trailing slash) is not one.
        const plain = [path, `/repo/${path}`, `/repo/${path}/`, '.'].includes(target) || (path === '' && target === '/repo');
        assert.deepEqual(ev.targets, [plain ? { path, kind } : { path, kind, requested: target }]);
        assert.equal(source(ev, 'AGENTS.md').status, 'included');
      });
    }

    it('§1 a missing target reads the chain of its deepest existing ancestor', () => {
      const { ev } = resolve({ 'AGENTS.md': 'r', 'src/AGENTS.md': 's', 'src/x.ts': '' }, ['src/new/deep/file.ts']);
      assert.deepEqual(ev.targets, [{ path: 'src/new/deep/file.ts', kind: 'missing' }]);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'src/AGENTS.md']);
      assert.deepEqual(source(ev, 'src/AGENTS.md').appliesTo, ['src/new/deep/file.ts']);
    });

    it('§1 a target that climbs back out of a missing part reads the chain of what it names, in memory and on disk', () => {
      const files = { 'AGENTS.md': 'r', 'src/AGENTS.md': 's', 'src/x.ts': '' };
      const cases: [string, string, string][] = [
        ['src/x.ts/..', 'src', 'directory'],
        ['src/new/../x.ts', 'src/x.ts', 'file'],
      ];
      const disk = nodeFs.realpathSync(nodeFs.mkdtempSync(nodePath.join(os.tmpdir(), 'holaryn-s2-')));
      try {
        for (const [rel, text] of Object.entries(files)) {
          nodeFs.mkdirSync(nodePath.dirname(nodePath.join(disk, rel)), { recursive: true });
          nodeFs.writeFileSync(nodePath.join(disk, rel), text);
        }
        for (const [target, path, kind] of cases) {
          for (const ev of [resolve(files, [target]).ev, resolveInstructions(disk, [target], { globalFile: null })]) {
            assert.deepEqual(ev.targets, [{ path, kind, requested: target }], target);
            assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'src/AGENTS.md'], target);
          }
        }
      } finally {
        nodeFs.rmSync(disk, { recursive: true, force: true });
      }
    });

    it('§1 a dangling symlink target resolves through its link text: the chain is that of the file it names', () => {
      const { ev } = resolve({ 'AGENTS.md': 'r', 'gen/AGENTS.md': 'g', 'gen/keep': '', 'new.ts': { symlink: 'gen/new.ts' } }, ['new.ts']);
      assert.deepEqual(ev.targets, [{ path: 'gen/new.ts', kind: 'missing', requested: 'new.ts' }]);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'gen/AGENTS.md']);
    });
  });

  describe('§2 an instruction file that is a symlink is followed only when its canonical path is inside the root; otherwise symlink-outside-root', () => {
    it('§2 a symlinked instruction file whose target is inside the root is followed (even off the chain)', () => {
      const { ev } = resolve({ 'src/AGENTS.md': { symlink: '../docs/shared.md' }, 'docs/shared.md': 'shared rules\n' }, ['src/a.ts']);
      const s = source(ev, 'src/AGENTS.md');
      assert.equal(s.status, 'included');
      assert.equal(s.content, 'shared rules\n');
      assert.equal(diags(ev, 'symlink-outside-root').length, 0);
    });

    // [case, tree]
    const outside: [string, Tree][] = [
      ['absolute link outside', { 'AGENTS.md': { symlink: '/outside/evil.md' }, '/outside/evil.md': 'EVIL\n' }],
      ['relative link climbing out', { 'AGENTS.md': { symlink: '../outside/evil.md' }, '/outside/evil.md': 'EVIL\n' }],
      [
        'link to a link inside that leads outside',
        { 'AGENTS.md': { symlink: 'docs/hop.md' }, 'docs/hop.md': { symlink: '/outside/evil.md' }, '/outside/evil.md': 'EVIL\n' },
      ],
      ['link into a sibling workspace root', { 'AGENTS.md': { symlink: '/ws/b/AGENTS.md' }, '/ws/b/AGENTS.md': 'EVIL\n' }],
    ];
    for (const [name, extra] of outside) {
      it(`§2 a symlinked instruction file leading outside is ignored with symlink-outside-root: ${name}`, () => {
        const { ev, fs } = resolve({ 'CLAUDE.md': 'good\n', ...extra }, ['a.ts']);
        assert.equal(maybeSource(ev, 'AGENTS.md'), undefined);
        const d = diags(ev, 'symlink-outside-root', 'AGENTS.md');
        assert.equal(d.length, 1, JSON.stringify(ev.diagnostics));
        assert.equal(d[0].severity, 'error');
        assert.ok(!ev.context.includes('EVIL'));
        assert.ok(
          fs.opened.every((p) => p.startsWith('/repo/')),
          `read outside the root: ${fs.opened.join(', ')}`,
        );
        assert.equal(source(ev, 'CLAUDE.md').status, 'included');
      });
    }

    it('§2 a `.holaryn` directory that is a symlink leading outside is ignored with symlink-outside-root', () => {
      const { ev, fs } = resolve({ '.holaryn': { symlink: '/outside/h' }, '/outside/h/instructions.md': 'EVIL\n', 'AGENTS.md': 'good\n' }, [
        'a.ts',
      ]);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md']);
      const d = diags(ev, 'symlink-outside-root', '.holaryn/instructions.md');
      assert.equal(d.length, 1, JSON.stringify(ev.diagnostics));
      assert.ok(!ev.context.includes('EVIL'));
      assert.ok(fs.opened.every((p) => p.startsWith('/repo/')));
    });

    it('§2 a `.holaryn` directory that is a symlink inside the root is followed', () => {
      const { ev } = resolve({ 'src/.holaryn': { symlink: '../shared-h' }, 'shared-h/instructions.md': 'shared\n' }, ['src/a.ts']);
      const s = source(ev, 'src/.holaryn/instructions.md');
      assert.equal(s.status, 'included');
      assert.equal(s.directory, 'src');
      assert.equal(s.content, 'shared\n');
    });
  });

  describe('§2 only the root’s own tree is read: nothing above the root except the operator-global file', () => {
    const tree: Tree = {
      '/AGENTS.md': 'FS ROOT\n',
      '/ws/AGENTS.md': 'PARENT\n',
      '/ws/CLAUDE.md': 'PARENT\n',
      '/ws/.holaryn/instructions.md': 'PARENT\n',
      '/ws/b/AGENTS.md': 'OTHER ROOT\n',
      '/ws/b/src/AGENTS.md': 'OTHER ROOT\n',
      '/ws/a/AGENTS.md': 'a root\n',
      '/ws/a/src/AGENTS.md': 'a src\n',
      '/ws/a/src/x.ts': '',
      '/g/instructions.md': 'global\n',
    };

    it('§2 files above the root and in a sibling root are never read', () => {
      const { ev, fs } = resolve(tree, ['src/x.ts'], {}, '/ws/a');
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'src/AGENTS.md']);
      assert.ok(
        fs.opened.every((p) => p.startsWith('/ws/a/')),
        `opened outside the root: ${fs.opened.join(', ')}`,
      );
      assert.ok(!/PARENT|FS ROOT|OTHER ROOT/.test(ev.context));
    });

    it('§2 the operator-global file is the one exception', () => {
      const { ev, fs } = resolve(
        tree,
        ['src/x.ts'],
        { globalFile: { path: '/g/instructions.md', displayName: '<global>/instructions.md' } },
        '/ws/a',
      );
      assert.deepEqual(sourcePaths(ev), ['<global>/instructions.md', 'AGENTS.md', 'src/AGENTS.md']);
      assert.ok(
        fs.opened.every((p) => p.startsWith('/ws/a/') || p === '/g/instructions.md'),
        fs.opened.join(', '),
      );
    });

    it('§2 two roots (multi-root workspaces) never see each other’s files', () => {
      const a = resolve(tree, ['src/x.ts'], {}, '/ws/a');
      const b = resolve(tree, ['src/y.ts'], {}, '/ws/b');
      assert.ok(!a.ev.context.includes('OTHER ROOT'));
      assert.ok(!b.ev.context.includes('a root') && !b.ev.context.includes('a src'));
      assert.ok(b.fs.opened.every((p) => p.startsWith('/ws/b/')));
      assert.equal(resolveError(tree, ['../b/src/AGENTS.md'], {}, '/ws/a').err.code, 'target-outside-root');
    });
  });

  describe('§2 only regular files are read: a FIFO, socket or device named like a candidate is skipped with unreadable', () => {
    // MemoryFs `special` stands for a FIFO, socket or device.
    const specials: [string, Tree, string][] = [
      ['AGENTS.md is special', { 'AGENTS.md': { special: true } }, 'AGENTS.md'],
      ['CLAUDE.md is special', { 'CLAUDE.md': { special: true } }, 'CLAUDE.md'],
      ['.holaryn/instructions.md is special', { '.holaryn/instructions.md': { special: true } }, '.holaryn/instructions.md'],
      [
        'AGENTS.md is a symlink (inside the root) to a special file',
        { 'dev/fifo': { special: true }, 'AGENTS.md': { symlink: 'dev/fifo' } },
        'AGENTS.md',
      ],
      ['a nested candidate is special', { 'src/AGENTS.md': { special: true } }, 'src/AGENTS.md'],
    ];
    for (const [name, extra, path] of specials) {
      it(`§2 skipped with unreadable and never blocks the resolution: ${name}`, () => {
        const { ev, fs } = resolve({ 'docs/x': '', 'src/CLAUDE.md': 'regular\n', ...extra }, ['src/a.ts']);
        assert.equal(maybeSource(ev, path), undefined);
        const d = diags(ev, 'unreadable', path);
        assert.equal(d.length, 1, JSON.stringify(ev.diagnostics));
        assert.equal(d[0].severity, 'error');
        assert.ok(
          !fs.opened.some((p) => p.endsWith('/dev/fifo') || p === `/repo/${path}`),
          `a special file was opened: ${fs.opened.join(', ')}`,
        );
        assert.equal(source(ev, 'src/CLAUDE.md').status, 'included');
      });
    }
  });

  it('§2 an operator-global file that is a FIFO (special) is skipped with unreadable and never blocks', () => {
    const { ev } = resolve({ '/g/instructions.md': { special: true }, 'AGENTS.md': 'x\n' }, ['a.ts'], {
      globalFile: { path: '/g/instructions.md', displayName: '<global>/instructions.md' },
    });
    assert.deepEqual(sourcePaths(ev), ['AGENTS.md']);
    assert.equal(diags(ev, 'unreadable', '<global>/instructions.md').length, 1);
  });

  describe('§2 two candidate paths that are the same file load once; later ones are duplicates', () => {
    it('§2 a workspace file that is the operator-global file is a duplicate of the global source (global comes first)', () => {
      const { ev } = resolve({ 'AGENTS.md': 'shared\n', '/g/instructions.md': { hardlink: '/repo/AGENTS.md' } }, ['a.ts'], {
        globalFile: { path: '/g/instructions.md', displayName: '<global>/instructions.md' },
      });
      assert.deepEqual(statuses(ev), { '<global>/instructions.md': 'included', 'AGENTS.md': 'duplicate' });
      assert.equal(source(ev, 'AGENTS.md').duplicateOf, '<global>/instructions.md');
    });

    it('§2 CLAUDE.md symlinked to AGENTS.md: AGENTS.md is the source, CLAUDE.md a duplicate with duplicateOf, content "" and chars 0', () => {
      const { ev, fs } = resolve({ 'AGENTS.md': 'Shared rules 😀\n', 'CLAUDE.md': { symlink: 'AGENTS.md' } }, ['a.ts']);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'CLAUDE.md']);
      const a = source(ev, 'AGENTS.md');
      const c = source(ev, 'CLAUDE.md');
      assert.equal(a.status, 'included');
      assert.equal(a.duplicateOf, null);
      assert.equal(c.status, 'duplicate');
      assert.equal(c.duplicateOf, 'AGENTS.md');
      assert.equal(c.content, '');
      assert.equal(c.chars, 0);
      assert.deepEqual(c.appliesTo, []);
      assert.equal(ev.context.split('Shared rules').length - 1, 1, 'the shared text reaches the context once');
      assert.equal(fs.opened.length, 1, `loaded more than once: ${fs.opened.join(', ')}`);
    });

    it('§2 a hard link is the same file: the first in precedence order (shallow) is the source', () => {
      const { ev } = resolve({ 'AGENTS.md': 'Hard rules\n', 'src/CLAUDE.md': { hardlink: '/repo/AGENTS.md' } }, ['src/a.ts']);
      const d = source(ev, 'src/CLAUDE.md');
      assert.equal(d.status, 'duplicate');
      assert.equal(d.duplicateOf, 'AGENTS.md');
      assert.equal(d.content, '');
      assert.equal(d.chars, 0);
      assert.equal(source(ev, 'AGENTS.md').status, 'included');
      assert.equal(source(ev, 'AGENTS.md').content, 'Hard rules\n');
    });

    it('§2 a hard link within one directory: filename order decides which is the source', () => {
      const { ev } = resolve({ '.holaryn/instructions.md': 'same\n', 'CLAUDE.md': { hardlink: '/repo/.holaryn/instructions.md' } }, [
        'a.ts',
      ]);
      assert.deepEqual(statuses(ev), { '.holaryn/instructions.md': 'included', 'CLAUDE.md': 'duplicate' });
      assert.equal(source(ev, 'CLAUDE.md').duplicateOf, '.holaryn/instructions.md');
    });

    it('§2 identity is decided by the file, before applicability', () => {
      // `applies_to: "x.ts"` matches src/x.ts only relative to src/, so the root path does not
      // apply while the src path would: it is still a duplicate and contributes nothing.
      const text = '---\napplies_to: "x.ts"\n---\nDUPLICATED RULES\n';
      const { ev } = resolve({ 'AGENTS.md': text, 'src/AGENTS.md': { hardlink: '/repo/AGENTS.md' } }, ['src/x.ts']);
      assert.equal(source(ev, 'AGENTS.md').status, 'not-applicable');
      const d = source(ev, 'src/AGENTS.md');
      assert.equal(d.status, 'duplicate');
      assert.equal(d.duplicateOf, 'AGENTS.md');
      assert.deepEqual(d.appliesTo, []);
      assert.equal(d.content, '');
      assert.ok(!ev.context.includes('DUPLICATED RULES'));
    });
  });
});
