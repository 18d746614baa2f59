/**
 * The copilot-cli profile on real temporary trees: what `copilot instruction list` of 1.0.102
 * showed in the oracle's runs (test/oracle/cases/copilot-cli.ts), at the level of the profile's
 * evidence (statuses, order, the containment rule and bad input), without the binary.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions, type Evidence } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const GIT: Record<string, FileSpec> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.git/objects': { dir: true },
  '.git/refs/heads': { dir: true },
};

describe('copilot-cli profile', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, FileSpec>, opts: { cwd?: string; home?: Record<string, FileSpec>; env?: Record<string, string> } = {}) {
    const T = temp.make('holaryn-copilot-cli-');
    const home = temp.make('holaryn-copilot-cli-home-');
    writeTree(T, tree);
    writeTree(home, opts.home ?? {});
    const cwd = path.join(T, opts.cwd ?? '');
    fs.mkdirSync(cwd, { recursive: true });
    const ev = resolveInstructions(cwd, [], { profile: 'copilot-cli', env: opts.env ?? {}, homedir: home });
    return { ev, T, home, cwd };
  }
  const included = (ev: Evidence) => ev.sources.filter((s) => s.status === 'included').map((s) => s.path);
  const inText = (ev: Evidence) => ev.contextParts.flatMap((p) => p.sources);

  it('lists the user’s files, the repository’s, then its model files and rules, in the listing’s order', () => {
    const { ev } = run(
      {
        ...GIT,
        'GEMINI.md': 'g\n',
        'AGENTS.md': 'a\n',
        '.github/copilot-instructions.md': 'r\n',
        '.github/instructions/b.instructions.md': 'b\n',
        '.github/instructions/a/z.instructions.md': 'z\n',
        '.claude/rules/c.md': 'c\n',
      },
      { home: { '.copilot/copilot-instructions.md': 'me\n', '.copilot/instructions/p.instructions.md': 'p\n' } },
    );
    assert.deepEqual(inText(ev), [
      '~/.copilot/copilot-instructions.md',
      '~/.copilot/instructions/p.instructions.md',
      '.github/copilot-instructions.md',
      'AGENTS.md',
      'GEMINI.md',
      '.github/instructions/a/z.instructions.md',
      '.github/instructions/b.instructions.md',
      '.claude/rules/c.md',
    ]);
  });

  it('reads from the git root down: root files, the working directory’s, then the folders between deepest first', () => {
    const { ev } = run(
      { ...GIT, 'AGENTS.md': 'root\n', 'a/AGENTS.md': 'a\n', 'a/b/AGENTS.md': 'ab\n', 'a/b/c/CLAUDE.md': 'abc\n' },
      { cwd: 'a/b/c' },
    );
    assert.deepEqual(inText(ev), ['../../../AGENTS.md', 'CLAUDE.md', '../AGENTS.md', '../../AGENTS.md']);
  });

  it('without a repository reads the working directory only', () => {
    const { ev } = run({ 'AGENTS.md': 'above\n', 'sub/CLAUDE.md': 'here\n' }, { cwd: 'sub' });
    assert.deepEqual(inText(ev), ['CLAUDE.md']);
  });

  it('loads nothing below the working directory at start', () => {
    const { ev } = run({ ...GIT, 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'nested\n' });
    assert.deepEqual(inText(ev), ['AGENTS.md']);
  });

  it('matches the root names without regard to case', () => {
    const { ev } = run({ ...GIT, 'agents.md': 'lower\n' });
    assert.deepEqual(included(ev), ['agents.md']);
  });

  it('keeps an empty file (the listing names it)', () => {
    const { ev } = run({ ...GIT, 'AGENTS.md': '' });
    assert.deepEqual(inText(ev), ['AGENTS.md']);
  });

  it('takes only *.instructions.md from .github/instructions and only *.md from .claude/rules', () => {
    const { ev } = run({ ...GIT, '.github/instructions/notes.md': 'x\n', '.claude/rules/c.txt': 'y\n', '.claude/CLAUDE.md': 'z\n' });
    assert.deepEqual(inText(ev), []);
  });

  it('moves the user folder with COPILOT_HOME', () => {
    const { ev } = run(
      { ...GIT },
      {
        home: { '.copilot/copilot-instructions.md': 'default\n', 'alt/copilot-instructions.md': 'moved\n' },
        env: { COPILOT_HOME: '~/alt' },
      },
    );
    assert.deepEqual(inText(ev), ['$COPILOT_HOME/copilot-instructions.md']);
  });

  it('reads COPILOT_CUSTOM_INSTRUCTIONS_DIRS folders (comma-separated): their rules after the working directory’s, their AGENTS.md last', () => {
    const { T } = run(
      {
        ...GIT,
        '.claude/rules/mine.md': 'mine\n',
        'one/AGENTS.md': 'one\n',
        'one/CLAUDE.md': 'not read\n',
        'two/.github/instructions/t.instructions.md': 't\n',
      },
      {},
    );
    const again = resolveInstructions(T, [], {
      profile: 'copilot-cli',
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: `${T}/one, two` },
      homedir: temp.make('holaryn-copilot-cli-home-'),
    });
    assert.deepEqual(inText(again), ['.claude/rules/mine.md', 'two/.github/instructions/t.instructions.md', 'one/AGENTS.md']);
  });

  it('a link and its target are one source', () => {
    const { ev } = run({ ...GIT, 'AGENTS.md': 'a\n', 'CLAUDE.md': { symlink: 'AGENTS.md' } });
    assert.deepEqual(inText(ev), ['AGENTS.md']);
  });

  it('never prints a file a repository link leads to outside the workspace', () => {
    const outside = temp.make('holaryn-copilot-cli-secret-');
    fs.writeFileSync(path.join(outside, 'secret.md'), 'SECRET\n');
    const { ev } = run({ ...GIT, 'AGENTS.md': { symlink: path.join(outside, 'secret.md') } });
    assert.ok(!ev.context.includes('SECRET'), 'the secret was printed');
    assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-outside-root'));
  });

  it('frames the text as the release’s strings have it (from source, not a run)', () => {
    const { ev } = run({ ...GIT, 'AGENTS.md': 'a\n', 'CLAUDE.md': 'c\n' });
    assert.equal(ev.contextParts.length, 1);
    assert.equal(ev.contextParts[0].text, '<custom_instruction>\na\n\n\nc\n\n</custom_instruction>');
  });

  it('says what it does not verify', () => {
    const { ev } = run({ ...GIT });
    assert.ok(ev.fidelity?.some((f) => f.includes('text is not')));
  });

  it('rejects an unknown --set with a usage error, not a crash', () => {
    const T = temp.make('holaryn-copilot-cli-');
    assert.throws(
      () => resolveInstructions(T, [], { profile: 'copilot-cli', env: {}, homedir: T, settings: { nope: '1' } }),
      (e: Error) => /nope/.test(e.message),
    );
  });
});
