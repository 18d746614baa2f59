/**
 * Runs a snippet of TypeScript in a fresh `node` with a hang guard. A case that could hang (a
 * backtracking regex, a quadratic walk) cannot be stopped by a mocha timeout, since the event loop
 * is blocked; in a child process it is killed and reported instead.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_DIR } from './tree';

export const HANG_GUARD_MS = 60000;

/**
 * Runs `body` (the statements of a function returning a JSON value, with `R` = src/resolver's
 * public API plus the test helpers MemoryFs and neutralize, and `L` = src/lint in scope) in a
 * fresh node; returns how long it took and what it returned.
 */
export function inChild(body: string): { ms: number; out: unknown } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-child-'));
  const file = path.join(dir, 'case.ts');
  fs.writeFileSync(
    file,
    `import * as Resolver from ${JSON.stringify(path.join(REPO_DIR, 'src/resolver'))};\n` +
      `import { MemoryFs } from ${JSON.stringify(path.join(REPO_DIR, 'src/resolver/memory-fs'))};\n` +
      `import { neutralize } from ${JSON.stringify(path.join(REPO_DIR, 'src/resolver/context'))};\n` +
      `const R = { ...Resolver, MemoryFs, neutralize };\n` +
      `import * as L from ${JSON.stringify(path.join(REPO_DIR, 'src/lint'))};\n` +
      `void L;\nconst started = Date.now();\nconst out = (() => {\n${body}\n})();\n` +
      `process.stdout.write(JSON.stringify({ ms: Date.now() - started, out }));\n`,
  );
  try {
    const r = spawnSync(process.execPath, ['--import', 'tsx', file], {
      cwd: REPO_DIR,
      encoding: 'utf8',
      timeout: HANG_GUARD_MS,
      killSignal: 'SIGKILL',
      maxBuffer: 64 * 1024 * 1024,
    });
    assert.equal(r.signal, null, `the case did not finish within ${HANG_GUARD_MS} ms (killed): it backtracks or loops`);
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout) as { ms: number; out: unknown };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
