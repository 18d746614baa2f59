// How a capture compares listing entries: in the order the agent sent them, or, for an agent whose
// order is not fixed (Continue lists skills as its parallel reads finish), whatever the order,
// each entry still exact.
import { strict as assert } from 'node:assert';
import { listingsAgree, type Side } from '../../../src/capture/capture';
import { differences } from '../../../src/capture/report';

const entry = (name: string, text = `\nname: ${name}\ndescription: d\n`) => ({ name, place: 'tool-description', text });
const side = (names: string[], anyOrder = false): Side => ({
  files: [],
  parts: [],
  listings: names.map((n) => entry(n)),
  ...(anyOrder ? { listingsInAnyOrder: true as const } : {}),
});

describe('capture: listing entries compared', () => {
  it('in the order sent: the same entries in another order differ, and the report names the entries', () => {
    assert.equal(listingsAgree(side(['b', 'a']), side(['a', 'b'])), false);
    const lines = differences(side(['b', 'a']), side(['a', 'b']), undefined, 'files');
    assert.ok(
      lines.some((l) => l.includes('entry 1: agent entry "b" (tool-description), profile entry "a"')),
      lines.join('\n'),
    );
  });

  it('where the agent’s order is not fixed: any order agrees, a missing, extra or changed entry still differs', () => {
    assert.equal(listingsAgree(side(['b', 'a', 'c'], true), side(['a', 'b', 'c'])), true);
    assert.equal(listingsAgree(side(['b', 'a'], true), side(['a', 'b', 'c'])), false);
    assert.equal(listingsAgree(side(['b', 'a', 'c', 'c'], true), side(['a', 'b', 'c'])), false);
    const changed: Side = { files: [], parts: [], listings: [entry('a', 'other'), entry('b')], listingsInAnyOrder: true };
    assert.equal(listingsAgree(changed, side(['b', 'a'])), false);
    const lines = differences(changed, side(['b', 'a']), undefined, 'files');
    assert.ok(lines[0].includes('each side by name: the agent’s order is not fixed'), lines.join('\n'));
  });

  it('no listings read from the request: not compared', () => {
    assert.equal(listingsAgree({ files: [], parts: [] }, side(['a'])), null);
  });
});
