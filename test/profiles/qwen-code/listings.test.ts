/**
 * Qwen Code's listings (src/resolver/profiles/qwen-code/README.md, "Listings"): skills sorted by
 * name with their level, commands, subagents, the 8,000-character cut, on in-memory trees; the
 * pitfalls on real temporary trees through the lint engine. The oracle cases
 * (test/oracle/cases/qwen-code-listings.ts) check the same against the real agent.
 */
import { strict as assert } from 'node:assert';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { MemEntry, MemoryFs } from '../../../src/resolver/memory-fs';
import { Finding, lintWorkspace } from '../../../src/lint';
import { qwenCommand, qwenSkillHeader } from '../../../src/resolver/profiles/qwen-code/listings';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const HOME = '/home/u';
const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;
const agent = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nYou are ${name}.\n`;

function resolve(tree: Record<string, MemEntry>, targets: string[] = []): Evidence {
  const fs = new MemoryFs({ '/r/.git': { dir: true }, [HOME]: { dir: true }, ...tree });
  return resolveInstructions('/r', targets, { profile: 'qwen-code', fs, env: {}, homedir: HOME });
}

describe('qwen-code listings (src/resolver/profiles/qwen-code/README.md, Listings)', () => {
  it('skills sorted by name, then commands, then subagents; project before user on a clash', () => {
    const ev = resolve({
      '/r/.qwen/skills/z/SKILL.md': skill('zeta', 'Z.'),
      '/r/.agents/skills/a/SKILL.md': skill('Alpha', 'A.'),
      [`${HOME}/.qwen/skills/z/SKILL.md`]: skill('zeta', 'Mine.'),
      '/r/.qwen/commands/git/push.toml': 'description = "Push."\nprompt = "p"\n',
      '/r/.qwen/commands/plain.md': 'No header.\n',
      '/r/.qwen/agents/reviewer.md': agent('reviewer', 'Reviews.'),
    });
    assert.deepEqual(
      ev.listings.map((l) => [l.kind, l.name, l.status, l.place]),
      [
        ['skill', 'Alpha', 'included', 'first-user-message'],
        ['skill', 'zeta', 'included', 'first-user-message'],
        ['command', 'git:push', 'included', 'first-user-message'],
        ['command', 'plain', 'included', 'first-user-message'],
        ['agent', 'reviewer', 'included', 'tool-description'],
        ['skill', 'zeta', 'shadowed', 'first-user-message'],
      ],
    );
    assert.equal(
      ev.listings[0].text,
      '<skill>\n<name>\nAlpha\n</name>\n<description>\nA. (project)\n</description>\n<location>\nproject\n</location>\n</skill>',
    );
    assert.equal(
      ev.listings[3].text,
      '<skill>\n<name>\nplain\n</name>\n<description>\nCustom command from plain.md\n</description>\n</skill>',
    );
    assert.equal(ev.listings[4].text, '- **reviewer**: Reviews.');
  });

  it('over 8,000 characters with the bundled skills, each description is cut to its first line', () => {
    const long = `|\n  First line.\n${'  More text that makes the listing long, line after line after line.\n'.repeat(40)}`;
    const ev = resolve({ '/r/.qwen/skills/r/SKILL.md': `---\nname: release\ndescription: ${long}---\nBody.\n` });
    assert.equal(ev.listings[0].status, 'cut');
    assert.match(ev.listings[0].text, /<description>\nFirst line\. \(project\)\n<\/description>/);
  });

  it('a command named like a skill, a hidden skill, a paths skill nothing touched: not listed', () => {
    const ev = resolve({
      '/r/.qwen/skills/l/SKILL.md': skill('lint', 'L.'),
      '/r/.qwen/commands/lint.md': '---\ndescription: Lint.\n---\nx\n',
      '/r/.qwen/skills/h/SKILL.md': '---\nname: h\ndescription: H.\ndisable-model-invocation: true\n---\n',
      '/r/.qwen/skills/d/SKILL.md': '---\nname: docs\ndescription: D.\npaths: ["docs/**"]\n---\n',
    });
    assert.deepEqual(
      ev.listings.map((l) => [l.kind, l.name, l.status]),
      [
        ['skill', 'lint', 'included'],
        ['skill', 'h', 'not-loaded'],
        ['skill', 'docs', 'not-loaded'],
        ['command', 'lint', 'shadowed'],
      ],
    );
  });

  it('skill and command headers as Qwen reads them (its line reader when YAML fails)', () => {
    assert.deepEqual(qwenCommand('---\ndescription: [unclosed\n---\nx', 'x.md', '.md'), { description: '[unclosed', invocable: true });
    assert.ok('why' in qwenSkillHeader(skill('my skill', 'x')));
    assert.ok('why' in qwenSkillHeader('---\nname: a\n---\n'));
    assert.deepEqual(qwenSkillHeader('---\nname: n\ndescription: 42\nwhen_to_use: w\n---\n'), {
      name: 'n',
      description: '42',
      whenToUse: 'w',
      hidden: false,
    });
    assert.deepEqual(qwenCommand('prompt = "p"\n', 'x.toml', '.toml'), { description: 'Custom command from x.toml', invocable: true });
    assert.ok('why' in qwenCommand('description = "d"\n', 'x.toml', '.toml'));
    assert.ok('why' in qwenCommand('---\ndescription: 42\n---\nx', 'x.md', '.md'));
  });

  it('folder trust on and untrusted: the commands are listed all the same (seen in a run)', () => {
    const ev = resolve({
      [`${HOME}/.qwen/settings.json`]: JSON.stringify({ security: { folderTrust: { enabled: true } } }),
      [`${HOME}/.qwen/commands/mine.md`]: 'Mine.\n',
      '/r/.qwen/commands/deploy.md': 'Deploy.\n',
    });
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.status]),
      [
        ['deploy', 'included'],
        ['mine', 'included'],
      ],
    );
  });

  describe('pitfalls', () => {
    const temp = new TempDirs();
    after(() => temp.cleanup());

    function check(files: Record<string, FileSpec>): Finding[] {
      const root = temp.make('holaryn-qwen-');
      const homeDir = temp.make('holaryn-qwen-home-');
      writeTree(root, files);
      const result = lintWorkspace(root, {
        budgetCheck: false,
        agents: { agents: ['qwen-code'], env: { HOME: homeDir }, homedir: homeDir },
      });
      return result.findings.filter((f) => f.code.startsWith('agent-qwen-code-'));
    }

    it('a skill its header hides, a clash, a cut description', () => {
      const long = `|\n  First.\n${'  Line after line after line after line after line after line after line.\n'.repeat(40)}`;
      const findings = check({
        '.git/HEAD': 'ref: x\n',
        '.qwen/skills/bad/SKILL.md': '# no header\n',
        '.qwen/skills/a/SKILL.md': skill('deploy', 'One.'),
        '.agents/skills/b/SKILL.md': skill('deploy', 'Two.'),
        '.qwen/skills/long/SKILL.md': `---\nname: long\ndescription: ${long}---\n`,
      });
      assert.deepEqual(findings.map((f) => [f.code, f.file]).sort(), [
        ['agent-qwen-code-listing-clash', '.agents/skills/b/SKILL.md'],
        ['agent-qwen-code-listing-cut', '.qwen/skills/long/SKILL.md'],
        ['agent-qwen-code-skill-dropped', '.qwen/skills/bad/SKILL.md'],
      ]);
    });
  });
});
