// The overlay filesystem: unsaved buffers seen by the resolver through its ResolverFs interface.
import { strict as assert } from 'node:assert';
import { FileCache, resolveInstructions } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { OverlayFs, isOverlayFs, syntheticMtime } from '../../../src/editing/overlay-fs';

function disk(): MemoryFs {
  return new MemoryFs({
    '/repo/AGENTS.md': '---\npriority: 10\n---\nSaved root rules.\n',
    '/repo/src/AGENTS.md': '---\napplies_to: "*.ts"\n---\nSaved src rules.\n',
    '/repo/src/CLAUDE.md': { symlink: 'AGENTS.md' },
    '/repo/src/a.ts': '',
    '/repo/src/b.py': '',
  });
}

const opts = { globalFile: null } as const;

describe('authoring: overlay filesystem for unsaved buffers', () => {
  it('the resolver reads the buffer instead of the saved file', () => {
    const base = disk();
    const fs = new OverlayFs(base, [{ path: '/repo/src/AGENTS.md', text: '---\napplies_to: "*.py"\n---\nEdited src rules.\n' }]);
    const saved = resolveInstructions('/repo', ['src/a.ts', 'src/b.py'], { fs: base, ...opts });
    const edited = resolveInstructions('/repo', ['src/a.ts', 'src/b.py'], { fs, ...opts });
    const s = (ev: typeof saved) => ev.sources.find((x) => x.path === 'src/AGENTS.md')!;
    assert.deepEqual(s(saved).appliesTo, ['src/a.ts']);
    assert.deepEqual(s(edited).appliesTo, ['src/b.py']);
    assert.equal(s(edited).content, 'Edited src rules.\n');
    assert.notEqual(s(edited).sha256, s(saved).sha256);
    assert.notEqual(edited.snapshot, saved.snapshot);
    // The root file is not overlaid and reads as on disk.
    assert.equal(edited.sources.find((x) => x.path === 'AGENTS.md')!.sha256, saved.sources.find((x) => x.path === 'AGENTS.md')!.sha256);
  });

  it('gives an overlaid file a distinct stat: same identity, the buffer size, a negative content-derived mtime', () => {
    const base = disk();
    const text = 'Edited.\n';
    const fs = new OverlayFs(base, [{ path: '/repo/src/AGENTS.md', text }]);
    const onDisk = base.stat('/repo/src/AGENTS.md')!;
    const st = fs.stat('/repo/src/AGENTS.md')!;
    assert.equal(st.dev, onDisk.dev);
    assert.equal(st.ino, onDisk.ino);
    assert.equal(st.size, Buffer.byteLength(text));
    assert.ok(st.mtimeMs < 0);
    assert.equal(st.mtimeMs, syntheticMtime(Buffer.from(text)));
    assert.notEqual(syntheticMtime(Buffer.from('a')), syntheticMtime(Buffer.from('b')));
    // Unrelated entries pass through unchanged.
    assert.deepEqual(fs.stat('/repo/src/a.ts'), base.stat('/repo/src/a.ts'));
    assert.deepEqual(fs.lstat('/repo/src/CLAUDE.md'), base.lstat('/repo/src/CLAUDE.md'));
  });

  it('a shared FileCache never returns one version for another', () => {
    const base = disk();
    const cache = new FileCache();
    const content = (fs: MemoryFs | OverlayFs) =>
      resolveInstructions('/repo', ['src/a.ts'], { fs, cache, ...opts }).sources.find((x) => x.path === 'src/AGENTS.md')!.content;
    assert.equal(content(base), 'Saved src rules.\n');
    const v1 = new OverlayFs(base, [{ path: '/repo/src/AGENTS.md', text: '---\napplies_to: "*.ts"\n---\nVersion one.\n' }]);
    assert.equal(content(v1), 'Version one.\n');
    const v2 = new OverlayFs(base, [{ path: '/repo/src/AGENTS.md', text: '---\napplies_to: "*.ts"\n---\nVersion two.\n' }]);
    assert.equal(content(v2), 'Version two.\n');
    assert.equal(content(base), 'Saved src rules.\n');
    assert.equal(content(v1), 'Version one.\n');
  });

  it('a symlink to an overlaid file is still the same file (a duplicate of it), with the buffer text', () => {
    const fs = new OverlayFs(disk(), [{ path: '/repo/src/AGENTS.md', text: 'Edited, no frontmatter.\n' }]);
    const ev = resolveInstructions('/repo', ['src/a.ts'], { fs, ...opts });
    const claude = ev.sources.find((x) => x.path === 'src/CLAUDE.md')!;
    assert.equal(claude.status, 'duplicate');
    assert.equal(claude.duplicateOf, 'src/AGENTS.md');
    assert.ok(fs.isOverlaid('/repo/src/CLAUDE.md'), 'through the link');
    // A buffer opened through the link overlays the file it leads to.
    const viaLink = new OverlayFs(disk(), [{ path: '/repo/src/CLAUDE.md', text: 'Edited through the link.\n' }]);
    const ev2 = resolveInstructions('/repo', ['src/a.ts'], { fs: viaLink, ...opts });
    assert.equal(ev2.sources.find((x) => x.path === 'src/AGENTS.md')!.content, 'Edited through the link.\n');
  });

  it('a buffer whose file is gone from disk appears in its directory; one over a missing directory does not', () => {
    const fs = new OverlayFs(disk(), [
      { path: '/repo/src/.holaryn/instructions.md', text: 'Not on disk, directory missing.\n' },
      { path: '/repo/src/CLAUDE2.md', text: 'x' },
      { path: '/repo/lib/AGENTS.md', text: 'Also missing.\n' },
    ]);
    assert.equal(fs.stat('/repo/src/.holaryn/instructions.md'), undefined);
    assert.equal(fs.stat('/repo/lib/AGENTS.md'), undefined);
    assert.equal(fs.stat('/repo/src/CLAUDE2.md')?.kind, 'file');
    const base = disk();
    base.delete('/repo/src/CLAUDE.md');
    const unsavedNew = new OverlayFs(base, [{ path: '/repo/src/CLAUDE.md', text: 'A new file, never saved.\n' }]);
    const ev = resolveInstructions('/repo', ['src/a.ts'], { fs: unsavedNew, ...opts });
    const s = ev.sources.find((x) => x.path === 'src/CLAUDE.md')!;
    assert.equal(s.status, 'included');
    assert.equal(s.content, 'A new file, never saved.\n');
  });

  it('isOverlaid and size tell the view whether evidence came from unsaved text', () => {
    const empty = new OverlayFs(disk(), []);
    assert.equal(empty.size, 0);
    assert.ok(isOverlayFs(empty));
    assert.ok(!isOverlayFs(disk()));
    const fs = new OverlayFs(disk(), [{ path: '/repo/src/AGENTS.md', text: 'x' }]);
    assert.equal(fs.size, 1);
    assert.ok(fs.isOverlaid('/repo/src/AGENTS.md'));
    assert.ok(!fs.isOverlaid('/repo/AGENTS.md'));
    assert.ok(!fs.isOverlaid('/repo/missing.md'));
  });

  it('a buffer over a directory is ignored: the disk wins', () => {
    const fs = new OverlayFs(disk(), [{ path: '/repo/src', text: 'not a file' }]);
    assert.equal(fs.size, 0);
    assert.equal(fs.stat('/repo/src')?.kind, 'directory');
  });
});
