// Writes the profile registry into package.json (scripts/vscode/profile-manifest.ts says what):
//   npx tsx scripts/vscode/sync-profiles.ts          rewrite it (the build runs this first)
//   npx tsx scripts/vscode/sync-profiles.ts --check  exit 1 when it is stale, writing nothing
// test/unit/vscode/manifest.test.ts fails while the manifest and the registry disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { listProfiles } from '../../src/resolver';
import { syncedManifestText } from './profile-manifest';

const file = path.resolve(__dirname, '../../package.json');
const text = readFileSync(file, 'utf8');
const out = syncedManifestText(text);
const names = listProfiles()
  .map((p) => p.name)
  .join(', ');
if (process.argv.includes('--check')) {
  if (out !== text) {
    console.error(`package.json is stale against the profile registry (${names}): run npx tsx scripts/vscode/sync-profiles.ts`);
    process.exit(1);
  }
} else {
  if (out !== text) writeFileSync(file, out);
  console.log(`package.json: ${names}${out === text ? ' (unchanged)' : ''}`);
}
