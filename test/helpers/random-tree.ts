/**
 * Random trees for the many-targets properties: directories, candidates with varied frontmatter,
 * symlinks (inside, outside, dangling, loops), and targets in many spellings (`.`, `..`, `//`,
 * absolute, through links), some missing or outside the root. Deterministic per seed.
 */
import { MemEntry, MemoryFs } from '../../src/resolver/memory-fs';
import { mulberry32 } from '../../scripts/bench/prng.cjs';
import { fm } from './tree';

export const ROOT = '/repo';
// Sibling names around `a/` in code-unit order (`a-b`, `a.b` sort before it; `a0`, `ab` after).
export const DIRS = ['a', 'b', 'src', 'gen', 'a/b', 'a/src', 'src/a', 'src/gen', 'b/src/a', 'a/b/c', 'a-b', 'a.b/c', 'a0', 'ab/src'];
export const NAMES = ['x.ts', 'y.md', 'z.tsx', 'gen.d.ts'];
const CANDIDATES = ['AGENTS.md', 'CLAUDE.md', '.holaryn/instructions.md'];
const FRONTMATTER = [
  '',
  'applies_to: ["**/*.ts"]',
  'applies_to: "src/**"\nmode: replace',
  'mode: replace',
  'excludes: ["**/gen/**", "*.md"]\npriority: 3',
  'applies_to: ["{a,b}/**", "*.tsx"]\nexcludes: "**/*.d.ts"\nmode: replace\npriority: -2',
  'applies_to: "**"',
  'priority: 7\nrequired_validation: ["make"]',
  'applies_to: "**/*.ts"\nmode: replace\npriority: 1',
  'mode: replace\npriority: -1',
];

export function randomCase(seed: number): { fs: MemoryFs; targets: string[] } {
  const rand = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const entries: Record<string, MemEntry> = { [ROOT]: { dir: true }, '/outside/AGENTS.md': 'outside\n', '/outside/f.ts': '' };
  const dirs = DIRS.filter(() => rand() < 0.7);
  for (const d of dirs) entries[`${ROOT}/${d}`] = { dir: true };
  for (const d of ['', ...dirs]) {
    for (const c of CANDIDATES) if (rand() < 0.45) entries[`${ROOT}/${d === '' ? '' : `${d}/`}${c}`] = fm(pick(FRONTMATTER), `${d} ${c}\n`);
    for (const n of NAMES) if (rand() < 0.5) entries[`${ROOT}/${d === '' ? '' : `${d}/`}${n}`] = '';
  }
  // Symlinks: directories inside and outside, files, a same-file candidate, dangling, a loop.
  const links: [string, string][] = [
    ['l-dir', pick(['a', 'src', 'a/b', 'a/b', '/outside', 'nope', 'src/../a'])],
    ['a/l-up', '..'],
    ['l-file.ts', pick(['a/x.ts', 'missing.ts', '/outside/f.ts'])],
    ['loop1', 'loop2'],
    ['loop2', 'loop1'],
  ];
  for (const [from, to] of links) if (rand() < 0.6) entries[`${ROOT}/${from}`] = { symlink: to };
  if (rand() < 0.4 && entries[`${ROOT}/AGENTS.md`]) entries[`${ROOT}/CLAUDE.md`] = { symlink: 'AGENTS.md' };
  const fs = new MemoryFs();
  for (const [p, e] of Object.entries(entries)) fs.set(p, e);

  const spellings = (p: string): string[] => [
    p,
    `./${p}`,
    `${ROOT}/${p}`,
    p.replace('/', '//'),
    `a/../${p}`,
    `${p}/.`,
    `l-dir/${p}`,
    `a/l-up/${p}`,
  ];
  const pool = [
    '',
    '.',
    'l-dir',
    'l-file.ts',
    'loop1/x.ts',
    'new/deep/file.ts',
    'a/x.ts/below',
    ...DIRS,
    ...DIRS.flatMap((d) => NAMES.map((n) => `${d}/${n}`)),
    ...NAMES,
  ];
  const targets: string[] = [];
  const n = 1 + Math.floor(rand() * 14);
  for (let i = 0; i < n; i++) targets.push(pick(spellings(pick(pool))));
  if (rand() < 0.15) targets.push(pick(['../outside/f.ts', '/outside', 'l-dir/../../outside/f.ts']));
  if (rand() < 0.1) targets.push(pick(['loop1', 'loop1/a/b']));
  return { fs, targets };
}
