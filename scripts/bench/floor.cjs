// The I/O floor (docs/speed.md): the unavoidable work of resolving the targets, and nothing else.
// Reads the target list, walks the distinct chain directories once, lstats each candidate name
// per directory, and reads + sha256s every regular file found. No canonicalisation, parsing,
// matching, ordering or output beyond one summary line.
//
// Usage: node scripts/bench/floor.cjs <root> <targets-file> [--stat-targets | --list-targets]
//   prints {"files","dirs","ms"}. For reference only, not the floor:
//   --stat-targets  also one lstat per target, the least the contract's canonicalisation of
//                   targets can cost call by call;
//   --list-targets  each directory holding targets is listed once instead (one readdir with entry
//                   types): the targets' kinds and its candidates are read from the listing, as
//                   the CLI does where it pays; other directories lstat their candidates.
const { createHash } = require('node:crypto');
const { lstatSync, readFileSync, readdirSync } = require('node:fs');
const path = require('node:path');

const start = performance.now();
const [root, list, flag] = process.argv.slice(2);
const statTargets = flag === '--stat-targets';
const listTargets = flag === '--list-targets';
/** Directories holding targets (as given), listed once each with --list-targets. */
const holding = new Set();
const CANDIDATES = ['.holaryn/instructions.md', 'AGENTS.md', 'CLAUDE.md'];
const dirs = new Set(['']);
// A target list of another tree may hold absolute or unnormalised paths: those (only) are made
// root-relative first, as the CLI resolves them; one outside the root is left out.
const UNPLAIN = /^\.{1,2}(\/|$)|^\/|\/\.{0,2}(\/|$)/;
const rootPrefix = root.endsWith('/') ? root : `${root}/`;
for (const line of readFileSync(list, 'utf8').split('\n')) {
  let t = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (t.trim() === '') continue;
  if (t.startsWith(rootPrefix)) t = t.slice(rootPrefix.length);
  if (UNPLAIN.test(t)) {
    t = path.relative(root, path.resolve(root, t));
    if (t === '..' || t.startsWith('../') || path.isAbsolute(t)) continue;
  }
  if (statTargets) lstatSync(`${root}/${t}`, { throwIfNoEntry: false });
  if (listTargets) holding.add(t.slice(0, Math.max(0, t.lastIndexOf('/'))));
  // Every directory from the root to the target's parent; stop at the first one already seen.
  for (let i = t.lastIndexOf('/'); i > 0; i = t.lastIndexOf('/', i - 1)) {
    const dir = t.slice(0, i);
    if (dirs.has(dir)) break;
    dirs.add(dir);
  }
}
let files = 0;
let digest = 0;
function found(p) {
  const hex = createHash('sha256').update(readFileSync(p)).digest('hex');
  digest ^= parseInt(hex.slice(0, 8), 16);
  files++;
}
for (const dir of dirs) {
  const base = dir === '' ? root : `${root}/${dir}`;
  let listed;
  if (holding.has(dir)) {
    try {
      listed = new Map(readdirSync(base, { withFileTypes: true }).map((e) => [e.name, e]));
    } catch {
      continue; // a missing directory holds no candidate
    }
  }
  for (const name of CANDIDATES) {
    const p = `${base}/${name}`;
    const slash = name.indexOf('/');
    const entry = listed?.get(slash < 0 ? name : name.slice(0, slash));
    if (listed && slash < 0) {
      if (entry?.isFile()) found(p);
      continue;
    }
    if (listed && !(entry?.isDirectory() || entry?.isSymbolicLink())) continue; // as lstat through it would
    const st = lstatSync(p, { throwIfNoEntry: false });
    if (st !== undefined && st.isFile()) found(p);
  }
}
process.stdout.write(JSON.stringify({ files, dirs: dirs.size, digest, ms: performance.now() - start }) + '\n');
