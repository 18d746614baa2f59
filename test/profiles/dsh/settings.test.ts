/** DSH's candidate list and user-global file (docs/profiles.md, `dsh`). */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { dshGlobalFile, parseCandidates } from '../../../src/resolver/profiles/dsh/settings';

describe('dsh profile: settings', () => {
  it('keeps same-directory names, trimmed, first occurrence only', () => {
    assert.deepEqual(parseCandidates([' CLAUDE.local.md ', 'AGENTS.md', 'CLAUDE.local.md', 'AGENTS.md ']), {
      names: ['CLAUDE.local.md', 'AGENTS.md'],
      invalid: [],
    });
  });

  it('refuses empty entries, `.`, `..` and anything with `/` or `\\`, each once', () => {
    const r = parseCandidates(['', ' ', '.', '..', 'docs/AGENTS.md', 'a\\b.md', 'AGENTS.md']);
    assert.deepEqual(r.names, ['AGENTS.md']);
    assert.deepEqual(
      r.invalid.map((i) => i.entry),
      ['', ' ', '.', '..', 'docs/AGENTS.md', 'a\\b.md'],
    );
    for (const i of r.invalid) assert.ok(i.why.length > 0);
  });

  it('defaults the user-global file to ~/.dsh/AGENTS.md', () => {
    assert.deepEqual(dshGlobalFile({}, '/home/u', path.posix), { path: '/home/u/.dsh/AGENTS.md', displayName: '~/.dsh/AGENTS.md' });
    assert.deepEqual(dshGlobalFile({ DSH_HOME: '' }, '/home/u', path.posix).displayName, '~/.dsh/AGENTS.md');
  });

  it('uses $DSH_HOME when set, with a leading ~ as the home directory', () => {
    assert.deepEqual(dshGlobalFile({ DSH_HOME: '/opt/dsh' }, '/home/u', path.posix), {
      path: '/opt/dsh/AGENTS.md',
      displayName: '$DSH_HOME/AGENTS.md',
    });
    assert.equal(dshGlobalFile({ DSH_HOME: '~/cfg/dsh' }, '/home/u', path.posix).path, '/home/u/cfg/dsh/AGENTS.md');
    assert.equal(dshGlobalFile({ DSH_HOME: '~' }, '/home/u', path.posix).path, '/home/u/AGENTS.md');
    // Only a leading `~` is expanded: `~user` and a `~` inside are names.
    assert.equal(dshGlobalFile({ DSH_HOME: '/x/~/y' }, '/home/u', path.posix).path, '/x/~/y/AGENTS.md');
  });
});
