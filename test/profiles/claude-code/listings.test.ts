/**
 * The `claude-code` profile's listings (README.md in its folder, "Listings"): the skills, commands
 * and subagents Claude Code 2.1.328 lists, each entry's status and text, on real temporary trees
 * with a temporary home and managed folder. The oracle cases (test/oracle/cases/claude-code-listings.ts)
 * check the same rules against the release itself.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { compareNames } from '../../../src/resolver/profiles/claude-code/listings';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const temp = new TempDirs();
after(() => temp.cleanup());

function listings(
  tree: Record<string, FileSpec>,
  opts: { targets?: string[]; cwd?: string; home?: Record<string, FileSpec>; env?: Record<string, string> } = {},
): Evidence['listings'] {
  const T = temp.make('holaryn-claude-listings-');
  const home = temp.make('holaryn-home-');
  const managed = temp.make('holaryn-managed-');
  writeTree(T, { '.git/HEAD': 'ref: refs/heads/main\n', ...tree });
  writeTree(home, opts.home ?? {});
  const cwd = path.join(T, ...(opts.cwd ?? '').split('/').filter(Boolean));
  fs.mkdirSync(cwd, { recursive: true });
  const ev = resolveInstructions(cwd, opts.targets ?? [], {
    profile: 'claude-code',
    settings: {},
    env: { HOLARYN_CLAUDE_MANAGED_DIR: managed, ...opts.env },
    homedir: home,
  });
  return ev.listings;
}

const skill = (description: string, extra = ''): string => `---\ndescription: ${description}\n${extra}---\nbody\n`;
const sent = (ls: Evidence['listings']) => ls.filter((l) => l.status === 'included' || l.status === 'cut').map((l) => l.text);

describe('claude-code listings', () => {
  it('lists a folder of skills by name, case folded, as `- name: description` in a system message', () => {
    const ls = listings({ '.claude/skills/beta/SKILL.md': skill('B'), '.claude/skills/Alpha/SKILL.md': skill('A') });
    assert.deepEqual(sent(ls), ['- Alpha: A', '- beta: B']);
    assert.ok(ls.every((l) => l.kind === 'skill' && l.place === 'system-message'));
    assert.deepEqual(
      ls.map((l) => l.source),
      ['.claude/skills/Alpha/SKILL.md', '.claude/skills/beta/SKILL.md'],
    );
  });

  it('appends when_to_use and shows a frontmatter name in brackets', () => {
    const ls = listings({
      '.claude/skills/deploy/SKILL.md': skill('Deploys', 'when_to_use: On release\nname: shipper\n'),
    });
    assert.deepEqual(sent(ls), ['- deploy (shipper): Deploys - On release']);
  });

  it('cuts a description over 1,536 characters to 1,535 and an ellipsis', () => {
    const ls = listings({ '.claude/skills/long/SKILL.md': skill('x'.repeat(2000)) });
    assert.equal(ls[0].status, 'cut');
    assert.equal(ls[0].text, `- long: ${'x'.repeat(1535)}\u2026`);
    assert.match(ls[0].reason ?? '', /over 1536/);
  });

  it('describes a skill without a description by its first body line, and reads a bad header again with its values quoted', () => {
    const ls = listings({
      '.claude/skills/a/SKILL.md': '---\nname: a\n---\n# Heading text\n',
      '.claude/skills/b/SKILL.md': '---\ndescription: [draft\n---\nbody\n',
    });
    assert.deepEqual(sent(ls), ['- a: Heading text', '- b: [draft']);
  });

  it('drops a skill or command whose name Claude Code does not show, and says why', () => {
    const ls = listings({
      '.claude/skills/two words/SKILL.md': skill('ok'),
      '.claude/skills/a  b/SKILL.md': skill('two spaces'),
      '.claude/skills/a\u200bb/SKILL.md': skill('zero width'),
      '.claude/skills/\u0301x/SKILL.md': skill('lone mark'),
      '.claude/commands/ops:deploy.md': skill('ok'),
      '.claude/commands/:lead.md': skill('colon first'),
      '.claude/commands/a<b.md': skill('less than'),
    });
    assert.deepEqual(sent(ls), ['- two words: ok', '- ops:deploy: ok']);
    assert.deepEqual(
      ls.filter((l) => l.status === 'dropped').map((l) => [l.name, l.reason]),
      [
        ['a  b', 'its name holds a blank-like character, two spaces, or a space at an end'],
        ['a\u200bb', 'its name holds a hidden or direction-changing character'],
        ['\u0301x', 'its name holds a combining mark with nothing to combine with'],
        [':lead', 'its name has a space by a colon, or a colon at an end'],
        ['a<b', 'its name holds a control character, < or >'],
      ],
    );
  });

  it("keeps the user's skill of a name over the project's, and skills over commands", () => {
    const ls = listings(
      { '.claude/skills/lint/SKILL.md': skill('project'), '.claude/commands/lint.md': '---\ndescription: command\n---\n' },
      { home: { '.claude/skills/lint/SKILL.md': skill('mine') } },
    );
    assert.deepEqual(sent(ls), ['- lint: mine']);
    const shadowed = ls.filter((l) => l.status === 'shadowed').map((l) => l.source);
    assert.deepEqual(shadowed, ['.claude/skills/lint/SKILL.md', '.claude/commands/lint.md']);
  });

  it('leaves out disable-model-invocation and skillOverrides off, lists name-only by name', () => {
    const ls = listings({
      '.claude/settings.json': JSON.stringify({ skillOverrides: { off: 'off', short: 'name-only' } }),
      '.claude/skills/hidden/SKILL.md': skill('h', 'disable-model-invocation: true\n'),
      '.claude/skills/off/SKILL.md': skill('o'),
      '.claude/skills/short/SKILL.md': skill('s'),
    });
    assert.deepEqual(sent(ls), ['- short']);
    assert.deepEqual(
      ls.filter((l) => l.status === 'not-loaded').map((l) => l.name),
      ['hidden', 'off'],
    );
  });

  it('lists a skill with paths only when a matching path is touched, and nested skills folders on the way to a touched file', () => {
    const tree = {
      '.claude/skills/ts/SKILL.md': skill('T', 'paths: "src/**/*.ts"\n'),
      'src/.claude/skills/inner/SKILL.md': skill('I'),
      'src/a.ts': 'x\n',
    };
    assert.deepEqual(sent(listings(tree)), []);
    const touched = listings(tree, { targets: ['src/a.ts'] });
    assert.deepEqual(sent(touched), ['- inner: I (from src/.claude/skills \u2014 applies when working on files under src/)', '- ts: T']);
  });

  it('shortens the listing over its budget: descriptions kept in order while they fit', () => {
    const ls = listings(
      {
        '.claude/skills/a/SKILL.md': skill('a'.repeat(150)),
        '.claude/skills/b/SKILL.md': skill('b'.repeat(150)),
      },
      // Claude Code's own skills take 6,210 characters; room for one of these.
      { env: { SLASH_COMMAND_TOOL_CHAR_BUDGET: '6300' } },
    );
    assert.deepEqual(
      ls.map((l) => [l.status, l.text]),
      [
        ['included', `- a: ${'a'.repeat(150)}`],
        ['cut', '- b'],
      ],
    );
  });

  it('lists subagents by their header name with their tools, the project over the home, and drops one without a description', () => {
    const ls = listings(
      {
        '.claude/agents/r.md': '---\nname: reviewer\ndescription: Reviews\\nthings\ntools: Read, Grep\n---\n',
        '.claude/agents/w.md': '---\nname: writer\ndescription: Writes\ndisallowedTools: [Bash]\n---\n',
        '.claude/agents/n.md': '---\nname: nodesc\n---\n',
      },
      { home: { '.claude/agents/r.md': '---\nname: reviewer\ndescription: home one\n---\n' } },
    );
    assert.deepEqual(sent(ls), ['- reviewer: Reviews\nthings (Tools: Read, Grep)', '- writer: Writes (Tools: All tools except Bash)']);
    assert.ok(ls.some((l) => l.kind === 'agent' && l.status === 'dropped' && l.source === '.claude/agents/n.md'));
    assert.ok(ls.some((l) => l.status === 'shadowed' && l.source === '~/.claude/agents/r.md'));
  });

  it('orders names as Claude Code does: ASCII by locale before the rest', () => {
    assert.deepEqual(['zeta', 'Plan', 'éclair', 'claude', 'Explore'].sort(compareNames), ['claude', 'Explore', 'Plan', 'zeta', 'éclair']);
  });
});
