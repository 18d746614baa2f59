// Debounced batches (src/vscode/debounce.ts, no editor API): items gathered until a pause, once each.
import { strict as assert } from 'node:assert';
import { DebouncedBatch } from '../../../src/vscode/debounce';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DebouncedBatch', () => {
  it('hands over every item added before the pause, once each, in one call', async () => {
    const calls: string[][] = [];
    const batch = new DebouncedBatch<string>(20, (items) => calls.push([...items]));
    batch.add('a');
    batch.add('b');
    batch.add('a');
    await sleep(60);
    batch.add('c');
    await sleep(60);
    assert.deepEqual(calls, [['a', 'b'], ['c']]);
  });

  it('after dispose, nothing pending is handed over', async () => {
    const calls: string[][] = [];
    const batch = new DebouncedBatch<string>(20, (items) => calls.push([...items]));
    batch.add('a');
    batch.dispose();
    await sleep(60);
    assert.deepEqual(calls, []);
  });
});
