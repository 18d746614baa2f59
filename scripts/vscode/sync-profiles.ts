// Writes the profile registry into package.json: the `holaryn.profile` enum and its descriptions,
// and the items of `holaryn.compareProfiles`. Run after registering a profile:
//   npx tsx scripts/vscode/sync-profiles.ts
// test/unit/vscode/manifest.test.ts fails while the manifest and the registry disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { listProfiles } from '../../src/resolver';

const file = path.resolve(__dirname, '../../package.json');
const text = readFileSync(file, 'utf8');
const pkg = JSON.parse(text);
const props = pkg.contributes.configuration.properties;
const profiles = listProfiles();
props['holaryn.profile'].enum = profiles.map((p) => p.name);
props['holaryn.profile'].enumDescriptions = profiles.map((p) => p.description);
for (const key of ['holaryn.compareProfiles', 'holaryn.agents']) {
  props[key].items.enum = profiles.map((p) => p.name);
  props[key].items.enumDescriptions = profiles.map((p) => p.description);
}
const out = JSON.stringify(pkg, null, 2) + '\n';
if (out !== text) writeFileSync(file, out);
console.log(`package.json: ${profiles.map((p) => p.name).join(', ')}${out === text ? ' (unchanged)' : ''}`);
