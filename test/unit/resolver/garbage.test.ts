/**
 * A resolution's objects die young. Two things once kept every call's whole object graph alive
 * past the next young collections, so each collection copied and promoted it and the old
 * generation filled with garbage (about 150 KB per `compare` of nine profiles): an object literal
 * with a getter (its accessor, held by a hidden class of its own, kept the call's closures), and
 * on Node 20 a spread followed by new keys (a hidden class per object). This measures, in a
 * process of its own, how much the old generation grows per warm `compare` with a young
 * collection after each call. It measures memory, never time.
 */
import { strict as assert } from 'node:assert';
import { listProfiles } from '../../../src/resolver';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/**
 * Per profile compared: a call's work (and with it what the young collections during the call
 * promote) grows with the profiles, so the bound does too. About twice what a warm `compare`
 * leaves now (about 2 KB a profile: 40 KB for nineteen, with their listings), and a quarter of
 * what it left before the fix (150 KB for nine profiles, about 16 KB a profile).
 */
const MAX_BYTES_PER_PROFILE = 4_000;

describe('garbage: a warm compare leaves (almost) nothing in the old generation', () => {
  it(`grows the old generation by under ${MAX_BYTES_PER_PROFILE} bytes per profile per call`, function () {
    this.timeout(120_000);
    const child = path.join(__dirname, 'fixtures', 'garbage-child.ts');
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', child], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { node: string; profiles: number; bytesPerCall: number };
    assert.equal(result.profiles, listProfiles().length, 'every registered profile is compared');
    assert.ok(
      result.bytesPerCall < MAX_BYTES_PER_PROFILE * result.profiles,
      `${Math.round(result.bytesPerCall)} bytes per call of ${result.profiles} profiles stayed in the old generation (Node ${result.node})`,
    );
  });
});
