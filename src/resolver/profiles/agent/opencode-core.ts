/**
 * What opencode and its fork Kilo Code CLI share in how they find instruction files: their boolean
 * switches, the worktree (git's top level), the walk from the working directory up to it, the
 * `instructions` globs, and the `Instructions from: <path>` framing of each file in the system
 * prompt and in the read tool's reminder. Each profile keeps its own names, folders and layers.
 */
import type { EntryKind, ResolverFs } from '../../fs';
import type { DiscoverContext } from '../../profile';
import { compilePattern, normalizePattern } from '../../globs';
import { walkRuleFolder } from './folders';
import { isGitRepository } from '../../stages/inputs';

/** How deep a `**` glob of `instructions` is followed (the agents have no bound). */
export const MAX_GLOB_DEPTH = 12;

/** The agents' boolean switches: true, 1, yes, on (any case). */
export function flagOn(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'yes', 'on', 'y'].includes(value.trim().toLowerCase());
}

export function kindOf(fs: ResolverFs, abs: string): EntryKind | undefined {
  try {
    return fs.stat(abs)?.kind;
  } catch {
    return undefined;
  }
}

/** The git top level above `cwd` (canonical), or the filesystem root when there is none. */
export function worktreeOf(fs: ResolverFs, cwd: string): string {
  const P = fs.path;
  for (let dir = cwd; ; dir = P.dirname(dir)) {
    if (isGitRepository(fs, dir)) return dir;
    if (P.dirname(dir) === dir) return dir;
  }
}

/** Folders from `cwd` up to `stop` (inclusive), nearest first; up to the filesystem root when `stop` is not above. */
export function walkUp(P: ResolverFs['path'], cwd: string, stop: string): string[] {
  const out: string[] = [];
  for (let dir = cwd; ; dir = P.dirname(dir)) {
    out.push(dir);
    if (dir === stop || P.dirname(dir) === dir) return out;
  }
}

/** The regular files in `dir` that `pattern` matches (relative to it), in name order; `agent` names the agent in messages. */
export function globIn(ctx: DiscoverContext, dir: string, pattern: string, agent: string): string[] {
  const P = ctx.fs.path;
  const normalized = normalizePattern(pattern);
  const compiled = compilePattern(normalized);
  if (compiled instanceof Error || normalized === '') return [];
  const segments = normalized.split('/');
  if (segments.includes('..')) return [];
  const depth = segments.includes('**') ? MAX_GLOB_DEPTH : segments.length - 1;
  if (kindOf(ctx.fs, dir) !== 'directory') return [];
  return walkRuleFolder(ctx, {
    top: dir,
    maxDepth: depth,
    agentsDepth: !segments.includes('**'),
    wanted: (_name, abs) => compiled.match(P.relative(dir, abs)),
    order: (entries) => entries.map((e) => e.name).sort(),
    link: () => ({ follow: true }),
    keepLinkPaths: true,
    agent,
  }).map((f) => f.via ?? f.abs);
}

/** One file as the agents frame it: the path they write and the text they send. */
export interface Block {
  readonly written: string;
  readonly text: string;
}

function blocks(list: readonly Block[], separator: string): string {
  return list.map((b) => `Instructions from: ${b.written}\n${b.text}`).join(separator);
}

/** The system prompt's instruction blocks, joined by a newline. */
export function systemPromptPart(list: readonly Block[]): string {
  return list.length === 0 ? '' : blocks(list, '\n');
}

/** The read tool's reminder: the blocks joined by a blank line inside `<system-reminder>`. */
export function toolResultPart(list: readonly Block[]): string {
  return list.length === 0 ? '' : `<system-reminder>\n${blocks(list, '\n\n')}\n</system-reminder>`;
}
