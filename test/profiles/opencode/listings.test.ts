/**
 * The opencode profile's listings (skills in the system prompt, subagents in the task tool) and
 * their pitfalls, on real temporary trees with a temporary home: the rules read from opencode
 * 1.18.33's code and checked by test/oracle/cases/opencode-listings.ts.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { lintWorkspace } from '../../../src/lint';
import { opencodeHeader, repairHeader, skillEntryText } from '../../../src/resolver/profiles/agent/opencode-listings';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const GIT: Record<string, FileSpec> = { '.git/HEAD': 'ref: refs/heads/main\n', '.git/objects/.keep': '', '.git/refs/.keep': '' };
const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;

describe('opencode listings', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, FileSpec>, opts: { home?: Record<string, FileSpec>; cwd?: string; env?: Record<string, string> } = {}) {
    const T = temp.make('holaryn-opencode-list-');
    const home = temp.make('holaryn-opencode-list-home-');
    writeTree(T, { ...GIT, ...tree });
    writeTree(home, opts.home ?? {});
    const cwd = opts.cwd ? path.join(T, opts.cwd) : T;
    fs.mkdirSync(cwd, { recursive: true });
    const ev: Evidence = resolveInstructions(cwd, [], { profile: 'opencode', env: opts.env ?? {}, homedir: home });
    return { ev, T: fs.realpathSync(T), home };
  }

  it('lists the skills of .opencode, .claude and .agents sorted by name, each entry with its absolute location', () => {
    const { ev, T } = run({
      '.opencode/skills/z/SKILL.md': skill('Zeta', 'Z.'),
      '.opencode/skill/b/SKILL.md': skill('beta', 'B.'),
      '.claude/skills/a/SKILL.md': skill('alpha', 'A & <b>.'),
      '.agents/skills/g/SKILL.md': skill('gamma', 'G.'),
    });
    const skills = ev.listings.filter((l) => l.kind === 'skill');
    assert.deepEqual(
      skills.map((l) => [l.name, l.status, l.source, l.place]),
      [
        ['alpha', 'included', '.claude/skills/a/SKILL.md', 'system-prompt'],
        ['beta', 'included', '.opencode/skill/b/SKILL.md', 'system-prompt'],
        ['gamma', 'included', '.agents/skills/g/SKILL.md', 'system-prompt'],
        ['Zeta', 'included', '.opencode/skills/z/SKILL.md', 'system-prompt'],
      ],
    );
    assert.equal(skills[0].text, skillEntryText('alpha', 'A & <b>.', path.join(T, '.claude/skills/a/SKILL.md')));
    assert.match(skills[0].text, /^ {2}<skill>\n {4}<name>alpha<\/name>\n {4}<description>A & <b>\.<\/description>\n/);
  });

  it('reads hidden folders below .claude but not below .opencode, and skills of the home', () => {
    const { ev } = run(
      { '.claude/skills/.h/SKILL.md': skill('seen', 'S.'), '.opencode/skills/.h/SKILL.md': skill('unseen', 'U.') },
      { home: { '.agents/skills/h/SKILL.md': skill('home-one', 'H.') } },
    );
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.source]),
      [
        ['home-one', '~/.agents/skills/h/SKILL.md'],
        ['seen', '.claude/skills/.h/SKILL.md'],
      ],
    );
  });

  it('drops a skill without a text name or description, and does not list one without a description', () => {
    const { ev } = run({
      '.opencode/skills/a/SKILL.md': '---\nname: nodesc\n---\nB.\n',
      '.opencode/skills/b/SKILL.md': '---\nname: num\ndescription: 42\n---\nB.\n',
      '.opencode/skills/c/SKILL.md': 'No header.\n',
      '.opencode/skills/d/SKILL.md': '---\nname: bad\ndescription: [oops\n---\nB.\n',
    });
    assert.deepEqual(ev.listings.map((l) => [l.name, l.status]).sort(), [
      ['c', 'dropped'],
      ['d', 'dropped'],
      ['nodesc', 'not-loaded'],
      ['num', 'dropped'],
    ]);
    assert.ok(ev.listings.every((l) => l.text === ''));
  });

  it("repairs a header whose value holds a colon, and reads a header the repair leaves as it is as empty (gray-matter's cache)", () => {
    assert.equal(repairHeader('---\ndescription: Use it: now\n---\n'), '---\ndescription: |-\n  Use it: now\n---\n');
    assert.deepEqual(opencodeHeader('---\nname: c\ndescription: Use it: now\n---\nB.\n'), {
      data: { name: 'c', description: 'Use it: now' },
    });
    assert.deepEqual(opencodeHeader('---\ndescription: [oops\n---\nB.\n'), { data: {} });
  });

  it('switches the external folders off by the environment', () => {
    const tree = { '.claude/skills/c/SKILL.md': skill('c', 'C.'), '.agents/skills/a/SKILL.md': skill('a', 'A.') };
    assert.deepEqual(
      run(tree, { env: { OPENCODE_DISABLE_CLAUDE_CODE_SKILLS: '1' } }).ev.listings.map((l) => l.name),
      ['a'],
    );
    assert.deepEqual(run(tree, { env: { OPENCODE_DISABLE_EXTERNAL_SKILLS: '1' } }).ev.listings, []);
  });

  it('lists subagents of .opencode and of the configuration, by name, with opencode words for a missing description', () => {
    const { ev } = run({
      'opencode.json': JSON.stringify({ agent: { cfg: { description: 'From config.' }, off: { description: 'Off.', disable: true } } }),
      '.opencode/agents/helper.md': '---\ndescription: Helps.\n---\nP.\n',
      '.opencode/agent/nested/deep.md': 'No header.\n',
      '.opencode/agents/prim.md': '---\ndescription: P.\nmode: primary\n---\nP.\n',
      '.opencode/agents/file.md': '---\nname: renamed\ndescription: R.\n---\nP.\n',
    });
    const agents = ev.listings.filter((l) => l.kind === 'agent');
    assert.deepEqual(
      agents.filter((l) => l.status === 'included').map((l) => l.text),
      [
        '- cfg: From config.',
        '- helper: Helps.',
        '- nested/deep: This subagent should only be called manually by the user.',
        '- renamed: R.',
      ],
    );
    assert.deepEqual(
      agents.filter((l) => l.status !== 'included').map((l) => [l.name, l.status]),
      [
        ['off', 'not-loaded'],
        ['prim', 'not-loaded'],
      ],
    );
    assert.ok(agents.every((l) => l.place === 'tool-description'));
  });

  it('finds a dropped skill and names that clash (check --agents)', () => {
    const root = temp.make('holaryn-opencode-list-pit-');
    const home = temp.make('holaryn-opencode-list-pit-home-');
    writeTree(root, {
      ...GIT,
      '.opencode/skills/a/SKILL.md': '---\nname: nodesc\n---\nB.\n',
      '.opencode/skills/b/SKILL.md': skill('customize-opencode', 'Mine.'),
      '.claude/skills/c/SKILL.md': skill('twin', 'One.'),
      '.agents/skills/d/SKILL.md': skill('twin', 'Two.'),
      '.opencode/agents/general.md': '---\ndescription: Mine.\n---\nP.\n',
    });
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents: ['opencode'], env: { HOME: home }, homedir: home } });
    const found = result.findings
      .filter((f) => f.code.startsWith('agent-opencode-'))
      .map((f) => [f.code, f.file, f.line])
      .sort();
    assert.deepEqual(found, [
      ['agent-opencode-name-clash', '.agents/skills/d/SKILL.md', 2],
      ['agent-opencode-name-clash', '.claude/skills/c/SKILL.md', 2],
      ['agent-opencode-name-clash', '.opencode/agents/general.md', 1],
      ['agent-opencode-name-clash', '.opencode/skills/b/SKILL.md', 2],
      ['agent-opencode-skill-dropped', '.opencode/skills/a/SKILL.md', 2],
    ]);
  });
});
