/** Factory Droid's pitfalls (`holaryn check --agents droid`) on real temporary trees with a temporary home. */
import { strict as assert } from 'node:assert';
import { lintWorkspace } from '../../../src/lint';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

describe('droid pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function check(files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}) {
    const root = temp.make('holaryn-droid-pitfalls-');
    const homeDir = temp.make('holaryn-droid-pitfalls-home-');
    writeTree(root, { '.git': { dir: true }, ...files });
    writeTree(homeDir, home);
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents: ['droid'], env: { HOME: homeDir }, homedir: homeDir } });
    return result.findings.filter((f) => f.code.startsWith('agent-droid-'));
  }

  it('a case twin Droid does not read at the start of a session', () => {
    const findings = check({ 'CLAUDE.md': 'upper\n', 'Claude.md': 'mixed\n', 'agents.md': 'lower\n', 'AGENTS.md': 'upper\n' });
    assert.deepEqual(findings.map((f) => [f.code, f.file, f.line, f.severity]).sort(), [
      ['agent-droid-case-twin', 'Claude.md', 1, 'warning'],
      ['agent-droid-case-twin', 'agents.md', 1, 'warning'],
    ]);
    assert.match(findings.find((f) => f.file === 'Claude.md')!.message, /CLAUDE\.md is in the same folder/);
  });

  it('a skill Droid leaves out of its list, with why', () => {
    const findings = check({
      '.factory/skills/ok/SKILL.md': '---\nname: ok\ndescription: Fine.\n---\nBody.\n',
      '.factory/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\nBody.\n',
    });
    assert.deepEqual(
      findings.map((f) => [f.code, f.file]),
      [['agent-droid-skill-dropped', '.factory/skills/nodesc/SKILL.md']],
    );
    assert.match(findings[0].message, /no description/);
  });

  it('finds nothing in a tree whose files all reach the model', () => {
    assert.deepEqual(check({ 'AGENTS.md': 'a\n', 'CLAUDE.md': 'c\n' }), []);
  });
});
