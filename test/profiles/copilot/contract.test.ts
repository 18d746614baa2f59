/**
 * The `copilot` profile against src/resolver/profiles/copilot/README.md, one test per rule, on real temporary
 * trees with a temporary home.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { Evidence, FileCache, ResolveError, ResolverFs, nodeResolverFs, resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';
import { uriText } from '../../../src/resolver/profiles/copilot';
import { Tree, memfs, resolve } from '../../helpers/tree';

const temp = new TempDirs();
after(() => temp.cleanup());

interface Run {
  ev: Evidence;
  ws: string;
  home: string;
}

function copilot(
  tree: Record<string, FileSpec>,
  targets: string[],
  settings: Record<string, string> = {},
  home: Record<string, FileSpec> = {},
): Run {
  const T = temp.make('holaryn-copilot-');
  const homeDir = temp.make('holaryn-home-');
  writeTree(T, { 'ws/.keep': '', ...tree });
  writeTree(homeDir, home);
  const ws = path.join(T, 'ws');
  return { ev: resolveInstructions(ws, targets, { profile: 'copilot', settings, env: {}, homedir: homeDir }), ws, home: homeDir };
}

const status = (ev: Evidence) => Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
const source = (ev: Evidence, p: string) => {
  const s = ev.sources.find((x) => x.path === p);
  assert.ok(s, `${p} not reported: ${JSON.stringify(ev.sources.map((x) => x.path))}`);
  return s;
};
const inContext = (ev: Evidence) => ev.sources.filter((s) => s.status === 'included').map((s) => s.path);

describe('copilot profile (src/resolver/profiles/copilot/README.md)', () => {
  it('always attached: the folder\u2019s AGENTS.md, CLAUDE.md, CLAUDE.local.md, .claude/CLAUDE.md, .github/copilot-instructions.md and the two home files, all of them', () => {
    const { ev } = copilot(
      {
        'ws/AGENTS.md': 'a',
        'ws/CLAUDE.md': 'b',
        'ws/CLAUDE.local.md': 'c',
        'ws/.claude/CLAUDE.md': 'd',
        'ws/.github/copilot-instructions.md': 'e',
      },
      [],
      {},
      { '.claude/CLAUDE.md': 'f', '.copilot/copilot-instructions.md': 'g' },
    );
    assert.deepEqual(inContext(ev).sort(), [
      '.claude/CLAUDE.md',
      '.github/copilot-instructions.md',
      'AGENTS.md',
      'CLAUDE.local.md',
      'CLAUDE.md',
      '~/.claude/CLAUDE.md',
      '~/.copilot/copilot-instructions.md',
    ]);
    assert.ok(ev.sources.every((s) => s.delivery === 'baseline'));
  });

  it('names match case-insensitively among direct children, files only', () => {
    const { ev } = copilot({ 'ws/agents.md': 'a', 'ws/CLAUDE.MD': 'b', 'ws/Claude.local.md/x': 'dir' }, []);
    assert.deepEqual(status(ev), { 'CLAUDE.MD': 'included', 'agents.md': 'included' });
  });

  it('each switch turns its files off (not-loaded, reason naming the setting)', () => {
    const tree = { 'ws/AGENTS.md': 'a', 'ws/CLAUDE.md': 'b', 'ws/.github/copilot-instructions.md': 'c' };
    for (const [setting, file] of [
      ['chat.useAgentsMdFile', 'AGENTS.md'],
      ['chat.useClaudeMdFile', 'CLAUDE.md'],
      ['github.copilot.chat.codeGeneration.useInstructionFiles', '.github/copilot-instructions.md'],
    ]) {
      const { ev } = copilot(tree, [], { [setting]: 'false' });
      assert.equal(source(ev, file).status, 'not-loaded');
      assert.match(source(ev, file).reason!, new RegExp(setting.replace(/\./g, '\\.')));
      assert.equal(inContext(ev).length, 2);
    }
  });

  it('a link to an attached file, an empty file and repeated text are dropped', () => {
    const { ev } = copilot(
      {
        'ws/AGENTS.md': 'Rules\n',
        'ws/CLAUDE.md': { symlink: 'AGENTS.md' },
        'ws/CLAUDE.local.md': '  Rules  \n',
        'ws/.github/copilot-instructions.md': ' \n',
      },
      [],
    );
    assert.equal(source(ev, 'CLAUDE.md').status, 'duplicate');
    assert.match(source(ev, 'CLAUDE.md').reason!, /same file as AGENTS\.md/);
    assert.equal(source(ev, 'CLAUDE.local.md').status, 'duplicate');
    assert.match(source(ev, 'CLAUDE.local.md').reason!, /same text as AGENTS\.md/);
    assert.equal(source(ev, '.github/copilot-instructions.md').status, 'not-loaded');
    assert.match(source(ev, '.github/copilot-instructions.md').reason!, /empty/);
  });

  it('a link and the file it leads to, both always attached: the file that is not a link is kept, whatever the order', () => {
    const { ev } = copilot({ 'ws/AGENTS.md': { symlink: 'CLAUDE.md' }, 'ws/CLAUDE.md': 'Rules\n' }, []);
    assert.equal(source(ev, 'CLAUDE.md').status, 'included');
    assert.equal(source(ev, 'AGENTS.md').status, 'duplicate');
    assert.equal(source(ev, 'AGENTS.md').duplicateOf, 'CLAUDE.md');
    assert.match(source(ev, 'AGENTS.md').reason!, /same file as CLAUDE\.md/);
    // An instruction file that is a link is compared by nothing in VS Code: the first in order stays.
    const rules = copilot(
      { 'ws/AGENTS.md': "---\napplyTo: '**'\n---\nRules\n", 'ws/.github/instructions/a.instructions.md': { symlink: '../../AGENTS.md' } },
      ['x.ts'],
    );
    assert.equal(source(rules.ev, '.github/instructions/a.instructions.md').status, 'included');
    assert.equal(source(rules.ev, 'AGENTS.md').duplicateOf, '.github/instructions/a.instructions.md');
  });

  it('order: applying instruction files, then copilot-instructions.md, then the rest by URI (localeCompare)', () => {
    const { ev } = copilot(
      {
        'ws/CLAUDE.md': 'claude',
        'ws/AGENTS.md': 'agents',
        'ws/.claude/CLAUDE.md': 'dot claude',
        'ws/.github/copilot-instructions.md': 'copilot',
        'ws/.github/instructions/a.instructions.md': "---\napplyTo: '**'\n---\nA",
      },
      ['x.ts'],
    );
    assert.deepEqual(inContext(ev), [
      '.github/instructions/a.instructions.md',
      '.github/copilot-instructions.md',
      '.claude/CLAUDE.md',
      'AGENTS.md',
      'CLAUDE.md',
    ]);
  });

  it("order by URI: ( ) ! ' * are percent-encoded in the URI as VS Code writes it, which can change the order", () => {
    // file:///T/h/.claude/CLAUDE.md against file:///T/h%281%29/AGENTS.md: "/" sorts before "%",
    // while against the unencoded "h(1)/" it would sort after "(".
    const T = temp.make('holaryn-copilot-');
    writeTree(T, { 'h(1)/AGENTS.md': 'agents', 'h/.claude/CLAUDE.md': 'home claude' });
    const ev = resolveInstructions(path.join(T, 'h(1)'), [], { profile: 'copilot', env: {}, homedir: path.join(T, 'h') });
    assert.deepEqual(inContext(ev), ['~/.claude/CLAUDE.md', 'AGENTS.md']);
    assert.equal(uriText("/a b/x(y)!'*.md"), 'file:///a%20b/x%28y%29%21%27%2A.md');
  });

  it('nested AGENTS.md: not-loaded, or listed (delivery "listed", named in the index) with chat.useNestedAgentsMdFiles', () => {
    const tree = { 'ws/AGENTS.md': 'root', 'ws/pkg/AGENTS.md': 'nested', 'ws/pkg/x.ts': 'x' };
    const off = copilot(tree, ['pkg/x.ts']);
    assert.equal(source(off.ev, 'pkg/AGENTS.md').status, 'not-loaded');
    assert.doesNotMatch(off.ev.context, /pkg/);
    const on = copilot(tree, ['pkg/x.ts'], { 'chat.useNestedAgentsMdFiles': 'true' });
    assert.equal(source(on.ev, 'pkg/AGENTS.md').status, 'not-loaded');
    assert.equal(source(on.ev, 'pkg/AGENTS.md').delivery, 'listed');
    assert.ok(
      on.ev.context.includes(
        `<file>${path.join(on.ws, 'pkg', 'AGENTS.md')}</file>\n<description>Instructions for folder 'pkg'</description>`,
      ),
    );
    assert.ok(!on.ev.context.includes('nested'), 'a listed file\u2019s text is not attached');
  });

  it('chat.useNestedAgentsMdFiles: every AGENTS.md (any case) of the workspace folder is listed, sorted, leaving out excluded folders and what .gitignore ignores', () => {
    const tree = {
      'ws/AGENTS.md': 'root',
      'ws/.gitignore': 'build/\n',
      'ws/pkg/x.ts': 'x',
      'ws/pkg/AGENTS.md': 'on the chain',
      'ws/other/deep/AGENTS.md': 'elsewhere',
      'ws/lib/agents.md': 'lower case',
      'ws/build/AGENTS.md': 'ignored by the root .gitignore',
      'ws/sub/.gitignore': 'gen/\n',
      'ws/sub/gen/AGENTS.md': 'ignored by a nested .gitignore',
      'ws/node_modules/m/AGENTS.md': 'excluded',
      'ws/bower_components/b/AGENTS.md': 'excluded',
      'ws/.hg/AGENTS.md': 'excluded',
      'ws/CVS/AGENTS.md': 'excluded',
    };
    const on = copilot(tree, ['pkg/x.ts'], { 'chat.useNestedAgentsMdFiles': 'true' });
    const listed = on.ev.sources.filter((s) => s.delivery === 'listed').map((s) => s.path);
    assert.deepEqual(listed, ['lib/agents.md', 'other/deep/AGENTS.md', 'pkg/AGENTS.md']);
    assert.ok(on.ev.sources.filter((s) => s.delivery === 'listed').every((s) => s.status === 'not-loaded'));
    assert.ok(
      on.ev.context.includes(
        `<file>${path.join(on.ws, 'other', 'deep', 'AGENTS.md')}</file>\n<description>Instructions for folder 'other/deep'</description>`,
      ),
    );
    assert.ok(!on.ev.context.includes('elsewhere'));
    // Off (the default): only the targets' chains are looked at, as before.
    const off = copilot(tree, ['pkg/x.ts']);
    assert.deepEqual(
      off.ev.sources.filter((s) => s.path !== 'AGENTS.md').map((s) => s.path),
      ['pkg/AGENTS.md'],
    );
  });

  it('chat.useNestedAgentsMdFiles: the search is kept in the FileCache and checked by status, so a second call lists no folder; any change is seen', () => {
    const T = temp.make('holaryn-copilot-kept-');
    writeTree(T, {
      'ws/AGENTS.md': 'root',
      'ws/pkg/x.ts': 'x',
      'ws/a/b/AGENTS.md': 'b',
      'ws/.gitignore': 'gen/\n',
      'ws/gen/AGENTS.md': 'g',
    });
    const ws = path.join(T, 'ws');
    let listed = 0;
    const counting: ResolverFs = {
      ...nodeResolverFs,
      listKinds: (dir) => {
        listed++;
        return nodeResolverFs.listKinds!(dir);
      },
    };
    // A clock far ahead: every mtime of the fresh tree counts as settled.
    const cache = new FileCache(undefined, () => Date.now() + 3_600_000);
    const run = () => {
      listed = 0;
      const ev = resolveInstructions(ws, ['pkg/x.ts'], {
        profile: 'copilot',
        settings: { 'chat.useNestedAgentsMdFiles': 'true' },
        env: {},
        homedir: T,
        fs: counting,
        cache,
      });
      return ev.sources.filter((x) => x.delivery === 'listed').map((x) => x.path);
    };
    assert.deepEqual(run(), ['a/b/AGENTS.md']);
    const first = listed;
    assert.ok(first >= 4, `the first call lists the folders (${first})`);
    assert.deepEqual(run(), ['a/b/AGENTS.md']);
    assert.ok(listed < first - 2, `a kept search lists no folder of its own (${listed} against ${first})`);
    // A new folder with an AGENTS.md: its parent's mtime changed, so the search runs again.
    writeTree(T, { 'ws/c/AGENTS.md': 'c' });
    assert.deepEqual(run(), ['a/b/AGENTS.md', 'c/AGENTS.md']);
    // A .gitignore rewritten in place (no folder changes): its own status is checked too.
    fs.writeFileSync(path.join(ws, '.gitignore'), 'c/\n');
    assert.deepEqual(run(), ['a/b/AGENTS.md', 'gen/AGENTS.md']);
    // A file system that keeps no folder mtimes (in memory) never keeps a search.
    const mem = memfs({ 'AGENTS.md': 'r', 'x/AGENTS.md': 'x' }, '/m');
    const memCache = new FileCache(undefined, () => Date.now() + 3_600_000);
    const opts = {
      profile: 'copilot',
      settings: { 'chat.useNestedAgentsMdFiles': 'true' },
      env: {},
      homedir: '/home/u',
      fs: mem,
      cache: memCache,
    };
    assert.equal(resolveInstructions('/m', [], opts).sources.filter((x) => x.delivery === 'listed').length, 1);
    mem.set('/m/y/AGENTS.md', 'y');
    assert.equal(resolveInstructions('/m', [], opts).sources.filter((x) => x.delivery === 'listed').length, 2);
  });

  it('chat.useNestedAgentsMdFiles: the search of the workspace folder stops after 20000 folders, with a warning', () => {
    const files: Tree = { '/ws/AGENTS.md': 'root', '/ws/zz/AGENTS.md': 'last' };
    for (let i = 0; i < 20_001; i++) files[`/ws/d${String(i).padStart(5, '0')}/f.txt`] = 'x';
    const { ev } = resolve(
      files,
      [],
      { profile: 'copilot', settings: { 'chat.useNestedAgentsMdFiles': 'true' }, env: {}, homedir: '/home/u' },
      '/ws',
    );
    const d = ev.diagnostics.find((x) => x.code === 'too-large');
    assert.ok(d, JSON.stringify(ev.diagnostics));
    assert.match(d.message, /20000 folders/);
    assert.ok(!ev.sources.some((s) => s.path === 'zz/AGENTS.md'));
  });

  it('instruction files: *.instructions.md under .github/instructions, .md but README.md under .claude/rules, 5 levels deep', () => {
    const { ev } = copilot(
      {
        'ws/.github/instructions/x.instructions.md': "---\napplyTo: '**'\n---\nx",
        'ws/.github/instructions/plain.md': 'not one',
        'ws/.claude/rules/r.md': 'rule',
        'ws/.claude/rules/README.md': 'readme',
        'ws/.claude/rules/a/b/c/d/e/deep.md': 'five',
        'ws/.claude/rules/a/b/c/d/e/f/deeper.md': 'six',
      },
      [],
    );
    assert.deepEqual(Object.keys(status(ev)).sort(), [
      '.claude/rules/a/b/c/d/e/deep.md',
      '.claude/rules/r.md',
      '.github/instructions/x.instructions.md',
    ]);
  });

  it('inside an instruction folder, entries that are not links come first in name order, then the links in name order', () => {
    const { ev } = copilot(
      {
        'ws/linked-from/a.md': "---\napplyTo: '**'\n---\nlinked a",
        'ws/linked-from/c.md': "---\napplyTo: '**'\n---\nlinked c",
        'ws/.github/instructions/a.instructions.md': { symlink: '../../linked-from/a.md' },
        'ws/.github/instructions/b.instructions.md': "---\napplyTo: '**'\n---\nb",
        'ws/.github/instructions/c.instructions.md': { symlink: '../../linked-from/c.md' },
        'ws/.github/instructions/z/z.instructions.md': "---\napplyTo: '**'\n---\nz",
      },
      ['x.ts'],
    );
    assert.deepEqual(inContext(ev), [
      '.github/instructions/b.instructions.md',
      '.github/instructions/z/z.instructions.md',
      '.github/instructions/a.instructions.md',
      '.github/instructions/c.instructions.md',
    ]);
  });

  it('chat.instructionsFilesLocations changes the folders (JSON object on the command line)', () => {
    const tree = {
      'ws/docs/ai/x.instructions.md': "---\napplyTo: '**'\n---\nx",
      'ws/.github/instructions/y.instructions.md': "---\napplyTo: '**'\n---\ny",
    };
    const { ev } = copilot(tree, [], { 'chat.instructionsFilesLocations': '{"docs/ai": true, ".github/instructions": false}' });
    assert.deepEqual(inContext(ev), ['docs/ai/x.instructions.md']);
  });

  it('applyTo as a YAML list never applies, with a warning diagnostic at its line', () => {
    const { ev } = copilot({ 'ws/.github/instructions/l.instructions.md': "---\napplyTo:\n  - '**/*.ts'\n---\nlist" }, ['a.ts']);
    const s = source(ev, '.github/instructions/l.instructions.md');
    assert.equal(s.status, 'not-applicable');
    assert.equal(s.delivery, 'listed');
    assert.match(s.reason!, /YAML list/);
    const d = ev.diagnostics.find((x) => x.code === 'agent-pitfall');
    assert.ok(d);
    assert.equal(d.severity, 'warning');
    assert.equal(d.line, 2);
  });

  it('Claude rules use paths (a string or a list; none means **; an empty list never applies)', () => {
    const { ev } = copilot(
      {
        'ws/.claude/rules/none.md': 'always',
        'ws/.claude/rules/str.md': '---\npaths: "lib/**"\n---\ns',
        'ws/.claude/rules/list.md': '---\npaths:\n  - "src/**"\n---\nl',
        'ws/.claude/rules/empty.md': '---\npaths: []\n---\ne',
      },
      ['src/a.ts'],
    );
    assert.deepEqual(status(ev), {
      '.claude/rules/empty.md': 'not-applicable',
      '.claude/rules/list.md': 'included',
      '.claude/rules/none.md': 'included',
      '.claude/rules/str.md': 'not-applicable',
    });
  });

  it('matching: comma-split outside braces, **, **/* and * match everything, **/ put in front, case-insensitive, absolute path (said in the reason)', () => {
    const { ev } = copilot(
      {
        'ws/.github/instructions/a.instructions.md': "---\napplyTo: 'docs/**, src/*.{TS,tsx}'\n---\na",
        'ws/.github/instructions/b.instructions.md': "---\napplyTo: '**/*'\n---\nb",
        'ws/.github/instructions/c.instructions.md': "---\napplyTo: 'lib/**'\n---\nc",
      },
      ['app/src/x.ts'],
    );
    assert.equal(source(ev, '.github/instructions/a.instructions.md').status, 'included');
    assert.match(
      source(ev, '.github/instructions/a.instructions.md').reason!,
      /\*\*\/src\/\*\.\{TS,tsx\} matches app\/src\/x\.ts.*\*\*\/ in front/,
    );
    assert.equal(source(ev, '.github/instructions/b.instructions.md').status, 'included');
    assert.equal(source(ev, '.github/instructions/c.instructions.md').status, 'not-applicable');
  });

  it('context: the introduction, one <attachment filePath="ABS"> per file with its trimmed text (frontmatter kept), no size limit', () => {
    const big = 'x'.repeat(200_000);
    const { ev, ws } = copilot(
      { 'ws/AGENTS.md': `\n${big}\n\n`, 'ws/.github/instructions/a.instructions.md': "---\napplyTo: '*'\n---\nA\n" },
      [],
    );
    assert.ok(
      ev.context.startsWith(
        'When generating code, please follow these user provided coding instructions. You can ignore an instruction if it contradicts a system message.\n<instructions>\n' +
          `<attachment filePath=${JSON.stringify(path.join(ws, '.github/instructions/a.instructions.md'))}>\n---\napplyTo: '*'\n---\nA\n</attachment>\n` +
          `<attachment filePath=${JSON.stringify(path.join(ws, 'AGENTS.md'))}>\n${big}\n</attachment>\n<instructions>\nHere is a list`,
      ),
    );
    assert.ok(ev.context.endsWith('</instruction>\n</instructions>\n\n\n</instructions>\n'));
    assert.equal(ev.truncation.budget, null);
  });

  it("the instruction index names the read tool as the model sees it: 'read_file' in quotes", () => {
    const { ev } = copilot({ 'ws/.github/instructions/a.instructions.md': "---\napplyTo: 'lib/**'\n---\nA" }, ['x.ts']);
    assert.ok(ev.context.includes("use the 'read_file' tool to read it before proceeding."), ev.context);
    assert.ok(!ev.context.includes('#tool:'));
  });

  it('a link leading outside the repository and the home is included, but its text is not shown', () => {
    const outside = temp.make('holaryn-outside-');
    writeTree(outside, { 'secret.md': 'SECRET' });
    const { ev } = copilot({ 'ws/.git/HEAD': 'x', 'ws/AGENTS.md': { symlink: path.join(outside, 'secret.md') } }, []);
    assert.equal(source(ev, 'AGENTS.md').status, 'included');
    assert.ok(!ev.context.includes('SECRET'));
    assert.ok(ev.context.includes('[not shown: links outside the repository]'));
    assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-outside-root'));
  });

  it('parent repository folders: used only with workspace trust off, since Holaryn cannot see which folders VS Code trusts', () => {
    const tree = { 'ws/.keep': '', '.git/HEAD': 'x', 'AGENTS.md': 'parent agents', 'ws/AGENTS.md': 'agents' };
    const parents = { 'chat.useCustomizationsInParentRepositories': 'true' };
    const assumed = copilot(tree, [], parents);
    assert.deepEqual(inContext(assumed.ev), ['AGENTS.md']);
    const d = assumed.ev.diagnostics.find((x) => x.code === 'untrusted');
    assert.ok(d, JSON.stringify(assumed.ev.diagnostics));
    assert.match(d.message, /trusted/);
    assert.match(d.message, /security\.workspace\.trust\.enabled=false/);
    const off = copilot(tree, [], { ...parents, 'security.workspace.trust.enabled': 'false' });
    assert.deepEqual(inContext(off.ev), ['../AGENTS.md', 'AGENTS.md']);
    assert.ok(!off.ev.diagnostics.some((x) => x.code === 'untrusted'));
    assert.ok(!copilot(tree, []).ev.diagnostics.some((x) => x.code === 'untrusted'), 'no word about trust when the setting is off');
  });

  it('settings: VS Code names with --set, effective values in the evidence, no configuration file read; an unknown name is a usage error listing the known ones', () => {
    const { ev } = copilot({}, [], { 'chat.useAgentsMdFile': 'false' });
    assert.deepEqual(ev.configFiles, []);
    assert.deepEqual((ev.settings as Record<string, unknown>)['chat.useAgentsMdFile'], { value: false, from: 'set' });
    assert.equal(ev.profile, 'copilot');
    assert.ok(ev.profileVersion && ev.fidelity && ev.fidelity.length > 0);
    assert.throws(
      () => copilot({}, [], { 'chat.nope': 'true' }),
      (err: unknown) => err instanceof ResolveError && err.code === 'usage' && /chat\.useClaudeMdFile/.test(err.message),
    );
  });
});
