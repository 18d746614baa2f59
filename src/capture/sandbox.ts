/**
 * Runs an agent where nothing it does can leave the run: bubblewrap (`bwrap`, the sandbox Flatpak
 * uses) inside a user, mount and network namespace of `unshare`'s that holds only loopback.
 *
 * Two stages, because Debian 12's bubblewrap (0.8) has no overlay of its own:
 *
 * 1. `unshare --user --map-root-user --mount --net` runs a short shell stage (OUTER_STAGE) that
 *    brings `lo` up, routes every IPv4 and IPv6 address to it (so an attempt to leave reaches the
 *    runner's watch, outside.ts, instead of failing unseen), lets unprivileged processes listen on
 *    low ports there, and mounts the kernel's overlay filesystem over the repository's top folder:
 *    the repository is the lower layer, never written; every write lands in the run's own upper
 *    folder, which is read back afterwards and reported (`layerWrites`).
 * 2. It then starts bwrap, which builds the sandbox proper: new user, PID, IPC, UTS and cgroup
 *    namespaces, no capabilities, no further user namespaces, no new privileges, a new session;
 *    a root of its own holding only the system folders (`/usr`, `/etc` less its secrets, the
 *    `/bin`-style links) read-only, a fresh `/proc` and `/dev`, a tmpfs `/tmp`, the Node and agent installs read-only,
 *    the overlay at the repository's path, and only the run's own folders writable (the throwaway
 *    home, the state folder, the temporary folder, the output folder). The real home, `/run`,
 *    `/var`, `/home`, `/root`, `/mnt`, `/media`, `/srv` and every socket in them are simply not
 *    there. The runner (runner.ts) is its first process; bwrap ends every process left when the
 *    runner exits.
 *
 * The caller lays out the tree and the throwaway home; this module only runs, and returns what
 * the endpoint recorded.
 */
import { asNodeEnvironment } from './node';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { RecordedRequest } from './endpoint';
import type { OutsideAttempt } from './outside';
import type { Launch } from './agents/types';

/** The port the endpoint listens on inside the namespace (each namespace has its own loopback). */
export const SANDBOX_PORT = 8787;

/** Extra time the runner gets beyond the job's own timeout before the sandbox is killed from outside. */
const OUTSIDE_GRACE_MS = 15_000;

/** What the runner is given (written as JSON into the run's output folder). */
export interface CaptureJob {
  /** The driver's name (agents/index.ts): the runner takes the endpoint script from it. */
  readonly driver: string;
  readonly launch: Launch;
  /** The agent's working directory (absolute, as given). */
  readonly cwd: string;
  readonly port: number;
  /** The file the scripted read touches (absolute), or null. */
  readonly read: string | null;
  readonly timeoutMs: number;
  /** Where the runner writes the CaptureResult, and the agent's output (inside the output folder). */
  readonly result: string;
  readonly stdout: string;
  readonly stderr: string;
  /**
   * Files of the repository the run goes without (absolute, inside the overlay's folder): the
   * runner removes them before the agent starts, so the removal lands in the run's own upper
   * folder as whiteouts and the repository is never written (the two-run proof's run B).
   */
  readonly remove?: readonly string[];
}

/** What the sandbox shows the run, beside the system folders. */
export interface SandboxView {
  /**
   * The repository's top folder: seen, at its own path, through a throwaway overlay; null for a
   * run without one (the sandbox's own tests).
   */
  readonly top: string | null;
  /** Folders the run may write, each at its own path: the home, state, temporary and output folders. */
  readonly writable: readonly string[];
  /** Files or folders the run may read, each at its own path: the agent's install, the Node that runs it. */
  readonly readable: readonly string[];
  /** The run's own folder for the overlay's upper and work folders (created; must be on a disk, not inside `top`). */
  readonly layer: string;
}

export type CaptureOutcome =
  /** The endpoint had what the script needs; the agent was stopped. */
  | 'done'
  /** The agent exited before that. */
  | 'exited'
  | 'timeout'
  /** The agent tried to reach something outside (see `outside`); it was stopped at once. */
  | 'outside'
  /** The runner could not do its part (the endpoint, starting the agent). */
  | 'error';

export interface CaptureResult {
  outcome: CaptureOutcome;
  requests: RecordedRequest[];
  /** The agent's exit, when it exited by itself. */
  exit: { code: number | null; signal: string | null } | null;
  /** Every attempt to reach anything but the fake endpoint (DNS lookups, connections). */
  outside?: OutsideAttempt[];
  error?: string;
  elapsedMs: number;
}

/** The environment every agent starts from: no variable of the caller's (keys, proxies) reaches it. */
export function baseEnvironment(tmp: string): Record<string, string> {
  return { PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1', TMPDIR: tmp };
}

/**
 * The first stage, run by `sh` inside unshare's namespaces: `$1` the repository's top folder (or
 * empty), `$2` the layer folder, `$3` the resolver file; the rest is the bwrap command line.
 * Paths reach it only as arguments, never as shell text.
 */
const OUTER_STAGE = [
  'set -e',
  'ip link set lo up',
  'ip route add local 0.0.0.0/0 dev lo table local',
  'ip -6 route add local ::/0 dev lo table local 2>/dev/null || true',
  'echo 0 > /proc/sys/net/ipv4/ip_unprivileged_port_start',
  'if [ -n "$1" ]; then',
  '  mkdir -p "$2/lower" "$2/upper" "$2/work" "$2/merged"',
  '  mount --bind "$1" "$2/lower"',
  '  mount -t overlay overlay -o "lowerdir=$2/lower,upperdir=$2/upper,workdir=$2/work,userxattr" "$2/merged"',
  'fi',
  'shift 3',
  'exec "$@"',
].join('\n');

/** System folders shown read-only (a link, as on merged-/usr systems, is shown as the same link). */
const SYSTEM = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc'];

/**
 * Secrets of the machine's under `/etc` that no agent needs: hidden (an empty file, an empty
 * folder), so that a run as root, whose user namespace owns root's files, cannot read them.
 */
const ETC_SECRETS = [
  '/etc/shadow',
  '/etc/gshadow',
  '/etc/shadow-',
  '/etc/gshadow-',
  '/etc/sudoers',
  '/etc/sudoers.d',
  '/etc/ssh',
  '/etc/ssl/private',
];

function hiddenArgs(): string[] {
  const out: string[] = [];
  for (const p of ETC_SECRETS) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      continue;
    }
    if (st.isDirectory()) out.push('--tmpfs', p);
    else if (st.isFile()) out.push('--ro-bind', '/dev/null', p);
  }
  return out;
}

/** What the sandbox's own `/etc/resolv.conf` says: every lookup goes to the watch on loopback. */
const RESOLV_CONF = 'nameserver 127.0.0.1\noptions attempts:1 timeout:1\n';

/** The characters the overlay's options can carry unescaped. */
const PLAIN_PATH = /^[A-Za-z0-9._/+@=-]+$/;

/** The search path for the sandbox's own commands: the caller's, then the system administrator's folders (`ip` is in /usr/sbin). */
function toolPath(): string {
  return `${process.env.PATH ?? '/usr/bin:/bin'}:/usr/sbin:/sbin`;
}

function which(command: string): string | null {
  for (const dir of toolPath().split(':')) {
    if (dir === '') continue;
    const p = path.join(dir, command);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {}
  }
  return null;
}

/** Why the sandbox's commands are missing, as the one line a user is shown, or null. */
function missingTools(): string | null {
  if (process.platform !== 'linux') return `agents can only be isolated on Linux (this is ${process.platform})`;
  if (!which('bwrap')) return 'bubblewrap is not installed (bwrap not on PATH); install it, e.g. `apt-get install bubblewrap`';
  if (!which('unshare')) return 'unshare is not available; install util-linux';
  if (!which('ip')) return 'ip is not available; install iproute2';
  return null;
}

/** The system folders, read-only at their own paths; one that is a link (merged /usr) shown as the same link. */
function systemArgs(): string[] {
  const out: string[] = [];
  for (const p of SYSTEM) {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) out.push('--symlink', fs.readlinkSync(p), p);
    else if (st.isDirectory()) out.push('--ro-bind', p, p);
  }
  return out;
}

/**
 * The binds for a set of paths, as [source, destination] pairs, parents before children: each
 * path's real folder at its real path (callers hand the run canonical paths; a link to one,
 * inside another bound folder, then leads there too).
 */
function bindOrder(paths: readonly string[]): [string, string][] {
  const real = new Set<string>();
  for (const p of paths) {
    try {
      real.add(fs.realpathSync(path.resolve(p)));
    } catch {
      real.add(path.resolve(p));
    }
  }
  return [...real].sort((a, b) => a.length - b.length || a.localeCompare(b)).map((p): [string, string] => [p, p]);
}

/** The bwrap command line for a view; `resolv` is the sandbox's resolver file. */
function bwrapArgs(view: SandboxView, resolv: string, command: readonly string[], chdir = '/'): string[] {
  const args = [
    '--unshare-user',
    '--unshare-ipc',
    '--unshare-pid',
    '--unshare-uts',
    '--unshare-cgroup-try',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    '--hostname',
    'holaryn-capture',
    ...systemArgs(),
    ...hiddenArgs(),
    '--ro-bind',
    resolv,
    '/etc/resolv.conf',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
  ];
  for (const [source, dest] of bindOrder(view.readable)) args.push('--ro-bind', source, dest);
  for (const [source, dest] of bindOrder(view.writable)) args.push('--bind', source, dest);
  if (view.top !== null) {
    // The repository at its real path, and at the path as given when a link leads there (the agent starts below the given path).
    const real = bindOrder([view.top])[0][1];
    args.push('--bind', path.join(view.layer, 'merged'), real);
    if (path.resolve(view.top) !== real) args.push('--bind', path.join(view.layer, 'merged'), path.resolve(view.top));
  }
  args.push('--chdir', chdir, '--clearenv', ...Object.entries(asNodeEnvironment()).flatMap(([k, v]) => ['--setenv', k, v]));
  args.push('--setenv', 'PATH', '/usr/local/bin:/usr/bin:/bin', '--', ...command);
  return args;
}

/** The whole command line of a run: unshare, the first stage, bwrap, `command`. */
function sandboxCommand(view: SandboxView, resolv: string, command: readonly string[], chdir = '/'): string[] {
  return [
    'unshare',
    '--user',
    '--map-root-user',
    '--mount',
    '--net',
    '/bin/sh',
    '-c',
    OUTER_STAGE,
    'holaryn-sandbox',
    view.top ?? '',
    view.layer,
    resolv,
    'bwrap',
    ...bwrapArgs(view, resolv, command, chdir),
  ];
}

let probed: string | null | undefined;

/**
 * Why runs cannot be isolated on this machine, in one line, or null when they can: Linux,
 * bubblewrap, unshare and ip, unprivileged user namespaces, and the kernel's overlay filesystem
 * inside them. Tried once per process with a real sandbox running `true`.
 */
export function sandboxProblem(): string | null {
  if (probed !== undefined) return probed;
  const missing = missingTools();
  if (missing) return (probed = missing);
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'holaryn-sandbox-probe-'));
  try {
    const top = path.join(base, 'top');
    fs.mkdirSync(top);
    const resolv = path.join(base, 'resolv.conf');
    fs.writeFileSync(resolv, RESOLV_CONF);
    const view: SandboxView = { top, writable: [], readable: [], layer: path.join(base, 'layer') };
    const [command, ...args] = sandboxCommand(view, resolv, ['/bin/sh', '-c', `touch ${JSON.stringify(path.join(top, 'probe'))}`]);
    const r = spawnSync(command, args, { encoding: 'utf8', timeout: 20_000, env: { PATH: toolPath() } });
    if (r.error) return (probed = `the sandbox could not start (${r.error.message})`);
    if (r.status !== 0 || !fs.existsSync(path.join(base, 'layer', 'upper', 'probe')) || fs.existsSync(path.join(top, 'probe'))) {
      const why = (r.stderr || '').trim().split('\n').pop() || `exit ${r.status}`;
      return (probed = `cannot create the sandbox (${why}); unprivileged user namespaces and overlay mounts in them must be allowed`);
    }
    return (probed = null);
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

/** How to start the runner: the bundled .js beside this file, or, run from source, a bundle of runner.ts made once. */
export function runnerCommand(): string[] {
  const ext = path.extname(__filename);
  return [process.execPath, ext === '.ts' ? sourceRunner() : path.join(__dirname, `runner${ext}`)];
}

let bundledRunner: string | undefined;

/**
 * Run from source (the tests, through tsx), runner.ts is bundled once per process with esbuild
 * (a development dependency, required only here) into this package's `node_modules/.cache`, which
 * the sandbox can read. Started through tsx instead, every sandbox compiled the runner and every
 * driver again in its empty /tmp: about 0.8 s of each oracle run.
 */
function sourceRunner(): string {
  if (bundledRunner && fs.existsSync(bundledRunner)) return bundledRunner;
  const dir = path.join(runnerFolders().pkg, 'node_modules', '.cache', 'holaryn');
  fs.mkdirSync(dir, { recursive: true });
  const out = path.join(dir, `runner-${process.pid}.js`);
  const esbuild = createRequire(__filename)('esbuild') as typeof import('esbuild');
  esbuild.buildSync({
    entryPoints: [path.join(__dirname, 'runner.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    mainFields: ['module', 'main'],
    logLevel: 'error',
  });
  process.once('exit', () => fs.rmSync(out, { force: true }));
  return (bundledRunner = out);
}

/**
 * What the runner needs: `pkg`, the package it runs from (this one: it starts there, and run
 * from source its bundle lies in it), and the folders it reads, `pkg` among them with the Node
 * that runs it (and, run from source, the real folder of a linked node_modules).
 */
function runnerFolders(): { pkg: string; readable: string[] } {
  const nodeDir = path.dirname(fs.realpathSync(process.execPath));
  const pkg = path.extname(__filename) === '.ts' ? path.resolve(__dirname, '..', '..') : path.resolve(__dirname, '..');
  const readable = [path.basename(nodeDir) === 'bin' ? path.dirname(nodeDir) : nodeDir, pkg];
  const modules = path.join(pkg, 'node_modules');
  if (fs.existsSync(modules) && fs.realpathSync(modules) !== modules) readable.push(fs.realpathSync(modules));
  return { pkg, readable };
}

/**
 * The folder to show for an installed program: the outermost `node_modules` on its real path (an
 * npm install: the package and everything it requires), else the file itself.
 */
export function installFolder(executable: string): string {
  const real = fs.realpathSync(executable);
  const parts = real.split(path.sep);
  const at = parts.indexOf('node_modules');
  return at > 0 ? parts.slice(0, at + 1).join(path.sep) : real;
}

/** One entry of the overlay's upper folder: what the run wrote at a path of the repository. */
export interface LayerWrite {
  /** Relative to the repository's top folder. */
  readonly path: string;
  readonly change: 'added' | 'changed' | 'removed' | 'folder';
}

/**
 * What the run wrote into the repository, read from the overlay's upper folder: each file or
 * link added or changed, each path removed (the overlay's whiteouts), each new folder.
 */
export function layerWrites(layer: string, top: string, limit = 10_000): LayerWrite[] {
  const upper = path.join(layer, 'upper');
  const out: LayerWrite[] = [];
  const stack: string[] = [''];
  while (stack.length > 0 && out.length < limit) {
    const rel = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(upper, rel), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? 1 : -1))) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      const below = path.join(top, r);
      const existed = fs.existsSync(below) || isLink(below);
      if (e.isCharacterDevice()) out.push({ path: r, change: 'removed' });
      else if (e.isDirectory()) {
        if (!existed) out.push({ path: r, change: 'folder' });
        stack.push(r);
      } else out.push({ path: r, change: existed ? 'changed' : 'added' });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function isLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Runs `job` in a fresh sandbox showing `view` and returns what the endpoint recorded. `dir` is
 * the run's output folder (the job file is written there; it must be among view.writable). Never
 * throws for the agent's behaviour: a failure to run is an `error` outcome with its reason.
 */
export function runSandboxed(
  job: CaptureJob,
  dir: string,
  view: SandboxView,
  runner: readonly string[] = runnerCommand(),
): Promise<CaptureResult> {
  const jobFile = path.join(dir, 'job.json');
  fs.writeFileSync(jobFile, JSON.stringify(job, null, 2));
  const resolv = path.join(dir, 'resolv.conf');
  fs.writeFileSync(resolv, RESOLV_CONF);
  fs.mkdirSync(view.layer, { recursive: true });
  const started = Date.now();
  const fail = (error: string): CaptureResult => ({ outcome: 'error', requests: [], exit: null, error, elapsedMs: Date.now() - started });
  if (view.top !== null && !PLAIN_PATH.test(view.layer)) {
    return Promise.resolve(fail(`the run's folder ${view.layer} has characters the overlay cannot be given; set TMPDIR to a plain path`));
  }
  const { pkg, readable } = runnerFolders();
  const full: SandboxView = { ...view, readable: [...view.readable, ...readable], writable: [...view.writable, dir] };
  return new Promise((resolve) => {
    // The runner starts in this package's folder; it moves the agent to its cwd.
    const [command, ...args] = sandboxCommand(full, resolv, [...runner, jobFile], pkg);
    const child = spawn(command, args, {
      cwd: '/',
      env: { PATH: toolPath() },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-4000)));
    const killer = setTimeout(() => child.kill('SIGKILL'), job.timeoutMs + OUTSIDE_GRACE_MS);
    child.on('error', (err) => {
      clearTimeout(killer);
      resolve(fail(`cannot start the sandbox: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      try {
        resolve(JSON.parse(fs.readFileSync(job.result, 'utf8')) as CaptureResult);
      } catch {
        const last = stderr.trim().split('\n').slice(-3).join(' | ');
        resolve(fail(`the sandbox runner ended (${signal ?? `exit ${code}`}) without a result${last ? `: ${last}` : ''}`));
      }
    });
  });
}
