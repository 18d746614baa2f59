/**
 * The agents this user cares about (docs/vscode.md, "The agents you use"): the `holaryn.agents`
 * setting, or, when it is not set, the agents detected from the signs each profile declares in
 * its own card (`signs` in its `about.ts`): files in the workspace only that agent reads, its
 * executable on the `PATH`, or (an agent living in the editor's chat) the chat being enabled.
 * The view answers for the first of them and lists the others one line each.
 *
 * Pure: the files found, the executables found and the chat switch come in as data (agents.ts
 * gathers them), so every rule here is unit-tested without an editor. No profile is named here.
 */
import * as path from 'node:path';
import { Minimatch } from 'minimatch';
import type { AgentSigns } from '../../resolver';

/** A registered profile's name and its signs (the registry's `agentSigns()`). */
export interface AgentCard {
  name: string;
  signs: AgentSigns;
}

/** One detected agent and every sign seen, in words (`CLAUDE.md`, `claude on the PATH`). */
export interface DetectedAgent {
  name: string;
  because: string[];
}

export interface DetectInput {
  /** In registry order: ties keep it. */
  cards: readonly AgentCard[];
  /** Workspace-relative, `/`-separated paths of files found for any card's globs. */
  files: readonly string[];
  /** Executable name → where it was found on the PATH. */
  executables: ReadonlyMap<string, string>;
  /** The editor's chat is enabled (VS Code: `chat.disableAIFeatures` is off). */
  chatEnabled: boolean;
}

const matchers = new Map<string, Minimatch>();

function matcher(glob: string): Minimatch {
  let m = matchers.get(glob);
  if (!m) matchers.set(glob, (m = new Minimatch(glob, { dot: true })));
  return m;
}

/** Whether `rel` (workspace-relative) is one of `signs`' files. */
export function isSignFile(signs: AgentSigns, rel: string): boolean {
  return (signs.files ?? []).some((g) => matcher(g).match(rel));
}

/**
 * How far from the root a sign file sits: its folders down to the first dot-folder (`.github`,
 * `.claude`), whose contents belong to the folder holding it. `CLAUDE.md`,
 * `.github/instructions/ts.instructions.md` are 0, `pkg/.claude/rules/a.md` is 1,
 * `packages/web/AGENTS.md` is 2.
 */
export function signDepth(rel: string): number {
  const dirs = rel.split('/').slice(0, -1);
  const dot = dirs.findIndex((s) => s.startsWith('.'));
  return dot < 0 ? dirs.length : dot;
}

/**
 * The paths a card's globs name at the folder's root without any pattern (`**` + `/CLAUDE.md`
 * → `CLAUDE.md`, `.github/copilot-instructions.md` as is): checked at once, before the
 * workspace search has answered.
 */
export function rootSignFiles(cards: readonly AgentCard[]): string[] {
  const out = new Set<string>();
  for (const { signs } of cards) {
    for (const glob of signs.files ?? []) {
      const rest = glob.startsWith('**/') ? glob.slice(3) : glob;
      if (!new Minimatch(rest, { dot: true }).hasMagic()) out.add(rest);
    }
  }
  return [...out];
}

/**
 * The detected agents, in order: those with sign files, the one whose file sits nearest the
 * root first (ties in registry order); then those installed (registry order); then those living
 * in the editor's chat when it is enabled. Each once, with every sign seen.
 */
export function detectAgents(input: DetectInput): DetectedAgent[] {
  const byFile: { agent: DetectedAgent; depth: number; index: number }[] = [];
  const installed: DetectedAgent[] = [];
  const inChat: DetectedAgent[] = [];
  input.cards.forEach(({ name, signs }, index) => {
    const files = input.files.filter((f) => isSignFile(signs, f));
    files.sort((a, b) => signDepth(a) - signDepth(b) || (a < b ? -1 : a > b ? 1 : 0));
    const exes = (signs.executables ?? []).filter((e) => input.executables.has(e));
    const chat = signs.editorChat === true && input.chatEnabled;
    const because = [
      ...(files.length > 0 ? [files.length > 1 ? `${files[0]} (+${files.length - 1} more)` : files[0]] : []),
      ...exes.map((e) => `${e} on the PATH`),
      ...(chat ? ["the editor's chat is enabled"] : []),
    ];
    if (because.length === 0) return;
    const agent = { name, because };
    if (files.length > 0) byFile.push({ agent, depth: signDepth(files[0]), index });
    else if (exes.length > 0) installed.push(agent);
    else inChat.push(agent);
  });
  byFile.sort((a, b) => a.depth - b.depth || a.index - b.index);
  return [...byFile.map((x) => x.agent), ...installed, ...inChat];
}

/** Where the list of agents comes from: the holaryn.agents setting, detection, or neither (the default profile). */
export type AgentsOrigin = 'agents' | 'detected' | 'default';

export interface ChosenAgents {
  names: string[];
  origin: AgentsOrigin;
  /** Entries of the setting that could not be used, in words. */
  problems: string[];
}

/**
 * `holaryn.agents` when it names at least one known profile (in its order, each once); else the
 * detected agents; else the default profile alone. An unknown name is left out and said.
 */
export function chooseAgents(
  setting: unknown,
  detected: readonly DetectedAgent[],
  known: readonly string[],
  fallback: string,
): ChosenAgents {
  const problems: string[] = [];
  const names: string[] = [];
  if (setting !== undefined && setting !== null && !Array.isArray(setting)) {
    problems.push('holaryn.agents must be a list of profile names; the detected agents are shown');
  }
  for (const n of Array.isArray(setting) ? setting : []) {
    if (typeof n === 'string' && known.includes(n)) {
      if (!names.includes(n)) names.push(n);
    } else problems.push(`holaryn.agents: ${JSON.stringify(n)} is no known profile (${known.join(', ')})`);
  }
  if (names.length > 0) return { names, origin: 'agents', problems };
  if (detected.length > 0) return { names: detected.map((d) => d.name), origin: 'detected', problems };
  return { names: [fallback], origin: 'default', problems };
}

/** The view's agents: the one it answers for first, then the other chosen ones in their order. */
export function viewAgents(first: string, chosen: readonly string[]): string[] {
  return [first, ...chosen.filter((n) => n !== first)];
}

/**
 * The list after the agents picker: `first` (one of `picked`), then the picked agents that were
 * already chosen in their old order, then the newly picked ones in the order they were offered.
 */
export function pickedAgents(current: readonly string[], picked: readonly string[], first: string): string[] {
  const kept = current.filter((n) => picked.includes(n));
  const added = picked.filter((n) => !current.includes(n));
  return viewAgents(first, [...kept, ...added]);
}

/**
 * Which of `names` are executables on the PATH, and where: each folder of `env.PATH` in order;
 * on Windows with each of PATHEXT's extensions. `isFile` is asked about each candidate path.
 */
export function executablesOnPath(
  names: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  platform: string,
  isFile: (file: string) => boolean,
): Map<string, string> {
  const win = platform === 'win32';
  const p = win ? path.win32 : path.posix;
  const dirs = (env.PATH ?? env.Path ?? '').split(win ? ';' : ':').filter((d) => d !== '');
  const exts = win ? ['', ...(env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';').filter(Boolean)] : [''];
  const found = new Map<string, string>();
  for (const name of names) {
    for (const dir of dirs) {
      const hit = exts.map((e) => p.join(dir, name + e)).find(isFile);
      if (hit) {
        found.set(name, hit);
        break;
      }
    }
  }
  return found;
}
