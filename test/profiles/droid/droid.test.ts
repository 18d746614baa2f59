/**
 * The `droid` profile beside its oracle cases (test/oracle/cases/droid.ts, run against Factory
 * Droid 0.215.0): what the evidence says about the files and listing entries Droid finds but does
 * not send (a case twin, a link, a file past its limits, a skill it drops or shadows), and its
 * framing and limits on their own.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver/resolve';
import { SESSION_LIMIT, TOUCH_LIMIT, droidShown, truncationLine } from '../../../src/resolver/profiles/droid/fit';
import { nameKey, skillLine } from '../../../src/resolver/profiles/droid/listings';
import { sessionFolders, touchedFolders } from '../../../src/resolver/profiles/droid/folders';
import type { ContextSource } from '../../../src/resolver/profile';
import { TempDirs } from '../../helpers/cli';

function write(root: string, files: Record<string, string | { link: string }>): void {
  for (const [rel, entry] of Object.entries(files)) {
    const abs = path.join(root, ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof entry === 'string') fs.writeFileSync(abs, entry);
    else fs.symlinkSync(entry.link, abs);
  }
}

const source = (content: string, extra: Partial<ContextSource> = {}): ContextSource => ({
  path: 'AGENTS.md',
  content,
  appliesTo: null,
  commands: [],
  delivery: 'baseline',
  tag: 'coding',
  ...extra,
});

describe('droid profile', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(tree: Record<string, string | { link: string }>, home: Record<string, string> = {}, targets: string[] = [], cwd = '') {
    const base = temp.make('holaryn-droid-');
    const root = path.join(base, 'repo');
    const homedir = path.join(base, 'home');
    write(root, tree);
    write(homedir, home);
    const ev = resolveInstructions(path.join(root, cwd), targets, { profile: 'droid', env: {}, homedir });
    const status = Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
    const reason = Object.fromEntries(ev.sources.map((s) => [s.path, s.reason ?? '']));
    return { ev, root, status, reason };
  }

  it('sends CLAUDE.md then AGENTS.md of each folder, nearest first, then the home’s, in the first user message', () => {
    const { ev } = run(
      { '.git/HEAD': 'ref\n', 'AGENTS.md': 'root\n', 'pkg/CLAUDE.md': 'pkg claude\n', 'pkg/AGENTS.md': 'pkg agents\n' },
      { '.factory/AGENTS.md': 'home\n' },
      [],
      'pkg',
    );
    assert.equal(ev.contextParts.length, 1);
    assert.equal(ev.contextParts[0].place, 'first-user-message');
    assert.deepEqual(ev.contextParts[0].sources, ['CLAUDE.md', 'AGENTS.md', '../AGENTS.md', '~/.factory/AGENTS.md']);
    assert.match(ev.context, /^# Codebase and user instructions are shown below\./);
    assert.match(
      ev.context,
      /\n## Personal Global Instructions:\n% cat ~\/\.factory\/AGENTS\.md\n<coding_guidelines>\nhome\n<\/coding_guidelines>$/,
    );
  });

  it('says why a case twin and a linked file are not sent', () => {
    const { status, reason, ev } = run({
      '.git/HEAD': 'ref\n',
      'CLAUDE.md': 'a\n',
      'Claude.md': 'b\n',
      'real.md': 'r\n',
      'AGENTS.md': { link: 'real.md' },
    });
    assert.equal(status['CLAUDE.md'], 'included');
    assert.equal(status['Claude.md'], 'not-loaded');
    assert.match(reason['Claude.md'], /differ only by case.*CLAUDE\.md is read/);
    assert.equal(status['AGENTS.md'], undefined);
    assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-refused' && d.source === 'AGENTS.md'));
  });

  it('loads the folders below the git root down to a read file, after the read, and nothing for a new file', () => {
    const tree = { '.git/HEAD': 'ref\n', 'AGENTS.md': 'root\n', 'src/AGENTS.md': 'src\n', 'src/x.ts': 'x\n' };
    const read = run(tree, {}, ['src/x.ts']);
    assert.equal(read.status['src/AGENTS.md'], 'included');
    assert.equal(read.ev.contextParts[1].place, 'tool-result');
    assert.match(
      read.ev.contextParts[1].text,
      /^<system-reminder>\nAdditional project instructions discovered along the accessed paths:\n\n## \/.*\/src\/AGENTS\.md\n<coding_guidelines>\nsrc\n<\/coding_guidelines>$/,
    );
    const write = run(tree, {}, ['src/new.ts']);
    assert.equal(write.status['src/AGENTS.md'], undefined);
  });

  it('cuts the session files at 80,000 characters with a marker, and drops what follows', () => {
    const first = 'a'.repeat(50_000);
    const shown = droidShown([source(first), source('b'.repeat(50_000)), source('c\n')]);
    assert.deepEqual(
      shown.map((s) => s.status),
      ['included', 'truncated', 'omitted'],
    );
    const used = `<coding_guidelines>\n${first}\n</coding_guidelines>`.length;
    assert.equal(shown[1].body, `${'b'.repeat(SESSION_LIMIT - used - 100)}\n${truncationLine()}`);
    const tight = droidShown([source('a'.repeat(SESSION_LIMIT - 40 - 150)), source('b'.repeat(300))]);
    assert.equal(tight[1].status, 'omitted');
  });

  it('gives design files their own limit and each read its own 40,000, passing over a file that does not fit', () => {
    const design = droidShown([source('a'.repeat(70_000)), source('d'.repeat(70_000), { tag: 'design' })]);
    assert.deepEqual(
      design.map((s) => s.status),
      ['included', 'included'],
    );
    const touch = (content: string) => source(content, { delivery: 'on-touch', facts: { call: 0 } });
    const read = droidShown([touch('a'.repeat(30_000)), touch('b'.repeat(TOUCH_LIMIT - 30_000 + 1)), touch('c\n')]);
    assert.deepEqual(
      read.map((s) => s.status),
      ['included', 'omitted', 'included'],
    );
  });

  it('walks the working directory with its .factory, .agents and .agent up to the git root, the home folders last', () => {
    const P = path.posix;
    const walk = sessionFolders(P, '/r/a', '/h', '/r').map((f) => `${f.dir}${f.personal ? ' (personal)' : ''}`);
    assert.deepEqual(walk, [
      '/r/a',
      '/r/a/.factory',
      '/r/a/.agents',
      '/r/a/.agent',
      '/r',
      '/r/.factory',
      '/r/.agents',
      '/r/.agent',
      '/h/.factory (personal)',
      '/h/.agents (personal)',
      '/h/.agent (personal)',
    ]);
    assert.deepEqual(
      sessionFolders(P, '/r/a', '/h', undefined)
        .slice(0, 5)
        .map((f) => f.dir),
      ['/r/a', '/r/a/.factory', '/r/a/.agents', '/r/a/.agent', '/h/.factory'],
    );
    assert.deepEqual(touchedFolders(P, '/r/a/b', '/r/a', '/h', '/r'), ['/r/a', '/r/a/b']);
    assert.deepEqual(touchedFolders(P, '/h/.factory/x', '/h', '/h', undefined), []);
  });

  it('lists skills and droids with what Droid leaves out and why', () => {
    const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: About ${name}.\n${extra}---\nBody.\n`;
    const { ev } = run(
      {
        '.git/HEAD': 'ref\n',
        '.factory/skills/ok/SKILL.md': skill('ok'),
        '.factory/skills/bad/SKILL.md': skill('Bad'),
        '.agents/skills/ok/SKILL.md': skill('ok'),
        '.factory/droids/rev.md': '---\nname: rev\ndescription: Reviews.\n---\nYou review.\n',
      },
      { '.factory/droids/scrutiny-feature-reviewer.md': '---\nname: scrutiny-feature-reviewer\ndescription: x\n---\ny\n' },
    );
    const byStatus = ev.listings.map((l) => [l.kind, l.name, l.status, l.text]);
    assert.deepEqual(byStatus, [
      ['skill', 'Bad', 'dropped', ''],
      ['skill', 'ok', 'included', 'ok: About ok.'],
      ['skill', 'ok', 'shadowed', ''],
      ['agent', 'rev', 'included', '- rev: Reviews. (location: project)'],
      ['agent', 'scrutiny-feature-reviewer', 'not-loaded', ''],
    ]);
  });

  it('writes a skill line as Droid does: white space made one space, a long description cut, clashes by a loose key', () => {
    assert.equal(skillLine('a', ' two\n  lines\t'), 'a: two lines');
    assert.equal(skillLine('a', ''), 'a: No description provided');
    const long = skillLine('a', 'x'.repeat(2000));
    assert.equal(long.length, 'a: '.length + 1024);
    assert.ok(long.endsWith('\u2026'));
    assert.equal(nameKey('My_Skill--x'), 'my-skill-x');
  });
});
