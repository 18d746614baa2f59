/**
 * The `holon` profile (docs/profiles.md, `holon`): one `it` per rule, on in-memory trees. The
 * given root is Holon's workspace anchor; the agent home is a setting.
 */
import { strict as assert } from 'node:assert';
import { Evidence, ResolveOptions } from '../../../src/resolver';
import { Tree, diags, resolve, source, sourcePaths, statuses } from '../../helpers/tree';

const AGENT = '/agents/bot';

function holon(files: Tree, targets: string[], options: ResolveOptions = {}): Evidence {
  return resolve(files, targets, { profile: 'holon', env: {}, homedir: '/home/u', ...options }).ev;
}

const withHome = (extra: Record<string, string> = {}): ResolveOptions => ({ settings: { agentHome: AGENT, ...extra } });
const hierarchical = (extra: Record<string, string> = {}): ResolveOptions => ({ settings: { hierarchical: 'true', ...extra } });

const TREE: Tree = {
  [`${AGENT}/AGENTS.md`]: 'agent rules\n',
  'AGENTS.md': 'workspace rules\n',
  'src/AGENTS.md': 'src rules\n',
  'src/CLAUDE.md': 'src claude\n',
  'src/lib/AGENTS.md': 'lib rules\n',
  'src/lib/x.ts': 'x',
  'docs/AGENTS.md': 'docs rules\n',
};

describe('holon profile (docs/profiles.md)', () => {
  describe('sources', () => {
    it('loads <agent_home>/AGENTS.md first, scope agent, shown by its display name', () => {
      const ev = holon(TREE, [], withHome());
      assert.deepEqual(sourcePaths(ev), ['<agent_home>/AGENTS.md', 'AGENTS.md']);
      const a = source(ev, '<agent_home>/AGENTS.md');
      assert.equal(a.scope, 'agent');
      assert.equal(a.delivery, 'baseline');
      assert.equal(a.status, 'included');
      assert.equal(a.content, 'agent rules\n');
      assert.ok(!ev.context.includes(AGENT), 'no absolute path in the context');
    });

    it('has no agent home by default', () => {
      const ev = holon(TREE, []);
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md']);
    });

    it("loads the anchor's AGENTS.md with scope workspace", () => {
      const ev = holon(TREE, []);
      const w = source(ev, 'AGENTS.md');
      assert.deepEqual([w.scope, w.directory, w.depth, w.delivery, w.status], ['workspace', '', 0, 'baseline', 'included']);
    });

    it("falls back to the anchor's CLAUDE.md only when its AGENTS.md does not exist", () => {
      const ev = holon({ 'CLAUDE.md': 'claude\n' }, []);
      assert.deepEqual(statuses(ev), { 'CLAUDE.md': 'included' });
    });

    it('shadows CLAUDE.md by AGENTS.md when both exist, and says which path won', () => {
      const ev = holon({ 'AGENTS.md': 'a\n', 'CLAUDE.md': 'c\n' }, []);
      assert.deepEqual(statuses(ev), { 'AGENTS.md': 'included', 'CLAUDE.md': 'shadowed' });
      const c = source(ev, 'CLAUDE.md');
      assert.equal(c.shadowedBy, 'AGENTS.md');
      assert.match(c.reason ?? '', /AGENTS\.md/);
      assert.ok(!ev.context.includes('"CLAUDE.md"'));
    });
    it("uses CLAUDE.md when the anchor's AGENTS.md exists but cannot be loaded", () => {
      const ev = holon({ 'AGENTS.md/x': 'x\n', 'CLAUDE.md': 'c\n' }, []);
      assert.deepEqual(statuses(ev), { 'CLAUDE.md': 'included' });
      assert.equal(diags(ev, 'unreadable', 'AGENTS.md').length, 1);
    });

    it("follows a link at the agent home: it is the agent's own file", () => {
      const ev = holon({ '/dotfiles/a.md': 'linked\n', [`${AGENT}/AGENTS.md`]: { symlink: '/dotfiles/a.md' } }, [], withHome());
      assert.equal(source(ev, '<agent_home>/AGENTS.md').content, 'linked\n');
    });

    it('an agent home without AGENTS.md adds nothing', () => {
      const ev = holon({ 'AGENTS.md': 'w\n', [`${AGENT}/CLAUDE.md`]: 'c\n' }, [], withHome());
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md']);
    });
  });

  describe('hierarchy', () => {
    it('reports chain files below the anchor as not-loaded: hierarchical loading is off', () => {
      const ev = holon(TREE, ['src/lib/x.ts']);
      assert.deepEqual(statuses(ev), {
        'AGENTS.md': 'included',
        'src/AGENTS.md': 'not-loaded',
        'src/CLAUDE.md': 'not-loaded',
        'src/lib/AGENTS.md': 'not-loaded',
      });
      for (const p of ['src/AGENTS.md', 'src/CLAUDE.md', 'src/lib/AGENTS.md']) {
        assert.equal(source(ev, p).reason, 'hierarchical loading is off');
      }
      assert.ok(!ev.context.includes('src rules'));
    });

    it('without --hierarchical, targets never change what is loaded', () => {
      const loaded = (ev: Evidence) => ev.sources.filter((s) => s.status === 'included').map((s) => s.path);
      const a = holon(TREE, ['src/lib/x.ts'], withHome());
      const b = holon(TREE, ['docs/readme.md'], withHome());
      const c = holon(TREE, [], withHome());
      assert.deepEqual(loaded(a), ['<agent_home>/AGENTS.md', 'AGENTS.md']);
      assert.deepEqual(loaded(b), loaded(a));
      assert.deepEqual(loaded(c), loaded(a));
      assert.equal(a.context, b.context);
      assert.equal(a.context, c.context);
    });

    it('--hierarchical loads AGENTS.md from just below the anchor down to the target, as baseline', () => {
      const ev = holon(TREE, ['src/lib/x.ts'], hierarchical());
      assert.deepEqual(statuses(ev), {
        'AGENTS.md': 'included',
        'src/AGENTS.md': 'included',
        'src/CLAUDE.md': 'not-loaded',
        'src/lib/AGENTS.md': 'included',
      });
      for (const p of ['src/AGENTS.md', 'src/lib/AGENTS.md']) assert.equal(source(ev, p).delivery, 'baseline');
      assert.ok(ev.context.indexOf('workspace rules') < ev.context.indexOf('src rules'));
      assert.ok(ev.context.indexOf('src rules') < ev.context.indexOf('lib rules'));
      assert.ok(!sourcePaths(ev).includes('docs/AGENTS.md'), 'only the chain to the target');
    });

    it('--hierarchical keeps CLAUDE.md below the anchor not-loaded even without an AGENTS.md there', () => {
      const ev = holon({ 'AGENTS.md': 'a\n', 'src/CLAUDE.md': 'c\n' }, ['src/x.ts'], hierarchical());
      assert.equal(source(ev, 'src/CLAUDE.md').status, 'not-loaded');
    });

    it('--hierarchical with a directory target includes that directory', () => {
      const ev = holon(TREE, ['src/lib'], hierarchical());
      assert.equal(source(ev, 'src/lib/AGENTS.md').status, 'included');
    });
  });

  describe('reading and context', () => {
    it('does not parse frontmatter', () => {
      const text = '---\napplies_to: ["*.py"]\n---\nbody\n';
      const ev = holon({ 'AGENTS.md': text }, ['a.ts']);
      assert.equal(source(ev, 'AGENTS.md').metadata, null);
      assert.equal(source(ev, 'AGENTS.md').content, text);
      assert.equal(diags(ev, 'unknown-key').length, 0);
    });

    it('has no budget: truncation.budget is null and --budget changes nothing', () => {
      const big = 'w'.repeat(100_000) + '\n';
      const ev = holon({ 'AGENTS.md': big }, [], { budget: 10 });
      assert.equal(ev.truncation.budget, null);
      assert.equal(ev.truncation.truncated, false);
      assert.equal(source(ev, 'AGENTS.md').status, 'included');
      assert.ok(ev.context.includes(big));
    });

    it("uses Holaryn's envelope and says which scope each file came from", () => {
      const ev = holon(TREE, [], withHome());
      assert.ok(ev.context.startsWith('<repository-instructions>\n'), ev.context.slice(0, 80));
      assert.ok(ev.context.endsWith('</repository-instructions>\n'));
      assert.ok(ev.context.includes('[holaryn:source] "<agent_home>/AGENTS.md" (agent scope)\n'), ev.context);
      assert.ok(ev.context.includes('[holaryn:source] "AGENTS.md" (workspace scope)\n'), ev.context);
      assert.ok(ev.context.indexOf('agent rules') < ev.context.indexOf('workspace rules'));
    });

    it('resolves the anchor itself when no target is given, and names the profile', () => {
      const ev = holon(TREE, []);
      assert.deepEqual(ev.targets, [{ path: '', kind: 'directory' }]);
      assert.equal(ev.profile, 'holon');
    });
  });
});
