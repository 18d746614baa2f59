/** The fit rules profiles choose from, on a plain layout: lengths in, statuses out. */
import { strict as assert } from 'node:assert';
import { CODE_POINTS } from '../../../src/resolver/units';
import { ContextSource, FitRule, Layout } from '../../../src/resolver/profile';
import { HIGHEST_FIRST, NO_BUDGET } from '../../../src/resolver/fit';

/** Sources of these sizes (lowest precedence first); the envelope costs 10, nothing else frames them. */
function fit(rule: FitRule, sizes: number[], budget: number) {
  const sources: ContextSource[] = sizes.map((n, i) => ({
    path: `s${i}`,
    content: 'x'.repeat(n),
    appliesTo: null,
    commands: [],
    scope: 'workspace',
  }));
  const layout: Layout = {
    fixed: 10,
    validationHeader: 0,
    markerHeader: 0,
    heading: () => 0,
    body: (i) => sizes[i],
    commands: () => 0,
    omitLine: () => 0,
    cutCost: (_i, kept) => kept,
    size: (i) => sizes[i],
    complete: () => 10 + sizes.reduce((a, b) => a + b, 0),
  };
  const d = rule({ sources, budget, unit: CODE_POINTS, layout });
  return { status: d.status.map((s, i) => (s === 'truncated' ? `cut:${d.kept[i]}` : s)), needed: d.needed };
}

describe('fit rules', () => {
  it('no budget: everything whole', () => {
    assert.deepEqual(fit(NO_BUDGET, [500, 500], 0), { status: ['included', 'included'], needed: 1010 });
  });

  it('holaryn v1.1: the first that does not fit is cut when 200 code points fit; later ones omitted', () => {
    assert.deepEqual(fit(HIGHEST_FIRST, [1000, 300, 300], 1000).status, ['cut:390', 'included', 'included']);
    assert.deepEqual(fit(HIGHEST_FIRST, [1000, 300, 300], 700).status, ['omitted', 'included', 'included']);
    assert.deepEqual(fit(HIGHEST_FIRST, [1000, 1000], 700).status, ['omitted', 'cut:690']);
    assert.deepEqual(fit(HIGHEST_FIRST, [50, 300, 300, 500], 700).status, ['included', 'omitted', 'omitted', 'included']);
  });
});
