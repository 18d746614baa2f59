/**
 * Gemini CLI's listings (src/resolver/profiles/gemini/README.md, "Listings"): skills and
 * subagents in Gemini's order with their exact entries, on in-memory trees; the pitfalls on real
 * temporary trees through the lint engine. The oracle cases (test/oracle/cases/gemini-listings.ts)
 * check the same against the real agent.
 */
import { strict as assert } from 'node:assert';
import { createHash } from 'node:crypto';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { MemEntry, MemoryFs } from '../../../src/resolver/memory-fs';
import { Finding, lintWorkspace } from '../../../src/lint';
import { geminiAgentHeader, geminiSkillHeader } from '../../../src/resolver/profiles/gemini/listings';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const HOME = '/home/u';
const TRUST = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };
const skill = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`;
const agent = (name: string, description: string) => `---\nname: ${name}\ndescription: ${description}\n---\nYou are ${name}.\n`;
const sha = (t: string) => createHash('sha256').update(t).digest('hex');

function resolve(tree: Record<string, MemEntry>, env: Record<string, string> = TRUST): Evidence {
  const fs = new MemoryFs({ '/r/.git': { dir: true }, [HOME]: { dir: true }, ...tree });
  return resolveInstructions('/r', [], { profile: 'gemini', fs, env, homedir: HOME });
}

const rows = (ev: Evidence) => ev.listings.map((l) => [l.kind, l.name, l.status, l.source]);

describe('gemini listings (src/resolver/profiles/gemini/README.md, Listings)', () => {
  it('skills: user folders, then the trusted project folders; one folder in reverse name order; the exact entry', () => {
    const ev = resolve({
      '/r/.gemini/skills/a/SKILL.md': skill('a', 'A.'),
      '/r/.gemini/skills/b/SKILL.md': skill('b', 'B.'),
      '/r/.agents/skills/c/SKILL.md': skill('c', 'C.'),
      [`${HOME}/.gemini/skills/u/SKILL.md`]: skill('u', 'U.'),
      [`${HOME}/.agents/skills/v/SKILL.md`]: skill('v', 'V.'),
    });
    assert.deepEqual(rows(ev), [
      ['skill', 'u', 'included', '~/.gemini/skills/u/SKILL.md'],
      ['skill', 'v', 'included', '~/.agents/skills/v/SKILL.md'],
      ['skill', 'b', 'included', '.gemini/skills/b/SKILL.md'],
      ['skill', 'a', 'included', '.gemini/skills/a/SKILL.md'],
      ['skill', 'c', 'included', '.agents/skills/c/SKILL.md'],
    ]);
    assert.equal(
      ev.listings[2].text,
      '  <skill>\n    <name>b</name>\n    <description>B.</description>\n    <location>/r/.gemini/skills/b/SKILL.md</location>\n  </skill>',
    );
    assert.equal(ev.listings[2].place, 'system-prompt');
  });

  it("a clash: the later folder wins in the earlier one's place, the loser is shadowed", () => {
    const ev = resolve({
      '/r/.gemini/skills/d/SKILL.md': skill('deploy', 'Project.'),
      [`${HOME}/.gemini/skills/d/SKILL.md`]: skill('deploy', 'Mine.'),
      [`${HOME}/.gemini/skills/z/SKILL.md`]: skill('zz', 'Z.'),
    });
    assert.deepEqual(rows(ev), [
      ['skill', 'zz', 'included', '~/.gemini/skills/z/SKILL.md'],
      ['skill', 'deploy', 'included', '.gemini/skills/d/SKILL.md'],
      ['skill', 'deploy', 'shadowed', '~/.gemini/skills/d/SKILL.md'],
    ]);
  });

  it('untrusted: project skills are untrusted, user ones listed', () => {
    const ev = resolve(
      { '/r/.gemini/skills/p/SKILL.md': skill('p', 'P.'), [`${HOME}/.gemini/skills/u/SKILL.md`]: skill('u', 'U.') },
      { GEMINI_CLI_TRUST_WORKSPACE: 'false' },
    );
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.status, l.text === '']),
      [
        ['u', 'included', false],
        ['p', 'untrusted', true],
      ],
    );
  });

  it('skills.disabled (any case) and skills.enabled false: not loaded', () => {
    const tree = { '/r/.gemini/skills/l/SKILL.md': skill('lint', 'L.'), '/r/.gemini/skills/k/SKILL.md': skill('keep', 'K.') };
    const disabled = resolve({ ...tree, [`${HOME}/.gemini/settings.json`]: JSON.stringify({ skills: { disabled: ['LINT'] } }) });
    assert.deepEqual(
      disabled.listings.map((l) => [l.name, l.status]),
      [
        ['lint', 'not-loaded'],
        ['keep', 'included'],
      ],
    );
    const off = resolve({ ...tree, [`${HOME}/.gemini/settings.json`]: JSON.stringify({ skills: { enabled: false } }) });
    assert.ok(off.listings.every((l) => l.status === 'not-loaded'));
  });

  it("skill headers: the YAML reader, then Gemini's line reader; the name sanitized; no header is dropped", () => {
    assert.deepEqual(geminiSkillHeader(skill('"a:b/c"', 'D.')), { name: 'a-b-c', description: 'D.' });
    assert.deepEqual(geminiSkillHeader('---\nname: x\ndescription: Use when: y\n---\n'), { name: 'x', description: 'Use when: y' });
    assert.deepEqual(geminiSkillHeader('---\nname: n\ndescription: 42\n---\n'), { name: 'n', description: '42' });
    assert.ok('why' in geminiSkillHeader('# no header\n'));
    assert.ok('why' in geminiSkillHeader('---\nname: x\n---\n'));
  });

  it('agents: a project agent only once acknowledged (its sha256 for the root), then home agents; a clash is shadowed', () => {
    const reviewer = agent('reviewer', 'Reviews.');
    const ev = resolve({
      '/r/.gemini/agents/reviewer.md': reviewer,
      '/r/.gemini/agents/other.md': agent('other', 'Not accepted.'),
      [`${HOME}/.gemini/agents/reviewer.md`]: agent('reviewer', 'Mine.'),
      [`${HOME}/.gemini/agents/helper.md`]: agent('helper', 'Helps.'),
      [`${HOME}/.gemini/acknowledgments/agents.json`]: JSON.stringify({ '/r': { reviewer: sha(reviewer) } }),
    });
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.status, l.source]),
      [
        ['reviewer', 'included', '.gemini/agents/reviewer.md'],
        ['helper', 'included', '~/.gemini/agents/helper.md'],
        ['other', 'not-loaded', '.gemini/agents/other.md'],
        ['reviewer', 'shadowed', '~/.gemini/agents/reviewer.md'],
      ],
    );
    assert.equal(ev.listings[0].text, '- reviewer -> Reviews.');
  });

  it('agent headers: unknown keys, a bad slug, no description are load errors; a literal block loses its last line break', () => {
    assert.ok('why' in geminiAgentHeader('---\nname: a\ndescription: d\ncolor: blue\n---\n'));
    assert.ok('why' in geminiAgentHeader(agent('Bad Name', 'd')));
    assert.ok('why' in geminiAgentHeader('---\nname: a\n---\n'));
    assert.deepEqual(geminiAgentHeader('---\nname: a\ndescription: |\n  x\n  y\n---\n'), { name: 'a', description: 'x\ny' });
  });

  describe('pitfalls', () => {
    const temp = new TempDirs();
    after(() => temp.cleanup());

    function check(files: Record<string, FileSpec>, home: Record<string, FileSpec> = {}): Finding[] {
      const root = temp.make('holaryn-gemini-');
      const homeDir = temp.make('holaryn-gemini-home-');
      writeTree(root, files);
      writeTree(homeDir, home);
      const result = lintWorkspace(root, {
        budgetCheck: false,
        agents: { agents: ['gemini'], env: { HOME: homeDir, ...TRUST }, homedir: homeDir },
      });
      return result.findings.filter((f) => f.code.startsWith('agent-gemini-'));
    }

    it('a skill whose header hides it, a name clash, an unacknowledged agent', () => {
      const findings = check({
        '.git/HEAD': 'ref: x\n',
        '.gemini/skills/nohead/SKILL.md': '# no header\n',
        '.gemini/skills/a/SKILL.md': skill('deploy', 'One.'),
        '.agents/skills/b/SKILL.md': skill('deploy', 'Two.'),
        '.gemini/agents/reviewer.md': agent('reviewer', 'Reviews.'),
      });
      assert.deepEqual(findings.map((f) => [f.code, f.file]).sort(), [
        ['agent-gemini-agent-unacknowledged', '.gemini/agents/reviewer.md'],
        ['agent-gemini-listing-clash', '.gemini/skills/a/SKILL.md'],
        ['agent-gemini-skill-dropped', '.gemini/skills/nohead/SKILL.md'],
      ]);
    });

    it('clean skills give no finding', () => {
      assert.deepEqual(check({ '.git/HEAD': 'ref: x\n', '.gemini/skills/a/SKILL.md': skill('a', 'A.') }), []);
    });
  });
});
