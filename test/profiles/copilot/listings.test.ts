/**
 * The copilot profile's listings (skills and custom agents of Copilot Chat's customizations
 * index) and `excludeAgent`, as read from VS Code 1.139.1 and Copilot Chat 0.67.0's source
 * (src/resolver/profiles/copilot/discover.ts): there is no binary to run them against.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;

describe('copilot listings (read from source)', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, FileSpec>, home: Record<string, FileSpec> = {}) {
    const T = fs.realpathSync(temp.make('holaryn-copilot-listings-'));
    const H = fs.realpathSync(temp.make('holaryn-copilot-listings-home-'));
    writeTree(T, tree);
    writeTree(H, home);
    return { ev: resolveInstructions(T, [path.join(T, 'src/a.ts')], { profile: 'copilot', env: {}, homedir: H }), T, H };
  }

  it('lists workspace skills before the user’s, named by their folder, the first of a name winning, cut at 1,024 characters', () => {
    const { ev, T, H } = run(
      {
        '.agents/skills/one/SKILL.md': skill('other-name', 'A <b>bold</b> & plain one.'),
        '.github/skills/one/SKILL.md': skill('one', 'Second of the name.'),
        '.claude/skills/long/SKILL.md': skill('long', 'x'.repeat(1030)),
        '.github/skills/mute/SKILL.md': '---\nname: mute\n---\n',
      },
      { '.copilot/skills/mine/SKILL.md': skill('mine', 'User skill.') },
    );
    assert.deepEqual(
      ev.listings.filter((l) => l.kind === 'skill').map((l) => [l.name, l.status, l.text]),
      [
        [
          'one',
          'included',
          `<skill>\n<name>one</name>\n<description>A bold &amp; plain one.</description>\n<file>${T}/.agents/skills/one/SKILL.md</file>\n</skill>`,
        ],
        [
          'long',
          'cut',
          `<skill>\n<name>long</name>\n<description>${'x'.repeat(1024)}</description>\n<file>${T}/.claude/skills/long/SKILL.md</file>\n</skill>`,
        ],
        [
          'mine',
          'included',
          `<skill>\n<name>mine</name>\n<description>User skill.</description>\n<file>${H}/.copilot/skills/mine/SKILL.md</file>\n</skill>`,
        ],
        ['one', 'shadowed', ''],
        ['mute', 'dropped', ''],
      ],
    );
  });

  it('lists custom agents of .github/agents and .claude/agents by header name or file name', () => {
    const { ev } = run({
      '.github/agents/plan.agent.md': '---\ndescription: Plans.\nargument-hint: a goal\n---\n',
      '.claude/agents/helper.md': '---\nname: helpme\ndescription: Helps.\n---\n',
    });
    assert.deepEqual(
      ev.listings.filter((l) => l.kind === 'agent').map((l) => l.text),
      [
        '<agent>\n<name>plan</name>\n<description>Plans.</description>\n<argumentHint>a goal</argumentHint>\n</agent>',
        '<agent>\n<name>helpme</name>\n<description>Helps.</description>\n</agent>',
      ],
    );
  });

  it('keeps an instruction file whose excludeAgent names coding-agent: VS Code only validates the key', () => {
    const { ev } = run({
      '.github/instructions/x.instructions.md': '---\napplyTo: "**"\nexcludeAgent: coding-agent\n---\nStill attached.\n',
    });
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.status]),
      [['.github/instructions/x.instructions.md', 'included']],
    );
  });
});
