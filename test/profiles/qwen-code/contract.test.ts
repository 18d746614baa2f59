/**
 * The `qwen-code` profile, one test per rule of src/resolver/profiles/qwen-code/README.md, on in-memory trees
 * with an injected home and environment; plus bad input (malformed settings, a rule header that
 * does not parse), which gives a diagnostic and never a crash. The oracle cases
 * (test/oracle/cases/qwen-code.ts) check the same rules against the real agent.
 */
import { strict as assert } from 'node:assert';
import { Evidence, ResolveOptions, resolveInstructions } from '../../../src/resolver';
import { MemEntry, MemoryFs } from '../../../src/resolver/memory-fs';
import { parseRule, stripHtmlComments } from '../../../src/resolver/profiles/qwen-code/discover';
import { qwenNames } from '../../../src/resolver/profiles/qwen-code/settings';

const HOME = '/home/u';

function resolve(tree: Record<string, MemEntry>, cwd: string, targets: string[] = [], options: ResolveOptions = {}): Evidence {
  const fs = new MemoryFs({ [cwd]: { dir: true }, [HOME]: { dir: true }, ...tree });
  return resolveInstructions(cwd, targets, { profile: 'qwen-code', fs, env: {}, homedir: HOME, ...options });
}

function statuses(ev: Evidence): Record<string, string> {
  return Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
}

const ctx = (p: string, text: string) => `--- Context from: ${p} ---\n${text}\n--- End of Context from: ${p} ---`;
const rule = (p: string, text: string) => `--- Rule from: ${p} ---\n${text}\n--- End of Rule from: ${p} ---`;

describe('qwen-code profile (src/resolver/profiles/qwen-code/README.md)', () => {
  it('names: QWEN.md then AGENTS.md, per name the global file first, then the git root down to the cwd', () => {
    const ev = resolve(
      {
        '/r/.git': { dir: true },
        '/r/QWEN.md': 'root q',
        '/r/AGENTS.md': 'root a',
        '/r/w/QWEN.md': 'w q',
        [`${HOME}/.qwen/AGENTS.md`]: 'global a',
      },
      '/r/w',
    );
    assert.equal(
      ev.context,
      [
        ctx('../QWEN.md', 'root q'),
        ctx('QWEN.md', 'w q'),
        ctx('../../home/u/.qwen/AGENTS.md', 'global a'),
        ctx('../AGENTS.md', 'root a'),
      ].join('\n\n'),
    );
    assert.deepEqual(
      ev.contextParts.map((p) => p.place),
      ['system-prompt'],
    );
  });

  it('the walk stops at the parent of the nearest .git (one folder above the repository); nothing below the cwd loads', () => {
    const ev = resolve(
      {
        '/t/QWEN.md': 'two above',
        '/t/r/QWEN.md': 'parent of the repository',
        '/t/r/in/.git': 'gitdir: x',
        '/t/r/in/QWEN.md': 'inner',
        '/t/r/in/sub/QWEN.md': 'below',
        '/t/r/in/sub/f.ts': '',
      },
      '/t/r/in',
      ['sub/f.ts'],
    );
    assert.equal(ev.context, [ctx('../QWEN.md', 'parent of the repository'), ctx('QWEN.md', 'inner')].join('\n\n'));
  });

  it('context.fileName replaces the defaults; the workspace settings override the user ones', () => {
    const ev = resolve(
      {
        '/r/.git': { dir: true },
        '/r/QWEN.md': 'default',
        '/r/U.md': 'user',
        '/r/W.md': 'workspace',
        [`${HOME}/.qwen/settings.json`]: JSON.stringify({ context: { fileName: 'U.md' } }),
        '/r/.qwen/settings.json': '// comments are allowed\n{ "context": { "fileName": ["W.md"] } }',
      },
      '/r',
    );
    assert.equal(ev.context, ctx('W.md', 'workspace'));
    assert.deepEqual(qwenNames(null), ['QWEN.md', 'AGENTS.md']);
    assert.deepEqual(qwenNames('  '), ['QWEN.md', 'AGENTS.md']);
    assert.deepEqual(qwenNames([' a.md ', '']), ['a.md', '']);
  });

  it('text trimmed, blank files left out; the local file at the git root comes last of the context files', () => {
    const ev = resolve(
      { '/r/.git': { dir: true }, '/r/QWEN.md': '\n  hi  \n', '/r/AGENTS.md': ' \n', '/r/.qwen/QWEN.local.md': 'mine' },
      '/r',
    );
    assert.equal(ev.context, [ctx('QWEN.md', 'hi'), ctx('.qwen/QWEN.local.md', 'mine')].join('\n\n'));
    assert.equal(statuses(resolve({ '/r/QWEN.md': 'q', '/r/.qwen/QWEN.local.md': 'mine' }, '/r'))['.qwen/QWEN.local.md'], undefined);
  });

  it('rules: sorted by path after the context files; header and comments stripped; blank ones not loaded', () => {
    const ev = resolve(
      {
        '/r/.git': { dir: true },
        '/r/QWEN.md': 'q',
        '/r/.qwen/rules/b.md': 'B',
        '/r/.qwen/rules/a/x.md': 'AX',
        '/r/.qwen/rules/a.md': '---\ndescription: d\n---\n<!-- c -->A\r\n',
        '/r/.qwen/rules/none.md': '<!-- only -->',
      },
      '/r',
    );
    assert.equal(
      ev.context,
      [ctx('QWEN.md', 'q'), rule('.qwen/rules/a.md', 'A'), rule('.qwen/rules/a/x.md', 'AX'), rule('.qwen/rules/b.md', 'B')].join('\n\n'),
    );
    assert.equal(statuses(ev)['.qwen/rules/none.md'], 'not-loaded');
  });

  it('a rule with paths comes after the tool call that touches a match, in a system-reminder', () => {
    const tree: Record<string, MemEntry> = {
      '/r/.git': { dir: true },
      '/r/.qwen/rules/ts.md': '---\npaths: ["src/**/*.ts"]\n---\nTS',
      '/r/src/a.ts': '',
      '/r/b.md': '',
    };
    const hit = resolve(tree, '/r', ['src/a.ts']);
    assert.deepEqual(hit.contextParts, [
      {
        place: 'tool-result',
        text: `<system-reminder>\n${rule('.qwen/rules/ts.md', 'TS')}\n</system-reminder>`,
        sources: ['.qwen/rules/ts.md'],
      },
    ]);
    const miss = resolve(tree, '/r', ['b.md']);
    assert.equal(miss.context, '');
    assert.equal(statuses(miss)['.qwen/rules/ts.md'], 'not-applicable');
  });

  it('folder trust on: without a trusting rule only the global files load; TRUST_PARENT trusts the siblings', () => {
    const base: Record<string, MemEntry> = {
      '/r/.git': { dir: true },
      '/r/QWEN.md': 'project',
      [`${HOME}/.qwen/QWEN.md`]: 'global',
      [`${HOME}/.qwen/settings.json`]: JSON.stringify({ security: { folderTrust: { enabled: true } } }),
    };
    assert.equal(resolve(base, '/r').context, ctx('../home/u/.qwen/QWEN.md', 'global'));
    const trusted = resolve({ ...base, [`${HOME}/.qwen/trustedFolders.json`]: JSON.stringify({ '/r/x': 'TRUST_PARENT' }) }, '/r');
    assert.equal(trusted.context, [ctx('../home/u/.qwen/QWEN.md', 'global'), ctx('QWEN.md', 'project')].join('\n\n'));
    const deeper = resolve(
      { ...base, [`${HOME}/.qwen/trustedFolders.json`]: JSON.stringify({ '/': 'TRUST_FOLDER', '/r': 'DO_NOT_TRUST' }) },
      '/r',
    );
    assert.equal(deeper.context, ctx('../home/u/.qwen/QWEN.md', 'global'));
  });

  it('imports: expanded in context files (missing keeps @path, code stays, cycles and traversal marked), never in rules', () => {
    const ev = resolve(
      {
        '/r/.git': { dir: true },
        '/r/QWEN.md': '@a.md @gone.md `@a.md` @../x.md',
        '/r/a.md': 'A @a.md',
        '/r/.qwen/rules/r.md': 'rule @../../a.md',
      },
      '/r',
    );
    const expanded =
      '<!-- Imported from: a.md -->\nA <!-- File already processed: a.md -->\n<!-- End of import from: a.md --> @gone.md `@a.md` <!-- Import failed: ../x.md - Path traversal attempt -->';
    assert.equal(ev.context, [ctx('QWEN.md', expanded), rule('.qwen/rules/r.md', 'rule @../../a.md')].join('\n\n'));
  });

  it('QWEN_HOME moves the global folder', () => {
    const ev = resolve({ '/q/QWEN.md': 'moved', [`${HOME}/.qwen/QWEN.md`]: 'not read', '/r/.git': { dir: true } }, '/r', [], {
      env: { QWEN_HOME: '/q' },
    });
    assert.equal(ev.context, ctx('../q/QWEN.md', 'moved'));
  });

  it('bad input: malformed settings and a broken rule header give diagnostics, never a crash', () => {
    const ev = resolve(
      {
        '/r/.git': { dir: true },
        '/r/QWEN.md': 'q',
        [`${HOME}/.qwen/settings.json`]: '{ "context": ',
        '/r/.qwen/settings.json': JSON.stringify({ context: { fileName: 42 } }),
        '/r/.qwen/rules/bad.md': '---\npaths: [unclosed\n---\nStill a rule.',
      },
      '/r',
    );
    const codes = ev.diagnostics.map((d) => d.code);
    assert.ok(codes.includes('malformed-config'), JSON.stringify(ev.diagnostics));
    assert.ok(codes.includes('invalid-value'), JSON.stringify(ev.diagnostics));
    assert.equal(ev.context, [ctx('QWEN.md', 'q'), rule('.qwen/rules/bad.md', 'Still a rule.')].join('\n\n'));
  });

  it('parseRule and stripHtmlComments follow Qwen: nested comment remnants and a lone opener are removed', () => {
    assert.equal(stripHtmlComments('a<!-- x -->b<!--'), 'ab');
    assert.equal(stripHtmlComments('<!-<!-- -->- y -->z'), 'z');
    assert.deepEqual(parseRule('\uFEFF---\npaths: "*.md"\n---\r\nbody\r\n'), { content: 'body', paths: ['*.md'] });
    assert.deepEqual(parseRule('---\n---\n'), { content: '---\n---' });
    assert.deepEqual(parseRule('   '), { content: null });
  });
});
