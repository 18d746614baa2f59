/**
 * The capture sandbox's pieces that need no sandbox: the fingerprint of the real repository (stat
 * only, iterative, bounded: a 3 GiB sparse file costs one stat, a tree deeper than a path can be
 * long is reported, never a crash), the regular files handed to drivers (same order as a
 * depth-first walk), the git configuration check (every command-bearing key named, read by git
 * itself), the repository's top folder for a cwd, and the overlay's upper folder read back as
 * the run's writes.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repositoryTop } from '../../../src/capture/capture';
import { GIT_GUARD, gitHazards } from '../../../src/capture/git';
import { describeAttempt } from '../../../src/capture/outside';
import { layerWrites } from '../../../src/capture/sandbox';
import { changes, fingerprint, regularFiles } from '../../../src/capture/tree';

describe('capture sandbox pieces', () => {
  let base: string;
  beforeEach(() => (base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-pieces-')))));
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  it('fingerprints a 3 GiB sparse file by stat alone, and sees a change of one byte', () => {
    const big = path.join(base, 'big.bin');
    const fd = fs.openSync(big, 'w');
    fs.ftruncateSync(fd, 3 * 1024 ** 3);
    fs.closeSync(fd);
    const before = process.memoryUsage().rss;
    const a = fingerprint(base);
    assert.ok(process.memoryUsage().rss - before < 256 * 1024 ** 2, 'the file was not read');
    assert.equal(a.incomplete, null);
    const fd2 = fs.openSync(big, 'r+');
    fs.writeSync(fd2, Buffer.from('x'), 0, 1, 1024);
    fs.closeSync(fd2);
    assert.deepEqual(changes(a, fingerprint(base)), ['changed big.bin']);
  });

  it('walks a tree 2,100 folders deep without a crash, saying what it could not read', () => {
    let rel = '';
    for (let i = 0; i < 2100; i++) rel = rel === '' ? 'd' : `${rel}/d`;
    // Made relative to the base folder: the whole path is longer than a path may be.
    const cwd = process.cwd();
    process.chdir(base);
    try {
      let at = '.';
      for (let i = 0; i < 2100; i++) {
        fs.mkdirSync('d');
        process.chdir('d');
        at = `${at}/d`;
      }
      fs.writeFileSync('AGENTS.md', 'deep\n');
    } finally {
      process.chdir(cwd);
    }
    const f = fingerprint(base);
    assert.ok(f.entries.size > 1000);
    assert.match(f.incomplete ?? '', /could not read .*ENAMETOOLONG/);
    const files = regularFiles(base);
    assert.ok(files.size <= 1);
    // Cleanup of a tree deeper than a path: remove from the bottom up, relative.
    process.chdir(base);
    try {
      for (let i = 0; i < 2100; i++) process.chdir('d');
      fs.rmSync('AGENTS.md');
      for (let i = 0; i < 2100; i++) {
        process.chdir('..');
        fs.rmdirSync('d');
      }
    } finally {
      process.chdir(cwd);
    }
    assert.equal(rel.length > 4096, true);
  });

  it('hands drivers the regular files depth first, in directory order, and stops at its bounds', () => {
    for (const f of ['a/x.md', 'a/b/y.md', 'c.md', 'big.md']) {
      fs.mkdirSync(path.dirname(path.join(base, f)), { recursive: true });
      fs.writeFileSync(path.join(base, f), f === 'big.md' ? 'x'.repeat(100) : f);
    }
    fs.symlinkSync(path.join(base, 'c.md'), path.join(base, 'link.md'));
    const names = (m: Map<string, Uint8Array>) => [...m.keys()].map((k) => path.relative(base, k));
    const order = names(regularFiles(base));
    const expected: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.isFile()) expected.push(path.relative(base, p));
      }
    };
    walk(base);
    assert.deepEqual(order, expected);
    assert.ok(!names(regularFiles(base, undefined, { maxBytes: 50 })).includes('big.md'));
    assert.equal(regularFiles(base, undefined, { maxFiles: 2 }).size, 2);
  });

  it('names every git configuration key that would run a command, reading it with git itself', () => {
    const top = path.join(base, 'repo');
    fs.mkdirSync(path.join(top, '.git'), { recursive: true });
    assert.deepEqual(gitHazards(top), []);
    fs.writeFileSync(
      path.join(top, '.git', 'config'),
      [
        '[core]',
        '\trepositoryformatversion = 0',
        '\tfsmonitor = true',
        '\thooksPath = .githooks',
        '[remote "origin"]',
        '\turl = https://example.invalid/x.git',
        '[filter "evil"]',
        '\tclean = sh -c evil',
        '[diff "pic"]',
        '\ttextconv = exiftool',
        '[core]',
        '\tsshCommand = ssh -i key',
        '[include]',
        '\tpath = ../other.config',
        '',
      ].join('\n'),
    );
    const got = gitHazards(top).map((l) => l.replace(/^.*config: /, ''));
    assert.deepEqual(got, [
      'filter.evil.clean = "sh -c evil" would run a command',
      'diff.pic.textconv = "exiftool" would run a command',
      'core.sshcommand = "ssh -i key" would run a command',
      'include.path = "../other.config" would run a command',
    ]);
    fs.writeFileSync(path.join(top, '.git', 'config'), '[core\n\tbroken');
    assert.match(gitHazards(top)[0], /git cannot parse it/);
    // A worktree's .git file: its own and the common configuration are both read.
    const wt = path.join(base, 'wt');
    fs.mkdirSync(path.join(top, '.git', 'worktrees', 'wt'), { recursive: true });
    fs.writeFileSync(path.join(top, '.git', 'config'), '[filter "lfs"]\n\tsmudge = git-lfs smudge -- %f\n\tprocess = sh -c x\n');
    fs.writeFileSync(path.join(top, '.git', 'worktrees', 'wt', 'commondir'), '../..\n');
    fs.mkdirSync(wt);
    fs.writeFileSync(path.join(wt, '.git'), `gitdir: ${path.join(top, '.git', 'worktrees', 'wt')}\n`);
    assert.equal(gitHazards(wt).length, 1);
    assert.equal(GIT_GUARD.GIT_CONFIG_KEY_0, 'core.hooksPath');
  });

  it("git's guard variables keep a repository's hooks from running when an agent runs git status", () => {
    const top = path.join(base, 'repo');
    fs.mkdirSync(top);
    const git = (env: Record<string, string>, ...args: string[]) =>
      spawnSync('git', args, {
        cwd: top,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: base, GIT_CONFIG_NOSYSTEM: '1', ...env },
      });
    assert.equal(git({}, 'init', '-q').status, 0);
    fs.writeFileSync(path.join(top, 'a.md'), 'a');
    assert.equal(git({}, 'add', 'a.md').status, 0);
    const marker = path.join(base, 'hook-ran');
    for (const hook of ['post-index-change', 'reference-transaction', 'post-checkout']) {
      fs.writeFileSync(path.join(top, '.git', 'hooks', hook), `#!/bin/sh\necho ran >> '${marker}'\n`, { mode: 0o755 });
    }
    const touch = () => fs.utimesSync(path.join(top, 'a.md'), new Date(), new Date(Date.now() + 5000));
    touch();
    assert.equal(git({ ...GIT_GUARD }, 'status', '--porcelain').status, 0);
    assert.equal(fs.existsSync(marker), false, 'a hook ran under the guard');
    // Without the guard the same status runs the repository's hook: the vector is real.
    touch();
    git({}, 'status', '--porcelain');
    assert.equal(fs.existsSync(marker), true, 'the hook never ran, so this test proves nothing');
  });

  it("finds the repository's top folder: the nearest .git at or above the cwd, else the root given", () => {
    fs.mkdirSync(path.join(base, 'repo', '.git'), { recursive: true });
    fs.mkdirSync(path.join(base, 'repo', 'a', 'b'), { recursive: true });
    fs.mkdirSync(path.join(base, 'plain', 'x'), { recursive: true });
    assert.equal(repositoryTop(path.join(base, 'repo', 'a', 'b'), path.join(base, 'repo', 'a')), path.join(base, 'repo'));
    assert.equal(repositoryTop(path.join(base, 'plain', 'x'), path.join(base, 'plain')), path.join(base, 'plain'));
  });

  it("reads the overlay's upper folder back as what the run wrote: added, changed, removed, new folders", () => {
    const top = path.join(base, 'top');
    const upper = path.join(base, 'layer', 'upper');
    fs.mkdirSync(path.join(top, 'kept'), { recursive: true });
    fs.writeFileSync(path.join(top, 'kept', 'a.md'), 'a');
    fs.mkdirSync(path.join(upper, 'kept'), { recursive: true });
    fs.mkdirSync(path.join(upper, 'new', 'deeper'), { recursive: true });
    fs.writeFileSync(path.join(upper, 'kept', 'a.md'), 'b');
    fs.writeFileSync(path.join(upper, 'new', 'deeper', 'f'), 'f');
    assert.deepEqual(layerWrites(path.join(base, 'layer'), top), [
      { path: 'kept/a.md', change: 'changed' },
      { path: 'new', change: 'folder' },
      { path: 'new/deeper', change: 'folder' },
      { path: 'new/deeper/f', change: 'added' },
    ]);
    assert.equal(describeAttempt({ kind: 'connect', target: '2001:db8::1', port: 443 }), 'connected to [2001:db8::1]:443');
  });
});
