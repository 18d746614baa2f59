/**
 * The `codex` profile, one test per rule of src/resolver/profiles/codex/README.md (and the common rules of docs/agents.md), on
 * in-memory trees with an injected home and environment.
 */
import { strict as assert } from 'node:assert';
import { Evidence, ResolveError, ResolveOptions, resolveInstructions } from '../../../src/resolver';
import { MemEntry, MemoryFs } from '../../../src/resolver/memory-fs';
import { FsError } from '../../../src/resolver/fs';

const HOME = '/home/u';
const W = '/w';

function resolve(tree: Record<string, MemEntry>, options: ResolveOptions = {}, cwd = W, targets: string[] = []): Evidence {
  const fs = new MemoryFs({ [W]: { dir: true }, [HOME]: { dir: true }, ...tree });
  return resolveInstructions(cwd, targets, { profile: 'codex', fs, env: {}, homedir: HOME, ...options });
}

function statuses(ev: Evidence): Record<string, string> {
  return Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
}

function wrap(text: string, cwd = W): string {
  return `# AGENTS.md instructions for ${cwd}\n\n<INSTRUCTIONS>\n${text}\n</INSTRUCTIONS>`;
}

function usage(fn: () => unknown): ResolveError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ResolveError, String(err));
    assert.equal(err.code, 'usage');
    return err;
  }
  assert.fail('expected a usage error');
}

describe('codex profile (src/resolver/profiles/codex/README.md)', () => {
  it('per directory the first of AGENTS.override.md, AGENTS.md, then the fallbacks wins; the others are shadowed', () => {
    const ev = resolve(
      { [`${W}/AGENTS.md`]: 'a', [`${W}/B.md`]: 'b', [`${W}/AGENTS.override.md`]: { dir: true }, [`${W}/C.md`]: 'c' },
      { settings: { project_doc_fallback_filenames: '["", "B.md", "AGENTS.md", "B.md", "C.md"]' } },
    );
    assert.deepEqual(statuses(ev), { 'AGENTS.md': 'included', 'B.md': 'shadowed', 'C.md': 'shadowed' });
    assert.equal(ev.sources.find((s) => s.path === 'B.md')?.shadowedBy, 'AGENTS.md');
    const fallback = resolve(
      { [`${W}/AGENTS.md`]: { special: true }, [`${W}/B.md`]: 'b' },
      { settings: { project_doc_fallback_filenames: 'B.md' } },
    );
    assert.deepEqual(statuses(fallback), { 'B.md': 'included' });
  });

  it('fallback names are trimmed (Rust str::trim); names blank after trimming and repeats are dropped', () => {
    const ev = resolve(
      { [`${W}/B.md`]: 'b', [`${W}/C.md`]: 'c' },
      { settings: { project_doc_fallback_filenames: '[" \\t B.md \\n", " ", "B.md ", "\\u3000C.md"]' } },
    );
    assert.deepEqual(statuses(ev), { 'B.md': 'included', 'C.md': 'shadowed' });
    assert.equal(ev.context, wrap('b'));
  });

  it('the project root is the nearest directory with a marker (a .git file counts); files come from it down to the cwd', () => {
    const tree = { '/r/.git': 'gitdir: x\n', '/r/AGENTS.md': 'root\n', '/r/a/AGENTS.md': 'a\n', '/r/a/b/AGENTS.md': 'b\n' };
    const ev = resolve(tree, {}, '/r/a/b');
    assert.deepEqual(statuses(ev), { '../../AGENTS.md': 'included', '../AGENTS.md': 'included', 'AGENTS.md': 'included' });
    assert.equal(ev.context, wrap('root\n\n\na\n\n\nb\n', '/r/a/b'));
    const custom = resolve({ ...tree, '/r/a/.mark': '' }, { settings: { project_root_markers: '.mark' } }, '/r/a/b');
    assert.equal(custom.context, wrap('a\n\n\nb\n', '/r/a/b'));
  });

  it('no marker, or project_root_markers = []: the cwd alone; the files above are not loaded', () => {
    const tree = { '/r/.git': { dir: true } as MemEntry, '/r/AGENTS.md': 'root', '/r/a/AGENTS.md': 'a' };
    const ev = resolve(tree, { settings: { project_root_markers: '[]' } }, '/r/a');
    assert.deepEqual(statuses(ev), { '../AGENTS.md': 'not-loaded', 'AGENTS.md': 'included' });
    assert.match(ev.sources[0].reason ?? '', /project root/);
  });

  it('nothing below the cwd: files on a target chain below it are not-loaded', () => {
    const ev = resolve({ [`${W}/AGENTS.md`]: 'root', [`${W}/pkg/AGENTS.md`]: 'pkg', [`${W}/pkg/x.ts`]: '' }, {}, W, ['pkg/x.ts']);
    const below = ev.sources.find((s) => s.path === 'pkg/AGENTS.md');
    assert.equal(below?.status, 'not-loaded');
    assert.equal(below?.reason, 'Codex loads no file below its working directory');
    assert.equal(ev.context, wrap('root'));
  });

  it('a file that is empty or only whitespace is skipped and costs nothing', () => {
    const ev = resolve(
      { '/r/.git': { dir: true }, '/r/AGENTS.md': ' \n\t', '/r/a/AGENTS.md': 'abcd' },
      { settings: { project_doc_max_bytes: '4' } },
      '/r/a',
    );
    assert.deepEqual(statuses(ev), { '../AGENTS.md': 'omitted', 'AGENTS.md': 'included' });
    assert.equal(ev.context, wrap('abcd', '/r/a'));
  });

  it('budget in bytes, root first: whole while it fits, the first that does not is cut lossily, the rest omitted; no marker', () => {
    const tree = { '/r/.git': { dir: true } as MemEntry, '/r/AGENTS.md': 'root', '/r/a/AGENTS.md': 'abcé', '/r/a/b/AGENTS.md': 'late' };
    const ev = resolve(tree, { settings: { project_doc_max_bytes: '8' } }, '/r/a/b');
    assert.deepEqual(statuses(ev), { '../../AGENTS.md': 'included', '../AGENTS.md': 'truncated', 'AGENTS.md': 'omitted' });
    assert.equal(ev.context, wrap('root\n\nabc\ufffd', '/r/a/b'));
    assert.equal(ev.truncation.unit, 'utf8-bytes');
    assert.equal(ev.truncation.budget, 8);
    assert.ok(!ev.context.includes('cut'), 'Codex writes no marker');
    assert.ok(ev.fidelity?.some((f) => /no(?:t| ) ?.*marker|without any marker/.test(f)));
    const zero = resolve(tree, { settings: { project_doc_max_bytes: '0' } }, '/r/a/b');
    assert.deepEqual(Object.values(statuses(zero)), ['omitted', 'omitted', 'omitted']);
    assert.equal(zero.context, '');
  });

  it('the budget counts raw file bytes: an invalid byte costs 1, not the 3 of its U+FFFD; the cut is made in the raw bytes', () => {
    const bytes = (...parts: (string | number[])[]) =>
      Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));
    // 5 raw bytes (ab, 0xFF, cd) fit a 5-byte budget whole, though their decoded text is 7 UTF-8 bytes.
    const whole = resolve({ [`${W}/AGENTS.md`]: bytes('ab', [0xff], 'cd') }, { settings: { project_doc_max_bytes: '5' } });
    assert.deepEqual(statuses(whole), { 'AGENTS.md': 'included' });
    assert.equal(whole.context, wrap('ab\ufffdcd'));
    assert.equal(whole.truncation.needed, 5);
    // The next file gets what the raw bytes left: 6 - 3 = 3.
    const tree = { '/r/.git': { dir: true } as MemEntry, '/r/AGENTS.md': bytes([0xff, 0xfe], 'x'), '/r/a/AGENTS.md': 'abcdé' };
    const next = resolve(tree, { settings: { project_doc_max_bytes: '6' } }, '/r/a');
    assert.deepEqual(statuses(next), { '../AGENTS.md': 'included', 'AGENTS.md': 'truncated' });
    assert.equal(next.context, wrap('\ufffd\ufffdx\n\nabc', '/r/a'));
    // A cut through a character: the raw head (a, 0xFF, 0xC3) decodes to two U+FFFD.
    const cut = resolve({ [`${W}/AGENTS.md`]: bytes('a', [0xff], 'é') }, { settings: { project_doc_max_bytes: '3' } });
    assert.equal(cut.context, wrap('a\ufffd\ufffd'));
    assert.deepEqual(cut.truncation.cut, [{ path: 'AGENTS.md', chars: 4, included: 3 }]);
    assert.equal(cut.sources[0].includedChars, 3);
    assert.match(cut.sources[0].reason ?? '', /first 3 of 4 bytes/);
    assert.equal(cut.truncation.needed, 4);
  });

  it('invalid UTF-8 is decoded lossily, with a warning naming the file', () => {
    const ev = resolve({ [`${W}/AGENTS.md`]: Buffer.from('cHJvamVjdP8gZG9j', 'base64') });
    assert.equal(ev.context, wrap('project\ufffd doc'));
    assert.ok(ev.diagnostics.some((d) => d.source === 'AGENTS.md' && d.severity === 'warning'));
  });

  it('a leading BOM is kept, in the text and in the budget (its 3 bytes count); the global trim leaves it too', () => {
    const bom = (s: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s)]);
    const ev = resolve({ [`${W}/AGENTS.md`]: bom('abc') });
    assert.equal(ev.context, wrap('\ufeffabc'));
    assert.equal(ev.sources[0].content, '\ufeffabc');
    const cut = resolve({ [`${W}/AGENTS.md`]: bom('abc') }, { settings: { project_doc_max_bytes: '4' } });
    assert.equal(cut.context, wrap('\ufeffa'));
    assert.deepEqual(cut.truncation.cut, [{ path: 'AGENTS.md', chars: 6, included: 4 }]);
    // Rust's trim() does not count U+FEFF as whitespace: the global text keeps it (and a BOM alone is text).
    const global = resolve({ [`${HOME}/.codex/AGENTS.md`]: bom(' g \n') });
    assert.equal(global.context, '# AGENTS.md instructions\n\n<INSTRUCTIONS>\n\ufeff g\n</INSTRUCTIONS>');
    const alone = resolve({ [`${W}/AGENTS.md`]: bom('') });
    assert.deepEqual(statuses(alone), { 'AGENTS.md': 'included' });
  });

  describe("a project file that cannot be read drops every project file, as Codex's read fails as a whole", () => {
    const GLOBAL_ONLY = '# AGENTS.md instructions\n\n<INSTRUCTIONS>\ng\n</INSTRUCTIONS>';
    const denying = (tree: Record<string, MemEntry>, denied: string) => {
      const fs = new MemoryFs({ [W]: { dir: true }, [HOME]: { dir: true }, ...tree });
      const open = fs.open.bind(fs);
      fs.open = (p, st) => {
        if (p === denied) throw new FsError('EACCES', `EACCES: permission denied, open '${p}'`);
        return open(p, st);
      };
      return fs;
    };

    it('permission denied: the others are not-loaded naming the file, only the global text is sent, a diagnostic says why', () => {
      const tree = {
        [`${HOME}/.codex/AGENTS.md`]: 'g',
        '/r/.git': { dir: true } as MemEntry,
        '/r/AGENTS.md': 'root',
        '/r/a/AGENTS.md': 'denied',
        '/r/a/b/AGENTS.md': 'b',
      };
      const fs = denying(tree, '/r/a/AGENTS.md');
      const ev = resolveInstructions('/r/a/b', [], { profile: 'codex', fs, env: {}, homedir: HOME });
      assert.deepEqual(statuses(ev), { '~/.codex/AGENTS.md': 'included', '../../AGENTS.md': 'not-loaded', 'AGENTS.md': 'not-loaded' });
      for (const s of ev.sources.filter((x) => x.scope !== 'global')) assert.match(s.reason ?? '', /\.\.\/AGENTS\.md/);
      assert.deepEqual(ev.skipped, [{ path: '../AGENTS.md', reason: 'unreadable' }]);
      assert.equal(ev.context, GLOBAL_ONLY);
      const d = ev.diagnostics.find((x) => x.code === 'unreadable' && x.source === '../AGENTS.md');
      assert.match(d?.message ?? '', /EACCES/);
      assert.match(d?.message ?? '', /no project file/);
    });

    it('a link loop in the name drops them too; a directory of the name, or a file never read (shadowed), does not', () => {
      const loop = resolve(
        {
          [`${HOME}/.codex/AGENTS.md`]: 'g',
          '/r/.git': { dir: true },
          '/r/AGENTS.md': 'root',
          '/r/a/AGENTS.md': { symlink: '/r/a/AGENTS.md' },
        },
        {},
        '/r/a',
      );
      assert.deepEqual(statuses(loop), { '~/.codex/AGENTS.md': 'included', '../AGENTS.md': 'not-loaded' });
      assert.equal(loop.context, GLOBAL_ONLY);
      const dir = resolve({ [`${W}/AGENTS.override.md`]: { dir: true }, [`${W}/AGENTS.md`]: 'a' });
      assert.equal(dir.context, wrap('a'));
      // Codex picks AGENTS.override.md by its metadata and never opens AGENTS.md.
      const fs = denying({ [`${W}/AGENTS.override.md`]: 'o', [`${W}/AGENTS.md`]: 'a' }, `${W}/AGENTS.md`);
      const shadowed = resolveInstructions(W, [], { profile: 'codex', fs, env: {}, homedir: HOME });
      assert.equal(shadowed.context, wrap('o'));
    });

    it('not in an untrusted project, nor for a file Codex never loads (below the cwd)', () => {
      const fs = denying({ [`${W}/AGENTS.md`]: 'a', [`${W}/pkg/AGENTS.md`]: 'p', [`${W}/pkg/x.ts`]: '' }, `${W}/pkg/AGENTS.md`);
      const below = resolveInstructions(W, ['pkg/x.ts'], { profile: 'codex', fs, env: {}, homedir: HOME });
      assert.equal(below.context, wrap('a'));
      const config = `[projects."${W}"]\ntrust_level = "untrusted"\n`;
      const untrusted = denying({ [`${HOME}/.codex/config.toml`]: config, [`${W}/AGENTS.md`]: 'a', [`${W}/B.md`]: 'b' }, `${W}/AGENTS.md`);
      const ev = resolveInstructions(W, [], { profile: 'codex', fs: untrusted, env: {}, homedir: HOME });
      assert.ok(!ev.sources.some((s) => s.status === 'not-loaded'));
    });
  });

  it('global: $CODEX_HOME/AGENTS.override.md else AGENTS.md, first non-empty after trim, trimmed, outside the budget', () => {
    const ev = resolve(
      { '/ch/AGENTS.override.md': ' \n', '/ch/AGENTS.md': '  global text \n', '/ch/B.md': 'no', [`${W}/AGENTS.md`]: 'abcdef' },
      { env: { CODEX_HOME: '/ch' }, settings: { project_doc_max_bytes: '3', project_doc_fallback_filenames: 'B.md' } },
    );
    assert.deepEqual(statuses(ev), {
      '$CODEX_HOME/AGENTS.override.md': 'omitted',
      '$CODEX_HOME/AGENTS.md': 'included',
      'AGENTS.md': 'truncated',
    });
    assert.equal(ev.sources.find((s) => s.path === '$CODEX_HOME/AGENTS.md')?.scope, 'global');
    assert.equal(ev.context, wrap('global text\n\n--- project-doc ---\n\nabc'));
    const onlyGlobal = resolve({ [`${HOME}/.codex/AGENTS.md`]: 'g' });
    assert.equal(onlyGlobal.context, '# AGENTS.md instructions\n\n<INSTRUCTIONS>\ng\n</INSTRUCTIONS>');
  });

  it('no instruction text at all: the context is ""', () => {
    assert.equal(resolve({ [`${W}/AGENTS.md`]: '\n' }).context, '');
  });

  it('--set: an unknown name is a usage error listing the known ones; lists as JSON or comma-separated', () => {
    const err = usage(() => resolve({}, { settings: { project_doc_bytes: '7' } }));
    assert.match(err.message, /project_doc_max_bytes, project_doc_fallback_filenames, project_root_markers, trust_level/);
    usage(() => resolve({}, { settings: { project_doc_max_bytes: 'lots' } }));
    const ev = resolve({ [`${W}/X.md`]: 'x' }, { settings: { project_doc_fallback_filenames: 'Y.md, X.md' } });
    assert.deepEqual(statuses(ev), { 'X.md': 'included' });
  });

  it('reads $CODEX_HOME/config.toml; --set wins; configFiles lists it; a broken file is a diagnostic', () => {
    const config = 'project_doc_max_bytes = 2\nproject_doc_fallback_filenames = ["X.md"]\n';
    const tree = { [`${HOME}/.codex/config.toml`]: config, [`${W}/X.md`]: 'xyz' };
    const ev = resolve(tree);
    assert.deepEqual(ev.configFiles, ['~/.codex/config.toml']);
    assert.equal(ev.context, wrap('xy'));
    assert.deepEqual((ev as unknown as { settings: Record<string, unknown> }).settings.project_doc_max_bytes, {
      value: 2,
      from: 'config',
      file: '~/.codex/config.toml',
    });
    assert.equal(resolve(tree, { settings: { project_doc_max_bytes: '3' } }).context, wrap('xyz'));
    const broken = resolve({ '/ch/config.toml': 'project_doc_max_bytes = [', [`${W}/AGENTS.md`]: 'a' }, { env: { CODEX_HOME: '/ch' } });
    assert.deepEqual(broken.configFiles, ['$CODEX_HOME/config.toml']);
    assert.ok(broken.diagnostics.some((d) => d.code === 'malformed-config' && d.source === '$CODEX_HOME/config.toml'));
    assert.equal(broken.context, wrap('a'));
    const wrongType = resolve({ [`${HOME}/.codex/config.toml`]: 'project_root_markers = ".git"', [`${W}/AGENTS.md`]: 'a' });
    assert.ok(wrongType.diagnostics.some((d) => d.code === 'invalid-value'));
  });

  it('--budget N sets project_doc_max_bytes', () => {
    assert.equal(resolve({ [`${W}/AGENTS.md`]: 'abcdef' }, { budget: 2 }).context, wrap('ab'));
  });

  it('a link leading outside the repository and the home is included with a warning, never read', () => {
    const fs = new MemoryFs({
      [W]: { dir: true },
      [HOME]: { dir: true },
      '/secret/key': 'TOKEN',
      [`${W}/AGENTS.md`]: { symlink: '/secret/key' },
    });
    const ev = resolveInstructions(W, [], { profile: 'codex', fs, env: {}, homedir: HOME });
    const s = ev.sources.find((x) => x.path === 'AGENTS.md');
    assert.equal(s?.status, 'included');
    assert.equal(s?.content, '[not shown: links outside the repository]');
    assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-outside-root' && d.message.includes('/secret/key')));
    assert.ok(!ev.context.includes('TOKEN'));
    assert.ok(!fs.opened.includes('/secret/key'));
  });

  it("a link into the user's home is disclosed, not read; one into Codex's own home is read", () => {
    // Only the agent's own folder counts as its home: a repository must not be able to aim a
    // link at ~/.ssh and have Holaryn print it.
    const fs = new MemoryFs({
      [W]: { dir: true },
      [HOME]: { dir: true },
      [`${HOME}/.ssh/id`]: 'PRIVATE',
      [`${HOME}/.codex/shared.md`]: 'shared rules',
      [`${W}/AGENTS.md`]: { symlink: `${HOME}/.ssh/id` },
      [`${W}/sub/AGENTS.md`]: { symlink: `${HOME}/.codex/shared.md` },
    });
    const ev = resolveInstructions(`${W}/sub`, [], {
      profile: 'codex',
      fs,
      env: {},
      homedir: HOME,
      settings: { project_root_markers: '[]' },
    });
    assert.equal(ev.sources.find((x) => x.path === 'AGENTS.md')?.content, 'shared rules');
    const up = resolveInstructions(W, [], { profile: 'codex', fs, env: {}, homedir: HOME });
    assert.equal(up.sources.find((x) => x.path === 'AGENTS.md')?.content, '[not shown: links outside the repository]');
    assert.ok(!up.context.includes('PRIVATE'));
    assert.ok(!fs.opened.includes(`${HOME}/.ssh/id`));
  });

  it('an untrusted project (config.toml) sends only the global file', () => {
    const config = `[projects."${W}"]\ntrust_level = "untrusted"\n`;
    const ev = resolve({ [`${HOME}/.codex/config.toml`]: config, [`${HOME}/.codex/AGENTS.md`]: 'g', [`${W}/AGENTS.md`]: 'p' });
    assert.deepEqual(statuses(ev), { '~/.codex/AGENTS.md': 'included', 'AGENTS.md': 'untrusted' });
    assert.equal(ev.context, '# AGENTS.md instructions\n\n<INSTRUCTIONS>\ng\n</INSTRUCTIONS>');
    assert.ok(ev.notice);
    const trusted = resolve({ [`${HOME}/.codex/config.toml`]: config, [`${W}/AGENTS.md`]: 'p' }, { settings: { trust_level: 'trusted' } });
    assert.equal(trusted.context, wrap('p'));
  });

  describe('trust and the project config: looked up by the working directory alone (0.169.0)', () => {
    const config = (...entries: string[]) => ({ [`${HOME}/.codex/config.toml`]: entries.join('\n') });
    const level = (key: string, value: string) => `[projects."${key}"]\ntrust_level = "${value}"\n`;
    const trusted = (ev: Evidence) => !ev.sources.some((s) => s.status === 'untrusted');

    it("the cwd canonical is the only key: neither the repository root nor a marker-based root nor a worktree's main repository", () => {
      const repo = { '/r/.git': { dir: true } as MemEntry, '/r/a/.mark': '', '/r/a/b/AGENTS.md': 'b' };
      assert.ok(trusted(resolve({ ...repo, ...config(level('/r', 'untrusted')) }, {}, '/r/a/b')));
      assert.ok(
        trusted(resolve({ ...repo, ...config(level('/r/a', 'untrusted')) }, { settings: { project_root_markers: '.mark' } }, '/r/a/b')),
      );
      assert.deepEqual(statuses(resolve({ ...repo, ...config(level('/r/a/b', 'untrusted')) }, {}, '/r/a/b')), { 'AGENTS.md': 'untrusted' });
      const worktree = {
        '/main/.git/worktrees/wt/HEAD': 'ref: refs/heads/x\n',
        '/wt/.git': 'gitdir: /main/.git/worktrees/wt\n',
        '/wt/AGENTS.md': 'p',
      };
      assert.ok(trusted(resolve({ ...worktree, ...config(level('/main', 'untrusted')) }, {}, '/wt')));
    });

    it('an entry without a trust_level leaves it unset (trusted); a linked cwd is looked up by its real path only', () => {
      const tree = { '/r/.git': { dir: true } as MemEntry, '/r/a/AGENTS.md': 'a', '/link': { symlink: '/r/a' } as MemEntry };
      assert.ok(trusted(resolve({ ...tree, ...config('[projects."/r/a"]\nother = 1\n') }, {}, '/r/a')));
      assert.deepEqual(statuses(resolve({ ...tree, ...config(level('/r/a', 'untrusted')) }, {}, '/link')), { 'AGENTS.md': 'untrusted' });
      assert.ok(trusted(resolve({ ...tree, ...config(level('/link', 'untrusted')) }, {}, '/link')));
    });

    it("a trusted cwd's own .codex/config.toml gives fallback names and the budget, not the root markers", () => {
      const tree = {
        '/r/.git': { dir: true } as MemEntry,
        '/r/TEAM.md': 'root team',
        '/r/a/.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\nproject_doc_max_bytes = 6\nproject_root_markers = []\n',
        '/r/a/TEAM.md': 'a team',
      };
      const ev = resolve({ ...tree, ...config(level('/r/a', 'trusted')) }, {}, '/r/a');
      assert.deepEqual(statuses(ev), { '../TEAM.md': 'truncated', 'TEAM.md': 'omitted' });
      assert.equal(ev.context, wrap('root t', '/r/a'));
      assert.deepEqual(ev.configFiles, ['~/.codex/config.toml', '.codex/config.toml']);
      assert.deepEqual(ev.settings?.project_doc_max_bytes, { value: 6, from: 'config', file: '.codex/config.toml' });
      // Unset trust (or a trusted repository root above the cwd): the project config is not read.
      for (const entries of [[], [level('/r', 'trusted')]]) {
        const plain = resolve({ ...tree, ...config(...entries) }, {}, '/r/a');
        assert.equal(plain.context, '');
        assert.deepEqual(plain.configFiles, ['~/.codex/config.toml']);
      }
    });

    it('a project config.toml in a folder above the cwd is not read, even trusted', () => {
      const tree = {
        '/r/.git': { dir: true } as MemEntry,
        '/r/.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\n',
        '/r/a/TEAM.md': 'a team',
      };
      const ev = resolve({ ...tree, ...config(level('/r', 'trusted'), level('/r/a', 'trusted')) }, {}, '/r/a');
      assert.equal(ev.context, '');
    });
  });

  it('carries profile, profileVersion and fidelity; no target resolves the cwd', () => {
    const ev = resolve({ [`${W}/AGENTS.md`]: 'a' });
    assert.equal(ev.profile, 'codex');
    assert.match(ev.profileVersion ?? '', /Codex/);
    assert.ok(Array.isArray(ev.fidelity) && ev.fidelity.length > 0);
    assert.deepEqual(ev.targets, [{ path: '', kind: 'directory' }]);
  });
});
