/**
 * docs/profiles.md §1, the common shape every profile shares: choosing a profile by name, the
 * list of profiles, a call without targets, and the evidence fields every profile adds.
 */
import { strict as assert } from 'node:assert';
import { cli } from '../../src/cli/cli';
import type { CliIo } from '../../src/cli/io';
import { HOLARYN } from '../../src/resolver/profiles/holaryn';
import { MemoryFs } from '../../src/resolver/memory-fs';
import { Profile, ResolveError, listProfiles, profileByName, resolveInstructions } from '../../src/resolver';
import { resolve } from '../helpers/tree';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    readStdin: async () => '',
    isTTY: false,
    env: {},
    cwd: process.cwd(),
  };
  const code = await cli(argv, io);
  return { code, out, err };
}

describe('contract profiles §1 common shape', () => {
  it('§1 an unknown profile name is a usage error listing the known ones', async () => {
    assert.throws(
      () => profileByName('nope'),
      (e: unknown) => e instanceof ResolveError && e.code === 'usage' && e.message.includes('holaryn'),
    );
    const r = await run(['instructions', 'examples/demo-workspace', 'a.ts', '--profile', 'nope', '--json']);
    assert.equal(r.code, 2);
    const error = JSON.parse(r.out).error;
    assert.equal(error.code, 'usage');
    assert.match(error.message, /unknown profile "nope"; known profiles: .*holaryn/);
  });

  it('§1 `holaryn profiles --json` lists every profile with its description and the default', async () => {
    const r = await run(['profiles', '--json']);
    assert.equal(r.code, 0);
    const { profiles } = JSON.parse(r.out);
    assert.deepEqual(profiles, listProfiles());
    assert.deepEqual(
      profiles.filter((p: { default: boolean }) => p.default).map((p: { name: string }) => p.name),
      ['holaryn'],
    );
    for (const p of profiles) assert.ok(typeof p.description === 'string' && p.description.length > 0);
    const text = await run(['profiles']);
    assert.match(text.out, /^holaryn +Holaryn's own rules/m);
  });

  it('§1 holaryn is the default and `--profile holaryn` changes nothing', () => {
    const tree = { 'AGENTS.md': 'root\n', 'src/CLAUDE.md': 'src\n' };
    const plain = resolve(tree, ['src/a.ts']).ev;
    const named = resolve(tree, ['src/a.ts'], { profile: 'holaryn' }).ev;
    assert.deepEqual(named, plain);
    assert.equal(plain.profile, 'holaryn');
    assert.equal(plain.policy, 'holaryn', 'the historical field stays');
  });

  it('§1 under holaryn a call without target stays a usage error', async () => {
    const r = await run(['instructions', 'examples/demo-workspace', '--json']);
    assert.equal(r.code, 2);
    assert.equal(JSON.parse(r.out).error.code, 'usage');
  });

  it('§1 under another profile the root itself is the target of a call without one; outside targets are still rejected', () => {
    const anchor: Profile = { ...HOLARYN, name: 'anchor', noTargets: 'root' };
    const fs = new MemoryFs({ '/r/AGENTS.md': 'root\n' });
    const ev = resolveInstructions('/r', [''], { fs, globalFile: null, profile: anchor });
    assert.deepEqual(ev.targets, [{ path: '', kind: 'directory' }]);
    assert.equal(ev.profile, 'anchor');
    assert.throws(
      () => resolveInstructions('/r', ['../x'], { fs, globalFile: null, profile: anchor }),
      (e: unknown) => e instanceof ResolveError && e.code === 'target-outside-root',
    );
  });

  it('§1 every source has a delivery: under holaryn the global file and the root directory are baseline, deeper ones on touch', () => {
    const ev = resolve({ '/hh/instructions.md': 'g\n', 'AGENTS.md': 'r\n', 'src/AGENTS.md': 's\n' }, ['src/a.ts'], {
      env: { HOLARYN_HOME: '/hh' },
    }).ev;
    assert.deepEqual(
      ev.sources.map((s) => [s.path, s.delivery]),
      [
        ['$HOLARYN_HOME/instructions.md', 'baseline'],
        ['AGENTS.md', 'baseline'],
        ['src/AGENTS.md', 'on-touch'],
      ],
    );
  });

  it('§1 the budget is reported in the profile unit: truncation.unit and truncation.size', () => {
    const ev = resolve({ 'AGENTS.md': '😀'.repeat(10) }, ['a.ts']).ev;
    assert.equal(ev.truncation.unit, 'code-points');
    assert.equal(ev.truncation.size, ev.truncation.chars);
  });
});
