/** Contract §9: the evidence object (fields, types, defaults, display names, diagnostics). */
import { strict as assert } from 'node:assert';
import { Evidence, explicitGlobalFile } from '../../src/resolver';
import { schemaValidator } from '../helpers/schema';
import { DEFAULT_METADATA, Tree, diags, fm, resolve, source, sourcePaths } from '../helpers/tree';

/** A tree that produces every status, a conflict and most diagnostics. */
const RICH: Tree = {
  '/g/team.md': fm('applies_to: "src/**"', 'global rules\n'),
  'AGENTS.md': fm('priority: 2\nrequired_validation: npm test\nowner: me', 'root agents\n'),
  'CLAUDE.md': { symlink: 'AGENTS.md' },
  'src/.holaryn/instructions.md': fm('mode: replace', 'h\n'),
  'src/AGENTS.md': fm('mode: replace\npriority: [1]', 'a\n'),
  'src/CLAUDE.md': fm('mode: replace', 'c'.repeat(30000)),
  'docs/AGENTS.md': fm('applies_to: "*.txt"', 'docs\n'),
  'docs/CLAUDE.md': '---\nno closing fence\n',
  'lib/AGENTS.md': { special: true },
  'lib/CLAUDE.md': { symlink: '/outside/x.md' },
  '/outside/x.md': 'x',
  'src/a.ts': '',
};
const richEvidence = (): Evidence =>
  resolve(RICH, ['src/a.ts', 'docs/b.md', 'lib/c.ts', '.'], { globalFile: explicitGlobalFile('/g/team.md'), budget: 2000 }).ev;

const isRel = (p: string) =>
  !p.startsWith('/') && !p.includes('\\') && !p.startsWith('./') && !p.split('/').includes('..') && !p.endsWith('/');
const strArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');

describe('contract §9 Evidence', () => {
  it('§9 the JSON object has every named field with the right type', () => {
    const ev = richEvidence();
    assert.equal(ev.schema, 'holaryn.instructions/v1');
    assert.equal(typeof ev.root, 'string');
    assert.ok(Array.isArray(ev.targets));
    assert.match(ev.snapshot, /^sha256:[0-9a-f]{64}$/);
    for (const t of ev.targets) {
      assert.deepEqual(
        Object.keys(t)
          .filter((k) => k === 'path' || k === 'kind')
          .sort(),
        ['kind', 'path'],
      );
      assert.equal(typeof t.path, 'string');
      assert.ok(['file', 'directory', 'missing'].includes(t.kind));
    }
    const statuses = new Set<string>();
    for (const s of ev.sources) {
      statuses.add(s.status);
      assert.equal(typeof s.path, 'string');
      assert.ok(['global', 'workspace'].includes(s.scope));
      assert.ok(s.directory === null || typeof s.directory === 'string');
      assert.ok(Number.isInteger(s.depth) && s.depth >= 0);
      assert.equal(typeof s.filename, 'string');
      assert.ok(Number.isInteger(s.order));
      assert.match(s.sha256, /^[0-9a-f]{64}$/);
      assert.ok(Number.isInteger(s.bytes) && s.bytes >= 0);
      assert.ok(Number.isInteger(s.chars) && s.chars >= 0);
      assert.ok(['included', 'truncated', 'omitted', 'superseded', 'not-applicable', 'duplicate'].includes(s.status));
      assert.ok(strArray(s.appliesTo));
      assert.ok(strArray(s.supersededFor));
      assert.ok(s.supersededBy === null || typeof s.supersededBy === 'string');
      assert.ok(s.duplicateOf === null || typeof s.duplicateOf === 'string');
      assert.ok(s.reason === null || typeof s.reason === 'string');
      assert.ok(s.metadata === null || typeof s.metadata === 'object');
      assert.equal(typeof s.content, 'string');
    }
    for (const st of ['duplicate', 'not-applicable', 'superseded', 'truncated'])
      assert.ok(statuses.has(st), `the rich tree has a ${st} source`);
    for (const v of ev.validation) {
      assert.equal(typeof v.command, 'string');
      assert.equal(typeof v.source, 'string');
    }
    assert.ok(ev.conflicts.length >= 1);
    for (const c of ev.conflicts) {
      assert.equal(c.kind, 'replace');
      assert.ok(c.directory === null || typeof c.directory === 'string');
      assert.ok(strArray(c.sources));
      assert.equal(typeof c.winner, 'string');
    }
    for (const d of ev.diagnostics) {
      assert.ok(['error', 'warning', 'info'].includes(d.severity));
      assert.equal(typeof d.code, 'string');
      assert.ok(d.source === null || typeof d.source === 'string');
      assert.ok(d.line === null || (Number.isInteger(d.line) && d.line >= 1));
      assert.equal(typeof d.message, 'string');
    }
    const t = ev.truncation;
    assert.ok(Number.isInteger(t.budget) && Number.isInteger(t.chars) && typeof t.truncated === 'boolean');
    assert.ok(t.omitted.every((o) => typeof o.path === 'string' && Number.isInteger(o.chars)));
    assert.ok(t.cut.every((c) => typeof c.path === 'string' && Number.isInteger(c.chars) && Number.isInteger(c.included)));
    assert.equal(typeof ev.context, 'string');
    // And the whole object round-trips through JSON unchanged (no undefined, no cycles).
    assert.deepEqual(JSON.parse(JSON.stringify(ev)), ev);
  });

  it('§9 the evidence matches schema/evidence.schema.json', () => {
    const validate = schemaValidator();
    validate(JSON.parse(JSON.stringify(richEvidence())), 'rich evidence');
    validate(JSON.parse(JSON.stringify(resolve({}, ['a.ts']).ev)), 'empty evidence');
  });

  it('§9 root is the canonical absolute root', () => {
    const { ev } = resolve({ '/link': { symlink: '/real/repo' }, '/real/repo/AGENTS.md': 'x' }, ['a.ts'], {}, '/link');
    assert.equal(ev.root, '/real/repo');
    assert.deepEqual(sourcePaths(ev), ['AGENTS.md']);
  });

  it('§9 targets: root-relative path ("" for the root) and kind file, directory or missing', () => {
    const { ev } = resolve({ 'src/a.ts': '' }, ['src/a.ts', 'src', '.', 'src/new.ts']);
    assert.deepEqual(ev.targets, [
      { path: '', kind: 'directory' },
      { path: 'src', kind: 'directory' },
      { path: 'src/a.ts', kind: 'file' },
      { path: 'src/new.ts', kind: 'missing' },
    ]);
  });

  it('§9 sources are in precedence order and order is the index + 1 over all reported sources', () => {
    const ev = richEvidence();
    assert.deepEqual(
      ev.sources.map((s) => s.order),
      ev.sources.map((_, i) => i + 1),
    );
  });

  it('§9 metadata holds effective values with defaults filled in (globs and commands as arrays), null without valid frontmatter', () => {
    const { ev } = resolve(
      {
        'AGENTS.md': fm('required_validation: npm test'),
        'CLAUDE.md': 'no frontmatter\n',
        '.holaryn/instructions.md': '---\nbroken: [\n---\nx\n',
        'src/AGENTS.md': fm(''),
      },
      ['src/a.ts'],
    );
    assert.deepEqual(source(ev, 'AGENTS.md').metadata, { ...DEFAULT_METADATA, required_validation: ['npm test'] });
    assert.equal(source(ev, 'CLAUDE.md').metadata, null);
    assert.equal(source(ev, '.holaryn/instructions.md').metadata, null);
    assert.deepEqual(source(ev, 'src/AGENTS.md').metadata, DEFAULT_METADATA);
  });

  it('§9 chars counts the code points of the contributed content; filename is the candidate name', () => {
    const { ev } = resolve({ 'src/.holaryn/instructions.md': '😀é\n', 'src/CLAUDE.md': 'x' }, ['src/a.ts']);
    const s = source(ev, 'src/.holaryn/instructions.md');
    assert.equal(s.chars, 3);
    assert.equal(s.bytes, 7);
    assert.equal(s.filename, '.holaryn/instructions.md');
    assert.equal(source(ev, 'src/CLAUDE.md').filename, 'CLAUDE.md');
  });

  describe('§9 the global source: path is its display name, directory null, depth 0, globs match root-relative target paths', () => {
    // [case, options, file location, display name]
    const cases: [string, Parameters<typeof resolve>[2], string, string][] = [
      ['default (~/.holaryn)', { env: {}, homedir: '/home/u' }, '/home/u/.holaryn/instructions.md', '~/.holaryn/instructions.md'],
      [
        'HOLARYN_HOME',
        { env: { HOLARYN_HOME: '/opt/hh' }, homedir: '/home/u' },
        '/opt/hh/instructions.md',
        '$HOLARYN_HOME/instructions.md',
      ],
      [
        '--global FILE',
        { globalFile: explicitGlobalFile('/etc/team/shared-rules.md') },
        '/etc/team/shared-rules.md',
        '<global>/shared-rules.md',
      ],
    ];
    for (const [name, options, file, display] of cases) {
      it(`§9 global source display name: ${name} → ${display}`, () => {
        const { ev } = resolve({ [file]: fm('applies_to: "src/**"', 'G\n'), 'AGENTS.md': 'r\n' }, ['src/a.ts', 'docs/b.md'], options);
        const g = source(ev, display);
        assert.equal(g.scope, 'global');
        assert.equal(g.directory, null);
        assert.equal(g.depth, 0);
        assert.equal(g.order, 1);
        assert.deepEqual(g.appliesTo, ['src/a.ts'], 'applies_to "src/**" is matched against root-relative paths');
        assert.ok(!JSON.stringify(ev).includes(file), 'the machine path of the global file is not in the evidence');
      });
    }

    it('§9 HOLARYN_HOME wins over the home directory', () => {
      const { ev } = resolve({ '/home/u/.holaryn/instructions.md': 'HOME\n', '/opt/hh/instructions.md': 'HH\n' }, ['a.ts'], {
        env: { HOLARYN_HOME: '/opt/hh' },
        homedir: '/home/u',
      });
      assert.deepEqual(sourcePaths(ev), ['$HOLARYN_HOME/instructions.md']);
      assert.equal(ev.sources[0].content, 'HH\n');
    });

    it('§9 a global glob like "*.ts" is matched against the whole root-relative path', () => {
      const { ev } = resolve({ '/g/x.md': fm('applies_to: "*.ts"') }, ['a.ts', 'src/b.ts'], { globalFile: explicitGlobalFile('/g/x.md') });
      assert.deepEqual(source(ev, '<global>/x.md').appliesTo, ['a.ts']);
    });
  });

  describe('§9 diagnostics: codes with fixed severities; line is the 1-based file line (opening --- is line 1) or null', () => {
    it('§9 every diagnostic code has its severity', () => {
      const ev = richEvidence();
      const expected: Record<string, string> = {
        'malformed-frontmatter': 'error',
        'invalid-value': 'error',
        unreadable: 'error',
        'symlink-outside-root': 'error',
        'unknown-key': 'warning',
        'replace-conflict': 'warning',
        'budget-truncated': 'info',
      };
      for (const [code, severity] of Object.entries(expected)) {
        const found = ev.diagnostics.filter((d) => d.code === code);
        assert.ok(found.length > 0, `no ${code} diagnostic in ${JSON.stringify(ev.diagnostics.map((d) => d.code))}`);
        for (const d of found) assert.equal(d.severity, severity, code);
      }
      const big = resolve({ 'AGENTS.md': 'a'.repeat(1024 * 1024 + 1) }, ['a.ts']).ev;
      assert.equal(diags(big, 'too-large')[0]?.severity, 'warning');
    });

    // [case, file text, code, line]
    const rows: [string, string, string, number][] = [
      ['unknown key on the third line', '---\npriority: 1\nowner: x\n---\n', 'unknown-key', 3],
      ['invalid value on the second line', '---\npriority: 9999\n---\n', 'invalid-value', 2],
      ['with a BOM, lines are counted the same', '\uFEFF---\npriority: 1\nowner: x\n---\n', 'unknown-key', 3],
      ['with CRLF, lines are counted the same', '---\r\npriority: 1\r\nmode: 1\r\n---\r\n', 'invalid-value', 3],
      ['an offending list item', '---\nexcludes:\n  - a\n  - b\n  - ../c\n---\n', 'invalid-value', 5],
      ['a YAML error', '---\n# comment\n\nmode: a: b\n---\n', 'malformed-frontmatter', 4],
      ['a duplicate key', '---\nmode: append\n\n\nmode: replace\n---\n', 'malformed-frontmatter', 5],
    ];
    for (const [name, text, code, line] of rows) {
      it(`§9 diagnostic line: ${name} → ${code} at line ${line}`, () => {
        const { ev } = resolve({ 'AGENTS.md': text }, ['a.ts']);
        const d = diags(ev, code as never, 'AGENTS.md');
        assert.equal(d.length, 1, JSON.stringify(ev.diagnostics));
        assert.equal(d[0].line, line);
      });
    }

    it('§9 line is null when no line applies (unreadable, symlink-outside-root, budget-truncated)', () => {
      const ev = richEvidence();
      for (const code of ['unreadable', 'symlink-outside-root', 'budget-truncated'] as const) {
        for (const d of diags(ev, code)) assert.equal(d.line, null, `${code}: ${JSON.stringify(d)}`);
      }
    });
  });

  it('§9 paths in evidence are root-relative with / (sources, targets, appliesTo, duplicateOf, supersededBy, conflicts, validation, diagnostics, truncation)', () => {
    const ev = richEvidence();
    const all: string[] = [
      ...ev.targets.map((t) => t.path).filter((p) => p !== ''),
      ...ev.sources.filter((s) => s.scope === 'workspace').map((s) => s.path),
      ...ev.sources.flatMap((s) => [...s.appliesTo, ...s.supersededFor]),
      ...ev.sources.flatMap((s) => [s.duplicateOf, s.supersededBy]).filter((p): p is string => p !== null),
      ...ev.conflicts.flatMap((c) => [...c.sources, c.winner]),
      ...ev.validation.map((v) => v.source),
      ...ev.diagnostics.map((d) => d.source).filter((p): p is string => p !== null && !p.startsWith('<global>')),
      ...ev.truncation.omitted.map((o) => o.path),
      ...ev.truncation.cut.map((c) => c.path),
    ];
    for (const p of all) assert.ok(isRel(p), `not root-relative: ${p}`);
    assert.ok(
      ev.sources.filter((s) => s.scope === 'workspace').every((s) => (s.directory !== null && isRel(s.directory)) || s.directory === ''),
    );
    assert.ok(!JSON.stringify({ ...ev, root: '' }).includes('/repo/'), 'no absolute workspace path outside `root`');
  });
});

describe('contract §9 v1.1 evidence fields', () => {
  it('§9 truncation.needed is the budget that includes everything: that budget keeps every source whole, one less does not', () => {
    const tree: Tree = { 'AGENTS.md': 'R'.repeat(20000), 'pkg/AGENTS.md': '😀'.repeat(9000) };
    const cut = resolve(tree, ['pkg/x.ts']).ev;
    assert.equal(cut.truncation.truncated, true);
    const needed = cut.truncation.needed;
    const full = resolve(tree, ['pkg/x.ts'], { budget: needed }).ev;
    assert.equal(full.truncation.truncated, false);
    assert.equal(full.truncation.chars, needed);
    assert.equal(full.truncation.needed, needed);
    assert.equal(resolve(tree, ['pkg/x.ts'], { budget: needed - 1 }).ev.truncation.truncated, true);
  });

  it('§9 targets[].requested is the path as given when it differs from path (through a symlink, `..`), and absent otherwise', () => {
    const tree: Tree = {
      'AGENTS.md': 'r\n',
      'pkg/README.md': '',
      'pkg/AGENTS.md': 'p\n',
      'README.md': { symlink: 'pkg/README.md' },
      'src/a.ts': '',
    };
    const ev = resolve(tree, ['README.md', 'src/../src/a.ts', '/repo/pkg/AGENTS.md', 'src/a.ts']).ev;
    assert.deepEqual(ev.targets, [
      { path: 'pkg/AGENTS.md', kind: 'file' },
      { path: 'pkg/README.md', kind: 'file', requested: 'README.md' },
      { path: 'src/a.ts', kind: 'file' },
    ]);
    const dotdot = resolve(tree, ['src/../src/a.ts']).ev;
    assert.deepEqual(dotdot.targets, [{ path: 'src/a.ts', kind: 'file', requested: 'src/../src/a.ts' }]);
    assert.equal(source(ev, 'pkg/AGENTS.md').appliesTo.includes('pkg/README.md'), true, 'the chain is that of the file reached');
  });
});
