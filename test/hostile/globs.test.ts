/**
 * Hostile globs (docs/decisions.md, SECURITY.md): glob matching is bounded whatever the glob and whatever the file name.
 *
 * minimatch compiles a glob segment to a RegExp, and V8 backtracks: `*a*a*a*a*a*a*a*a*a*a*b`
 * against a 250-character name, `+(a|aa)b` against 60 `a`s or a long `@(a|a)@(a|a)…` never
 * finish. Both the glob (an instruction file) and the name (a file in the same repository, or a
 * target of `git diff --name-only`) come from the repository. Segments that could backtrack are
 * matched by the linear-time engine. A hang cannot be caught by a mocha timeout (the event loop is
 * blocked), so each hostile case runs in a child process with a hang guard.
 */
import { strict as assert } from 'node:assert';
import { Minimatch } from 'minimatch';
import { MATCH_OPTIONS, PatternSet } from '../../src/resolver';
import { CompiledPattern, segmentMatcher } from '../../src/resolver/globs';
import { HANG_GUARD_MS, inChild } from '../helpers/child';

// [case, glob, target name, applies?]
const REDOS: [string, string, string, boolean][] = [
  ['ten stars against 250 characters', '*a*a*a*a*a*a*a*a*a*a*b', 'a'.repeat(250), false],
  ['ten stars that match', '*a*a*a*a*a*a*a*a*a*a*b', `${'a'.repeat(249)}b`, true],
  ['+(a|aa) against 200 characters', '+(a|aa)b', 'a'.repeat(200), false],
  ['*(a|a) groups', '*(a|a)*(a|a)*(a|a)*(a|a)b', 'a'.repeat(200), false],
  ['sixty @(a|a) groups', `${'@(a|a)'.repeat(60)}b`, 'a'.repeat(60), false],
  ['a negated extglob of stars', '!(*a*a*a*a*a*a*b)', 'a'.repeat(250), true],
  ['question marks and stars', `${'?*'.repeat(30)}b`, 'a'.repeat(250), false],
  ['globstars over a deep target', '**/b/**/b/**/b/**/b/**/c/**/z', `${Array(1000).fill('b').join('/')}/z`, false],
];

describe('hostile globs: matching is linear in the name, whatever the glob', function () {
  this.timeout(HANG_GUARD_MS * 2);

  for (const [name, glob, target, applies] of REDOS) {
    it(`resolveInstructions: ${name} (${JSON.stringify(glob.slice(0, 40))})`, () => {
      const { out } = inChild(`
        const fs = new R.MemoryFs({ '/repo/AGENTS.md': '---\\napplies_to: ${JSON.stringify(glob).replace(/'/g, "\\'")}\\n---\\nrules\\n' });
        const ev = R.resolveInstructions('/repo', [${JSON.stringify(target)}], { fs, globalFile: null });
        return { status: ev.sources[0].status, diagnostics: ev.diagnostics.map((d) => d.code) };
      `);
      assert.deepEqual(out, { status: applies ? 'included' : 'not-applicable', diagnostics: [] });
    });
  }

  it('holaryn check (lint): globs that match nothing, against hostile names, in a bounded time', () => {
    const { out } = inChild(`
      const names = ${JSON.stringify(REDOS.map(([, , target]) => target).filter((t) => !t.includes('/')))};
      const globs = ${JSON.stringify(REDOS.map(([, glob]) => glob))};
      const fs = new R.MemoryFs({ '/repo/AGENTS.md': '---\\napplies_to: ' + JSON.stringify(globs) + '\\n---\\nrules\\n' });
      const r = L.lintWorkspace('/repo', { fs, listFiles: () => ['AGENTS.md', ...names] });
      return r.findings.map((f) => f.code).sort();
    `);
    assert.ok(Array.isArray(out));
  });

  describe('the engine of each segment', () => {
    // [glob, engine of its (first) RegExp segment]
    const engines: [string, 'native' | 'linear' | 'minimatch'][] = [
      ['*.ts', 'minimatch'], // minimatch's own fast test
      ['*', 'minimatch'],
      ['a*', 'native'],
      ['[a-z]*.md', 'native'],
      ['*a*b', 'linear'],
      ['*.test.*', 'linear'],
      ['@(a|b).ts', 'linear'],
      ['+(a|aa)', 'linear'],
      ['!(x)', 'linear'],
    ];
    for (const [glob, engine] of engines) {
      it(`${glob}: ${engine}`, () => {
        const part = new Minimatch(glob, MATCH_OPTIONS).set[0].find((p) => p instanceof RegExp) as RegExp;
        assert.ok(part);
        if (engine === 'minimatch') assert.ok(Object.prototype.hasOwnProperty.call(part, 'test'));
        else assert.equal(segmentMatcher(part).engine, engine);
      });
    }

    it('a compiled pattern counts its linear segments and brace alternatives', () => {
      const c = new CompiledPattern('{src,lib}/*a*b/**/*.ts');
      assert.equal(c.alternatives, 2);
      assert.equal(c.linearSegments, 2);
    });
  });

  it('PatternSet compiles lazily: a pattern after the first match is never compiled', () => {
    const set = new PatternSet(['*.ts', '[[:alpha:]]#']);
    assert.equal(set.firstMatch('a.ts'), '*.ts');
    // The broken second pattern matches nothing and never throws.
    assert.equal(set.firstMatch('b#'), undefined);
  });
});
