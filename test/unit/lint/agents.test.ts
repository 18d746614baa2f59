// Agent pitfalls (`holaryn check --agents`): each finding comes from the agent's profile evidence on
// a real temporary tree, with a temporary home so no configuration of this machine leaks in.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { AgentName, Finding, agentNames, applyEdits, lintAgents, lintWorkspace, parseAgentList } from '../../../src/lint';
import { agentHeader } from '../../../src/resolver/profiles/agent/frontmatter';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';
import { REPO_DIR } from '../../helpers/tree';

describe('lint: agent pitfalls', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  /** A repository (a `.git` directory at its top) and an empty home; returns the findings of `agents`. */
  function check(agents: AgentName[], files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}) {
    const root = temp.make('holaryn-agents-');
    const homeDir = temp.make('holaryn-agents-home-');
    writeTree(root, { '.git': { dir: true }, ...files });
    writeTree(homeDir, home);
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents, env: { HOME: homeDir }, homedir: homeDir } });
    const findings = result.findings.filter((f) => f.code.startsWith('agent-'));
    return { root, home: homeDir, findings, result };
  }

  const only = (findings: Finding[], code: string) => findings.filter((f) => f.code === code);

  it('--agents: a list, or all; an unknown name lists the known ones', () => {
    assert.deepEqual(parseAgentList('kimi,codex'), ['codex', 'kimi']);
    assert.deepEqual(parseAgentList('all'), agentNames());
    assert.throws(() => parseAgentList('codex,nosuchagent'), /unknown agent "nosuchagent".*codex, copilot, claude-code, gemini, kimi/);
  });

  it('the editor setting holaryn.lint.agents offers exactly these agents, none by default', () => {
    const pkg = JSON.parse(readFileSync(`${REPO_DIR}/package.json`, 'utf8'));
    const setting = pkg.contributes.configuration.properties['holaryn.lint.agents'];
    assert.deepEqual(setting.items.enum, agentNames());
    assert.deepEqual(setting.default, []);
  });

  it('codex: a file cut by project_doc_max_bytes names the bytes that never arrive, on the first line that does not arrive', () => {
    const { findings } = check(
      ['codex'],
      { 'AGENTS.md': 'line one\nline two\nline three\n', 'sub/AGENTS.md': '\nalpha\nbravo\ncharlie\n' },
      { '.codex/config.toml': 'project_doc_max_bytes = 42\n' },
    );
    const cuts = only(findings, 'agent-codex-cut');
    assert.equal(cuts.length, 1, JSON.stringify(findings));
    const [f] = cuts;
    assert.equal(f.file, 'sub/AGENTS.md');
    // Codex keeps the leading blank line: "\nalpha\nbravo\n" arrives, "charlie" on line 4 does not.
    assert.equal(f.line, 4);
    assert.equal(f.column, 1);
    assert.equal(f.severity, 'warning');
    assert.match(
      f.message,
      /When Codex runs in sub, only the first 13 of 21 bytes of sub\/AGENTS\.md reach the model: bytes 14–21 \(from line 4, column 1\)/,
    );
    assert.match(f.message, /project_doc_max_bytes \(42 bytes/);
  });

  it('codex: a file the budget leaves out entirely is reported on line 1', () => {
    const { findings } = check(
      ['codex'],
      { 'AGENTS.md': 'x'.repeat(50) + '\n', 'a/b/AGENTS.md': 'deep rule\n' },
      { '.codex/config.toml': 'project_doc_max_bytes = 30\n' },
    );
    const cuts = only(findings, 'agent-codex-cut');
    const root = cuts.find((f) => f.file === 'AGENTS.md');
    assert.ok(root, JSON.stringify(cuts));
    assert.equal(root.line, 1);
    assert.equal(root.column, 31);
    const deep = cuts.find((f) => f.file === 'a/b/AGENTS.md');
    assert.ok(deep, JSON.stringify(cuts));
    assert.equal(deep.line, 1);
    assert.match(deep.message, /When Codex runs in a\/b, none of the 10 bytes of a\/b\/AGENTS\.md reach the model/);
  });

  it('codex: an AGENTS.override.md hides the AGENTS.md beside it; an empty one hides it and gives nothing', () => {
    const { findings } = check(['codex'], {
      'svc/AGENTS.md': 'use make\n',
      'svc/AGENTS.override.md': 'use bazel\n',
      'ops/AGENTS.md': 'deploy on fridays\n',
      'ops/AGENTS.override.md': '  \n',
      'lib/AGENTS.md': 'alone\n',
    });
    const hidden = only(findings, 'agent-codex-override');
    assert.deepEqual(
      hidden.map((f) => [f.file, f.line]),
      [
        ['ops/AGENTS.md', 1],
        ['svc/AGENTS.md', 1],
      ],
    );
    assert.match(
      hidden[0].message,
      /Codex never reads ops\/AGENTS\.md: ops\/AGENTS\.override\.md .* is empty, so Codex takes nothing from this directory/,
    );
    assert.match(
      hidden[1].message,
      /Codex never reads svc\/AGENTS\.md: svc\/AGENTS\.override\.md in the same directory comes first and replaces it/,
    );
  });

  it('copilot: an applyTo written as a YAML list never applies; the fix makes it one comma-separated string', () => {
    const text = '---\ndescription: Python\napplyTo:\n  - "**/*.py"\n  - scripts/**\n---\nUse ruff.\n';
    const { findings } = check(['copilot'], { '.github/instructions/python.instructions.md': text, 'app/main.py': '' });
    const [f] = only(findings, 'agent-copilot-applyto-list');
    assert.ok(f, JSON.stringify(findings));
    assert.equal(f.file, '.github/instructions/python.instructions.md');
    assert.equal(f.line, 3);
    assert.match(f.message, /Copilot never attaches .* it reads applyTo only as a string and ignores a YAML list/);
    const fixed = applyEdits(text, f.fixes![0].edits);
    assert.equal(fixed, '---\ndescription: Python\napplyTo: "**/*.py, scripts/**"\n---\nUse ruff.\n');
    assert.equal(agentHeader(fixed).attributes?.applyTo, '**/*.py, scripts/**');
  });

  it('copilot: an unanchored glob matches outside its folder; the finding names those paths', () => {
    const { findings, root, home } = check(['copilot'], {
      '.github/instructions/ts.instructions.md': '---\napplyTo: "src/**/*.ts, **/*.test.js"\n---\nStrict TS.\n',
      'src/a.ts': '',
      'app/src/x.ts': '',
      'app/src/y.test.js': '',
      'lib/z.ts': '',
      'app/src/outside.ts': { symlink: '/etc/passwd' },
    });
    // An editor's file list may name a link out of the root, which the resolver refuses as a target: it is dropped, the rest still checked.
    const listed = [
      '.github/instructions/ts.instructions.md',
      'src/a.ts',
      'app/src/x.ts',
      'app/src/y.test.js',
      'lib/z.ts',
      'app/src/outside.ts',
    ];
    const fromList = lintAgents(root, { agents: ['copilot'], files: listed, env: { HOME: home }, homedir: home });
    assert.deepEqual(
      fromList.map((f) => f.message),
      only(findings, 'agent-copilot-unanchored-glob').map((f) => f.message),
    );
    const [f] = only(findings, 'agent-copilot-unanchored-glob');
    assert.ok(f, JSON.stringify(findings));
    assert.equal(f.file, '.github/instructions/ts.instructions.md');
    assert.equal(f.line, 2);
    assert.match(f.message, /Copilot puts \*\*\/ in front of "src\/\*\*\/\*\.ts"/);
    assert.match(f.message, /also applies to 1 file outside that folder: app\/src\/x\.ts\./);
    // An anchored match (src/a.ts) and a deliberate **/ pattern (app/src/y.test.js) are not named.
    assert.doesNotMatch(f.message, /: src\/a\.ts|y\.test\.js|lib\/z\.ts/);
  });

  it('claude-code: an AGENTS.md a CLAUDE file keeps out (2.1.328 reads AGENTS.md only where none loads); the fix imports it from the CLAUDE.md beside it', () => {
    const { findings } = check(['claude-code'], {
      'AGENTS.md': 'root rules: loaded, no CLAUDE file from the root up\n',
      'pkg/AGENTS.md': 'pkg rules\n',
      'pkg/CLAUDE.md': 'Claude only',
      'ok/AGENTS.md': 'fine\n',
      'ok/CLAUDE.md': '@AGENTS.md\n',
      'web/AGENTS.md': 'web rules\n',
      'web/CLAUDE.local.md': 'my own notes\n',
    });
    const unseen = only(findings, 'agent-claude-agents-md');
    assert.deepEqual(
      unseen.map((f) => [f.file, f.line]),
      [
        ['pkg/AGENTS.md', 1],
        ['web/AGENTS.md', 1],
      ],
    );
    assert.match(
      unseen[0].message,
      /Claude Code skips pkg\/AGENTS\.md: it reads AGENTS\.md only where no CLAUDE\.md.* and pkg\/CLAUDE\.md does/,
    );
    const extend = unseen[0].fixes![0].files![0];
    assert.equal(extend.file, 'pkg/CLAUDE.md');
    assert.equal(extend.create, undefined);
    assert.equal(applyEdits('Claude only', extend.edits), 'Claude only\n@AGENTS.md\n');
    assert.deepEqual(unseen[1].fixes![0].files, [
      { file: 'web/CLAUDE.md', create: true, edits: [{ range: unseen[1].fixes![0].files![0].edits[0].range, newText: '@AGENTS.md\n' }] },
    ]);
  });

  it('claude-code: in a project with a CLAUDE.md every AGENTS.md is skipped, .claude/AGENTS.md too', () => {
    const { findings } = check(['claude-code'], {
      'CLAUDE.md': 'Claude rules\n',
      'AGENTS.md': 'shared rules\n',
      '.claude/AGENTS.md': 'more\n',
      'api/AGENTS.md': 'api rules\n',
    });
    const unseen = only(findings, 'agent-claude-agents-md');
    assert.deepEqual(unseen.map((f) => f.file).sort(), ['.claude/AGENTS.md', 'AGENTS.md', 'api/AGENTS.md']);
    const dot = unseen.find((f) => f.file === '.claude/AGENTS.md')!;
    assert.equal(applyEdits('Claude rules\n', dot.fixes![0].files![0].edits), 'Claude rules\n@.claude/AGENTS.md\n');
    assert.match(unseen.find((f) => f.file === 'api/AGENTS.md')!.message, /and CLAUDE\.md does/);
  });

  it('claude-code: a rule with paths loads only on read (info); one whose paths match no file never loads (warning)', () => {
    const { findings } = check(['claude-code'], {
      '.claude/rules/migrations.md': '---\npaths:\n  - "db/migrations/**"\n---\nNever edit an applied migration.\n',
      '.claude/rules/never.md': '---\npaths: "nothing/**"\n---\nUnreachable.\n',
      '.claude/rules/always.md': 'Always loaded.\n',
      'db/migrations/001.sql': '',
    });
    const rules = only(findings, 'agent-claude-rule-on-read');
    assert.deepEqual(
      rules.map((f) => [f.file, f.line, f.severity]),
      [
        ['.claude/rules/migrations.md', 2, 'info'],
        ['.claude/rules/never.md', 2, 'warning'],
      ],
    );
    assert.match(rules[0].message, /only after it reads or writes a matching file \(1 file here: db\/migrations\/001\.sql\)/);
    assert.match(rules[1].message, /no file here matches them: it never loads this rule/);
  });

  it('claude-code: listings: a description over the cut, a name clash, a skill kept out by its frontmatter or its paths, a subagent without a description', () => {
    const { findings } = check(
      ['claude-code'],
      {
        '.claude/skills/wordy/SKILL.md': `---\nname: wordy\ndescription: ${'w '.repeat(900)}\n---\nx\n`,
        '.claude/skills/lint/SKILL.md': '---\ndescription: project lint\n---\nx\n',
        '.claude/skills/manual/SKILL.md': '---\ndescription: typed only\ndisable-model-invocation: true\n---\nx\n',
        '.claude/skills/never/SKILL.md': '---\ndescription: never\npaths: "nothing/**"\n---\nx\n',
        '.claude/skills/ts/SKILL.md': '---\ndescription: ts\npaths: "**/*.ts"\n---\nx\n',
        '.claude/agents/a.md': '---\nname: nodesc\n---\nx\n',
        'a.ts': 'x\n',
      },
      { '.claude/skills/lint/SKILL.md': '---\ndescription: my lint\n---\nx\n' },
    );
    const listed = only(findings, 'agent-claude-listing');
    assert.deepEqual(
      listed.map((f) => [f.file, f.line, f.severity]).sort(),
      [
        ['.claude/agents/a.md', 2, 'warning'],
        ['.claude/skills/lint/SKILL.md', 1, 'warning'],
        ['.claude/skills/manual/SKILL.md', 3, 'warning'],
        ['.claude/skills/never/SKILL.md', 3, 'warning'],
        ['.claude/skills/wordy/SKILL.md', 3, 'warning'],
      ],
      JSON.stringify(listed),
    );
    const message = (file: string) => listed.find((f) => f.file === file)!.message;
    assert.match(message('.claude/skills/wordy/SKILL.md'), /description over 1536 characters: cut to 1535/);
    assert.match(message('.claude/skills/lint/SKILL.md'), /~\/\.claude\/skills\/lint\/SKILL\.md has the same name and comes first/);
    assert.match(message('.claude/skills/manual/SKILL.md'), /only when the user types \/manual/);
    assert.match(message('.claude/skills/never/SKILL.md'), /no file here does: it is never offered/);
    assert.match(message('.claude/agents/a.md'), /no `description`/);
  });

  it('gemini: an untrusted folder loads no GEMINI.md; the finding says how to trust it, and a trusted folder has none', () => {
    const files = { 'GEMINI.md': 'Use uv.\n', 'api/GEMINI.md': 'REST only.\n' };
    const { findings, root } = check(['gemini'], files);
    const untrusted = only(findings, 'agent-gemini-untrusted');
    assert.deepEqual(
      untrusted.map((f) => [f.file, f.line]),
      [
        ['GEMINI.md', 1],
        ['api/GEMINI.md', 1],
      ],
    );
    assert.match(
      untrusted[0].message,
      /Gemini CLI loads none of this folder's context files, GEMINI\.md included: the folder is not trusted/,
    );
    assert.ok(
      untrusted[0].message.includes(`${JSON.stringify(root)}: "TRUST_FOLDER" to ~/.gemini/trustedFolders.json`),
      untrusted[0].message,
    );
    assert.match(untrusted[0].message, /GEMINI_CLI_TRUST_WORKSPACE=true/);
    assert.match(untrusted[0].message, /Headless \(gemini -p\) it refuses to start here/);

    const trustedRoot = temp.make('holaryn-agents-');
    const home = temp.make('holaryn-agents-home-');
    writeTree(trustedRoot, { '.git': { dir: true }, ...files });
    writeTree(home, { '.gemini/trustedFolders.json': JSON.stringify({ [trustedRoot]: 'TRUST_FOLDER' }) });
    const trusted = lintWorkspace(trustedRoot, { budgetCheck: false, agents: { agents: ['gemini'], env: { HOME: home }, homedir: home } });
    assert.deepEqual(
      trusted.findings.filter((f) => f.code.startsWith('agent-')),
      [],
    );

    // GEMINI_CLI_TRUST_WORKSPACE=false outweighs that rule: the finding names the variable, not the file.
    const vetoed = lintWorkspace(trustedRoot, {
      budgetCheck: false,
      agents: { agents: ['gemini'], env: { HOME: home, GEMINI_CLI_TRUST_WORKSPACE: 'false' }, homedir: home },
    });
    const byEnv = only(vetoed.findings, 'agent-gemini-untrusted');
    assert.equal(byEnv.length, 2);
    assert.match(
      byEnv[0].message,
      /not trusted \(GEMINI_CLI_TRUST_WORKSPACE=false\)\. GEMINI_CLI_TRUST_WORKSPACE=false outweighs every trust decision: unset it, or set it to true\.$/,
    );
    assert.ok(!byEnv[0].message.includes('TRUST_FOLDER'), byEnv[0].message);

    // GEMINI_RESTRICTED_MODE=true (Gemini CLI 0.61) distrusts as well, over GEMINI_CLI_TRUST_WORKSPACE=true.
    const restricted = lintWorkspace(trustedRoot, {
      budgetCheck: false,
      agents: {
        agents: ['gemini'],
        env: { HOME: home, GEMINI_RESTRICTED_MODE: 'true', GEMINI_CLI_TRUST_WORKSPACE: 'true' },
        homedir: home,
      },
    });
    const byMode = only(restricted.findings, 'agent-gemini-untrusted');
    assert.equal(byMode.length, 2);
    assert.match(
      byMode[0].message,
      /not trusted \(GEMINI_RESTRICTED_MODE=true\)\. GEMINI_RESTRICTED_MODE=true outweighs every trust decision: unset it\.$/,
    );
  });

  it('kimi: run in a deep directory, the budget goes to the deepest file first and cuts the root AGENTS.md (which fits when run at the root)', () => {
    const rootText = Array.from({ length: 2200 }, (_, i) => `root rule ${i + 1}`).join('\n') + '\n';
    // Kimi strips the two leading blank lines; the finding's line counts them back in.
    const { findings } = check(['kimi'], { 'AGENTS.md': `\n\n${rootText}`, 'a/b/AGENTS.md': 'deep rule\n'.repeat(200) });
    const cuts = only(findings, 'agent-kimi-cut');
    assert.equal(cuts.length, 1, JSON.stringify(findings));
    const [f] = cuts;
    assert.equal(f.file, 'AGENTS.md');
    assert.match(
      f.message,
      /^When Kimi runs in a\/b, its 32768-byte budget goes to the deepest files first: only the first \d+ of \d+ bytes of AGENTS\.md reach the model/,
    );
    const kept = Number(/only the first (\d+) of/.exec(f.message)![1]);
    const arrived = Buffer.from(rootText).subarray(0, kept).toString('utf8');
    assert.equal(f.line, arrived.split('\n').length + 2);
    assert.equal(f.column, arrived.split('\n').pop()!.length + 1);
    assert.ok(f.line > 1 && f.line < 2200);
  });

  it('no agents, no agent findings', () => {
    const { result } = check([], { 'svc/AGENTS.md': 'a\n', 'svc/AGENTS.override.md': '' });
    assert.deepEqual(
      result.findings.filter((f) => f.code.startsWith('agent-')),
      [],
    );
  });
});
