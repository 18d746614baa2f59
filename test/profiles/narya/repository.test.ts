/**
 * Narya's pure pieces (docs/profiles.md §4, §5): the instruction root, the discovered files, the
 * resource dirs, the project config and what it names, and the RepositoryTrust object, on
 * in-memory trees.
 */
import { strict as assert } from 'node:assert';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { locateConfigFiles, parseNaryaConfig } from '../../../src/resolver/profiles/narya/settings';
import {
  discoverInstructionFiles,
  findInstructionRoot,
  repositoryLayout,
  repositoryTrust,
} from '../../../src/resolver/profiles/narya/repository';

const GIT = { dir: true } as const;

describe('narya: repository layout (docs/profiles.md §4)', () => {
  describe('instructionRoot', () => {
    it('is the nearest directory at or above the repository holding a .git directory', () => {
      const fs = new MemoryFs({ '/m/.git': GIT, '/m/components/ledger': { dir: true } });
      assert.equal(findInstructionRoot(fs, '/m/components/ledger'), '/m');
      assert.equal(findInstructionRoot(fs, '/m'), '/m');
    });

    it('a .git FILE (worktree, submodule) marks it too, and the nearest one wins', () => {
      const fs = new MemoryFs({ '/m/.git': GIT, '/m/sub/.git': 'gitdir: ../.git/modules/sub\n', '/m/sub/x': { dir: true } });
      assert.equal(findInstructionRoot(fs, '/m/sub/x'), '/m/sub');
    });

    it('is the repository itself when no .git is above it', () => {
      const fs = new MemoryFs({ '/w/app': { dir: true } });
      assert.equal(findInstructionRoot(fs, '/w/app'), '/w/app');
    });

    it('a .git that is neither a directory nor a file is no marker', () => {
      const fs = new MemoryFs({ '/m/.git': { special: true }, '/m/app': { dir: true } });
      assert.equal(findInstructionRoot(fs, '/m/app'), '/m/app');
    });
  });

  describe('discovered instruction files', () => {
    it('AGENTS.md, then docs/PROJECT_RULES.md', () => {
      const fs = new MemoryFs({ '/r/AGENTS.md': 'a', '/r/docs/PROJECT_RULES.md': 'p' });
      assert.deepEqual(discoverInstructionFiles(fs, '/r'), { files: ['AGENTS.md', 'docs/PROJECT_RULES.md'], shadowed: null });
    });

    it('CLAUDE.md only when there is no AGENTS.md; with both, CLAUDE.md is shadowed', () => {
      assert.deepEqual(discoverInstructionFiles(new MemoryFs({ '/r/CLAUDE.md': 'c' }), '/r'), { files: ['CLAUDE.md'], shadowed: null });
      assert.deepEqual(discoverInstructionFiles(new MemoryFs({ '/r/CLAUDE.md': 'c', '/r/AGENTS.md': 'a' }), '/r'), {
        files: ['AGENTS.md'],
        shadowed: 'CLAUDE.md',
      });
    });

    it('a directory named AGENTS.md does not keep CLAUDE.md out', () => {
      const fs = new MemoryFs({ '/r/AGENTS.md': { dir: true }, '/r/CLAUDE.md': 'c' });
      assert.deepEqual(discoverInstructionFiles(fs, '/r'), { files: ['CLAUDE.md'], shadowed: null });
    });

    it('only files present now; nothing else', () => {
      const fs = new MemoryFs({ '/r/docs/other.md': 'x', '/r/.holaryn/instructions.md': 'h' });
      assert.deepEqual(discoverInstructionFiles(fs, '/r'), { files: [], shadowed: null });
    });
  });

  describe('projectConfig: instruction_files', () => {
    it('reads the top-level array of strings', () => {
      assert.deepEqual(parseNaryaConfig('instruction_files = ["a.md", "docs/b.md"]\n[other]\ninstruction_files = 3\n'), {
        entries: ['a.md', 'docs/b.md'],
        problems: [],
      });
    });

    it('no key names nothing, silently', () => {
      assert.deepEqual(parseNaryaConfig('[permissions]\nallow = ["git status"]\n'), { entries: [], problems: [] });
      assert.deepEqual(parseNaryaConfig(''), { entries: [], problems: [] });
    });

    it('a value that is not a list of strings is one invalid-value and names nothing', () => {
      for (const text of ['instruction_files = "a.md"', 'instruction_files = ["a.md", 1]', 'instruction_files = {a = 1}']) {
        const parsed = parseNaryaConfig(text);
        assert.deepEqual(parsed.entries, [], text);
        assert.deepEqual(
          parsed.problems.map((p) => p.code),
          ['invalid-value'],
          text,
        );
        assert.match(parsed.problems[0].message, /instruction_files must be a list of strings/);
      }
    });

    it('malformed TOML is malformed-config with its line, and names nothing', () => {
      const parsed = parseNaryaConfig('ok = 1\ninstruction_files = ["a.md"\n');
      assert.deepEqual(parsed.entries, []);
      assert.equal(parsed.problems.length, 1);
      assert.equal(parsed.problems[0].code, 'malformed-config');
      assert.equal(typeof parsed.problems[0].line, 'number');
      assert.ok(!parsed.problems[0].message.includes('\n'));
    });

    it('deeply nested arrays are malformed, not a stack overflow', () => {
      const parsed = parseNaryaConfig(`x = ${'['.repeat(10000)}${']'.repeat(10000)}\ninstruction_files = ["a.md"]`);
      assert.equal(parsed.problems[0]?.code, 'malformed-config');
    });

    it('each entry leaving the repository, missing, or not a regular file is invalid-value; repeats listed once', () => {
      const fs = new MemoryFs({
        '/r/ok.md': 'ok',
        '/r/docs/b.md': 'b',
        '/r/dir': { dir: true },
        '/r/out': { symlink: '../secret.md' },
        '/r/in': { symlink: 'docs/b.md' },
        '/secret.md': 's',
      });
      const { files, problems } = locateConfigFiles(fs, '/r', [
        'ok.md',
        '../secret.md',
        '/r/ok.md',
        'missing.md',
        'dir',
        'out',
        'in',
        './ok.md',
        'docs/b.md',
        '',
      ]);
      assert.deepEqual(
        files.map((f) => [f.rel, f.entry]),
        [
          ['ok.md', 'ok.md'],
          ['docs/b.md', 'in'],
        ],
      );
      assert.deepEqual(
        problems.map((p) => p.message.replace(/^instruction_files entry /, '')),
        [
          '"../secret.md" leaves the repository; ignored',
          '"/r/ok.md" is not relative to the repository; ignored',
          '"missing.md" does not exist; ignored',
          '"dir" is a directory, not a regular file; ignored',
          '"out" leaves the repository; ignored',
          '"" is not a path; ignored',
        ],
      );
      assert.ok(problems.every((p) => p.code === 'invalid-value'));
    });
  });

  describe('RepositoryTrust', () => {
    it("Narya's monorepo example: instruction root above, config of the component itself", () => {
      const fs = new MemoryFs({
        '/Users/dev/repos/midaz/.git': GIT,
        '/Users/dev/repos/midaz/AGENTS.md': 'a',
        '/Users/dev/repos/midaz/CLAUDE.md': 'c',
        '/Users/dev/repos/midaz/docs/PROJECT_RULES.md': 'p',
        '/Users/dev/repos/midaz/.claude/commands': { dir: true },
        '/Users/dev/repos/midaz/.claude/skills': { dir: true },
        '/Users/dev/repos/midaz/.claude/agents': { dir: true },
        '/Users/dev/repos/midaz/.claude/settings.json': '{}',
        '/Users/dev/repos/midaz/.narya/config.toml': 'not this one',
        '/Users/dev/repos/midaz/components/ledger/.narya/config.toml': '',
      });
      const layout = repositoryLayout(fs, '/Users/dev/repos/midaz/components/ledger');
      assert.deepEqual(repositoryTrust(layout, { decision: 'unknown' }), {
        repository: '/Users/dev/repos/midaz/components/ledger',
        instructionRoot: '/Users/dev/repos/midaz',
        decision: 'unknown',
        parent: '/Users/dev/repos/midaz/components',
        instructionFiles: ['AGENTS.md', 'docs/PROJECT_RULES.md'],
        resourceDirs: ['.claude/commands', '.claude/skills', '.claude/agents', '.claude/settings.json'],
        projectConfig: '.narya/config.toml',
      });
    });

    it('inheritedFrom when the decision came from an ancestor; no projectConfig when absent', () => {
      const fs = new MemoryFs({ '/w/r/.git': GIT, '/w/r/.claude/agents': { dir: true } });
      const t = repositoryTrust(repositoryLayout(fs, '/w/r'), { decision: 'trusted', inheritedFrom: '/w' });
      assert.deepEqual(t, {
        repository: '/w/r',
        instructionRoot: '/w/r',
        decision: 'trusted',
        inheritedFrom: '/w',
        parent: '/w',
        instructionFiles: [],
        resourceDirs: ['.claude/agents'],
      });
      assert.deepEqual(Object.keys(t), [
        'repository',
        'instructionRoot',
        'decision',
        'inheritedFrom',
        'parent',
        'instructionFiles',
        'resourceDirs',
      ]);
    });

    it('no parent for the filesystem root, nor when the parent is the filesystem root', () => {
      const fs = new MemoryFs({ '/workspace': { dir: true }, '/a/b': { dir: true } });
      assert.equal(repositoryLayout(fs, '/').parent, undefined);
      assert.equal(repositoryLayout(fs, '/workspace').parent, undefined);
      assert.equal(repositoryLayout(fs, '/a/b').parent, '/a');
    });
  });
});
