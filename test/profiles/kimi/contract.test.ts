/**
 * The `kimi` profile, one test per rule of src/resolver/profiles/kimi/README.md (and the common rules of docs/agents.md), on
 * in-memory trees with an injected home and environment.
 */
import { strict as assert } from 'node:assert';
import { Evidence, ResolveError, ResolveOptions, resolveInstructions } from '../../../src/resolver';
import { MemEntry, MemoryFs } from '../../../src/resolver/memory-fs';

const HOME = '/home/u';

function resolve(tree: Record<string, MemEntry>, cwd: string, options: ResolveOptions = {}, targets: string[] = []): Evidence {
  const fs = new MemoryFs({ [cwd]: { dir: true }, [HOME]: { dir: true }, ...tree });
  return resolveInstructions(cwd, targets, { profile: 'kimi', fs, env: {}, homedir: HOME, ...options });
}

function statuses(ev: Evidence): Record<string, string> {
  return Object.fromEntries(ev.sources.map((s) => [s.path, s.status]));
}

const header = (p: string) => `<!-- From: ${p} -->\n`;

describe('kimi profile (src/resolver/profiles/kimi/README.md)', () => {
  it('project root: the nearest ancestor holding .git (a file counts), else the cwd alone', () => {
    const tree = { '/r/.git': 'gitdir: x\n', '/r/AGENTS.md': 'root', '/r/a/AGENTS.md': 'a' };
    assert.deepEqual(statuses(resolve(tree, '/r/a')), { '../AGENTS.md': 'included', 'AGENTS.md': 'included' });
    const none = resolve({ '/r/AGENTS.md': 'root', '/r/a/AGENTS.md': 'a' }, '/r/a');
    assert.deepEqual(statuses(none), { '../AGENTS.md': 'not-loaded', 'AGENTS.md': 'included' });
    const dangling = resolve({ '/r/.git': { symlink: 'nowhere' }, '/r/AGENTS.md': 'root', '/r/a/AGENTS.md': 'a' }, '/r/a');
    assert.equal(statuses(dangling)['../AGENTS.md'], 'not-loaded');
  });

  it('per directory root → cwd: .kimi/AGENTS.md, and AGENTS.md or else agents.md (the other shadowed)', () => {
    const ev = resolve(
      { '/r/.git': { dir: true }, '/r/.kimi/AGENTS.md': 'k', '/r/agents.md': 'low', '/r/a/AGENTS.md': 'A', '/r/a/agents.md': 'a' },
      '/r/a',
    );
    assert.deepEqual(statuses(ev), {
      '../.kimi/AGENTS.md': 'included',
      '../agents.md': 'included',
      'AGENTS.md': 'included',
      'agents.md': 'shadowed',
    });
    assert.equal(ev.context, `${header('/r/.kimi/AGENTS.md')}k\n\n${header('/r/agents.md')}low\n\n${header('/r/a/AGENTS.md')}A`);
  });

  it('text stripped; an empty file is skipped (and still masks agents.md); nothing below the cwd', () => {
    const ev = resolve({ '/w/AGENTS.md': ' \n', '/w/agents.md': 'x', '/w/pkg/AGENTS.md': 'p', '/w/pkg/f.py': '' }, '/w', {}, ['pkg/f.py']);
    assert.deepEqual(statuses(ev), { 'AGENTS.md': 'omitted', 'agents.md': 'shadowed', 'pkg/AGENTS.md': 'not-loaded' });
    assert.equal(ev.context, '');
    assert.equal(resolve({ '/w/AGENTS.md': '\r\n  one\r\ntwo \r\n' }, '/w').context, `${header('/w/AGENTS.md')}one\ntwo`);
  });

  it('a leading BOM stays in the text, is not whitespace to strip, and costs its 3 bytes (Python reads it as U+FEFF)', () => {
    const ev = resolve({ '/w/AGENTS.md': Buffer.from('\ufeff  one\n', 'utf8') }, '/w');
    assert.equal(ev.context, `${header('/w/AGENTS.md')}\ufeff  one`);
    // A file holding only a BOM and whitespace is not empty to Kimi: it loads, with its header.
    const bomOnly = resolve({ '/w/AGENTS.md': Buffer.from('\ufeff \n', 'utf8') }, '/w');
    assert.equal(statuses(bomOnly)['AGENTS.md'], 'included');
    assert.equal(bomOnly.context, `${header('/w/AGENTS.md')}\ufeff`);
    // The budget counts the BOM: with room for the header and 3 bytes, only the BOM is kept.
    const h = Buffer.byteLength(header('/w/AGENTS.md'));
    const cut = resolve({ '/w/AGENTS.md': Buffer.from('\ufeffabc', 'utf8') }, '/w', { budget: h + 3 });
    assert.equal(statuses(cut)['AGENTS.md'], 'truncated');
    assert.equal(cut.context, `${header('/w/AGENTS.md')}\ufeff`);
  });

  it('32 KiB with the framing counted, deepest first: shallower files are cut or omitted', () => {
    const deep = 'D'.repeat(32768 - header('/r/a/AGENTS.md').length - 10);
    const ev = resolve({ '/r/.git': { dir: true }, '/r/AGENTS.md': 'R'.repeat(100), '/r/a/AGENTS.md': deep }, '/r/a');
    assert.deepEqual(statuses(ev), { '../AGENTS.md': 'omitted', 'AGENTS.md': 'included' });
    assert.equal(ev.truncation.budget, 32768);
    assert.equal(ev.truncation.unit, 'utf8-bytes');
    const cut = resolve({ '/r/.git': { dir: true }, '/r/AGENTS.md': 'R'.repeat(100), '/r/a/AGENTS.md': 'D' }, '/r/a', { budget: 80 });
    // leaf: a 30-byte header + 1; root: a 28-byte header + 2, then 19 bytes of R.
    assert.equal(cut.context, `${header('/r/AGENTS.md')}${'R'.repeat(19)}\n\n${header('/r/a/AGENTS.md')}D`);
    assert.deepEqual(statuses(cut), { '../AGENTS.md': 'truncated', 'AGENTS.md': 'included' });
  });

  it('a file that is not UTF-8 (Kimi fails to start) is reported unreadable', () => {
    const ev = resolve({ '/w/AGENTS.md': Buffer.from([0x61, 0xff]) }, '/w');
    assert.ok(ev.diagnostics.some((d) => d.code === 'unreadable' && d.source === 'AGENTS.md' && d.severity === 'error'));
    assert.ok(ev.fidelity?.some((f) => f.includes('UnicodeDecodeError')));
  });

  it('no settings: any --set is a usage error; no global file; profile version and fidelity', () => {
    let err: unknown;
    try {
      resolve({}, '/w', { settings: { budget: '1' } });
    } catch (e) {
      err = e;
    }
    assert.ok(err instanceof ResolveError && err.code === 'usage' && /profile kimi has no settings/.test(err.message));
    const ev = resolve({ [`${HOME}/.kimi/AGENTS.md`]: 'g', '/w/AGENTS.md': 'p' }, '/w');
    assert.deepEqual(statuses(ev), { 'AGENTS.md': 'included' });
    assert.equal(ev.profile, 'kimi');
    assert.match(ev.profileVersion ?? '', /Kimi/);
  });

  it('a link leading outside the repository and the home is included with a warning, never read', () => {
    const fs = new MemoryFs({
      '/w': { dir: true },
      [HOME]: { dir: true },
      '/secret/key': 'TOKEN',
      '/w/AGENTS.md': { symlink: '/secret/key' },
    });
    const ev = resolveInstructions('/w', [], { profile: 'kimi', fs, env: {}, homedir: HOME });
    assert.equal(ev.sources[0].status, 'included');
    assert.equal(ev.context, `${header('/w/AGENTS.md')}[not shown: links outside the repository]`);
    assert.ok(ev.diagnostics.some((d) => d.code === 'symlink-outside-root' && d.message.includes('/secret/key')));
    assert.ok(!fs.opened.includes('/secret/key'));
  });
});
