/**
 * No import cycle anywhere in src (the layers depend only downwards), type-only imports included:
 * a cycle through a type still ties two modules' reasons to change together, and is how a shared type starts depending on
 * the pipeline that uses it. The graph is madge's (the same as `npx madge --circular --extensions
 * ts --ts-config tsconfig.json src`); the failure lists every cycle, module by module.
 */
import { strict as assert } from 'node:assert';
import { createRequire } from 'node:module';
import * as path from 'node:path';

interface MadgeResult {
  obj(): Record<string, string[]>;
  circular(): string[][];
}
type Madge = (path: string, config: Record<string, unknown>) => Promise<MadgeResult>;

// madge ships no type declarations: its API is typed here, as far as this test uses it.
const madge = createRequire(__filename)('madge') as Madge;
const ROOT = path.resolve(__dirname, '../../..');

describe('architecture: import cycles', () => {
  it('src has no circular import', async function () {
    this.timeout(180_000);
    const graph = await madge(path.join(ROOT, 'src'), {
      fileExtensions: ['ts'],
      tsConfig: path.join(ROOT, 'tsconfig.json'),
    });
    const modules = Object.keys(graph.obj());
    assert.ok(modules.includes('resolver/resolve.ts'), `madge read ${modules.length} modules, not src's`);
    assert.deepEqual(
      graph.circular().map((cycle) => cycle.join(' > ')),
      [],
      'circular imports in src',
    );
  });
});
