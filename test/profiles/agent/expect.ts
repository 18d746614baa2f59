/**
 * Checks an agent case whose expectations name only the files that matter: each listed file has
 * its status (and delivery when given), `not-loaded` also holding for a file the profile never
 * considers; nothing else reaches the context; the files in the context come in `order`.
 */
import { strict as assert } from 'node:assert';
import type { Evidence } from '../../../src/resolver';

export interface Expected {
  loaded: { path: string; status: string; delivery?: string }[];
  order?: string[];
}

const IN_CONTEXT = new Set(['included', 'truncated']);

export function checkLoaded(ev: Evidence, expect: Expected, ignoreAbove = 0): void {
  const dump = JSON.stringify(
    ev.sources.map((s) => [s.path, s.status, s.delivery, s.reason]),
    null,
    1,
  );
  const byPath = new Map(ev.sources.map((s) => [s.path, s]));
  for (const l of expect.loaded) {
    const s = byPath.get(l.path);
    if (l.status === 'not-loaded' && s === undefined) continue;
    assert.ok(s, `${l.path} is not reported\n${dump}`);
    assert.equal(s.status, l.status, `${l.path}: status\n${dump}`);
    if (l.delivery !== undefined) assert.equal(s.delivery, l.delivery, `${l.path}: delivery\n${dump}`);
    assert.ok(s.reason === null || s.reason.length > 0);
    if (!IN_CONTEXT.has(s.status) && s.status !== 'duplicate') assert.ok(s.reason, `${l.path}: a ${s.status} source says why\n${dump}`);
  }
  const named = new Set(expect.loaded.map((l) => l.path));
  const above = (p: string) => p.split('/').filter((x) => x === '..').length > ignoreAbove;
  const extra = ev.sources.filter((s) => IN_CONTEXT.has(s.status) && !named.has(s.path) && !above(s.path) && !s.path.startsWith('/'));
  assert.deepEqual(
    extra.map((s) => s.path),
    [],
    `unexpected files in the context\n${dump}`,
  );
  if (expect.order) {
    const order = ev.sources.filter((s) => IN_CONTEXT.has(s.status) && named.has(s.path)).map((s) => s.path);
    assert.deepEqual(order, expect.order, `order\n${dump}`);
  }
}
