/**
 * The resolution pipeline (docs/contract.md §1–§9), one stage per module under stages/:
 *   inputs → discover → load (and imports, dialect) → order → apply → supersede → fit and
 *   render → evidence.
 * What differs between instruction-loading systems is the Profile's data and strategies; this
 * file never asks which profile it runs. Failures of the whole call throw ResolveError;
 * everything else is data in the evidence.
 */
import * as os from 'node:os';
import type { FileCache } from './cache';
import { ResolveError, type Evidence, type SkippedCandidate } from './evidence';
import { ResolverFs, nodeResolverFs } from './fs';
import { Boundary } from './boundary';
import { Listings } from './listings';
import { canonicalize, depthOf, toRelative } from './paths';
import type { Configured, DiscoverContext, Profile, ProfileContext, ResolveOptions } from './profile';
import { DEFAULT_PROFILE, profileByName } from './profiles';
import { applySources } from './stages/apply';
import { discover } from './stages/discover';
import { assembleEvidence } from './stages/evidence';
import { readInputs } from './stages/inputs';
import { loadSources } from './stages/load';
import { orderSources } from './stages/order';
import { fitAndRender } from './stages/render';
import { supersede } from './stages/supersede';
import { Diagnostics, Inputs, Io } from './stages/types';

export { GLOBAL_FILE_NAME, GlobalFile, defaultGlobalFile, explicitGlobalFile } from './global-file';
export type { ResolveOptions } from './profile';

/** The profile `options` select, with `options.candidates` applied. */
export function profileOf(options: ResolveOptions): Profile {
  const given = options.profile;
  const profile = given === undefined ? DEFAULT_PROFILE : typeof given === 'string' ? profileByName(given) : given;
  if (!options.candidates || profile.directories.length === 0) return profile;
  const [first, ...rest] = profile.directories;
  return { ...profile, directories: [{ ...first, names: options.candidates }, ...rest] };
}

/** `dir` with its links resolved when it exists (a link's real path is compared with it); else as given. */
function canonicalIfPresent(fs: ResolverFs, dir: string): string {
  try {
    return canonicalize(fs, dir).path;
  } catch {
    return dir;
  }
}

/**
 * One call's I/O. A class, not an object literal: a getter in a literal gives each call's object
 * a map of its own in the old generation, whose accessor keeps the call's closures (and through
 * them everything the call built) alive past the next scavenges.
 */
class CallIo implements Io {
  readonly diagnostics = new Diagnostics();
  readonly skipped: SkippedCandidate[] = [];
  readonly listings: Listings;
  readonly cache: FileCache | undefined;
  private foundHomes: readonly string[] | undefined;
  private inputBoundary: Boundary | undefined;
  /** The home directory, canonical. */
  readonly home: string;

  constructor(
    options: ResolveOptions,
    readonly fs: ResolverFs,
    private readonly profile: Profile,
    readonly homedir: string,
    private readonly env: ProfileContext['env'],
  ) {
    this.cache = options.cache;
    this.home = canonicalIfPresent(fs, homedir);
    this.listings = new Listings(
      fs,
      profile.directories.reduce((n, rule) => n + rule.names.length, 0),
    );
  }

  get homes(): readonly string[] {
    const { profile, env, homedir, fs } = this;
    return (this.foundHomes ??= (profile.load.homes?.({ env, homedir, path: fs.path }) ?? []).map((dir) => canonicalIfPresent(fs, dir)));
  }

  get boundary(): Boundary {
    if (!this.inputBoundary) throw new Error('the boundary is known only once the inputs are');
    return this.inputBoundary;
  }

  /** Sets the call's containment rule once the inputs are read. */
  bound(inputs: Inputs): void {
    this.inputBoundary = new Boundary(this.fs.path, inputs.root, inputs.workspace, this.home, () => this.homes);
  }

  skip(path: string, reason: SkippedCandidate['reason'], message: string): void {
    this.skipped.push({ path, reason });
    this.diagnostics.add(reason, path, null, message);
  }
}

function discoverContext(base: ProfileContext, inputs: Inputs, io: Io): DiscoverContext {
  const P = io.fs.path;
  // Written out rather than spread from `base`: on Node 20, a spread followed by new keys builds a
  // hidden class per object, one for every call.
  return {
    fs: base.fs,
    env: base.env,
    homedir: base.homedir,
    settings: base.settings,
    options: base.options,
    root: inputs.root,
    cwd: inputs.cwd,
    projectRoot: inputs.projectRoot,
    boundary: io.boundary,
    projectRel: inputs.projectRel,
    targets: inputs.targets,
    display: (abs) => toRelative(P, inputs.root, abs),
    depthOf: (rel) => {
      const parts = rel === '' ? [] : rel.split('/');
      const up = parts.filter((p) => p === '..').length;
      return up > 0 ? -up + (parts.length - up) : depthOf(rel);
    },
    lstat: (abs) => io.fs.lstat(abs),
    diagnostic: (code, source, line, message) => io.diagnostics.add(code, source, line, message),
  };
}

export function resolveInstructions(root: string, targets: readonly string[], options: ResolveOptions = {}): Evidence {
  const fs = options.fs ?? nodeResolverFs;
  const homedir = options.homedir ?? os.homedir();
  const base: ProfileContext = {
    fs,
    env: options.env ?? process.env,
    homedir,
    settings: options.settings ?? {},
    options,
    cwd: fs.path.resolve(root),
  };
  const selected = profileOf(options);
  // A profile that reads no settings says so, rather than ignoring a --set the user meant.
  const given = Object.keys(base.settings);
  if (given.length > 0 && !selected.settings && !selected.flags && !selected.configure) {
    throw new ResolveError('usage', `the ${selected.name} profile takes no settings; --set ${given[0]}=… has no meaning there`);
  }
  const configured: Configured = selected.configure?.(base) ?? {};
  const profile = configured.profile ?? selected;
  const io = new CallIo(options, fs, profile, homedir, base.env);

  // A profile whose system loads instructions before any file is touched resolves the root itself.
  const requested = targets.length === 0 && profile.noTargets === 'root' ? [''] : targets;
  const inputs = readInputs(fs, root, requested, profile, options, io.listings, io.home);
  io.bound(inputs);
  const ctx = discoverContext(base, inputs, io);
  const { found, discovery } = discover(profile, inputs, io, ctx);
  // Asked after discovery: a system whose trust depends on its configuration has just read it.
  const trust = profile.trust?.(ctx, discovery);
  const entries = loadSources(found, profile, io, trust);
  const ordered = orderSources(entries, profile);
  const applied = applySources(ordered, inputs, fs.path);
  const settled = supersede(applied, profile);
  const frame = { cwd: inputs.cwd, root: inputs.root, path: fs.path, session: discovery.session };
  const rendered = fitAndRender(settled, inputs, profile, frame);
  return assembleEvidence(inputs, settled, rendered, profile, io, { configured, discovery, trust });
}
