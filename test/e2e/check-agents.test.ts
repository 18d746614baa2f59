// `holaryn check --agents` as a user runs it: the built bundle, a real process, a temporary home
// (so this machine's Codex, Gemini or Claude Code configuration never changes the answer).
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { REPO_DIR } from '../helpers/tree';
import { RunResult, TempDirs, baseEnv, build, json, run, writeTree } from '../helpers/cli';

interface JsonFinding {
  file: string;
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
  fixes?: { title: string; edits: unknown[]; files?: { file: string; create?: boolean }[] }[];
}

/** The agents' own variables are dropped: only the temporary home speaks for them. */
const AGENT_VARIABLES = [
  'CODEX_HOME',
  'GEMINI_CLI_HOME',
  'GEMINI_CLI_TRUST_WORKSPACE',
  'GEMINI_CLI_TRUSTED_FOLDERS_PATH',
  'GEMINI_CLI_SYSTEM_SETTINGS_PATH',
  'GEMINI_CLI_SYSTEM_DEFAULTS_PATH',
  'CLAUDE_CONFIG_DIR',
  'CLAUDE_CODE_DISABLE_CLAUDE_MDS',
];

describe('holaryn check --agents (built CLI)', () => {
  const temp = new TempDirs();
  let home: string;
  let tree: string;
  const demo = path.join(REPO_DIR, 'examples/demo-workspace');

  function check(args: string[]): RunResult {
    const env: Record<string, string | undefined> = baseEnv(home);
    for (const k of AGENT_VARIABLES) delete env[k];
    return run(['check', ...args], { cwd: REPO_DIR, env: { ...env, NO_COLOR: '1' } });
  }

  const agentFindings = (r: RunResult) => (json(r).findings as JsonFinding[]).filter((f) => f.code.startsWith('agent-'));

  before(() => {
    build();
    execFileSync(process.execPath, ['scripts/demo-marker.mjs'], { cwd: REPO_DIR, stdio: 'pipe' });
    home = temp.make('holaryn-agents-home-');
    writeTree(home, { '.codex/config.toml': 'project_doc_max_bytes = 41\n' });
    tree = temp.make('holaryn-agents-tree-');
    writeTree(tree, {
      '.git': { dir: true },
      'AGENTS.md': 'line one\nline two\nline three\n',
      // A private CLAUDE.local.md: Claude Code 2.1.328 then skips every AGENTS.md of the project.
      'CLAUDE.local.md': 'my notes\n',
      'sub/AGENTS.md': 'alpha\nbravo\ncharlie\n',
      '.github/instructions/py.instructions.md': '---\napplyTo:\n  - "**/*.py"\n---\nUse ruff.\n',
      'sub/main.py': '',
    });
  });
  after(() => temp.cleanup());

  it('text: the cut file with the line that never arrives, and the ignored applyTo list; warnings alone exit 0', () => {
    const r = check([tree, '--agents', 'codex,copilot']);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.ok(
      lines.some((l) => l.startsWith('sub/AGENTS.md:3:1  warning  agent-codex-cut  When Codex runs in sub, only the first 12 of 20 bytes')),
      r.stdout,
    );
    assert.ok(
      lines.some((l) =>
        l.startsWith('.github/instructions/py.instructions.md:2:1  warning  agent-copilot-applyto-list  Copilot never attaches'),
      ),
      r.stdout,
    );
    assert.match(lines[lines.length - 1], /Agent pitfalls checked for codex, copilot\.$/);
  });

  it('json keeps holaryn.check/v1, adds the findings with their fixes and the agents checked; --max-warnings counts them', () => {
    const r = check([tree, '--agents', 'all', '--json', '--max-warnings', '0']);
    assert.equal(r.status, 1);
    const doc = json(r);
    assert.equal(doc.schema, 'holaryn.check/v1');
    assert.deepEqual(doc.agents, [
      'codex',
      'copilot',
      'claude-code',
      'gemini',
      'kimi',
      'copilot-cli',
      'cursor',
      'opencode',
      'qwen-code',
      'cline',
      'pi',
      'kilo',
      'continue',
      'droid',
      'auggie',
    ]);
    const found = agentFindings(r).map((f) => [f.file, f.line, f.code]);
    assert.deepEqual(
      found.filter(([, , code]) => code !== 'agent-claude-agents-md'),
      [
        ['.github/instructions/py.instructions.md', 2, 'agent-copilot-applyto-list'],
        // Auggie and Qwen Code started at the root never send a nested AGENTS.md.
        ['sub/AGENTS.md', 1, 'agent-auggie-nested-file'],
        ['sub/AGENTS.md', 1, 'agent-qwen-code-nested-unread'],
        ['sub/AGENTS.md', 3, 'agent-codex-cut'],
      ],
    );
    const claude = agentFindings(r).filter((f) => f.code === 'agent-claude-agents-md');
    assert.deepEqual(
      claude.map((f) => [f.file, f.fixes?.[0].files?.map((e) => [e.file, e.create])]),
      [
        ['AGENTS.md', [['CLAUDE.md', true]]],
        ['sub/AGENTS.md', [['sub/CLAUDE.md', true]]],
      ],
    );
    assert.equal(doc.warnings, (doc.findings as JsonFinding[]).filter((f) => f.severity === 'warning').length);
  });

  it('--format github: one ::warning per pitfall with file and line', () => {
    const r = check([tree, '--agents', 'copilot', '--format', 'github']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(
      r.stdout,
      /^::warning file=\.github\/instructions\/py\.instructions\.md,line=2,col=1,.*title=holaryn agent-copilot-applyto-list::Copilot never attaches/m,
    );
  });

  it('an unknown agent is a usage error listing the known ones; without --agents no agent finding', () => {
    const bad = check([tree, '--agents', 'codex,nosuchagent']);
    assert.equal(bad.status, 2);
    assert.match(
      bad.stderr,
      /unknown agent "nosuchagent" for --agents; known agents: codex, copilot, claude-code, gemini, kimi, copilot-cli, cursor, opencode, qwen-code, cline, pi, kilo, continue, droid, auggie \(or all\)/,
    );
    const plain = check([tree, '--json']);
    assert.deepEqual(agentFindings(plain), []);
    assert.equal(json(plain).agents, undefined);
  });

  it('the demo workspace: the override, the applyTo list, the Claude rule with paths and the untrusted GEMINI.md', () => {
    const r = check([demo, '--agents', 'all', '--json']);
    const found = agentFindings(r);
    const has = (file: string, line: number, code: string) =>
      assert.ok(
        found.some((f) => f.file === file && f.line === line && f.code === code),
        `${file}:${line} ${code} missing from ${JSON.stringify(found.map((f) => [f.file, f.line, f.code]))}`,
      );
    has('services/billing/AGENTS.md', 1, 'agent-codex-override');
    has('.github/instructions/python.instructions.md', 2, 'agent-copilot-applyto-list');
    has('.claude/rules/migrations.md', 2, 'agent-claude-rule-on-read');
    has('GEMINI.md', 1, 'agent-gemini-untrusted');
    const gemini = found.find((f) => f.code === 'agent-gemini-untrusted')!;
    assert.match(gemini.message, /"TRUST_FOLDER" to ~\/\.gemini\/trustedFolders\.json/);
    const list = found.find((f) => f.code === 'agent-copilot-applyto-list')!;
    assert.equal(list.fixes?.[0].title, 'Write applyTo as one comma-separated string');
    for (const f of found) assert.ok(f.line >= 1 && f.file !== '' && !f.file.startsWith('..'), JSON.stringify(f));

    const codexOnly = agentFindings(check([demo, '--agents', 'codex', '--json']));
    assert.ok(codexOnly.length > 0);
    assert.ok(
      codexOnly.every((f) => f.code.startsWith('agent-codex-')),
      JSON.stringify(codexOnly),
    );
  });
});
