/**
 * The pi profile on real temporary trees with a temporary home: what pi 0.73.1's own code does
 * (resource-loader.js and system-prompt.js; the oracle suite checks the same against the running
 * release): the names and their order per folder, the walk from / down to the working directory,
 * the agent folder (and PI_CODING_AGENT_DIR), SYSTEM.md and APPEND_SYSTEM.md, and the text.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, profileByName, resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const HEADER = '# Project Context\n\nProject-specific instructions and guidelines:\n\n';

describe('pi profile', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(
    tree: Record<string, FileSpec>,
    opts: { home?: Record<string, FileSpec>; cwd?: string; env?: Record<string, string> } = {},
  ): { ev: Evidence; T: string; home: string } {
    const T = fs.realpathSync(temp.make('holaryn-pi-'));
    const home = fs.realpathSync(temp.make('holaryn-pi-home-'));
    writeTree(T, tree);
    writeTree(home, opts.home ?? {});
    const cwd = opts.cwd ? path.join(T, opts.cwd) : T;
    fs.mkdirSync(cwd, { recursive: true });
    const ev = resolveInstructions(cwd, [], { profile: 'pi', env: opts.env ?? {}, homedir: home });
    return { ev, T, home };
  }
  const included = (ev: Evidence) => ev.sources.filter((s) => s.status === 'included').map((s) => s.path);
  const status = (ev: Evidence, p: string) => ev.sources.find((s) => s.path === p);

  it('sends the agent folder’s file, then one file per folder from the top down to the working directory', () => {
    const { ev, T, home } = run(
      { '.git': { dir: true }, 'AGENTS.md': 'Root.\n', 'CLAUDE.md': 'Passed over.\n', 'a/CLAUDE.md': 'A.\n', 'a/b/AGENTS.MD': '' },
      { cwd: 'a/b', home: { '.pi/agent/AGENTS.md': 'Global.\n' } },
    );
    assert.deepEqual(included(ev), ['~/.pi/agent/AGENTS.md', '../../AGENTS.md', '../CLAUDE.md', 'AGENTS.MD']);
    assert.equal(status(ev, '../../CLAUDE.md')?.status, 'not-loaded');
    assert.match(status(ev, '../../CLAUDE.md')?.reason ?? '', /one file per folder: \.\.\/\.\.\/AGENTS\.md is there/);
    assert.deepEqual(ev.contextParts.length, 1);
    assert.equal(ev.contextParts[0].place, 'system-prompt');
    assert.equal(
      ev.contextParts[0].text,
      `${HEADER}## ${home}/.pi/agent/AGENTS.md\n\nGlobal.\n\n\n## ${T}/AGENTS.md\n\nRoot.\n\n\n## ${T}/a/CLAUDE.md\n\nA.\n\n\n## ${T}/a/b/AGENTS.MD\n\n\n\n`,
    );
  });

  it('passes over a folder named AGENTS.md and never reads a deeper folder', () => {
    const { ev } = run({ 'AGENTS.md/x.md': 'x\n', 'CLAUDE.md': 'C.\n', 'deep/AGENTS.md': 'Deep.\n' });
    assert.deepEqual(included(ev), ['CLAUDE.md']);
  });

  it('reads the agent folder PI_CODING_AGENT_DIR names instead of ~/.pi/agent', () => {
    const { ev, home } = run(
      { 'AGENTS.md': 'P.\n' },
      { home: { '.pi/agent/AGENTS.md': 'Default.\n', 'custom/CLAUDE.md': 'Custom.\n' }, env: { PI_CODING_AGENT_DIR: '~/custom' } },
    );
    assert.deepEqual(included(ev), ['$PI_CODING_AGENT_DIR/CLAUDE.md', 'AGENTS.md']);
    assert.ok(ev.contextParts[0].text.includes(`## ${home}/custom/CLAUDE.md\n\nCustom.\n\n\n`));
  });

  it('puts SYSTEM.md, then APPEND_SYSTEM.md, then the project context, joined by blank lines; the project’s files first', () => {
    const { ev, T } = run(
      { '.pi/SYSTEM.md': 'System.\n', '.pi/APPEND_SYSTEM.md': 'Append.', 'AGENTS.md': 'A.\n' },
      { home: { '.pi/agent/SYSTEM.md': 'Global system.\n', '.pi/agent/APPEND_SYSTEM.md': 'Global append.\n' } },
    );
    assert.deepEqual(included(ev), ['.pi/SYSTEM.md', '.pi/APPEND_SYSTEM.md', 'AGENTS.md']);
    assert.equal(status(ev, '~/.pi/agent/SYSTEM.md')?.status, 'not-loaded');
    assert.equal(status(ev, '~/.pi/agent/APPEND_SYSTEM.md')?.status, 'not-loaded');
    assert.equal(ev.contextParts[0].text, `System.\n\n\nAppend.\n\n${HEADER}## ${T}/AGENTS.md\n\nA.\n\n\n`);
  });

  it('keeps its own prompt for an empty SYSTEM.md, which still shadows the global one; a parent’s .pi is not read', () => {
    const empty = run({ '.pi/SYSTEM.md': '', 'AGENTS.md': 'A.\n' }, { home: { '.pi/agent/SYSTEM.md': 'Global.\n' } }).ev;
    assert.deepEqual(included(empty), ['AGENTS.md']);
    assert.match(status(empty, '.pi/SYSTEM.md')?.reason ?? '', /empty: pi keeps its own system prompt/);
    assert.equal(status(empty, '~/.pi/agent/SYSTEM.md')?.status, 'not-loaded');
    const parent = run({ '.pi/SYSTEM.md': 'Root system.\n', 'sub/x.ts': '' }, { cwd: 'sub' }).ev;
    assert.deepEqual(parent.sources, []);
    assert.deepEqual(parent.contextParts, []);
  });

  it('keeps a BOM and carriage returns, and reads invalid UTF-8 as U+FFFD', () => {
    const { ev, T } = run({ 'AGENTS.md': Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a, 0xff, 0x0a]) });
    assert.equal(ev.contextParts[0].text, `${HEADER}## ${T}/AGENTS.md\n\n\ufeffa\r\n\ufffd\n\n\n`);
  });

  it('names the home files capture copies: the agent folder’s context and prompt files, and both skills folders', () => {
    const pi = profileByName('pi');
    const files = pi.homeFiles!({
      fs: { path: path.posix } as never,
      env: {},
      homedir: '/h',
      settings: {},
      options: {} as never,
      cwd: '/r',
    });
    assert.deepEqual(files, [
      '/h/.pi/agent/AGENTS.md',
      '/h/.pi/agent/AGENTS.MD',
      '/h/.pi/agent/CLAUDE.md',
      '/h/.pi/agent/CLAUDE.MD',
      '/h/.pi/agent/SYSTEM.md',
      '/h/.pi/agent/APPEND_SYSTEM.md',
      '/h/.pi/agent/skills',
      '/h/.pi/agent/settings.json',
      '/h/.agents/skills',
    ]);
  });
  it('lists skills in pi’s order with pi’s entry text, and says why the others are not listed', () => {
    const skill = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\nbody\n`;
    const { ev, T, home } = run(
      {
        '.git': { dir: true },
        '.agents/skills/root/SKILL.md': skill('root', 'At the root.'),
        'app/.agents/skills/near/SKILL.md': skill('near', 'Near & <dear>.'),
        'app/.pi/skills/first/SKILL.md': skill('dup', 'First wins.'),
        'app/.pi/skills/quick.md': skill('quick', 'A file.'),
        'app/.agents/skills/second/SKILL.md': skill('dup', 'Loses.'),
        'app/.agents/skills/hidden/SKILL.md': skill('hidden', 'Manual.', 'disable-model-invocation: true\n'),
        'app/.agents/skills/nodesc/SKILL.md': '---\nname: nodesc\n---\n',
      },
      { cwd: 'app', home: { '.agents/skills/mine/SKILL.md': skill('mine', 'Home.') } },
    );
    const listed = ev.listings.map((l) => [l.name, l.status, l.source]);
    assert.deepEqual(listed, [
      ['dup', 'included', '.pi/skills/first/SKILL.md'],
      ['quick', 'included', '.pi/skills/quick.md'],
      ['hidden', 'not-loaded', '.agents/skills/hidden/SKILL.md'],
      ['near', 'included', '.agents/skills/near/SKILL.md'],
      ['nodesc', 'not-loaded', '.agents/skills/nodesc/SKILL.md'],
      ['dup', 'shadowed', '.agents/skills/second/SKILL.md'],
      ['root', 'included', '../.agents/skills/root/SKILL.md'],
      ['mine', 'included', '~/.agents/skills/mine/SKILL.md'],
    ]);
    const near = ev.listings.find((l) => l.name === 'near');
    assert.equal(
      near?.text,
      `  <skill>\n    <name>near</name>\n    <description>Near &amp; &lt;dear&gt;.</description>\n    <location>${T}/app/.agents/skills/near/SKILL.md</location>\n  </skill>`,
    );
    assert.equal(near?.place, 'system-prompt');
    assert.ok(ev.listings.find((l) => l.name === 'mine')?.text.includes(`<location>${home}/.agents/skills/mine/SKILL.md</location>`));
  });
});
