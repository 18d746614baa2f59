/**
 * The pitfall seam: how an agent's profile folder says where its agent will quietly do something
 * its user does not expect (`holaryn check --agents`), without the resolver knowing the lint
 * engine. Types only, so every layer may name them.
 *
 * A profile declares its pitfalls on its card (`about.ts`, `ProfileCard.pitfalls`): the agent's
 * name in messages and its finding codes with their severity, data the lint engine and the editor
 * read without loading anything. Its folder's `pitfalls.ts` exports `PITFALLS`, a `PitfallCheck`:
 * a generator over a `PitfallWorkspace`, the small interface the lint engine implements
 * (src/lint/agents.ts) and hands to it bound to that agent. The profile's registry line
 * (profiles/index.ts) names the module, so it is required only when `check --agents` asks for
 * that agent (and the build puts it into dist/profiles.js with the profile). The resolver never
 * imports the lint layer. See src/resolver/profiles/README.md "Pitfalls".
 */
import type { Evidence, Severity, SourceEvidence } from './evidence';
import type { ProfileEditor } from './editor';
import type { ResolverFs } from './fs';
import type { ProfileAbout } from './profile';

/** A pitfall's finding code: `agent-<agent>-<what>`. */
export type AgentCode = `agent-${string}`;

/** A span of a text: UTF-16 offsets plus the same span as 1-based line/column (end exclusive). */
export interface TextRange {
  start: number;
  end: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface TextEdit {
  range: TextRange;
  newText: string;
}

/** Edits to another file than the finding's (root-relative `file`); `create`: the file does not exist yet and starts empty. */
export interface FileEdit {
  file: string;
  create?: boolean;
  edits: TextEdit[];
}

/** A mechanical repair: applying all its edits to the text gives the repaired text. */
export interface Fix {
  title: string;
  edits: TextEdit[];
  /** Edits to other files (an agent pitfall's fix may create a file beside the finding's). */
  files?: FileEdit[];
}

/** A finding of the lint engine whose code is a pitfall's (src/lint/types.ts `Finding`). */
export interface PitfallFinding {
  /** Root-relative, `/`-separated path of the instruction file. */
  file: string;
  severity: Severity;
  code: AgentCode;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  message: string;
  key?: string;
  fixes?: Fix[];
}

/**
 * What a pitfall reads, bound to its agent: the workspace's files and a memoised resolver for the
 * agent per working directory. Generators yield every few thousand files, so an editor can pause.
 */
export interface PitfallWorkspace {
  /** Absolute path of the workspace root. */
  readonly root: string;
  /** Root-relative files of the workspace (the walk's or the editor's list). */
  readonly files: readonly string[];
  readonly fs: ResolverFs;
  /** The environment the agent would see. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Absolute path of a root-relative one. */
  abs(rel: string): string;
  /** Every file to `visit`, in steps. */
  scan(visit: (file: string) => void): Generator<void, void>;
  /** Files for which `keep` holds, in order. */
  filesWhere(keep: (file: string) => boolean): Generator<void, string[]>;
  /** Files whose name is one of `names`. */
  filesNamed(names: readonly string[]): Generator<void, string[]>;
  /** Directories holding a file named one of `names` (the root first when `includeRoot`), bounded and noted. */
  directoriesWith(names: readonly string[], includeRoot?: boolean): Generator<void, string[]>;
  /** The agent's answer with `cwd` (root-relative) as its working directory for `targets` below it; undefined when it cannot be had. */
  resolve(cwd: string, targets?: readonly string[]): Evidence | undefined;
  /** The agent's answer in the root for many `targets`, bounded (source–target pairs); `what` names them for the note. */
  resolveAcross(targets: readonly string[], what?: string): Evidence | undefined;
  /** A source's path as a root-relative path, or undefined when outside the root or in an agent's home. */
  rel(ev: Evidence, path: string, scope?: SourceEvidence['scope']): string | undefined;
  /** The text of a root-relative file (lossy UTF-8), or undefined. */
  text(rel: string): string | undefined;
  /** Records that only `checked` of `of` items (`what`) were asked about, and the bound's name. */
  note(what: string, checked: number, of: number, bound: string): void;
  /** How many of the workspace's files the agent was asked about, when a bound kept it from all. */
  filesChecked(): number | undefined;
  /** A finding spanning one whole line of `text` (line 1 … when the text is unknown), with the code's declared severity. */
  onLine(
    file: string,
    code: AgentCode,
    text: string | undefined,
    line: number,
    message: string,
    extra?: Partial<PitfallFinding>,
  ): PitfallFinding;
  /** The span `start`–`end` of `text`, for an edit. */
  range(text: string, start: number, end: number): TextRange;
}

/** An agent's pitfalls: every finding of them in the workspace, in steps. */
export type PitfallCheck = (ws: PitfallWorkspace) => Generator<void, PitfallFinding[]>;

/** What a card says about its agent's pitfalls: data the registry lists without loading the check. */
export interface PitfallsCard {
  /** How messages name the agent (`Claude Code`). */
  readonly label: string;
  /** Every finding code its pitfalls report, with its usual severity. */
  readonly codes: Readonly<Record<AgentCode, Severity>>;
  /**
   * Its place among the agents `check --agents` runs and lists (lower first); agents without one
   * follow in registry order. Kept so the first five agents keep the order they had.
   */
  readonly order?: number;
  /** Watcher globs of its own files whose change changes its pitfalls (instruction files are watched already). */
  readonly watch?: readonly string[];
}

/** A profile's card as the registry holds it: the card plus, for an agent, its pitfalls, and what an editor needs. */
export interface ProfileCard extends ProfileAbout {
  readonly pitfalls?: PitfallsCard;
  readonly editor?: ProfileEditor;
}
