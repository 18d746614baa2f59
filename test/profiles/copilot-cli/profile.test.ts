/**
 * The copilot-cli profile on real temporary trees: what 1.0.102 sent the model in the oracle's
 * runs (test/oracle/cases/copilot-cli.ts), at the level of the profile's evidence (statuses,
 * order, the text byte for byte, the containment rule and bad input), without the binary.
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

  it('finds the user’s files, the repository’s, then its model files and rules, in the listing’s order; the text has the blocks first, then the rules', () => {
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
    assert.deepEqual(included(ev), [
      '~/.copilot/copilot-instructions.md',
      '~/.copilot/instructions/p.instructions.md',
      '.github/copilot-instructions.md',
      'AGENTS.md',
      'GEMINI.md',
      '.github/instructions/a/z.instructions.md',
      '.github/instructions/b.instructions.md',
      '.claude/rules/c.md',
    ]);
    assert.deepEqual(inText(ev), [
      '~/.copilot/copilot-instructions.md',
      '.github/copilot-instructions.md',
      'AGENTS.md',
      'GEMINI.md',
      '~/.copilot/instructions/p.instructions.md',
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

  const TABLE =
    'Here is a list of instruction files that contain rules for modifying or creating new code.\n' +
    'These files are important for ensuring that the code is modified or created correctly.\n' +
    'Please make sure to follow the rules specified in these files when working with the codebase.\n' +
    'If you have not already read the file, use the `view` tool to acquire it.\n' +
    'Make sure to acquire the instructions before making any changes to the code.\n' +
    '| Pattern | File Path | Description |\n' +
    '| ------- | --------- | ----------- |\n';

  it('writes the text 1.0.102 sent: a block per file, whole rules, the applyTo table, one more newline (case text-blank-rules)', () => {
    const { ev } = run({
      ...GIT,
      'AGENTS.md': 'a\n',
      '.github/instructions/blank.instructions.md': '  \n',
      '.github/instructions/fm.instructions.md': '---\napplyTo: "**"\n---\n',
      '.github/instructions/scoped.instructions.md': '---\napplyTo: "x/**"\n---\n',
    });
    assert.equal(ev.contextParts.length, 1);
    assert.equal(
      ev.contextParts[0].text,
      '<custom_instruction>\na\n\n</custom_instruction>\n\n  \n\n\n---\napplyTo: "**"\n---\n\n\n' +
        TABLE +
        "| x/** | '.github/instructions/scoped.instructions.md' |  |\n",
    );
  });

  it('sends one block for files of equal text, an empty block for an empty file, nothing for an empty rule (cases text-near-identical, text-empty-file)', () => {
    const same = run({
      ...GIT,
      '.github/copilot-instructions.md': 'same\n',
      'AGENTS.md': 'same\n',
      'CLAUDE.md': 'same\n\n',
      'GEMINI.md': 'same',
    }).ev;
    assert.equal(
      same.contextParts[0].text,
      '<custom_instruction>\nsame\n\n</custom_instruction>\n\n<custom_instruction>\nsame\n\n\n</custom_instruction>\n\n<custom_instruction>\nsame\n</custom_instruction>',
    );
    assert.deepEqual(inText(same), ['.github/copilot-instructions.md', 'CLAUDE.md', 'GEMINI.md']);
    const empty = run({
      ...GIT,
      'AGENTS.md': '',
      '.github/copilot-instructions.md': 'x\n',
      '.github/instructions/e.instructions.md': '',
    }).ev;
    assert.equal(
      empty.contextParts[0].text,
      '<custom_instruction>\nx\n\n</custom_instruction>\n\n<custom_instruction>\n\n</custom_instruction>',
    );
    assert.deepEqual(inText(empty), ['.github/copilot-instructions.md', 'AGENTS.md']);
  });

  it('names scoped rules by applyTo or paths: the root’s from the root, the working directory’s from it, an extra folder’s absolutely (case text-subfolder-scoped-rules)', () => {
    const { T } = run({
      ...GIT,
      '.github/instructions/r.instructions.md': '---\napplyTo: "lib/**"\n---\nroot scoped\n',
      '.github/instructions/p.instructions.md': '---\npaths:\n  - "a/**"\n---\npaths in instructions\n',
      '.claude/rules/q.md': '---\npaths: "b/**"\n---\npaths string\n',
      'pkg/.github/instructions/s.instructions.md': '---\napplyTo: "src/**"\n---\npkg scoped\n',
      'extra/.github/instructions/x.instructions.md': '---\napplyTo: "**/*.x"\n---\nextra scoped\n',
    });
    const ev = resolveInstructions(path.join(T, 'pkg'), [], {
      profile: 'copilot-cli',
      env: { COPILOT_CUSTOM_INSTRUCTIONS_DIRS: `${T}/extra` },
      homedir: temp.make('holaryn-copilot-cli-home-'),
    });
    assert.equal(
      ev.contextParts[0].text,
      TABLE +
        "| a/** | '.github/instructions/p.instructions.md' |  |\n" +
        "| lib/** | '.github/instructions/r.instructions.md' |  |\n" +
        "| b/** | '.claude/rules/q.md' |  |\n" +
        "| src/** | '.github/instructions/s.instructions.md' |  |\n" +
        `| **/*.x | '${T}/extra/.github/instructions/x.instructions.md' |  |`,
    );
  });

  it('says what it verified and what it does not model', () => {
    const { ev } = run({ ...GIT });
    assert.ok(ev.fidelity?.some((f) => f.includes('files and text')));
    assert.ok(ev.fidelity?.some((f) => f.includes('not modelled')));
  });

  it('rejects an unknown --set with a usage error, not a crash', () => {
    const T = temp.make('holaryn-copilot-cli-');
    assert.throws(
      () => resolveInstructions(T, [], { profile: 'copilot-cli', env: {}, homedir: T, settings: { nope: '1' } }),
      (e: Error) => /nope/.test(e.message),
    );
  });
});
