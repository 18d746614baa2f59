/**
 * Copilot's nested AGENTS.md files: listed in its index (never attached) with
 * `chat.useNestedAgentsMdFiles`, the workspace folder searched as VS Code's search does (bounded);
 * otherwise those on the targets' chains, reported as not used.
 */
import { derived } from '../../profile';
import type { DiscoverContext, NamedCandidate } from '../../profile';
import { joinUnder } from '../../paths';
import type { FsStat } from '../../fs';
import { walkFsOf, walkSteps } from '../../walk';
import { kindOf } from '../agent/peek';
import { addChainDirectories } from '../agent/folders';
import { USE_AGENTS_MD, USE_NESTED_AGENTS_MD } from './settings';
import type { CopilotSettings } from './settings';
import { childrenNamed, repoCandidate } from './candidates';

/** Folders the nested AGENTS.md search enters at most (VS Code's search has no bound). */
const MAX_SEARCH_DIRECTORIES = 20_000;
/** What the search leaves out by default: `files.exclude` and `search.exclude` (all `**\/NAME`, and `**\/*.code-search`). */
const SEARCH_EXCLUDED: ReadonlySet<string> = new Set([
  '.git',
  '.svn',
  '.hg',
  'CVS',
  '.DS_Store',
  'Thumbs.db',
  'node_modules',
  'bower_components',
]);

/**
 * AGENTS.md files below the workspace folder. Copilot only lists them, and only with
 * `chat.useNestedAgentsMdFiles`: then it searches the whole folder, as VS Code's file search
 * does; otherwise Holaryn reports the ones on the targets' chains, to say why they are not used.
 */
export function nestedAgents(ctx: DiscoverContext, s: CopilotSettings): NamedCandidate[] {
  const listed = s.nestedAgents && s.agentsMd;
  const reason = listed
    ? `listed in Copilot's instruction index (${USE_NESTED_AGENTS_MD}): its text is not attached; the model reads it only if it chooses to`
    : s.nestedAgents
      ? `${USE_AGENTS_MD} is false, so nested AGENTS.md files are not listed either`
      : `Copilot attaches only the workspace folder's AGENTS.md; a nested one is not even listed unless ${USE_NESTED_AGENTS_MD} is true`;
  const found = (listed && searchAgentsMd(ctx)) || chainAgentsMd(ctx);
  return found.map((f) =>
    derived(repoCandidate(ctx, f.abs, { tag: 'nested-agents' }), {
      directory: f.dir,
      depth: ctx.depthOf(f.dir),
      filename: f.name,
      delivery: listed ? 'listed' : 'baseline',
      report: { status: 'not-loaded', reason },
    }),
  );
}

type Nested = { dir: string; abs: string; name: string };

/** The AGENTS.md files of the directories on the targets' chains (below the folder). */
function chainAgentsMd(ctx: DiscoverContext): Nested[] {
  const P = ctx.fs.path;
  const dirs = new Set<string>();
  for (const t of ctx.targets) addChainDirectories(dirs, t.path, t.kind === 'directory');
  const out: Nested[] = [];
  for (const dir of [...dirs].sort())
    for (const f of childrenNamed(ctx, joinUnder(P, ctx.root, dir), ['AGENTS.md'])) out.push({ dir, abs: f.abs, name: f.name });
  return out;
}

/**
 * Every AGENTS.md (any case) below the workspace folder, as VS Code's search for `**\/AGENTS.md`
 * finds them: the default excluded folders and what the folder's `.gitignore` files ignore are
 * left out. Sorted by path. Undefined when the filesystem cannot list folders.
 */
function searchAgentsMd(ctx: DiscoverContext): Nested[] | undefined {
  const wfs = walkFsOf(ctx.fs);
  if (!wfs) return undefined;
  // The search's answer is kept in the call's FileCache (the editor and `compare` share one) with
  // the status of every folder searched and every .gitignore read: a later call checks those
  // (one lstat each) instead of listing the whole folder again.
  const cache = ctx.options.cache;
  const key = `copilot:nested-agents\0${ctx.root}`;
  const kept = cache?.keptSearch<{ found: readonly Nested[]; cut: boolean }>(key, (p) => ctx.fs.lstat(p));
  if (kept) {
    if (kept.cut) searchCut(ctx);
    return [...kept.found];
  }
  const statuses: [string, FsStat][] = [];
  const note = (abs: string) => {
    const st = ctx.fs.lstat(abs);
    if (st) statuses.push([abs, st]);
  };
  const P = ctx.fs.path;
  const out: Nested[] = [];
  const steps = walkSteps(wfs, ctx.root, {
    ignoresAbove: false,
    // Nothing to collect but what onDirectory sees.
    maxEntries: 0,
    exclude: (rel) => {
      const name = rel.slice(rel.lastIndexOf('/') + 1);
      return SEARCH_EXCLUDED.has(name) || name.endsWith('.code-search');
    },
    onDirectory: (rel, abs, entries) => {
      note(abs);
      if (entries?.some((e) => e.name === '.gitignore')) note(joinUnder(P, abs, '.gitignore'));
      // The folder's own AGENTS.md is the attached one (agentFiles).
      if (rel === '' || !entries) return;
      for (const e of entries) {
        if (e.name.toLowerCase() !== 'agents.md' || (e.kind !== 'file' && e.kind !== 'symlink')) continue;
        const file = joinUnder(P, abs, e.name);
        if (e.kind === 'file' || kindOf(ctx.fs, file) === 'file') out.push({ dir: rel, abs: file, name: e.name });
      }
    },
  });
  let folders = 0;
  let cut = false;
  for (let step = steps.next(); !step.done; step = steps.next()) {
    if (++folders < MAX_SEARCH_DIRECTORIES) continue;
    if (!steps.next().done) {
      steps.return(undefined as never);
      cut = true;
      searchCut(ctx);
    }
    break;
  }
  out.sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
  cache?.keepSearch(key, statuses, { found: [...out], cut });
  return out;
}

function searchCut(ctx: DiscoverContext): void {
  ctx.diagnostic(
    'too-large',
    null,
    null,
    `${USE_NESTED_AGENTS_MD}: Holaryn stopped searching the workspace folder for AGENTS.md files after ${MAX_SEARCH_DIRECTORIES} folders (VS Code searches on); files in the folders not searched are not reported`,
  );
}
