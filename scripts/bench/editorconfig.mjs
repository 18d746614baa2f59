// The peer (docs/speed.md): editorconfig-core-js, with its cache, resolving the same targets against the
// `.editorconfig` files placed beside the instruction files: an ancestor walk per target, glob
// sections, precedence. The synchronous API is its fastest path for a batch.
//
// Usage: node scripts/bench/editorconfig.mjs <root> <targets-file>   (prints {"targets","ms"})
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

const start = performance.now();
const require = createRequire(import.meta.url);
const editorconfig = require('editorconfig');
const [rootArg, list] = process.argv.slice(2);
const root = path.resolve(rootArg);
const cache = new Map();
let targets = 0;
let props = 0;
for (const line of readFileSync(list, 'utf8').split('\n')) {
  const t = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (t.trim() === '') continue;
  // As the CLI resolves targets (absolute or relative to the root); one outside the root is
  // left out, as the CLI would refuse it (and the peer's ancestor walk never meets the root).
  const file = path.resolve(root, t);
  const rel = path.relative(root, file);
  if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) continue;
  const result = editorconfig.parseSync(file, { cache, root });
  props += Object.keys(result).length;
  targets++;
}
process.stdout.write(JSON.stringify({ targets, props, configs: cache.size, ms: performance.now() - start }) + '\n');
