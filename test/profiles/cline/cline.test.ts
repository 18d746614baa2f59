/**
 * The `cline` profile beside its oracle cases (test/oracle/cases/cline.ts, run against Cline CLI
 * 3.0.65): what the evidence says about the files Cline finds but does not send, bad input (a
 * diagnostic, never a crash), containment, and the rule file reader on its own.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver/resolve';
import { parseClineRule, ruleBody } from '../../../src/resolver/profiles/cline/rule';
import { clineRules } from '../../../src/resolver/profiles/cline';
import { TempDirs } from '../../helpers/cli';

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const abs = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  }
}

describe('cline profile', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, string>, home: Record<string, string> = {}, env: Record<string, string> = {}) {
    const root = temp.make('holaryn-cline-');
    const homedir = temp.make('holaryn-cline-home-');
    write(root, tree);
    write(homedir, home);
    const ev = resolveInstructions(root, [], { profile: 'cline', env, homedir });
    const status = Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
    const reason = Object.fromEntries(ev.sources.map((s) => [s.path, s.reason ?? '']));
    return { ev, root, homedir, status, reason };
  }

  it('sends every rule under "# Rules", one "## name" section each, sorted by name, in the system prompt', () => {
    const { ev } = run(
      { 'AGENTS.md': 'agents\n', '.clinerules/b.md': 'b text\n', '.cline/rules/a.txt': '\n a text \n' },
      { 'Documents/Cline/Rules/c.md': 'c\n' },
    );
    assert.equal(ev.contextParts.length, 1);
    assert.equal(ev.contextParts[0].place, 'system-prompt');
    assert.equal(ev.context, '# Rules\n## a\na text\n\n## b\nb text\n\n## c\nc\n\n## Workspace AGENTS.md\nagents');
    assert.deepEqual(ev.contextParts[0].sources, ['.cline/rules/a.txt', '.clinerules/b.md', '~/Documents/Cline/Rules/c.md', 'AGENTS.md']);
  });

  it('says why a rule is not sent: replaced by a later one of its name, turned off, dropped for bad frontmatter', () => {
    const { status, reason, ev } = run(
      {
        '.clinerules/style.md': 'workspace style\n',
        '.clinerules/off.md': '---\nenabled: false\n---\noff\n',
        '.clinerules/bad.md': '---\nname: [unclosed\n---\nbad\n',
        '.clinerules/keep.md': 'keep\n',
      },
      { '.cline/rules/STYLE.md': 'global style\n' },
    );
    assert.equal(status['.clinerules/style.md'], 'not-loaded');
    assert.match(reason['.clinerules/style.md'], /one rule per name.*~\/\.cline\/rules\/STYLE\.md/);
    assert.equal(status['~/.cline/rules/STYLE.md'], 'included');
    assert.equal(status['.clinerules/off.md'], 'not-loaded');
    assert.match(reason['.clinerules/off.md'], /turned off/);
    assert.equal(status['.clinerules/bad.md'], 'not-loaded');
    assert.ok(ev.diagnostics.some((d) => d.code === 'malformed-frontmatter' && d.source === '.clinerules/bad.md'));
    assert.equal(ev.context, '# Rules\n## keep\nkeep\n\n## STYLE\nglobal style');
  });

  it("gives no context and no error when there is no rule, and ignores other agents' files", () => {
    const { ev } = run({ 'CLAUDE.md': 'c\n', '.cursorrules': 'x\n', 'sub/AGENTS.md': 'nested\n' });
    assert.equal(ev.context, '');
    assert.deepEqual(ev.contextParts, []);
    assert.deepEqual(
      ev.diagnostics.filter((d) => d.severity === 'error'),
      [],
    );
  });

  it('reads CLINE_DIR instead of ~/.cline, named $CLINE_DIR', () => {
    const { ev } = run({}, { 'alt/rules/r.md': 'moved\n', '.cline/rules/d.md': 'default\n' }, { CLINE_DIR: 'alt' });
    assert.deepEqual(ev.contextParts[0]?.sources, ['$CLINE_DIR/rules/r.md']);
  });

  it('never prints a file outside the workspace that .clinerules links to: a placeholder and an error instead', () => {
    const outside = temp.make('holaryn-cline-outside-');
    fs.writeFileSync(path.join(outside, 'secret.md'), 'SECRET\n');
    const root = temp.make('holaryn-cline-');
    const homedir = temp.make('holaryn-cline-home-');
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(root, '.clinerules'));
    const ev = resolveInstructions(root, [], { profile: 'cline', env: {}, homedir });
    assert.ok(!ev.context.includes('SECRET'));
    assert.match(ev.context, /^# Rules\n## \.clinerules\n\[not shown: [^\]]+\]$/);
    assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-outside-root' && d.source === '.clinerules'));
  });

  it('does not crash on a rules folder it cannot list or a rule file that is a folder', () => {
    const { ev } = run({
      '.clinerules/x.md/inner.md': 'not a rule: x.md is a folder\n',
      '.cline/rules': 'a file where a folder is looked for\n',
    });
    assert.equal(ev.context, '');
  });
});

describe('cline rule files', () => {
  it('takes the name from the frontmatter (trimmed), else the fallback; the body trimmed', () => {
    assert.deepEqual(parseClineRule('---\nname: " Named "\n---\n\n body \n', 'file'), {
      ok: true,
      name: 'Named',
      disabled: false,
      instructions: 'body',
    });
    assert.deepEqual(parseClineRule('plain\n', 'file'), { ok: true, name: 'file', disabled: false, instructions: 'plain' });
    assert.deepEqual(parseClineRule('---\nname: ""\n---\nx', 'file'), { ok: true, name: 'file', disabled: false, instructions: 'x' });
  });

  it('turns a rule off with disabled: true or enabled: false; disabled decides when both are given', () => {
    assert.equal((parseClineRule('---\ndisabled: true\n---\nx', 'f') as { disabled: boolean }).disabled, true);
    assert.equal((parseClineRule('---\nenabled: false\n---\nx', 'f') as { disabled: boolean }).disabled, true);
    assert.equal((parseClineRule('---\ndisabled: false\nenabled: false\n---\nx', 'f') as { disabled: boolean }).disabled, false);
    assert.equal((parseClineRule('---\ndisabled: false\nenabled: 3\n---\nx', 'f') as { ok: boolean }).ok, true);
  });

  it('rejects what Cline rejects: bad YAML, a non-string name, a non-boolean flag, an empty body', () => {
    for (const text of [
      '---\nname: [x\n---\nbody',
      '---\nname: 42\n---\nbody',
      '---\ndisabled: yes please\n---\nbody',
      '---\nenabled: 1\n---\nb',
      '',
      ' \n\t',
      '---\nname: x\n---\n  \n',
    ])
      assert.equal(parseClineRule(text, 'f').ok, false, JSON.stringify(text));
  });

  it('reads a frontmatter block only at the very start, after a BOM, with LF or CRLF', () => {
    assert.equal(ruleBody('\ufeff---\nname: a\n---\nbody').body, 'body');
    assert.equal(ruleBody('---\r\nname: a\r\n---\r\nbody\r\n').body, 'body\r\n');
    assert.equal(ruleBody('x\n---\nname: a\n---\nbody').block, null);
    assert.equal(ruleBody('---\nno closing fence\nbody').block, null);
  });

  it('writes nothing for no rules, and one block for several', () => {
    assert.equal(clineRules([]), '');
    assert.equal(
      clineRules([
        { name: 'a', text: 'x' },
        { name: 'b', text: 'y\n\nz' },
      ]),
      '# Rules\n## a\nx\n\n## b\ny\n\nz',
    );
  });
});
