/** src/resolver/profiles/gemini/README.md and the common rules of docs/agents.md: one test per rule. */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Evidence, ResolveError, resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

const temp = new TempDirs();

interface Setup {
  tree: Record<string, FileSpec>;
  home?: Record<string, FileSpec>;
  cwd?: string;
  /** Trust the working directory with a TRUST_FOLDER rule (default true). */
  trust?: boolean;
  settings?: Record<string, string>;
  env?: Record<string, string>;
  targets?: string[];
}

function resolve(s: Setup): { ev: Evidence; T: string; home: string } {
  const T = temp.make('holaryn-gemini-c-');
  const home = temp.make('holaryn-gemini-h-');
  writeTree(T, s.tree);
  writeTree(home, s.home ?? {});
  const cwd = path.join(T, s.cwd ?? '');
  fs.mkdirSync(cwd, { recursive: true });
  if (s.trust !== false) {
    fs.mkdirSync(path.join(home, '.gemini'), { recursive: true });
    fs.writeFileSync(path.join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [cwd]: 'TRUST_FOLDER' }));
  }
  const env = { GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(home, 'none.json'), ...s.env };
  const ev = resolveInstructions(cwd, s.targets ?? ['.'], { profile: 'gemini', settings: s.settings ?? {}, env, homedir: home });
  return { ev, T, home };
}

const statuses = (ev: Evidence) => ev.sources.map((s) => `${s.path}:${s.status}:${s.delivery}`);

const block = (abs: string, text: string) => `--- Context from: ${abs} ---\n${text}\n--- End of Context from: ${abs} ---`;
/** The global files' block that ends the system instruction (Gemini CLI 0.61.0, as recorded from a run). */
const globalContext = (blocks: string) => `<loaded_context>\n${blocks}\n</loaded_context>`;
const projectContext = (blocks: string) => `<loaded_context>\n<project_context>\n${blocks}\n</project_context>\n</loaded_context>`;

describe('gemini profile (src/resolver/profiles/gemini/README.md)', () => {
  after(() => temp.cleanup());

  it('names: context.fileName (string or list) comes in front of GEMINI.md, trimmed, repeats dropped; every name loads in every directory', () => {
    const { ev, T } = resolve({
      tree: { '.git': { dir: true }, 'GEMINI.md': 'g', 'AGENTS.md': 'a', 'sub/AGENTS.md': 'sa', 'sub/GEMINI.md': 'sg' },
      cwd: 'sub',
      settings: { 'context.fileName': '[" AGENTS.md ","AGENTS.md"]' },
    });
    // Sorted by absolute path: T/AGENTS.md, T/GEMINI.md, T/sub/AGENTS.md, T/sub/GEMINI.md.
    assert.deepEqual(statuses(ev), [
      '../AGENTS.md:included:baseline',
      '../GEMINI.md:included:baseline',
      'AGENTS.md:included:baseline',
      'GEMINI.md:included:baseline',
    ]);
    assert.ok(ev.context.startsWith(`<loaded_context>\n<project_context>\n--- Context from: ${T}/AGENTS.md ---\na\n`));
    const single = resolve({ tree: { '.git': { dir: true }, 'CTX.md': 'c' }, settings: { 'context.fileName': 'CTX.md' } });
    assert.deepEqual(statuses(single.ev), ['CTX.md:included:baseline']);
  });

  it('names: two names that are the same file (device and inode) load once, the first found wins', () => {
    const { ev } = resolve({
      tree: { '.git': { dir: true }, 'GEMINI.md': 'x', 'AGENTS.md': { symlink: 'GEMINI.md' } },
      settings: { 'context.fileName': 'AGENTS.md' },
    });
    assert.deepEqual(statuses(ev), ['AGENTS.md:included:baseline', 'GEMINI.md:duplicate:baseline']);
    assert.equal(ev.sources[1].duplicateOf, 'AGENTS.md');
  });

  it('global: ~/.gemini/<name> for each name, scope global, before project files; GEMINI_CLI_HOME moves ~', () => {
    const { ev, home } = resolve({ tree: { '.git': { dir: true }, 'GEMINI.md': 'p' }, home: { '.gemini/GEMINI.md': 'g' } });
    assert.deepEqual(statuses(ev), ['~/.gemini/GEMINI.md:included:baseline', 'GEMINI.md:included:baseline']);
    assert.equal(ev.sources[0].scope, 'global');
    assert.ok(ev.context.startsWith(globalContext(block(`${home}/.gemini/GEMINI.md`, 'g'))));
    const other = temp.make('holaryn-gemini-moved-');
    writeTree(other, { '.gemini/GEMINI.md': 'moved' });
    const moved = resolve({
      tree: { '.git': { dir: true } },
      env: { GEMINI_CLI_HOME: other },
      trust: false,
      settings: { 'security.folderTrust.enabled': 'false' },
    });
    assert.deepEqual(statuses(moved.ev), ['$GEMINI_CLI_HOME/.gemini/GEMINI.md:included:baseline']);
  });

  it('trust: in a folder with no trust decision, project and on-touch files are untrusted, with a notice; global files still load', () => {
    const { ev } = resolve({
      tree: { '.git': { dir: true }, 'GEMINI.md': 'p', 'src/GEMINI.md': 's', 'src/a.ts': '' },
      home: { '.gemini/GEMINI.md': 'g' },
      trust: false,
      targets: ['src/a.ts'],
    });
    assert.deepEqual(statuses(ev), [
      '~/.gemini/GEMINI.md:included:baseline',
      'GEMINI.md:untrusted:baseline',
      'src/GEMINI.md:untrusted:on-touch',
    ]);
    assert.match(ev.notice ?? '', /untrusted/);
    assert.ok(ev.diagnostics.some((d) => d.code === 'untrusted'));
    assert.ok(!ev.context.includes('--- Context from: ' + ev.root));
  });

  it('trust: GEMINI_CLI_TRUST_WORKSPACE=true or security.folderTrust.enabled=false trusts the folder; =false distrusts it, before anything else', () => {
    const tree = { '.git': { dir: true }, 'GEMINI.md': 'p' } as const;
    assert.equal(resolve({ tree, trust: false, env: { GEMINI_CLI_TRUST_WORKSPACE: 'true' } }).ev.sources[0].status, 'included');
    assert.equal(resolve({ tree, trust: false, settings: { 'security.folderTrust.enabled': 'false' } }).ev.sources[0].status, 'included');
    assert.equal(resolve({ tree, trust: false, env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' } }).ev.sources[0].status, 'untrusted');
    // A trusting rule, or folder trust switched off, does not outweigh the variable.
    const ruled = resolve({ tree, trust: true, env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' } }).ev;
    assert.equal(ruled.sources[0].status, 'untrusted');
    assert.match(ruled.notice ?? '', /GEMINI_CLI_TRUST_WORKSPACE=false/);
    const off = { 'security.folderTrust.enabled': 'false' };
    assert.equal(
      resolve({ tree, trust: false, settings: off, env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' } }).ev.sources[0].status,
      'untrusted',
    );
    // Only the exact words count, as in Gemini.
    assert.equal(resolve({ tree, trust: true, env: { GEMINI_CLI_TRUST_WORKSPACE: 'FALSE' } }).ev.sources[0].status, 'included');
    assert.equal(resolve({ tree, trust: false, env: { GEMINI_CLI_TRUST_WORKSPACE: '1' } }).ev.sources[0].status, 'untrusted');
    // GEMINI_RESTRICTED_MODE=true distrusts too, even over GEMINI_CLI_TRUST_WORKSPACE=true.
    const restricted = resolve({ tree, trust: true, env: { GEMINI_RESTRICTED_MODE: 'true', GEMINI_CLI_TRUST_WORKSPACE: 'true' } }).ev;
    assert.equal(restricted.sources[0].status, 'untrusted');
    assert.match(restricted.notice ?? '', /GEMINI_RESTRICTED_MODE=true/);
  });

  it('trust: with folder trust on, an untrusted folder makes a headless run refuse to start, and the notice says so', () => {
    const tree = { '.git': { dir: true }, 'GEMINI.md': 'p' } as const;
    assert.match(resolve({ tree, trust: false }).ev.notice ?? '', /headless run \(gemini -p\) refuses to start/);
    const off = { 'security.folderTrust.enabled': 'false' };
    const running = resolve({ tree, trust: false, settings: off, env: { GEMINI_CLI_TRUST_WORKSPACE: 'false' } }).ev;
    assert.doesNotMatch(running.notice ?? '', /refuses/);
  });

  it('project: the ceiling is the nearest directory holding a marker (a .git file counts); [] means the working directory alone', () => {
    const tree = { 'GEMINI.md': 'above', 'r/.git': 'gitdir: elsewhere', 'r/GEMINI.md': 'root', 'r/a/GEMINI.md': 'a' };
    assert.deepEqual(statuses(resolve({ tree, cwd: 'r/a' }).ev), ['../GEMINI.md:included:baseline', 'GEMINI.md:included:baseline']);
    assert.deepEqual(statuses(resolve({ tree, cwd: 'r/a', settings: { 'context.memoryBoundaryMarkers': '[]' } }).ev), [
      'GEMINI.md:included:baseline',
    ]);
  });

  it('project: baseline files are sorted by absolute path in code-unit order, not root to leaf', () => {
    const { ev } = resolve({ tree: { '.git': { dir: true }, 'GEMINI.md': 'root', 'A/GEMINI.md': 'A' }, cwd: 'A' });
    assert.deepEqual(statuses(ev), ['GEMINI.md:included:baseline', '../GEMINI.md:included:baseline']);
  });

  it("on touch: from the target's directory (a missing path's parent) up to the ceiling, files not yet loaded, root to leaf", () => {
    const { ev, T } = resolve({
      tree: { '.git': { dir: true }, 'GEMINI.md': 'root', 'x/GEMINI.md': 'x', 'x/y/GEMINI.md': 'y' },
      targets: ['x/y/new.ts'],
    });
    assert.deepEqual(statuses(ev), ['GEMINI.md:included:baseline', 'x/GEMINI.md:included:on-touch', 'x/y/GEMINI.md:included:on-touch']);
    assert.ok(
      ev.context.endsWith(
        `--- Newly Discovered Project Context ---\n--- Context from: ${T}/x/GEMINI.md ---\nx\n--- End of Context from: ${T}/x/GEMINI.md ---\n\n--- Context from: ${T}/x/y/GEMINI.md ---\ny\n--- End of Context from: ${T}/x/y/GEMINI.md ---\n--- End Project Context ---`,
      ),
    );
  });

  it('imports: replaced in place with the exact markers; a path leaving the project root is a traversal attempt; a cycle is named', () => {
    const { ev } = resolve({ tree: { '.git': { dir: true }, 'GEMINI.md': 'A @./b.md @../out.md', 'b.md': 'B @./GEMINI.md' } });
    assert.equal(
      ev.sources[0].content,
      'A <!-- Imported from: ./b.md -->\nB <!-- Imported from: ./GEMINI.md -->\nA <!-- File already processed: ./b.md --> <!-- Import failed: ../out.md - Path traversal attempt -->\n<!-- End of import from: ./GEMINI.md -->\n<!-- End of import from: ./b.md --> <!-- Import failed: ../out.md - Path traversal attempt -->',
    );
  });

  it('imports: the traversal check reads percent-escapes as Gemini does (decoded for the check only; a malformed one kept)', () => {
    const { ev } = resolve({
      tree: {
        '.git': { dir: true },
        'GEMINI.md': 'A @a%2F..%2F..%2Fout.md @./b%20c.md @./%E0%A4%A.md',
        'a/x': 'x',
        'b c.md': 'spaced',
        'b%20c.md': 'literal',
      },
    });
    // Decoded, the first climbs out of the project: refused as traversal, never looked for. The
    // second is inside either way and is read as written; the third does not decode and is checked as it is.
    assert.equal(
      ev.sources[0].content,
      "A <!-- Import failed: a%2F..%2F..%2Fout.md - Path traversal attempt --> <!-- Imported from: ./b%20c.md -->\nliteral\n<!-- End of import from: ./b%20c.md --> <!-- Import failed: ./%E0%A4%A.md - ENOENT: no such file or directory, access '" +
        `${ev.root}/%E0%A4%A.md' -->`,
    );
  });

  it('context: each file framed with its absolute path, joined by a blank line, empty files dropped; no budget', () => {
    const { ev, T } = resolve({
      tree: { '.git': { dir: true }, 'GEMINI.md': '\n  text \n', 'AGENTS.md': ' ' },
      settings: { 'context.fileName': 'AGENTS.md' },
    });
    assert.equal(ev.context, projectContext(block(`${T}/GEMINI.md`, 'text')));
    assert.equal(ev.truncation.budget, null);
  });

  it('context by place: global files in the system instruction, project files in the first user message, each tool call after its output, joined by a blank line', () => {
    const { ev, T, home } = resolve({
      tree: { '.git': { dir: true }, 'GEMINI.md': 'p', 'src/GEMINI.md': 's', 'src/a.ts': '' },
      home: { '.gemini/GEMINI.md': 'g\n\n\n\nafter' },
      targets: ['src/a.ts'],
    });
    // Gemini collapses three or more line feeds in its system instruction, the global file's text included.
    assert.equal(
      ev.context,
      [
        globalContext(block(`${home}/.gemini/GEMINI.md`, 'g\n\nafter')),
        projectContext(block(`${T}/GEMINI.md`, 'p')),
        `--- Newly Discovered Project Context ---\n${block(`${T}/src/GEMINI.md`, 's')}\n--- End Project Context ---`,
      ].join('\n\n'),
    );
    assert.deepEqual(
      ev.contextParts.map((p) => [p.place, p.sources]),
      [
        ['system-prompt', ['~/.gemini/GEMINI.md']],
        ['first-user-message', ['GEMINI.md']],
        ['tool-result', ['src/GEMINI.md']],
      ],
    );
    assert.equal(ev.contextParts.map((p) => p.text).join('\n\n'), ev.context);
  });

  it('include directories: each is walked up to its own ceiling and sorted with the rest; the lists of the settings files add up; a missing one is an error', () => {
    const { ev } = resolve({
      tree: {
        'main/.git': { dir: true },
        'main/GEMINI.md': 'main',
        'main/.gemini/settings.json': JSON.stringify({ context: { includeDirectories: ['../b', '../missing'] } }),
        'lib/.git': { dir: true },
        'lib/GEMINI.md': 'lib',
        'lib/pkg/GEMINI.md': 'pkg',
        'b/GEMINI.md': 'b',
      },
      cwd: 'main',
      home: { '.gemini/settings.json': JSON.stringify({ context: { includeDirectories: ['../lib/pkg'] } }) },
    });
    assert.deepEqual(statuses(ev), [
      '../b/GEMINI.md:included:baseline',
      '../lib/GEMINI.md:included:baseline',
      '../lib/pkg/GEMINI.md:included:baseline',
      'GEMINI.md:included:baseline',
    ]);
    assert.ok(ev.diagnostics.some((d) => d.severity === 'error' && /includeDirectories "\.\.\/missing"/.test(d.message)));
  });

  it("names: a name with a folder (docs/AI.md) is the probed directory's file: it loads for that directory, baseline or on touch", () => {
    const { ev } = resolve({
      tree: { '.git': { dir: true }, 'docs/AI.md': 'docs', 'sub/docs/AI.md': 'sub docs', 'sub/f.txt': 'f' },
      settings: { 'context.fileName': 'docs/AI.md' },
      targets: ['sub/f.txt'],
    });
    assert.deepEqual(statuses(ev), ['docs/AI.md:included:baseline', 'sub/docs/AI.md:included:on-touch']);
  });

  it('settings: an unknown --set name is a usage error listing the known names', () => {
    assert.throws(
      () => resolve({ tree: {}, settings: { 'context.filename': 'X.md' } }),
      (err: unknown) => err instanceof ResolveError && err.code === 'usage' && /context\.fileName/.test(err.message),
    );
  });

  it('real configuration: ~/.gemini/settings.json (JSON with comments) is read and listed; --set wins over it', () => {
    const home = { '.gemini/settings.json': '{\n  // mine\n  "context": { "fileName": ["MINE.md"] }\n}\n' };
    const tree: Record<string, FileSpec> = { '.git': { dir: true }, 'MINE.md': 'mine', 'SET.md': 'set' };
    const { ev } = resolve({ tree, home });
    assert.deepEqual(statuses(ev), ['MINE.md:included:baseline']);
    assert.ok(ev.configFiles?.includes('~/.gemini/settings.json'));
    assert.ok(ev.configFiles?.includes('~/.gemini/trustedFolders.json'));
    assert.deepEqual((ev as unknown as { settings: Record<string, unknown> }).settings['context.fileName'], {
      value: ['MINE.md'],
      from: 'config',
      file: '~/.gemini/settings.json',
    });
    assert.deepEqual(statuses(resolve({ tree, home, settings: { 'context.fileName': 'SET.md' } }).ev), ['SET.md:included:baseline']);
  });

  it('real configuration: a malformed trusted folders file is an error naming it, and the folder is untrusted', () => {
    const { ev } = resolve({
      tree: { '.git': { dir: true }, 'GEMINI.md': 'p' },
      home: { '.gemini/trustedFolders.json': '{ "/x": "MAYBE" }' },
      trust: false,
    });
    assert.equal(ev.sources[0].status, 'untrusted');
    assert.ok(ev.diagnostics.some((d) => d.severity === 'error' && d.source === '~/.gemini/trustedFolders.json'));
  });

  it('reading outside the tree: a link leaving the repository and the home is disclosed, never printed', () => {
    const outside = temp.make('holaryn-gemini-secret-');
    fs.writeFileSync(path.join(outside, 'secret.md'), 'TOP SECRET');
    const { ev } = resolve({ tree: { '.git': { dir: true }, 'GEMINI.md': { symlink: path.join(outside, 'secret.md') } } });
    assert.equal(ev.sources[0].status, 'included');
    assert.ok(ev.context.includes('[not shown: links outside the repository]'));
    assert.ok(!JSON.stringify(ev).includes('TOP SECRET'));
    assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-outside-root'));
  });

  it('evidence carries profile, profileVersion and fidelity', () => {
    const { ev } = resolve({ tree: { '.git': { dir: true } } });
    assert.equal(ev.profile, 'gemini');
    assert.equal(ev.profileVersion, '0.61.0');
    assert.ok((ev.fidelity ?? []).length > 0);
  });
});
