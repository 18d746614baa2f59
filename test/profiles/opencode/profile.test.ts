/**
 * The opencode profile on real temporary trees with a temporary home: what opencode 1.18.33's own
 * code does (its Instruction and Config services; the oracle suite checks the same against the
 * running release), the pitfall of an instructions glob that matches nothing, and bad
 * configuration (a diagnostic, never a crash).
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const GIT: Record<string, FileSpec> = { '.git/HEAD': 'ref: refs/heads/main\n', '.git/objects/.keep': '', '.git/refs/.keep': '' };

describe('opencode profile', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  function run(
    tree: Record<string, FileSpec>,
    opts: { home?: Record<string, FileSpec>; cwd?: string; targets?: string[]; env?: Record<string, string> } = {},
  ): { ev: Evidence; T: string; home: string } {
    const T = temp.make('holaryn-opencode-');
    const home = temp.make('holaryn-opencode-home-');
    writeTree(T, tree);
    writeTree(home, opts.home ?? {});
    const cwd = opts.cwd ? path.join(T, opts.cwd) : T;
    fs.mkdirSync(cwd, { recursive: true });
    const ev = resolveInstructions(cwd, opts.targets ?? [], { profile: 'opencode', env: opts.env ?? {}, homedir: home });
    return { ev, T, home };
  }
  const included = (ev: Evidence) => ev.sources.filter((s) => s.status === 'included').map((s) => s.path);

  it('sends the global file, then the project files of the first name found, nearest first, framed with absolute paths', () => {
    const { ev, T, home } = run(
      { ...GIT, 'AGENTS.md': 'Root.\n', 'sub/AGENTS.md': 'Sub.\n', 'sub/CLAUDE.md': 'Not sent.\n' },
      { cwd: 'sub', home: { '.config/opencode/AGENTS.md': 'Global.\n' } },
    );
    assert.deepEqual(included(ev), ['~/.config/opencode/AGENTS.md', 'AGENTS.md', '../AGENTS.md']);
    const claude = ev.sources.find((s) => s.path === 'CLAUDE.md');
    assert.equal(claude?.status, 'not-loaded');
    assert.match(claude?.reason ?? '', /found AGENTS\.md on its walk/);
    assert.equal(ev.contextParts.length, 1);
    assert.equal(ev.contextParts[0].place, 'system-prompt');
    assert.equal(
      ev.contextParts[0].text,
      `Instructions from: ${home}/.config/opencode/AGENTS.md\nGlobal.\n\nInstructions from: ${T}/sub/AGENTS.md\nSub.\n\nInstructions from: ${T}/AGENTS.md\nRoot.\n`,
    );
  });

  it('takes CLAUDE.md only when no AGENTS.md is on the walk, and not at all when OPENCODE_DISABLE_CLAUDE_CODE is set', () => {
    assert.deepEqual(included(run({ ...GIT, 'CLAUDE.md': 'C.\n' }).ev), ['CLAUDE.md']);
    assert.deepEqual(
      included(run({ ...GIT, 'CLAUDE.md': 'C.\n', 'CONTEXT.md': 'X.\n' }, { env: { OPENCODE_DISABLE_CLAUDE_CODE: '1' } }).ev),
      ['CONTEXT.md'],
    );
  });

  it('loads the files between the cwd and a file a read touches, in a <system-reminder>', () => {
    const { ev, T } = run(
      { ...GIT, 'AGENTS.md': 'Root.\n', 'pkg/AGENTS.md': 'Pkg.\n', 'pkg/src/a.ts': 'x\n' },
      { targets: ['pkg/src/a.ts'] },
    );
    const part = ev.contextParts.find((p) => p.place === 'tool-result');
    assert.ok(part);
    assert.equal(part.text, `<system-reminder>\nInstructions from: ${T}/pkg/AGENTS.md\nPkg.\n\n</system-reminder>`);
  });

  it('globs instructions entries up the walk, and warns of one that matches nothing (pitfall)', () => {
    const { ev } = run({
      ...GIT,
      'opencode.json': JSON.stringify({ instructions: ['docs/*.md', 'rules/*.md'] }),
      'docs/a.md': 'A.\n',
    });
    assert.deepEqual(included(ev), ['docs/a.md']);
    const warning = ev.diagnostics.find((d) => d.message.includes('"rules/*.md"'));
    assert.ok(warning, JSON.stringify(ev.diagnostics));
    assert.equal(warning.severity, 'warning');
    assert.ok(ev.configFiles?.includes('opencode.json'));
  });

  it('reports an empty file as sending nothing, and sends a blank one as it is', () => {
    const empty = run({ ...GIT, 'AGENTS.md': '', 'CLAUDE.md': 'Behind an empty file.\n' }).ev;
    assert.deepEqual(included(empty), []);
    assert.equal(empty.sources.find((s) => s.path === 'AGENTS.md')?.status, 'not-loaded');
    assert.equal(run({ ...GIT, 'AGENTS.md': ' \n' }).ev.contextParts[0]?.text.endsWith('AGENTS.md\n \n'), true);
  });

  it('gives a diagnostic for malformed configuration and still answers', () => {
    const { ev } = run({ ...GIT, 'opencode.jsonc': '{ "instructions": [', 'AGENTS.md': 'Still here.\n' });
    assert.deepEqual(included(ev), ['AGENTS.md']);
    assert.ok(ev.diagnostics.some((d) => d.code === 'malformed-config' && d.source === 'opencode.jsonc'));
    const bad = run({ ...GIT, 'opencode.json': JSON.stringify({ instructions: 'AGENTS.md' }), 'AGENTS.md': 'x\n' }).ev;
    assert.ok(bad.diagnostics.some((d) => d.code === 'invalid-value'));
  });

  it('never prints a file outside the workspace that a repository link leads to', () => {
    const outside = temp.make('holaryn-opencode-outside-');
    fs.writeFileSync(path.join(outside, 'secret.md'), 'SECRET\n');
    const T = temp.make('holaryn-opencode-');
    writeTree(T, GIT);
    fs.symlinkSync(path.join(outside, 'secret.md'), path.join(T, 'AGENTS.md'));
    const ev = resolveInstructions(T, [], { profile: 'opencode', env: {}, homedir: temp.make('holaryn-opencode-home-') });
    assert.ok(!ev.context.includes('SECRET'));
  });
});
