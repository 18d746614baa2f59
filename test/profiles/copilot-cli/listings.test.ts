/**
 * The copilot-cli profile's listings and `excludeAgent` on real temporary trees, as 1.0.102 sent
 * them in the oracle's runs (test/oracle/cases/copilot-cli-listings.ts), and the driver's reading
 * of the request (src/capture/agents/copilot-cli.ts).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver';
import { agentEntries, skillEntries } from '../../../src/capture/agents/copilot-cli';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const GIT: Record<string, FileSpec> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.git/objects': { dir: true },
  '.git/refs/heads': { dir: true },
};
const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;
const entry = (name: string, description: string, location = 'project') =>
  `<skill>\n  <name>${name}</name>\n  <description>${description}</description>\n  <location>${location}</location>\n</skill>`;

describe('copilot-cli listings', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, FileSpec>, opts: { cwd?: string; home?: Record<string, FileSpec> } = {}) {
    const T = temp.make('holaryn-copilot-cli-listings-');
    const home = temp.make('holaryn-copilot-cli-listings-home-');
    writeTree(T, { ...GIT, ...tree });
    writeTree(home, opts.home ?? {});
    const cwd = path.join(T, opts.cwd ?? '');
    fs.mkdirSync(cwd, { recursive: true });
    return resolveInstructions(cwd, [], { profile: 'copilot-cli', env: {}, homedir: home });
  }

  it('lists the root’s three skill folders as one list by name, .github winning a name, then the user’s, then commands', () => {
    const ev = run(
      {
        '.agents/skills/z/SKILL.md': skill('z', 'Agents z.'),
        '.github/skills/z/SKILL.md': skill('z', 'GitHub z.'),
        '.claude/skills/b/SKILL.md': skill('b', 'Claude <b>.'),
        '.claude/commands/go.md': 'Go now.\n',
      },
      { home: { '.copilot/skills/u/SKILL.md': skill('u', 'User u.') } },
    );
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.status, l.text]),
      [
        ['b', 'included', entry('b', 'Claude &lt;b&gt;.')],
        ['z', 'included', entry('z', 'GitHub z.')],
        ['u', 'included', entry('u', 'User u.', 'user')],
        ['go', 'included', entry('go', 'Go now.')],
        ['z', 'shadowed', ''],
      ],
    );
  });

  it('names entries as Copilot CLI does (spaces made -, a bad name dropped) and reads descriptions by their YAML', () => {
    const ev = run({
      '.github/skills/two words/SKILL.md': '---\ndescription: |\n  a\n  b\n---\nBody.\n',
      '.github/skills/plus/SKILL.md': skill('"a+b"', 'Plus.'),
      '.github/skills/num/SKILL.md': skill('num', '42'),
      '.github/skills/body/SKILL.md': '---\nname: body\n---\n# Head\n  one   two  \n\nthree\n',
      '.claude/commands/My Cmd.md': '---\ndescription: ""\n---\nBody.\n',
    });
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.status]),
      [
        ['body', 'included'],
        ['two-words', 'included'],
        ['My-Cmd', 'included'],
        ['a+b', 'dropped'],
        ['num', 'dropped'],
      ],
    );
    assert.equal(ev.listings[0].text, entry('body', 'one   two three'));
    assert.equal(ev.listings[1].text, entry('two-words', 'a\nb'));
    assert.equal(ev.listings[2].text, entry('My-Cmd', ''));
  });

  it('drops a skill whose description is over 1,024 characters; lists agents by name with .github winning', () => {
    const ev = run({
      '.github/skills/long/SKILL.md': skill('long', 'x'.repeat(1025)),
      '.github/agents/rev.md': '---\ndescription: GitHub rev.\n---\n',
      '.claude/agents/rev.md': '---\ndescription: Claude rev.\n---\n',
      '.claude/agents/aid.md': '---\ndescription: Aid.\n---\n',
    });
    assert.deepEqual(
      ev.listings.map((l) => [l.kind, l.name, l.status, l.text]),
      [
        ['agent', 'aid', 'included', '- **aid**: Aid.'],
        ['agent', 'rev', 'included', '- **rev**: GitHub rev.'],
        ['agent', 'rev', 'shadowed', ''],
        ['skill', 'long', 'dropped', ''],
      ],
    );
  });

  it('skips a rule file whose excludeAgent names coding-agent, in any YAML form, case-sensitively', () => {
    const rule = (v: string, body: string) => `---\napplyTo: "**"\nexcludeAgent: ${v}\n---\n${body}\n`;
    const ev = run({
      '.github/instructions/a.instructions.md': rule('coding-agent', 'A.'),
      '.github/instructions/b.instructions.md': rule('[code-review, coding-agent]', 'B.'),
      '.github/instructions/c.instructions.md': rule('Coding-Agent', 'C.'),
    });
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.status]),
      [
        ['.github/instructions/a.instructions.md', 'not-loaded'],
        ['.github/instructions/b.instructions.md', 'not-loaded'],
        ['.github/instructions/c.instructions.md', 'included'],
      ],
    );
  });

  it('reads the entries back from the request, leaving Copilot CLI’s own out', () => {
    const system = `x\n<available_skills>\n${entry('a', 'A.')}\n${entry('own', 'Own.', 'builtin')}\n</available_skills>\n`;
    assert.deepEqual(skillEntries(system), [{ name: 'a', place: 'system-prompt', text: entry('a', 'A.') }]);
    const task = 'Available agent types:\n- **explore**: Built in.\n\nUser-provided custom agents:\n- **aid**: Aid.\n\n- **rev**: Rev.';
    assert.deepEqual(
      agentEntries(task).map((e) => [e.name, e.text]),
      [
        ['aid', '- **aid**: Aid.'],
        ['rev', '- **rev**: Rev.'],
      ],
    );
  });
});
