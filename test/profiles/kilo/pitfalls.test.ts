/** Kilo Code CLI's pitfalls through `check --agents kilo` (src/lint), on a real temporary tree. */
import { strict as assert } from 'node:assert';
import { lintAgents } from '../../../src/lint';
import { TempDirs, writeTree } from '../../helpers/cli';

describe('kilo pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('an {env:…} reference in a repository instruction file or legacy rule is a warning on its line; ${env:…} and a // line are not', () => {
    const root = temp.make('holaryn-kilo-lint-');
    const home = temp.make('holaryn-kilo-lint-home-');
    const tree = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      'AGENTS.md': 'Intro.\nHome is ${env:HOME}.\n// {env:HOME}\nUser is {env:USER}.\n',
      'sub/CLAUDE.md': 'Plain.\n',
      '.kilocode/rules/a.md': 'Token {env:TOKEN}\n',
    };
    writeTree(root, tree);
    const findings = lintAgents(root, { agents: ['kilo'], files: Object.keys(tree), env: { HOME: home }, homedir: home }).filter(
      (f) => f.code === 'agent-kilo-env-reference-drops-file',
    );
    assert.deepEqual(
      findings.map((f) => [f.file, f.line, f.severity]).sort(),
      [
        ['.kilocode/rules/a.md', 1, 'warning'],
        ['AGENTS.md', 4, 'warning'],
      ],
      JSON.stringify(findings, null, 1),
    );
    assert.match(findings[0].message, /drop the whole file/);
  });
});
