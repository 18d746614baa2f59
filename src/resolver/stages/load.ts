/**
 * Stage 3, load (docs/contract.md §2, §4, §7): the only file reads. Each located candidate is read
 * once per file identity (device + inode), through the warm cache, decoded, and parsed by the
 * profile's dialect; pick-first rules decide their winners here, since a candidate that cannot
 * be read does not count as existing.
 */
import type { FileCache, LoadedFile } from '../cache';
import type { FsStat, ResolverFs } from '../fs';
import { frontmatterBlockBytes as frontmatterBlockBytesOf, unparsedInstructions } from '../frontmatter';
import { PatternSet } from '../globs';
import { MAX_FRONTMATTER_BYTES_PER_RESOLUTION } from '../limits';
import type { Dialect, DialectResult, LoadRule, Profile, TrustVerdict } from '../profile';
import { ReadOptions, readInstructionFile } from '../read';
import { createHash } from 'node:crypto';
import type { SkippedCandidate } from '../evidence';
import type { Entry, Found, Io } from './types';
import type { Boundary } from '../boundary';
import { canonicalize } from '../paths';

/** What a file outside the boundary (boundary.ts) contributes under `follow-disclose`: never its text. */
export const DISCLOSED_PLACEHOLDER = '[not shown: links outside the repository]';

/** The file cache's key for a dialect and reading: Holaryn's own stays the historical `true`. */
function cacheMode(dialect: Dialect | null, how: ReadOptions): boolean | string {
  const lossy = how.lossy === true;
  const extra = `${how.keepBom === true ? '/bom' : ''}${how.rawBytes === true ? '/raw' : ''}`;
  if (!lossy && extra === '' && dialect?.name === 'holaryn') return true;
  if (!lossy && extra === '' && dialect === null) return false;
  return `${dialect?.name ?? 'none'}${lossy ? '/lossy' : ''}${extra}`;
}

/** How a profile's load rule reads its files. */
function readOptions(rule: LoadRule): ReadOptions {
  return { lossy: rule.decode === 'lossy', keepBom: rule.keepBom === true, rawBytes: rule.rawBytes === true };
}

/**
 * Loads one file through the cache. `yaml` is what one resolution may still parse of frontmatter
 * (MAX_FRONTMATTER_BYTES_PER_RESOLUTION); a block past it is not parsed, whether or not a parse
 * is cached, so cold and warm resolutions agree.
 */
function load(
  fs: ResolverFs,
  canonical: string,
  st: FsStat,
  dialect: Dialect | null,
  how: ReadOptions,
  mode: boolean | string,
  cache: FileCache | undefined,
  yaml: { remaining: number },
): LoadedFile {
  const hit = cache?.get(canonical, st, mode);
  const read = hit ? hit.read : readInstructionFile(fs, canonical, st, how);
  if (!read.ok) {
    const failed: LoadedFile = { read, parsed: null, frontmatterBytes: 0 };
    // Only a failure of the bytes themselves lasts as long as they do; an I/O error may not.
    if (cache && !hit && read.stat) cache.set(canonical, read.stat, mode, failed);
    return failed;
  }
  const bytes = hit ? hit.frontmatterBytes : dialect?.yaml ? frontmatterBlockBytesOf(read.text) : 0;
  if (bytes > yaml.remaining) {
    const reason = `frontmatter not parsed: this resolution already parsed ${MAX_FRONTMATTER_BYTES_PER_RESOLUTION - yaml.remaining} of at most ${MAX_FRONTMATTER_BYTES_PER_RESOLUTION} bytes of frontmatter`;
    return { read, parsed: unparsedInstructions(read.text, reason), frontmatterBytes: 0 };
  }
  yaml.remaining -= bytes;
  if (hit) return hit;
  const parsed: DialectResult = dialect ? dialect.parse(read.text) : plain(read.text);
  const loaded: LoadedFile = { read, parsed, frontmatterBytes: bytes };
  // Keyed by the status of the bytes actually read: a file that changed between the check and
  // the read is cached as the version it is, never under the older version's key.
  cache?.set(canonical, read.stat, mode, loaded);
  return loaded;
}

function plain(text: string): DialectResult {
  return { metadata: null, content: text, diagnostics: [], keys: [], contentLine: 1, blockRange: null };
}

/**
 * Compiled pattern lists, shared by content: a list is compiled once however many sources (and
 * resolutions) use it. Compiling is deterministic, so equal lists give equal matchers. Bounded:
 * it starts afresh when full.
 */
const compiledPatterns = new Map<string, PatternSet>();
const COMPILED_PATTERN_LISTS = 4096;
function compiled(patterns: readonly string[]): PatternSet {
  const key = JSON.stringify(patterns);
  let set = compiledPatterns.get(key);
  if (!set) {
    if (compiledPatterns.size >= COMPILED_PATTERN_LISTS) compiledPatterns.clear();
    compiledPatterns.set(key, (set = new PatternSet(patterns)));
  }
  return set;
}

/** A file that was not read (a link leading outside): its placeholder as a loaded file. */
function disclosed(st: FsStat): LoadedFile & { read: { ok: true } } {
  const text = DISCLOSED_PLACEHOLDER;
  const sha256 = createHash('sha256').update(text).digest('hex');
  return {
    read: { ok: true, sha256, bytes: Buffer.byteLength(text), text, tooLarge: false, stat: st },
    parsed: plain(text),
    frontmatterBytes: 0,
  };
}

/**
 * What the `symlink-outside-root` diagnostic of a disclosed file says: where it leads and, when the
 * agent loads it, that its text would reach the model.
 */
export function disclosure(profile: Profile, f: Pick<Found, 'path' | 'report'>, shown: string): string {
  const agent = profile.agent ?? `the ${profile.name} profile's system`;
  const where = `${f.path} leads to ${shown}, outside the workspace and ${agent}'s own folders`;
  const sent = f.report === undefined ? `: ${agent} would send ${shown} to the model` : '';
  return `${where}${sent}; Holaryn does not read it, and shows "${DISCLOSED_PLACEHOLDER}" instead`;
}

/** A whole file's text for an import, or undefined when it cannot be read or lies outside the boundary. */
function readText(fs: ResolverFs, abs: string, how: ReadOptions, boundary: Boundary): string | undefined {
  try {
    const real = canonicalize(fs, abs);
    if (!real.exists || !boundary.contains(real.path)) return undefined;
    const st = fs.stat(real.path);
    if (!st || st.kind !== 'file') return undefined;
    const read = readInstructionFile(fs, real.path, st, how);
    return read.ok ? read.text : undefined;
  } catch {
    return undefined;
  }
}

export function loadSources(found: readonly Found[], profile: Profile, io: Io, trust: TrustVerdict | undefined): Entry[] {
  const { fs, cache } = io;
  const rule = profile.load;
  const how = readOptions(rule);
  const mode = cacheMode(profile.dialect, how);
  const entries: Entry[] = [];
  const loadedByIdentity = new Map<string, LoadedFile>();
  const yamlBudget = { remaining: MAX_FRONTMATTER_BYTES_PER_RESOLUTION };
  /** Pick-first groups: the winner's path once one loaded. */
  const winners = new Map<string, string>();
  /** The first file whose read error fails the whole project read (LoadRule.readErrorDropsProject), if any. */
  let failed: string | undefined;
  const failsProject = (f: Found, code: string | undefined): boolean =>
    rule.readErrorDropsProject !== undefined &&
    failed === undefined &&
    code !== undefined &&
    code !== 'ENOENT' &&
    f.scope !== 'global' &&
    f.report === undefined &&
    trust?.trusted !== false &&
    !(f.group !== undefined && winners.has(f.group));
  const skipFailed = (f: Found, reason: SkippedCandidate['reason'], message: string, code?: string) => {
    if (failsProject(f, code)) {
      failed = f.path;
      message = `${message}; ${rule.readErrorDropsProject!(f.path)}`;
    }
    io.skip(f.path, reason, message);
  };
  for (const f of found) {
    const located = f.located;
    if (!located.ok) {
      skipFailed(f, located.reason, located.message, located.code);
      continue;
    }
    if (rule.maxBytes !== undefined && located.stat.size > rule.maxBytes) {
      io.skip(f.path, 'too-large', `${f.path} is ${located.stat.size} bytes, over the ${rule.maxBytes}-byte limit; skipped`);
      continue;
    }
    const identity = `${located.stat.dev}:${located.stat.ino}`;
    let loaded: LoadedFile | undefined;
    if (located.disclose !== undefined) {
      loaded = disclosed(located.stat);
      io.diagnostics.add('symlink-outside-root', f.path, null, disclosure(profile, f, io.boundary.name(located.disclose)));
    } else {
      loaded = loadedByIdentity.get(identity);
      if (!loaded) {
        loaded = load(fs, located.canonical, located.stat, profile.dialect, how, mode, cache, yamlBudget);
        loadedByIdentity.set(identity, loaded);
      }
    }
    if (!loaded.read.ok) {
      skipFailed(f, 'unreadable', `${f.path}: ${loaded.read.message}; skipped`, loaded.read.code);
      continue;
    }
    const parsed = loaded.parsed as DialectResult | null;
    let content = parsed?.content ?? '';
    if (profile.imports && located.disclose === undefined) {
      const expanded = profile.imports.expand(
        content,
        { abs: located.canonical, path: f.path },
        { fs, read: (abs) => readText(fs, abs, how, io.boundary) },
      );
      content = expanded.content;
      for (const d of expanded.diagnostics) io.diagnostics.add(d.code, f.path, d.line, d.message);
    }
    const trim = rule.trimWith ?? ((text: string) => text.trim());
    if (f.trim ?? rule.trim) content = trim(content);
    const blank = rule.skipEmpty && trim(content) === '';
    if (blank && !rule.reportEmpty) continue;
    if (loaded.read.replaced) {
      io.diagnostics.add('invalid-utf8', f.path, null, `${f.path} is not valid UTF-8; the bytes that are not were read as U+FFFD`);
    }
    const metadata = parsed?.metadata ?? null;
    const entry: Entry = {
      path: f.path,
      scope: f.scope,
      directory: f.directory,
      depth: f.depth,
      filename: f.filename,
      stat: located.stat,
      identity,
      loaded: loaded as Entry['loaded'],
      metadata,
      appliesTo: metadata?.applies_to ? compiled(metadata.applies_to) : null,
      excludes: metadata && metadata.excludes.length > 0 ? compiled(metadata.excludes) : null,
      applicability: f.applicability ?? parsed?.applicability ?? null,
      content,
      priority: metadata?.priority ?? 0,
      rank: f.rank,
      seq: entries.length,
      delivery: f.delivery,
      canonical: located.canonical,
    };
    if (f.note !== undefined) entry.note = f.note;
    if (located.disclose !== undefined) entry.disclosed = io.boundary.name(located.disclose);
    if (f.otherwise !== undefined) entry.otherwise = f.otherwise;
    if (f.tag !== undefined) entry.tag = f.tag;
    if (f.yieldsToSameFile) entry.yieldsToSameFile = true;
    // The bytes stand for the content only while it is the file's whole text, untouched.
    if (loaded.read.raw !== undefined && content === loaded.read.text) entry.raw = loaded.read.raw;
    if (f.group !== undefined && !(blank && f.yieldsWhenBlank)) {
      const winner = winners.get(f.group);
      if (winner !== undefined) entry.report = { status: 'shadowed', reason: `${winner} comes first in this directory`, by: winner };
      else winners.set(f.group, f.path);
    }
    if (!entry.report && f.report) entry.report = { ...f.report };
    if (!entry.report && blank)
      entry.report = rule.emptyReport
        ? { ...rule.emptyReport }
        : { status: 'omitted', reason: 'empty or only whitespace: skipped, costs nothing' };
    // A trust decision is about the repository: the user's own global files are not its to keep out.
    if (!entry.report && trust && !trust.trusted && entry.scope !== 'global') {
      entry.report = { status: 'untrusted', reason: trust.reason ?? 'the repository is not trusted' };
    }
    entries.push(entry);
  }
  if (failed !== undefined) {
    const reason = rule.readErrorDropsProject!(failed);
    for (const e of entries) if (e.scope !== 'global' && !e.report) e.report = { status: 'not-loaded', reason };
  }
  return entries;
}
