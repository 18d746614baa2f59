/**
 * The `claude-code` profile against docs/agents.md (`claude-code`), one test per rule, on real
 * temporary trees with a temporary home and managed policy folder.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, ResolveError, resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const temp = new TempDirs();
after(() => temp.cleanup());

interface Run {
  ev: Evidence;
  T: string;
  cwd: string;
  home: string;
}

function claude(
  tree: Record<string, FileSpec>,
  targets: string[],
  opts: {
    cwd?: string;
    settings?: Record<string, string>;
    home?: Record<string, FileSpec>;
    managed?: Record<string, FileSpec>;
    env?: Record<string, string>;
  } = {},
): Run {
  const T = temp.make('holaryn-claude-');
  const home = temp.make('holaryn-home-');
  const managed = temp.make('holaryn-managed-');
  writeTree(T, tree);
  writeTree(home, opts.home ?? {});
  writeTree(managed, opts.managed ?? {});
  const cwd = path.join(T, ...(opts.cwd ?? 'p').split('/'));
  fs.mkdirSync(cwd, { recursive: true });
  const env = { HOLARYN_CLAUDE_MANAGED_DIR: managed, ...opts.env };
  const ev = resolveInstructions(cwd, targets, { profile: 'claude-code', settings: opts.settings ?? {}, env, homedir: home });
  return { ev, T, cwd, home };
}

/** Sources at or below the temporary directory (the machine's own ancestors left out). */
function mine(run: Run): Evidence['sources'] {
  const levels = path.relative(run.T, run.cwd).split(path.sep).length;
  return run.ev.sources.filter((s) => s.path.split('/').filter((p) => p === '..').length <= levels);
}
const loaded = (run: Run) =>
  mine(run)
    .filter((s) => s.status === 'included')
    .map((s) => s.path);
const source = (run: Run, p: string) => {
  const s = run.ev.sources.find((x) => x.path === p);
  assert.ok(s, `${p} not reported: ${JSON.stringify(run.ev.sources.map((x) => [x.path, x.status]))}`);
  return s;
};

describe('claude-code profile (docs/agents.md, claude-code)', () => {
  it('up, eagerly: managed first, then the user\u2019s files, then CLAUDE.md and CLAUDE.local.md from the top down to the cwd, where .claude/CLAUDE.md and rules without paths sit between them', () => {
    const run = claude(
      {
        'CLAUDE.md': 'top',
        'p/CLAUDE.md': 'main',
        'p/CLAUDE.local.md': 'local',
        'p/.claude/CLAUDE.md': 'dot',
        'p/.claude/rules/b.md': 'rule b',
        'p/.claude/rules/a/a.md': 'rule a',
        'p/.claude/rules/scoped.md': '---\npaths: "src/**"\n---\nscoped',
      },
      [],
      { managed: { 'CLAUDE.md': 'policy' }, home: { '.claude/CLAUDE.md': 'mine', '.claude/rules/u.md': 'user rule' } },
    );
    assert.deepEqual(loaded(run), [
      '$HOLARYN_CLAUDE_MANAGED_DIR/CLAUDE.md',
      '~/.claude/CLAUDE.md',
      '~/.claude/rules/u.md',
      '../CLAUDE.md',
      'CLAUDE.md',
      '.claude/CLAUDE.md',
      '.claude/rules/a/a.md',
      '.claude/rules/b.md',
      'CLAUDE.local.md',
    ]);
    assert.ok(
      mine(run)
        .filter((s) => s.status === 'included')
        .every((s) => s.delivery === 'baseline'),
    );
    assert.equal(source(run, '.claude/rules/scoped.md').status, 'not-applicable');
  });

  it('CLAUDE_CONFIG_DIR moves ~/.claude', () => {
    const run = claude({ 'p/CLAUDE.md': 'x' }, [], { home: { 'cfg/CLAUDE.md': 'moved' }, env: { CLAUDE_CONFIG_DIR: '~/cfg' } });
    assert.deepEqual(loaded(run), ['$CLAUDE_CONFIG_DIR/CLAUDE.md', 'CLAUDE.md']);
  });

  it('down, lazily, on a READ: subdirectory CLAUDE.md files and matching path rules load on touch; a write loads nothing and says so', () => {
    const tree = {
      'p/CLAUDE.md': 'main',
      'p/src/CLAUDE.md': 'src',
      'p/src/x.ts': 'x',
      'p/.claude/rules/ts.md': '---\npaths:\n  - "src/**/*.{ts,tsx}"\n---\nts',
    };
    const read = claude(tree, ['src/x.ts']);
    assert.deepEqual(loaded(read), ['CLAUDE.md', 'src/CLAUDE.md', '.claude/rules/ts.md']);
    assert.equal(source(read, 'src/CLAUDE.md').delivery, 'on-touch');
    assert.equal(source(read, '.claude/rules/ts.md').delivery, 'on-touch');
    const write = claude(tree, ['src/new.ts']);
    assert.deepEqual(loaded(write), ['CLAUDE.md']);
    assert.equal(source(write, 'src/CLAUDE.md').status, 'not-loaded');
    assert.match(source(write, 'src/CLAUDE.md').reason!, /not a read/);
    assert.equal(source(write, '.claude/rules/ts.md').status, 'not-loaded');
    assert.match(source(write, '.claude/rules/ts.md').reason!, /write/);
  });

  it('path rules: a string or a list, relative to the cwd, an invalid pattern matches nothing while the others still work', () => {
    const run = claude(
      {
        'p/.claude/rules/one.md': '---\npaths: "*.md"\n---\none',
        'p/.claude/rules/bad.md': '---\npaths:\n  - "photos [2024/**"\n---\nbad',
        'p/photos [2024/a.png': 'png',
        'p/README.md': 'r',
      },
      ['README.md', 'photos [2024/a.png'],
    );
    assert.equal(source(run, '.claude/rules/one.md').status, 'included');
    assert.equal(source(run, '.claude/rules/bad.md').status, 'not-applicable');
  });

  it('AGENTS.md is not-loaded ("reads AGENTS.md only through an @AGENTS.md import"), with a pitfall warning', () => {
    const run = claude({ 'p/AGENTS.md': 'agents' }, []);
    assert.equal(source(run, 'AGENTS.md').status, 'not-loaded');
    assert.equal(source(run, 'AGENTS.md').reason, 'Claude Code reads AGENTS.md only through an @AGENTS.md import');
    assert.ok(run.ev.diagnostics.some((d) => d.code === 'agent-pitfall' && d.source === 'AGENTS.md' && d.severity === 'warning'));
    const imported = claude({ 'p/AGENTS.md': 'agents', 'p/CLAUDE.md': '@AGENTS.md\nmore' }, []);
    assert.deepEqual(loaded(imported), ['AGENTS.md', 'CLAUDE.md']);
  });

  it('imports: outside code, relative to the importer, ~/ from home, 4 hops, each file once, separate entries before the importer', () => {
    const run = claude(
      {
        'p/CLAUDE.md': 'see @docs/a.md and `@span.md` and @docs/a.md again @~/prefs.md\n```\n@fenced.md\n```\n',
        'p/docs/a.md': '@b.md',
        'p/docs/b.md': '@c.md',
        'p/docs/c.md': '@d.md',
        'p/docs/d.md': '@e.md',
        'p/docs/e.md': 'too deep',
        'p/span.md': 's',
        'p/fenced.md': 'f',
      },
      [],
      { home: { 'prefs.md': 'prefs' } },
    );
    assert.deepEqual(loaded(run), ['docs/d.md', 'docs/c.md', 'docs/b.md', 'docs/a.md', 'CLAUDE.md']);
    assert.equal(source(run, 'docs/e.md').status, 'not-loaded');
    assert.match(source(run, 'docs/e.md').reason!, /4 import hops/);
    assert.equal(source(run, '~/prefs.md').status, 'not-loaded');
    assert.match(source(run, '~/prefs.md').reason!, /approval/);
    assert.ok(!run.ev.sources.some((s) => s.path === 'span.md' || s.path === 'fenced.md'));
  });

  it('an import leaving the cwd\u2019s tree from a project file needs approval; from a user file it loads', () => {
    const run = claude({ 'p/CLAUDE.md': '@../shared.md', 'shared.md': 'shared' }, [], {
      home: { '.claude/CLAUDE.md': '@~/notes.md', 'notes.md': 'n' },
    });
    assert.equal(source(run, '../shared.md').status, 'not-loaded');
    assert.match(source(run, '../shared.md').reason!, /approval/);
    assert.deepEqual(loaded(run), ['~/notes.md', '~/.claude/CLAUDE.md', 'CLAUDE.md']);
  });

  it('files over 4 MiB are skipped (too-large); block-level HTML comments are removed, also in the context', () => {
    const run = claude(
      {
        'p/CLAUDE.md': 'a\n<!-- hidden -->\n```\n<!-- code -->\n```\nb <!-- inline --> c\n',
        'p/CLAUDE.local.md': 'x'.repeat(4 * 1024 * 1024 + 1),
      },
      [],
    );
    assert.equal(source(run, 'CLAUDE.md').content, 'a\n```\n<!-- code -->\n```\nb <!-- inline --> c');
    assert.ok(run.ev.skipped.some((s) => s.path === 'CLAUDE.local.md' && s.reason === 'too-large'));
    assert.equal(run.ev.truncation.budget, null);
  });

  it('context: each file as "Contents of <absolute path>:" and its text, in load order, a blank line between', () => {
    const run = claude({ 'p/CLAUDE.md': 'main\n', 'p/CLAUDE.local.md': 'local\n' }, []);
    const c = path.join(run.cwd, 'CLAUDE.md');
    const l = path.join(run.cwd, 'CLAUDE.local.md');
    assert.ok(run.ev.context.endsWith(`Contents of ${c}:\n\nmain\n\nContents of ${l}:\n\nlocal`));
  });

  it('claudeMdExcludes from ~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json and --set, merged; the files read are listed', () => {
    const run = claude(
      {
        'p/CLAUDE.md': 'main',
        'p/a/CLAUDE.md': 'a',
        'p/b/CLAUDE.md': 'b',
        'p/c/CLAUDE.md': 'c',
        'p/a/x': 'x',
        'p/b/x': 'x',
        'p/c/x': 'x',
        'p/.claude/settings.local.json': '{ "claudeMdExcludes": ["**/b/**"] }',
      },
      ['a/x', 'b/x', 'c/x'],
      { home: { '.claude/settings.json': '// mine\n{ "claudeMdExcludes": ["**/a/**"] }' }, settings: { claudeMdExcludes: '**/c/**' } },
    );
    assert.deepEqual(loaded(run), ['CLAUDE.md']);
    for (const p of ['a/CLAUDE.md', 'b/CLAUDE.md', 'c/CLAUDE.md']) {
      assert.equal(source(run, p).status, 'not-loaded');
      assert.match(source(run, p).reason!, /claudeMdExcludes/);
    }
    assert.deepEqual(run.ev.configFiles, ['~/.claude/settings.json', '.claude/settings.local.json']);
  });

  it('a malformed settings file is a diagnostic naming it; an unknown --set name is a usage error', () => {
    const run = claude({ 'p/CLAUDE.md': 'main' }, [], { home: { '.claude/settings.json': '{ nope' } });
    assert.ok(run.ev.diagnostics.some((d) => d.code === 'malformed-config' && d.source === '~/.claude/settings.json'));
    assert.throws(
      () => claude({}, [], { settings: { nope: 'x' } }),
      (err: unknown) => err instanceof ResolveError && err.code === 'usage' && /claudeMdExcludes/.test(err.message),
    );
  });

  it('a link leading outside the repository and the home is included, but its text is not shown', () => {
    const outside = temp.make('holaryn-outside-');
    writeTree(outside, { 'secret.md': 'SECRET' });
    const run = claude({ 'p/.git/HEAD': 'x', 'p/CLAUDE.md': { symlink: path.join(outside, 'secret.md') } }, []);
    assert.equal(source(run, 'CLAUDE.md').status, 'included');
    assert.ok(!run.ev.context.includes('SECRET'));
    assert.ok(run.ev.context.includes('[not shown: links outside the repository]'));
  });
});
