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

/** About ten times what a warm `compare` leaves now (3–5 KB), and a quarter of what it left before. */
const MAX_BYTES_PER_CALL = 40_000;

describe('garbage: a warm compare leaves (almost) nothing in the old generation', () => {
  it(`grows the old generation by under ${MAX_BYTES_PER_CALL} bytes per call`, function () {
    this.timeout(120_000);
    const child = path.join(__dirname, 'fixtures', 'garbage-child.ts');
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', child], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as { node: string; profiles: number; bytesPerCall: number };
    assert.equal(result.profiles, listProfiles().length, 'every registered profile is compared');
    assert.ok(
      result.bytesPerCall < MAX_BYTES_PER_CALL,
      `${Math.round(result.bytesPerCall)} bytes per call stayed in the old generation (Node ${result.node})`,
    );
  });
});
