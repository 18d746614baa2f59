// `npm run bench:root-share` (docs/speed.md): for each file of a tree, one target at a time, does
// the model context keep some of the root AGENTS.md — where build and test commands live — whole
// (`included`) or cut (`truncated`)? Prints the share per tree; measured, never asserted.
//
// Usage: node scripts/bench/root-share.mjs [--repo DIR] [--tree DIR]... [--profile NAME] [--out FILE]
//   --repo DIR     a checkout of this repository whose resolver is measured (default: this one),
//                  to compare builds: its scripts/bench/lib.ts is bundled
//   --tree DIR     a tree to measure (repeatable); default the demo workspace and the generated
//                  `nested` monorepo (scripts/bench/tree.mjs: a 20,000-character root AGENTS.md
//                  and 30 nested AGENTS.md)
//   --profile NAME measure under another profile (default: the resolver's default)
// Every regular file under a tree is a target, except inside `.git` and `node_modules`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, usageErrorFor } from './args.mjs';
import { bundleLibrary } from './bundle.mjs';
import { benchDir, buildTree } from './tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoOfScript = path.resolve(here, '..', '..');
const USAGE = 'usage: npm run bench:root-share -- [--repo DIR] [--tree DIR]... [--profile NAME] [--out FILE]';

const usageError = usageErrorFor('root-share', USAGE);

const values = parseScriptArgs(
  {
    repo: { type: 'string' },
    tree: { type: 'string', multiple: true },
    profile: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  usageError,
  USAGE,
);
const repo = path.resolve(values.repo ?? repoOfScript);
if (!existsSync(path.join(repo, 'scripts', 'bench', 'lib.ts')))
  usageError(`${repo} is not a checkout of this repository (no scripts/bench/lib.ts)`);
for (const t of values.tree ?? [])
  if (!statSync(t, { throwIfNoEntry: false })?.isDirectory()) usageError(`--tree ${JSON.stringify(t)} is not a directory`);

const libFile = path.join(benchDir(), `root-share-lib-${process.pid}.cjs`);
process.on('exit', () => rmSync(libFile, { force: true }));
await bundleLibrary(repo, libFile);
const lib = createRequire(import.meta.url)(libFile);

/** Every regular file under `root`, root-relative with `/`, sorted; not inside .git or node_modules. */
function filesOf(root) {
  const out = [];
  const walk = (rel) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (e.name !== '.git' && e.name !== 'node_modules') walk(child);
      } else if (e.isFile()) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

const ROOT_FILE = 'AGENTS.md';

/** One tree: the root AGENTS.md's status for each file, counted. */
function measure(root) {
  const files = filesOf(root);
  const cache = new lib.FileCache();
  const counts = { included: 0, truncated: 0, omitted: 0, other: 0, absent: 0 };
  const kept = [];
  let rootSize;
  for (const f of files) {
    const options = { cache, globalFile: null, env: {}, ...(values.profile ? { profile: values.profile } : {}) };
    const ev = lib.resolveInstructions(root, [f], options);
    const s = ev.sources.find((x) => x.path === ROOT_FILE);
    if (!s) counts.absent++;
    else {
      if (s.chars !== undefined) rootSize = s.chars;
      if (s.status === 'included' || s.status === 'truncated') {
        counts[s.status]++;
        if (s.status === 'truncated') kept.push(ev.truncation.cut.find((k) => k.path === ROOT_FILE)?.included ?? 0);
      } else if (s.status === 'omitted') counts.omitted++;
      else counts.other++;
    }
  }
  kept.sort((a, b) => a - b);
  return {
    root,
    files: files.length,
    instructionFiles: files.filter((f) => f === ROOT_FILE || f.endsWith(`/${ROOT_FILE}`)).length,
    rootSize,
    counts,
    share: (counts.included + counts.truncated) / files.length,
    medianKeptWhenCut: kept.length > 0 ? kept[kept.length >> 1] : undefined,
  };
}

const trees = values.tree?.map((t) => path.resolve(t)) ?? [path.join(repoOfScript, 'examples', 'demo-workspace'), buildTree('nested').root];
const started = Date.now();
const results = trees.map(measure);
const described = spawnSync('git', ['-C', repo, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' });
const label = described.status === 0 && described.stdout.trim() !== '' ? `${repo} (${described.stdout.trim().slice(0, 60)})` : repo;
const pct = (x) => `${(x * 100).toFixed(1)} %`;
const lines = [];
lines.push(
  `Resolver of ${label}${values.profile ? `, profile ${values.profile}` : ''}; one target at a time, every file; ${Math.round((Date.now() - started) / 1000)} s.`,
);
lines.push('');
lines.push('| tree | files | root AGENTS.md | whole | cut | omitted | other / absent | **keeps some of it** | kept when cut (median) |');
lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  const name = path.relative(repoOfScript, r.root).startsWith('..') ? r.root : path.relative(repoOfScript, r.root);
  const c = r.counts;
  lines.push(
    `| ${name} (${r.instructionFiles} AGENTS.md) | ${r.files} | ${r.rootSize?.toLocaleString('en-US') ?? '—'} | ${c.included} | ${c.truncated} | ${c.omitted} | ${c.other} / ${c.absent} | **${pct(r.share)}** | ${r.medianKeptWhenCut?.toLocaleString('en-US') ?? '—'} |`,
  );
}
console.log(lines.join('\n'));
if (values.out) writeFileSync(values.out, JSON.stringify({ repo, profile: values.profile ?? null, results }, null, 2) + '\n');
