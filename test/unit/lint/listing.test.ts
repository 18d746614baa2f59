// What the Problems panel feeds lintWorkspace: the editor's file list, possibly truncated.
import { strict as assert } from 'node:assert';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { lintWorkspace } from '../../../src/lint';

describe('authoring: lintWorkspace over an editor listing', () => {
  const fs = new MemoryFs({ '/w/src/AGENTS.md': '---\napplies_to: "*.py"\n---\nx\n', '/w/src/a.ts': '' });
  const files = ['src/AGENTS.md', 'src/a.ts'];

  it('a complete listing reports a glob that matches nothing', () => {
    const r = lintWorkspace('/w', { fs, listFiles: () => files });
    assert.deepEqual(
      r.findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.code}`),
      ['src/AGENTS.md:2:13 glob-matches-nothing'],
    );
  });

  it('a listing known to be partial (listingComplete: false) never claims a glob matches nothing', () => {
    const r = lintWorkspace('/w', { fs, listFiles: () => files, listingComplete: false });
    assert.deepEqual(r.findings, []);
    assert.equal(r.listing.complete, false);
  });
});
