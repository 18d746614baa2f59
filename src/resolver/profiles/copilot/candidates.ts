/**
 * What every step of Copilot's discovery shares: the root folders it looks in, a folder's children
 * by name, a file as a candidate (repository or home), the URI text VS Code sorts by, and the
 * reason of a file a setting turns off.
 */
import type { DiscoverContext, NamedCandidate } from '../../profile';
import { joinUnder } from '../../paths';
import { kindOf, listNames } from '../agent/peek';
import { PARENT_REPOSITORIES, WORKSPACE_TRUST } from './settings';
import type { CopilotSettings } from './settings';

export type Tag = 'agents' | 'claude' | 'copilot-instructions' | 'instructions' | 'claude-rule' | 'nested-agents';

/**
 * A `file://` URI's text as VS Code writes it, for sorting: unreserved characters and `/` kept,
 * everything else percent-encoded, `! ' ( ) *` too (which encodeURIComponent leaves alone).
 */
export function uriText(abs: string): string {
  const path = abs.replace(/\\/g, '/');
  let out = 'file://';
  for (const ch of path) out += /[A-Za-z0-9\-._~/]/.test(ch) ? ch : encodeChar(ch);
  return out;
}

function encodeChar(ch: string): string {
  try {
    return encodeURIComponent(ch).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: written as U+FFFD
  }
}

/**
 * The workspace folder, then (with the setting) the folders above it up to its git root. VS Code
 * adds them only when that root is trusted; Holaryn cannot read VS Code's trusted folders, so it
 * takes the root as trusted only when workspace trust is off, and says so otherwise.
 */
export function rootFolders(ctx: DiscoverContext, s: CopilotSettings): string[] {
  const P = ctx.fs.path;
  const roots = [ctx.root];
  if (!s.parents) return roots;
  const parents: string[] = [];
  let dir = ctx.root;
  for (;;) {
    if (kindOf(ctx.fs, joinUnder(P, dir, '.git')) !== undefined) break;
    const parent = P.dirname(dir);
    if (parent === dir || parent === ctx.homedir) return roots;
    parents.push(parent);
    dir = parent;
  }
  if (parents.length === 0) return roots;
  if (s.trustEnabled) {
    ctx.diagnostic(
      'untrusted',
      null,
      null,
      `${PARENT_REPOSITORIES} is true, but Copilot uses the folders above the workspace folder only when the repository's root (${ctx.display(dir)}) is trusted in VS Code. Holaryn cannot see VS Code's trusted folders, so it takes the root as not trusted and uses the workspace folder alone; give --set ${WORKSPACE_TRUST}=false if workspace trust is off`,
    );
    return roots;
  }
  return [...roots, ...parents];
}

/** The direct children of `dir` named (any case) one of `names`, that are files (links followed). */
export function childrenNamed(
  ctx: DiscoverContext,
  dir: string,
  names: readonly string[],
): { abs: string; name: string; wanted: string }[] {
  const P = ctx.fs.path;
  const out: { abs: string; name: string; wanted: string }[] = [];
  for (const name of listNames(ctx.fs, dir).sort()) {
    const wanted = names.find((n) => n.toLowerCase() === name.toLowerCase());
    if (wanted === undefined) continue;
    const abs = joinUnder(P, dir, name);
    if (kindOf(ctx.fs, abs) === 'file') out.push({ abs, name, wanted });
  }
  return out;
}

/** A file of the repository (or above it) as a candidate. */
export function repoCandidate(ctx: DiscoverContext, abs: string, base: Partial<NamedCandidate> & { tag: Tag }): NamedCandidate {
  const P = ctx.fs.path;
  const path = ctx.display(abs);
  const dir = ctx.display(P.dirname(abs));
  return {
    abs,
    path,
    scope: path.startsWith('../') ? 'project' : 'workspace',
    directory: null,
    depth: ctx.depthOf(dir === '.' ? '' : dir),
    filename: P.basename(abs),
    delivery: 'baseline',
    ...base,
  };
}

export function homeCandidate(abs: string, display: string, base: Partial<NamedCandidate> & { tag: Tag }): NamedCandidate {
  return {
    abs,
    path: display,
    scope: 'global',
    directory: null,
    depth: 0,
    filename: display.split('/').pop()!,
    delivery: 'baseline',
    own: true,
    ...base,
  };
}

export const OFF = (setting: string) => ({ status: 'not-loaded' as const, reason: `${setting} is false: Copilot does not attach it` });
