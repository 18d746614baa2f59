#!/usr/bin/env node
// The demo workspace stands for a repository of its own: DSH, Narya, Codex, Gemini and Kimi all
// find a project's root by walking up to the nearest `.git`. Git refuses to commit a path named
// `.git`, so the marker is written here instead: a `.git` *file* (as in a linked worktree or a
// submodule), which those systems count as a repository root. It points at no real git directory,
// so a git command run inside the demo fails plainly rather than touching this checkout.
//
//   node scripts/demo-marker.mjs [workspace]     (default: examples/demo-workspace)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MARKER_TEXT = 'gitdir: .git-demo-marker (stands for a repository root; see scripts/demo-marker.mjs)\n';

/** Writes `<workspace>/.git` unless something named `.git` is already there. */
export function ensureDemoMarker(workspace) {
  const marker = path.join(workspace, '.git');
  if (fs.existsSync(marker)) return false;
  fs.writeFileSync(marker, MARKER_TEXT);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
  const workspace = path.resolve(process.argv[2] ?? path.join(root, 'examples', 'demo-workspace'));
  ensureDemoMarker(workspace);
}
