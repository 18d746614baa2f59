/**
 * The instruction sources GitHub Copilot CLI 1.0.102 lists for a session (`copilot instruction
 * list`), in its order, as runs of that command showed them (test/oracle/cases/copilot-cli.ts):
 *
 * 1. the user's: `<home>/copilot-instructions.md`, then `<home>/instructions/**\/*.instructions.md`
 *    by relative path, `<home>` being `$COPILOT_HOME` or `~/.copilot`;
 * 2. `.github/copilot-instructions.md` of the repository root, then of the working directory;
 * 3. `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` of the repository root, then of the working directory
 *    (matched without regard to case: `agents.md` counts);
 * 4. each folder between them, deepest first: its `.github/copilot-instructions.md`, then its
 *    `AGENTS.md`, `CLAUDE.md`, `GEMINI.md` (not its rule folders);
 * 5. rule files: `.github/instructions/**\/*.instructions.md` and `.claude/rules/**\/*.md` of the
 *    repository root (when it is not the working directory), of the working directory, then of
 *    each COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder, each folder's by relative path;
 * 6. the `AGENTS.md` of each COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder.
 *
 * The repository root is the git root above the working directory; without one, the working
 * directory. Nothing below the working directory is listed at start.
 */
import { isInside } from '../../paths';
import type { DiscoverContext, NamedCandidate } from '../../profile';
import { compareCodeUnits } from '../../stages/order';
import type { SourceScope } from '../../evidence';
import type { PathApi } from '../../fs';
import { agentHome, type AgentHome } from '../agent/config';
import { walkRuleFolder } from '../agent/folders';
import { listNames } from '../agent/peek';

export const MODEL_NAMES = Object.freeze(['AGENTS.md', 'CLAUDE.md', 'GEMINI.md']);
export const REPO_FILE = '.github/copilot-instructions.md';
/** Rule folders below a folder, and which of their files are rules. */
export const RULE_FOLDERS: readonly { folder: string; wanted: (name: string) => boolean }[] = Object.freeze([
  { folder: '.github/instructions', wanted: (n: string) => n.endsWith('.instructions.md') },
  { folder: '.claude/rules', wanted: (n: string) => n.endsWith('.md') },
]);
const MAX_RULE_DEPTH = 10;
/** A rule file (sent bare, or named in the applyTo table): NamedCandidate.tag, read by format.ts. */
export const RULE_TAG = 'rule';
/** A COPILOT_CUSTOM_INSTRUCTIONS_DIRS folder's AGENTS.md (named in the nested AGENTS.md table). */
export const NESTED_TAG = 'nested-agents';

/** The user's folder: `$COPILOT_HOME` or `~/.copilot`. */
export function copilotHome(env: Readonly<Record<string, string | undefined>>, homedir: string, P: PathApi): AgentHome {
  return agentHome({ env, homedir, path: P }, 'COPILOT_HOME', '.copilot');
}

/** The folders COPILOT_CUSTOM_INSTRUCTIONS_DIRS names: comma-separated, a relative one from the working directory. */
export function customDirs(env: Readonly<Record<string, string | undefined>>, cwd: string, P: PathApi): string[] {
  return customDirEntries(env).map((d) => P.resolve(cwd, d));
}

/** The variable's entries as written (trimmed, empty ones dropped). */
export function customDirEntries(env: Readonly<Record<string, string | undefined>>): string[] {
  return (env.COPILOT_CUSTOM_INSTRUCTIONS_DIRS ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '');
}

/** The name in `dir` that `name` matches: itself when present, else the one entry equal to it without regard to case. */
function caseless(ctx: DiscoverContext, dir: string, name: string): string {
  const names = listNames(ctx.fs, dir);
  if (names.includes(name)) return name;
  const lower = name.toLowerCase();
  const found = names.filter((n) => n.toLowerCase() === lower);
  return found.length === 1 ? found[0] : name;
}

class Finder {
  readonly out: NamedCandidate[] = [];
  constructor(readonly ctx: DiscoverContext) {}

  add(abs: string, scope: SourceScope, display?: string, dirForProbe?: string, own = false, tag?: string): void {
    const P = this.ctx.fs.path;
    const rel = display ?? this.ctx.display(abs);
    const relDir = P.dirname(rel);
    this.out.push({
      abs,
      path: rel,
      scope,
      directory: null,
      depth: scope === 'global' || relDir.startsWith('~') || relDir.startsWith('$') ? 0 : this.ctx.depthOf(relDir === '.' ? '' : relDir),
      filename: P.basename(abs),
      delivery: 'baseline',
      own,
      ...(tag !== undefined ? { tag } : {}),
      ...(dirForProbe !== undefined ? { probe: { dir: dirForProbe, name: P.basename(abs) } } : {}),
    });
  }

  /** The rule files of `top`, by path relative to it. */
  rules(top: string, wanted: (name: string) => boolean): string[] {
    const P = this.ctx.fs.path;
    const found = walkRuleFolder(this.ctx, {
      top,
      maxDepth: MAX_RULE_DEPTH,
      agent: 'Copilot CLI',
      wanted,
      order: (entries) => entries.map((e) => e.name).sort(compareCodeUnits),
      link: () => ({ follow: true }),
      keepLinkPaths: true,
    });
    return found
      .map((f) => f.via ?? f.abs)
      .sort((a, b) => compareCodeUnits(P.relative(top, a).split(P.sep).join('/'), P.relative(top, b).split(P.sep).join('/')));
  }

  ruleFolders(base: string, scope: SourceScope, own: boolean, display?: (abs: string) => string): void {
    for (const { folder, wanted } of RULE_FOLDERS)
      for (const abs of this.rules(this.ctx.fs.path.join(base, ...folder.split('/')), wanted))
        this.add(abs, scope, display?.(abs), undefined, own, RULE_TAG);
  }

  model(dir: string): void {
    for (const name of MODEL_NAMES) this.add(this.ctx.fs.path.join(dir, caseless(this.ctx, dir, name)), 'project', undefined, dir);
  }
}

/** Every source Copilot CLI lists, in its order (see the module comment). */
export function discoverCopilotCli(ctx: DiscoverContext): NamedCandidate[] {
  const P = ctx.fs.path;
  const f = new Finder(ctx);
  const home = copilotHome(ctx.env, ctx.homedir, P);
  const homeDisplay = (abs: string) => `${home.display}/${P.relative(home.path, abs).split(P.sep).join('/')}`;
  f.add(P.join(home.path, 'copilot-instructions.md'), 'global', `${home.display}/copilot-instructions.md`, undefined, true);
  for (const abs of f.rules(P.join(home.path, 'instructions'), (n) => n.endsWith('.instructions.md')))
    f.add(abs, 'global', homeDisplay(abs), undefined, true, RULE_TAG);

  const root = ctx.projectRoot;
  const cwd = ctx.root;
  const between: string[] = [];
  for (let d = P.dirname(cwd); d !== root && isInside(P, root, d) && d !== P.dirname(d); d = P.dirname(d)) between.unshift(d);

  const repoFile = (dir: string) => f.add(P.join(dir, ...REPO_FILE.split('/')), 'project');
  repoFile(root);
  if (cwd !== root) repoFile(cwd);
  f.model(root);
  if (cwd !== root) f.model(cwd);
  // The folders between, deepest first: each one's copilot-instructions.md, then its model files.
  for (const d of [...between].reverse()) {
    repoFile(d);
    f.model(d);
  }

  if (cwd !== root) f.ruleFolders(root, 'project', false);
  f.ruleFolders(cwd, 'project', false);
  const extra = customDirs(ctx.env, ctx.cwd, P);
  for (const d of extra) f.ruleFolders(d, 'workspace', true);
  for (const d of extra) f.add(P.join(d, 'AGENTS.md'), 'workspace', undefined, undefined, true, NESTED_TAG);
  return f.out;
}
