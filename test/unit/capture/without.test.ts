// Run B of the two-run proof on a user's repository: the profile reads the repository through a
// file system that hides the files the run goes without, as their removal would leave it.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { withoutFiles } from '../../../src/capture/without';
import { nodeResolverFs, resolveInstructions } from '../../../src/resolver';

describe('capture: the repository without some files, as the profile reads it', () => {
  let root: string;
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-without-')));
    fs.mkdirSync(path.join(root, '.git'));
    fs.mkdirSync(path.join(root, 'sub'));
    fs.writeFileSync(path.join(root, 'AGENTS.md'), 'root\n');
    fs.writeFileSync(path.join(root, 'sub', 'AGENTS.md'), 'sub\n');
    fs.symlinkSync('AGENTS.md', path.join(root, 'LINK.md'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('hides the files from every look-up, listing and read, and leaves the rest as it is', () => {
    const hidden = withoutFiles(nodeResolverFs, [path.join(root, 'AGENTS.md')]);
    assert.equal(hidden.lstat(path.join(root, 'AGENTS.md')), undefined);
    assert.equal(hidden.stat(path.join(root, 'AGENTS.md')), undefined);
    assert.equal(hidden.stat(path.join(root, 'LINK.md')), undefined, 'a link to a hidden file leads nowhere');
    assert.ok(hidden.lstat(path.join(root, 'LINK.md')), 'the link itself is still there');
    assert.throws(() => hidden.realpath!(path.join(root, 'AGENTS.md')), /ENOENT/);
    assert.deepEqual(hidden.entryNames!(root).sort(), ['.git', 'LINK.md', 'sub']);
    assert.ok(hidden.stat(path.join(root, 'sub', 'AGENTS.md')));
    assert.equal(fs.readFileSync(path.join(root, 'AGENTS.md'), 'utf8'), 'root\n', 'the file itself is untouched');
  });

  it('the profile answers as if the files were gone', () => {
    const target = path.join(root, 'sub', 'x.ts');
    const all = resolveInstructions(root, [target], { profile: 'codex', homedir: root, env: {} });
    const without = resolveInstructions(root, [target], {
      profile: 'codex',
      homedir: root,
      env: {},
      fs: withoutFiles(nodeResolverFs, [path.join(root, 'AGENTS.md')]),
    });
    const included = (ev: typeof all) => ev.sources.filter((s) => s.status === 'included').map((s) => s.path);
    assert.ok(included(all).includes('AGENTS.md'), JSON.stringify(included(all)));
    assert.ok(!included(without).includes('AGENTS.md'), JSON.stringify(included(without)));
  });

  it('hides nothing when given nothing: the same file system', () => {
    assert.equal(withoutFiles(nodeResolverFs, []), nodeResolverFs);
  });
});
