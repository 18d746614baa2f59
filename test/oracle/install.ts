/**
 * The pinned agents (agents.json), installed on first use into the oracle cache (`.oracle/` at
 * the repository's root, or HOLARYN_ORACLE_CACHE) with `npm install --ignore-scripts`: every
 * agent runs as installed from its package (Claude Code's native binary is its platform package;
 * Codex's is the platform build of its package; Gemini CLI is a bundle run by Node), so no
 * install script is needed. A marker per release records a finished install; later runs reuse it.
 */
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { secureStateRoot } from '../../src/capture/state-dir';

export const REPO = path.resolve(__dirname, '..', '..');

export interface PlatformBuild {
  install: string[];
  /** The agent's executable, relative to its install folder. */
  executable: string;
  /** A package.json, relative to the install folder, whose version must be the pinned one. */
  installed: string;
}

export interface AgentRelease {
  name: string;
  package: string;
  version: string;
  driver: string;
  profile: string;
  platforms: Record<string, PlatformBuild>;
}

export interface Manifest {
  agents: AgentRelease[];
}

/**
 * The manifest, with the releases HOLARYN_ORACLE_RELEASES overrides: `latest` (every agent's
 * newest release, asked of npm) or `NAME=VERSION,…` (VERSION may be `latest`). The weekly
 * workflow (.github/workflows/agents.yml) runs the suite so, to learn when a release changes
 * what reaches the model.
 */
export function readManifest(overrides: string | undefined = process.env.HOLARYN_ORACLE_RELEASES): Manifest {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, 'agents.json'), 'utf8')) as Manifest;
  if (overrides === undefined || overrides.trim() === '') return manifest;
  const wanted = new Map<string, string>();
  for (const item of overrides.split(',').map((x) => x.trim())) {
    if (item === 'latest') for (const a of manifest.agents) wanted.set(a.name, 'latest');
    else {
      const m = /^([a-z0-9-]+)=(\S+)$/.exec(item);
      if (!m || !manifest.agents.some((a) => a.name === m[1]))
        throw new Error(
          `HOLARYN_ORACLE_RELEASES: cannot read ${JSON.stringify(item)} (latest, or NAME=VERSION of ${manifest.agents.map((a) => a.name).join(', ')})`,
        );
      wanted.set(m[1], m[2]);
    }
  }
  return { agents: manifest.agents.map((a) => (wanted.has(a.name) ? withVersion(a, wanted.get(a.name)!) : a)) };
}

/** The newest release of an npm package, asked of the registry with npm. */
function newestRelease(pkg: string): string {
  const r = spawnSync('npm', ['view', pkg, 'version', '--no-update-notifier'], { encoding: 'utf8', timeout: 60_000 });
  const version = (r.stdout ?? '').trim();
  if (r.status !== 0 || !/^\d+\.\d+\.\d+/.test(version))
    throw new Error(`cannot learn the newest release of ${pkg}: ${(r.stderr ?? '').trim() || r.error?.message}`);
  return version;
}

/** The release with its pinned version replaced in the install specs. */
function withVersion(release: AgentRelease, version: string): AgentRelease {
  const v = version === 'latest' ? newestRelease(release.package) : version;
  const platforms = Object.fromEntries(
    Object.entries(release.platforms).map(([k, b]) => [
      k,
      { ...b, install: b.install.map((spec) => spec.split(`@${release.version}`).join(`@${v}`)) },
    ]),
  );
  return { ...release, version: v, platforms };
}

/** The oracle cache folder (ignored by git). */
export function cacheDir(): string {
  return path.resolve(process.env.HOLARYN_ORACLE_CACHE || path.join(REPO, '.oracle'));
}

/**
 * Where the drivers' state files go: beside the agents, or, when the checkout sits below a folder
 * others may write (`/tmp`), in the user's own cache, where Gemini CLI still reads its settings.
 */
export function oracleStateRoot(): string {
  return secureStateRoot([path.join(cacheDir(), 'state'), path.join(os.homedir(), '.cache', 'holaryn', 'oracle-state')]);
}

/** This machine's build of a release, or a reason there is none. */
export function buildFor(release: AgentRelease): PlatformBuild | string {
  const key = `${process.platform}-${process.arch}`;
  return release.platforms[key] ?? release.platforms['*'] ?? `${release.package} ${release.version} has no build for ${key} in agents.json`;
}

const MARKER = '.holaryn-oracle-installed';

function installFolder(release: AgentRelease): string {
  return path.join(cacheDir(), 'agents', `${release.name}@${release.version}-${process.platform}-${process.arch}`);
}

/** Why an install folder does not hold the release, or null when it does. */
function checkInstall(folder: string, release: AgentRelease, build: PlatformBuild): string | null {
  const exe = path.join(folder, build.executable);
  if (!fs.existsSync(exe)) return `${exe} is missing`;
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(folder, build.installed), 'utf8')) as { version?: string };
    if (typeof version !== 'string' || !(version === release.version || version.startsWith(`${release.version}-`))) {
      return `${build.installed} has version ${version}, not ${release.version}`;
    }
  } catch (err) {
    return `cannot read ${build.installed}: ${(err as Error).message}`;
  }
  return null;
}

function npmInstall(folder: string, specs: string[]): Promise<string | null> {
  return new Promise((resolve) => {
    const args = [
      'install',
      '--prefix',
      folder,
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--no-update-notifier',
      '--loglevel',
      'error',
      ...specs,
    ];
    const child = spawn('npm', args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      process.stderr.write(d);
      err = (err + d.toString('utf8')).slice(-2000);
    });
    child.on('error', (e) => resolve(`cannot run npm: ${e.message}`));
    child.on('close', (code) =>
      resolve(code === 0 ? null : `npm install ${specs.join(' ')} failed (exit ${code}): ${err.trim().split('\n').pop() ?? ''}`),
    );
  });
}

/**
 * The release's executable, installing it first when the cache does not hold it, with a line
 * before and after (the first install downloads tens to hundreds of megabytes). Returns the
 * executable's absolute path, or a one-line reason it cannot be had.
 */
export async function ensureAgent(
  release: AgentRelease,
  log: (line: string) => void,
): Promise<{ executable: string } | { problem: string }> {
  const build = buildFor(release);
  if (typeof build === 'string') return { problem: build };
  const folder = installFolder(release);
  if (fs.existsSync(path.join(folder, MARKER)) && checkInstall(folder, release, build) === null) {
    return { executable: path.join(folder, build.executable) };
  }
  const started = Date.now();
  log(`installing ${release.package}@${release.version} into ${path.relative(REPO, folder) || folder} (first run; later runs reuse it)…`);
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'package.json'),
    JSON.stringify({ private: true, description: `oracle install of ${release.package}@${release.version}` }) + '\n',
  );
  const failed = await npmInstall(folder, build.install);
  if (failed) return { problem: failed };
  const wrong = checkInstall(folder, release, build);
  if (wrong) return { problem: `the install of ${release.package}@${release.version} is incomplete: ${wrong}` };
  fs.writeFileSync(
    path.join(folder, MARKER),
    JSON.stringify({ package: release.package, version: release.version, specs: build.install, at: new Date().toISOString() }) + '\n',
  );
  log(`installed ${release.package}@${release.version} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { executable: path.join(folder, build.executable) };
}
