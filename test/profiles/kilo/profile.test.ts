/**
 * The Kilo Code CLI profile on real temporary trees with a temporary home: what Kilo 7.7.7's own
 * code does (its Instruction service with trust, ConfigMarkdown's substitution, RulesMigrator's
 * legacy rules, the configuration layers; the oracle suite checks the same against the running
 * release), and bad configuration (a diagnostic, never a crash).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const GIT: Record<string, FileSpec> = { '.git/HEAD': 'ref: refs/heads/main\n', '.git/objects/.keep': '', '.git/refs/.keep': '' };

describe('kilo profile', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(
    tree: Record<string, FileSpec>,
    opts: { home?: Record<string, FileSpec>; cwd?: string; targets?: string[]; env?: Record<string, string> } = {},
  ): { ev: Evidence; T: string; home: string } {
    const T = temp.make('holaryn-kilo-');
    const home = temp.make('holaryn-kilo-home-');
    writeTree(T, tree);
    writeTree(home, opts.home ?? {});
    const cwd = opts.cwd ? path.join(T, opts.cwd) : T;
    fs.mkdirSync(cwd, { recursive: true });
    const ev = resolveInstructions(cwd, opts.targets ?? [], { profile: 'kilo', env: opts.env ?? {}, homedir: home });
    return { ev, T, home };
  }
  const included = (ev: Evidence) => ev.sources.filter((s) => s.status === 'included').map((s) => s.path);

  it('sends the global file, then the project files of the first name found, nearest first, framed with absolute paths', () => {
    const { ev, T, home } = run(
      { ...GIT, 'AGENTS.md': 'Root.\n', 'sub/AGENTS.md': 'Sub.\n', 'sub/CLAUDE.md': 'Not sent.\n' },
      { cwd: 'sub', home: { '.config/kilo/AGENTS.md': 'Global.\n', '.claude/CLAUDE.md': 'Not the global.\n' } },
    );
    assert.deepEqual(included(ev), ['~/.config/kilo/AGENTS.md', 'AGENTS.md', '../AGENTS.md']);
    assert.equal(ev.contextParts.length, 1);
    assert.equal(
      ev.contextParts[0].text,
      `Instructions from: ${home}/.config/kilo/AGENTS.md\nGlobal.\n\nInstructions from: ${T}/sub/AGENTS.md\nSub.\n\nInstructions from: ${T}/AGENTS.md\nRoot.\n`,
    );
  });

  it('drops the CLAUDE.md names with KILO_DISABLE_CLAUDE_CODE, and the project with KILO_DISABLE_PROJECT_CONFIG', () => {
    assert.deepEqual(included(run({ ...GIT, 'CLAUDE.md': 'C.\n', 'CONTEXT.md': 'X.\n' }, { env: { KILO_DISABLE_CLAUDE_CODE: '1' } }).ev), [
      'CONTEXT.md',
    ]);
    assert.deepEqual(
      included(
        run({ ...GIT, 'AGENTS.md': 'A.\n' }, { env: { KILO_DISABLE_PROJECT_CONFIG: 'true' }, home: { '.claude/CLAUDE.md': 'G.\n' } }).ev,
      ),
      ['~/.claude/CLAUDE.md'],
    );
  });

  it('leaves ~/.claude/CLAUDE.md out after a finished Claude Code migration (the receipt in its state folder)', () => {
    const home = { '.claude/CLAUDE.md': 'G.\n', '.local/state/kilo/claude-migration.json': '{}' };
    assert.deepEqual(included(run({ ...GIT }, { home }).ev), []);
    assert.deepEqual(included(run({ ...GIT }, { home, env: { KILO_CONFIG_CONTENT: '{}' } }).ev), ['~/.claude/CLAUDE.md']);
  });

  it('sends the legacy rules first among the instructions, .kilo before .kilocode, one per name, then the configuration’s entries', () => {
    const { ev } = run({
      ...GIT,
      '.kilo/rules/shared.md': 'S1.\n',
      '.kilocode/rules/shared.md': 'S2.\n',
      '.kilocode/rules/own.md': 'O.\n',
      '.kilocoderules': 'L.\n',
      '.kilocode/rules-code/code.md': 'M.\n',
      'kilo.json': JSON.stringify({ instructions: ['docs/*.md'] }),
      'docs/b.md': 'B.\n',
      'docs/a.md': 'A.\n',
    });
    assert.deepEqual(included(ev), [
      '.kilo/rules/shared.md',
      '.kilocode/rules/own.md',
      '.kilocoderules',
      '.kilocode/rules-code/code.md',
      'docs/a.md',
      'docs/b.md',
    ]);
  });

  it('substitutes {file:…} in a project file and drops one holding {env:…}; substitutes {env:…} in the global file', () => {
    const { ev } = run(
      {
        ...GIT,
        'AGENTS.md': 'A {file:part.md} B\n// {file:part.md}\n${env:HOME}\n',
        'part.md': '\n x \n',
        'sub/AGENTS.md': 'Env {env:HOME}\n',
      },
      { cwd: 'sub', home: { '.config/kilo/AGENTS.md': 'Team {env:TEAM}.\n' }, env: { TEAM: 'blue' } },
    );
    assert.deepEqual(included(ev), ['~/.config/kilo/AGENTS.md', '../AGENTS.md']);
    assert.match(ev.sources.find((s) => s.path === 'AGENTS.md')?.reason ?? '', /does not substitute variables/);
    assert.match(ev.context, /Team blue\./);
    assert.match(ev.context, /\nA x B\n\/\/ \{file:part\.md\}\n\$\{env:HOME\}\n$/);
  });

  it('does not read a project file whose real path is outside the worktree', () => {
    const { ev } = run(
      {
        'outside.md': 'Out.\n',
        'repo/.git/HEAD': 'ref: refs/heads/main\n',
        'repo/.git/objects/.keep': '',
        'repo/.git/refs/.keep': '',
        'repo/AGENTS.md': { symlink: '../outside.md' },
      },
      { cwd: 'repo' },
    );
    assert.deepEqual(included(ev), []);
    assert.match(ev.sources.find((s) => s.path === 'AGENTS.md')?.reason ?? '', /outside the project/);
  });

  it('trusts an absolute ~/ entry of the global configuration, read outside the project', () => {
    const { ev } = run(
      { ...GIT },
      { home: { '.config/kilo/kilo.json': JSON.stringify({ instructions: ['~/notes.md'] }), 'notes.md': 'N.\n' } },
    );
    assert.deepEqual(included(ev), ['~/notes.md']);
  });

  it('loads the files between the cwd and a file a read touches, in a <system-reminder>', () => {
    const { ev, T } = run({ ...GIT, 'AGENTS.md': 'Root.\n', 'pkg/AGENTS.md': 'Pkg.\n', 'pkg/a.ts': 'x\n' }, { targets: ['pkg/a.ts'] });
    assert.deepEqual(included(ev), ['AGENTS.md', 'pkg/AGENTS.md']);
    assert.deepEqual(
      ev.contextParts.map((p) => [p.place, p.text]),
      [
        ['system-prompt', `Instructions from: ${T}/AGENTS.md\nRoot.\n`],
        ['tool-result', `<system-reminder>\nInstructions from: ${T}/pkg/AGENTS.md\nPkg.\n\n</system-reminder>`],
      ],
    );
  });

  it('reports a configuration file that does not parse, and goes on', () => {
    const { ev } = run({ ...GIT, 'AGENTS.md': 'A.\n', 'kilo.jsonc': '{ "instructions": [' });
    assert.deepEqual(included(ev), ['AGENTS.md']);
    assert.ok(ev.diagnostics.some((d) => d.source === 'kilo.jsonc' && d.code === 'malformed-config'));
  });
});

describe('kilo profile: skills', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('lists the skills of every folder sorted by name, the later of two of a name, and not one without a description', () => {
    const T = temp.make('holaryn-kilo-skills-');
    const home = temp.make('holaryn-kilo-skills-home-');
    writeTree(T, {
      ...GIT,
      '.claude/skills/fmt/SKILL.md': '---\nname: fmt\ndescription: Claude.\n---\n',
      '.kilo/skills/fmt/SKILL.md': '---\nname: fmt\ndescription: Kilo.\n---\n',
      '.kilo/skills/quiet/SKILL.md': '---\nname: quiet\n---\n',
      '.agents/skills/x/SKILL.md': '---\nname: b-tests\ndescription: Tests <all>.\n---\n',
    });
    writeTree(home, { '.agents/skills/mine/SKILL.md': '---\nname: a-mine\ndescription: Mine.\n---\n' });
    const ev = resolveInstructions(T, [], { profile: 'kilo', env: {}, homedir: home });
    const listed = ev.listings.filter((l) => l.status === 'included');
    assert.deepEqual(
      listed.map((l) => [l.name, l.source]),
      [
        ['a-mine', '~/.agents/skills/mine/SKILL.md'],
        ['b-tests', '.agents/skills/x/SKILL.md'],
        ['fmt', '.kilo/skills/fmt/SKILL.md'],
      ],
    );
    assert.equal(
      listed[1].text,
      `  <skill>\n    <name>b-tests</name>\n    <description>Tests <all>.</description>\n    <location>${T}/.agents/skills/x/SKILL.md</location>\n  </skill>`,
    );
    assert.deepEqual(
      ev.listings.filter((l) => l.status !== 'included').map((l) => [l.name, l.status]),
      [
        ['fmt', 'shadowed'],
        ['quiet', 'not-loaded'],
      ],
    );
  });
});

describe('kilo profile: subagents', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('lists the agents of the configuration folders that are not primary, sorted, a later folder’s of a name merged over the earlier (its source)', () => {
    const T = temp.make('holaryn-kilo-agents-');
    const home = temp.make('holaryn-kilo-agents-home-');
    writeTree(T, {
      ...GIT,
      '.kilocode/agent/rev.md': '---\ndescription: Old reviewer.\n---\n',
      '.kilo/agents/rev.md': '---\ndescription: Reviewer.\nmode: subagent\n---\n',
      '.kilo/agents/boss.md': '---\nmode: primary\n---\n',
      '.kilo/agents/quiet.md': 'No header.\n',
    });
    writeTree(home, { '.config/kilo/agents/arch.md': '---\ndescription: Archives.\n---\n' });
    const ev = resolveInstructions(T, [], { profile: 'kilo', env: {}, homedir: home });
    const agents = ev.listings.filter((l) => l.kind === 'agent');
    assert.deepEqual(
      agents.filter((l) => l.status === 'included').map((l) => l.text),
      ['- arch: Archives.', '- quiet: This subagent should only be called manually by the user.', '- rev: Reviewer.'],
    );
    assert.deepEqual(
      agents.filter((l) => l.status !== 'included').map((l) => [l.name, l.status, l.source]),
      [['boss', 'not-loaded', '.kilo/agents/boss.md']],
    );
  });
});
