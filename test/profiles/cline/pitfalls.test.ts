/** Cline's pitfalls (`holaryn check --agents cline`) on real temporary trees with a temporary home. */
import { strict as assert } from 'node:assert';
import { lintWorkspace } from '../../../src/lint';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

describe('cline pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function check(files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}) {
    const root = temp.make('holaryn-cline-pitfalls-');
    const homeDir = temp.make('holaryn-cline-pitfalls-home-');
    writeTree(root, { '.git': { dir: true }, ...files });
    writeTree(homeDir, home);
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents: ['cline'], env: { HOME: homeDir }, homedir: homeDir } });
    return result.findings.filter((f) => f.code.startsWith('agent-cline-'));
  }

  it("a workspace rule replaced by a global rule or a later folder's rule of the same name", () => {
    const findings = check(
      {
        '.clinerules/style.md': 'workspace style\n',
        '.clinerules/db.md': 'db\n',
        '.cline/rules/DB.txt': 'later db\n',
        '.clinerules/ok.md': 'ok\n',
      },
      { 'Documents/Cline/Rules/Style.md': 'global style\n' },
    );
    const replaced = findings.filter((f) => f.code === 'agent-cline-replaced');
    assert.deepEqual(replaced.map((f) => [f.file, f.line, f.severity]).sort(), [
      ['.clinerules/db.md', 1, 'warning'],
      ['.clinerules/style.md', 1, 'warning'],
    ]);
    assert.match(
      replaced.find((f) => f.file === '.clinerules/style.md')!.message,
      /Cline never sends \.clinerules\/style\.md: ~\/Documents\/Cline\/Rules\/Style\.md is a rule of the same name/,
    );
  });

  it("a rule with paths or globs, which Cline 3.0.65 sends in every session, on the key's line", () => {
    const findings = check({
      '.clinerules/ts.md': '---\nname: TypeScript\npaths:\n  - "src/**/*.ts"\n---\nUse strict mode.\n',
      '.clinerules/plain.md': 'plain\n',
      '.clinerules/off.md': '---\ndisabled: true\nglobs: "*.py"\n---\nnot sent, so no finding\n',
    });
    assert.deepEqual(
      findings.map((f) => [f.code, f.file, f.line, f.key]),
      [['agent-cline-paths-ignored', '.clinerules/ts.md', 3, 'paths']],
    );
  });

  it('finds nothing in a tree whose rules all reach the model', () => {
    assert.deepEqual(check({ 'AGENTS.md': 'a\n', '.clinerules': 'rules\n' }), []);
  });
});
