/**
 * What the `instructions` bundle (dist/cli-main.js) holds, read from its source map: only what
 * that command runs. Every gate call starts it, and its start-up grows with what it parses
 * (docs/speed.md, "What keeps it fast"), so the other commands' code, the capture drivers and the
 * profiles other than the default stay in their own bundles.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, build } from '../helpers/cli';

const DIST = path.dirname(CLI);

/** The bundle's inputs as its source map names them, relative to the repository. */
function sourcesOf(bundle: string): string[] {
  const map = JSON.parse(fs.readFileSync(path.join(DIST, `${bundle}.map`), 'utf8')) as { sources: string[] };
  return map.sources.map((s) => s.replace(/^(\.\.\/)+/, ''));
}

describe('the instructions bundle holds only what instructions runs', function () {
  this.timeout(180000);
  let sources: string[] = [];
  before(() => {
    build();
    sources = sourcesOf('cli-main.js');
  });

  it('was read from its source map', () => {
    assert.ok(sources.includes('src/cli/instructions.ts'), sources.join('\n'));
    assert.ok(sources.includes('src/resolver/profiles/holaryn/index.ts'));
  });

  it('holds nothing of the capture layer: the installed agent is read from the profile cards (src/installed)', () => {
    assert.deepEqual(
      sources.filter((s) => s.startsWith('src/capture/')),
      [],
    );
    assert.ok(sources.includes('src/installed/version.ts'));
  });

  it("holds no other command's code or libraries", () => {
    const others = sources.filter((s) => /^src\/(lint|gate|mcp)\/|@modelcontextprotocol|node_modules\/zod\//.test(s));
    assert.deepEqual(others, []);
  });

  it('holds no profile module or pitfalls of the profiles other than the default (they load from dist/profiles.js)', () => {
    const lazy = sources.filter((s) => /^src\/resolver\/profiles\/(?!holaryn\/)[^/]+\/(index|pitfalls)\.ts$/.test(s));
    assert.deepEqual(lazy, []);
    assert.ok(sources.includes('lazy-profile:codex'), 'the registry loads codex through dist/profiles.js');
  });
});
