/** Contract §6: precedence key, `mode: replace`, conflicts, several targets. */
import { strict as assert } from 'node:assert';
import { GlobalFile } from '../../src/resolver';
import { diags, fm, resolve, source, sourcePaths, statuses } from '../helpers/tree';

const GLOBAL: GlobalFile = { path: '/g/instructions.md', displayName: '<global>/instructions.md' };

describe('contract §6 Precedence, replace, conflicts', () => {
  describe('§6 sources are ordered by the key (scope, depth, priority, filename order, root-relative path), earliest first', () => {
    it('§6 key 1: scope — global before workspace, whatever the priorities', () => {
      const { ev } = resolve({ '/g/instructions.md': fm('priority: 1000'), 'AGENTS.md': fm('priority: -1000') }, ['a.ts'], {
        globalFile: GLOBAL,
      });
      assert.deepEqual(sourcePaths(ev), ['<global>/instructions.md', 'AGENTS.md']);
    });

    it('§6 key 2: depth — shallow before deep, whatever the priorities', () => {
      const { ev } = resolve(
        { 'AGENTS.md': fm('priority: 1000'), 'a/CLAUDE.md': fm('priority: -1000'), 'a/b/.holaryn/instructions.md': fm('priority: -1000') },
        ['a/b/c.ts'],
      );
      assert.deepEqual(sourcePaths(ev), ['AGENTS.md', 'a/CLAUDE.md', 'a/b/.holaryn/instructions.md']);
    });

    it('§6 key 3: priority — low before high within a depth, over filename order', () => {
      // Rows: [path, priority frontmatter] → expected order by priority.
      const { ev } = resolve(
        {
          '.holaryn/instructions.md': fm('priority: 5'),
          'AGENTS.md': 'no frontmatter: priority 0\n',
          'CLAUDE.md': fm('priority: -5'),
        },
        ['a.ts'],
      );
      assert.deepEqual(sourcePaths(ev), ['CLAUDE.md', 'AGENTS.md', '.holaryn/instructions.md']);
      assert.deepEqual(
        ev.sources.map((s) => s.order),
        [1, 2, 3],
      );
    });

    it('§6 key 3: priority compares across sibling directories at the same depth', () => {
      const { ev } = resolve({ 'a/AGENTS.md': fm('priority: 2'), 'b/AGENTS.md': fm('priority: 1') }, ['a/x.ts', 'b/y.ts']);
      assert.deepEqual(sourcePaths(ev), ['b/AGENTS.md', 'a/AGENTS.md']);
    });

    it('§6 key 4: compatible filename order on equal scope, depth and priority', () => {
      const { ev } = resolve(
        { 'src/CLAUDE.md': fm('priority: 3'), 'src/AGENTS.md': fm('priority: 3'), 'src/.holaryn/instructions.md': fm('priority: 3') },
        ['src/a.ts'],
      );
      assert.deepEqual(sourcePaths(ev), ['src/.holaryn/instructions.md', 'src/AGENTS.md', 'src/CLAUDE.md']);
    });

    it('§6 key 5: root-relative path by code unit (sibling directories in multi-target runs)', () => {
      const { ev } = resolve(
        {
          'b/AGENTS.md': 'b',
          'a/AGENTS.md': 'a',
          'a/CLAUDE.md': 'a claude', // filename order (key 4) comes before the path
          'B/AGENTS.md': 'B', // "B" (U+0042) sorts before "a" (U+0061) by code unit
          'a-b/AGENTS.md': 'a-b', // "-" (U+002D) sorts before "/" (U+002F)
          'é/AGENTS.md': 'e acute', // after "z": U+00E9 > U+007A (a locale sort would differ)
          'z/AGENTS.md': 'z',
          'ｚ/AGENTS.md': 'fullwidth z', // U+FF5A sorts after U+1F600's first code unit U+D83D
          '😀/AGENTS.md': 'emoji',
        },
        ['b/x', 'a/x', 'B/x', 'a-b/x', 'é/x', 'z/x', 'ｚ/x', '😀/x'],
      );
      assert.deepEqual(sourcePaths(ev), [
        'B/AGENTS.md',
        'a-b/AGENTS.md',
        'a/AGENTS.md',
        'b/AGENTS.md',
        'z/AGENTS.md',
        'é/AGENTS.md',
        '😀/AGENTS.md',
        'ｚ/AGENTS.md',
        'a/CLAUDE.md',
      ]);
    });

    it('§6 the full key at once: global, then by depth, then priority, then filename, then path', () => {
      const { ev } = resolve(
        {
          '/g/instructions.md': 'g',
          'CLAUDE.md': 'root claude',
          'AGENTS.md': fm('priority: 10'),
          'p/CLAUDE.md': fm('priority: -1'),
          'q/AGENTS.md': fm('priority: -1'),
          'p/AGENTS.md': 'p agents',
          'q/.holaryn/instructions.md': 'q holaryn',
        },
        ['q/y', 'p/x'],
        { globalFile: GLOBAL },
      );
      assert.deepEqual(sourcePaths(ev), [
        '<global>/instructions.md',
        'CLAUDE.md', // depth 0, priority 0
        'AGENTS.md', // depth 0, priority 10
        'q/AGENTS.md', // depth 1, priority -1, AGENTS.md before CLAUDE.md
        'p/CLAUDE.md', // depth 1, priority -1
        'q/.holaryn/instructions.md', // depth 1, priority 0, .holaryn first
        'p/AGENTS.md', // depth 1, priority 0
      ]);
    });
  });

  describe('§6 mode: replace supersedes the earlier applicable sources in the same directory only, for the targets it applies to', () => {
    it('§6 replace supersedes earlier sources of its directory; sources of other directories (and the global one) are never superseded', () => {
      const { ev } = resolve(
        {
          '/g/instructions.md': 'global\n',
          'AGENTS.md': 'root\n',
          'src/.holaryn/instructions.md': 'holaryn\n',
          'src/AGENTS.md': 'agents\n',
          'src/CLAUDE.md': fm('mode: replace', 'claude\n'),
        },
        ['src/a.ts'],
        { globalFile: GLOBAL },
      );
      assert.deepEqual(statuses(ev), {
        '<global>/instructions.md': 'included',
        'AGENTS.md': 'included',
        'src/.holaryn/instructions.md': 'superseded',
        'src/AGENTS.md': 'superseded',
        'src/CLAUDE.md': 'included',
      });
      for (const p of ['src/.holaryn/instructions.md', 'src/AGENTS.md']) {
        const s = source(ev, p);
        assert.deepEqual(s.supersededFor, ['src/a.ts']);
        assert.equal(s.supersededBy, 'src/CLAUDE.md');
        assert.deepEqual(s.appliesTo, []);
      }
      assert.ok(!ev.context.includes('holaryn\n') && !ev.context.includes('agents\n'));
      assert.deepEqual(ev.conflicts, []);
    });

    it('§6 a root replace does not supersede the global file nor deeper files', () => {
      const { ev } = resolve(
        { '/g/instructions.md': 'global\n', 'AGENTS.md': fm('mode: replace'), 'src/AGENTS.md': 'deeper\n' },
        ['src/a.ts'],
        { globalFile: GLOBAL },
      );
      assert.deepEqual(Object.values(statuses(ev)), ['included', 'included', 'included']);
    });

    it('§6 replace supersedes only earlier sources: a later append source in the same directory stays', () => {
      // AGENTS.md (replace) comes before CLAUDE.md (append) in filename order.
      const { ev } = resolve({ '.holaryn/instructions.md': 'h\n', 'AGENTS.md': fm('mode: replace'), 'CLAUDE.md': 'c\n' }, ['a.ts']);
      assert.deepEqual(statuses(ev), { '.holaryn/instructions.md': 'superseded', 'AGENTS.md': 'included', 'CLAUDE.md': 'included' });
    });

    it('§6 "earlier" follows the precedence order: a low-priority replace supersedes nothing after it', () => {
      const { ev } = resolve({ 'AGENTS.md': 'a\n', 'CLAUDE.md': fm('mode: replace\npriority: -1') }, ['a.ts']);
      assert.deepEqual(sourcePaths(ev), ['CLAUDE.md', 'AGENTS.md']);
      assert.deepEqual(statuses(ev), { 'CLAUDE.md': 'included', 'AGENTS.md': 'included' });
    });

    it('§6 replace acts only for the targets it applies to', () => {
      const { ev } = resolve({ 'AGENTS.md': 'a\n', 'CLAUDE.md': fm('mode: replace\napplies_to: "*.ts"') }, ['x.ts', 'y.md']);
      const a = source(ev, 'AGENTS.md');
      assert.equal(a.status, 'included');
      assert.deepEqual(a.appliesTo, ['y.md']);
      assert.deepEqual(a.supersededFor, ['x.ts']);
      assert.equal(a.supersededBy, 'CLAUDE.md');
      assert.deepEqual(source(ev, 'CLAUDE.md').appliesTo, ['x.ts']);
    });

    it('§6 a source that does not apply is not superseded (it stays not-applicable)', () => {
      const { ev } = resolve({ 'AGENTS.md': fm('applies_to: "*.md"'), 'CLAUDE.md': fm('mode: replace') }, ['x.ts']);
      const a = source(ev, 'AGENTS.md');
      assert.equal(a.status, 'not-applicable');
      assert.deepEqual(a.supersededFor, []);
      assert.equal(a.supersededBy, null);
    });

    it('§6 a replace source that does not apply supersedes nothing', () => {
      const { ev } = resolve({ 'AGENTS.md': 'a\n', 'CLAUDE.md': fm('mode: replace\napplies_to: "*.md"') }, ['x.ts']);
      assert.deepEqual(statuses(ev), { 'AGENTS.md': 'included', 'CLAUDE.md': 'not-applicable' });
    });
  });

  describe('§6 two or more applicable replace sources in one directory: the latest wins, the others are superseded, a replace conflict and replace-conflict are recorded', () => {
    it('§6 replace conflict: winner, superseded losers, conflict naming all of them and the winner, diagnostic', () => {
      const { ev } = resolve(
        {
          'AGENTS.md': 'root\n',
          'src/.holaryn/instructions.md': fm('mode: replace', 'h\n'),
          'src/AGENTS.md': fm('mode: replace', 'a\n'),
          'src/CLAUDE.md': fm('mode: replace', 'c\n'),
        },
        ['src/a.ts'],
      );
      assert.deepEqual(statuses(ev), {
        'AGENTS.md': 'included',
        'src/.holaryn/instructions.md': 'superseded',
        'src/AGENTS.md': 'superseded',
        'src/CLAUDE.md': 'included',
      });
      assert.equal(source(ev, 'src/.holaryn/instructions.md').supersededBy, 'src/CLAUDE.md');
      assert.equal(source(ev, 'src/AGENTS.md').supersededBy, 'src/CLAUDE.md');
      assert.equal(ev.conflicts.length, 1);
      const c = ev.conflicts[0];
      assert.equal(c.kind, 'replace');
      assert.equal(c.directory, 'src');
      assert.equal(c.winner, 'src/CLAUDE.md');
      assert.deepEqual([...c.sources].sort(), ['src/.holaryn/instructions.md', 'src/AGENTS.md', 'src/CLAUDE.md']);
      const d = diags(ev, 'replace-conflict');
      assert.equal(d.length, 1);
      assert.equal(d[0].severity, 'warning');
    });

    it('§6 the winner is the latest in precedence order (priority counts)', () => {
      const { ev } = resolve({ 'AGENTS.md': fm('mode: replace\npriority: 9'), 'CLAUDE.md': fm('mode: replace') }, ['a.ts']);
      assert.deepEqual(statuses(ev), { 'CLAUDE.md': 'superseded', 'AGENTS.md': 'included' });
      assert.equal(ev.conflicts[0]?.winner, 'AGENTS.md');
      assert.equal(ev.conflicts[0]?.directory, '');
    });

    it('§6 replace sources in different directories do not conflict', () => {
      const { ev } = resolve({ 'AGENTS.md': fm('mode: replace'), 'src/AGENTS.md': fm('mode: replace') }, ['src/a.ts']);
      assert.deepEqual(ev.conflicts, []);
      assert.deepEqual(diags(ev, 'replace-conflict'), []);
    });
  });

  describe('§6 with several targets each source appears once; appliesTo, supersededFor, supersededBy, conflicts; targets deduplicated and sorted', () => {
    it('§6 each source appears once; appliesTo lists where it is in effect, supersededFor where it applies but is superseded', () => {
      const { ev } = resolve(
        {
          'src/.holaryn/instructions.md': 'h\n',
          'src/AGENTS.md': fm('mode: replace\napplies_to: "*.md"', 'agents\n'),
          'src/CLAUDE.md': fm('mode: replace\napplies_to: "*.ts"', 'claude\n'),
        },
        ['src/b.md', 'src/a.ts', 'src/c.py'],
      );
      assert.deepEqual(sourcePaths(ev), ['src/.holaryn/instructions.md', 'src/AGENTS.md', 'src/CLAUDE.md']);
      const h = source(ev, 'src/.holaryn/instructions.md');
      assert.equal(h.status, 'included'); // in effect for src/c.py
      assert.deepEqual(h.appliesTo, ['src/c.py']);
      assert.deepEqual(h.supersededFor, ['src/a.ts', 'src/b.md']); // target order
      assert.equal(h.supersededBy, 'src/CLAUDE.md'); // the winner for the first target in supersededFor (src/a.ts)
      assert.deepEqual(source(ev, 'src/AGENTS.md').appliesTo, ['src/b.md']);
      assert.deepEqual(source(ev, 'src/CLAUDE.md').appliesTo, ['src/a.ts']);
      assert.deepEqual(ev.conflicts, []);
    });

    it('§6 a source that applies only where it is superseded has status superseded; supersededBy names the winner for the first target', () => {
      const { ev } = resolve(
        {
          'src/.holaryn/instructions.md': 'h\n',
          'src/AGENTS.md': fm('mode: replace\napplies_to: "*.md"'),
          'src/CLAUDE.md': fm('mode: replace\napplies_to: "*.ts"'),
        },
        ['src/b.md', 'src/a.ts'],
      );
      const h = source(ev, 'src/.holaryn/instructions.md');
      assert.equal(h.status, 'superseded');
      assert.deepEqual(h.appliesTo, []);
      assert.deepEqual(h.supersededFor, ['src/a.ts', 'src/b.md']);
      assert.equal(h.supersededBy, 'src/CLAUDE.md');
    });

    it('§6 targets are deduplicated and listed sorted by root-relative path (code-unit order); appliesTo follows that order', () => {
      const { ev } = resolve({ 'AGENTS.md': 'r\n', 'src/a.ts': '', 'B.ts': '' }, [
        'src/z.ts',
        './src/a.ts',
        '/repo/src/a.ts',
        'src/../src/a.ts',
        'src-a/x.ts',
        'B.ts',
        'a.ts',
        'é.ts',
        'z.ts',
        'src/a.ts',
      ]);
      const order = ['B.ts', 'a.ts', 'src-a/x.ts', 'src/a.ts', 'src/z.ts', 'z.ts', 'é.ts'];
      assert.deepEqual(
        ev.targets.map((t) => t.path),
        order,
      );
      assert.deepEqual(source(ev, 'AGENTS.md').appliesTo, order);
    });

    it('§6 one conflict per distinct (directory, sources, winner)', () => {
      const { ev } = resolve(
        {
          'src/.holaryn/instructions.md': fm('mode: replace'),
          'src/AGENTS.md': fm('mode: replace\napplies_to: "*.ts"'),
          'src/CLAUDE.md': fm('mode: replace'),
        },
        // a.ts and b.ts: {holaryn, AGENTS, CLAUDE} → CLAUDE (one conflict for both); c.md: {holaryn, CLAUDE} → CLAUDE.
        ['src/a.ts', 'src/b.ts', 'src/c.md'],
      );
      assert.equal(ev.conflicts.length, 2, JSON.stringify(ev.conflicts));
      const sets = ev.conflicts.map((c) => [c.directory, [...c.sources].sort().join(','), c.winner].join(' | ')).sort();
      assert.deepEqual(sets, [
        'src | src/.holaryn/instructions.md,src/AGENTS.md,src/CLAUDE.md | src/CLAUDE.md',
        'src | src/.holaryn/instructions.md,src/CLAUDE.md | src/CLAUDE.md',
      ]);
    });
  });
});
