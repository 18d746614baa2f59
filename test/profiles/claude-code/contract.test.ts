/**
 * The `claude-code` profile against src/resolver/profiles/claude-code/README.md (Claude Code 2.1.328), one test
 * per rule of its evidence (statuses, reasons, deliveries, places, settings), on real temporary
 * trees with a temporary home and managed policy folder. The exact text of every place is checked
 * against the agent's own recording in recorded.test.ts. No tree here has two entries in one rules
 * folder: Claude Code loads them in the order the file system lists them, which differs by machine.
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
    /** The folder to lay the tree in (default: a new one). */
    root?: string;
    budget?: number;
  } = {},
): Run {
  const T = opts.root ?? temp.make('holaryn-claude-');
  const home = temp.make('holaryn-home-');
  const managed = temp.make('holaryn-managed-');
  writeTree(T, tree);
  writeTree(home, opts.home ?? {});
  writeTree(managed, opts.managed ?? {});
  const cwd = path.join(T, ...(opts.cwd ?? 'p').split('/'));
  fs.mkdirSync(cwd, { recursive: true });
  const env = { HOLARYN_CLAUDE_MANAGED_DIR: managed, ...opts.env };
  const ev = resolveInstructions(cwd, targets, {
    profile: 'claude-code',
    settings: opts.settings ?? {},
    env,
    homedir: home,
    ...(opts.budget !== undefined ? { budget: opts.budget } : {}),
  });
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

describe('claude-code profile (src/resolver/profiles/claude-code/README.md: Claude Code 2.1.328)', () => {
  it('names the release it was verified against', () => {
    const run = claude({ 'p/CLAUDE.md': 'main' }, []);
    assert.equal(run.ev.profileVersion, '2.1.328');
    assert.ok((run.ev.fidelity ?? []).length > 0);
  });

  it('at launch: managed files, the user\u2019s files, then from the top down to the cwd CLAUDE.md, .claude/CLAUDE.md, .claude/rules and CLAUDE.local.md of each directory', () => {
    const run = claude(
      {
        'CLAUDE.md': 'top',
        '.claude/rules/top.md': 'a rule of an ancestor',
        'p/CLAUDE.md': 'main',
        'p/CLAUDE.local.md': 'local',
        'p/.claude/CLAUDE.md': 'dot',
        'p/.claude/rules/a/a.md': 'rule a',
        'p/.claude/rules/a/scoped.md': '---\npaths: "src/**"\n---\nscoped',
      },
      [],
      {
        managed: { 'CLAUDE.md': 'policy', '.claude/rules/m.md': 'managed rule' },
        home: { '.claude/CLAUDE.md': 'mine', '.claude/rules/u.md': 'user rule' },
      },
    );
    assert.deepEqual(loaded(run), [
      '$HOLARYN_CLAUDE_MANAGED_DIR/CLAUDE.md',
      '$HOLARYN_CLAUDE_MANAGED_DIR/.claude/rules/m.md',
      '~/.claude/CLAUDE.md',
      '~/.claude/rules/u.md',
      '../CLAUDE.md',
      '../.claude/rules/top.md',
      'CLAUDE.md',
      '.claude/CLAUDE.md',
      '.claude/rules/a/a.md',
      'CLAUDE.local.md',
    ]);
    assert.ok(
      mine(run)
        .filter((s) => s.status === 'included')
        .every((s) => s.delivery === 'baseline'),
    );
    const scoped = source(run, '.claude/rules/a/scoped.md');
    assert.equal(scoped.status, 'not-applicable');
    assert.equal(scoped.delivery, 'on-touch');
    assert.deepEqual(
      run.ev.contextParts.map((p) => p.place),
      ['first-user-message'],
    );
  });

  it('CLAUDE_CONFIG_DIR moves ~/.claude', () => {
    const run = claude({ 'p/CLAUDE.md': 'x' }, [], { home: { 'cfg/CLAUDE.md': 'moved' }, env: { CLAUDE_CONFIG_DIR: '~/cfg' } });
    assert.deepEqual(loaded(run), ['$CLAUDE_CONFIG_DIR/CLAUDE.md', 'CLAUDE.md']);
  });

  it('on touch: a read or a write loads the directories\u2019 files and matching path rules; only a read of an existing file brings AGENTS.md', () => {
    const tree = {
      'p/AGENTS.md': 'root agents',
      'p/src/CLAUDE.md': 'src',
      'p/src/lib/AGENTS.md': 'lib agents',
      'p/src/lib/x.ts': 'x',
      'p/.claude/rules/ts.md': '---\npaths:\n  - "src/**/*.{ts,tsx}"\n---\nts',
    };
    const read = claude(tree, ['src/lib/x.ts']);
    assert.deepEqual(loaded(read), ['AGENTS.md', 'src/CLAUDE.md', '.claude/rules/ts.md', 'src/lib/AGENTS.md']);
    for (const p of ['src/CLAUDE.md', '.claude/rules/ts.md', 'src/lib/AGENTS.md']) assert.equal(source(read, p).delivery, 'on-touch');
    assert.deepEqual(
      read.ev.contextParts.map((p) => [p.place, p.sources]),
      [
        ['first-user-message', ['AGENTS.md']],
        ['tool-result', ['src/CLAUDE.md']],
        ['tool-result', ['.claude/rules/ts.md']],
        ['system-message', ['src/lib/AGENTS.md']],
      ],
    );
    const write = claude(tree, ['src/lib/new.ts']);
    assert.deepEqual(loaded(write), ['AGENTS.md', 'src/CLAUDE.md', '.claude/rules/ts.md']);
    assert.ok(!write.ev.sources.some((s) => s.path === 'src/lib/AGENTS.md' && s.status === 'included'));
  });

  it('files loaded on touch keep their whitespace; one over 150,000 characters (the default model) is cut at a line break and marked (there is no budget)', () => {
    const long = Array.from({ length: 20000 }, (_, i) => `line ${i}`).join('\n');
    const run = claude({ 'p/sub/CLAUDE.md': '\n  padded  \n', 'p/big/CLAUDE.md': long, 'p/sub/f': 'f', 'p/big/f': 'f' }, [
      'sub/f',
      'big/f',
    ]);
    const padded = run.ev.contextParts.find((p) => p.sources.includes('sub/CLAUDE.md'))!;
    assert.ok(padded.text.includes(':\n\n\n  padded  \n\n</system-reminder>'));
    // Two touches rendered as one tool result (README, Approximations): a line break after each engine file but the last.
    assert.deepEqual(
      run.ev.contextParts.map((p) => p.text.endsWith('</system-reminder>\n')),
      [true, false],
    );
    const big = source(run, 'big/CLAUDE.md');
    assert.equal(big.status, 'truncated');
    assert.match(big.reason!, /longer than 150000/);
    const cut = run.ev.contextParts.find((p) => p.sources.includes('big/CLAUDE.md'))!.text;
    assert.match(
      cut,
      /\n\n> Only the start of this file is shown\. For the rest, call Read on .*big\/CLAUDE\.md with offset=\d+ and a limit\.\n<\/system-reminder>\n?$/,
    );
    assert.equal(run.ev.truncation.budget, null);
    assert.ok(
      run.ev.diagnostics.some((d) => d.code === 'budget-truncated' && d.source === 'big/CLAUDE.md' && /longer than 150000/.test(d.message)),
    );
  });

  describe('the model Claude Code runs', () => {
    const tree = {
      'p/AGENTS.md': 'root agents',
      'p/sub/AGENTS.md': 'sub agents',
      'p/sub/x/CLAUDE.md': Array.from({ length: 6000 }, (_, i) => `line ${i}`).join('\n'),
      'p/sub/x/f': 'f',
    };
    const places = (run: Run) => run.ev.contextParts.map((p) => [p.place, p.sources]);
    const model = (run: Run) => run.ev.settings?.model as Record<string, unknown>;

    it('by default claude-opus-5-5: the engine file beside the tool result, the plugin in a system message, cut past 150,000', () => {
      const run = claude(tree, ['sub/x/f']);
      assert.deepEqual(places(run), [
        ['first-user-message', ['AGENTS.md']],
        ['tool-result', ['sub/x/CLAUDE.md']],
        ['system-message', ['sub/AGENTS.md']],
      ]);
      assert.equal(source(run, 'sub/x/CLAUDE.md').status, 'included');
      assert.equal(
        run.ev.contextParts[2].text,
        `tool.call hook additional context: Contents of ${path.join(run.cwd, 'sub', 'AGENTS.md')}:\n\nsub agents`,
      );
      assert.deepEqual(model(run), {
        value: 'claude-opus-5-5',
        from: 'default',
        model: 'claude-opus-5-5',
        layout: 'system-messages',
        touchCut: 150000,
      });
    });

    it('ANTHROPIC_MODEL=claude-sonnet-4-5: the plugin and the engine file in reminders inside the tool result, cut past 40,000', () => {
      const run = claude(tree, ['sub/x/f'], { env: { ANTHROPIC_MODEL: 'claude-sonnet-4-5' } });
      assert.deepEqual(places(run), [
        ['first-user-message', ['AGENTS.md']],
        ['tool-result', ['sub/AGENTS.md']],
        ['tool-result', ['sub/x/CLAUDE.md']],
      ]);
      assert.ok(run.ev.contextParts[1].text.startsWith('<system-reminder>\ntool.call hook additional context: Contents of '));
      assert.equal(source(run, 'sub/x/CLAUDE.md').status, 'truncated');
      assert.deepEqual(model(run), {
        value: 'claude-sonnet-4-5',
        from: 'env',
        variable: 'ANTHROPIC_MODEL',
        model: 'claude-sonnet-4-5',
        layout: 'in-tool-result',
        touchCut: 40000,
      });
    });

    it('the settings files: user, then project, then local, then managed; ANTHROPIC_MODEL over them; --set model over all', () => {
      const json = (model: string) => JSON.stringify({ model });
      const user = { '.claude/settings.json': json('claude-haiku-4-5') };
      assert.deepEqual(
        [model(claude(tree, ['sub/x/f'], { home: user })).value, model(claude(tree, ['sub/x/f'], { home: user })).file],
        ['claude-haiku-4-5', '~/.claude/settings.json'],
      );
      const project = { ...tree, 'p/.claude/settings.json': json('claude-opus-4-7') };
      assert.equal(model(claude(project, ['sub/x/f'], { home: user })).file, '.claude/settings.json');
      const local = { ...project, 'p/.claude/settings.local.json': json('claude-opus-4-6') };
      assert.equal(model(claude(local, ['sub/x/f'], { home: user })).file, '.claude/settings.local.json');
      const managed = model(claude(local, ['sub/x/f'], { home: user, managed: { 'managed-settings.json': json('claude-sonnet-4-6') } }));
      assert.deepEqual([managed.value, managed.file], ['claude-sonnet-4-6', '$HOLARYN_CLAUDE_MANAGED_DIR/managed-settings.json']);
      assert.equal(model(claude(local, ['sub/x/f'], { home: user, env: { ANTHROPIC_MODEL: 'opus' } })).from, 'env');
      const set = claude(local, ['sub/x/f'], { home: user, env: { ANTHROPIC_MODEL: 'opus' }, settings: { model: 'claude-sonnet-4-5' } });
      assert.deepEqual([model(set).value, model(set).from, model(set).layout], ['claude-sonnet-4-5', 'set', 'in-tool-result']);
    });

    it('aliases, dated ids and [1m]; a model it does not know is laid out as the default and said to be unverified', () => {
      const of = (name: string) => model(claude(tree, ['sub/x/f'], { settings: { model: name } }));
      assert.deepEqual([of('sonnet').model, of('sonnet').layout, of('sonnet').touchCut], ['claude-sonnet-5-5', 'system-messages', 150000]);
      assert.deepEqual([of('claude-sonnet-4-5-20250929').model, of('claude-sonnet-4-5-20250929').touchCut], ['claude-sonnet-4-5', 40000]);
      assert.deepEqual([of('claude-sonnet-4-5[1m]').touchCut, of('claude-sonnet-4-5[1m]').window], [200000, '1m']);
      assert.deepEqual([of('claude-opus-4-7').layout, of('claude-opus-4-7').touchCut], ['in-tool-result', 150000]);
      assert.equal(of('claude-opus-4-8').layout, 'system-messages');
      assert.equal(of('claude-sonnet-5').layout, 'system-messages-in-reminders');
      const sonnet5 = claude(tree, ['sub/x/f'], { settings: { model: 'claude-sonnet-5' } });
      assert.ok(sonnet5.ev.contextParts[2].text.startsWith('<system-reminder>\ntool.call hook additional context: '));
      const unknown = claude(tree, ['sub/x/f'], { settings: { model: 'claude-nonesuch-9' } });
      assert.deepEqual([model(unknown).model, model(unknown).layout, model(unknown).touchCut], [null, 'system-messages', 150000]);
      assert.ok(unknown.ev.fidelity?.some((f) => f.includes('"claude-nonesuch-9" is not one Claude Code 2.1.328 knows')));
      assert.ok(!claude(tree, ['sub/x/f']).ev.fidelity?.some((f) => f.includes('is not one Claude Code')));
    });
  });

  it('path rules: .gitignore patterns below the rule\u2019s folder, a string, a list or commas; an invalid pattern is dropped while the others still work', () => {
    const run = claude(
      {
        'p/.claude/rules/one/one.md': '---\npaths: "*.md"\n---\none',
        'p/.claude/rules/two/bad.md': '---\npaths:\n  - "[z-a].png"\n  - "docs/a.md"\n---\nbad',
        'p/.claude/rules/three/comma.md': '---\npaths: "lib/**, docs/*.md"\n---\ncomma',
        'p/docs/a.md': 'r',
        'p/x.png': 'png',
      },
      ['docs/a.md', 'x.png'],
    );
    for (const p of ['.claude/rules/one/one.md', '.claude/rules/two/bad.md', '.claude/rules/three/comma.md']) {
      const s = source(run, p);
      assert.equal(s.status, 'included');
      assert.deepEqual(s.appliesTo, ['docs/a.md']);
    }
  });

  it('AGENTS.md loads where no CLAUDE file does; beside one it is not-loaded, naming the file, with a pitfall warning', () => {
    const only = claude({ 'p/AGENTS.md': 'agents', 'p/.claude/AGENTS.md': 'dot agents' }, []);
    assert.deepEqual(loaded(only), ['AGENTS.md', '.claude/AGENTS.md']);
    const both = claude({ 'p/AGENTS.md': 'agents', 'p/CLAUDE.local.md': 'mine' }, []);
    const a = source(both, 'AGENTS.md');
    assert.equal(a.status, 'not-loaded');
    assert.match(a.reason!, /CLAUDE\.local\.md does/);
    assert.ok(both.ev.diagnostics.some((d) => d.code === 'agent-pitfall' && d.source === 'AGENTS.md' && d.severity === 'warning'));
    const imported = claude({ 'p/AGENTS.md': 'agents', 'p/CLAUDE.md': '@AGENTS.md\nmore' }, []);
    assert.deepEqual(loaded(imported), ['CLAUDE.md', 'AGENTS.md']);
    assert.ok(!imported.ev.diagnostics.some((d) => d.code === 'agent-pitfall'));
  });

  it('the AGENTS.md plugin\u2019s instructionFiles, from the user\u2019s settings or --set, never from the project\u2019s', () => {
    const tree = { 'p/CLAUDE.md': 'claude', 'p/AGENTS.md': 'agents' };
    const option = (mode: string) =>
      JSON.stringify({ pluginConfigs: { 'cc-plugin-agents-md@builtin': { options: { instructionFiles: mode } } } });
    const fromUser = claude(tree, [], { home: { '.claude/settings.json': option('claude-md-and-agents-md') } });
    assert.deepEqual(loaded(fromUser), ['CLAUDE.md', 'AGENTS.md']);
    assert.deepEqual(fromUser.ev.settings?.instructionFiles, {
      value: 'claude-md-and-agents-md',
      from: 'config',
      file: '~/.claude/settings.json',
    });
    const fromProject = claude({ ...tree, 'p/.claude/settings.json': option('claude-md-and-agents-md') }, []);
    assert.deepEqual(loaded(fromProject), ['CLAUDE.md']);
    const set = claude(tree, [], { settings: { instructionFiles: 'managed-only' } });
    assert.deepEqual(loaded(set), []);
    assert.throws(
      () => claude(tree, [], { settings: { instructionFiles: 'sometimes' } }),
      (err: unknown) => err instanceof ResolveError && err.code === 'usage',
    );
  });

  it('imports: after the importer, outside code, relative to the importer, 4 deep, each file once; leaving the cwd needs approval', () => {
    const run = claude(
      {
        'p/CLAUDE.md': 'see @docs/a.md and `@span.md` and @docs/a.md again @~/prefs.md @../up.md\n```\n@fenced.md\n```\n',
        'p/docs/a.md': '@b.md',
        'p/docs/b.md': '@c.md',
        'p/docs/c.md': '@d.md',
        'p/docs/d.md': '@e.md',
        'p/docs/e.md': 'too deep',
        'p/span.md': 's',
        'p/fenced.md': 'f',
        'up.md': 'above the cwd',
      },
      [],
      { home: { 'prefs.md': 'prefs' } },
    );
    assert.deepEqual(loaded(run), ['CLAUDE.md', 'docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/d.md']);
    assert.equal(source(run, 'docs/a.md').reason, 'imported by CLAUDE.md');
    assert.equal(source(run, 'docs/e.md').status, 'not-loaded');
    assert.match(source(run, 'docs/e.md').reason!, /follows 4 imports/);
    for (const p of ['~/prefs.md', '../up.md']) {
      assert.equal(source(run, p).status, 'not-loaded');
      assert.match(source(run, p).reason!, /outside the working directory: Claude Code asks/);
    }
    assert.ok(!run.ev.sources.some((s) => s.path === 'span.md' || s.path === 'fenced.md'));
  });

  it('imports of the user\u2019s files load from anywhere; approved external imports (~/.claude.json) load for the project', () => {
    const user = claude({ 'p/CLAUDE.md': 'main' }, [], { home: { '.claude/CLAUDE.md': '@~/notes.md', 'notes.md': 'n' } });
    assert.deepEqual(loaded(user), ['~/.claude/CLAUDE.md', '~/notes.md', 'CLAUDE.md']);
    const T = temp.make('holaryn-claude-');
    const project = path.join(fs.realpathSync(T), 'p');
    const approved = claude({ 'p/.git/HEAD': 'x', 'p/CLAUDE.md': '@../common.md', 'common.md': 'common' }, [], {
      root: T,
      home: { '.claude.json': JSON.stringify({ projects: { [project]: { hasClaudeMdExternalIncludesApproved: true } } }) },
    });
    assert.deepEqual(loaded(approved), ['CLAUDE.md', '../common.md']);
    assert.ok(approved.ev.configFiles?.includes('~/.claude.json'));
  });

  it('text: the header and HTML comments that Claude Code removes; files over 4 MiB are skipped (too-large)', () => {
    const run = claude(
      {
        'p/CLAUDE.md': '---\nname: x\n---\na\n<!-- hidden -->\n```\n<!-- code -->\n```\nb <!-- inline --> c\n',
        'p/CLAUDE.local.md': 'x'.repeat(4 * 1024 * 1024 + 1),
      },
      [],
    );
    assert.equal(source(run, 'CLAUDE.md').content, 'a\n```\n<!-- code -->\n```\nb <!-- inline --> c');
    assert.ok(run.ev.skipped.some((s) => s.path === 'CLAUDE.local.md' && s.reason === 'too-large'));
  });

  it('context: one reminder in the first user message, a header sentence, each file with its absolute path and label (no line break after it: the attribution reminder follows, in a repository or not)', () => {
    const run = claude({ 'p/CLAUDE.md': 'main\n', 'p/CLAUDE.local.md': 'local\n' }, []);
    const c = path.join(run.cwd, 'CLAUDE.md');
    const l = path.join(run.cwd, 'CLAUDE.local.md');
    assert.ok(run.ev.context.startsWith('<system-reminder>\nCodebase and user instructions are shown below.'));
    assert.ok(
      run.ev.context.endsWith(
        `Contents of ${c} (project instructions, checked into the codebase):\n\nmain\n\nContents of ${l} (user's private project instructions, not checked in):\n\nlocal\n</system-reminder>`,
      ),
    );
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

  it('CLAUDE_CODE_DISABLE_CLAUDE_MDS and CLAUDE_CODE_SIMPLE load nothing; CLAUDE_CODE_DISABLE_ATTACHMENTS nothing on touch', () => {
    const tree = { 'p/CLAUDE.md': 'main', 'p/sub/CLAUDE.md': 'sub', 'p/sub/f': 'f' };
    for (const name of ['CLAUDE_CODE_DISABLE_CLAUDE_MDS', 'CLAUDE_CODE_SIMPLE']) {
      const run = claude(tree, ['sub/f'], { env: { [name]: 'true' } });
      assert.deepEqual(loaded(run), []);
      assert.match(source(run, 'CLAUDE.md').reason!, new RegExp(`${name} is set`));
    }
    assert.deepEqual(loaded(claude(tree, ['sub/f'], { env: { CLAUDE_CODE_DISABLE_CLAUDE_MDS: '0' } })), ['CLAUDE.md', 'sub/CLAUDE.md']);
    assert.deepEqual(loaded(claude(tree, ['sub/f'], { env: { CLAUDE_CODE_DISABLE_ATTACHMENTS: '1' } })), ['CLAUDE.md']);
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
