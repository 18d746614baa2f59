/** Auggie's pitfalls (`holaryn check --agents auggie`) on real temporary trees with a temporary home. */
import { strict as assert } from 'node:assert';
import { lintWorkspace } from '../../../src/lint';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

describe('auggie pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function check(files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}) {
    const root = temp.make('holaryn-auggie-pitfalls-');
    const homeDir = temp.make('holaryn-auggie-pitfalls-home-');
    writeTree(root, { '.git': { dir: true }, ...files });
    writeTree(homeDir, home);
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents: ['auggie'], env: { HOME: homeDir }, homedir: homeDir } });
    return result.findings.filter((f) => f.code.startsWith('agent-auggie-'));
  }

  it('a manual rule, from its header or from the rules settings, that Auggie never sends', () => {
    const findings = check({
      'AGENTS.md': 'agents\n',
      '.augment/rules/settings.json': JSON.stringify({ sharedRules: [{ path: 'AGENTS.md', type: 'manual' }] }),
      '.augment/rules/m.md': '---\ntype: manual\n---\nmanual\n',
      '.augment/rules/ok.md': 'always\n',
    });
    assert.deepEqual(findings.map((f) => [f.code, f.file, f.severity]).sort(), [
      ['agent-auggie-manual-rule', '.augment/rules/m.md', 'warning'],
      ['agent-auggie-manual-rule', 'AGENTS.md', 'warning'],
    ]);
    assert.match(findings.find((f) => f.file === 'AGENTS.md')!.message, /\.augment\/rules\/settings\.json/);
  });

  it('a linked AGENTS.md or rule that Auggie never reads', () => {
    const findings = check({
      'real.md': 'real\n',
      'AGENTS.md': { symlink: 'real.md' },
      '.augment/rules/l.md': { symlink: '../../real.md' },
    });
    assert.deepEqual(findings.map((f) => [f.code, f.file]).sort(), [
      ['agent-auggie-linked-rule', '.augment/rules/l.md'],
      ['agent-auggie-linked-rule', 'AGENTS.md'],
    ]);
  });

  it('a skill Auggie leaves out of its request, with why', () => {
    const findings = check({
      '.augment/skills/ok/SKILL.md': '---\nname: ok\ndescription: Fine.\n---\nBody.\n',
      '.augment/skills/bad/SKILL.md': '---\nname: Bad_Name\ndescription: Upper case.\n---\nBody.\n',
    });
    assert.deepEqual(
      findings.map((f) => [f.code, f.file]),
      [['agent-auggie-skill-dropped', '.augment/skills/bad/SKILL.md']],
    );
    assert.match(findings[0].message, /Auggie leaves out the skill Bad_Name/);
  });

  it('an AGENTS.md or CLAUDE.md below the git root, which Auggie never sends; one in a nested repository is its own root', () => {
    const findings = check({
      'AGENTS.md': 'root\n',
      'pkg/AGENTS.md': 'pkg\n',
      'pkg/deep/CLAUDE.md': 'deep\n',
      'sub-repo/.git': { dir: true },
      'sub-repo/AGENTS.md': 'its own root\n',
    });
    assert.deepEqual(findings.map((f) => [f.code, f.file]).sort(), [
      ['agent-auggie-nested-file', 'pkg/AGENTS.md'],
      ['agent-auggie-nested-file', 'pkg/deep/CLAUDE.md'],
    ]);
    assert.match(findings[0].message, /only at the git root/);
  });

  it('finds nothing in a tree whose files all reach the request', () => {
    assert.deepEqual(check({ 'AGENTS.md': 'a\n', 'CLAUDE.md': 'c\n', '.augment/rules/r.md': 'r\n' }), []);
  });
});
