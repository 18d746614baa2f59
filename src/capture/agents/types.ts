/**
 * An agent driver: how one coding agent is started against the fake endpoint (flags, environment,
 * configuration laid into its throwaway home, its own switches for hooks, MCP servers, telemetry
 * and updates turned off), and how its recorded requests are read back (the extractor). Drivers
 * run no process themselves: runner.ts starts what `launch` describes, inside the sandbox.
 */
import type { EndpointScript, RecordedRequest, ToolCall, WireProtocol } from '../endpoint';

export interface LaunchInput {
  /** The agent's executable as installed (a native binary, or a script run by `node`). */
  readonly executable: string;
  /** The Node.js binary to run script executables with. */
  readonly node: string;
  /** Absolute working directory as given (links not resolved). */
  readonly cwd: string;
  /**
   * The repository's top folder: the git root at or above the cwd (the nearest folder holding a
   * `.git` entry), else the root given to capture. The agent sees this folder and everything
   * below it (through a throwaway layer); nothing above it but the folders on the way.
   * Configuration an agent reads from the cwd's parents is read from here down to the cwd.
   */
  readonly top: string;
  /** The throwaway home. */
  readonly home: string;
  /**
   * A private directory of the run, outside the tree and the home, that only its owner can write,
   * nor any directory above it (Gemini CLI ignores a system settings file elsewhere).
   */
  readonly state: string;
  /** The endpoint's port on 127.0.0.1 inside the sandbox. */
  readonly port: number;
  /** What the agent is asked. */
  readonly prompt: string;
  /** The extra environment the caller gives the agent and the profile (`--env`, a case's `env`): a driver reads the agent's own home variables here. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * The regular files of the tree and the home by canonical absolute path: a driver that must
   * name what to switch off (Codex's MCP servers, by name) reads the agent's configuration here.
   */
  readonly files: ReadonlyMap<string, Uint8Array>;
}

export interface Launch {
  readonly command: string;
  readonly args: readonly string[];
  /** The whole environment (nothing of the caller's is inherited). */
  readonly env: Readonly<Record<string, string>>;
  /**
   * The process's working directory when it is not the captured cwd (absolute, existing): for an
   * agent that reads files of its own process working directory (Bun's `bunfig.toml` and `.env`)
   * and takes the repository from a switch instead.
   */
  readonly cwd?: string;
}

/** The instruction text the agent sent in one place (see ContextPart in the resolver). */
export interface ExtractedPart {
  readonly place: string;
  readonly text: string;
}

/**
 * One skill, subagent or command entry the agent listed (repository and home entries only, never
 * its built-in ones), as read from the request: compared with the profile's `listings` of status
 * `included` or `cut`.
 */
export interface ExtractedListing {
  /** `skill`, `agent` or `command`, when the request tells them apart; absent: not compared. */
  readonly kind?: string;
  readonly name: string;
  /** A context place, or `tool-description`. */
  readonly place: string;
  /** The entry's text exactly as sent. */
  readonly text: string;
}

export interface Extracted {
  /** The instruction files the agent sent, in the order the model sees them, absolute paths. */
  readonly files: readonly string[];
  /** The instruction text per place, verbatim, in the order the model sees it. */
  readonly parts: readonly ExtractedPart[];
  /** What could not be read back (no request recorded, a block that does not parse). */
  readonly problems: readonly string[];
  /** The listing entries sent, in order; absent when the driver does not read listings (then not compared). */
  readonly listings?: readonly ExtractedListing[];
  /**
   * Set when the agent's own order of the entries is not fixed (it lists them as parallel reads
   * finish): then the entries are compared whatever their order. The profile's README says so.
   */
  readonly listingsInAnyOrder?: true;
}

export interface ExtractInput {
  readonly requests: readonly RecordedRequest[];
  /**
   * The regular files of the sandbox (the tree and the home), by canonical absolute path: for an
   * agent that names no files in what it sends (Codex), the extractor finds which ones it sent
   * by their text.
   */
  readonly files: ReadonlyMap<string, Uint8Array>;
  /** The working directory as given and the throwaway home. */
  readonly cwd: string;
  readonly home: string;
  /** What the agent printed on its standard output (a listing driver reads its answer here). */
  readonly stdout?: string;
  /** The agent's whole environment (a listing driver resolves the folders a variable names). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * What a driver's oracle compares: the files and the text the agent sent to the model (a prompt
 * against the endpoint), or the files alone (the agent's own listing of what a session would
 * load, printed by a command that needs no model; its text is not compared and never counts as
 * agreeing).
 */
export type OracleCompares = 'files-and-text' | 'files';

export interface AgentDriver {
  /** The manifest's agent name (`codex`). */
  readonly name: string;
  /**
   * The Holaryn profile that emulates it; its card's signs name the agent's executable on PATH,
   * the npm packages its release is read from and the release it was verified against
   * (AgentSigns), and the profile's `homeFiles` what `holaryn capture` copies from the user's home.
   */
  readonly profile: string;
  readonly protocol: WireProtocol;
  /** See OracleCompares; 'files-and-text' when absent. */
  readonly compares?: OracleCompares;
  /**
   * How a run ends: when the endpoint has what its script needs ('endpoint', the default), or
   * when the agent exits by itself ('exit': a listing command; exit code 0 is a clean run).
   */
  readonly ends?: 'endpoint' | 'exit';
  /**
   * The agent reads the driver's state files (its hooks-off settings) only from a folder that no
   * one else may write, up to `/` (Gemini CLI): where no such folder can be had, the run is
   * refused rather than made with those settings skipped.
   */
  readonly privateState?: boolean;
  /**
   * Files written into the run's state directory (LaunchInput.state) before the run, relative to
   * it: configuration of the driver's own that the agent is pointed at (Gemini's system settings).
   * Drivers leave the throwaway home as the case laid it, so the profile reads the same files.
   */
  stateFiles?(input: {
    port: number;
    state: string;
    /** The regular files of the tree and the home (LaunchInput.files): a setting that names them (Cline's disabled plugins). */
    files: ReadonlyMap<string, Uint8Array>;
  }): Record<string, string>;
  launch(input: LaunchInput): Launch;
  /**
   * The environment the profile runs with beside HOME (the agent's own home variables), so it
   * reads the same configuration as the agent.
   */
  profileEnv(home: string): Record<string, string>;
  /** The scripted read tool call of `file` (absolute); none: the agent loads nothing on touch. */
  toolCall?(file: string): ToolCall;
  /**
   * Why a finished run does not count, from the agent's error output (e.g. it ignored a switch the
   * driver relies on for safety), or null.
   */
  refusal?(stderr: string): string | null;
  /**
   * Host names the agent looks up at every start that none of its switches turns off (its
   * telemetry, its update check), each with why: the sandbox answers them "no such name", names
   * them in the report, and lets the run go on. Any other attempt to reach the network stops it.
   */
  readonly knownLookups?: Readonly<Record<string, string>>;
  /**
   * For the two-run proof (src/capture/proof.ts): lines of the agent's request that change with
   * the repository's files but are not their text, by kind (its listing headers, a directory
   * tree, git status). A differing line no pattern matches is unattributed.
   */
  readonly residue?: readonly ResidueKind[];
  /**
   * How long one run of this agent may take before it is stopped, when its start alone takes most
   * of the default (capture.ts CAPTURE_TIMEOUT_MS, 90 s); a caller's own limit still wins.
   */
  readonly timeoutMs?: number;
  /** Which requests count for the endpoint's script (see EndpointScript.isMain). */
  readonly isMain?: EndpointScript['isMain'];
  extract(input: ExtractInput): Extracted;
}

/**
 * Thrown by a driver's `launch` (or `stateFiles`) when the tree holds something the agent would
 * run or load that the driver cannot switch off: the run is refused before it starts, with this
 * message (the file and what it would run), and `holaryn capture` exits 4.
 */
export class DriverRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DriverRefusal';
  }
}

/** A kind of line the two-run proof may attribute to the agent itself (AgentDriver.residue). */
export interface ResidueKind {
  /** What it is, for the report (`skills header`, `directory tree`). */
  readonly kind: string;
  /** Matches a whole line of that kind. */
  readonly pattern: RegExp;
  /**
   * The pattern's first group must also be the name of an entry the profile lists as sent: a
   * listed name the agent repeats on a line of its own (a tool's enum of agent names, a notice's
   * `- name`), and no other word.
   */
  readonly listedName?: boolean;
}

/**
 * The lines of `git status --porcelain` an agent sends at start (Claude Code's and Continue's
 * `gitStatus` context): one per path, or `Working tree clean` (Claude Code: `(clean)`). They change with any file of the
 * repository, the profile's files included.
 */
export const GIT_STATUS_RESIDUE: ResidueKind = {
  kind: 'git status',
  pattern: /^(?:(?:\?\?|!!|[ MTADRCU][ MTADRCU]) \S.*|Working tree clean|\(clean\))$/,
};

/** The JSON body of a recorded request, or undefined when it is not JSON. */
export function bodyOf(request: RecordedRequest): unknown {
  try {
    return JSON.parse(request.body) as unknown;
  } catch {
    return undefined;
  }
}

/** A message of a chat-shaped request (Anthropic Messages, OpenAI chat completions). */
export interface ChatMessage {
  role?: unknown;
  content?: unknown;
}

/** The `messages` of a chat-shaped request, or [] when it has none. */
export function messagesOf(request: RecordedRequest): ChatMessage[] {
  const messages = (bodyOf(request) as { messages?: unknown } | undefined)?.messages;
  return Array.isArray(messages) ? (messages as ChatMessage[]) : [];
}

/** What the driver's oracle compares (see OracleCompares). */
export function comparesOf(driver: Pick<AgentDriver, 'compares'>): OracleCompares {
  return driver.compares ?? 'files-and-text';
}

/** The requests that counted for the script, in order. */
export function mainRequests(requests: readonly RecordedRequest[]): RecordedRequest[] {
  return requests.filter((r) => r.main);
}
