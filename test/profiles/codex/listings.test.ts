/**
 * The codex profile's listings (skills and agent roles) on real temporary trees, as 0.169.0 sent
 * them in the oracle's runs (test/oracle/cases/codex-listings.ts), and the driver's reading of
 * the request (src/capture/agents/codex.ts).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver';
import { roleEntries, skillEntries } from '../../../src/capture/agents/codex';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;
const role = (name: string, description: string) => `name = "${name}"\ndescription = "${description}"\n`;

describe('codex listings', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, FileSpec>, opts: { cwd?: string; home?: Record<string, FileSpec> } = {}) {
    const T = fs.realpathSync(temp.make('holaryn-codex-listings-'));
    const home = temp.make('holaryn-codex-listings-home-');
    writeTree(T, { '.git': { dir: true }, ...tree });
    const homeTree = Object.fromEntries(
      Object.entries(opts.home ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v.replace('{{root}}', T) : v]),
    );
    writeTree(home, homeTree);
    const cwd = path.join(T, opts.cwd ?? '');
    fs.mkdirSync(cwd, { recursive: true });
    return resolveInstructions(cwd, [], { profile: 'codex', env: {}, homedir: home }).listings;
  }

  it('aliases the roots in use (the built-in root always) and sorts the repository’s skills before the user’s', () => {
    const l = run({ '.agents/skills/b/SKILL.md': skill('b', 'Repo b.') }, { home: { '.codex/skills/a/SKILL.md': skill('a', 'User a.') } });
    assert.deepEqual(
      l.map((x) => [x.name, x.status, x.place, x.text]),
      [
        ['b', 'included', 'system-message', '- b: Repo b. (file: r2/b/SKILL.md)'],
        ['a', 'included', 'system-message', '- a: User a. (file: r0/a/SKILL.md)'],
      ],
    );
  });

  it('cuts a description over 1,024 characters to 1,021 and "...", and drops one without a description', () => {
    const l = run({
      '.agents/skills/long/SKILL.md': skill('long', 'é'.repeat(1100)),
      '.agents/skills/mute/SKILL.md': '---\nname: mute\n---\n',
    });
    assert.equal(l[0].status, 'cut');
    assert.equal(l[0].text, `- long: ${'é'.repeat(1021)}... (file: r1/long/SKILL.md)`);
    assert.deepEqual([l[1].name, l[1].status, l[1].text], ['mute', 'dropped', '']);
  });

  it('offers the project’s roles only in a trusted project; the user’s always; the project wins a name', () => {
    const tree = { '.codex/agents/r.toml': role('rev', 'Project.') };
    const home = { '.codex/agents/r.toml': role('rev', 'User.') };
    const untrusted = run(tree, { home }).filter((x) => x.kind === 'agent');
    assert.deepEqual(
      untrusted.map((x) => [x.status, x.text]),
      [
        ['included', 'rev: {\nUser.\n}'],
        ['untrusted', ''],
      ],
    );
    const trusted = run(tree, { home: { ...home, '.codex/config.toml': '[projects."{{root}}"]\ntrust_level = "trusted"\n' } }).filter(
      (x) => x.kind === 'agent',
    );
    assert.deepEqual(
      trusted.map((x) => [x.source, x.status]),
      [
        ['.codex/agents/r.toml', 'included'],
        ['~/.codex/agents/r.toml', 'shadowed'],
      ],
    );
  });

  it('turns a skill off by [[skills.config]] of the user config.toml (name or path; the last entry wins), and not renumbering by it', () => {
    const l = run(
      { '.agents/skills/a/SKILL.md': skill('a', 'Off.'), '.agents/skills/b/SKILL.md': skill('b', 'On again.') },
      {
        home: {
          '.codex/config.toml':
            '[[skills.config]]\npath = "{{root}}/.agents/skills/a/SKILL.md"\nenabled = false\n[[skills.config]]\nname = "b"\nenabled = false\n[[skills.config]]\nname = "b"\nenabled = true\n',
        },
      },
    );
    assert.deepEqual(
      l.map((x) => [x.name, x.status, x.text]),
      [
        ['b', 'included', '- b: On again. (file: r1/b/SKILL.md)'],
        ['a', 'not-loaded', ''],
      ],
    );
  });

  it('reads the entries back from the request, leaving Codex’s own skills and roles out', () => {
    const message =
      '<skills_instructions>\n## Skills\nintro\n### Skill roots\n- `r0` = `/h/.codex/skills/.system`\n- `r1` = `/t/.agents/skills`\n' +
      '### Available skills\n- imagegen: Makes images. (file: r0/imagegen/SKILL.md)\n- b: Repo b. (file: r1/b/SKILL.md)\n</skills_instructions>';
    assert.deepEqual(skillEntries(message), [
      { kind: 'skill', name: 'b', place: 'system-message', text: '- b: Repo b. (file: r1/b/SKILL.md)' },
    ]);
    const roles =
      'Agent type override.\nAvailable roles:\nrev: {\nReviews.\n}\ndefault: {\nDefault agent.\n}\nexplorer: {\nUse `explorer` for specific codebase questions.\nMore.\n}';
    assert.deepEqual(roleEntries(roles), [{ kind: 'agent', name: 'rev', place: 'tool-description', text: 'rev: {\nReviews.\n}' }]);
  });
});
