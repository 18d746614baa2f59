/**
 * Qwen Code's pitfalls (`holaryn check --agents qwen-code`), on real temporary trees through the
 * lint engine: a nested context file Qwen started in the root never reads, and a rule whose paths
 * match nothing (both behaviours seen in the oracle runs of 0.24.4).
 */
import { strict as assert } from 'node:assert';
import { Finding, lintWorkspace } from '../../../src/lint';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

describe('qwen-code pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function check(files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}): Finding[] {
    const root = temp.make('holaryn-qwen-');
    const homeDir = temp.make('holaryn-qwen-home-');
    writeTree(root, files);
    writeTree(homeDir, home);
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents: ['qwen-code'], env: { HOME: homeDir }, homedir: homeDir } });
    return result.findings.filter((f) => f.code.startsWith('agent-qwen-code-'));
  }

  it('a QWEN.md or AGENTS.md below the root: never sent by a session started in the root', () => {
    const findings = check({ '.git/HEAD': 'ref: x\n', 'QWEN.md': 'root\n', 'pkg/AGENTS.md': 'pkg\n', '.qwen/QWEN.local.md': 'local\n' });
    assert.deepEqual(
      findings.map((f) => [f.code, f.file, f.severity]),
      [['agent-qwen-code-nested-unread', 'pkg/AGENTS.md', 'warning']],
    );
    assert.match(findings[0].message, /only when Qwen is started in pkg or below/);
  });

  it('context.fileName decides which names count', () => {
    const findings = check(
      { '.git/HEAD': 'ref: x\n', 'sub/QWEN.md': 'not a name now\n', 'sub/CTX.md': 'a name\n' },
      { '.qwen/settings.json': JSON.stringify({ context: { fileName: 'CTX.md' } }) },
    );
    assert.deepEqual(
      findings.map((f) => f.file),
      ['sub/CTX.md'],
    );
  });

  it('a rule whose paths match no file never arrives; one that matches, or has no paths, is fine', () => {
    const findings = check({
      '.git/HEAD': 'ref: x\n',
      '.qwen/rules/py.md': '---\npaths: ["**/*.py"]\n---\nPython.\n',
      '.qwen/rules/ts.md': '---\npaths: ["src/**/*.ts"]\n---\nTS.\n',
      '.qwen/rules/always.md': 'Always.\n',
      'src/a.ts': '',
    });
    assert.deepEqual(
      findings.map((f) => [f.code, f.file]),
      [['agent-qwen-code-rule-unmatched', '.qwen/rules/py.md']],
    );
    assert.match(findings[0].message, /never reaches the model/);
  });

  it('a clean workspace has no finding', () => {
    assert.deepEqual(check({ '.git/HEAD': 'ref: x\n', 'QWEN.md': 'root\n', 'AGENTS.md': 'root\n' }), []);
  });
});
