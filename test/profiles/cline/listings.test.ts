/**
 * The cline profile's listings (skill names in the `skills` tool's description) and their
 * pitfalls, on real temporary trees with a temporary home: the rules read from Cline CLI 3.0.65's
 * embedded code and checked by test/oracle/cases/cline-listings.ts.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver';
import { lintWorkspace } from '../../../src/lint';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const skill = (name: string) => `---\nname: ${name}\ndescription: About ${name}.\n---\nBody.\n`;

describe('cline listings', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, FileSpec>, opts: { home?: Record<string, FileSpec>; cwd?: string; env?: Record<string, string> } = {}) {
    const T = temp.make('holaryn-cline-list-');
    const home = temp.make('holaryn-cline-list-home-');
    writeTree(T, { '.git': { dir: true }, ...tree });
    writeTree(home, opts.home ?? {});
    const cwd = opts.cwd ? path.join(T, opts.cwd) : T;
    fs.mkdirSync(cwd, { recursive: true });
    return resolveInstructions(cwd, [], { profile: 'cline', env: opts.env ?? {}, homedir: home });
  }
  const sent = (ev: ReturnType<typeof run>) => ev.listings.filter((l) => l.status === 'included').map((l) => l.text);

  it('names the skills of the workspace folders, then of the home, each entry its name, in the tool description', () => {
    const ev = run(
      {
        '.agents/skills/c/SKILL.md': skill('gamma'),
        '.cline/skills/b/SKILL.md': skill('beta'),
        '.clinerules/skills/a/SKILL.md': skill('alpha'),
        '.claude/skills/x/SKILL.md': skill('not-read'),
      },
      { home: { '.cline/skills/h/SKILL.md': skill('home-cline'), '.agents/skills/h/SKILL.md': skill('home-agents') } },
    );
    assert.deepEqual(sent(ev), ['alpha', 'beta', 'gamma', 'home-cline', 'home-agents']);
    assert.ok(ev.listings.every((l) => l.place === 'tool-description' && l.kind === 'skill'));
    assert.equal(ev.listings.find((l) => l.name === 'home-cline')?.source, '~/.cline/skills/h/SKILL.md');
  });

  it('takes the folder name without a header name, and a SKILL.md right in the skills folder as "skills"', () => {
    const ev = run({ '.agents/skills/folder/SKILL.md': 'Body only.\n', '.cline/skills/SKILL.md': 'Body.\n' });
    assert.deepEqual(sent(ev).sort(), ['folder', 'skills']);
  });

  it('keeps one skill per name in the first one’s place, the later one’s name shown; a turned-off one hides both', () => {
    const ev = run(
      {
        '.clinerules/skills/d/SKILL.md': skill('deploy'),
        '.clinerules/skills/z/SKILL.md': skill('zz'),
        '.agents/skills/D/SKILL.md': skill('Deploy'),
        '.agents/skills/l/SKILL.md': skill('lint'),
      },
      { home: { '.agents/skills/l/SKILL.md': '---\nname: lint\ndisabled: true\n---\nBody.\n' } },
    );
    assert.deepEqual(
      sent(ev).filter((n) => n !== 'zz'),
      ['Deploy'],
    );
    const shadowed = ev.listings
      .filter((l) => l.status === 'shadowed')
      .map((l) => l.source)
      .sort();
    assert.deepEqual(shadowed, ['.agents/skills/l/SKILL.md', '.clinerules/skills/d/SKILL.md']);
    assert.equal(ev.listings.find((l) => l.source === '~/.agents/skills/l/SKILL.md')?.status, 'not-loaded');
  });

  it('drops a skill with an empty body, a bad header, or a name or description that is not text', () => {
    const ev = run({
      '.agents/skills/a/SKILL.md': '---\nname: empty\n---\n',
      '.agents/skills/b/SKILL.md': '---\nname: [oops\n---\nBody.\n',
      '.agents/skills/c/SKILL.md': '---\nname: 42\n---\nBody.\n',
      '.agents/skills/d/SKILL.md': '---\nname: d\ndescription: 42\n---\nBody.\n',
    });
    assert.deepEqual(sent(ev), []);
    assert.equal(ev.listings.filter((l) => l.status === 'dropped').length, 4);
  });

  it('finds a replaced and a dropped workspace skill (check --agents)', () => {
    const root = temp.make('holaryn-cline-list-pit-');
    const home = temp.make('holaryn-cline-list-pit-home-');
    writeTree(root, {
      '.git': { dir: true },
      '.clinerules/skills/d/SKILL.md': skill('deploy'),
      '.agents/skills/D/SKILL.md': skill('Deploy'),
      '.agents/skills/e/SKILL.md': '---\nname: empty\n---\n',
    });
    const result = lintWorkspace(root, { budgetCheck: false, agents: { agents: ['cline'], env: { HOME: home }, homedir: home } });
    const found = result.findings
      .filter((f) => f.code.startsWith('agent-cline-skill'))
      .map((f) => [f.code, f.file, f.line])
      .sort();
    assert.deepEqual(found, [
      ['agent-cline-skill-dropped', '.agents/skills/e/SKILL.md', 2],
      ['agent-cline-skill-replaced', '.clinerules/skills/d/SKILL.md', 2],
    ]);
    assert.match(
      result.findings.find((f) => f.code === 'agent-cline-skill-replaced')!.message,
      /\.agents\/skills\/D\/SKILL\.md is a skill of the same name/,
    );
  });
});
