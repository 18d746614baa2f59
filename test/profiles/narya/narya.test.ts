/**
 * The `narya` profile (docs/profiles.md §4), one `it` per rule, on in-memory trees. The trust
 * answer comes from a lookup passed in (`trustStore`), except where the store file itself is the
 * subject.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ResolveOptions } from '../../../src/resolver';
import type { TrustLookup } from '../../../src/trust/store';
import { Tree, diags, resolve, resolveError, source, sourcePaths, statuses } from '../../helpers/tree';

const TRUSTED: ResolveOptions = { profile: 'narya', trustStore: () => ({ decision: 'trusted' }) };
const UNKNOWN: ResolveOptions = { profile: 'narya', trustStore: () => ({ decision: 'unknown' }) };
const REFUSED: ResolveOptions = { profile: 'narya', trustStore: () => ({ decision: 'refused' }) };

/** A checkout at /m with the repository (the given root) at /m/components/ledger. */
const MONOREPO: Tree = {
  '/m/.git': { dir: true },
  '/m/AGENTS.md': 'agents at the git root\n',
  '/m/CLAUDE.md': 'claude at the git root\n',
  '/m/docs/PROJECT_RULES.md': 'project rules\n',
  '/m/components/AGENTS.md': 'between the git root and the repository\n',
  '/m/components/ledger/CLAUDE.md': 'in the repository\n',
  '/m/components/ledger/src/.holaryn/instructions.md': 'holaryn file\n',
  '/m/components/ledger/src/AGENTS.md': 'deeper\n',
  '/m/components/ledger/src/app.ts': 'x',
  '/m/components/ledger/other/AGENTS.md': 'not on the way\n',
};
const LEDGER = '/m/components/ledger';

describe('narya profile (docs/profiles.md §4)', () => {
  describe('instructionRoot', () => {
    it('is the nearest directory at or above the repository holding .git; its files are shown as ../, scope project, negative depth', () => {
      const { ev } = resolve(MONOREPO, ['src/app.ts'], TRUSTED, LEDGER);
      const agents = source(ev, '../../AGENTS.md');
      assert.equal(agents.scope, 'project');
      assert.equal(agents.directory, '../..');
      assert.equal(agents.depth, -2);
      assert.equal(agents.status, 'included');
      assert.equal(source(ev, '../../docs/PROJECT_RULES.md').status, 'included');
      assert.equal((ev.trust as { instructionRoot: string }).instructionRoot, '/m');
    });

    it('a .git file (worktree, submodule) marks it as well', () => {
      const { ev } = resolve({ '/w/.git': 'gitdir: /elsewhere\n', '/w/AGENTS.md': 'a\n', '/w/app/x.ts': '' }, ['x.ts'], TRUSTED, '/w/app');
      assert.deepEqual(statuses(ev), { '../AGENTS.md': 'included' });
    });

    it('is the repository itself when there is no .git at or above it', () => {
      const { ev } = resolve(
        { '/w/AGENTS.md': 'above, no git\n', '/w/app/AGENTS.md': 'own\n', '/w/app/x.ts': '' },
        ['x.ts'],
        TRUSTED,
        '/w/app',
      );
      assert.deepEqual(statuses(ev), { 'AGENTS.md': 'included' });
      assert.equal((ev.trust as { instructionRoot: string }).instructionRoot, '/w/app');
    });
  });

  describe('discovered instruction files', () => {
    it('AGENTS.md then docs/PROJECT_RULES.md, in prompt order, delivery baseline', () => {
      const { ev } = resolve({ '.git': { dir: true }, 'AGENTS.md': 'A\n', 'docs/PROJECT_RULES.md': 'R\n', 'x.ts': '' }, ['x.ts'], TRUSTED);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'docs/PROJECT_RULES.md']);
      assert.ok(ev.sources.every((s) => s.delivery === 'baseline' && s.status === 'included'));
      assert.ok(ev.context.indexOf('A\n') < ev.context.indexOf('R\n'));
    });

    it('CLAUDE.md only when there is no AGENTS.md', () => {
      const { ev } = resolve({ '.git': { dir: true }, 'CLAUDE.md': 'C\n', 'x.ts': '' }, ['x.ts'], TRUSTED);
      assert.deepEqual(statuses(ev), { 'CLAUDE.md': 'included' });
    });

    it('with both, CLAUDE.md is shadowed by AGENTS.md', () => {
      const { ev } = resolve({ '.git': { dir: true }, 'AGENTS.md': 'A\n', 'CLAUDE.md': 'C\n', 'x.ts': '' }, ['x.ts'], TRUSTED);
      const claude = source(ev, 'CLAUDE.md');
      assert.equal(claude.status, 'shadowed');
      assert.equal(claude.shadowedBy, 'AGENTS.md');
      assert.ok(claude.reason);
      assert.ok(!ev.context.includes('C\n'));
    });

    it('only files present now: nothing else at the instruction root is read', () => {
      const { ev, fs: mem } = resolve(
        { '.git': { dir: true }, 'README.md': 'r', 'docs/other.md': 'o', 'GEMINI.md': 'g', 'x.ts': '' },
        ['x.ts'],
        TRUSTED,
      );
      assert.deepEqual(ev.sources, []);
      assert.equal(ev.context, '');
      assert.deepEqual(mem.opened, []);
    });
  });

  describe('no hierarchy', () => {
    it('every other .holaryn/instructions.md, AGENTS.md or CLAUDE.md between instructionRoot and the target is not-loaded', () => {
      const { ev } = resolve(MONOREPO, ['src/app.ts'], TRUSTED, LEDGER);
      assert.deepEqual(statuses(ev), {
        '../../AGENTS.md': 'included',
        '../../CLAUDE.md': 'shadowed',
        '../../docs/PROJECT_RULES.md': 'included',
        '../AGENTS.md': 'not-loaded',
        'CLAUDE.md': 'not-loaded',
        'src/.holaryn/instructions.md': 'not-loaded',
        'src/AGENTS.md': 'not-loaded',
      });
      for (const s of ev.sources.filter((x) => x.status === 'not-loaded')) assert.ok(s.reason, s.path);
      assert.ok(!ev.context.includes('deeper') && !ev.context.includes('in the repository'));
    });
  });

  describe('.narya/config.toml', () => {
    const base: Tree = {
      '.git': { dir: true },
      'AGENTS.md': 'A\n',
      'docs/extra.md': 'EXTRA\n',
      'notes/b.md': 'B\n',
      'x.ts': '',
    };

    it('instruction_files names repository files that follow the discovered ones, in the listed order, reason naming the config', () => {
      const { ev } = resolve({ ...base, '.narya/config.toml': 'instruction_files = ["notes/b.md", "docs/extra.md"]\n' }, ['x.ts'], TRUSTED);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'notes/b.md', 'docs/extra.md']);
      for (const p of ['notes/b.md', 'docs/extra.md']) {
        const s = source(ev, p);
        assert.equal(s.status, 'included');
        assert.equal(s.delivery, 'baseline');
        assert.match(s.reason ?? '', /\.narya\/config\.toml/);
      }
      assert.ok(ev.context.indexOf('A\n') < ev.context.indexOf('B\n') && ev.context.indexOf('B\n') < ev.context.indexOf('EXTRA'));
    });

    it('is read relative to the repository, not instructionRoot; its files are relative to the repository', () => {
      const { ev } = resolve(
        {
          '/m/.git': { dir: true },
          '/m/.narya/config.toml': 'instruction_files = ["ROOT.md"]\n',
          '/m/ROOT.md': 'root\n',
          '/m/app/.narya/config.toml': 'instruction_files = ["APP.md"]\n',
          '/m/app/APP.md': 'app\n',
          '/m/app/x.ts': '',
        },
        ['x.ts'],
        TRUSTED,
        '/m/app',
      );
      assert.deepEqual(sourcePaths(ev), ['APP.md']);
      assert.equal((ev.trust as { projectConfig?: string }).projectConfig, '.narya/config.toml');
    });

    it('a path leaving the repository, missing, or not a regular file is an invalid-value each, and no source', () => {
      const { ev } = resolve(
        {
          '/m/.git': { dir: true },
          '/m/secret.md': 'secret\n',
          '/m/app/.narya/config.toml': 'instruction_files = ["../secret.md", "missing.md", "dir", "ok.md"]\n',
          '/m/app/dir': { dir: true },
          '/m/app/ok.md': 'ok\n',
          '/m/app/x.ts': '',
        },
        ['x.ts'],
        TRUSTED,
        '/m/app',
      );
      assert.deepEqual(sourcePaths(ev), ['ok.md']);
      const invalid = diags(ev, 'invalid-value');
      assert.equal(invalid.length, 3);
      assert.ok(invalid.every((d) => d.source === '.narya/config.toml'));
      assert.ok(!ev.context.includes('secret'));
    });

    it('an instruction_files that is not a list of strings is an invalid-value, and names nothing', () => {
      const { ev } = resolve({ ...base, '.narya/config.toml': 'instruction_files = "notes/b.md"\n' }, ['x.ts'], TRUSTED);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md']);
      assert.equal(diags(ev, 'invalid-value').length, 1);
    });

    it('a file named that is also discovered is listed once; a repeated name too', () => {
      const { ev } = resolve(
        { ...base, '.narya/config.toml': 'instruction_files = ["AGENTS.md", "notes/b.md", "./notes/b.md"]\n' },
        ['x.ts'],
        TRUSTED,
      );
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'notes/b.md']);
      assert.equal(ev.context.split('A\n').length, 2);
    });

    it('a shadowed CLAUDE.md named by the config is listed once, and stays shadowed', () => {
      const { ev } = resolve(
        { ...base, 'CLAUDE.md': 'C\n', '.narya/config.toml': 'instruction_files = ["CLAUDE.md"]\n' },
        ['x.ts'],
        TRUSTED,
      );
      assert.deepEqual(statuses(ev), { 'AGENTS.md': 'included', 'CLAUDE.md': 'shadowed' });
      assert.equal(sourcePaths(ev).length, 2);
    });

    it('malformed TOML is a malformed-config diagnostic and names nothing', () => {
      const { ev } = resolve({ ...base, '.narya/config.toml': 'instruction_files = ["notes/b.md"\n' }, ['x.ts'], TRUSTED);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md']);
      const d = diags(ev, 'malformed-config');
      assert.equal(d.length, 1);
      assert.equal(d[0].source, '.narya/config.toml');
    });
  });

  describe('resourceDirs', () => {
    it('are reported in trust.resourceDirs, relative to instructionRoot, in order, and never read', () => {
      const { ev, fs: mem } = resolve(
        {
          '/m/.git': { dir: true },
          '/m/.claude/settings.json': '{"hooks":{}}',
          '/m/.claude/agents/a.md': 'agent',
          '/m/.claude/commands/deploy.md': 'deploy',
          '/m/app/x.ts': '',
        },
        ['x.ts'],
        TRUSTED,
        '/m/app',
      );
      assert.deepEqual((ev.trust as { resourceDirs: string[] }).resourceDirs, [
        '.claude/commands',
        '.claude/agents',
        '.claude/settings.json',
      ]);
      assert.deepEqual(ev.sources, []);
      assert.ok(!mem.opened.some((p) => p.includes('.claude')), JSON.stringify(mem.opened));
    });
  });

  describe('the trust decision', () => {
    const tree: Tree = {
      '.git': { dir: true },
      'AGENTS.md': 'A\n',
      'CLAUDE.md': 'C\n',
      'docs/PROJECT_RULES.md': 'R\n',
      '.narya/config.toml': 'instruction_files = ["notes/b.md"]\n',
      'notes/b.md': 'B\n',
      'x.ts': '',
    };

    it('trusted lets the files in; trust in the evidence is the RepositoryTrust object', () => {
      const { ev } = resolve(tree, ['x.ts'], TRUSTED);
      assert.deepEqual(statuses(ev), {
        'AGENTS.md': 'included',
        'CLAUDE.md': 'shadowed',
        'docs/PROJECT_RULES.md': 'included',
        'notes/b.md': 'included',
      });
      assert.equal(ev.notice, undefined);
      assert.deepEqual(diags(ev, 'untrusted'), []);
      assert.deepEqual(ev.trust, {
        repository: '/repo',
        instructionRoot: '/repo',
        decision: 'trusted',
        instructionFiles: ['AGENTS.md', 'docs/PROJECT_RULES.md'],
        resourceDirs: [],
        projectConfig: '.narya/config.toml',
      });
    });

    for (const [decision, options] of [
      ['unknown', UNKNOWN],
      ['refused', REFUSED],
    ] as const) {
      it(`${decision}: every would-be source untrusted (config-named too), CLAUDE.md still shadowed, context "", notice and warning`, () => {
        const { ev } = resolve(tree, ['x.ts'], options);
        assert.deepEqual(statuses(ev), {
          'AGENTS.md': 'untrusted',
          'CLAUDE.md': 'shadowed',
          'docs/PROJECT_RULES.md': 'untrusted',
          'notes/b.md': 'untrusted',
        });
        for (const s of ev.sources.filter((x) => x.status === 'untrusted')) assert.ok(s.reason, s.path);
        assert.equal(ev.context, '');
        assert.ok(ev.notice?.includes('holaryn trust /repo --set trusted'), ev.notice);
        const warning = diags(ev, 'untrusted');
        assert.equal(warning.length, 1);
        assert.equal(warning[0].severity, 'warning');
        assert.ok(warning[0].message.includes('holaryn trust /repo --set trusted'));
        assert.equal((ev.trust as { decision: string }).decision, decision);
      });
    }

    it('an inherited decision names where it came from', () => {
      const lookup = (dir: string): TrustLookup =>
        dir === '/repo' ? { decision: 'trusted', inheritedFrom: '/' } : { decision: 'unknown' };
      const { ev } = resolve(tree, ['x.ts'], { profile: 'narya', trustStore: lookup });
      assert.equal((ev.trust as { inheritedFrom?: string }).inheritedFrom, '/');
      assert.equal(source(ev, 'AGENTS.md').status, 'included');
    });

    it('is looked up for the canonical repository path', () => {
      const asked: string[] = [];
      resolve(
        { '/real/AGENTS.md': 'A\n', '/link': { symlink: '/real' } },
        [],
        {
          profile: 'narya',
          trustStore: (dir) => {
            asked.push(dir);
            return { decision: 'unknown' };
          },
        },
        '/link',
      );
      assert.deepEqual(asked, ['/real']);
    });
  });

  describe('the trust store file', () => {
    let dir = '';
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-narya-'));
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('is read from trustStore FILE: trusted there lets the files in', () => {
      const file = path.join(dir, 'ok.json');
      fs.writeFileSync(file, JSON.stringify({ version: 1, decisions: { '/': 'trusted' } }));
      const { ev } = resolve({ 'AGENTS.md': 'A\n', 'x.ts': '' }, ['x.ts'], { profile: 'narya', trustStore: file });
      assert.equal(source(ev, 'AGENTS.md').status, 'included');
      assert.equal((ev.trust as { inheritedFrom?: string }).inheritedFrom, '/');
    });

    it('defaults to $HOLARYN_HOME/trust.json', () => {
      const home = path.join(dir, 'home');
      fs.mkdirSync(home);
      fs.writeFileSync(path.join(home, 'trust.json'), JSON.stringify({ version: 1, decisions: { '/repo': 'refused' } }));
      const { ev } = resolve({ 'AGENTS.md': 'A\n', 'x.ts': '' }, ['x.ts'], { profile: 'narya', env: { HOLARYN_HOME: home } });
      assert.equal(source(ev, 'AGENTS.md').status, 'untrusted');
      assert.equal((ev.trust as { decision: string }).decision, 'refused');
    });

    it('a corrupt store fails the call with trust-store, naming the file, never as unknown', () => {
      const file = path.join(dir, 'bad.json');
      fs.writeFileSync(file, '{"version":1,"decisions":');
      const { err } = resolveError({ 'AGENTS.md': 'A\n', 'x.ts': '' }, ['x.ts'], { profile: 'narya', trustStore: file });
      assert.equal(err.code, 'trust-store');
      assert.equal(err.details.file, file);
      assert.ok(err.message.includes(file));
      assert.equal(fs.readFileSync(file, 'utf8'), '{"version":1,"decisions":');
    });
  });

  describe('common shape', () => {
    it('the repository itself as the target (what the CLI resolves when given none): nothing below it is considered', () => {
      const { ev } = resolve({ '.git': { dir: true }, 'AGENTS.md': 'A\n', 'sub/AGENTS.md': 'S\n' }, ['.'], TRUSTED);
      assert.deepEqual(ev.targets, [{ path: '', kind: 'directory' }]);
      assert.deepEqual(statuses(ev), { 'AGENTS.md': 'included' });
      assert.equal(ev.profile, 'narya');
    });

    it('a target outside the repository is target-outside-root', () => {
      const { err } = resolveError(
        { '/m/.git': { dir: true }, '/m/AGENTS.md': 'A\n', '/m/app/x.ts': '' },
        ['../AGENTS.md'],
        TRUSTED,
        '/m/app',
      );
      assert.equal(err.code, 'target-outside-root');
    });

    it("Holaryn's envelope and budget: code points, 24,000 by default, --budget applies", () => {
      const big = 'x'.repeat(30_000) + '\n';
      const { ev } = resolve({ '.git': { dir: true }, 'AGENTS.md': big, 'x.ts': '' }, ['x.ts'], TRUSTED);
      assert.equal(ev.truncation.unit, 'code-points');
      assert.equal(ev.truncation.budget, 24_000);
      assert.equal(source(ev, 'AGENTS.md').status, 'truncated');
      const small = resolve({ '.git': { dir: true }, 'AGENTS.md': 'A\n', 'x.ts': '' }, ['x.ts'], { ...TRUSTED, budget: 0 }).ev;
      assert.equal(small.context, '');
      assert.equal(source(small, 'AGENTS.md').status, 'omitted');
    });

    it('a --- block is content (no frontmatter)', () => {
      const { ev } = resolve({ 'AGENTS.md': '---\napplies_to: ["nothing/**"]\n---\nbody\n', 'x.ts': '' }, ['x.ts'], TRUSTED);
      assert.equal(source(ev, 'AGENTS.md').status, 'included');
      assert.ok(ev.context.includes('applies_to'));
    });

    it('a global file means nothing to Narya: accepted, no effect', () => {
      const { ev } = resolve({ 'AGENTS.md': 'A\n', '/g/global.md': 'G\n', 'x.ts': '' }, ['x.ts'], {
        ...TRUSTED,
        globalFile: { path: '/g/global.md', displayName: '<global>/global.md' },
      });
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md']);
    });
  });
});
