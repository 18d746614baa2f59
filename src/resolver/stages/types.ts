/** The data that flows between the pipeline's stages (see resolve.ts). */
import type { LoadedFile } from '../cache';
import type { Diagnostic, DiagnosticCode, Metadata, SkippedCandidate, SourceDelivery, SourceScope, TargetEvidence } from '../evidence';
import { DIAGNOSTIC_SEVERITY } from '../evidence';
import type { FsStat, ResolverFs } from '../fs';
import type { PatternSet } from '../globs';
import type { Listings } from '../listings';
import type { Applicability, SourceFacts } from '../profile';
import type { Boundary } from '../boundary';
import type { FileCache } from '../cache';
import type { ReadResult } from '../read';

export class Diagnostics {
  readonly list: Diagnostic[] = [];
  add(code: DiagnosticCode, source: string | null, line: number | null, message: string, extra: Partial<Diagnostic> = {}): void {
    this.list.push({ severity: DIAGNOSTIC_SEVERITY[code], code, source, line, message, ...extra });
  }
}

/** What every stage may use: the filesystem, the cache, and where problems are reported. */
export interface Io {
  readonly fs: ResolverFs;
  readonly cache: FileCache | undefined;
  readonly listings: Listings;
  readonly diagnostics: Diagnostics;
  readonly skipped: SkippedCandidate[];
  /** The home directory (a `follow-disclose` link may lead there). */
  readonly homedir: string;
  /**
   * The profile's own folders (LoadRule.homes), canonical: a followed link may lead there and still
   * be read. Worked out on first use: only a link leading outside the root asks.
   */
  readonly homes: readonly string[];
  /** The containment rule of this call (boundary.ts), known once the inputs are. */
  readonly boundary: Boundary;
  /** Reports a candidate that exists but is not loaded. */
  skip(path: string, reason: SkippedCandidate['reason'], message: string): void;
}

/** The normalised inputs: canonical roots, resolved targets, the budget. */
export interface Inputs {
  /** Canonical given root: evidence `root`, the base of every evidence path. */
  readonly root: string;
  /** Canonical project root (the given root unless the profile walks up to a marker). */
  readonly projectRoot: string;
  /**
   * Canonical workspace: what a repository's files must stay in (boundary.ts). The project root,
   * but never above the root's git repository nor at or above the home directory.
   */
  readonly workspace: string;
  /** The given root as given: absolute, normalised, links not resolved. */
  readonly cwd: string;
  /** The project root relative to the given root: `""`, `..`, `../..`. */
  readonly projectRel: string;
  readonly targets: TargetEvidence[];
  /** For a missing target below a missing directory: where its chain ends (see TargetCanonicalizer). */
  readonly chainFrom: ReadonlyMap<string, string>;
  /** In the profile's unit; null when the profile has none. */
  readonly budget: number | null;
}

/** A candidate found by discovery: located (exists, checked) or failed with a reason. */
export interface Found {
  path: string;
  scope: SourceScope;
  directory: string | null;
  depth: number;
  filename: string;
  rank: number;
  delivery: SourceDelivery;
  /** Pick-first group: candidates of one rule in one directory (undefined: every one is a source). */
  group?: string;
  report?: { status: 'not-loaded' | 'untrusted'; reason: string };
  note?: string;
  /** Trim this file's text (overrides LoadRule.trim). */
  trim?: boolean;
  /** Another path to the same file that does not yield is kept over this one (hooks.dedupe.yieldsToSameFile). */
  yieldsToSameFile?: boolean;
  applicability?: Applicability;
  otherwise?: SourceDelivery;
  tag?: string;
  /** What the profile's discovery knew of it (NamedCandidate.facts). */
  facts?: SourceFacts;
  /** The file as the profile already read it (NamedCandidate.preread). */
  preread?: ReadResult;
  /** The located file, or why it is skipped. */
  located:
    | { ok: true; canonical: string; stat: FsStat; disclose?: string }
    | { ok: false; reason: SkippedCandidate['reason']; message: string; code?: string };
}

/** An instruction file loaded as a source, with its content and frontmatter. */
export interface Entry {
  path: string;
  scope: SourceScope;
  directory: string | null;
  depth: number;
  filename: string;
  stat: FsStat;
  identity: string;
  loaded: LoadedFile & { read: { ok: true } };
  metadata: Metadata | null;
  appliesTo: PatternSet | null;
  excludes: PatternSet | null;
  applicability: Applicability | null;
  /** The text the source contributes (the dialect's content, trimmed or replaced as the profile says). */
  content: string;
  /** Precedence keys (OrderKey). */
  priority: number;
  rank: number;
  seq: number;
  delivery: SourceDelivery;
  /** A status decided before applicability: shadowed, not loaded, untrusted. */
  report?: { status: 'shadowed' | 'not-loaded' | 'untrusted' | 'omitted'; reason: string; by?: string };
  note?: string;
  /** The delivery to report when it applies to no target. */
  otherwise?: SourceDelivery;
  tag?: string;
  /** What the profile's discovery knew of it (NamedCandidate.facts). */
  facts?: SourceFacts;
  /** Outside the boundary: where it leads, as messages name it (never read). */
  disclosed?: string;
  /** Another path to the same file that does not yield is kept over this one. */
  yieldsToSameFile?: boolean;
  /** The bytes `content` was decoded from, where they differ from its UTF-8 (hooks.fit.bytesAsRead). */
  raw?: Uint8Array;
  /** Canonical absolute path. */
  canonical: string;
}
