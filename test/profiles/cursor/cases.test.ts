/**
 * The cursor profile, case by case, from Cursor's documentation (the `doc` field names the point
 * each case checks): documented behaviour only, as no Cursor release can be run. Each case is a
 * real temporary tree resolved for its targets; it names the sources in the text, in order, and
 * the rules reported not loaded with a word of their reason.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { resolveInstructions } from '../../../src/resolver';
import { FileSpec, TempDirs, writeTree } from '../../helpers/cli';

interface Case {
  name: string;
  doc: string;
  tree: Record<string, FileSpec>;
  targets?: string[];
  /** The sources whose text is in the context, in order. */
  inText: string[];
  /** Sources reported not loaded (or not applicable), with a word their reason has. */
  notLoaded?: Record<string, string>;
  /** Diagnostic codes expected on a path. */
  diagnostics?: Record<string, string>;
}

const mdc = (front: string, body = 'rule body\n') => `---\n${front}\n---\n${body}`;

const CASES: Case[] = [
  { name: 'no rules at all', doc: 'rules are opt-in files', tree: { 'src/a.ts': 'x\n' }, targets: ['src/a.ts'], inText: [] },
  {
    name: 'an always rule is in every request',
    doc: 'Always: alwaysApply true',
    tree: { '.cursor/rules/style.mdc': mdc('alwaysApply: true') },
    inText: ['.cursor/rules/style.mdc'],
  },
  {
    name: 'alwaysApply wins over globs and description',
    doc: 'alwaysApply: true includes it regardless of the other fields',
    tree: { '.cursor/rules/all.mdc': mdc('alwaysApply: true\nglobs: "*.py"\ndescription: Python') },
    targets: ['src/a.ts'],
    inText: ['.cursor/rules/all.mdc'],
  },
  {
    name: 'an auto rule attaches for a file its glob matches',
    doc: 'Auto Attached: globs match a file in the request',
    tree: { '.cursor/rules/ts.mdc': mdc('globs: "src/**/*.ts"\nalwaysApply: false'), 'src/a.ts': 'x\n' },
    targets: ['src/a.ts'],
    inText: ['.cursor/rules/ts.mdc'],
  },
  {
    name: 'an auto rule does not attach for another file',
    doc: 'Auto Attached applies only to matching files',
    tree: { '.cursor/rules/ts.mdc': mdc('globs: "src/**/*.ts"'), 'docs/a.md': 'x\n' },
    targets: ['docs/a.md'],
    inText: [],
    notLoaded: { '.cursor/rules/ts.mdc': 'globs' },
  },
  {
    name: 'an auto rule does not attach without a file',
    doc: 'Auto Attached needs a matching file in context',
    tree: { '.cursor/rules/ts.mdc': mdc('globs: "**/*.ts"') },
    inText: [],
    notLoaded: { '.cursor/rules/ts.mdc': 'globs' },
  },
  {
    name: 'globs as a comma-separated string',
    doc: 'globs: comma-separated patterns',
    tree: { '.cursor/rules/web.mdc': mdc('globs: "**/*.tsx, **/*.css"'), 'ui/a.css': 'x\n' },
    targets: ['ui/a.css'],
    inText: ['.cursor/rules/web.mdc'],
  },
  {
    name: 'globs as an unquoted comma-separated string',
    doc: 'Cursor’s editor writes globs unquoted: src/**, lib/**',
    tree: { '.cursor/rules/code.mdc': mdc('globs: src/**/*.ts, lib/**/*.ts'), 'lib/b.ts': 'x\n' },
    targets: ['lib/b.ts'],
    inText: ['.cursor/rules/code.mdc'],
  },
  {
    name: 'globs as a YAML list',
    doc: 'a YAML list of globs is read too',
    tree: { '.cursor/rules/py.mdc': mdc('globs:\n  - "**/*.py"\n  - "**/*.pyi"'), 'pkg/m.pyi': 'x\n' },
    targets: ['pkg/m.pyi'],
    inText: ['.cursor/rules/py.mdc'],
  },
  {
    name: 'a pattern without a slash matches at any depth',
    doc: 'globs like *.tsx apply to matching files in any folder',
    tree: { '.cursor/rules/tsx.mdc': mdc('globs: "*.tsx"'), 'app/deep/c.tsx': 'x\n' },
    targets: ['app/deep/c.tsx'],
    inText: ['.cursor/rules/tsx.mdc'],
  },
  {
    name: 'an agent-requested rule is only described',
    doc: 'Agent Requested: description set, the model decides',
    tree: { '.cursor/rules/db.mdc': mdc('description: Database migrations\nalwaysApply: false') },
    inText: [],
    notLoaded: { '.cursor/rules/db.mdc': 'agent-requested' },
  },
  {
    name: 'a manual rule is never loaded on its own',
    doc: 'Manual: none of the fields, @-mention only',
    tree: { '.cursor/rules/release.mdc': mdc('alwaysApply: false') },
    inText: [],
    notLoaded: { '.cursor/rules/release.mdc': 'manual' },
  },
  {
    name: 'a rule without frontmatter is manual',
    doc: 'Manual: no frontmatter at all',
    tree: { '.cursor/rules/plain.mdc': 'just text\n' },
    inText: [],
    notLoaded: { '.cursor/rules/plain.mdc': 'manual' },
  },
  {
    name: 'an empty description does not make it agent-requested',
    doc: 'Agent Requested needs a description',
    tree: { '.cursor/rules/empty.mdc': mdc('description: ""\nglobs:\nalwaysApply: false') },
    inText: [],
    notLoaded: { '.cursor/rules/empty.mdc': 'manual' },
  },
  {
    name: 'alwaysApply as the string "true" is not always',
    doc: 'alwaysApply is a boolean',
    tree: { '.cursor/rules/str.mdc': mdc('alwaysApply: "true"') },
    inText: [],
    notLoaded: { '.cursor/rules/str.mdc': 'manual' },
    diagnostics: { '.cursor/rules/str.mdc': 'malformed-frontmatter' },
  },
  {
    name: 'frontmatter that is not YAML leaves the rule manual, with a diagnostic',
    doc: 'a rule whose frontmatter cannot be read does not apply',
    tree: { '.cursor/rules/bad.mdc': mdc('alwaysApply: [true\nglobs: {') },
    inText: [],
    notLoaded: { '.cursor/rules/bad.mdc': 'manual' },
    diagnostics: { '.cursor/rules/bad.mdc': 'malformed-frontmatter' },
  },
  {
    name: 'a plain .md file in .cursor/rules is not a rule',
    doc: 'project rules must use the .mdc extension',
    tree: { '.cursor/rules/notes.md': 'not a rule\n', '.cursor/rules/real.mdc': mdc('alwaysApply: true') },
    inText: ['.cursor/rules/real.mdc'],
  },
  {
    name: 'rules in subfolders of .cursor/rules',
    doc: 'rules may be grouped in subfolders',
    tree: { '.cursor/rules/frontend/components.mdc': mdc('alwaysApply: true'), '.cursor/rules/a.mdc': mdc('alwaysApply: true') },
    inText: ['.cursor/rules/a.mdc', '.cursor/rules/frontend/components.mdc'],
  },
  {
    name: 'rules by name',
    doc: 'several always rules (order undocumented: by name)',
    tree: { '.cursor/rules/b.mdc': mdc('alwaysApply: true'), '.cursor/rules/a.mdc': mdc('alwaysApply: true') },
    inText: ['.cursor/rules/a.mdc', '.cursor/rules/b.mdc'],
  },
  {
    name: 'a nested rules folder applies below its folder',
    doc: 'subfolders can have their own .cursor/rules, scoped to that folder',
    tree: { 'api/.cursor/rules/api.mdc': mdc('alwaysApply: true'), 'api/h.ts': 'x\n' },
    targets: ['api/h.ts'],
    inText: ['api/.cursor/rules/api.mdc'],
  },
  {
    name: 'a nested rules folder does not apply elsewhere',
    doc: 'nested rules are scoped to their folder',
    tree: { 'api/.cursor/rules/api.mdc': mdc('alwaysApply: true'), 'web/p.ts': 'x\n' },
    targets: ['web/p.ts'],
    inText: [],
  },
  {
    name: 'a nested auto rule matches paths below its folder',
    doc: 'nested rules’ globs are relative to their folder (a guess)',
    tree: { 'api/.cursor/rules/h.mdc': mdc('globs: "handlers/*.ts"'), 'api/handlers/x.ts': 'x\n' },
    targets: ['api/handlers/x.ts'],
    inText: ['api/.cursor/rules/h.mdc'],
  },
  {
    name: 'AGENTS.md at the root',
    doc: 'AGENTS.md: a plain-markdown alternative',
    tree: { 'AGENTS.md': 'agents\n' },
    inText: ['AGENTS.md'],
  },
  {
    name: 'a nested AGENTS.md applies to files below it',
    doc: 'AGENTS.md in subdirectories',
    tree: { 'AGENTS.md': 'root\n', 'pkg/AGENTS.md': 'pkg\n', 'pkg/a.ts': 'x\n' },
    targets: ['pkg/a.ts'],
    inText: ['AGENTS.md', 'pkg/AGENTS.md'],
  },
  {
    name: 'legacy .cursorrules at the root',
    doc: '.cursorrules is still read (legacy)',
    tree: { '.cursorrules': 'legacy\n' },
    inText: ['.cursorrules'],
  },
  {
    name: 'a .cursorrules below the root is not read',
    doc: '.cursorrules is read at the project root only',
    tree: { 'pkg/.cursorrules': 'nested legacy\n', 'pkg/a.ts': 'x\n' },
    targets: ['pkg/a.ts'],
    inText: [],
  },
  {
    name: 'every kind together',
    doc: 'sources are additive: AGENTS.md, .cursorrules and rules stack',
    tree: {
      'AGENTS.md': 'a\n',
      '.cursorrules': 'legacy\n',
      '.cursor/rules/always.mdc': mdc('alwaysApply: true'),
      '.cursor/rules/ts.mdc': mdc('globs: "**/*.ts"'),
      '.cursor/rules/ask.mdc': mdc('description: ask me'),
      '.cursor/rules/manual.mdc': mdc(''),
      'src/a.ts': 'x\n',
    },
    targets: ['src/a.ts'],
    inText: ['AGENTS.md', '.cursorrules', '.cursor/rules/always.mdc', '.cursor/rules/ts.mdc'],
    notLoaded: { '.cursor/rules/ask.mdc': 'agent-requested', '.cursor/rules/manual.mdc': 'manual' },
  },
  {
    name: 'the frontmatter is not part of the text',
    doc: 'the rule’s contents are included; the frontmatter configures it',
    tree: { '.cursor/rules/x.mdc': mdc('alwaysApply: true', 'Use tabs.\n') },
    inText: ['.cursor/rules/x.mdc'],
  },
];

describe('cursor profile: cases from Cursor’s documentation', () => {
  const temp = new TempDirs();
  after(() => temp.cleanup());

  it('has at least 25 trees', () => assert.ok(CASES.length >= 25, `${CASES.length} cases`));

  for (const c of CASES) {
    it(`${c.name} (${c.doc})`, () => {
      const T = temp.make('holaryn-cursor-');
      writeTree(T, c.tree);
      const ev = resolveInstructions(T, c.targets ?? [], { profile: 'cursor', env: {}, homedir: temp.make('holaryn-cursor-home-') });
      const shown = JSON.stringify(
        ev.sources.map((s) => [s.path, s.status, s.reason]),
        null,
        1,
      );
      assert.deepEqual(
        ev.contextParts.flatMap((p) => p.sources),
        c.inText,
        shown,
      );
      for (const [p, word] of Object.entries(c.notLoaded ?? {})) {
        const s = ev.sources.find((x) => x.path === p);
        assert.ok(s, `${p} is not reported: ${shown}`);
        assert.ok(s.status !== 'included', `${p} is included`);
        assert.ok(JSON.stringify(s).includes(word), `${p}'s report does not say ${word}: ${JSON.stringify(s)}`);
      }
      for (const [p, code] of Object.entries(c.diagnostics ?? {}))
        assert.ok(
          ev.diagnostics.some((d) => d.code === code && d.source === p),
          `no ${code} on ${p}: ${JSON.stringify(ev.diagnostics)}`,
        );
    });
  }

  it('leaves the frontmatter out of the text and says it is documented, not verified', () => {
    const T = temp.make('holaryn-cursor-');
    writeTree(T, { '.cursor/rules/x.mdc': mdc('alwaysApply: true', 'Use tabs.\n') });
    const ev = resolveInstructions(T, [], { profile: 'cursor', env: {}, homedir: T });
    assert.ok(ev.context.includes('Use tabs.'));
    assert.ok(!ev.context.includes('alwaysApply'));
    assert.ok(ev.fidelity?.some((f) => f.startsWith('Documented, not verified')));
  });

  it('never prints a rule a link leads to outside the workspace', () => {
    const T = temp.make('holaryn-cursor-');
    const outside = temp.make('holaryn-cursor-secret-');
    writeTree(outside, { 's.mdc': mdc('alwaysApply: true', 'SECRET\n') });
    writeTree(T, { '.cursor/rules/s.mdc': { symlink: path.join(outside, 's.mdc') } });
    const ev = resolveInstructions(T, [], { profile: 'cursor', env: {}, homedir: T });
    assert.ok(!ev.context.includes('SECRET'));
  });
});
