// lintWorkspace on real trees: the walk (skips, symlinks, loops), loading as the resolver loads,
// duplicates, the shared listing, and the same findings through an injected file list.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAX_CONTENT_BYTES, ResolveError } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { Finding, lintWorkspace } from '../../../src/lint';

function tree(files: Record<string, string | { symlink: string } | { dir: true }>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-lint-'));
  for (const [rel, entry] of Object.entries(files)) {
    const abs = path.join(root, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof entry === 'string') fs.writeFileSync(abs, entry);
    else if ('symlink' in entry) fs.symlinkSync(entry.symlink, abs);
    else fs.mkdirSync(abs, { recursive: true });
  }
  return root;
}

const summary = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.code}`);

describe('lintWorkspace', () => {
  const roots: string[] = [];
  const make = (files: Parameters<typeof tree>[0]) => {
    const root = tree(files);
    roots.push(root);
    return root;
  };
  after(() => {
    for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
  });

  it('lints every candidate name at every depth, skipping .git and node_modules', () => {
    const root = make({
      'AGENTS.md': '---\npriority: 1\n---\n',
      'CLAUDE.md': 'plain\n',
      '.holaryn/instructions.md': '---\nprioity: 1\n---\n',
      'src/AGENTS.md': '---\napplies_to: "src/**"\n---\n',
      'src/lib/deep/CLAUDE.md': '---\napplies_to: "**/*.rs"\n---\n',
      'src/lib/deep/x.ts': '',
      'src/README.md': '---\nbad: [\n---\n',
      '.git/AGENTS.md': '---\nbroken: [\n---\n',
      'node_modules/pkg/AGENTS.md': '---\nbroken: [\n---\n',
      'packages/a/node_modules/pkg/CLAUDE.md': '---\nbroken: [\n---\n',
    });
    const result = lintWorkspace(root);
    assert.equal(result.root, fs.realpathSync(root));
    assert.deepEqual(result.files, ['.holaryn/instructions.md', 'AGENTS.md', 'CLAUDE.md', 'src/AGENTS.md', 'src/lib/deep/CLAUDE.md']);
    assert.deepEqual(summary(result.findings), [
      '.holaryn/instructions.md:2:1 warning near-miss-key',
      '.holaryn/instructions.md:2:1 warning unknown-key',
      'src/AGENTS.md:2:13 warning glob-workspace-relative',
      'src/lib/deep/CLAUDE.md:2:13 warning glob-matches-nothing',
    ]);
    assert.equal(result.errors, 0);
    assert.equal(result.warnings, 4);
    assert.ok(result.listing.complete);
  });

  it('globs match files and directories of the whole tree, node_modules itself included', () => {
    const root = make({
      'AGENTS.md': '---\napplies_to: ["node_modules", "src/app", "**/*.ts", "**/.env"]\nexcludes: "node_modules/pkg/**"\n---\n',
      'src/app/.env': '',
      'src/app/main.ts': '',
      'node_modules/pkg/index.js': '',
    });
    assert.deepEqual(lintWorkspace(root).findings, []);
  });

  it('a symlinked instruction file is followed inside the root and refused outside it', () => {
    const outside = make({ 'AGENTS.md': 'outside\n', 'dir/.holaryn/instructions.md': 'outside\n' });
    const root = make({
      'AGENTS.md': '---\nowner: x\n---\n',
      'CLAUDE.md': { symlink: 'AGENTS.md' },
      'a/AGENTS.md': { symlink: path.join(outside, 'AGENTS.md') },
      'b/.holaryn': { symlink: path.join(outside, 'dir/.holaryn') },
      'c/CLAUDE.md': { symlink: 'missing.md' },
      'd/AGENTS.md': { symlink: '../AGENTS.md' },
    });
    const result = lintWorkspace(root);
    assert.deepEqual(summary(result.findings), [
      'AGENTS.md:2:1 warning unknown-key',
      'a/AGENTS.md:1:1 error symlink-outside-root',
      'b/.holaryn/instructions.md:1:1 error symlink-outside-root',
      'c/CLAUDE.md:1:1 error unreadable',
    ]);
    // Same file in the same or a parent directory: reported once, under its first path.
    assert.deepEqual(result.duplicates, [
      { path: 'CLAUDE.md', duplicateOf: 'AGENTS.md' },
      { path: 'd/AGENTS.md', duplicateOf: 'AGENTS.md' },
    ]);
    assert.deepEqual(result.files, ['AGENTS.md', 'a/AGENTS.md', 'b/.holaryn/instructions.md', 'c/CLAUDE.md']);
  });

  it('directory symlinks are never followed, so loops and links out of the root end the walk', () => {
    const outside = make({ 'AGENTS.md': '---\nbroken: [\n---\n', 'x.py': '' });
    const root = make({
      'AGENTS.md': '---\napplies_to: "**/*.py"\n---\n',
      'a/loop': { symlink: '..' },
      'a/self': { symlink: '.' },
      ext: { symlink: outside },
    });
    const result = lintWorkspace(root);
    assert.deepEqual(result.files, ['AGENTS.md']);
    // The only .py file is behind a link out of the root: no target can ever match it.
    assert.deepEqual(summary(result.findings), ['AGENTS.md:2:13 warning glob-matches-nothing']);
  });

  it('a directory or a FIFO named like a candidate is unreadable; so is invalid UTF-8', function () {
    if (process.platform === 'win32') this.skip();
    const root = make({ 'AGENTS.md': { dir: true }, 'b/AGENTS.md': 'ok\n' });
    execFileSync('mkfifo', [path.join(root, 'CLAUDE.md')]);
    fs.writeFileSync(path.join(root, 'b/CLAUDE.md'), Buffer.from([0x2d, 0xff, 0xfe, 0x0a]));
    const result = lintWorkspace(root);
    assert.deepEqual(summary(result.findings), [
      'AGENTS.md:1:1 error unreadable',
      'CLAUDE.md:1:1 error unreadable',
      'b/CLAUDE.md:1:1 error unreadable',
    ]);
    assert.match(result.findings[1].message, /FIFO/);
    assert.equal(result.errors, 3);
  });

  it('a file over 1 MiB gets too-large and is linted on its first part', () => {
    const big = '---\nprioity: 1\n---\n' + 'x'.repeat(MAX_CONTENT_BYTES + 10);
    const root = make({ 'AGENTS.md': big });
    const result = lintWorkspace(root);
    // Contract v1.1 (section 11): the budget cuts a file this large for every file, itself included.
    assert.deepEqual(summary(result.findings), [
      'AGENTS.md:1:1 warning budget-exceeded',
      'AGENTS.md:1:1 warning too-large',
      'AGENTS.md:2:1 warning near-miss-key',
      'AGENTS.md:2:1 warning unknown-key',
    ]);
  });

  it('the root must exist and be a directory', () => {
    const root = make({ 'f.txt': '' });
    assert.throws(
      () => lintWorkspace(path.join(root, 'missing')),
      (e: unknown) => e instanceof ResolveError && e.code === 'root-not-found',
    );
    assert.throws(
      () => lintWorkspace(path.join(root, 'f.txt')),
      (e: unknown) => e instanceof ResolveError && e.code === 'root-not-found',
    );
  });

  it('an injected file list replaces the walk (any ResolverFs, e.g. an in-memory tree)', () => {
    const memory = new MemoryFs({
      '/w/AGENTS.md': '---\napplies_to: ["**/*.ts", "**/*.go"]\n---\n',
      '/w/src/CLAUDE.md': '---\napplies-to: "*.ts"\n---\n',
      '/w/src/a.ts': '',
      '/w/node_modules/x/AGENTS.md': '---\nbroken: [\n---\n',
    });
    const listed: string[] = [];
    const result = lintWorkspace('/w', {
      fs: memory,
      listFiles: (root) => {
        listed.push(root);
        return ['AGENTS.md', 'src/CLAUDE.md', 'src/a.ts', 'node_modules/x/AGENTS.md'];
      },
    });
    assert.deepEqual(listed, ['/w']);
    assert.deepEqual(result.files, ['AGENTS.md', 'src/CLAUDE.md']);
    assert.deepEqual(summary(result.findings), [
      'AGENTS.md:2:25 warning glob-matches-nothing',
      'src/CLAUDE.md:2:1 warning near-miss-key',
      'src/CLAUDE.md:2:1 warning unknown-key',
    ]);
  });

  it('without readdir and without a file list it says what it needs', () => {
    assert.throws(() => lintWorkspace('/w', { fs: new MemoryFs({ '/w/AGENTS.md': 'x' }) }), /readdir or options.listFiles/);
  });

  it('the demo workspace reports exactly its planted mistakes', () => {
    const demo = path.resolve(__dirname, '../../../examples/demo-workspace');
    const result = lintWorkspace(demo);
    assert.deepEqual(summary(result.findings), [
      'docs/AGENTS.md:2:13 error malformed-frontmatter',
      'docs/AGENTS.md:2:13 warning unquoted-star-glob',
      'services/billing/app/api/CLAUDE.md:2:11 error invalid-value',
      'src/AGENTS.md:5:1 warning unknown-key',
    ]);
    assert.deepEqual(result.duplicates, [{ path: 'src/CLAUDE.md', duplicateOf: 'src/AGENTS.md' }]);
    assert.equal(result.files.length, 11);
  });
});
