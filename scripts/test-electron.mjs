#!/usr/bin/env node
// The same integration suites under @vscode/test-electron, for machines where a desktop VS Code
// can be downloaded (it fetches one from Microsoft, so it cannot run offline or in this CI; the
// offline runner is scripts/test-integration.mjs). Expects `npm run build`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demo = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-demo-'));
fs.cpSync(path.join(root, 'examples', 'demo-workspace'), demo, { recursive: true, verbatimSymlinks: true });
try {
  await runTests({
    extensionDevelopmentPath: root,
    extensionTestsPath: path.join(root, 'out', 'integration', 'single.js'),
    launchArgs: [demo, '--disable-extensions', '--disable-workspace-trust'],
  });
} catch (err) {
  console.error(`integration tests failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  fs.rmSync(demo, { recursive: true, force: true });
}
