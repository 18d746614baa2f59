/**
 * The `auggie` profile beside its oracle cases (test/oracle/cases/auggie.ts, run against Auggie
 * 0.36.0): the order and text of what its CLI's request carries, what the evidence says of the
 * files and skills Auggie finds but does not send (a manual rule, a link, the editor's user
 * guidelines, a skill it drops, shadows or hides), and its rule-file reading on its own.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver/resolve';
import { RULE_TYPE, auggieRule, ruleText, sharedType } from '../../../src/resolver/profiles/auggie/rules';
import { skillText } from '../../../src/resolver/profiles/auggie/skills';
import { TempDirs } from '../../helpers/cli';

type Entry = string | { link: string };

function write(root: string, files: Record<string, Entry>): void {
  for (const [rel, entry] of Object.entries(files)) {
    const abs = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof entry === 'string') fs.writeFileSync(abs, entry);
    else fs.symlinkSync(entry.link, abs);
  }
}

describe('auggie profile', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, Entry>, home: Record<string, Entry> = {}, cwd = '') {
    const base = temp.make('holaryn-auggie-');
    const root = path.join(base, 'repo');
    const homedir = path.join(base, 'home');
    fs.mkdirSync(root, { recursive: true });
    fs.mkdirSync(homedir, { recursive: true });
    write(root, tree);
    write(homedir, home);
    const ev = resolveInstructions(path.join(root, cwd), [], { profile: 'auggie', env: {}, homedir });
    const status = Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
    const reason = Object.fromEntries(ev.sources.map((s) => [s.path, s.reason ?? '']));
    return { ev, root, homedir, status, reason };
  }

  it('sends the guidelines, then AGENTS.md, CLAUDE.md, the workspace rules and the user rules, one part each', () => {
    const { ev } = run(
      {
        '.git/HEAD': 'ref\n',
        'CLAUDE.md': 'claude\n',
        'AGENTS.md': 'agents\n',
        '.augment-guidelines': 'guidelines\n',
        '.augment/rules/b.md': '---\ndescription: when b\n---\nb body\n',
        '.augment/rules/A.mdc': 'A\n',
      },
      { '.augment/rules/mine.md': 'mine\n' },
    );
    assert.deepEqual(
      ev.contextParts.map((p) => [p.place, p.sources, p.text]),
      [
        ['system-prompt', ['.augment-guidelines'], 'guidelines\n'],
        ['system-prompt', ['AGENTS.md'], 'agents\n'],
        ['system-prompt', ['CLAUDE.md'], 'claude\n'],
        ['system-prompt', ['.augment/rules/A.mdc'], 'A\n'],
        ['system-prompt', ['.augment/rules/b.md'], 'b body\n\nwhen b'],
        ['system-prompt', ['~/.augment/rules/mine.md'], 'mine\n'],
      ],
    );
  });

  it('reads from the git root, not from the working directory below it', () => {
    const { ev, status } = run(
      { '.git': 'gitdir: x\n', 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'pkg\n', 'pkg/.augment-guidelines': 'pkg guidelines\n' },
      {},
      'pkg',
    );
    assert.deepEqual(
      ev.contextParts.flatMap((p) => p.sources),
      ['../AGENTS.md'],
    );
    assert.equal(status['AGENTS.md'], undefined, 'the working directory’s AGENTS.md is no candidate');
  });

  it('keeps a manual rule out, from its header or from the rules settings, and says why', () => {
    const { status, reason, ev } = run({
      '.git/HEAD': 'ref\n',
      'AGENTS.md': 'agents\n',
      'CLAUDE.md': '---\ntype: manual\n---\nclaude, manual in its header only\n',
      '.augment/rules/settings.json': JSON.stringify({ sharedRules: [{ path: 'AGENTS.md', type: 'MANUAL' }] }),
      '.augment/rules/m.md': '---\ntype: manual\n---\nmanual\n',
    });
    assert.equal(status['AGENTS.md'], 'not-loaded');
    assert.match(reason['AGENTS.md'], /manual in \.augment\/rules\/settings\.json/);
    assert.equal(status['.augment/rules/m.md'], 'not-loaded');
    assert.match(reason['.augment/rules/m.md'], /manual in its header/);
    assert.deepEqual(
      ev.contextParts.flatMap((p) => p.sources),
      ['CLAUDE.md'],
    );
  });

  it('reads no linked workspace file, but follows links in ~/.augment/rules', () => {
    const { ev } = run(
      { '.git/HEAD': 'ref\n', 'real.md': 'real\n', 'AGENTS.md': { link: 'real.md' }, '.augment/rules/l.md': { link: '../../real.md' } },
      { 'notes/n.md': 'note\n', '.augment/rules/n.md': { link: '../../notes/n.md' } },
    );
    assert.deepEqual(ev.skipped, [{ path: 'AGENTS.md', reason: 'symlink-refused' }]);
    assert.deepEqual(
      ev.diagnostics.filter((d) => d.code === 'symlink-refused').map((d) => d.source),
      ['.augment/rules/l.md', 'AGENTS.md'],
    );
    assert.deepEqual(
      ev.contextParts.flatMap((p) => p.sources),
      ['~/.augment/rules/n.md'],
    );
  });

  it('shows the editor’s user guidelines and an empty guidelines file as not sent', () => {
    const { status, reason, ev } = run({ '.git/HEAD': 'ref\n', '.augment-guidelines': '' }, { '.augment/user-guidelines.md': 'mine\n' });
    assert.equal(status['.augment-guidelines'], 'not-loaded');
    assert.equal(status['~/.augment/user-guidelines.md'], 'not-loaded');
    assert.match(reason['~/.augment/user-guidelines.md'], /user_guidelines empty/);
    assert.equal(ev.contextParts.length, 0);
  });

  it('lists the skills of ~/.augment, .augment, ~/.claude, .claude, ~/.agents and .agents, with their strings one a line', () => {
    const skill = (name: string, d: string, extra = '') => `---\nname: ${name}\ndescription: ${d}\n${extra}---\nbody\n`;
    const { ev, root, homedir } = run(
      {
        '.git/HEAD': 'ref\n',
        '.claude/skills/wc/SKILL.md': skill('wc', 'workspace claude'),
        '.claude/skills/clash/SKILL.md': skill('ha', 'loses to the home’s'),
        '.agents/skills/bad/SKILL.md': skill('Bad', 'upper case'),
        '.agents/skills/hid/SKILL.md': skill('hid', 'hidden', 'hidden: true\n'),
        '.agents/skills/off/SKILL.md': skill('off', 'disabled'),
      },
      {
        '.augment/skills/ha/SKILL.md': skill('ha', 'home augment'),
        '.augment/feature-config.json': JSON.stringify({ skillModes: { off: 'disabled' } }),
      },
    );
    const realHome = fs.realpathSync(homedir);
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.status, l.source]),
      [
        ['ha', 'included', '~/.augment/skills/ha/SKILL.md'],
        ['ha', 'shadowed', '.claude/skills/clash/SKILL.md'],
        ['wc', 'included', '.claude/skills/wc/SKILL.md'],
        ['Bad', 'dropped', '.agents/skills/bad/SKILL.md'],
        ['hid', 'not-loaded', '.agents/skills/hid/SKILL.md'],
        ['off', 'not-loaded', '.agents/skills/off/SKILL.md'],
      ],
    );
    assert.equal(ev.listings[0].place, 'system-prompt');
    assert.equal(ev.listings[0].text, `ha\nhome augment\n${path.join(realHome, '.augment/skills/ha/SKILL.md')}\nuser`);
    assert.equal(ev.listings[2].text, `wc\nworkspace claude\n${path.join(fs.realpathSync(root), '.claude/skills/wc/SKILL.md')}\n.claude`);
  });

  it('passes over a skill at the same path below a later folder, whatever its name', () => {
    const { ev } = run(
      { '.git/HEAD': 'ref\n', '.claude/skills/foo/SKILL.md': '---\nname: bar\ndescription: second\n---\n' },
      { '.augment/skills/foo/SKILL.md': '---\nname: baz\ndescription: first\n---\n' },
    );
    assert.deepEqual(
      ev.listings.map((l) => [l.name, l.status]),
      [
        ['baz', 'included'],
        ['foo', 'shadowed'],
      ],
    );
  });
});

describe('auggie rule files', () => {
  it('takes the header out as Auggie’s regular expression matches it', () => {
    assert.deepEqual(auggieRule('---\ndescription: d\n---\nbody\n'), {
      content: 'body\n',
      description: 'd',
      headerType: RULE_TYPE.requested,
    });
    assert.equal(auggieRule('---\ndescription: d\n---').content, '---\ndescription: d\n---', 'no line break after the closing line');
    assert.equal(auggieRule('\ufeff---\na: 1\n---\nx\n').content, '\ufeff---\na: 1\n---\nx\n', 'a BOM before it');
    assert.equal(auggieRule('---\r\ndescription: c\r\n---\r\nbody\r\n').content, 'body\r\n');
    assert.deepEqual(auggieRule('---\n: : bad\n---\nkept\n'), { content: 'kept\n', description: undefined, headerType: undefined });
  });

  it('types a rule by type, then alwaysApply, then a description', () => {
    assert.equal(auggieRule('---\ntype: Manual\n---\n').headerType, RULE_TYPE.manual);
    assert.equal(auggieRule('---\nalwaysApply: true\ndescription: d\n---\n').headerType, RULE_TYPE.always);
    assert.equal(auggieRule('---\nalwaysApply: "true"\n---\n').headerType, undefined);
    assert.equal(auggieRule('---\ntype: bogus\ndescription: d\n---\n').headerType, RULE_TYPE.requested);
    assert.equal(auggieRule('---\ndescription: 42\n---\n').description, '42');
    assert.equal(sharedType('agent_requested'), RULE_TYPE.requested);
    assert.equal(sharedType('nonsense'), RULE_TYPE.always);
    assert.equal(sharedType(undefined), RULE_TYPE.always);
  });

  it('writes a rule’s text and a skill’s entry as the request carries their strings', () => {
    assert.equal(ruleText({ content: 'body\n', description: 'when' }), 'body\n\nwhen');
    assert.equal(ruleText({ content: 'body\n', description: undefined }), 'body\n');
    assert.equal(skillText({ name: 'n', description: 'd', location: '/a/SKILL.md', source: '.agents' }), 'n\nd\n/a/SKILL.md\n.agents');
  });
});
