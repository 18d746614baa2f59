/**
 * Which release of an agent this machine has, read without running it: the executable on PATH
 * (or the one given), links resolved, and the `version` of the package.json of the first of the
 * driver's npm packages found in a folder above it. An agent installed another way (a native
 * installer, a distribution package) has no version here: Holaryn never runs an agent outside
 * the sandbox to ask it, so it says nothing rather than guess.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { profileCard, type AgentSigns, type Evidence, type InstalledAgent } from '../resolver';

/** The first executable `command` on `PATH` (absolute), or null. */
export function findOnPath(command: string, pathVariable: string | undefined): string | null {
  for (const dir of (pathVariable ?? '').split(path.delimiter)) {
    if (dir === '' || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** A release as its package.json writes it, without a platform build's suffix (`0.169.0-linux-x64`). */
export function releaseOf(version: string): string {
  return version.replace(/-(linux|darwin|win32)-[A-Za-z0-9_-]+$/, '');
}

const cache = new Map<string, string | null>();

/** The release of the agent whose executable is `executable`, from its npm package (one of `packages`), or null. */
export function installedVersion(packages: readonly string[], executable: string): string | null {
  const key = `${packages.join(',')}\0${executable}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  let found: string | null = null;
  try {
    let dir = path.dirname(fs.realpathSync(executable));
    for (let i = 0; i < 8 && found === null; i++) {
      try {
        const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
        if (typeof pkg.name === 'string' && packages.includes(pkg.name) && typeof pkg.version === 'string') {
          found = releaseOf(pkg.version);
        }
      } catch {
        // no package.json here, or not JSON
      }
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  } catch {
    found = null;
  }
  cache.set(key, found);
  return found;
}

/** The release number in a profile's `profileVersion` ("OpenAI Codex CLI 0.169.0" → "0.169.0"), or null. */
export function verifiedRelease(profileVersion: string | undefined): string | null {
  const all = profileVersion?.match(/\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.]+)?/g);
  return all ? all[all.length - 1] : null;
}

export type { InstalledAgent };

/** The first of the agent's executables (AgentSigns.executables) on `PATH`, or null. */
export function agentOnPath(signs: AgentSigns | undefined, pathVariable: string | undefined): string | null {
  for (const command of signs?.executables ?? []) {
    const found = findOnPath(command, pathVariable);
    if (found !== null) return found;
  }
  return null;
}

export function installedAgent(signs: AgentSigns | undefined, executable: string, profileVersion: string | undefined): InstalledAgent {
  const version = installedVersion(signs?.packages ?? [], executable);
  const verified = verifiedRelease(profileVersion);
  return { executable, version, verified, differs: version !== null && verified !== null && version !== verified };
}

/** "verified against 2.1.328; this machine has 2.1.300", or null when they agree or one is unknown. */
export function versionNote(agent: InstalledAgent): string | null {
  return agent.differs ? `verified against ${agent.verified}; this machine has ${agent.version}` : null;
}

/**
 * Adds `installedAgent` to evidence of an agent's profile when that agent is on `PATH`: the
 * front ends (CLI, VS Code) call this after resolving; the resolver never looks at the machine's
 * agents. Reads a package.json, never runs the agent.
 */
export function decorateInstalledAgent(evidence: Evidence, pathVariable: string | undefined): Evidence {
  const signs = profileCard(evidence.profile)?.signs;
  if (!signs?.packages) return evidence;
  const executable = agentOnPath(signs, pathVariable);
  if (executable !== null) evidence.installedAgent = installedAgent(signs, executable, evidence.profileVersion);
  return evidence;
}

/** One line on the installed agent for a report, or null when there is none on PATH. */
export function installedAgentLine(evidence: Pick<Evidence, 'installedAgent'>): string | null {
  const a = evidence.installedAgent;
  if (!a) return null;
  if (a.version === null) return `${a.executable}: its version cannot be read without running it`;
  const note = versionNote(a);
  if (note) return `${a.executable}: the profile was ${note}`;
  return `${a.executable}: ${a.version}${a.verified === null ? '' : ', the release the profile was verified against'}`;
}
