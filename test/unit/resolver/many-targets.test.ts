/**
 * Many targets at once (docs/contract.md §6, docs/speed.md): the resolver's shared work (one canonicalisation per
 * directory, targets indexed by directory, `replace` handled per directory) must give exactly
 * what the contract gives target by target. Random trees with symlinks (inside, outside, dangling,
 * loops), `.`/`..`/`//` spellings and missing paths are checked against a reference built from
 * the per-path primitives and from single-target resolutions.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { Evidence, ResolveError, TargetEvidence, resolveInstructions } from '../../../src/resolver';
import { MemoryFs } from '../../../src/resolver/memory-fs';
import { canonicalize, isInside, toRelative } from '../../../src/resolver/paths';
import { ROOT, randomCase } from '../../helpers/random-tree';

type Outcome = { error: string; targets: unknown } | { targets: TargetEvidence[] };

/** The first spelling of each target path (a later one of the same path is dropped). */
const firstGiven = new Map<string, string>();

/**
 * A given path written relative to the root as plainly as it can be without the filesystem
 * (absolute made relative, `./` and a trailing `/` dropped): `requested` is kept when this
 * differs from the target's path for every spelling of it.
 */
function plainForm(given: string): string {
  let rel = given.startsWith('/') ? (given === ROOT ? '' : given.startsWith(`${ROOT}/`) ? given.slice(ROOT.length + 1) : given) : given;
  while (rel.startsWith('./')) rel = rel.slice(2);
  while (rel.length > 1 && rel.endsWith('/')) rel = rel.slice(0, -1);
  return rel === '.' ? '' : rel;
}

/** What the contract gives, path by path, with the primitives the resolver builds on. */
function expectedTargets(fs: MemoryFs, targets: string[]): Outcome {
  const P = fs.path;
  const rejected: string[] = [];
  const byPath = new Map<string, TargetEvidence>();
  const plain = new Set<string>();
  const requested = new Map<string, string>();
  for (const given of targets) {
    let c;
    try {
      c = canonicalize(fs, given === '' ? '.' : given, ROOT);
    } catch {
      return { error: 'usage', targets: [given] };
    }
    if (!isInside(P, ROOT, c.path)) {
      rejected.push(given);
      continue;
    }
    const path = toRelative(P, ROOT, c.path);
    if (plainForm(given) === path) plain.add(path);
    else if (!requested.has(path)) requested.set(path, given);
    if (byPath.has(path)) continue;
    firstGiven.set(path, given);
    const kind = !c.exists ? 'missing' : fs.stat(c.path)?.kind === 'directory' ? 'directory' : 'file';
    byPath.set(path, { path, kind });
  }
  if (rejected.length > 0) return { error: 'target-outside-root', targets: rejected };
  for (const [path, given] of requested) if (!plain.has(path)) byPath.set(path, { ...byPath.get(path)!, requested: given });
  return { targets: [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) };
}

function resolveOutcome(fs: MemoryFs, targets: string[]): { outcome: Outcome; ev?: Evidence } {
  try {
    const ev = resolveInstructions(ROOT, targets, { fs, globalFile: null, budget: 400 });
    return { outcome: { targets: ev.targets }, ev };
  } catch (err) {
    assert.ok(err instanceof ResolveError, String(err));
    return { outcome: { error: err.code, targets: err.details.targets } };
  }
}

describe('many targets at once give what each target gives alone', () => {
  it('targets: canonical paths, kinds, rejections and errors as the per-path primitives give them (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { fs, targets } = randomCase(seed);
        assert.deepEqual(resolveOutcome(fs, targets).outcome, expectedTargets(fs, targets), JSON.stringify(targets));
      }),
      { numRuns: 400 },
    );
  });

  it('sources: appliesTo, supersededFor, supersededBy, notApplicable and conflicts match the single-target resolutions (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { fs, targets } = randomCase(seed);
        const { ev } = resolveOutcome(fs, targets);
        if (!ev) return;
        // Resolved alone with the spelling that gave it (`a/../b/f` resolves lexically when `a` is missing).
        firstGiven.clear();
        expectedTargets(fs, targets);
        const singles = ev.targets.map((t) => resolveInstructions(ROOT, [firstGiven.get(t.path)!], { fs, globalFile: null, budget: 400 }));
        const conflicts: string[] = [];
        ev.targets.forEach((t, i) => {
          const single = singles[i];
          // `requested` is the spelling each call was given: compare what it names.
          assert.deepEqual(
            single.targets.map(({ path, kind }) => ({ path, kind })),
            [{ path: t.path, kind: t.kind }],
          );
          for (const c of single.conflicts) if (!conflicts.includes(JSON.stringify(c))) conflicts.push(JSON.stringify(c));
          // For one target, conflicts follow their directories' first applicable source in precedence order.
          const firstApplicable = (dir: string | null) =>
            single.sources.findIndex((s) => s.directory === dir && (s.appliesTo.includes(t.path) || s.supersededFor.includes(t.path)));
          const at = single.conflicts.map((c) => firstApplicable(c.directory));
          assert.deepEqual(
            at,
            [...at].sort((x, y) => x - y),
            `conflict order for ${JSON.stringify(t.path)}`,
          );
          for (const s of ev.sources) {
            const one = single.sources.find((x) => x.path === s.path);
            const where = `${s.path} for ${JSON.stringify(t.path)} (targets ${JSON.stringify(targets)})`;
            assert.equal(s.appliesTo.includes(t.path), one?.appliesTo.includes(t.path) ?? false, `appliesTo: ${where}`);
            assert.equal(s.supersededFor.includes(t.path), one?.supersededFor.includes(t.path) ?? false, `supersededFor: ${where}`);
            assert.deepEqual(
              s.notApplicable.filter((n) => n.target === t.path),
              one?.notApplicable ?? [],
              `notApplicable: ${where}`,
            );
            if (s.supersededFor[0] === t.path) assert.equal(s.supersededBy, one?.supersededBy, `supersededBy: ${where}`);
            if (one) assert.equal(s.status === 'duplicate', one.status === 'duplicate', `duplicate: ${where}`);
          }
          for (const one of single.sources)
            assert.ok(
              ev.sources.some((s) => s.path === one.path),
              `${one.path} missing`,
            );
        });
        for (const s of ev.sources) {
          const order = (list: string[]): string[] => ev.targets.map((t) => t.path).filter((p) => list.includes(p));
          assert.deepEqual(s.appliesTo, order(s.appliesTo));
          assert.deepEqual(s.supersededFor, order(s.supersededFor));
        }
        assert.deepEqual(
          ev.conflicts.map((c) => JSON.stringify(c)),
          conflicts,
        );
      }),
      // 2146432497: a missing target at the path of an existing directory (found once by chance).
      { numRuns: 300, examples: [[2146432497]] },
    );
  });

  it('a dangling link whose text climbs back out of a missing part names the directory it reaches, alone or with targets below it', () => {
    // `l` leads to `src/../a` with `src` missing. The OS refuses `..` after a missing entry; the
    // resolver climbs back lexically to the root and resolves `a` on disk again: the directory
    // `a`, whose chain ends at itself (docs/contract.md §3), as a harness that normalises the path reaches it.
    const fs = new MemoryFs({ '/repo/a/AGENTS.md': 'a rules\n', '/repo/a/x.ts': '', '/repo/l': { symlink: 'src/../a' } });
    const alone = resolveInstructions(ROOT, ['l'], { fs, globalFile: null });
    assert.deepEqual(alone.targets, [{ path: 'a', kind: 'directory', requested: 'l' }]);
    assert.deepEqual(
      alone.sources.map((s) => [s.path, s.appliesTo]),
      [['a/AGENTS.md', ['a']]],
    );
    const both = resolveInstructions(ROOT, ['l', 'a/x.ts'], { fs, globalFile: null });
    assert.deepEqual(
      both.sources.map((s) => [s.path, s.appliesTo, s.notApplicable]),
      [['a/AGENTS.md', ['a', 'a/x.ts'], []]],
    );
  });
});
