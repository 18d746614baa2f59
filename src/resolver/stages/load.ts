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
import { ReadOptions, ReadResult, readInstructionFile, unreadDigest } from '../read';
import { sameStatus } from '../moment-fs';
import { createHash } from 'node:crypto';
import type { SkippedCandidate } from '../evidence';
import type { Entry, Found, Io } from './types';

/** A found candidate that was located (exists, checked). */
type Located = Extract<Found['located'], { ok: true }>;
import type { Boundary } from '../boundary';
import { canonicalize } from '../paths';

/** What a file outside the boundary (boundary.ts) contributes under `follow-disclose`: never its text. */
export const DISCLOSED_PLACEHOLDER = '[not shown: links outside the repository]';

/** The file cache's key for a dialect and reading: Holaryn's own stays the historical `true`. */
function cacheMode(dialect: Dialect | null, how: ReadOptions): boolean | string {
  const lossy = how.lossy === true;
  const extra = `${how.keepBom === true ? '/bom' : ''}${how.rawBytes === true ? '/raw' : ''}${how.keepNul === true && !lossy ? '/nul' : ''}`;
  if (!lossy && extra === '' && dialect?.name === 'holaryn') return true;
  if (!lossy && extra === '' && dialect === null) return false;
  return `${dialect?.name ?? 'none'}${lossy ? '/lossy' : ''}${extra}`;
}

/** How a profile reads its files: its load rule, and whether its budget counts bytes as read (hooks.fit). */
function readOptions(profile: Profile): ReadOptions {
  const rule = profile.load;
  const rawBytes = profile.hooks?.fit?.bytesAsRead === true;
  return { lossy: rule.decode === 'lossy', keepBom: rule.keepBom === true, rawBytes, keepNul: nulSent(rule) };
}

/** Whether the system loads a file holding NUL bytes (LoadRule.nulBytes). */
function nulSent(rule: LoadRule): boolean {
  return (rule.nulBytes ?? (rule.decode === 'lossy' ? 'sent' : 'refused')) === 'sent';
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
  preread: ReadResult | undefined,
): LoadedFile {
  const hit = cache?.get(canonical, st, mode);
  // The profile read the file already, the same way (NamedCandidate.preread): not read twice.
  const read = hit ? hit.read : preread?.ok && sameStatus(preread.stat, st) ? preread : readInstructionFile(fs, canonical, st, how);
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

/**
 * A file the profile only reports as not loaded: nothing of it reaches the model, so it is not
 * read; its identity is its status, and its hash that of its size and mtime.
 */
function unread(st: FsStat): LoadedFile & { read: { ok: true } } {
  return {
    read: { ok: true, sha256: unreadDigest(st), bytes: st.size, text: '', tooLarge: false, stat: st },
    parsed: plain(''),
    frontmatterBytes: 0,
  };
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

/**
 * Loads every found candidate, in discovery order, in named steps: read (or disclose, or take as
 * not read), refuse or warn about NUL bytes, expand imports and trim, then decide the entry's
 * report (shadowed in its pick-first group, the candidate's own report, blank, untrusted). Last,
 * a project read that failed as a whole (hooks.load.projectReadFailure) reports the rest.
 */
export function loadSources(found: readonly Found[], profile: Profile, io: Io, trust: TrustVerdict | undefined): Entry[] {
  const run = new LoadRun(profile, io, trust);
  for (const f of found) run.add(f);
  return run.finish();
}

/** One call's load: what the steps share (the read options, the files read, the groups' winners). */
class LoadRun {
  readonly entries: Entry[] = [];
  private readonly rule: LoadRule;
  private readonly how: ReadOptions;
  private readonly mode: boolean | string;
  private readonly sendsNul: boolean;
  private readonly trimText: (text: string) => string;
  private readonly loadedByIdentity = new Map<string, LoadedFile>();
  private readonly yamlBudget = { remaining: MAX_FRONTMATTER_BYTES_PER_RESOLUTION };
  /** Pick-first groups: the winner's path once one loaded. */
  private readonly winners = new Map<string, string>();
  /** The first file whose read error fails the whole project read (hooks.load.projectReadFailure), if any. */
  private failed: string | undefined;

  constructor(
    private readonly profile: Profile,
    private readonly io: Io,
    private readonly trust: TrustVerdict | undefined,
  ) {
    this.rule = profile.load;
    this.how = readOptions(profile);
    this.mode = cacheMode(profile.dialect, this.how);
    this.sendsNul = nulSent(this.rule);
    this.trimText = this.rule.trimWith ?? ((text: string) => text.trim());
  }

  add(f: Found): void {
    const located = f.located;
    if (!located.ok) return this.skipFailed(f, located.reason, located.message, located.code);
    if (this.rule.maxBytes !== undefined && located.stat.size > this.rule.maxBytes) {
      this.io.skip(f.path, 'too-large', `${f.path} is ${located.stat.size} bytes, over the ${this.rule.maxBytes}-byte limit; skipped`);
      return;
    }
    const identity = `${located.stat.dev}:${located.stat.ino}`;
    const loaded = this.read(f, located, identity);
    if (!loaded.read.ok) return this.skipFailed(f, 'unreadable', `${f.path}: ${loaded.read.message}; skipped`, loaded.read.code);
    const notRead = f.report?.status === 'not-loaded' && located.disclose === undefined;
    if (loaded.read.nul && !notRead && !this.nulAccepted(f)) return;
    const parsed = loaded.parsed as DialectResult | null;
    const content = this.contentOf(f, located, parsed?.content ?? '', notRead);
    const blank = this.rule.skipEmpty && !notRead && this.trimText(content) === '';
    if (blank && !this.rule.reportEmpty) return;
    if (loaded.read.replaced) {
      this.io.diagnostics.add('invalid-utf8', f.path, null, `${f.path} is not valid UTF-8; the bytes that are not were read as U+FFFD`);
    }
    const entry = this.entryOf(f, located, identity, loaded as Entry['loaded'], parsed, content);
    this.report(entry, f, blank);
    this.entries.push(entry);
  }

  /** Every entry; when the project read failed as a whole, the project's are reported not loaded. */
  finish(): Entry[] {
    if (this.failed !== undefined) {
      const reason = this.profile.hooks!.load!.projectReadFailure!(this.failed);
      for (const e of this.entries) if (e.scope !== 'global' && !e.report) e.report = { status: 'not-loaded', reason };
    }
    return this.entries;
  }

  /** The file's text as loaded: its placeholder when disclosed, nothing when only reported, else read once per identity. */
  private read(f: Found, located: Located, identity: string): LoadedFile {
    if (located.disclose !== undefined) {
      this.io.diagnostics.add('symlink-outside-root', f.path, null, disclosure(this.profile, f, this.io.boundary.name(located.disclose)));
      return disclosed(located.stat);
    }
    if (f.report?.status === 'not-loaded') return this.loadedByIdentity.get(identity) ?? unread(located.stat);
    let loaded = this.loadedByIdentity.get(identity);
    if (!loaded) {
      const { fs, cache } = this.io;
      loaded = load(fs, located.canonical, located.stat, this.profile.dialect, this.how, this.mode, cache, this.yamlBudget, f.preread);
      this.loadedByIdentity.set(identity, loaded);
    }
    return loaded;
  }

  /** A file holding NUL bytes: skipped, or (LoadRule.nulBytes `sent`) loaded with a `binary` warning. */
  private nulAccepted(f: Found): boolean {
    if (!this.sendsNul) {
      this.skipFailed(f, 'unreadable', `${f.path}: file contains NUL bytes (a binary file); skipped`);
      return false;
    }
    this.io.diagnostics.add(
      'binary',
      f.path,
      null,
      `${f.path} contains NUL bytes (a binary file): the agent this profile follows reads it as text and sends them to the model as they are (Holaryn's own profile skips such a file)`,
    );
    return true;
  }

  /** The dialect's content with the profile's imports expanded, then trimmed when the candidate or rule says so. */
  private contentOf(f: Found, located: Located, content: string, notRead: boolean): string {
    const { fs, boundary } = this.io;
    if (located.disclose === undefined && !notRead) {
      // Expanded by the agent's own discovery already (SourceFacts.imported), else by the profile's rule.
      const expanded =
        f.facts?.imported ??
        this.profile.imports?.expand(
          content,
          { abs: located.canonical, path: f.path, tag: f.tag, facts: f.facts },
          { fs, read: (abs) => readText(fs, abs, this.how, boundary) },
        );
      if (expanded) {
        content = expanded.content;
        for (const d of expanded.diagnostics) this.io.diagnostics.add(d.code, f.path, d.line, d.message);
      }
    }
    return (f.trim ?? this.rule.trim) ? this.trimText(content) : content;
  }

  private entryOf(
    f: Found,
    located: Located,
    identity: string,
    loaded: Entry['loaded'],
    parsed: DialectResult | null,
    content: string,
  ): Entry {
    const metadata = parsed?.metadata ?? null;
    const entry: Entry = {
      path: f.path,
      scope: f.scope,
      directory: f.directory,
      depth: f.depth,
      filename: f.filename,
      stat: located.stat,
      identity,
      loaded,
      metadata,
      appliesTo: metadata?.applies_to ? compiled(metadata.applies_to) : null,
      excludes: metadata && metadata.excludes.length > 0 ? compiled(metadata.excludes) : null,
      applicability: f.applicability ?? parsed?.applicability ?? null,
      content,
      priority: metadata?.priority ?? 0,
      rank: f.rank,
      seq: this.entries.length,
      delivery: f.delivery,
      canonical: located.canonical,
    };
    if (f.note !== undefined) entry.note = f.note;
    if (located.disclose !== undefined) entry.disclosed = this.io.boundary.name(located.disclose);
    if (f.otherwise !== undefined) entry.otherwise = f.otherwise;
    if (f.tag !== undefined) entry.tag = f.tag;
    if (f.facts !== undefined) entry.facts = f.facts;
    if (f.yieldsToSameFile) entry.yieldsToSameFile = true;
    // The bytes stand for the content only while it is the file's whole text, untouched.
    if (loaded.read.raw !== undefined && content === loaded.read.text) entry.raw = loaded.read.raw;
    return entry;
  }

  /** The entry's status decided before applicability: shadowed, the candidate's own, blank, untrusted. */
  private report(entry: Entry, f: Found, blank: boolean): void {
    if (f.group !== undefined && !(blank && this.profile.hooks?.load?.blankYieldsGroup?.(f))) {
      const winner = this.winners.get(f.group);
      if (winner !== undefined) entry.report = { status: 'shadowed', reason: `${winner} comes first in this directory`, by: winner };
      else this.winners.set(f.group, f.path);
    }
    if (!entry.report && f.report) entry.report = { ...f.report };
    if (!entry.report && blank)
      entry.report = this.rule.emptyReport
        ? { ...this.rule.emptyReport }
        : { status: 'omitted', reason: 'empty or only whitespace: skipped, costs nothing' };
    // A trust decision is about the repository: the user's own global files are not its to keep out.
    if (!entry.report && this.trust && !this.trust.trusted && entry.scope !== 'global') {
      entry.report = { status: 'untrusted', reason: this.trust.reason ?? 'the repository is not trusted' };
    }
  }

  /** Skips a candidate; the first project file whose read error fails the project read says so. */
  private skipFailed(f: Found, reason: SkippedCandidate['reason'], message: string, code?: string): void {
    const fails = this.profile.hooks?.load?.projectReadFailure;
    if (fails !== undefined && this.failsProject(f, code)) {
      this.failed = f.path;
      message = `${message}; ${fails(f.path)}`;
    }
    this.io.skip(f.path, reason, message);
  }

  private failsProject(f: Found, code: string | undefined): boolean {
    return (
      this.failed === undefined &&
      code !== undefined &&
      code !== 'ENOENT' &&
      f.scope !== 'global' &&
      f.report === undefined &&
      this.trust?.trusted !== false &&
      !(f.group !== undefined && this.winners.has(f.group))
    );
  }
}
