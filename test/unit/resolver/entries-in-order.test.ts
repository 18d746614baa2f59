// ResolverFs.entriesInOrder: a folder's names in the order its file system lists them (Claude Code
// loads rules in that order), through every file system a resolution may run on.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { nodeResolverFs } from '../../../src/resolver';
import { momentFs } from '../../../src/resolver/moment-fs';
import { OverlayFs } from '../../../src/editing/overlay-fs';

describe('ResolverFs.entriesInOrder', () => {
  it('on disk: a directory read, the same names as the sorted listing (in the disk\u2019s own order)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-order-'));
    try {
      for (const n of ['zeta.md', 'alpha.md', 'mid.md', 'sub']) {
        if (n === 'sub') fs.mkdirSync(path.join(dir, n));
        else fs.writeFileSync(path.join(dir, n), n);
      }
      const listed = nodeResolverFs.entriesInOrder!(dir);
      const handle = fs.opendirSync(dir);
      const read: string[] = [];
      for (let e = handle.readSync(); e !== null; e = handle.readSync()) read.push(e.name);
      handle.closeSync();
      assert.deepEqual(listed, read);
      assert.deepEqual([...listed].sort(), nodeResolverFs.entryNames!(dir));
      assert.throws(() => nodeResolverFs.entriesInOrder!(path.join(dir, 'missing')), { code: 'ENOENT' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('in memory: the order the entries were made; a moment and an overlay pass it on', () => {
    const mem = new MemoryFs({ '/w/zeta.md': 'z', '/w/alpha.md': 'a', '/w/mid.md': 'm' });
    assert.deepEqual(mem.entriesInOrder('/w'), ['zeta.md', 'alpha.md', 'mid.md']);
    const moment = momentFs(mem);
    assert.deepEqual(moment.entriesInOrder!('/w'), ['zeta.md', 'alpha.md', 'mid.md']);
    moment.entriesInOrder!('/w').push('changed by a caller');
    assert.deepEqual(moment.entriesInOrder!('/w'), ['zeta.md', 'alpha.md', 'mid.md']);
    const overlay = new OverlayFs(mem, [{ path: '/w/new.md', text: 'unsaved' }]);
    assert.deepEqual(overlay.entriesInOrder!('/w'), ['zeta.md', 'alpha.md', 'mid.md', 'new.md']);
  });
});
