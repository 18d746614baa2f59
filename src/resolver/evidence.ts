/**
 * The evidence object: the public contract of every Holaryn front end (spec section 9).
 *
 * Field names here are fixed by the contract and must never be renamed; extra fields are
 * allowed. Paths are root-relative and `/`-separated everywhere except `root`.
 */

export const EVIDENCE_SCHEMA = 'holaryn.instructions/v1';

export type TargetKind = 'file' | 'directory' | 'missing';

export interface TargetEvidence {
  /** Root-relative canonical path; `""` for the root itself. */
  path: string;
  kind: TargetKind;
  /** The path as given, only when it differs from `path` (through a symlink, `..`). */
  requested?: string;
}

/** Every source status, in one place (the MCP output schema is built from this list). */
export const SOURCE_STATUSES = [
  'included',
  'truncated',
  'omitted',
  'superseded',
  'not-applicable',
  'duplicate',
  'shadowed',
  'not-loaded',
  'untrusted',
] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

/** `project`: above the given root (a profile that walks up); `agent`: an agent's home. */
export const SOURCE_SCOPES = ['global', 'workspace', 'project', 'agent'] as const;
export type SourceScope = (typeof SOURCE_SCOPES)[number];

/** `baseline`: in the context from a session's start; `on-touch`: when a tool touches a path below it; `listed`: only named. */
export type SourceDelivery = 'baseline' | 'on-touch' | 'listed';

/** Effective frontmatter values: defaults filled in, globs and commands always arrays. */
export interface Metadata {
  applies_to: string[] | null;
  excludes: string[];
  priority: number;
  mode: 'append' | 'replace';
  required_validation: string[];
}

/** Why a source did not apply to one target (extra, structured form of `reason`). */
export interface NotApplicableFor {
  target: string;
  key: 'applies_to' | 'excludes';
  /** The excluding pattern, or null when no `applies_to` pattern matched. */
  pattern: string | null;
  /** Why, in words, when a profile's own applicability says more than "did not match". */
  why?: string;
}

export interface SourceEvidence {
  /** Root-relative path, or the global file's display name. */
  path: string;
  scope: SourceScope;
  /** Root-relative directory whose candidate this is (`""` for the root); null for global. */
  directory: string | null;
  depth: number;
  filename: string;
  /** 1-based position in precedence order over all reported sources. */
  order: number;
  sha256: string;
  bytes: number;
  /** Code points of the contributed content. */
  chars: number;
  status: SourceStatus;
  appliesTo: string[];
  supersededFor: string[];
  supersededBy: string | null;
  duplicateOf: string | null;
  reason: string | null;
  metadata: Metadata | null;
  /** Exact contributed text (after frontmatter, BOM dropped unless the profile keeps it; capped at 1 MiB). */
  content: string;
  /** Extra: per-target reasons for not applying. */
  notApplicable: NotApplicableFor[];
  /** Extra: code points included in the model context (equals `chars` unless cut or omitted). */
  includedChars: number;
  delivery: SourceDelivery;
  /** The winner in its directory, for a `shadowed` source. */
  shadowedBy?: string;
  /**
   * A file outside the boundary (the workspace and the agent's own folders): where it leads
   * (`~/…` below the home directory, else absolute). It was never read; `content` is the
   * placeholder, and a `symlink-outside-root` error says which agent would send it.
   */
  disclosed?: string;
}

export interface ValidationEvidence {
  command: string;
  source: string;
}

export interface ConflictEvidence {
  kind: 'replace';
  directory: string | null;
  sources: string[];
  winner: string;
}

export type DiagnosticCode =
  | 'malformed-frontmatter'
  | 'invalid-value'
  | 'unreadable'
  | 'symlink-outside-root'
  | 'unknown-key'
  | 'too-large'
  | 'replace-conflict'
  | 'budget-truncated'
  | 'git-quoted-path'
  | 'symlink-refused'
  | 'invalid-utf8'
  | 'malformed-config'
  | 'untrusted'
  | 'import'
  /** A file holding NUL bytes that the agent still sends to the model as text. */
  | 'binary'
  /** An agent will quietly do something its user does not expect (e.g. Copilot ignoring an `applyTo` list). */
  | 'agent-pitfall';

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  source: string | null;
  /** 1-based line in the file (the opening `---` is line 1), or null. */
  line: number | null;
  message: string;
  /** Extra: 1-based column and end position where known (for editors). */
  column?: number;
  endLine?: number;
  endColumn?: number;
}

export const DIAGNOSTIC_SEVERITY: Readonly<Record<DiagnosticCode, Severity>> = {
  'malformed-frontmatter': 'error',
  'invalid-value': 'error',
  unreadable: 'error',
  'symlink-outside-root': 'error',
  'unknown-key': 'warning',
  'too-large': 'warning',
  'replace-conflict': 'warning',
  'budget-truncated': 'info',
  'git-quoted-path': 'info',
  'symlink-refused': 'warning',
  'invalid-utf8': 'warning',
  'malformed-config': 'error',
  untrusted: 'warning',
  import: 'warning',
  binary: 'warning',
  'agent-pitfall': 'warning',
};

export interface TruncationEvidence {
  /** In `unit`; null when the profile has no budget. */
  budget: number | null;
  /** Code points of `context`. */
  chars: number;
  truncated: boolean;
  /** In `unit` (`chars` stays in code points even in a byte profile). */
  omitted: { path: string; chars: number }[];
  cut: { path: string; chars: number; included: number }[];
  unit: 'code-points' | 'utf8-bytes';
  /** Length of `context` in `unit`. */
  size: number;
  /** The budget that would include everything, in `unit`. */
  needed: number;
}

/** A candidate that exists but was not loaded (extra field, also part of the snapshot). */
export interface SkippedCandidate {
  path: string;
  reason: 'unreadable' | 'symlink-outside-root' | 'symlink-refused' | 'too-large';
}

/**
 * Where an agent puts instruction text in what it sends the model (`contextParts[].place`):
 * `system-prompt` (the system instruction), `first-user-message` (a block of the session's first
 * user turn), `tool-result` (with the answer of a tool that touched a file, or Holaryn's own
 * tool and gate answers), `system-message` (a message of its own between turns, e.g. files loaded
 * when a tool touched a path).
 */
export const CONTEXT_PLACES = ['system-prompt', 'first-user-message', 'tool-result', 'system-message'] as const;
export type ContextPlace = (typeof CONTEXT_PLACES)[number];

/** Text the model gets from instruction files in one place (extra field). */
export interface ContextPartEvidence {
  place: ContextPlace;
  /** Exactly as the agent writes it there. */
  text: string;
  /** The sources whose text is in it (evidence `path`), in the order the text has them. */
  sources: string[];
}

/** What a listing entry names (evidence `listings[].kind`). */
export const LISTING_KINDS = ['skill', 'agent', 'command'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

/**
 * What became of a listing entry: `included` (sent whole), `cut` (sent cut to the agent's limit),
 * `dropped` (the agent leaves it out: a limit, bad frontmatter), `not-loaded` (found, but not
 * listed for this call: a setting, `paths:` that match no target), `shadowed` (another entry of
 * the same name wins), `untrusted` (the project is not trusted or not acknowledged).
 */
export const LISTING_STATUSES = ['included', 'cut', 'dropped', 'not-loaded', 'shadowed', 'untrusted'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Where a listing entry goes: the context places, or the description of one of the agent's tools. */
export const LISTING_PLACES = [...CONTEXT_PLACES, 'tool-description'] as const;
export type ListingPlace = (typeof LISTING_PLACES)[number];

/**
 * One skill, subagent or command of the repository (or the user's home) that the agent lists to
 * its model (extra field `listings`): the entry only, never the agent's own header or its
 * built-in entries.
 */
export interface ListingEvidence {
  kind: ListingKind;
  /** The name as the agent shows it. */
  name: string;
  /** The file it comes from, named as `sources[].path` names files. */
  source: string;
  status: ListingStatus;
  /** Why it is not `included` (and, for `included`, anything worth saying). */
  reason?: string;
  place: ListingPlace;
  /** The exact text of this entry as the agent writes it; `''` when it is not sent. */
  text: string;
}

/** An agent found on the machine (evidence `installedAgent`). */
export interface InstalledAgent {
  /** The executable found on PATH. */
  executable: string;
  /** Its release, from its npm package's package.json, or null when that cannot be read. */
  version: string | null;
  /** The release the profile was verified against (from `profileVersion`), or null. */
  verified: string | null;
  /** Whether both are known and differ. */
  differs: boolean;
}

export interface Evidence {
  schema: typeof EVIDENCE_SCHEMA;
  root: string;
  targets: TargetEvidence[];
  snapshot: string;
  sources: SourceEvidence[];
  validation: ValidationEvidence[];
  conflicts: ConflictEvidence[];
  diagnostics: Diagnostic[];
  truncation: TruncationEvidence;
  context: string;
  /**
   * Extra: the context in the places the agent puts it, in the order the model sees them;
   * `context` is their texts joined by a blank line (`\n\n`). Empty when `context` is.
   */
  contextParts: ContextPartEvidence[];
  /**
   * Extra: the repository's and home's skills, subagents and commands the agent lists to its
   * model, in the order it sends them (empty for a profile that lists none).
   */
  listings: ListingEvidence[];
  skipped: SkippedCandidate[];
  /** Extra: the name of the profile that produced this evidence (kept beside `profile`). */
  policy: string;
  /** The profile that produced this evidence. */
  profile: string;
  /** The emulated system's version. */
  profileVersion?: string;
  /**
   * The agent of this profile as installed on the machine, when it is on PATH: added by the
   * front ends (src/installed/version.ts), never by the resolver.
   */
  installedAgent?: InstalledAgent;
  /** What this profile only approximates. */
  fidelity?: string[];
  /** Something every front end must say (e.g. the repository is not trusted). */
  notice?: string;
  /** The trust decision the profile applied (e.g. Narya's RepositoryTrust object). */
  trust?: unknown;
  /** Configuration files the profile read (display form). */
  configFiles?: string[];
  /** The profile's effective settings: value and origin (`default`, `config` with its file, `set`). */
  settings?: Record<string, unknown>;
}

export type ErrorCode = 'usage' | 'root-not-found' | 'target-outside-root' | 'trust-store' | 'internal';

const RESOLVE_ERROR = Symbol.for('holaryn.ResolveError');

/**
 * `instanceof` by a process-wide brand rather than class identity: the CLI's commands are
 * separate bundles, each with its own copy of the error classes, and the dispatcher must still
 * recognise their errors.
 */
export function hasBrand(value: unknown, brand: symbol): boolean {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

/** A failure of the whole call: nothing is resolved (no partial evidence). */
export class ResolveError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return hasBrand(value, RESOLVE_ERROR);
  }

  get [RESOLVE_ERROR](): true {
    return true;
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ResolveError';
  }

  toJSON(): { error: Record<string, unknown> } {
    return { error: { code: this.code, message: this.message, ...this.details } };
  }
}
