/** opencode's pitfalls through `check --agents opencode` (src/lint), on a real temporary tree. */
import { strict as assert } from 'node:assert';
import { lintAgents } from '../../../src/lint';
import { TempDirs, writeTree } from '../../helpers/cli';

describe('opencode pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('an instructions glob that matches nothing is a warning on its line; a matching one, a URL or a home path is not', () => {
    const root = temp.make('holaryn-opencode-lint-');
    const home = temp.make('holaryn-opencode-lint-home-');
    // A git repository as opencode recognises one (HEAD, objects, refs): its worktree, where the
    // globs stop. Without one opencode globs every folder up to /, and so does its profile.
    const tree = {
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.git/objects': { dir: true as const },
      '.git/refs': { dir: true as const },
      'opencode.jsonc': [
        '{',
        '  // team rules',
        '  "instructions": [',
        '    "docs/*.md",',
        '    "rules/**/*.md",',
        '    "https://example.invalid/rules.md",',
        '    "~/my-rules.md",',
        '  ],',
        '}',
        '',
      ].join('\n'),
      'docs/style.md': 'Style.\n',
      'app/.opencode/opencode.json': JSON.stringify({ instructions: ['app-rules.md', 'docs/style.md'] }, null, 2),
      'app/app-rules.md': 'App rules.\n',
    };
    writeTree(root, tree);
    const findings = lintAgents(root, {
      agents: ['opencode'],
      files: Object.keys(tree).filter((f) => !f.startsWith('.git/')),
      env: { HOME: home },
      homedir: home,
    }).filter((f) => f.code === 'agent-opencode-instructions-unmatched');
    assert.deepEqual(
      findings.map((f) => [f.file, f.line, f.severity]),
      [['opencode.jsonc', 5, 'warning']],
      JSON.stringify(findings, null, 1),
    );
    assert.match(findings[0].message, /"rules\/\*\*\/\*\.md" matches no file/);
  });

  it('a malformed configuration gives no finding and no crash', () => {
    const root = temp.make('holaryn-opencode-lint-');
    writeTree(root, { 'opencode.json': '{ "instructions": [ "x.md", ' });
    const findings = lintAgents(root, {
      agents: ['opencode'],
      files: ['opencode.json'],
      env: {},
      homedir: temp.make('holaryn-opencode-lint-home-'),
    });
    assert.ok(Array.isArray(findings));
  });
});
