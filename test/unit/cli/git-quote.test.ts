/**
 * Git's C-quoted path lines (docs/contract.md §9): what `git ls-files` and `git diff --name-only`
 * print for unusual names is read back as the path git meant, checked against git itself.
 */
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitQuotedMessage, unquoteGitLines, unquoteGitPath } from '../../../src/cli/git-quote';

describe('git-quoted path lines', () => {
  it('undoes octal escapes into UTF-8 (the default core.quotePath form)', () => {
    assert.equal(unquoteGitPath('"docs/caf\\303\\251.md"'), 'docs/café.md');
    assert.equal(unquoteGitPath('"\\346\\227\\245\\346\\234\\254/a.ts"'), '日本/a.ts');
  });

  it("undoes git's single-letter escapes, and keeps raw non-ASCII text (core.quotePath=false)", () => {
    assert.equal(unquoteGitPath('"a\\tb\\nc\\"d\\\\e"'), 'a\tb\nc"d\\e');
    assert.equal(unquoteGitPath('"\\a\\b\\v\\f\\r"'), '\u0007\b\u000b\f\r');
    assert.equal(unquoteGitPath('"café \\"x\\".md"'), 'café "x".md');
  });

  it('is not a quoted line without both quotes, with a bare quote inside, an unknown escape, or bytes that are not UTF-8', () => {
    for (const line of ['docs/a.md', '"docs/a.md', 'docs/a.md"', '"', '"a"b"', '"a\\qb"', '"a\\', '"\\400"', '"\\30"', '"\\303"']) {
      assert.equal(unquoteGitPath(line), undefined, line);
    }
    assert.equal(unquoteGitPath('""'), '');
  });

  it('reads back exactly what git printed, for names git quotes (checked against git ls-files -z)', function () {
    this.timeout(20000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-gitquote-'));
    try {
      const names = [
        'caf\u00e9.md',
        '日本語/ファイル.ts',
        'tab\there.md',
        'quote"d.md',
        'back\\slash.md',
        'bell\u0007.md',
        'del\u007f.md',
        'plain.md',
      ];
      for (const name of names) {
        fs.mkdirSync(path.join(dir, path.dirname(name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), 'x');
      }
      const git = (...args: string[]) => execFileSync('git', ['-c', 'core.quotePath=true', ...args], { cwd: dir, encoding: 'utf8' });
      git('init', '-q');
      git('add', '-A');
      const quoted = git('ls-files').split('\n').filter(Boolean);
      const exact = git('ls-files', '-z').split('\0').filter(Boolean);
      assert.equal(quoted.length, names.length);
      assert.ok(quoted.filter((l) => l.startsWith('"')).length >= 6, `git quoted too little: ${quoted.join(' | ')}`);
      const read = quoted.map((l) => unquoteGitPath(l) ?? l);
      assert.deepEqual(read, exact);
      assert.deepEqual([...read].sort(), [...names].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('unquotes a line only when the literal path does not exist and the unquoted one does', () => {
    const existing = new Set(['docs/café.md', '"named with quotes".md', 'quoted.md', '"quoted.md"']);
    const { lines, unquoted } = unquoteGitLines(
      ['"docs/caf\\303\\251.md"', '"missing\\303\\251.md"', '"quoted.md"', 'plain.md', '"named with quotes".md'],
      (p) => existing.has(p),
    );
    assert.deepEqual(lines, ['docs/café.md', '"missing\\303\\251.md"', '"quoted.md"', 'plain.md', '"named with quotes".md']);
    assert.deepEqual(unquoted, [{ given: '"docs/caf\\303\\251.md"', path: 'docs/café.md' }]);
  });

  it("the diagnostic's message names the line and suggests git -z with --null", () => {
    const message = gitQuotedMessage([
      { given: '"a\\303\\251"', path: 'aé' },
      { given: '"b\\303\\251"', path: 'bé' },
    ]);
    assert.match(message, /^2 targets were in git's quoted form/);
    assert.ok(message.includes('"a\\303\\251" as "aé"'), message);
    assert.match(message, /-z/);
    assert.match(message, /--null/);
  });
});
