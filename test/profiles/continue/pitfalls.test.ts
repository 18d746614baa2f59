/** Continue CLI's pitfalls (`holaryn check --agents continue`) on real temporary trees with a temporary home. */
import { strict as assert } from 'node:assert';
import { lintWorkspace } from '../../../src/lint';
import { droppedFrom } from '../../../src/resolver/profiles/continue/pitfalls';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

describe('continue pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function check(files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}) {
    const root = temp.make('holaryn-continue-pitfalls-');
    const homeDir = temp.make('holaryn-continue-pitfalls-home-');
    writeTree(root, files);
    writeTree(homeDir, home);
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents: ['continue'], env: { HOME: homeDir }, homedir: homeDir } });
    return result.findings.filter((f) => f.code.startsWith('agent-continue-'));
  }

  it('a rule with globs, regex or alwaysApply false, which the CLI never sends', () => {
    const findings = check({
      '.continue/rules/ts.md': '---\nglobs: "**/*.ts"\n---\nStrict mode.\n',
      '.continue/rules/re.md': '---\nregex: TODO\n---\nNo TODOs.\n',
      '.continue/rules/off.md': '---\nalwaysApply: false\ndescription: on request\n---\nOnly when asked.\n',
      '.continue/rules/on.md': '---\nalwaysApply: true\nglobs: "*.py"\n---\nSent.\n',
      '.continue/rules/prompt.md': '---\ninvokable: true\n---\nA prompt, no finding.\n',
    });
    assert.deepEqual(findings.map((f) => [f.code, f.file, f.line, f.severity]).sort(), [
      ['agent-continue-rule-never-sent', '.continue/rules/off.md', 1, 'warning'],
      ['agent-continue-rule-never-sent', '.continue/rules/re.md', 1, 'warning'],
      ['agent-continue-rule-never-sent', '.continue/rules/ts.md', 1, 'warning'],
    ]);
    assert.match(
      findings.find((f) => f.file === '.continue/rules/ts.md')!.message,
      /never sends \.continue\/rules\/ts\.md: not always applied \(its globs\)/,
    );
  });

  it('a rule whose horizontal rules make a frontmatter, on the first "---" line', () => {
    const findings = check({
      '.continue/rules/style.md': '# Style\n\nIntro.\n\n---\n\nMiddle.\n\n---\n\nEnd.\n',
      '.continue/rules/top.md': '---\nname: top\n---\nA real frontmatter.\n\n---\n\nMore.\n',
      '.continue/rules/one.md': 'Text.\n\n---\n\nOne rule line only.\n',
    });
    assert.deepEqual(
      findings.map((f) => [f.code, f.file, f.line]),
      [['agent-continue-text-dropped', '.continue/rules/style.md', 5]],
    );
  });

  it('an empty AGENTS.md that keeps CLAUDE.md from being read', () => {
    const findings = check({ 'AGENTS.md': '', 'CLAUDE.md': 'Claude.\n' });
    assert.deepEqual(
      findings.map((f) => [f.code, f.file, f.line]),
      [['agent-continue-agent-file-blocks', 'AGENTS.md', 1]],
    );
    assert.match(findings[0].message, /CLAUDE\.md is never read/);
    assert.deepEqual(check({ 'AGENTS.md': '', '.continue/rules/a.md': 'a\n' }), [], 'nothing after it: no finding');
  });

  it('finds nothing in a tree whose files all reach the model', () => {
    assert.deepEqual(check({ 'AGENTS.md': 'a\n', 'CLAUDE.md': 'shadowed as Continue means it\n', '.continue/rules/a.md': 'a\n' }), []);
  });

  it('droppedFrom: the line of the first "---" when text comes before it and the YAML parses', () => {
    assert.equal(droppedFrom('a\n---\nb\n---\nc\n'), 2);
    assert.equal(droppedFrom('---\nb: 1\n---\nc\n'), undefined);
    assert.equal(droppedFrom('a\n---\nkey: [x\n---\nc\n'), undefined, 'YAML that does not parse keeps the whole text');
    assert.equal(droppedFrom('a\r\n\r\n---\r\nb\r\n---\r\nc\r\n'), 3);
  });
});
