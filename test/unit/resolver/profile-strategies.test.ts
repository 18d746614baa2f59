/**
 * The generic strategies the pipeline offers profiles (docs/profiles.md §1): pick-first with
 * shadowed losers, chain extents and deliveries, not-loaded reports, refused and disclosed
 * symbolic links, lossy decoding, trimming, named candidates, other dialects' applicability,
 * and a trust verdict. Each through a small profile built on Holaryn's.
 */
import { strict as assert } from 'node:assert';
import { Dialect } from '../../../src/resolver/profile';
import { HOLARYN } from '../../../src/resolver/profiles/holaryn';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { Profile, parseInstructions, resolveInstructions } from '../../../src/resolver';
import { NO_FRONTMATTER } from '../../../src/resolver/profiles/holaryn/dialect';
import { DISCOVERY_ORDER } from '../../../src/resolver/stages/order';
import { schemaValidator } from '../../helpers/schema';

const validate = schemaValidator();

function profile(over: Partial<Profile>): Profile {
  return { ...HOLARYN, name: 'test', dialect: NO_FRONTMATTER, supersede: 'none', ...over };
}

const rows = (ev: ReturnType<typeof resolveInstructions>) => ev.sources.map((s) => [s.path, s.status, s.delivery]);

describe('profile strategies', () => {
  it('pick first: later existing candidates of a directory are shadowed, naming the winner', () => {
    const fs = new MemoryFs({ '/r/AGENTS.md': 'a\n', '/r/CLAUDE.md': 'c\n', '/r/s/CLAUDE.md': 'sc\n' });
    const p = profile({
      directories: [{ names: ['AGENTS.md', 'CLAUDE.md'], pick: 'first', extent: 'project-to-target', delivery: 'baseline' }],
    });
    const ev = resolveInstructions('/r', ['s/x.ts'], { fs, globalFile: null, profile: p });
    assert.deepEqual(rows(ev), [
      ['AGENTS.md', 'included', 'baseline'],
      ['CLAUDE.md', 'shadowed', 'baseline'],
      ['s/CLAUDE.md', 'included', 'baseline'],
    ]);
    const shadowed = ev.sources[1];
    assert.equal(shadowed.shadowedBy, 'AGENTS.md');
    assert.equal(shadowed.content, '');
    assert.ok(shadowed.reason);
    validate(ev);
  });

  it('extents: project root to cwd as baseline, below the cwd on touch, a not-loaded report', () => {
    const fs = new MemoryFs({
      '/r/.git': 'gitdir: x\n',
      '/r/AGENTS.md': 'top\n',
      '/r/cwd/AGENTS.md': 'cwd\n',
      '/r/cwd/a/AGENTS.md': 'a\n',
      '/r/cwd/a/CLAUDE.md': 'never\n',
    });
    const p = profile({
      projectRoot: { markers: ['.git'] },
      directories: [
        { names: ['AGENTS.md'], pick: 'first', extent: 'project-to-cwd', delivery: 'baseline' },
        { names: ['AGENTS.md'], pick: 'first', extent: 'below-cwd-to-target', delivery: 'on-touch' },
        {
          names: ['CLAUDE.md'],
          pick: 'first',
          extent: 'below-cwd-to-target',
          delivery: 'on-touch',
          report: { status: 'not-loaded', reason: 'never read' },
        },
      ],
      order: DISCOVERY_ORDER,
    });
    const ev = resolveInstructions('/r/cwd', ['a/x.ts'], { fs, globalFile: null, profile: p });
    assert.deepEqual(rows(ev), [
      ['../AGENTS.md', 'included', 'baseline'],
      ['AGENTS.md', 'included', 'baseline'],
      ['a/AGENTS.md', 'included', 'on-touch'],
      ['a/CLAUDE.md', 'not-loaded', 'on-touch'],
    ]);
    assert.equal(ev.sources[3].reason, 'never read');
    validate(ev);
  });

  it('hooks.delivery.inContext: sources delivered on touch are included but stay out of the context text', () => {
    const fs = new MemoryFs({ '/r/AGENTS.md': 'BASE\n', '/r/a/AGENTS.md': 'NESTED\n' });
    const p = profile({ hooks: { delivery: { inContext: (delivery) => delivery === 'baseline' } } });
    const ev = resolveInstructions('/r', ['a/x.ts'], { fs, globalFile: null, profile: p });
    assert.deepEqual(rows(ev), [
      ['AGENTS.md', 'included', 'baseline'],
      ['a/AGENTS.md', 'included', 'on-touch'],
    ]);
    assert.match(ev.context, /BASE/);
    assert.doesNotMatch(ev.context, /NESTED/);
  });

  it('symlinks: refuse skips every link with symlink-refused; the next candidate may win', () => {
    const fs = new MemoryFs({ '/r/real.md': 'real\n', '/r/AGENTS.md': { symlink: 'real.md' }, '/r/CLAUDE.md': 'c\n' });
    const p = profile({
      directories: [{ names: ['AGENTS.md', 'CLAUDE.md'], pick: 'first', extent: 'project-to-target', delivery: 'baseline' }],
      load: { ...HOLARYN.load, symlinks: 'refuse' },
    });
    const ev = resolveInstructions('/r', ['x.ts'], { fs, globalFile: null, profile: p });
    assert.deepEqual(rows(ev), [['CLAUDE.md', 'included', 'baseline']]);
    assert.deepEqual(ev.skipped, [{ path: 'AGENTS.md', reason: 'symlink-refused' }]);
    assert.equal(ev.diagnostics[0].code, 'symlink-refused');
    validate(ev);
  });

  it('symlinks: follow-disclose includes a link leaving the repository and home as a placeholder, with a warning', () => {
    const fs = new MemoryFs({ '/secret/key.md': 'SECRET\n', '/r/AGENTS.md': { symlink: '/secret/key.md' }, '/home/u/x.md': 'h\n' });
    const p = profile({ load: { ...HOLARYN.load, symlinks: 'follow-disclose' } });
    const ev = resolveInstructions('/r', ['x.ts'], { fs, globalFile: null, profile: p, homedir: '/home/u' });
    assert.equal(ev.sources[0].status, 'included');
    assert.equal(ev.sources[0].content, '[not shown: links outside the repository]');
    assert.doesNotMatch(ev.context, /SECRET/);
    assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-outside-root' && d.message.includes('/secret/key.md')));
    assert.deepEqual(fs.opened, []);
  });

  it('lossy decoding, trimming and skipping empty files', () => {
    const fs = new MemoryFs({ '/r/AGENTS.md': Buffer.from([0x20, 0x61, 0xff, 0x62, 0x0a]), '/r/a/AGENTS.md': '  \n\n' });
    const p = profile({ load: { ...HOLARYN.load, decode: 'lossy', trim: true, skipEmpty: true } });
    const ev = resolveInstructions('/r', ['a/x.ts'], { fs, globalFile: null, profile: p });
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.content]),
      [['AGENTS.md', 'a\ufffdb']],
    );
    assert.ok(ev.diagnostics.some((d) => d.code === 'invalid-utf8' && d.source === 'AGENTS.md'));
  });

  it('named candidates: a user file followed freely, a listed repository file with its note', () => {
    const fs = new MemoryFs({
      '/home/u/.tool/AGENTS.md': { symlink: '/elsewhere/g.md' },
      '/elsewhere/g.md': 'global\n',
      '/r/docs/RULES.md': 'rules\n',
    });
    const p = profile({
      directories: [],
      discover: (ctx) => [
        {
          abs: '/home/u/.tool/AGENTS.md',
          path: '~/.tool/AGENTS.md',
          scope: 'global',
          directory: null,
          depth: 0,
          filename: 'AGENTS.md',
          delivery: 'baseline',
          own: true,
        },
        {
          abs: ctx.fs.path.join(ctx.root, 'docs/RULES.md'),
          path: 'docs/RULES.md',
          scope: 'workspace',
          directory: null,
          depth: 0,
          filename: 'RULES.md',
          delivery: 'baseline',
          rank: 1,
          note: 'listed in the config',
        },
      ],
    });
    const ev = resolveInstructions('/r', ['x.ts'], { fs, globalFile: null, profile: p, homedir: '/home/u' });
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.scope, s.status, s.reason]),
      [
        ['~/.tool/AGENTS.md', 'global', 'included', null],
        ['docs/RULES.md', 'workspace', 'included', 'listed in the config'],
      ],
    );
  });

  it("another dialect's applicability decides which targets a source applies to", () => {
    const dialect: Dialect = {
      name: 'only-ts',
      yaml: false,
      parse: (text) => ({
        ...parseInstructions(text, false),
        applicability: {
          test: (t) => (t.path.endsWith('.ts') ? null : { target: t.path, key: 'applies_to', pattern: '**/*.ts' }),
          describe: () => 'applyTo "**/*.ts"',
        },
      }),
    };
    const fs = new MemoryFs({ '/r/AGENTS.md': 'ts rules\n' });
    const p = profile({ dialect });
    const ev = resolveInstructions('/r', ['a.ts', 'b.md'], { fs, globalFile: null, profile: p });
    assert.deepEqual(ev.sources[0].appliesTo, ['a.ts']);
    const md = resolveInstructions('/r', ['b.md'], { fs, globalFile: null, profile: p });
    assert.equal(md.sources[0].status, 'not-applicable');
    assert.equal(md.sources[0].reason, 'applyTo "**/*.ts" does not match "b.md"');
  });

  it('a trust verdict keeps every would-be source out, says so, and empties the context', () => {
    const fs = new MemoryFs({ '/r/AGENTS.md': 'a\n', '/r/CLAUDE.md': 'c\n' });
    const p = profile({
      directories: [{ names: ['AGENTS.md', 'CLAUDE.md'], pick: 'first', extent: 'cwd', delivery: 'baseline' }],
      trust: () => ({
        trusted: false,
        reason: 'the repository is not trusted',
        notice: 'Not trusted: run holaryn trust',
        evidence: { decision: 'unknown' },
      }),
    });
    const ev = resolveInstructions('/r', [''], { fs, globalFile: null, profile: p });
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.status]),
      [
        ['AGENTS.md', 'untrusted'],
        ['CLAUDE.md', 'shadowed'],
      ],
    );
    assert.equal(ev.context, '');
    assert.equal(ev.notice, 'Not trusted: run holaryn trust');
    assert.deepEqual(ev.trust, { decision: 'unknown' });
    assert.ok(ev.diagnostics.some((d) => d.code === 'untrusted' && d.severity === 'warning'));
    validate(ev);
  });
});
