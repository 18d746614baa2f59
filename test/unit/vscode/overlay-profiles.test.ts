// The view resolves through an overlay of unsaved buffers: profiles that list directories
// themselves (Copilot's case-insensitive names, rule folders) must see the same files through it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createNodeFs, resolveInstructions } from '../../../src/resolver';
import { OverlayFs } from '../../../src/editing/overlay-fs';

describe('profiles through the unsaved-buffer overlay', () => {
  let root: string;
  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-overlay-')));
    fs.mkdirSync(path.join(root, '.github', 'instructions'), { recursive: true });
    fs.writeFileSync(path.join(root, 'AGENTS.md'), 'Agents.\n');
    fs.writeFileSync(path.join(root, '.github', 'copilot-instructions.md'), 'Copilot.\n');
    fs.writeFileSync(path.join(root, '.github', 'instructions', 'ts.instructions.md'), '---\napplyTo: "**/*.ts"\n---\nTS.\n');
    fs.writeFileSync(path.join(root, 'main.ts'), '');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('copilot finds the same files on disk and through an overlay, and an unsaved new file too', () => {
    const options = { profile: 'copilot', env: {}, homedir: path.join(root, 'no-home') };
    const disk = resolveInstructions(root, ['main.ts'], { ...options, fs: createNodeFs() });
    const over = new OverlayFs(createNodeFs(), [{ path: path.join(root, 'AGENTS.md'), text: 'Agents, edited.\n' }]);
    const overlaid = resolveInstructions(root, ['main.ts'], { ...options, fs: over });
    const paths = (ev: typeof disk) => ev.sources.map((s) => `${s.path} ${s.status}`);
    assert.ok(disk.sources.length >= 3, paths(disk).join('\n'));
    assert.deepEqual(paths(overlaid), paths(disk));
    assert.ok(overlaid.context.includes('Agents, edited.'));
    const unsavedNew = new OverlayFs(createNodeFs(), [{ path: path.join(root, 'CLAUDE.md'), text: 'Claude, unsaved.\n' }]);
    assert.ok(unsavedNew.entryNames!(root).includes('CLAUDE.md'));
    const withNew = resolveInstructions(root, ['main.ts'], { ...options, fs: unsavedNew });
    assert.ok(withNew.sources.some((s) => s.path === 'CLAUDE.md'));
  });
});
