/**
 * A profile: one instruction-loading system's rules for "which instruction files reach the model
 * for these targets, in what order, cut where, and why", as data plus a few small strategies.
 * The pipeline in resolve.ts reads only this object: it never asks which profile it runs.
 *
 * Holaryn's own rules (docs/contract.md) are the `holaryn` profile; other systems live in
 * `profiles/<name>/` and are registered in `profiles/index.ts` (see profiles/README.md).
 */
import type { FsStat, PathApi, ResolverFs } from './fs';
import type { FileDiagnostic, ParsedInstructions } from './frontmatter';
import type { ContextPlace, DiagnosticCode, Diagnostic, ListingEvidence, NotApplicableFor, SourceScope, TargetEvidence } from './evidence';
import type { CallOptions } from './options';
import type { ReadResult } from './read';
import type { Boundary, Probe } from './boundary';
import type { ProfileHooks } from './hooks';

// ---------------------------------------------------------------------------------------------
// Units and budgets

export type BudgetUnitName = 'code-points' | 'utf8-bytes';

/** How a budget is measured: fit, reasons, the marker and `truncation` all use one of these. */
export interface BudgetUnit {
  readonly name: BudgetUnitName;
  /** `character` or `byte`: reasons say "N characters" / "N bytes". */
  readonly word: string;
  /** The plural word. */
  readonly words: string;
  /** Length of `s` in this unit. */
  measure(s: string): number;
  /** The longest head of `s` whose length is at most `n` units, cut at a code-point boundary. */
  head(s: string, n: number): string;
}

/**
 * The lengths a fit rule decides on, in the profile's unit, provided by the context format. The
 * complete text is `fixed` + every shown source (`heading` + `body`, or `cutCost` for the one cut)
 * + `validationHeader` and each shown source's `commands` when any + `markerHeader` and one
 * `omitLine` per source left out when any. Every method is lazy: a rule asks only what it needs.
 */
export interface Layout {
  readonly fixed: number;
  readonly validationHeader: number;
  readonly markerHeader: number;
  heading(i: number): number;
  body(i: number): number;
  commands(i: number): number;
  omitLine(i: number): number;
  /** Source i cut to its first `kept` units: its heading, body and marker line together. */
  cutCost(i: number, kept: number): number;
  /** Source i's content length in the unit (what `kept` counts). */
  size(i: number): number;
  /** The complete text's length with every source whole (the budget that includes everything). */
  complete(): number;
}

export type FitStatus = 'included' | 'truncated' | 'omitted';

export interface FitInput<S = unknown> {
  /** Sources in precedence order, lowest first (the context's order). */
  readonly sources: readonly ContextSource[];
  readonly budget: number;
  readonly unit: BudgetUnit;
  readonly layout: Layout;
  /** What this call's discovery learnt of the session (Discovery.session); absent when it said nothing. */
  readonly session?: S;
}

export interface FitDecision {
  /** Per source, same order as given. */
  status: FitStatus[];
  /** Per source: units of its content shown (its size when included, 0 when omitted). */
  kept: number[];
  /** The budget that would include everything (the complete text's length in the unit). */
  needed: number;
  /** Per source, optional: the reason to show instead of the generic budget wording. */
  reasons?: (string | undefined)[];
  /** Per omitted source: the units that were left for it (for "did not fit in the N left"). */
  room?: number[];
}

/**
 * Decides which sources a budget keeps whole, cuts or omits. Pure: lengths in, statuses out.
 * Written as a method's type so that a rule reading one profile's session (FitInput<S>) still
 * fits the pipeline's `FitRule` (method parameters are compared both ways).
 */
export type FitRule<S = unknown> = { rule(input: FitInput<S>): FitDecision }['rule'];

// ---------------------------------------------------------------------------------------------
// Context rendering

/** One source as the context format and the fit rule see it. */
export interface ContextSource {
  /** Display path (root-relative, `../…` above the root, or a display name). */
  path: string;
  content: string;
  /** Targets it is in effect for, or null when that is all of them. */
  appliesTo: string[] | null;
  commands: string[];
  scope?: SourceScope;
  depth?: number;
  delivery?: Delivery;
  /** The canonical absolute path, for formats that write one (agents' own framing). */
  absolute?: string;
  /** Origin-specific heading text a format may use (e.g. the path relative to the project root). */
  heading?: string;
  /** The profile's own label for the candidate (NamedCandidate.tag), for its format. */
  tag?: string;
  /** What the agent's discovery knew of this file (NamedCandidate.facts), for its format. */
  facts?: SourceFacts;
  /**
   * The bytes `content` was decoded from, present only where they differ from its UTF-8 (bytes
   * replaced by U+FFFD, a dropped BOM) and only under `hooks.fit.bytesAsRead`: a byte budget that
   * counts the file as read measures and cuts these.
   */
  raw?: Uint8Array;
}

/** A source the format may name without showing its text (an agent's index of instruction files). */
export interface ConsideredSource extends ContextSource {
  /** Whether its text is in the context. */
  readonly inContext: boolean;
  /** Its delivery as reported (NamedCandidate.otherwise applied). */
  readonly delivery: Delivery;
  /** Its status is decided before applicability (shadowed, not loaded, untrusted, omitted). */
  readonly reported: boolean;
}

/** Where a context is rendered, for formats that write the agent's own paths. */
export interface FormatFrame<S = unknown> {
  /** The working directory as given: absolute, normalised, links not resolved (agents write this). */
  readonly cwd: string;
  /** The canonical given root. */
  readonly root: string;
  readonly path: import('./fs').PathApi;
  /**
   * Every source that is not a duplicate, in precedence order, in the context or not: for formats
   * that also name files they do not show (Copilot's instruction index).
   */
  readonly considered?: readonly ConsideredSource[];
  /** What this call's discovery learnt of the session (Discovery.session); absent when it said nothing. */
  readonly session?: S;
}

/** The context text of one place (evidence `contextParts`). */
export interface ContextPart {
  readonly place: ContextPlace;
  readonly text: string;
  /** ContextSource.path of each source whose text is in it, in the text's order. */
  readonly sources: readonly string[];
}

/** The separator between parts in the whole `context` text. */
export const CONTEXT_PART_SEPARATOR = '\n\n';

/** A context format: the envelope, headings, bodies and marker of one system. */
export interface ContextFormat<S = unknown> {
  /** The lengths of every part for these sources, in `unit` (lazily measured). */
  layout(sources: readonly ContextSource[], budget: number, unit: BudgetUnit, frame?: FormatFrame<S>): Layout;
  /** The text for a fit decision; `budget` null when the profile has none. */
  render(sources: readonly ContextSource[], decision: FitDecision, budget: number | null, unit: BudgetUnit, frame?: FormatFrame<S>): string;
  /**
   * For a system that puts instruction text in more than one place: the text of each place, in
   * the order the model sees them. Parts with empty text are dropped; the whole context is then
   * the parts' texts joined by CONTEXT_PART_SEPARATOR, and `render` is not called. Without it
   * the context is one part, `render`'s text in Profile.contextPlace, naming every source shown.
   */
  renderParts?(
    sources: readonly ContextSource[],
    decision: FitDecision,
    budget: number | null,
    unit: BudgetUnit,
    frame?: FormatFrame<S>,
  ): readonly ContextPart[];
}

// ---------------------------------------------------------------------------------------------
// Discovery

export type Delivery = 'baseline' | 'on-touch' | 'listed';

/**
 * Which directories a per-directory rule probes, as the pipeline computes them. "project" is the
 * project root (see Profile.projectRoot; the given root when there is none), "cwd" the given root,
 * "target" each target's directory (a directory target: itself).
 */
export type ChainExtent =
  /** project root → each target's directory (Holaryn). */
  | 'project-to-target'
  /** project root → cwd, inclusive. */
  | 'project-to-cwd'
  /** just below the cwd → each target's directory below it. */
  | 'below-cwd-to-target'
  /** the cwd only (an anchor). */
  | 'cwd'
  /** filesystem root → cwd, inclusive. */
  | 'filesystem-to-cwd'
  /** the project root only (Narya's instruction root). */
  | 'project'
  /** just below the project root → each target's directory (what a system without hierarchy skips). */
  | 'below-project-to-target'
  /** filesystem root → just above the project root (what a system that stops there never reads). */
  | 'above-project';

/** Candidate names probed in each directory of a chain. */
export interface DirectoryRule {
  /** Relative, `/`-separated names, in rank order (e.g. `.holaryn/instructions.md`, `AGENTS.md`). */
  readonly names: readonly string[];
  /** `all`: every existing name is a source; `first`: the first wins, later ones are `shadowed`. */
  readonly pick: 'all' | 'first';
  readonly extent: ChainExtent;
  /** `by-depth`: the given root's directory and above baseline, deeper ones on touch. */
  readonly delivery: Delivery | 'by-depth';
  /** Report what it finds with this status instead of loading it into the context. */
  readonly report?: { readonly status: 'not-loaded' | 'untrusted'; readonly reason: string };
  /** Rank of the first name (ranks order sources of one directory); default 0. */
  readonly rankBase?: number;
}

/**
 * A file a profile names itself (home/global files, rule folders, config-listed files), found by
 * its `discover` strategy. The pipeline locates, reads and reports it like any other source.
 */
export interface NamedCandidate {
  /** Absolute path to read. */
  readonly abs: string;
  /** Evidence path: root-relative (`../` above the root) or a display name. */
  readonly path: string;
  readonly scope: SourceScope;
  /** Root-relative directory (scope of applicability), or null for "every target". */
  readonly directory: string | null;
  readonly depth: number;
  readonly filename: string;
  readonly delivery: Delivery;
  /** Orders sources of one directory (lower first); default 0. */
  readonly rank?: number;
  /**
   * The user's own file (the agent's folder, a managed policy file): a symbolic link there is
   * followed (no containment check). A repository file never is.
   */
  readonly own?: boolean;
  /**
   * Where the agent's walk found it, when it probed a name in a directory: outside the workspace,
   * a file found exactly there (one plain name, no link on the way) is still read (Boundary.shows).
   */
  readonly probe?: Probe;
  /** Report it with this status instead of loading it into the context. */
  readonly report?: { readonly status: 'not-loaded' | 'untrusted'; readonly reason: string };
  /** A reason shown on the source when it is included (e.g. "listed in .narya/config.toml"). */
  readonly note?: string;
  /** Pick-first group: of the candidates sharing it, the first loaded wins, later ones are `shadowed`. */
  readonly group?: string;
  /** Trim this file's text (overrides LoadRule.trim). */
  readonly trim?: boolean;
  /**
   * Decides applicability instead of the dialect (a profile that read the file's keys itself,
   * e.g. because they mean something only for files in one folder).
   */
  readonly applicability?: Applicability;
  /** The delivery to report when it applies to no target (Copilot lists such files in an index). */
  readonly otherwise?: Delivery;
  /** A label passed through to the context format (ContextSource.tag). */
  readonly tag?: string;
  /** What the agent's own discovery knows of this file, carried to its format and imports. */
  readonly facts?: SourceFacts;
  /**
   * The file as the profile already read it, with `readInstructionFile` and the options its
   * LoadRule gives: the load stage takes it instead of reading the file again, when the located
   * file still has the status it was read with.
   */
  readonly preread?: ReadResult;
}

/**
 * Per-source facts a profile's discovery learns and its format or imports need: they travel on
 * the source (NamedCandidate → ContextSource, and ImportRule's `from`), never in a side table.
 */
export interface SourceFacts {
  /** The path the agent writes for the file in its framing (absolute, or as it names it). */
  readonly written?: string;
  /** The tool call that loaded it on touch: the index of its target in the evidence's targets. */
  readonly call?: number;
  /** The path as the agent found it, links not resolved: where it resolves the file's imports from. */
  readonly found?: string;
  /**
   * The file's text with its imports expanded, when the agent's discovery already expanded them
   * (Gemini): the load stage takes it instead of calling ImportRule.expand.
   */
  readonly imported?: { readonly content: string; readonly diagnostics: readonly FileDiagnostic[] };
}

/**
 * What one call's discovery found and learnt: the candidates, and whatever else the call's own
 * configuration decided (read once the root is known). The pipeline hands each fact on, by value,
 * to the stage that uses it: the whole answer to Profile.trust (asked after discovery), `session`
 * to the fit rule and the format (FitInput.session, FormatFrame.session), the rest to the evidence.
 */
export interface Discovery<S = unknown> {
  readonly candidates: readonly NamedCandidate[];
  /** Problems found reading configuration, listed after the call's other diagnostics. */
  readonly diagnostics?: readonly Diagnostic[];
  /** Configuration files read (display form), after those `configure` listed (evidence `configFiles`). */
  readonly configFiles?: readonly string[];
  /** Effective settings laid over those `configure` gave (evidence `settings`). */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** Notes on what is approximate for this call, after the profile's (evidence `fidelity`). */
  readonly fidelity?: readonly string[];
  /** The skills, subagents and commands the agent lists for this call (evidence `listings`), in its order. */
  readonly listings?: readonly ListingEvidence[];
  /**
   * What this call learnt that the trust decision, the fit rule and the format need (Claude Code's
   * model, Gemini's trust verdict).
   */
  readonly session?: S;
}

// ---------------------------------------------------------------------------------------------
// Loading and dialects

export interface LoadRule {
  /**
   * `inside-root`: follow a link whose real path stays in the workspace (boundary.ts), else skip
   * it with `symlink-outside-root`; `refuse`: skip every link with `symlink-refused`;
   * `follow-disclose`: follow, but a file whose real path leaves the workspace and the agent's own
   * folders (`homes`) is reported with a placeholder instead of its content (never read),
   * `disclosed`, and a `symlink-outside-root` error saying the agent would send it.
   */
  readonly symlinks: 'inside-root' | 'refuse' | 'follow-disclose';
  /** `strict`: invalid UTF-8 or NUL bytes skip the file (`unreadable`); `lossy`: U+FFFD, with a warning. */
  readonly decode: 'strict' | 'lossy';
  /**
   * A file holding NUL bytes (a binary file): `refused` skips it (`unreadable`); `sent` loads it as
   * the agent does, which reads it as text and sends it to the model, with a `binary` warning
   * saying so. Default: refused under `strict` decoding, sent under `lossy`.
   */
  readonly nulBytes?: 'refused' | 'sent';
  /**
   * Keep a leading UTF-8 byte-order mark in the text as U+FEFF (a system that does no BOM handling
   * sends it, and a byte budget counts its 3 bytes). Default false: the reader drops it.
   */
  readonly keepBom?: boolean;
  /** Trim the content's surrounding whitespace. */
  readonly trim: boolean;
  /** A file whose content is empty (after trimming when `trim`) is skipped and costs nothing. */
  readonly skipEmpty: boolean;
  /** The system's own trim (Rust's, Python's with newline translation); default String.prototype.trim. */
  readonly trimWith?: (text: string) => string;
  /**
   * With `skipEmpty`: report a blank file as `omitted` ("empty") instead of dropping it silently.
   * It still claims its pick-first group (the system chose it before reading), unless the
   * profile's `hooks.load.blankYieldsGroup` says it yields.
   */
  readonly reportEmpty?: boolean;
  /**
   * The agent's own folders (its home: `~/.codex`, `~/.gemini`, …): part of the boundary
   * (boundary.ts), so a `follow-disclose` link that leads there is still read, as the agent reads
   * its own files. A file outside both the workspace and these is disclosed, never printed.
   * Default none: the user's whole home directory is never trusted, so a repository cannot aim a
   * link at `~/.ssh` and have it shown.
   */
  readonly homes?: (where: { env: Record<string, string | undefined>; homedir: string; path: PathApi }) => readonly string[];
  /** Files larger than this many bytes are skipped with `too-large` (default: cap at 1 MiB as Holaryn does). */
  readonly maxBytes?: number;
  /** With `reportEmpty`: the status and reason of a blank file (default `omitted`, "empty or only whitespace"). */
  readonly emptyReport?: { readonly status: 'omitted' | 'not-loaded'; readonly reason: string };
}

/** What a dialect makes of one file's text. */
export interface DialectResult extends ParsedInstructions {
  /** When set, decides applicability instead of Holaryn's `metadata` globs. */
  applicability?: Applicability;
}

/** Reads (or does not read) a frontmatter block. Pure: text in, content and metadata out. */
export interface Dialect {
  /** Stable name: part of the file cache's key. */
  readonly name: string;
  /** Whether to charge the block to the per-resolution YAML budget (Holaryn's bound). */
  readonly yaml: boolean;
  parse(text: string): DialectResult;
}

/** A target as an applicability test sees it. */
export interface TargetView {
  /** Root-relative path (`""` for the root). */
  readonly path: string;
  readonly kind: TargetEvidence['kind'];
  /** Canonical absolute path. */
  readonly absolute: string;
}

/** Another tool's applicability keys (Copilot `applyTo`, Claude `paths`), compiled. */
export interface Applicability {
  /**
   * Null when it applies; otherwise why not. A `why` must not name the target or the pattern (the
   * reason names them once): one record is kept per source and target, so its size must not grow
   * with either. Without a `why` the reason says that `describe()` does not match the target.
   */
  test(target: TargetView, source: { directory: string | null; absoluteDirectory: string | null }): NotApplicableFor | null;
  /** Text for the `not-applicable` reason (e.g. `applyTo "src/**"`). */
  describe(): string;
  /** Said after the targets a pattern does not match, in the reason (e.g. what the agent still does with the file). */
  readonly unmatched?: string;
}

/** `@path` expansion (Claude Code, Gemini): runs after the dialect, on the contributed content. */
export interface ImportRule {
  expand(
    content: string,
    /** The file: canonical path, evidence path, its candidate's tag and facts. */
    from: { abs: string; path: string; tag?: string; facts?: SourceFacts },
    io: { fs: ResolverFs; read(abs: string): string | undefined },
  ): { content: string; diagnostics: FileDiagnostic[] };
}

// ---------------------------------------------------------------------------------------------
// The per-call context strategies receive

export interface ProfileContext {
  readonly fs: ResolverFs;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly homedir: string;
  /** `--set NAME=VALUE` settings, raw. */
  readonly settings: Readonly<Record<string, string>>;
  /** The call's options (the profile chosen is this one, so it is not among them). */
  readonly options: CallOptions;
  /**
   * The given root (the agent's working directory) as given: absolute, normalised, links not
   * resolved, not yet checked to exist. For a system whose configuration depends on where it runs
   * (a project's own config file).
   */
  readonly cwd: string;
}

export interface DiscoverContext extends ProfileContext {
  /** Canonical given root (the cwd / anchor / repository). */
  readonly root: string;
  /** Canonical project root (the given root unless Profile.projectRoot walked up). */
  readonly projectRoot: string;
  /**
   * The containment rule (boundary.ts): a file a strategy reads to decide what loads (a header, an
   * import) must pass `boundary.shows`, as every file the pipeline reads does.
   */
  readonly boundary: Boundary;
  /** Root-relative project root: `""`, `..`, `../..`. */
  readonly projectRel: string;
  readonly targets: readonly TargetEvidence[];
  /** An absolute path as evidence shows it: root-relative, with `../` above the root. */
  display(abs: string): string;
  /** Depth of a root-relative directory (negative above the root). */
  depthOf(rel: string): number;
  lstat(abs: string): FsStat | undefined;
  diagnostic(code: DiagnosticCode, source: string | null, line: number | null, message: string): void;
}

/** What `configure` adds to a call: settings applied, configuration files read. */
export interface Configured {
  /** The profile to run this call (settings applied); default the profile itself. */
  profile?: Profile;
  diagnostics?: Diagnostic[];
  /** Configuration files read (display form), listed in the evidence's `configFiles`. */
  configFiles?: string[];
  /** Effective settings with their origin (evidence `settings`). */
  settings?: Record<string, unknown>;
}

/** A trust decision keeping a repository's files out (Narya, Gemini). */
export interface TrustVerdict {
  readonly trusted: boolean;
  /** Why the files are kept out (each such source's `reason`). */
  readonly reason?: string;
  /** The top-level `notice` and the `untrusted` warning's text. */
  readonly notice?: string;
  /** Extra evidence field `trust` (e.g. Narya's RepositoryTrust object). */
  readonly evidence?: unknown;
}

/**
 * A flag the CLI accepts for a profile's setting. Every front end accepts every profile's flags
 * (a flag meaning nothing to the chosen profile has no effect); the value reaches the profile as
 * `settings[setting]` (`"true"` for a boolean flag).
 */
export interface ProfileFlag {
  /** Without the dashes: `agent-home`. */
  readonly flag: string;
  readonly setting: string;
  readonly type: 'string' | 'boolean';
  /** A path, made absolute against the caller's directory. */
  readonly path?: boolean;
  /** One line for `--help`. */
  readonly help: string;
}

// ---------------------------------------------------------------------------------------------
// The profile

/**
 * A profile's card: its name, one line, and its command-line flags. The registry lists cards
 * and parses flags without loading the profiles, so a call pays only for the profile it runs.
 */
export type ProfileAbout = Pick<Profile, 'name' | 'description' | 'flags' | 'signs'>;

/**
 * What tells an editor that someone uses this agent (the VS Code view's `holaryn.agents` default,
 * docs/vscode.md "The agents you use"). Data only: the editor reads it from the card, so knowledge
 * of an agent stays in its folder.
 */
export interface AgentSigns {
  /** Files in a workspace folder that only this agent reads: globs relative to the folder (a leading `**` segment: at any depth). */
  readonly files?: readonly string[];
  /** Executables whose presence on the `PATH` says the agent is installed (`claude`). */
  readonly executables?: readonly string[];
  /**
   * The npm packages an install of the agent lives in (its main package and platform builds):
   * the installed release is read, without running the agent, from the package.json of the first
   * of them found in a folder above the executable (src/installed/version.ts). Absent: the release
   * is never read.
   */
  readonly packages?: readonly string[];
  /**
   * The release the profile was verified against by the oracle suite, written on the card only:
   * the profile's `version` is made from it, and a test (test/unit/cards.test.ts) checks the
   * oracle's pinned release (test/oracle/agents.json) and the README's verified-against table
   * against it. Absent: no release was run (a profile read from source or documentation).
   */
  readonly release?: string;
  /** The agent runs inside the editor's own chat: the editor's chat being enabled is a sign. */
  readonly editorChat?: boolean;
}

export interface Profile<S = unknown> {
  /** The `--profile` name. */
  readonly name: string;
  /** One line: whose rules these are. */
  readonly description: string;
  /** The emulated system's version (evidence `profileVersion`). */
  readonly version?: string;
  /** The system's own name as people write it (`Claude Code`), for messages; default the profile's name. */
  readonly agent?: string;
  /** What is approximate (evidence `fidelity`). */
  readonly fidelity?: readonly string[];
  /** The settings `--set NAME=VALUE` accepts (agent profiles), for help and listings. */
  readonly settings?: readonly {
    readonly name: string;
    readonly description: string;
    /**
     * Its keys name folders the system reads files from (Copilot's `chat.instructionsFilesLocations`):
     * an editor takes from a workspace's own value only the folders inside that workspace.
     */
    readonly folders?: boolean;
  }[];

  /** Applies settings and reads configuration before anything else; optional. */
  configure?(ctx: ProfileContext): Configured;
  /** Command-line flags of this profile, each stored as a setting (`--agent-home DIR` → `agentHome`). */
  readonly flags?: readonly ProfileFlag[];
  /** What says someone uses this agent (an editor's default list of agents); absent: never detected. */
  readonly signs?: AgentSigns;
  /**
   * The files and folders of the user's home (absolute) that this profile reads for a call with
   * this context, found by the same code its `configure` and `discover` use (Gemini's
   * `context.fileName` names from the settings it reads): what `holaryn capture` copies into the
   * agent's throwaway home, so the agent and the profile both see what the profile reads. Only
   * instruction files, rule folders and the settings that decide what loads: never keys,
   * sessions or caches. Absent: nothing is copied.
   */
  homeFiles?(ctx: ProfileContext): readonly string[];

  // inputs
  /** A call without targets: `usage` error (Holaryn), or resolve the given root itself. */
  readonly noTargets: 'usage' | 'root';
  /**
   * Walk up from the given root to the first directory holding one of `markers` (a file or a
   * directory: `.git` files count); none found → the given root. Absent: the given root.
   * `gitRepository`: `.git` counts only where git takes the folder for a repository (an agent
   * that asks git for its top level).
   */
  readonly projectRoot?: { readonly markers: readonly string[]; readonly gitRepository?: boolean };

  // discover
  /** Per-directory candidate rules, in rank order. */
  readonly directories: readonly DirectoryRule[];
  /** Other files (home/global, rule folders, config-listed), in the order they should rank. */
  discover?(ctx: DiscoverContext): NamedCandidate[] | Discovery<S>;

  // load
  readonly load: LoadRule;
  /** Frontmatter dialect; null: a `---` block is content. */
  readonly dialect: Dialect | null;
  readonly imports?: ImportRule;

  // apply / order / supersede
  /** Precedence comparator, lowest first. */
  readonly order: (a: OrderKey, b: OrderKey) => number;
  /** `replace-in-directory`: Holaryn's `mode: replace`; `none`: never superseded. */
  readonly supersede: 'replace-in-directory' | 'none';
  /**
   * Trust decision over the whole call, asked after discovery with its answer (a system whose
   * trust depends on configuration it reads there); absent: always trusted.
   */
  trust?(ctx: DiscoverContext, found: Discovery<S>): TrustVerdict;

  // fit / render
  readonly budget: {
    readonly unit: BudgetUnit;
    /** Default size in the unit; null: the system has no budget (`--budget` is ignored). */
    readonly size: number | null;
    readonly fit: FitRule<S>;
    /**
     * Without a budget, `fit` still runs (given MAX_SAFE_INTEGER): the system has no budget for
     * the whole context but cuts single sources by rules of its own (Claude Code cuts a file it
     * loads on touch past a length). Default false: no budget, nothing cut.
     */
    readonly cutsWithoutBudget?: boolean;
  };
  readonly format: ContextFormat<S>;
  /** Where the system puts a single-part context (ContextFormat.renderParts says more); default `system-prompt`. */
  readonly contextPlace?: ContextPlace;

  /** What this system alone does, as small strategies (hooks.ts); absent: Holaryn's behaviour everywhere. */
  readonly hooks?: ProfileHooks;
}

/** A call's options: the profile (or its name; default `holaryn`) and the rest (options.ts). */
export interface ResolveOptions extends CallOptions {
  profile?: Profile | string;
}

/** What a precedence comparator sees of a source. */
export interface OrderKey {
  readonly path: string;
  readonly scope: SourceScope;
  readonly depth: number;
  /** Holaryn `priority` (0 without frontmatter). */
  readonly priority: number;
  /** Rank within its directory (name order of its rule; NamedCandidate.rank). */
  readonly rank: number;
  /** Position in discovery order. */
  readonly seq: number;
}

/**
 * `base` with `changes` laid over it, a new object: a profile, its options or a candidate derived
 * for one call. Copied with Object.assign, not written `{ ...base, key }`: on Node 20, a spread
 * followed by a key the spread object lacks builds a new hidden class for every object made, and a
 * resolution would leave that garbage in the old generation on every call.
 */
export function derived<T extends object>(base: T, changes: Partial<T>): T {
  return Object.assign({}, base, changes);
}
