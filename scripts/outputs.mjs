// Every machine-readable answer of one build on a workspace, one file each, for a before/after
// `diff -r` of a change that must not change behaviour (CONTRIBUTING.md, "Behaviour unchanged"):
// per profile, `instructions --json` on every file at once and `instructions --json --context` on
// a few, `compare --json` on one file and on all, `check --agents --json` and `profiles --json`.
// Each command runs with a fresh empty HOME, HOLARYN_HOME and XDG folders and a PATH of Node's
// folder only, so the machine's own agents and global files never reach the answers; what a
// command printed on stderr and its exit code go into a `.status` file beside its output.
//
// Usage: node scripts/outputs.mjs --cli DIR/dist/cli.js --out DIR [--root DIR] [--profiles A,B]
//          [--path DIR]
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScriptArgs, usageErrorFor } from './bench/args.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const USAGE = 'usage: node scripts/outputs.mjs --cli FILE --out DIR [--root DIR] [--profiles A,B,...] [--path DIR]';
const usageError = usageErrorFor('outputs', USAGE);
const values = parseScriptArgs(
  {
    cli: { type: 'string' },
    out: { type: 'string' },
    root: { type: 'string', default: path.join(here, '..', 'examples', 'demo-workspace') },
    profiles: { type: 'string' },
    // A folder put before Node's on PATH (stand-in agent installs, for the installedAgent field).
    path: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  usageError,
  USAGE,
);
if (!values.cli) usageError('--cli FILE is required (a build of this repository: its dist/cli.js)');
if (!values.out) usageError('--out DIR is required');
const cli = path.resolve(values.cli);
const root = path.resolve(values.root);
const out = path.resolve(values.out);
if (!fs.existsSync(cli)) usageError(`--cli ${values.cli}: no such file`);
if (!fs.statSync(root, { throwIfNoEntry: false })?.isDirectory()) usageError(`--root ${values.root}: not a directory`);
if (fs.existsSync(out) && fs.readdirSync(out).length > 0) usageError(`--out ${values.out}: not empty (give a new folder)`);

/** Every regular file below the root, root-relative with `/`, sorted; `.git` and node_modules left out. */
function filesOf(dir, prefix = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== '.git' && e.name !== 'node_modules')
    .flatMap((e) => (e.isDirectory() ? filesOf(path.join(dir, e.name), `${prefix}${e.name}/`) : e.isFile() ? [`${prefix}${e.name}`] : []))
    .sort();
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-outputs-'));
let runs = 0;
/** Runs the CLI with `args` in a fresh environment; its stdout into `name`, its stderr and exit code into `name.status`. */
function run(name, args) {
  const home = fs.mkdtempSync(path.join(scratch, 'home-'));
  const env = {
    HOME: home,
    HOLARYN_HOME: path.join(home, '.holaryn'),
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    PATH: [values.path, path.dirname(process.execPath)].filter(Boolean).join(path.delimiter),
    LANG: 'C.UTF-8',
  };
  const r = spawnSync(process.execPath, [cli, ...args], { cwd: root, env, maxBuffer: 1 << 30 });
  // The throwaway home's path would differ between two runs: it is written as ~.
  const clean = (b) => b.toString('utf8').split(home).join('~');
  fs.writeFileSync(path.join(out, name), clean(r.stdout));
  fs.writeFileSync(path.join(out, `${name}.status`), `exit ${r.status ?? r.signal}\n${clean(r.stderr)}`);
  runs++;
}

/** The profile names the build lists, or a usage error when --cli is not a build of this CLI. */
function knownProfiles() {
  const listing = spawnSync(process.execPath, [cli, 'profiles', '--json'], { encoding: 'utf8' });
  try {
    const names = JSON.parse(listing.stdout).profiles.map((p) => p.name);
    if (listing.status === 0 && names.length > 0) return names;
  } catch {
    // not this CLI's answer: said below
  }
  return usageError(
    `--cli ${values.cli}: \`profiles --json\` gave no profile list (exit ${listing.status ?? listing.signal}); is it this repository's dist/cli.js?`,
  );
}
const known = knownProfiles();
const profiles = values.profiles ? values.profiles.split(',').filter(Boolean) : known;
for (const p of profiles) if (!known.includes(p)) usageError(`--profiles: ${p} is not a profile of this build (${known.join(', ')})`);

const files = filesOf(root);
if (files.length === 0) usageError(`--root ${values.root}: no files`);
// A few single files for --context: the first of each of these found, else the first file.
const singles = ['src/app/main.ts', 'AGENTS.md', 'docs/PROJECT_RULES.md'].filter((f) => files.includes(f));
if (singles.length === 0) singles.push(files[0]);
const flat = (f) => f.replaceAll('/', '_');
fs.mkdirSync(out, { recursive: true });

for (const p of profiles) {
  run(`${p}.all.json`, ['instructions', root, ...files, '--json', '--profile', p]);
  for (const f of singles) run(`${p}.${flat(f)}.context.json`, ['instructions', root, f, '--json', '--context', '--profile', p]);
}
const only = ['--profiles', profiles.join(',')];
run('compare.one.json', ['compare', root, singles[0], '--json', ...only]);
run('compare.all.json', ['compare', root, ...files, '--json', ...only]);
run('check.agents.json', ['check', root, '--agents', 'all', '--json']);
run('profiles.json', ['profiles', '--json']);
fs.rmSync(scratch, { recursive: true, force: true });
console.log(`outputs: ${runs} answers of ${profiles.length} profiles on ${files.length} files of ${root} in ${out}`);
