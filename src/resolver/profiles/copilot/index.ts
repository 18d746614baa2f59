/**
 * The `copilot` profile: what GitHub Copilot Chat in VS Code attaches to a request (docs/agents.md,
 * `copilot`), after VS Code's `ComputeAutomaticInstructions`, `PromptsService` and prompt file
 * locator, and the chat extension's `CustomInstructions` renderer. The targets are the files
 * attached to the request. Decisions and guesses: README.md in this folder.
 */
import { derived } from '../../profile';
import type { ProfileHooks } from '../../hooks';
import type { NotApplicableFor } from '../../evidence';
import type { Applicability, DiscoverContext, NamedCandidate, Profile, ProfileContext } from '../../profile';
import type { ContextFormat, ConsideredSource } from '../../profile';
import { NO_BUDGET, contentOnlyLayout } from '../../fit';
import { DISCOVERY_ORDER } from '../../stages/order';
import { CODE_POINTS } from '../../units';
import { joinUnder } from '../../paths';
import type { EntryKind, FsStat } from '../../fs';
import { walkFsOf, walkSteps } from '../../walk';
import { agentHome } from '../agent/config';
import { settingsEvidence } from '../agent/configure';
import { agentHeader, scalarText, stringOrList } from '../agent/frontmatter';
import { isSymlink, kindOf, listNames, peekText } from '../agent/peek';
import { addChainDirectories, walkRuleFolder } from '../agent/folders';
import { EffectiveSetting, effectiveSettings } from '../agent/settings';
import { requireFrame } from '../agent/configure';
import { CopilotPattern, globMatchesIgnoreCase } from './match';
import {
  COPILOT_SETTINGS,
  DEFAULT_LOCATIONS,
  INCLUDE_APPLYING,
  LOCATIONS,
  PARENT_REPOSITORIES,
  USE_AGENTS_MD,
  USE_CLAUDE_MD,
  USE_INSTRUCTION_FILES,
  USE_NESTED_AGENTS_MD,
  WORKSPACE_TRUST,
} from './settings';
import { COPILOT_ABOUT } from './about';

export const COPILOT_VERSION =
  'GitHub Copilot Chat in VS Code 1.10x (VS Code core computeAutomaticInstructions of 2026, chat extension of 2026-03)';

export const COPILOT_FIDELITY: readonly string[] = Object.freeze([
  'Agent mode with the read tool is assumed: the instruction index (every instruction file, applying or not, with its description and applyTo) is rendered; skills and custom agents that follow it in the real prompt are not.',
  'Whitespace of the rendered prompt follows prompt-tsx as read from the extension; line-break merging may differ slightly.',
  "Attachments are sorted by URI with JavaScript's localeCompare in this process's locale; VS Code uses its UI locale. The URI text percent-encodes what VS Code does (all but letters, digits, - . _ ~ and /); Windows drive letters are not lower-cased as VS Code does. The chat extension's own port of the collector keeps plain URI order.",
  'Inside an instruction folder, entries that are not links come first by name, then the links by name, as VS Code walks a sorted listing; the order among the links (VS Code adds them as each extra look-up ends) and the order on Windows (the NTFS listing order) are approximate.',
  'With chat.useNestedAgentsMdFiles, the whole workspace folder is searched for AGENTS.md as VS Code does, leaving out the default files.exclude and search.exclude entries and what its .gitignore files ignore; the order of the list (sorted by path), the user\u2019s own exclude settings, linked folders (not entered) and the finer ignore rules of VS Code\u2019s search are approximate, and the search stops after 20000 folders (VS Code has no bound).',
  'Instruction folders given as glob patterns in chat.instructionsFilesLocations are not searched; references (#file:, links) inside instruction files are not followed (chat.includeReferencedInstructions, default off).',
  'Parent repository folders (chat.useCustomizationsInParentRepositories) need their git root to be trusted in VS Code; Holaryn cannot see the trusted folders, so it uses them only with security.workspace.trust.enabled=false and otherwise warns (untrusted) and uses the workspace folder alone. Enterprise policies and multi-root workspaces are not modelled.',
]);

const INTRO =
  'When generating code, please follow these user provided coding instructions. You can ignore an instruction if it contradicts a system message.';

const INDEX_HEAD = [
  'Here is a list of instruction files that contain rules for working with this codebase.',
  'These files are important for understanding the codebase structure, conventions, and best practices.',
  'When an instruction file applies to your task (based on its description or applyTo pattern), follow the rules specified in it.',
  "If the file content is not already included in the context, use the 'read_file' tool to read it before proceeding. Use the exact value from the <file> element as-is with the tool; do not add or remove prefixes or otherwise modify it.",
  'Only load instruction files when they are relevant to the current task. Do not eagerly load all instructions upfront.',
  'When modifying or creating files, check for instructions whose applyTo pattern matches the file path and follow them.',
].join('\n');

/** Instruction folders are searched this many levels below the folder (VS Code MAX_INSTRUCTIONS_RECURSION_DEPTH). */
const MAX_DEPTH = 5;
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
/** Bytes read of an instruction file to find its header. */
const HEADER_READ_BYTES = 256 * 1024;

type Tag = 'agents' | 'claude' | 'copilot-instructions' | 'instructions' | 'claude-rule' | 'nested-agents';

interface CopilotSettings {
  agentsMd: boolean;
  claudeMd: boolean;
  instructionFiles: boolean;
  nestedAgents: boolean;
  includeApplying: boolean;
  locations: Readonly<Record<string, boolean>>;
  parents: boolean;
  trustEnabled: boolean;
}

function settingsOf(effective: Record<string, EffectiveSetting>): CopilotSettings {
  return {
    agentsMd: effective[USE_AGENTS_MD].value as boolean,
    claudeMd: effective[USE_CLAUDE_MD].value as boolean,
    instructionFiles: effective[USE_INSTRUCTION_FILES].value as boolean,
    nestedAgents: effective[USE_NESTED_AGENTS_MD].value as boolean,
    includeApplying: effective[INCLUDE_APPLYING].value as boolean,
    locations: effective[LOCATIONS].value as Readonly<Record<string, boolean>>,
    parents: effective[PARENT_REPOSITORIES].value as boolean,
    trustEnabled: effective[WORKSPACE_TRUST].value as boolean,
  };
}

const DEFAULTS: CopilotSettings = {
  agentsMd: true,
  claudeMd: true,
  instructionFiles: true,
  nestedAgents: false,
  includeApplying: true,
  locations: DEFAULT_LOCATIONS,
  parents: false,
  trustEnabled: true,
};

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
function rootFolders(ctx: DiscoverContext, s: CopilotSettings): string[] {
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
function childrenNamed(ctx: DiscoverContext, dir: string, names: readonly string[]): { abs: string; name: string; wanted: string }[] {
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
function repoCandidate(ctx: DiscoverContext, abs: string, base: Partial<NamedCandidate> & { tag: Tag }): NamedCandidate {
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

function homeCandidate(abs: string, display: string, base: Partial<NamedCandidate> & { tag: Tag }): NamedCandidate {
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

const OFF = (setting: string) => ({ status: 'not-loaded' as const, reason: `${setting} is false: Copilot does not attach it` });

/** The tags of the always-attached files (agentFiles). */
const ATTACHED: ReadonlySet<string | undefined> = new Set<Tag>(['agents', 'claude', 'copilot-instructions']);

/**
 * What Copilot alone does (hooks.ts). VS Code adds the always-attached files that are not links
 * first, then a link only if its real path is not already there: of a link and its file, the file
 * is kept whatever the order. It drops an attachment whose text repeats an earlier one's.
 */
const COPILOT_HOOKS: ProfileHooks = {
  dedupe: {
    sameText: true,
    yieldsToSameFile: (candidate, fs) => ATTACHED.has(candidate.tag) && isSymlink(fs, candidate.abs),
  },
};

/** The always-attached files, in Copilot's order: copilot-instructions.md first, the rest by URI. */
function agentFiles(ctx: DiscoverContext, s: CopilotSettings, roots: readonly string[]): NamedCandidate[] {
  const P = ctx.fs.path;
  type Found = { c: NamedCandidate; uri: string; on: boolean };
  const found: Found[] = [];
  const add = (c: NamedCandidate, abs: string, on: boolean) => found.push({ c, uri: uriText(abs), on });
  for (const root of roots) {
    for (const f of childrenNamed(ctx, root, ['AGENTS.md', 'CLAUDE.md', 'CLAUDE.local.md'])) {
      const isAgents = f.wanted === 'AGENTS.md';
      const on = isAgents ? s.agentsMd : s.claudeMd;
      const tag: Tag = isAgents ? 'agents' : 'claude';
      const probe = { dir: root, name: f.name };
      add(repoCandidate(ctx, f.abs, { tag, probe, ...(on ? {} : { report: OFF(isAgents ? USE_AGENTS_MD : USE_CLAUDE_MD) }) }), f.abs, on);
    }
    for (const f of childrenNamed(ctx, joinUnder(P, root, '.claude'), ['CLAUDE.md']))
      add(repoCandidate(ctx, f.abs, { tag: 'claude', ...(s.claudeMd ? {} : { report: OFF(USE_CLAUDE_MD) }) }), f.abs, s.claudeMd);
    for (const f of childrenNamed(ctx, joinUnder(P, root, '.github'), ['copilot-instructions.md']))
      add(
        repoCandidate(ctx, f.abs, { tag: 'copilot-instructions', ...(s.instructionFiles ? {} : { report: OFF(USE_INSTRUCTION_FILES) }) }),
        f.abs,
        s.instructionFiles,
      );
  }
  for (const f of childrenNamed(ctx, joinUnder(P, ctx.homedir, '.claude'), ['CLAUDE.md']))
    add(
      homeCandidate(f.abs, `~/.claude/${f.name}`, { tag: 'claude', ...(s.claudeMd ? {} : { report: OFF(USE_CLAUDE_MD) }) }),
      f.abs,
      s.claudeMd,
    );
  for (const f of childrenNamed(ctx, joinUnder(P, ctx.homedir, '.copilot'), ['copilot-instructions.md']))
    add(
      homeCandidate(f.abs, `~/.copilot/${f.name}`, {
        tag: 'copilot-instructions',
        ...(s.instructionFiles ? {} : { report: OFF(USE_INSTRUCTION_FILES) }),
      }),
      f.abs,
      s.instructionFiles,
    );
  const byUri = (a: Found, b: Found) => a.uri.localeCompare(b.uri);
  const on = found.filter((f) => f.on).sort(byUri);
  const first = on.filter((f) => f.c.tag === 'copilot-instructions');
  const rest = on.filter((f) => f.c.tag !== 'copilot-instructions');
  return [...first, ...rest, ...found.filter((f) => !f.on)].map((f) => f.c);
}

/** Copilot's instruction-file test on a file name and its URI path. */
export function instructionKind(name: string, abs: string): 'instructions' | 'claude-rule' | undefined {
  const inRules = abs.replace(/\\/g, '/').includes('/.claude/rules/');
  if (name.endsWith('.instructions.md') || name === 'copilot-instructions.md') return inRules ? 'claude-rule' : 'instructions';
  if (inRules && name.endsWith('.md') && name !== 'README.md') return 'claude-rule';
  return undefined;
}

/** The pattern Copilot evaluates: Claude rules' `paths` joined (none: `**`), else `applyTo` as a string. */
export function effectivePattern(
  attributes: Record<string, unknown> | undefined,
  claudeRule: boolean,
): { pattern: string | undefined; list: boolean } {
  if (claudeRule) {
    const paths = stringOrList(attributes?.paths);
    return { pattern: paths === undefined ? '**' : paths.join(', '), list: false };
  }
  const raw = attributes?.applyTo;
  return { pattern: scalarText(raw), list: Array.isArray(raw) };
}

const LISTED = "listed in Copilot's instruction index: the model may read it itself";

/**
 * Which targets Copilot attaches the file for. Every `why` is one fixed sentence (the reason names
 * the pattern and the targets once): a record is kept per target.
 */
function applicability(glob: CopilotPattern | undefined, list: boolean, s: CopilotSettings, key: string, problem?: string): Applicability {
  const no = (target: string, why?: string): NotApplicableFor =>
    why === undefined
      ? { target, key: 'applies_to', pattern: null }
      : { target, key: 'applies_to', pattern: null, why: `${why} (${LISTED})` };
  const pattern = glob?.pattern;
  const never = !s.includeApplying
    ? `${INCLUDE_APPLYING} is false: Copilot attaches no file by its ${key}`
    : pattern === undefined
      ? list
        ? 'applyTo is a YAML list: Copilot reads applyTo only as a string, so this file is never attached'
        : 'no applyTo: Copilot never attaches it by itself'
      : pattern.trim() === ''
        ? `${key} is empty: Copilot never attaches it`
        : problem !== undefined
          ? `${key} is over Holaryn's pattern bounds (${problem}): Holaryn does not evaluate it, so it is taken as matching no file`
          : undefined;
  return {
    test(target) {
      if (never !== undefined) return no(target.path, never);
      const abs = target.path === '' ? undefined : target.absolute;
      if (glob!.match(abs)) return null;
      return no(target.path, abs === undefined ? `no file is attached, and only **, **/* or * apply without one` : undefined);
    },
    describe: () => `${key} ${JSON.stringify(pattern ?? '')}`,
    unmatched: ` (${LISTED})`,
  };
}

/** The targets' absolute paths (undefined for the root: no file attached), made once for every instruction file. */
type TargetPaths = readonly (string | undefined)[];

function targetPaths(ctx: DiscoverContext): TargetPaths {
  return ctx.targets.map((t) => (t.path === '' ? undefined : joinUnder(ctx.fs.path, ctx.root, t.path)));
}

/** Why a file is attached, for the first target it matches (the reason on an included source). */
function attachedNote(
  ctx: DiscoverContext,
  glob: CopilotPattern | undefined,
  s: CopilotSettings,
  targets: TargetPaths,
): string | undefined {
  if (glob === undefined || !s.includeApplying) return undefined;
  for (const [i, t] of ctx.targets.entries()) {
    const m = glob.match(targets[i]);
    if (!m) continue;
    if (m.all) return `automatically attached as pattern is ${m.part}`;
    let note = `automatically attached as pattern ${m.effective} matches ${t.path}`;
    if (m.effective !== m.part) {
      if (!globMatchesIgnoreCase(m.effective, t.path))
        note += ` only through the folders above the workspace folder: Copilot puts **/ in front of ${JSON.stringify(m.part)} and matches the absolute path`;
      else if (!globMatchesIgnoreCase(m.part, t.path))
        note += `, not at the folder's top: Copilot puts **/ in front of ${JSON.stringify(m.part)}, so it matches at any depth`;
    }
    return note;
  }
  return undefined;
}

/**
 * A folder's names in the order VS Code walks them: on POSIX the listing comes sorted by name,
 * but VS Code's disk provider resolves a symbolic link with one more stat and adds it only
 * then, so the entries that are not links come first (by name), then the links (by name).
 */
function linksLast(entries: readonly { name: string; kind: EntryKind | undefined }[]): string[] {
  const plain: string[] = [];
  const links: string[] = [];
  for (const e of entries) (e.kind === 'symlink' ? links : plain).push(e.name);
  return [...plain.sort(), ...links.sort()];
}

/** `*.instructions.md` and Claude rules in the configured folders: user folders first, then each root's. */
function instructionFiles(ctx: DiscoverContext, s: CopilotSettings, roots: readonly string[]): NamedCandidate[] {
  const P = ctx.fs.path;
  const enabled = Object.entries(s.locations)
    .filter(([, on]) => on)
    .map(([loc]) => loc.trim().replace(/\\/g, '/'))
    .filter((loc) => loc !== '' && !/[*?[{]/.test(loc));
  const folders: { dir: string; user: boolean; recurse: boolean }[] = [];
  for (const loc of enabled.filter((l) => l === '~' || l.startsWith('~/')))
    folders.push({ dir: P.join(ctx.homedir, loc.slice(1)), user: true, recurse: true });
  for (const loc of enabled.filter((l) => !(l === '~' || l.startsWith('~/')))) {
    if (P.isAbsolute(loc)) folders.push({ dir: loc, user: false, recurse: !roots.includes(loc) });
    else
      for (const root of roots) {
        const dir = joinUnder(P, root, loc);
        folders.push({ dir, user: false, recurse: !roots.includes(dir) });
      }
  }
  const out: NamedCandidate[] = [];
  const seen = new Set<string>();
  const targets = targetPaths(ctx);
  for (const folder of folders) {
    const files = walkRuleFolder(ctx, {
      top: folder.dir,
      // VS Code's own depth (MAX_INSTRUCTIONS_RECURSION_DEPTH): it looks no deeper either.
      maxDepth: folder.recurse ? MAX_DEPTH : 0,
      agentsDepth: true,
      agent: 'Copilot',
      wanted: (name, abs) => instructionKind(name, abs) !== undefined,
      order: (entries) => linksLast(entries),
      // VS Code follows links wherever they lead and names the file by the path it found; the
      // pipeline discloses, never prints, one leading outside the repository and the home.
      link: () => ({ follow: true }),
      keepLinkPaths: true,
    });
    for (const { abs } of files) {
      if (seen.has(abs)) continue;
      seen.add(abs);
      out.push(instructionCandidate(ctx, s, abs, instructionKind(P.basename(abs), abs)!, folder.user, targets));
    }
  }
  return out;
}

function instructionCandidate(
  ctx: DiscoverContext,
  s: CopilotSettings,
  abs: string,
  tag: 'instructions' | 'claude-rule',
  user: boolean,
  targets: TargetPaths,
): NamedCandidate {
  const claudeRule = tag === 'claude-rule';
  const peeked = peekText(ctx.fs, abs, user ? null : (real) => ctx.boundary.shows(real), HEADER_READ_BYTES, undefined, ctx.options.cache);
  const header = peeked.ok ? agentHeader(peeked.text) : undefined;
  const { pattern, list } = effectivePattern(header?.attributes, claudeRule);
  const key = claudeRule ? 'paths' : 'applyTo';
  const glob = pattern === undefined ? undefined : new CopilotPattern(pattern);
  const problem = glob?.problem(key);
  const base = {
    tag,
    applicability: applicability(glob, list, s, key, problem),
    otherwise: 'listed' as const,
    note: problem === undefined ? attachedNote(ctx, glob, s, targets) : undefined,
  };
  const path = user ? `~/${ctx.fs.path.relative(ctx.homedir, abs).split(ctx.fs.path.sep).join('/')}` : ctx.display(abs);
  if (problem !== undefined)
    ctx.diagnostic(
      'invalid-value',
      path,
      header?.lines[key] ?? null,
      `${problem}: Holaryn does not evaluate this ${key} (Copilot would), so ${path} is taken as attached to no file`,
    );
  if (list)
    ctx.diagnostic(
      'agent-pitfall',
      path,
      header?.lines.applyTo ?? null,
      `applyTo is a YAML list: Copilot reads applyTo only as a string, so ${path} is never attached automatically; write one string with commas instead (applyTo: "a/**, b/**")`,
    );
  return user ? homeCandidate(abs, path, base) : repoCandidate(ctx, abs, base);
}

/**
 * AGENTS.md files below the workspace folder. Copilot only lists them, and only with
 * `chat.useNestedAgentsMdFiles`: then it searches the whole folder, as VS Code's file search
 * does; otherwise Holaryn reports the ones on the targets' chains, to say why they are not used.
 */
function nestedAgents(ctx: DiscoverContext, s: CopilotSettings): NamedCandidate[] {
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

function discover(s: CopilotSettings): (ctx: DiscoverContext) => NamedCandidate[] {
  return (ctx) => {
    const roots = rootFolders(ctx, s);
    return [...instructionFiles(ctx, s, roots), ...agentFiles(ctx, s, roots), ...nestedAgents(ctx, s)];
  };
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The instruction index Copilot gives an agent with a read tool ('' when it names nothing). */
function renderIndex(considered: readonly ConsideredSource[], s: CopilotSettings, filePath: (c: ConsideredSource) => string): string {
  const items: string[] = [];
  for (const c of considered) {
    if (c.tag !== 'instructions' && c.tag !== 'claude-rule') continue;
    const header = agentHeader(c.content).attributes;
    const description = scalarText(header?.description);
    const { pattern } = effectivePattern(header, c.tag === 'claude-rule');
    let item = `<instruction>\n<file>${filePath(c)}</file>\n`;
    if (description) item += `<description>${escapeXml(description)}</description>\n`;
    if (pattern) item += `<applyTo>${escapeXml(pattern)}</applyTo>\n`;
    items.push(`${item}</instruction>\n`);
  }
  if (s.nestedAgents && s.agentsMd) {
    const nested = considered.filter(
      (c) => (c.tag === 'agents' && c.depth === 0 && c.scope === 'workspace' && !c.reported) || c.tag === 'nested-agents',
    );
    for (const c of nested) {
      const folder =
        c.tag === 'agents' ? 'Instructions for the workspace' : `Instructions for folder '${c.path.slice(0, c.path.lastIndexOf('/'))}'`;
      items.push(`<instruction>\n<file>${filePath(c)}</file>\n<description>${escapeXml(folder)}</description>\n</instruction>\n`);
    }
  }
  return items.length === 0 ? '' : `<instructions>\n${INDEX_HEAD}\n${items.join('')}</instructions>\n\n\n`;
}

function format(s: CopilotSettings): ContextFormat {
  return {
    layout: (sources) => contentOnlyLayout(sources, CODE_POINTS.measure),
    render(sources, _decision, _budget, _unit, frame) {
      const f = requireFrame(frame, 'copilot');
      const P = f.path;
      // Copilot writes the path it found the file at (links not resolved) for workspace files.
      const filePath = (c: { path: string; absolute?: string; scope?: string }) =>
        c.scope === 'global' || c.absolute === undefined ? (c.absolute ?? c.path) : joinUnder(P, f.cwd, c.path);
      const attachments = sources
        .map((c) => `<attachment filePath=${JSON.stringify(filePath(c))}>\n${c.content}\n</attachment>\n`)
        .join('');
      const index = renderIndex(f.considered ?? [], s, filePath);
      if (attachments === '' && index === '') return '';
      return `${INTRO}\n<instructions>\n${attachments}${index === '' ? '\n' : index}</instructions>\n`;
    },
  };
}

function withSettings(s: CopilotSettings): Profile {
  return derived(COPILOT, { discover: discover(s), format: format(s) });
}

export const COPILOT: Profile = {
  ...COPILOT_ABOUT,
  version: COPILOT_VERSION,
  agent: 'GitHub Copilot',
  fidelity: COPILOT_FIDELITY,
  settings: COPILOT_SETTINGS,
  configure(ctx: ProfileContext) {
    const effective = effectiveSettings('copilot', COPILOT_SETTINGS, [], ctx.settings);
    return { profile: withSettings(settingsOf(effective)), settings: settingsEvidence(effective), configFiles: [] };
  },
  noTargets: 'root',
  projectRoot: { markers: ['.git'] },
  directories: [],
  discover: discover(DEFAULTS),
  load: {
    symlinks: 'follow-disclose',
    decode: 'lossy',
    trim: true,
    skipEmpty: true,
    reportEmpty: true,
    emptyReport: { status: 'not-loaded', reason: 'empty file: Copilot drops an attachment with no text' },
    // Copilot's user-level instruction folders.
    homes: (where) => [where.path.join(where.homedir, '.copilot'), agentHome(where, 'CLAUDE_CONFIG_DIR', '.claude').path],
  },
  dialect: null,
  order: DISCOVERY_ORDER,
  supersede: 'none',
  budget: { unit: CODE_POINTS, size: null, fit: NO_BUDGET },
  format: format(DEFAULTS),
  hooks: COPILOT_HOOKS,
};
