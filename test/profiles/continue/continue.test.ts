/**
 * The `continue` profile beside its oracle cases (test/oracle/cases/continue.ts, run against
 * Continue CLI 1.5.47): what the evidence says about the files Continue finds but does not send,
 * its skills listing, and the rule reader and the listing order on their own.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver/resolve';
import { breadthFirst } from '../../../src/resolver/profiles/continue/discover';
import { userRulesBlock } from '../../../src/resolver/profiles/continue/format';
import { continueRule, parseMarkdownRule } from '../../../src/resolver/profiles/continue/rule';
import { skillEntry, skillHeader } from '../../../src/resolver/profiles/continue/skills';
import { TempDirs } from '../../helpers/cli';

function write(root: string, files: Record<string, string | { link: string }>): void {
  for (const [rel, e] of Object.entries(files)) {
    const abs = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof e === 'string') fs.writeFileSync(abs, e);
    else fs.symlinkSync(e.link, abs);
  }
}

describe('continue profile', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, string | { link: string }>, home: Record<string, string> = {}, env: Record<string, string> = {}) {
    const root = temp.make('holaryn-continue-');
    const homedir = temp.make('holaryn-continue-home-');
    write(root, tree);
    write(homedir, home);
    const ev = resolveInstructions(root, [], { profile: 'continue', env, homedir });
    const status = Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
    const reason = Object.fromEntries(ev.sources.map((s) => [s.path, s.reason ?? '']));
    return { ev, root, homedir, status, reason };
  }

  it('sends the first agent name whole, then the rules, in one userRules block in the system prompt', () => {
    const { ev, status } = run(
      { 'AGENT.md': 'Agent.\n', 'CLAUDE.md': 'Claude.\n', '.continue/rules/a.md': '---\nname: a\n---\n\nRule a.\n\n' },
      { '.continue/rules/g.md': 'Global.\n' },
    );
    assert.equal(ev.contextParts.length, 1);
    assert.equal(ev.contextParts[0].place, 'system-prompt');
    assert.equal(ev.context, '<context name="userRules">\nAgent.\n\n\nRule a.\n\nGlobal.\n\n</context>');
    assert.deepEqual(ev.contextParts[0].sources, ['AGENT.md', '.continue/rules/a.md', '~/.continue/rules/g.md']);
    assert.equal(status['CLAUDE.md'], 'shadowed');
    assert.equal(ev.profileVersion, 'Continue CLI 1.5.47');
  });

  it('says why a rule is not sent: not always applied, invokable, no text', () => {
    const { status, reason, ev } = run({
      '.continue/rules/g.md': '---\nglobs: "*.ts"\n---\nTS.\n',
      '.continue/rules/i.md': '---\ninvokable: true\n---\nPrompt.\n',
      '.continue/rules/e.md': '---\nname: e\n---\n\n',
      '.continue/rules/k.md': 'Kept.\n',
    });
    assert.equal(status['.continue/rules/g.md'], 'not-loaded');
    assert.match(reason['.continue/rules/g.md'], /^not always applied \(its globs\)/);
    assert.match(reason['.continue/rules/i.md'], /^invokable/);
    assert.match(reason['.continue/rules/e.md'], /no text after its frontmatter/);
    assert.equal(status['.continue/rules/k.md'], 'included');
    assert.equal(ev.context, '<context name="userRules">\nKept.\n\n</context>');
  });

  it('a folder named AGENTS.md stops the search: nothing is sent and CLAUDE.md is not read', () => {
    const { status, reason, ev } = run({ 'AGENTS.md/x.md': 'x\n', 'CLAUDE.md': 'Claude.\n' });
    assert.equal(status['AGENTS.md'], undefined);
    assert.deepEqual(ev.skipped, [{ path: 'AGENTS.md', reason: 'unreadable' }]);
    assert.equal(status['CLAUDE.md'], 'not-loaded');
    assert.match(reason['CLAUDE.md'], /stops at AGENTS\.md/);
    assert.equal(ev.context, '');
  });

  it('CONTINUE_GLOBAL_DIR moves the user folder, named so in the evidence', () => {
    const { ev } = run({}, { 'cfg/rules/r.md': 'Moved.\n', '.continue/rules/old.md': 'Old.\n' }, {});
    assert.deepEqual(
      ev.sources.map((s) => s.path),
      ['~/.continue/rules/old.md'],
    );
    const home = temp.make('holaryn-continue-home-');
    write(home, { 'cfg/rules/r.md': 'Moved.\n' });
    const moved = resolveInstructions(temp.make('holaryn-continue-'), [], {
      profile: 'continue',
      env: { CONTINUE_GLOBAL_DIR: path.join(home, 'cfg') },
      homedir: home,
    });
    assert.deepEqual(
      moved.sources.map((s) => [s.path, s.status]),
      [['$CONTINUE_GLOBAL_DIR/rules/r.md', 'included']],
    );
  });

  it('lists skills in the Skills tool description: included entries with their text, dropped and linked ones said', () => {
    const { ev } = run({
      '.continue/skills/a/SKILL.md': '---\nname: alpha\ndescription: First.\n---\nBody.\n',
      '.claude/skills/b/SKILL.md': '---\nname: beta\n---\nNo description.\n',
      'common/c/SKILL.md': '---\nname: gamma\ndescription: Linked.\n---\n',
      '.claude/skills/c': { link: '../../common/c' },
    });
    assert.deepEqual(
      ev.listings.map((l) => [l.kind, l.name, l.source, l.status, l.place, l.text]),
      [
        ['skill', 'alpha', '.continue/skills/a/SKILL.md', 'included', 'tool-description', '\nname: alpha\ndescription: First.\n'],
        ['skill', 'b', '.claude/skills/b/SKILL.md', 'dropped', 'tool-description', ''],
        ['skill', 'c', '.claude/skills/c/SKILL.md', 'not-loaded', 'tool-description', ''],
      ],
    );
  });

  it('parseMarkdownRule: any two "---" lines, CRLF made LF, the rest joined back; YAML that fails keeps the whole text', () => {
    assert.deepEqual(parseMarkdownRule('intro\n---\na: 1\n---\nx\n---\ny\n'), {
      frontmatter: { a: 1 },
      markdown: 'x\n---\ny',
      parsed: true,
    });
    assert.deepEqual(parseMarkdownRule('---\r\na: [\r\n---\r\nx\r\n'), { frontmatter: {}, markdown: '---\na: [\n---\nx\n', parsed: false });
    assert.deepEqual(parseMarkdownRule('just text\n'), { frontmatter: {}, markdown: 'just text\n', parsed: false });
  });

  it('continueRule: always applied unless globs, regex or alwaysApply say otherwise', () => {
    assert.deepEqual(continueRule('---\nalwaysApply: true\nglobs: x\n---\nA\n'), { sent: true, text: 'A' });
    assert.equal(continueRule('---\nglobs: []\n---\nA\n').sent, false);
    assert.equal(continueRule('---\nglobs: ""\n---\nA\n').sent, true);
    assert.equal(continueRule('---\nalwaysApply: "true"\n---\nA\n').sent, false);
    assert.equal(continueRule('---\n- a list\n---\nA\n').sent, true, 'a frontmatter that is not a mapping says nothing');
  });

  it('breadthFirst orders paths as Node’s recursive readdirSync lists them', () => {
    const paths = [['a', 'c', 'd.md'], ['b', 'a.md'], ['z.md'], ['a', 'b.md'], ['A.md']];
    assert.deepEqual(
      [...paths].sort(breadthFirst).map((p) => p.join('/')),
      ['A.md', 'z.md', 'a/b.md', 'b/a.md', 'a/c/d.md'],
    );
  });

  it('skillHeader and skillEntry: both keys non-empty strings; one entry as the tool writes it', () => {
    assert.deepEqual(skillHeader('---\nname: n\ndescription: d\n---\n'), { name: 'n', description: 'd' });
    assert.ok('why' in skillHeader('---\nname: n\ndescription: 3\n---\n'));
    assert.ok('why' in skillHeader('no header'));
    assert.equal(skillEntry('n', 'd'), '\nname: n\ndescription: d\n');
  });

  it('userRulesBlock: nothing without text; a blank line between the agent file and the rules', () => {
    assert.equal(userRulesBlock('', []), '');
    assert.equal(userRulesBlock('A', []), '<context name="userRules">\nA\n</context>');
    assert.equal(userRulesBlock('', ['r']), '<context name="userRules">\nr\n</context>');
    assert.equal(userRulesBlock('A', ['r', 's']), '<context name="userRules">\nA\n\nr\n\ns\n</context>');
  });
});
