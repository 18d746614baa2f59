/** The cursor profile's skills, from Cursor's docs (no run checks them): the folders, the entry, what leaves one out. */
import { strict as assert } from 'node:assert';
import { resolveInstructions } from '../../../src/resolver';
import { TempDirs, writeTree } from '../../helpers/cli';

describe('cursor skills (from the docs)', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('lists the skills of .agents, .cursor, the home and the Claude and Codex folders; leaves out those without a description or run only by the user', () => {
    const root = temp.make('holaryn-cursor-skills-');
    const home = temp.make('holaryn-cursor-skills-home-');
    const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: About ${name}.\n${extra}---\nBody.\n`;
    writeTree(root, {
      '.agents/skills/a/SKILL.md': skill('agents-one'),
      '.cursor/skills/c/SKILL.md': skill('cursor-one'),
      '.claude/skills/x/SKILL.md': skill('claude-one'),
      '.cursor/skills/m/SKILL.md': skill('manual', 'disable-model-invocation: true\n'),
      '.cursor/skills/n/SKILL.md': '---\nname: nodesc\n---\nBody.\n',
      '.github/skills/g/SKILL.md': skill('not-read'),
    });
    writeTree(home, { '.cursor/skills/h/SKILL.md': skill('home-one') });
    const ev = resolveInstructions(root, [], { profile: 'cursor', env: {}, homedir: home });
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.status, l.source]),
      [
        ['agents-one', 'included', '.agents/skills/a/SKILL.md'],
        ['cursor-one', 'included', '.cursor/skills/c/SKILL.md'],
        ['manual', 'not-loaded', '.cursor/skills/m/SKILL.md'],
        ['nodesc', 'dropped', '.cursor/skills/n/SKILL.md'],
        ['home-one', 'included', '~/.cursor/skills/h/SKILL.md'],
        ['claude-one', 'included', '.claude/skills/x/SKILL.md'],
      ],
    );
    const entry = ev.listings.find((l) => l.name === 'cursor-one')!;
    assert.equal(entry.text, 'cursor-one: About cursor-one.');
    assert.match(entry.reason ?? '', /from Cursor's docs/);
  });
});
