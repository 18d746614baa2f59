/**
 * The three places where the old single-policy resolver promised more than it did: a project
 * root above the given root, a byte budget, and a fit rule. Each is driven through a Profile.
 */
import { strict as assert } from 'node:assert';
import { FitRule } from '../../../src/resolver/profile';
import { HOLARYN } from '../../../src/resolver/profiles/holaryn';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { Profile, resolveInstructions } from '../../../src/resolver';
import { UTF8_BYTES } from '../../../src/resolver/units';
import { schemaValidator } from '../../helpers/schema';

const WITH_PROJECT_ROOT: Profile = { ...HOLARYN, name: 'walks-up', projectRoot: { markers: ['.git'] } };

describe('profile seams', () => {
  describe('a project root above the given root', () => {
    const fs = () =>
      new MemoryFs({
        '/r/.git': { dir: true },
        '/r/AGENTS.md': 'top\n',
        '/r/sub/AGENTS.md': 'sub\n',
        '/r/sub/x.ts': '',
      });

    it('keeps the given root and its targets; the files above are `../` with scope project and a negative depth', () => {
      const ev = resolveInstructions('/r/sub', ['x.ts'], { fs: fs(), globalFile: null, profile: WITH_PROJECT_ROOT });
      assert.equal(ev.root, '/r/sub');
      assert.deepEqual(ev.targets, [{ path: 'x.ts', kind: 'file' }]);
      assert.deepEqual(
        ev.sources.map((s) => [s.path, s.scope, s.directory, s.depth, s.status, s.appliesTo]),
        [
          ['../AGENTS.md', 'project', '..', -1, 'included', ['x.ts']],
          ['AGENTS.md', 'workspace', '', 0, 'included', ['x.ts']],
        ],
      );
      assert.match(ev.context, /\[holaryn:source\] "\.\.\/AGENTS\.md"\ntop\n/);
      schemaValidator()(ev, 'evidence with a file above the root');
    });

    it('a `.git` file (worktree, submodule) marks the project root too', () => {
      const tree = fs();
      tree.set('/r/.git', 'gitdir: /elsewhere\n');
      const ev = resolveInstructions('/r/sub', ['x.ts'], { fs: tree, globalFile: null, profile: WITH_PROJECT_ROOT });
      assert.deepEqual(
        ev.sources.map((s) => s.path),
        ['../AGENTS.md', 'AGENTS.md'],
      );
    });

    it('without a marker the project root is the given root', () => {
      const tree = new MemoryFs({ '/r/AGENTS.md': 'top\n', '/r/sub/AGENTS.md': 'sub\n', '/r/sub/x.ts': '' });
      const ev = resolveInstructions('/r/sub', ['x.ts'], { fs: tree, globalFile: null, profile: WITH_PROJECT_ROOT });
      assert.deepEqual(
        ev.sources.map((s) => s.path),
        ['AGENTS.md'],
      );
    });
  });

  describe('a byte budget', () => {
    const BYTES: Profile = { ...HOLARYN, name: 'bytes', budget: { ...HOLARYN.budget, unit: UTF8_BYTES, size: 900 } };
    const content = 'é'.repeat(600) + '\n'; // 601 code points, 1,201 bytes
    const ev = () =>
      resolveInstructions('/r', ['x.ts'], { fs: new MemoryFs({ '/r/AGENTS.md': content }), globalFile: null, profile: BYTES });

    it('fits the context in bytes and reports its size in bytes, its length in code points', () => {
      const e = ev();
      assert.equal(e.truncation.unit, 'utf8-bytes');
      assert.equal(e.truncation.budget, 900);
      assert.equal(e.truncation.size, Buffer.byteLength(e.context));
      assert.ok(e.truncation.size <= 900);
      assert.equal(e.truncation.chars, [...e.context].length);
      assert.ok(e.truncation.needed > 900);
    });

    it('says bytes in truncation, the reason, the diagnostic and the marker', () => {
      const e = ev();
      const [cut] = e.truncation.cut;
      assert.equal(cut.chars, Buffer.byteLength(content));
      assert.ok(cut.included < cut.chars);
      assert.equal(e.sources[0].reason, `cut by the budget: ${cut.included} of ${cut.chars} bytes included`);
      assert.match(
        e.diagnostics.find((d) => d.code === 'budget-truncated')!.message,
        /of 1201 bytes by the 900-byte budget; a budget of \d+ bytes would include everything$/,
      );
      assert.match(e.context, /\[holaryn:budget\] The 900-byte budget/);
      assert.match(e.context, new RegExp(`cut \\(1201 bytes, ${cut.included} included\\)`));
      assert.doesNotMatch(e.context, /characters/);
      schemaValidator()(e, 'evidence with a byte budget');
    });
  });

  describe('the fit rule', () => {
    it('is the one the profile names', () => {
      const seen: number[] = [];
      const omitAll: FitRule = ({ sources, budget }) => {
        seen.push(budget);
        return { status: sources.map(() => 'omitted'), kept: sources.map(() => 0), needed: 0 };
      };
      const profile: Profile = { ...HOLARYN, name: 'omits', budget: { ...HOLARYN.budget, fit: omitAll } };
      const fs = new MemoryFs({ '/r/AGENTS.md': 'a\n', '/r/s/AGENTS.md': 'b\n' });
      const e = resolveInstructions('/r', ['s/x.ts'], { fs, globalFile: null, profile, budget: 5000 });
      assert.deepEqual(seen, [5000]);
      assert.deepEqual(
        e.sources.map((s) => s.status),
        ['omitted', 'omitted'],
      );
    });

    it('no budget: every source whole and `truncation.budget` null', () => {
      const profile: Profile = { ...HOLARYN, name: 'unbounded', budget: { ...HOLARYN.budget, size: null } };
      const fs = new MemoryFs({ '/r/AGENTS.md': 'a'.repeat(30000) });
      const e = resolveInstructions('/r', ['x.ts'], { fs, globalFile: null, profile, budget: 10 });
      assert.equal(e.truncation.budget, null);
      assert.equal(e.sources[0].status, 'included');
      assert.equal(e.truncation.needed, e.truncation.size);
    });
  });
});
