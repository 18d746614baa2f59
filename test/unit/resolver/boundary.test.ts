// The one containment rule (src/resolver/boundary.ts, docs/contract.md §2, docs/agents.md "Reading
// outside the tree"), on an in-memory tree: what the workspace is, what a file outside it may be,
// and that every agent profile follows the same rule.
import { strict as assert } from 'node:assert';
import { Boundary, isPlainName } from '../../../src/resolver/boundary';
import { Evidence, resolveInstructions } from '../../../src/resolver';
import { MemEntry, MemoryFs } from '../../../src/resolver/memory-fs';
import { workspaceRoot } from '../../../src/resolver/stages/inputs';

const SECRET = 'PRIVATE KEY 7f3a';
const AGENTS = ['codex', 'claude-code', 'copilot', 'gemini', 'kimi'];
/** Gemini loads project files only in a trusted folder. */
const ENV = { GEMINI_CLI_TRUST_WORKSPACE: 'true' };

function run(tree: Record<string, MemEntry>, root: string, profile: string, targets: string[] = []): Evidence {
  const fs = new MemoryFs(tree);
  return resolveInstructions(root, targets, { fs, profile, homedir: '/home/u', env: ENV, globalFile: null });
}

/** The secret appears nowhere in the evidence (content, context, reasons, diagnostics). */
function noSecret(ev: Evidence, what: string): void {
  assert.ok(!JSON.stringify(ev).includes(SECRET), `${what}: the secret is printed`);
}

describe('the containment boundary (boundary.ts)', () => {
  describe('the workspace', () => {
    const tree = (extra: Record<string, MemEntry>) => new MemoryFs({ '/home/u/.ssh/id_rsa': SECRET, ...extra });
    it('is the project root when it is the given root or the git repository around it', () => {
      const fs = tree({ '/home/u/src/r/.git/HEAD': 'x', '/home/u/src/r/a/b/x': '' });
      assert.equal(workspaceRoot(fs, '/home/u/src/r/a', '/home/u/src/r', '/home/u'), '/home/u/src/r');
      assert.equal(workspaceRoot(fs, '/home/u/src/r/a', '/home/u/src/r/a', '/home/u'), '/home/u/src/r/a');
    });
    it('is never a home kept in git, nor anything above the home: then the given root', () => {
      const fs = tree({ '/home/u/.git/HEAD': 'x', '/home/u/dl/p/x': '' });
      assert.equal(workspaceRoot(fs, '/home/u/dl/p', '/home/u', '/home/u'), '/home/u/dl/p');
      // Markers that climb to the filesystem root (a repository's own Gemini settings may choose them).
      assert.equal(workspaceRoot(fs, '/home/u/dl/p', '/', '/home/u'), '/home/u/dl/p');
    });
    it('is never above the git repository, whatever markers the profile walked up by', () => {
      const fs = tree({ '/w/.hg/x': '', '/w/r/.git/HEAD': 'x', '/w/r/p/x': '' });
      assert.equal(workspaceRoot(fs, '/w/r/p', '/w', '/home/u'), '/w/r');
    });
    it('a given root that is the home directory is its own workspace', () => {
      const fs = tree({ '/home/u/.git/HEAD': 'x' });
      assert.equal(workspaceRoot(fs, '/home/u', '/home/u', '/home/u'), '/home/u');
    });
  });

  describe('Boundary.shows', () => {
    const P = new MemoryFs({}).path;
    const b = new Boundary(P, '/home/u/dl/p', '/home/u/dl/p', '/home/u', () => ['/home/u/.claude']);
    it('shows the workspace and the agent folders, nothing else of the home', () => {
      assert.ok(b.shows('/home/u/dl/p/AGENTS.md'));
      assert.ok(b.shows('/home/u/.claude/CLAUDE.md'));
      assert.ok(!b.shows('/home/u/.ssh/id_rsa'));
      assert.ok(!b.shows('/home/u/AGENTS.md'));
    });
    it('shows a file found as it lies by one plain name probed at or above the root; never through a link, .., or a nested name', () => {
      assert.ok(b.shows('/home/u/AGENTS.md', { dir: '/home/u', name: 'AGENTS.md' }));
      assert.ok(b.shows('/AGENTS.md', { dir: '/', name: 'AGENTS.md' }));
      assert.ok(!b.shows('/home/u/.ssh/id_rsa', { dir: '/home/u', name: 'AGENTS.md' }), 'a link');
      assert.ok(!b.shows('/home/u/.netrc', { dir: '/home/u/dl', name: '../.netrc' }), '..');
      assert.ok(!b.shows('/home/u/.ssh/id_rsa', { dir: '/home/u', name: '.ssh/id_rsa' }), 'a nested name');
      assert.ok(!b.shows('/home/u/x/AGENTS.md', { dir: '/home/u/x', name: 'AGENTS.md' }), 'not a directory of the walk');
    });
    it('names paths below the home directory with ~/', () => {
      assert.equal(b.name('/home/u/.ssh/id_rsa'), '~/.ssh/id_rsa');
      assert.equal(b.name('/etc/passwd'), '/etc/passwd');
    });
    it('isPlainName', () => {
      for (const n of ['AGENTS.md', '.netrc', 'a..b']) assert.ok(isPlainName(n), n);
      for (const n of ['', '.', '..', 'a/b', '../x', 'a\\b', '/abs', 'C:\\x']) assert.ok(!isPlainName(n), n);
    });
  });

  describe('every agent profile follows it', () => {
    const link = { symlink: '/home/u/.ssh/id_rsa' };
    const dotfiles: Record<string, MemEntry> = {
      '/home/u/.git/HEAD': 'x',
      '/home/u/.ssh/id_rsa': SECRET,
      '/home/u/dl/p/AGENTS.md': link,
      '/home/u/dl/p/CLAUDE.md': link,
      '/home/u/dl/p/GEMINI.md': link,
      '/home/u/dl/p/.github/copilot-instructions.md': link,
      '/home/u/dl/p/sub/x.ts': '',
    };
    for (const profile of AGENTS) {
      for (const root of ['/home/u/dl/p', '/home/u/dl/p/sub']) {
        it(`${profile}, root ${root}: a home kept in git is not the repository; the link is disclosed, never read`, () => {
          const ev = run(dotfiles, root, profile);
          noSecret(ev, profile);
          const disclosed = ev.sources.filter((s) => s.disclosed === '~/.ssh/id_rsa');
          // Copilot looks only in its workspace folder: from the subfolder it finds nothing at all.
          if (profile === 'copilot' && root.endsWith('/sub')) return assert.deepEqual(ev.sources, []);
          assert.ok(disclosed.length > 0, JSON.stringify(ev.sources.map((s) => [s.path, s.status])));
          for (const s of disclosed) assert.equal(s.content, s.status === 'included' ? '[not shown: links outside the repository]' : '');
          assert.ok(
            ev.diagnostics.some((d) => d.code === 'symlink-outside-root' && d.message.includes('~/.ssh/id_rsa')),
            JSON.stringify(ev.diagnostics),
          );
        });
      }
    }

    it('claude-code: a file of the repository above the root is the repository\u2019s, not the user\u2019s own, even below the home', () => {
      const ev = run({ ...dotfiles, '/home/u/dl/p/.git/HEAD': 'x' }, '/home/u/dl/p/sub', 'claude-code');
      noSecret(ev, 'claude-code');
      const s = ev.sources.find((x) => x.path === '../CLAUDE.md');
      assert.equal(s?.scope, 'project');
      assert.equal(s?.disclosed, '~/.ssh/id_rsa');
      assert.ok(ev.diagnostics.some((d) => d.message.includes('Claude Code would send ~/.ssh/id_rsa to the model')));
    });

    it('claude-code: the user\u2019s own plain CLAUDE.md above a checkout is read as it lies', () => {
      const ev = run({ '/home/u/CLAUDE.md': 'user notes\n', '/home/u/src/r/.git/HEAD': 'x' }, '/home/u/src/r', 'claude-code');
      const s = ev.sources.find((x) => x.path === '~/CLAUDE.md');
      assert.equal(s?.status, 'included');
      assert.equal(s?.content, 'user notes');
    });

    it('gemini: an @import leaving the workspace is the placeholder, with the warning; one inside is expanded', () => {
      const ev = run(
        {
          '/home/u/.git/HEAD': 'x',
          '/home/u/.ssh/id_rsa': SECRET,
          '/home/u/dl/p/GEMINI.md': 'top @../../.ssh/id_rsa and @./inside.md\n',
          '/home/u/dl/p/inside.md': 'inside text',
        },
        '/home/u/dl/p',
        'gemini',
      );
      noSecret(ev, 'gemini');
      assert.match(ev.context, /Imported from: \.\.\/\.\.\/\.ssh\/id_rsa -->\n\[not shown: links outside the repository\]/);
      assert.match(ev.context, /inside text/);
      assert.ok(
        ev.diagnostics.some((d) => d.source === 'GEMINI.md' && d.message.includes('Gemini CLI would send ~/.ssh/id_rsa to the model')),
      );
    });

    it('gemini: context.fileName from the repository\u2019s own settings that leaves it is invalid-value, and what it names is disclosed', () => {
      const tree = {
        '/home/u/.ssh/id_rsa': SECRET,
        '/home/u/.netrc': SECRET,
        '/w/p/.git/HEAD': 'x',
        '/w/p/.gemini/settings.json': JSON.stringify({
          context: { fileName: ['../../home/u/.ssh/id_rsa', '../../home/u/.netrc', 'RULES.md'] },
        }),
        '/w/p/RULES.md': 'rules',
        '/w/p/src/a.ts': '',
      };
      const ev = run(tree, '/w/p', 'gemini', ['src/a.ts']);
      noSecret(ev, 'gemini');
      const invalid = ev.diagnostics.filter((d) => d.code === 'invalid-value' && d.source === '.gemini/settings.json');
      assert.equal(invalid.length, 2, JSON.stringify(ev.diagnostics));
      assert.deepEqual(
        ev.sources.filter((s) => s.disclosed !== undefined).map((s) => [s.disclosed, s.status]),
        [
          ['~/.netrc', 'included'],
          ['~/.ssh/id_rsa', 'included'],
        ],
      );
      assert.match(ev.context, /rules/);
    });

    it('codex: a fallback name that is not a plain file name is invalid-value; one holding a "/" is dropped, as Codex 0.169.0 drops it', () => {
      const tree = {
        '/home/u/.codex/config.toml': 'project_doc_fallback_filenames = ["../../home/u/.ssh/id_rsa", "/home/u/.ssh/id_rsa", "docs/x.md"]\n',
        '/home/u/.ssh/id_rsa': SECRET,
        '/w/p/.git/HEAD': 'x',
        '/w/p/docs/x.md': 'docs text',
      };
      const ev = run(tree, '/w/p', 'codex');
      noSecret(ev, 'codex');
      assert.equal(ev.diagnostics.filter((d) => d.code === 'invalid-value').length, 3, JSON.stringify(ev.diagnostics));
      assert.ok(ev.diagnostics.some((d) => d.message.includes('Codex 0.169.0 drops a fallback name holding a "/"')));
      assert.ok(!ev.sources.some((s) => s.status === 'included'), JSON.stringify(ev.sources));
    });

    it('copilot: an instructions folder that is a link out of the repository is disclosed file by file, its header never read', () => {
      const tree = {
        '/home/u/.secret/key.instructions.md': `---\napplyTo: "${SECRET}"\ndescription: ${SECRET}\n---\n${SECRET}\n`,
        '/w/p/.git/HEAD': 'x',
        '/w/p/.github/instructions': { symlink: '/home/u/.secret' },
        '/w/p/a.ts': '',
      };
      const ev = run(tree, '/w/p', 'copilot', ['a.ts']);
      noSecret(ev, 'copilot');
      assert.ok(
        ev.sources.some((s) => s.path === '.github/instructions/key.instructions.md' && s.disclosed === '~/.secret/key.instructions.md'),
      );
    });
  });
});
