// The shared walk (docs/contract.md §11): .gitignore files at every level and .git/info/exclude,
// as git reads them, ignored directories never entered, and --no-ignore walking everything.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeWalkFs, lintWorkspace, walkTree, walkTreeAsync } from '../../../src/lint';

function tree(files: Record<string, string>): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-walk-')));
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  }
  return root;
}

const sorted = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A repository with ignore rules at three levels, a negation and info/exclude. */
const REPO = {
  '.gitignore': 'target/\n*.log\n!keep.log\ndocs/*\n!docs/keep.md\n',
  'AGENTS.md': 'root\n',
  'a.log': '',
  'keep.log': '',
  'docs/drop.md': '',
  'docs/keep.md': '',
  'target/debug/AGENTS.md': '---\nbroken: [\n---\n',
  'target/debug/x.rs': '',
  '.venv/lib/site-packages/pkg/AGENTS.md': '---\nbroken: [\n---\n',
  'pkg/.gitignore': 'gen/\n!*.keep.log\n',
  'pkg/gen/AGENTS.md': '---\nbroken: [\n---\n',
  'pkg/src/a.ts': '',
  'pkg/src/b.keep.log': '',
  'pkg/src/c.log': '',
  'node_modules/dep/AGENTS.md': '---\nbroken: [\n---\n',
};

function gitInit(root: string): void {
  execFileSync('git', ['init', '-q'], { cwd: root });
  fs.writeFileSync(path.join(root, '.git/info/exclude'), '.venv/\n');
}

describe('lint: the shared walk honours git ignore rules', () => {
  const roots: string[] = [];
  const make = (files: Record<string, string>, git = true) => {
    const root = tree(files);
    if (git) gitInit(root);
    roots.push(root);
    return root;
  };
  after(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });

  it('lists the files git does not ignore (nested .gitignore, negations, info/exclude), as git ls-files does', () => {
    const root = make(REPO);
    const walk = walkTree(createNodeWalkFs(), root);
    const git = execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('node_modules/'));
    assert.deepEqual(sorted(walk.files), sorted(git));
    assert.deepEqual(sorted(walk.files), [
      '.gitignore',
      'AGENTS.md',
      'docs/keep.md',
      'keep.log',
      'pkg/.gitignore',
      'pkg/src/a.ts',
      'pkg/src/b.keep.log',
    ]);
    assert.deepEqual(sorted(walk.opaque), ['.git', '.venv', 'node_modules', 'pkg/gen', 'target']);
    assert.ok(walk.complete);
    assert.ok(walk.ignoresApplied);
  });

  it('never lists the inside of an ignored directory', () => {
    const root = make(REPO);
    const base = createNodeWalkFs();
    const read: string[] = [];
    const counting = { ...base, readdir: (p: string) => (read.push(path.relative(root, p)), base.readdir(p)) };
    walkTree(counting, root);
    for (const dir of ['target', 'target/debug', '.venv', 'pkg/gen', 'node_modules', '.git']) assert.ok(!read.includes(dir), dir);
    assert.ok(read.includes('pkg/src'));
  });

  it('ignore: false (--no-ignore) walks everything but .git and node_modules', () => {
    const root = make(REPO);
    const walk = walkTree(createNodeWalkFs(), root, { ignore: false });
    assert.ok(walk.files.includes('target/debug/x.rs'));
    assert.ok(walk.files.includes('.venv/lib/site-packages/pkg/AGENTS.md'));
    assert.ok(walk.files.includes('a.log'));
    assert.ok(!walk.files.some((f) => f.startsWith('node_modules/') || f.startsWith('.git/')));
    assert.equal(walk.ignoresApplied, false);
  });

  it('a root below the repository top obeys the .gitignore files above it', () => {
    const root = make({
      '.gitignore': 'dist/\n',
      'packages/.gitignore': '*.tmp\n',
      'packages/a/dist/x.js': '',
      'packages/a/y.tmp': '',
      'packages/a/z.ts': '',
    });
    const walk = walkTree(createNodeWalkFs(), path.join(root, 'packages/a'));
    assert.deepEqual(walk.files, ['z.ts']);
  });

  it('outside a git repository the .gitignore files under the root still apply', () => {
    const root = make({ '.gitignore': 'build/\n', 'build/out.js': '', 'src/a.ts': '' }, false);
    assert.deepEqual(
      walkTree(createNodeWalkFs(), root).files.filter((f) => f !== '.gitignore'),
      ['src/a.ts'],
    );
  });

  it('a worktree (.git is a file) reads info/exclude of the shared repository', () => {
    const main = make({ 'a.ts': '' });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'x'], { cwd: main });
    fs.writeFileSync(path.join(main, '.git/info/exclude'), 'secret/\n');
    const wt = path.join(main, '..', `${path.basename(main)}-wt`);
    roots.push(wt);
    execFileSync('git', ['worktree', 'add', '-q', wt], { cwd: main });
    fs.mkdirSync(path.join(wt, 'secret'));
    fs.writeFileSync(path.join(wt, 'secret/AGENTS.md'), 'x\n');
    fs.writeFileSync(path.join(wt, 'b.ts'), '');
    assert.deepEqual(walkTree(createNodeWalkFs(), fs.realpathSync(wt)).files, ['b.ts']);
  });

  it('the async walk gives the same listing and pauses between directories', async () => {
    const root = make(REPO);
    let pauses = 0;
    const walk = await walkTreeAsync(createNodeWalkFs(), root, {
      directoriesPerPause: 1,
      pause: async () => {
        pauses++;
      },
    });
    assert.deepEqual(walk?.files, walkTree(createNodeWalkFs(), root).files);
    assert.ok(pauses > 3);
  });

  it('holaryn check skips instruction files git ignores; a glob into an ignored directory is not "matches nothing"', () => {
    const root = make({
      ...REPO,
      'AGENTS.md': '---\nexcludes: ["target/**", "**/gen/**"]\n---\nroot\n',
    });
    const r = lintWorkspace(root);
    assert.deepEqual(r.files, ['AGENTS.md']);
    assert.deepEqual(r.findings, []);
    const all = lintWorkspace(root, { ignore: false });
    assert.deepEqual(all.files, ['.venv/lib/site-packages/pkg/AGENTS.md', 'AGENTS.md', 'pkg/gen/AGENTS.md', 'target/debug/AGENTS.md']);
  });
});
