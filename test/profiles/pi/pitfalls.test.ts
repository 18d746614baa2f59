/** pi's pitfalls (`holaryn check --agents pi`) on real temporary trees with a temporary home. */
import { strict as assert } from 'node:assert';
import { lintWorkspace } from '../../../src/lint';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

describe('pi pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function check(files: Record<string, FileSpec>) {
    const root = temp.make('holaryn-pi-pitfalls-');
    const homeDir = temp.make('holaryn-pi-pitfalls-home-');
    writeTree(root, { '.git': { dir: true }, ...files });
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents: ['pi'], env: { HOME: homeDir }, homedir: homeDir } });
    return result.findings.filter((f) => f.code.startsWith('agent-pi-'));
  }

  it('a CLAUDE.md beside an AGENTS.md, in the root or a deeper folder, which pi never sends', () => {
    const findings = check({
      'AGENTS.md': 'agents\n',
      'CLAUDE.md': 'claude\n',
      'pkg/AGENTS.MD': 'upper\n',
      'pkg/CLAUDE.md': 'pkg claude\n',
      'only/CLAUDE.md': 'alone: sent\n',
    });
    assert.deepEqual(findings.map((f) => [f.code, f.file, f.severity]).sort(), [
      ['agent-pi-file-passed-over', 'CLAUDE.md', 'warning'],
      ['agent-pi-file-passed-over', 'pkg/CLAUDE.md', 'warning'],
    ]);
    assert.match(
      findings.find((f) => f.file === 'pkg/CLAUDE.md')!.message,
      /takes AGENTS\.MD here: pkg\/CLAUDE\.md never reaches the model/,
    );
  });

  it('a skill pi finds but never lists: no description, a header that is not YAML, a name taken before', () => {
    const findings = check({
      '.agents/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\n',
      '.agents/skills/broken/SKILL.md': '---\nname: broken\ndescription: [x\n---\n',
      '.pi/skills/a/SKILL.md': '---\nname: same\ndescription: First.\n---\n',
      '.agents/skills/b/SKILL.md': '---\nname: same\ndescription: Second.\n---\n',
      '.agents/skills/manual/SKILL.md': '---\nname: manual\ndescription: By command.\ndisable-model-invocation: true\n---\n',
      '.agents/skills/fine/SKILL.md': '---\nname: fine\ndescription: Listed.\n---\n',
    });
    assert.deepEqual(findings.map((f) => [f.code, f.file]).sort(), [
      ['agent-pi-skill-unlisted', '.agents/skills/b/SKILL.md'],
      ['agent-pi-skill-unlisted', '.agents/skills/broken/SKILL.md'],
      ['agent-pi-skill-unlisted', '.agents/skills/nodesc/SKILL.md'],
    ]);
    assert.match(
      findings.find((f) => f.file === '.agents/skills/b/SKILL.md')!.message,
      /keeps the first skill named same: \.pi\/skills\/a\/SKILL\.md/,
    );
  });
});
