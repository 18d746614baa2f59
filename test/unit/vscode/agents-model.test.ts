// docs/vscode.md, "The agents you use": the holaryn.agents default, detected from each profile's
// own signs (its card), and the setting's rules.
import { strict as assert } from 'node:assert';
import { agentSigns, profileNames } from '../../../src/resolver';
import {
  AgentCard,
  chooseAgents,
  detectAgents,
  executablesOnPath,
  isSignFile,
  pickedAgents,
  rootSignFiles,
  signDepth,
  viewAgents,
} from '../../../src/vscode/profiles/agents-model';

const none = new Map<string, string>();

describe('docs/vscode.md "The agents you use": detection from the profiles\' signs', () => {
  const cards = agentSigns();
  const detect = (files: string[], executables = none, chatEnabled = false) =>
    detectAgents({ cards, files, executables, chatEnabled }).map((d) => d.name);

  it('each agent is told by the files only it reads, as its own card declares them', () => {
    assert.deepEqual(detect(['CLAUDE.md']), ['claude-code']);
    assert.deepEqual(detect(['GEMINI.md']), ['gemini']);
    assert.deepEqual(detect(['.github/copilot-instructions.md']), ['copilot']);
    assert.deepEqual(detect(['.github/instructions/ts.instructions.md']), ['copilot']);
    assert.deepEqual(detect(['AGENTS.md']), ['codex']);
    assert.deepEqual(detect(['packages/web/AGENTS.md']), ['codex']);
    assert.deepEqual(detect(['README.md', 'src/app.ts']), []);
  });

  it("the agent whose file is nearest the root comes first; dot-folders count as their parent's", () => {
    assert.deepEqual(detect(['packages/web/AGENTS.md', 'packages/api/AGENTS.md', 'CLAUDE.md']), ['claude-code', 'codex']);
    assert.deepEqual(detect(['CLAUDE.md', 'AGENTS.md']), ['codex', 'claude-code'], 'a tie keeps the registry order');
    assert.equal(signDepth('.github/copilot-instructions.md'), 0);
    assert.equal(signDepth('packages/web/AGENTS.md'), 2);
    assert.equal(signDepth('pkg/.claude/rules/a.md'), 1);
  });

  it("then the agents installed on this machine, then the one living in the editor's chat when it is enabled", () => {
    const exes = new Map([
      ['gemini', '/usr/bin/gemini'],
      ['claude', '/usr/bin/claude'],
    ]);
    assert.deepEqual(detect(['AGENTS.md'], exes, true), ['codex', 'gemini', 'claude-code', 'copilot']);
    assert.deepEqual(detect([], none, true), ['copilot']);
    assert.deepEqual(detect([], none, false), []);
    const [claude] = detectAgents({ cards, files: ['CLAUDE.md', 'a/CLAUDE.md'], executables: exes, chatEnabled: false });
    assert.deepEqual(claude.because, ['CLAUDE.md (+1 more)', 'claude on the PATH']);
  });

  it('knows no agent itself: a fixture card is detected by its own signs alone', () => {
    const fixture: AgentCard[] = [
      { name: 'fixture-agent', signs: { files: ['**/FIXTURE.md'], executables: ['fixture'], editorChat: true } },
    ];
    const run = (files: string[], exes = none, chat = false) =>
      detectAgents({ cards: fixture, files, executables: exes, chatEnabled: chat });
    assert.deepEqual(run(['deep/FIXTURE.md'])[0], { name: 'fixture-agent', because: ['deep/FIXTURE.md'] });
    assert.deepEqual(run(['CLAUDE.md']), []);
    assert.deepEqual(run([], new Map([['fixture', '/bin/fixture']]))[0].because, ['fixture on the PATH']);
    assert.deepEqual(run([], none, true)[0].because, ["the editor's chat is enabled"]);
  });

  it('the root-level sign files are the globs without a pattern, for the check before the search answers', () => {
    const root = rootSignFiles(cards);
    for (const f of ['CLAUDE.md', 'AGENTS.md', 'GEMINI.md', '.github/copilot-instructions.md']) assert.ok(root.includes(f), f);
    assert.ok(!root.some((f) => f.includes('*')));
    assert.ok(isSignFile({ files: ['**/CLAUDE.md'] }, 'CLAUDE.md'));
    assert.ok(!isSignFile({ files: ['**/CLAUDE.md'] }, 'NOTCLAUDE.md'));
  });
});

describe('docs/vscode.md "The agents you use": the setting and the picker', () => {
  const known = profileNames();
  const detected = [
    { name: 'claude-code', because: ['CLAUDE.md'] },
    { name: 'codex', because: ['a/AGENTS.md'] },
  ];

  it('holaryn.agents wins, in its order, each once; unknown names are left out and said', () => {
    const c = chooseAgents(['codex', 'nope', 'codex', 'gemini'], detected, known, 'holaryn');
    assert.deepEqual(c.names, ['codex', 'gemini']);
    assert.equal(c.origin, 'agents');
    assert.equal(c.problems.length, 1);
    assert.match(c.problems[0], /"nope" is no known profile/);
  });

  it('unset or empty: the detected agents; nothing detected: the default profile', () => {
    assert.deepEqual(chooseAgents(undefined, detected, known, 'holaryn'), {
      names: ['claude-code', 'codex'],
      origin: 'detected',
      problems: [],
    });
    assert.equal(chooseAgents([], detected, known, 'holaryn').origin, 'detected');
    assert.deepEqual(chooseAgents(undefined, [], known, 'holaryn'), { names: ['holaryn'], origin: 'default', problems: [] });
    assert.match(chooseAgents('codex', detected, known, 'holaryn').problems[0], /must be a list/);
  });

  it('the view answers for one agent first, the others after it in their order', () => {
    assert.deepEqual(viewAgents('gemini', ['claude-code', 'gemini', 'codex']), ['gemini', 'claude-code', 'codex']);
    assert.deepEqual(viewAgents('holaryn', ['claude-code']), ['holaryn', 'claude-code']);
  });

  it('after the picker: the first one chosen, the kept ones in their old order, then the new ones', () => {
    assert.deepEqual(pickedAgents(['claude-code', 'codex', 'gemini'], ['gemini', 'copilot', 'codex'], 'copilot'), [
      'copilot',
      'codex',
      'gemini',
    ]);
  });
});

describe('docs/vscode.md "The agents you use": executables on the PATH', () => {
  it('each PATH folder in order, the first hit wins', () => {
    const files = new Set(['/opt/b/claude', '/usr/bin/claude', '/usr/bin/codex']);
    const found = executablesOnPath(['claude', 'codex', 'gemini'], { PATH: '/opt/a::/opt/b:/usr/bin' }, 'linux', (f) => files.has(f));
    assert.deepEqual(
      [...found],
      [
        ['claude', '/opt/b/claude'],
        ['codex', '/usr/bin/codex'],
      ],
    );
  });

  it('on Windows with PATHEXT', () => {
    const found = executablesOnPath(
      ['claude'],
      { Path: 'C:\\tools;C:\\bin', PATHEXT: '.EXE;.CMD' },
      'win32',
      (f) => f === 'C:\\bin\\claude.CMD',
    );
    assert.equal(found.get('claude'), 'C:\\bin\\claude.CMD');
  });

  it('no PATH: nothing', () => {
    assert.equal(executablesOnPath(['claude'], {}, 'linux', () => true).size, 0);
  });
});
